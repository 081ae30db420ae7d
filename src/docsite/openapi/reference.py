"""API reference routes from the OpenAPI files in `content/specs/` (specs.py loads and validates them).

- `/specification/`: the landing page listing every API (description, version, servers, links);
- `/specification/<name>`: one page per spec file (`catalog.yaml` -> `/specification/catalog`), its
  data made by page.py;
- `/specification/<name>/changelog`: what changed from version to version (changelog.py compares the
  spec with its earlier versions kept in `content/specs/history/<name>/`);
- `/spec`: the machine-readable specs for download (YAML and JSON, and each API's Postman collection
  and environments: postman.py), with versions and changes.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

from docsite.cache import ResultCache, results, use_cache
from docsite.config import SiteConfig, load_config
from docsite.errors import Problem, Report
from docsite.markdown import render_markdown
from docsite.markdown.text import plain_text, slugify
from docsite.openapi.changelog import releases
from docsite.openapi.page import ApiPageBuilder, api_page_meta
from docsite.openapi.postman import postman_files
from docsite.openapi.resolver import SpecError
from docsite.openapi.samples import samples_file, samples_path
from docsite.openapi.specs import (
    DOWNLOADS,
    METHODS,
    ApiSpec,
    checked_before,
    history_problems,
    load_history,
    load_spec,
    load_specs,
    spec_files,
    spec_files_of,
    summary,
    validating_ahead,
    wait_ahead,
)
from docsite.openapi.tryit import tryit_file, tryit_path
from docsite.routes import Route, SearchSection, page_meta

__all__ = ["DOWNLOADS", "LANDING", "METHODS", "ApiPage", "ApiSpec", "load_specs", "reference_routes",
           "spec_files", "specs_ahead"]

LANDING = "/specification/"
LANDING_NOT_FOUND = "/specification/404"  # what a path below LANDING that is no API shows (status 404)


def reference_routes(specs: list[ApiSpec], config: SiteConfig, report: Report,
                     files: dict[str, bytes] | None = None) -> list[Route]:
    """The routes; each API's Try-it data (docsite.openapi.tryit), code samples beyond the first
    language (docsite.openapi.samples) and Postman files (docsite.openapi.postman) go into `files`
    (site path -> bytes)."""
    landing = _landing(specs, config, report)
    routes = [landing, _landing_not_found(landing, config), _downloads(specs, config, report)]
    for spec in specs:
        route, data, problem = api_page(spec, config)
        if route is not None:
            routes.append(route)
            routes.append(_changelog(spec, config, report))
        if data is not None and files is not None:
            files.update(data)
            if route is not None:
                tryit = json.loads(data[tryit_path(spec.name)])
                files.update(postman_files(spec, route.data, tryit["operations"]))
        if problem is not None:
            report.extend([problem])
    if specs:
        report.extend(history_problems(specs[0].file.parent))
    return routes


ApiPage = tuple[Route | None, dict[str, bytes] | None, Problem | None]
"""The page, its data files (site path -> bytes: Try-it data, code samples), the problem that stopped it."""


@contextmanager
def specs_ahead(content_dir: Path, cache: Path) -> Iterator[None]:
    """A one-off build's specs validated, and their API pages made, by processes forked at its start
    (one per core, each given a share of the specs by size), into the result cache in `cache`,
    while this one loads the rest: about 1.3 CPU-seconds of pure Python on this site (jsonschema,
    the pages' samples) that would otherwise run after the Markdown with the second core idle.
    Only the specs whose validation the cache does not hold are given out (a warm build's are all
    there). load_specs waits for them, then finds every result in the cache (reference_routes too): the
    problems and pages are those the build would make itself, by the same code from the same bytes.
    The processes only fill the cache: whatever stops one (a spec it cannot read, a disk it cannot
    write) leaves a result for this process to make, and report.

    They are forked only from a process with no other thread (a thread's lock held at the fork would
    never be released in the child), and talk to this one through no queue or pipe: they are waited
    for, or killed when the block ends before load_specs waited (a page failed to load). The dev
    server, which has threads and keeps its results in memory, validates its specs itself."""
    specs_dir = content_dir / "specs"
    cores = os.cpu_count() or 1
    stored = ResultCache(cache, memory=False)
    files = [file for file in spec_files_of(specs_dir) if not checked_before(file, stored)]  # a warm build's: none
    if threading.active_count() > 1 or cores < 2 or not files:
        yield
        return
    shares: list[list[Path]] = [[] for _ in range(min(cores, AHEAD_PROCESSES))]
    sizes = [0] * len(shares)
    for size, file in sorted(((_size(file), file) for file in files), reverse=True):  # the largest first,
        lightest = sizes.index(min(sizes))                                              # to the lightest share
        shares[lightest].append(file)
        sizes[lightest] += size
    pids = []
    gc.freeze()  # the objects made so far are left alone by the processes' collections: no page copied for them
    try:
        for share in filter(None, shares):
            try:
                pid = os.fork()
            except OSError:  # no process to spare: this one makes what the others do not
                break
            if pid == 0:
                _work_ahead(content_dir, share, cache)
            pids.append(pid)
    finally:
        gc.unfreeze()
    validating_ahead(specs_dir, pids)
    try:
        yield
    finally:
        wait_ahead(specs_dir, kill=True)  # when load_specs did not wait for them


# Beside the build's own: this site's specs and API pages (1.3 CPU-s), in two, end about when its
# Markdown (0.8 s) does.
AHEAD_PROCESSES = 2


def _size(file: Path) -> int:
    try:
        return file.stat().st_size
    except OSError:  # gone: load_specs reports what it finds
        return 0


def _work_ahead(content_dir: Path, files: list[Path], cache: Path) -> NoReturn:
    """A forked process of specs_ahead: the specs of `files` validated and their API pages made,
    into the cache; it exits without running this process's exit handlers or flushing its buffers."""
    try:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the CLI's handler cleans up the build's folder
        use_cache(cache, memory=False)
        specs = [spec for file in files if (spec := load_spec(file, Report())) is not None]
        config = load_config(content_dir)
        for spec in specs:
            api_page(spec, config)
    except BaseException:  # the build makes what is missing itself, and reports it
        os._exit(1)
    os._exit(0)


def api_page(spec: ApiSpec, config: SiteConfig) -> ApiPage:
    """One API's page, its data files (Try-it data, code samples) and the problem that stopped it,
    from the result cache when the spec and settings are unchanged. The files are made by the same
    ApiPageBuilder from the same spec and settings: they are cached with the route, under a key
    covering everything they depend on."""
    return results().get_or_compute(_api_page_key(spec, config),
                                     lambda: _api_page(spec, config))


def _api_page_key(spec: ApiSpec, config: SiteConfig) -> str:
    """The spec's file and bytes, and the one part of the page the configuration decides (its <head>):
    an edit to site.yaml that leaves it as it was (the navbar, the footer, an announcement) makes
    no API page again."""
    settings = json.dumps(api_page_meta(spec, config), sort_keys=True)
    return results().key("api-page", str(spec.file), settings, spec.digest)


def _api_page(spec: ApiSpec, config: SiteConfig) -> ApiPage:
    """One API's page and its data files (the heaviest route of the site to make: cached by its spec
    and settings)."""
    try:
        builder = ApiPageBuilder(spec, config)
        route = builder.route()
        return route, {tryit_path(spec.name): tryit_file(builder.tryit, spec.document),
                       samples_path(spec.name): samples_file(builder.calls)}, None
    except SpecError as error:
        return None, None, error.problem



def _landing(specs: list[ApiSpec], config: SiteConfig, report: Report) -> Route:
    title = "API reference"
    description = ("The Onebox APIs, described in OpenAPI: catalog, distribution, orders, customers, "
                   "access control and management.")
    data = {"kind": "apiLanding", "meta": page_meta(config, LANDING, title, description),
            "title": title, "description": description, "apis": [summary(s) for s in specs]}
    return Route(LANDING, "apiLanding", data, search="other",
                 sections=[SearchSection("", title, " ".join(
                     f"{s.title} {s.info.get('summary') or ''}" for s in specs))])


def _landing_not_found(landing: Route, config: SiteConfig) -> Route:
    """`/specification/` is a non-exact route (spec section 2): below it, a path that is no API's page
    shows the landing with a note that the API was not found, answered with status 404 (the
    nearest `404.html`: docsite.outputs.delivery)."""
    meta = page_meta(config, LANDING, "API not found", str(landing.data["description"]), noindex=True)
    data = {**landing.data, "meta": meta, "notFound": True}
    return Route(LANDING_NOT_FOUND, "apiLanding", data, search=None, sitemap=False)


def _downloads(specs: list[ApiSpec], config: SiteConfig, report: Report) -> Route:
    title = "OpenAPI specifications"
    description = ("Download the machine-readable OpenAPI specifications of the Onebox APIs, in YAML and "
                   "JSON, their Postman collections and environments, with their versions and change history.")
    apis = []
    for spec in specs:
        changelog = []
        for index, entry in enumerate(spec.info.get("x-changelog") or []):
            if not isinstance(entry, dict):
                continue
            where = f"/info/x-changelog/{index}/changes"
            changes = [_inline_markdown(str(text), spec.file, spec.lines.get(f"{where}/{n}", 1), report)
                       for n, text in enumerate(entry.get("changes") or [])]
            changelog.append({"version": str(entry.get("version", "")), "date": str(entry.get("date", "")),
                              "changes": changes})
        apis.append({**summary(spec), "openapi": str(spec.document.get("openapi", "")), "changelog": changelog})
    data = {"kind": "apiDownloads", "meta": page_meta(config, DOWNLOADS, title, description),
            "title": title, "description": description, "apis": apis}
    return Route(DOWNLOADS, "apiDownloads", data, search=None,
                 anchors={spec.name for spec in specs})


def _changelog(spec: ApiSpec, config: SiteConfig, report: Report) -> Route:
    """An API's changelog: each version's notes (`info.x-changelog`) and, where the version before it
    is kept in the history folder, the changes computed between the two files."""
    path = spec.changelog_route
    title = f"{spec.title} changelog"
    description = (f"What changed in the {spec.title} from version to version: operations, parameters, fields "
                   "and enum values added, removed or changed, breaking changes marked.")
    try:
        found = releases(spec, load_history(spec, report))
    except SpecError as error:
        report.extend([error.problem])
        found = []
    versions: list[dict[str, Any]] = []
    sections = [SearchSection("", title, description)]
    for release in found:
        anchor = "v" + (slugify(release.version.replace(".", "-")) or "0")
        notes = [_inline_markdown(text, spec.file, spec.lines.get(pointer, 1), report)
                 for text, pointer in release.notes]
        changes = [change.data() for change in release.changes]
        versions.append({"id": anchor, "version": release.version, "date": release.date, "notes": notes,
                         "previous": release.previous, "changes": changes})
        text = " ".join([*(text for text, _ in release.notes),
                         *(plain_text([["span", None, *change.text]]) for change in release.changes)])
        sections.append(SearchSection(anchor, f"{spec.title} {release.version}", text))
    data = {"kind": "apiChangelog", "meta": page_meta(config, path, title, description), "title": title,
            "description": description, "api": summary(spec), "versions": versions}
    return Route(path, "apiChangelog", data, spec.file, search="other", sections=sections,
                 anchors={str(version["id"]) for version in versions})


def _inline_markdown(text: str, file: Path, line: int, report: Report) -> Any:
    """Markdown for one line of text: its inline nodes (no paragraph around them)."""
    rendered = render_markdown(text, file, line)
    report.extend(rendered.problems)
    tree = rendered.tree
    if len(tree) == 1 and isinstance(tree[0], list) and tree[0][0] == "p":
        return tree[0][2:]
    return tree
