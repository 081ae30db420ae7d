"""`docsite dev`'s rebuilds: only what a change touches is written and prerendered.

The first build (and a build after the front end's code changed) is a complete build, staged and
swapped in like a production build. Each later rebuild loads the site again (parsed Markdown and the
API pages come from docsite.cache, so only changed files are rendered), makes every output in memory,
and compares it with the previous rebuild's: the files that differ are written, the files that are
gone deleted, and only the routes whose HTML can differ are prerendered, by a Node process kept warm
between rebuilds:

- a route whose page data changed (its text, its title, its previous/next neighbours, a category
  index listing it...: all of it is in its data);
- every route of a sidebar whose data changed;
- every route when the site data changed (navbar, footer, site.yaml).

A page's HTML is a function of exactly these (and of the front end's code, which a full build
follows), so the output equals a complete build of the same content; `tests/unit/test_incremental.py`
checks it on random sequences of edits. The search indexes and the servers' rules (`_headers`,
`_redirects`) are brought up to date after the open pages were told (`finish`): nothing a page shows
waits for them.

A rebuild that fails writes nothing: its error is raised as in a complete build (the same messages),
and the last good output keeps being served.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from docsite.build import (
    BuildResult,
    Paths,
    Site,
    build,
    load_site,
    locale_sites,
    prerender_jobs,
    search_files,
    site_outputs,
    static_outputs,
    write_delivery,
)
from docsite.errors import BuildError, Report
from docsite.frontend import Frontend, node
from docsite.output import html_path, page_data_path, sidebar_data_path, write_bytes
from docsite.output import page_sidebar as _sidebar_of
from docsite.output import page_sidebar_path as _sidebar_file
from docsite.routes import Route

NEW_SUFFIX = ".docsite-new"  # a page prerendered by a rebuild that has not succeeded yet


@dataclass
class Update:
    """What a rebuild changed, for the open pages: `reload` when the front end's code changed (or
    the site data: navbar, footer); else the routes whose data changed and the sidebars."""

    reload: bool
    routes: list[str] = field(default_factory=list)
    sidebars: list[str] = field(default_factory=list)
    result: BuildResult | None = None

    def event(self) -> tuple[str, str]:
        if self.reload:
            return "reload", "{}"
        return "content-update", json.dumps({"routes": self.routes, "sidebars": self.sidebars})


class WarmPrerender:
    """The front end's prerender script in `--serve` mode: one Node process for the dev session,
    restarted when the front end is rebuilt."""

    def __init__(self, frontend: Frontend) -> None:
        self.frontend = frontend
        self.process: subprocess.Popen[str] | None = None
        self.errors: IO[bytes] | None = None  # the process's stderr
        self.next_id = 0

    def render(self, out: Path, site_data: dict[str, Any], jobs: list[dict[str, Any]]) -> None:
        """Write each job's HTML to `<html>.docsite-new` under `out`; raises BuildError as a
        complete build's prerender does."""
        if not jobs:
            return
        process = self._started()
        self.next_id += 1
        request = {"id": self.next_id, "dir": str(out), "site": site_data, "jobs": jobs}
        stdin, stdout = _pipes(process)
        try:
            stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
            stdin.flush()
            line = stdout.readline()
        except OSError:
            line = ""
        if not line:
            errors = self._stop()
            raise BuildError.at(f"prerendering failed:\n{errors.strip()}",
                                fix="the message names the route; a layout crashed on that page's data")
        answer = json.loads(line)
        if not answer["ok"]:
            raise BuildError.at(f"prerendering failed:\n{str(answer['error']).strip()}",
                                fix="the message names the route; a layout crashed on that page's data")

    def _started(self) -> subprocess.Popen[str]:
        if self.process is None or self.process.poll() is not None:
            # stderr goes to a file: a pipe nobody reads would block the process once full
            self.errors = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the process
            self.process = subprocess.Popen([node(), str(self.frontend.prerender_script), "--serve"],
                                            cwd=self.frontend.root, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=self.errors, text=True, encoding="utf-8")
        return self.process

    def _stop(self) -> str:
        process, self.process = self.process, None
        if process is None:
            return ""
        if process.poll() is None:
            process.kill()
        process.communicate()
        if self.errors is None:
            return ""
        self.errors.seek(0)
        errors = self.errors.read().decode("utf-8", "replace")
        self.errors.close()
        return errors[-5000:]

    def close(self) -> None:
        self._stop()


def _pipes(process: subprocess.Popen[str]) -> tuple[IO[str], IO[str]]:
    assert process.stdin is not None and process.stdout is not None
    return process.stdin, process.stdout


class DevBuilder:
    """The dev server's builds: complete when needed, incremental otherwise.

    A site with translations (i18n.locales) is several sites: the default locale's at the root of
    the output, each other locale's in its folder (`fr/`). Each locale's site is loaded again
    completely on every rebuild (from a fresh copy of the content with its translations laid over
    it, so the result cache does not serve its Markdown), then compared and written like the
    default locale's: only its changed files are written and its changed routes prerendered."""

    def __init__(self, paths: Paths, log: Callable[[str], None] = print) -> None:
        self.paths = paths
        self.log = log
        self.frontend = Frontend(paths.frontend)
        self.prerenderer = WarmPrerender(self.frontend)
        # One id for the session: the site data (which holds it) changes only when the content does.
        self.build_id = time.strftime("%Y%m%d%H%M%S") + "-dev"
        self.frontend_hash: str | None = None
        # the last good output (but the HTML and the front end's files), by path in the output folder
        self.files: dict[str, bytes] = {}
        self.html: dict[str, str] = {}  # locale folder + route -> its HTML file in the output folder
        self.site: Site | None = None
        self.pending: list[tuple[str, Site]] = []  # sites whose search indexes and rules are not written yet

    def rebuild(self) -> Update:
        started = time.perf_counter()
        frontend_hash = self.frontend.source_hash()
        if self.site is None or frontend_hash != self.frontend_hash or not self.paths.out.is_dir():
            return self._complete(frontend_hash)
        report = Report()
        site = load_site(self.paths, dev=True, report=report, build_id=self.build_id)
        sites: list[tuple[str, Site]] = []
        files: dict[str, bytes] = {}
        for prefix, part in _with_locales(self.paths, site, report, self.build_id):
            sites.append((prefix, part))
            files.update({prefix + path: data for path, data in (static_outputs(part) | site_outputs(part)).items()})
        changed = {path for path, data in files.items() if self.files.get(path) != data}
        removed = {path for path in set(self.files) - set(files) if not _is_search_file(path, sites)}
        html: dict[str, str] = {}
        jobs: list[tuple[str, list[dict[str, Any]]]] = []
        for prefix, part in sites:
            part_html = {prefix + job["route"]: prefix + job["html"] for job in prerender_jobs(part)}
            html.update(part_html)
            everything = prefix + "_data/site.json" in changed
            jobs.append((prefix, [
                self._job(part, route) for route in part.routes
                if everything or prefix + route.path not in self.html
                or part_html[prefix + route.path] != self.html[prefix + route.path]
                or prefix + _data_file(route.path) in changed
                or (_sidebar_file(route.data) is not None and prefix + str(_sidebar_file(route.data)) in changed)]))
        out = self.paths.out
        try:
            for prefix, part_jobs in jobs:
                self.prerenderer.render(out / prefix if prefix else out, dict(sites)[prefix].site_data, part_jobs)
        except BaseException:
            for prefix, part_jobs in jobs:
                _discard_new(out / prefix if prefix else out, part_jobs)
            raise
        for path in sorted(changed):
            write_bytes(out / path, files[path])
        for prefix, part_jobs in jobs:
            folder = out / prefix if prefix else out
            for job in part_jobs:
                (folder / (job["html"] + NEW_SUFFIX)).replace(folder / job["html"])
        stale = {*(self.html[route] for route in set(self.html) - set(html)), *removed} - set(html.values())
        for path in stale:
            (out / path).unlink(missing_ok=True)
        search = {path: data for path, data in self.files.items() if _is_search_file(path, sites)}
        self.files, self.html, self.site, self.pending = files | search, html, site, sites
        # what the open pages refetch: data paths are relative to a locale's base URL, so a locale's
        # changed route or sidebar is named as the default locale's (a page of another locale at the
        # same route refetches its data too, which changes nothing)
        data_changed = {_unprefixed(path, sites) for path in changed}
        routes = sorted({route.path for _, part in sites for route in part.routes
                         if _data_file(route.path) in data_changed})
        sidebars = sorted(path for path in data_changed if path.startswith(SIDEBAR_DATA))
        everything = any(prefix + "_data/site.json" in changed for prefix, _ in sites)
        result = BuildResult(len(site.routes), report.warnings, time.perf_counter() - started, out, site)
        return Update(everything, routes, sidebars, result)

    def finish(self) -> bool:
        """Write what no page waits for: the search indexes, then the servers' rules. True when the
        search indexes changed."""
        sites, self.pending = self.pending, []
        if not sites:
            return False
        indexes = {prefix + path: data for prefix, part in sites for path, data in search_files(part).items()}
        changed = [path for path, data in indexes.items() if self.files.get(path) != data]
        for path in changed:
            write_bytes(self.paths.out / path, indexes[path])
        gone = [path for path in self.files if _is_search_file(path, sites) and path not in indexes]
        for path in gone:
            (self.paths.out / path).unlink(missing_ok=True)
            del self.files[path]
        self.files.update(indexes)
        write_delivery(sites[0][1], self.paths.out, lambda stage, done, total: None, compress=False)
        return bool(changed or gone)

    def close(self) -> None:
        self.prerenderer.close()

    def _complete(self, frontend_hash: str) -> Update:
        result = build(self.paths, dev=True, log=self.log, build_id=self.build_id)
        assert result.site is not None
        self.prerenderer.close()  # a new front end: the warm process loads its bundle again
        self.frontend_hash = self.frontend.source_hash() if self.frontend.is_built() else frontend_hash
        site = result.site
        self.files = static_outputs(site) | site_outputs(site) | search_files(site)
        self.html = {job["route"]: job["html"] for job in prerender_jobs(site)}
        for name, (translated, outputs) in result.locales.items():
            prefix = f"{name}/"
            self.files.update({prefix + path: data for path, data in outputs.items()})
            self.html.update({prefix + job["route"]: prefix + job["html"] for job in prerender_jobs(translated)})
        self.site, self.pending = site, []
        return Update(True, result=result)

    def _job(self, site: Site, route: Route) -> dict[str, Any]:
        sidebar_id, version = _sidebar_of(route.data)
        bars = site.version_sidebars.get(version, site.sidebars) if site.version_sidebars else site.sidebars
        sidebar = bars.sidebars.get(sidebar_id) if sidebar_id else None
        return {"route": route.path, "html": html_path(route.path, site.config.trailingSlash), "page": route.data,
                "sidebar": sidebar.to_json() if sidebar is not None else None}


SIDEBAR_DATA = sidebar_data_path("x").rsplit("/", 1)[0] + "/"  # _data/sidebar/


def _with_locales(paths: Paths, site: Site, report: Report, build_id: str) -> Iterator[tuple[str, Site]]:
    """The default locale's site at the root, then each other locale's in its folder. A locale's
    content folder is gone once the next is asked for: read its static files before."""
    yield "", site
    for name, translated in locale_sites(paths, site.config, True, report, build_id=build_id):
        yield f"{name}/", translated


def _is_search_file(path: str, sites: list[tuple[str, Site]]) -> bool:
    """A search index (written by `finish`, after the open pages were told)."""
    name = _unprefixed(path, sites)
    return "/" not in name and name.startswith("search-index-")


def _unprefixed(path: str, sites: list[tuple[str, Site]]) -> str:
    for prefix, _ in sites:
        if prefix and path.startswith(prefix):
            return path[len(prefix):]
    return path


def _data_file(route: str) -> str:
    return page_data_path(route)


def _discard_new(out: Path, jobs: list[dict[str, Any]]) -> None:
    for job in jobs:
        (out / (job["html"] + NEW_SUFFIX)).unlink(missing_ok=True)
