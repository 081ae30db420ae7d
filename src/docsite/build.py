"""The build: content in, a complete static site out.

    load config -> load content (Markdown rendered) -> sidebars -> routes -> checks
    -> copy assets and static files, write the site's and sidebars' data, each route's page data,
       then the generated files (feeds, llms.txt, sitemap...) and search indexes -> swap into build/
    Node (docsite.prerender), started with the build: each route's HTML as soon as its data is written
    a process of its own (docsite.delivery.Precompressor): each data file's twins as soon as it is written

Everything is written to a staging folder next to `build/` and swapped in at the end, so a failed
build leaves the previous `build/` untouched. `check` runs every stage up to the checks and writes
nothing.
"""

from __future__ import annotations

import ctypes
import fcntl
import gc
import hashlib
import itertools
import shutil
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from docsite.blog import blog_routes, inline_authors
from docsite.cache import (
    CACHE_DIR_NAME,
    LOCALES_DIR,
    Derived,
    KeptResults,
    builder_version,
    folder_digest,
    prune,
    results,
    site_name,
    use_cache,
)
from docsite.collector import collection_paused
from docsite.config import CONFIG_FILE, Lint, SiteConfig, load_config
from docsite.content import Content, Doc, load_content
from docsite.delivery import (
    BEST_BROTLI,
    BEST_GZIP,
    HEADERS_FILE,
    REDIRECTS_FILE,
    Precompressor,
    headers_file,
    precompress,
    precompress_untwinned,
    redirects_file,
    site_rules,
)
from docsite.diagrams import Renderer, render_diagrams
from docsite.errors import BuildError, Problem, Report, closest_first, listing
from docsite.feeds import feed_files
from docsite.frontend import Frontend, node
from docsite.i18n import (
    I18N_DIR,
    LocaleContent,
    check_docs_labels,
    check_locales,
    hreflang_links,
    locale_content,
    original_problems,
    other_locales,
    sidebar_labels,
    translate_config,
    version_label,
)
from docsite.links import LinkTarget, check_author_images, check_config_links, check_links, normalize
from docsite.lint import Written, lint_pages
from docsite.llms import LLMS_STATUS, OtherVersion, has_markdown, llms_files, version_llms_files
from docsite.markdown import CodeSpan
from docsite.openapi.bodies import check_json_bodies
from docsite.openapi.calls import check_api_calls, route_code
from docsite.openapi.cards import operation_index, resolve_operation_cards
from docsite.openapi.reference import ApiSpec, load_specs, reference_routes, spec_files
from docsite.openapi.tryit import connect_origins
from docsite.output import (
    copy_tree,
    docs_data_path,
    html_files,
    html_path,
    json_bytes,
    outside_links,
    page_data_path,
    page_sidebar_path,
    remove_stale_staging,
    robots,
    sidebar_data_path,
    sitemap,
    staging_dir,
    static_files,
    swap_in,
    tree_names,
)
from docsite.prerender import Prerender
from docsite.redirects import Redirect, collect_redirects, fallback_page, in_locale
from docsite.reuse import NO_PREVIOUS, Previous, ScriptHashMemo, finish_layout, reuse_pages, reuse_twins
from docsite.routes import (
    NOT_FOUND,
    Route,
    category_index_route,
    doc_route,
    doc_tag_routes,
    markdown_route,
    not_found_route,
    page_route,
    page_url,
    react_route,
)
from docsite.search import SearchDocument, TermCache, search_documents, search_index_parts, search_tags
from docsite.search.languages import language_of
from docsite.sidebars import Sidebars, load_sidebars
from docsite.sitedata import site_data
from docsite.versions import CURRENT, PLUGIN_ID, DocsVersion, docs_version, versions_data
from docsite.widget_sandbox import CATALOGUE_PATH, catalogue_script, sandbox_catalogue
from docsite.yamlfile import YamlDocument, load_yaml_file

PROJECT_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Paths:
    content: Path
    out: Path
    frontend: Path = PROJECT_ROOT / "frontend"
    # what builds reuse (docsite.cache): results by content hash, rendered diagrams, locale copies
    cache: Path = PROJECT_ROOT / CACHE_DIR_NAME

    @classmethod
    def default(cls, root: Path = PROJECT_ROOT) -> Paths:
        return cls(root / "content", root / "build", root / "frontend", root / CACHE_DIR_NAME)

    def diagram_renderer(self) -> Renderer:
        return Renderer(self.frontend / "node_modules" / "mermaid", self.cache / "diagrams")


@dataclass
class Site:
    """Everything the checks and the writer need, once loaded and resolved."""

    config: SiteConfig
    content: Content
    sidebars: Sidebars
    versions: list[DocsVersion]
    specs: list[ApiSpec]
    routes: list[Route]
    site_data: dict[str, Any]
    static_dir: Path
    files: dict[str, bytes] = field(default_factory=dict)  # generated files: site path -> bytes
    search: list[SearchDocument] = field(default_factory=list)  # indexed when the site is written
    redirects: list[Redirect] = field(default_factory=list)
    version_sidebars: dict[str, Sidebars] = field(default_factory=dict)  # every docs version's
    targets: LinkTarget | None = None  # what links may point at (the dev server checks an edited page's links)
    name: str = "default"  # what its results kept between builds are filed under (docsite.cache.site_name)


@dataclass
class BuildResult:
    routes: int
    warnings: list[Problem]
    seconds: float
    out: Path | None
    site: Site | None = None  # what was built (the dev server compares the next rebuild with it)
    # dev builds: each other locale's site and its outputs but the HTML (static files included: its
    # content folder is a copy, laid out again by the next build), by locale name
    locales: dict[str, tuple[Site, dict[str, bytes]]] = field(default_factory=dict)


Progress = Callable[[str, int, int], None]


def _no_progress(stage: str, done: int, total: int) -> None:
    return None


def load_site(paths: Paths, *, dev: bool = False, report: Report | None = None,
              locale: LocaleContent | None = None, build_id: str | None = None) -> Site:
    """Load, resolve and check the content (of `locale`'s site: the content with its translations
    laid over it, docsite.i18n). Raises BuildError listing every error found. Outside the dev server
    (whose sites replace one another in its process), what it made is left out of the cycle
    collector's passes (docsite.collector; `build` lets them in again when it returns)."""
    with collection_paused(freeze=not dev):
        return _load_site(paths, dev=dev, report=report, locale=locale, build_id=build_id)


def _load_site(paths: Paths, *, dev: bool, report: Report | None, locale: LocaleContent | None,
               build_id: str | None) -> Site:
    use_cache(paths.cache, memory=dev)  # only the dev server reads a result again (on its next rebuild)
    name = site_name(paths.content, locale.locale if locale else None)
    Derived.start_all(name)  # the results each site's pages kept (docsite.cache)
    root_config = load_config(locale.source if locale else paths.content)
    config = translate_config(root_config, locale.source, locale.locale) if locale else root_config
    report = report or Report()
    if locale is None:
        check_locales(config, paths.content, report)
        report.raise_if_errors()
    frontend = Frontend(paths.frontend)
    spec_report, loaded_specs = Report(), []  # the specs are validated while workers render the pages
    content = load_content(paths.content, config, report, dev=dev, meanwhile=lambda: loaded_specs.append(
        load_specs(paths.content / "specs", spec_report)))
    _stop_if_a_page_failed(content, report)  # before anything that names a page or an author
    pages = [*content.docs, *content.posts, *content.pages]
    diagrams = render_diagrams([(page.file, use) for page in pages for use in page.rendered.diagrams],
                               paths.diagram_renderer(), report)
    indexes = {v.name: content.doc_index(v.name) for v in content.versions}
    version_sidebars = {v.name: load_sidebars(v.sidebar_file, indexes[v.name], v.base, report, v.docs_dir,
                                              sidebar_labels(locale.source, locale.locale, v.name) if locale else None)
                        for v in content.versions}
    if locale is not None:  # the versions' labels (`version.label`), and every label key names something
        content.versions = [replace(v, label=version_label(locale.source, locale.locale, v.name, v.label))
                            for v in content.versions]
        for v in content.versions:
            check_docs_labels(locale.source, locale.locale, v.name, version_sidebars[v.name].translation_keys, report)
    latest = next(v for v in content.versions if v.is_last)
    docs, sidebars = indexes[latest.name], version_sidebars[latest.name]
    specs = loaded_specs[0]
    report.extend(spec_report.problems)
    _stop_if_a_spec_failed(specs, paths.content / "specs", report)

    routes: list[Route] = []
    for version in content.versions:
        index, version_bars = indexes[version.name], version_sidebars[version.name]
        version_docs = [d for d in content.docs if d.version == version.name]
        routes += [doc_route(d, config, version_bars, index, report, version, (latest, docs)) for d in version_docs]
        routes += [category_index_route(g, config, version_bars, index, version) for g in version_bars.generated]
        routes += doc_tag_routes(version_docs, config, report, version)
    routes += blog_routes(content.posts, content.authors, config, report)
    routes += [page_route(p, config) for p in content.pages]
    routes += [react_route(p, config) for p in content.react_pages]
    tryit: dict[str, bytes] = {}
    routes += reference_routes(specs, config, report, tryit)
    routes.append(not_found_route(config))
    _check_unique_routes(routes, report)
    if len(config.i18n.locales) > 1:
        for route in routes:
            route.data.setdefault("meta", {})["hreflang"] = hreflang_links(root_config, route.path)
            if locale is not None and route.source is not None and route.source in locale.untranslated:
                route.data["untranslated"] = {"language": config.i18n.locale(config.i18n.defaultLocale).label}

    check_spec_readers(routes, content, specs, frontend.registry(), config, report, dev=dev, site=name)
    yaml_pages = [(page.file, *_yaml_references(page.document)) for page in content.react_pages]

    files = spec_files(specs) | diagrams.files
    files.update(tryit)
    static_dir = paths.content / "static"
    for link in outside_links(static_dir, paths.content):
        report.error(f"a symbolic link to {link.resolve()}, outside the content folder", link, None,
                     "copy the file into content/static/ instead: the build publishes only what the content "
                     "folder holds")
    config_file = load_yaml_file(paths.content / CONFIG_FILE)
    redirects = collect_redirects(config, config_file, content, routes, report)
    targets = LinkTarget.of(routes, static_files(static_dir) | set(files), static_dir, redirects)
    check_links(routes, targets, config, report)
    config_links, _ = _yaml_references(config_file)
    page_links = [link for _, links, _ in yaml_pages for link in links]
    check_config_links([*config_links, *page_links], targets, config, report)
    check_author_images([*content.authors.values(), *(a for p in content.posts for a in inline_authors(p))],
                        targets, report)
    files.update(feed_files(content.posts, content.authors, config))  # after links are rewritten
    others = [OtherVersion(v.label, v.base, LLMS_STATUS.get(v.banner or "", "")) for v in content.versions
              if not v.is_last]
    files.update(llms_files([r for r in routes if r.version in (None, latest.name)], sidebars, config, others))
    for version, other in zip([v for v in content.versions if not v.is_last], others, strict=True):
        files.update(version_llms_files([r for r in routes if r.version == version.name],
                                        version_sidebars[version.name], config, other, latest.label))
    catalogue = sandbox_catalogue(specs, report)
    if catalogue is not None:
        files[CATALOGUE_PATH] = catalogue_script(catalogue)

    navigation = Sidebars(navigation={route: nav for bars in version_sidebars.values()
                                      for route, nav in bars.navigation.items()})
    search = search_documents(routes, navigation) if config.search.enabled else []
    versions = [docs_version(v, indexes[v.name], version_sidebars[v.name]) for v in content.versions]
    data = site_data(config, paths.content, list(docs.docs.values()), sidebars, versions,
                     search_tags=search_tags(search), build_id=build_id or _build_id(frontend), report=report,
                     draft_ids=docs.draft_ids, locale=locale.locale if locale else None,
                     root_base=root_config.baseUrl)
    Derived.save_all()
    report.raise_if_errors()
    return Site(config, content, sidebars, versions, specs, routes, data, static_dir, files, search, redirects,
                version_sidebars, targets, name)


def check_spec_readers(routes: list[Route], content: Content, specs: list[ApiSpec], registry: dict[str, list[str]],
                       config: SiteConfig, report: Report, *, dev: bool, lint: bool = True,
                       site: str = "default") -> None:
    """load_site's checks of what reads the specs, in its order: the routes' components and
    operation cards (resolved into their data, in place), the API calls of the pages and of the
    React pages' YAML, their JSON bodies, the lint rules (which know the specs' error codes and
    enums: `lint.spec_words`). The dev server runs them again after a spec edit
    (docsite.incremental); without the lint rules when what they read of the specs is the same.
    The API checks' results are kept for the next run by `site` (the site's name: docsite.cache.site_name)."""
    _check_components(routes, content, registry, specs, report)
    yaml_pages = [(page.file, *_yaml_references(page.document)) for page in content.react_pages]
    api_checks = KeptResults.of_site("api-checks", site)  # the previous build's
    calls = check_api_calls(route_code(routes) + [(file, code) for file, _, code in yaml_pages], specs, report,
                            api_checks)
    check_json_bodies(routes, specs, calls, report, api_checks)
    api_checks.save()
    if lint:
        linted = Report()
        lint_site(content, specs, config.lint, linted)
        report.extend(_lint_problems(linted, dev))


def check_page(site: Site, route: Route, page: Doc, registry: dict[str, list[str]], report: Report, *,
               dev: bool) -> None:
    """load_site's checks of one Markdown page, in load_site's order: its components and operation
    cards, its API calls and JSON bodies, its lint rules, its links (rewritten in place as load_site
    does). The dev server runs them for a page whose edit no other page reads (docsite.incremental)."""
    assert site.targets is not None
    _check_route_components(route, set(registry.get("directives", [])), site.specs, report,
                            operation_index(site.specs))
    calls = check_api_calls(route_code([route]), site.specs, report)
    check_json_bodies([route], site.specs, calls, report)
    lint = Report()
    lint_pages([page], site.specs, site.config.lint, lint)
    report.extend(_lint_problems(lint, dev))
    check_links([route], site.targets, site.config, report)


def lint_site(content: Content, specs: list[ApiSpec], rules: Lint, report: Report) -> None:
    """docsite.lint.lint_content, each page's problems the previous build's when what the rules read
    is the same (docsite.cache.Derived): the page as the checks before left it, its front matter, the
    rules, the specs (a spec is its file's bytes: `ApiSpec.digest`). The others are linted together;
    each problem a rule reports names its page's file."""
    derived = Derived.of("lint")
    setting = Derived.key((rules.model_dump(), [(spec.name, str(spec.file), spec.digest) for spec in specs]))
    pages: list[Written] = [*content.docs, *content.pages, *content.posts]
    keys = [Derived.key((setting, type(page).__name__, _lint_inputs(page))) for page in pages]
    found = Report()
    lint_pages([page for page, key in zip(pages, keys, strict=True) if key not in derived], specs, rules, found)
    by_file: dict[Path | None, list[Problem]] = {}
    for problem in found.problems:
        by_file.setdefault(problem.file, []).append(problem)
    for page, key in zip(pages, keys, strict=True):
        report.extend(derived.get(key, partial(by_file.pop, page.file, [])))
    for others in by_file.values():  # none: a rule naming another file would be reported all the same
        report.extend(others)


def _lint_inputs(page: Written) -> object:
    """What the lint rules read of `page`: its file's path and bytes as loaded, with what the checks
    before changed in its tree (`Rendered.identity`: the rules read the file, its front matter,
    title and tree); else every field of the page, its front matter as a dict and its anchors
    sorted (the pickle of a set, and so of a pydantic model, which holds the set of its fields,
    changes from one process to the next)."""
    identity = page.rendered.identity()
    if identity is not None:
        return identity
    return {**vars(page), "front": page.front.model_dump(),
            "rendered": {**vars(page.rendered), "anchors": sorted(page.rendered.anchors)}}


def _lint_problems(lint: Report, dev: bool) -> list[Problem]:
    """`docsite dev` previews a page while it is being written: its lint problems are warnings there."""
    return lint.problems if not dev else [replace(p, severity="warning") for p in lint.problems]


def build(paths: Paths, *, dev: bool = False, progress: Progress = _no_progress,
          log: Callable[[str], None] = print, build_id: str | None = None) -> BuildResult:
    started = time.perf_counter()
    report = Report()
    frontend = Frontend(paths.frontend)
    # What a warm build reuses (docsite.reuse). Not the dev server's: it keeps one build id for its
    # session, so a build after a change to the front end's code would find every page's inputs unchanged.
    previous = Previous(paths.out if paths.out.is_dir() and not dev else None)
    with Prerender(frontend, compress=not dev) as node:
        if previous.root is None and frontend.is_built():  # every page to render: Node loads the front
            node.start()  # end while the content loads (a warm build starts it with its first page, if any)
        progress("Loading content", 0, 1)
        site = load_site(paths, dev=dev, report=report, build_id=build_id)
        if not dev:
            _keep_from_collection()
        progress("Loading content", 1, 1)
        frontend.ensure_built(log)
        if not dev:  # the assets' twins, made once per front-end build and copied with the assets
            precompress(frontend.client_dir, BEST_BROTLI, BEST_GZIP)
        locales = _write(paths, site, frontend, previous, node, dev, report, progress)
    prune(paths.cache)
    return BuildResult(len(site.routes), report.warnings, time.perf_counter() - started, paths.out, site, locales)


def _write(paths: Paths, site: Site, frontend: Frontend, previous: Previous, node: Prerender, dev: bool,
           report: Report, progress: Progress) -> dict[str, tuple[Site, dict[str, bytes]]]:
    """`build`'s writing: each locale's site into its folder of a staging folder (what `previous`
    has reused), its pages prerendered as their data is written, then swapped into `paths.out`.
    Returns the dev server's other locales (`BuildResult.locales`)."""
    remove_stale_staging(paths.out)
    locales: dict[str, tuple[Site, dict[str, bytes]]] = {}
    staging = staging_dir(paths.out)
    if staging.exists():
        shutil.rmtree(staging)
    try:
        with Precompressor() as early:  # what is written is compressed while Node renders the pages
            compress = early.add if not dev else None
            if not dev:
                early.start()
            locale_redirects: list[Redirect] = []
            others = locale_sites(paths, site.config, dev, report, build_id=site.site_data["buildId"])
            for name, part in itertools.chain([("", site)], others):  # each locale's site in its folder
                folder, prior = staging / name, previous.folder(name)
                given: set[Path] = set()  # compressed as written, or being rendered with their twins
                rendered = write_site(part, folder, frontend, progress, prior, partial(_given, given, compress),
                                      node.render)
                given.update(folder / job["html"] for job in rendered)
                if compress is not None:
                    if prior.root is not None and prior.same_code(folder):
                        left = reuse_twins(prior, folder, given)  # the unchanged files' twins linked
                    else:
                        left = [folder / path.lstrip("/") for path in sorted(static_files(part.static_dir))]
                    for path in left:
                        compress(path)
                if name:
                    locale_redirects += in_locale(part.redirects, name)
                    if dev:
                        locales[name] = (part, static_outputs(part) | site_outputs(part) | search_files(part))
            scripts = node.finish(lambda done, total: progress("Prerendering pages", done, total))
        write_delivery(site, staging, progress, compress=not dev, locale_redirects=locale_redirects,
                       scripts=scripts)
        swap_in(staging, paths.out)
    finally:
        node.stop()  # a failed build's pages are no longer written in the staging folder it removes
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
        gc.unfreeze()
    return locales


def check(paths: Paths) -> list[Problem]:
    """Validate config and content (every locale's) without writing anything. Returns the warnings."""
    report = Report()
    site = load_site(paths, report=report)
    for _ in locale_sites(paths, site.config, False, report):
        pass
    return report.warnings


def locale_sites(paths: Paths, config: SiteConfig, dev: bool, report: Report,
                 build_id: str | None = None) -> Iterator[tuple[str, Site]]:
    """The site of each locale but the default, loaded from a copy of the content with its
    translations laid over it (in the cache: `_locale_folder`). Problems name the files writers edit;
    those of untranslated pages were the default locale's, reported once. The copy may be laid out
    again once the next site is asked for: read a site's static files before (`static_outputs`)."""
    for name in other_locales(config):
        with _locale_folder(paths, name) as folder:
            content = locale_content(paths.content, name, folder / "content")
            translated = Report()
            try:
                site = load_site(replace(paths, content=content.folder), dev=dev, report=translated, locale=content,
                                 build_id=build_id)
            except BuildError as exc:
                raise BuildError(original_problems(exc.problems, content.originals),
                                 original_problems(exc.warnings, content.originals)) from None
            report.extend([p for p in original_problems(translated.warnings, content.originals)
                           if p.file is None or I18N_DIR in p.file.parts])
            yield name, site


_locale_sites = locale_sites  # the name the tests know


@contextmanager
def _locale_folder(paths: Paths, locale: str) -> Iterator[Path]:
    """The folder `locale`'s content is laid out in: the same one for a content folder from one build
    to the next, so the result cache (keyed by a file's path and bytes) serves its pages again. The
    lock keeps two builds of one content folder (the dev server and `docsite build`) from laying it
    out at the same time; its modification time tells `docsite.cache.prune` the copy is in use."""
    folder = paths.cache / LOCALES_DIR / f"{locale}-{folder_digest(paths.content)}"
    folder.parent.mkdir(parents=True, exist_ok=True)
    lock_file = folder.with_name(folder.name + ".lock")
    with lock_file.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        lock_file.touch()
        yield folder


def _given(given: set[Path], compress: Callable[[Path], None] | None, path: Path) -> None:
    """A file written: compressed at once (unless `compress` is None: the dev server's build)."""
    given.add(path)
    if compress is not None:
        compress(path)


def write_site(site: Site, staging: Path, frontend: Frontend, progress: Progress, previous: Previous = NO_PREVIOUS,
               written: Callable[[Path], None] | None = None,
               render: Callable[[Path, list[dict[str, str]]], None] | None = None) -> list[dict[str, str]]:
    """Write everything but the HTML, and give `render` each route to prerender as soon as its
    page data is written (the site's and sidebars' data first): every route's, but those whose HTML
    the previous build had for the same inputs (`previous`: docsite.reuse, which links it). Pages
    render while the rest is written and the search indexes are made. Returns the jobs given.
    `written(file)` is told each file it writes rather than links from the previous build (so
    that it is compressed at once, while the rest is written and the pages render); the static
    files it copies are not told."""
    staging.mkdir(parents=True)
    copy_tree(frontend.client_dir, staging)
    shutil.rmtree(staging / ".vite", ignore_errors=True)
    copy_tree(site.static_dir, staging)
    count, total = 0, len(site.files) + len(site.routes) + len(site.redirects)  # about: sidebars, sitemap...

    def write(files: Iterable[tuple[str, bytes | Iterable[bytes]]]) -> None:
        nonlocal count
        for path, data in files:  # one file at a time: a site's outputs never all held at once
            target = staging / path
            if previous.write(target, path, data) and written is not None:
                written(target)
            if count % 500 == 0:
                progress("Writing page data", min(count, total), total)
            count += 1

    given: list[dict[str, str]] = []
    # The files whose twins take longest go first: the compression of the last ones written is what
    # the build waits for at its end. A cold build gives Node its pages first, its most work; a warm
    # build renders a few pages, and compressing the search indexes (9 MB at 1,000 pages) is its longest.
    index_first = previous.root is not None
    if index_first:
        write(search_file_parts(site))
    write(_shared_data_items(site))
    for routes in _batches(site.routes, RENDER_BATCH):
        write(_page_data_items(routes))
        jobs = reuse_pages(previous, staging, prerender_jobs(site, routes),
                           {route.path: page_sidebar_path(route.data) for route in routes})
        if render is not None:
            render(staging, jobs)
        given += jobs
    if not index_first:  # then, while the pages render (83 MB at 10,000 pages)
        write(search_file_parts(site))
    write(_other_output_items(site))  # the largest first
    finish_layout(previous, given)
    progress("Writing page data", total, total)
    _release_freed_memory()  # the search index's building: Node renders beside it
    return given


RENDER_BATCH = 16  # routes whose data is written before Node is given them


def _batches(routes: list[Route], size: int) -> Iterator[list[Route]]:
    for start in range(0, len(routes), size):
        yield routes[start:start + size]


def _keep_from_collection() -> None:
    """Leave the loaded site out of the garbage collector's full passes for the rest of the build
    (`gc.freeze`; `build` unfreezes it): writing the site and building the search index make millions
    of objects, and every full pass they set off walked the whole site again: 15 % of a warm build's
    CPU at 1,000 pages (4.2 -> 3.45 CPU-s), half the search index's time (0.4 of 0.8 s). Objects the
    site frees are still freed as they were; only reference cycles among them wait for the unfreeze
    (peak memory unchanged at 1,000 pages). Not in the dev server, whose sites replace one another in
    one process."""
    gc.freeze()


def _release_freed_memory() -> None:
    """Hand the memory Python freed back to the system: glibc's allocator keeps freed pages for the
    process (60 MB after the search index of 10,000 pages), and the build's peak is the Python
    process's with Node's beside it. Elsewhere than glibc, nothing."""
    with suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def site_outputs(site: Site) -> dict[str, bytes]:
    """Every file the site's content makes but the HTML of its routes and the search indexes, by
    path in the build (`site_output_items`). (The dev server compares them with the previous
    rebuild's.)"""
    return dict(site_output_items(site))


def site_output_items(site: Site) -> Iterator[tuple[str, bytes]]:
    """`site_outputs`, each file made when asked for (a cold build of 10,000 pages writes 130 MB of
    page data: write_site holds one file at a time): the data of the site, of every docs version's
    sidebars and of the pages, then the rest (`_other_output_items`)."""
    yield from _shared_data_items(site)
    yield from _page_data_items(site.routes)
    yield from _other_output_items(site)


def _shared_data_items(site: Site) -> Iterator[tuple[str, bytes]]:
    """The data files many pages read: the site's, every docs version's sidebars and versions."""
    yield "_data/site.json", json_bytes(site.site_data)
    for version, bars in (site.version_sidebars or {CURRENT: site.sidebars}).items():
        for sidebar in bars.sidebars.values():
            yield sidebar_data_path(sidebar.id, version), json_bytes(sidebar.to_json())
    yield docs_data_path(PLUGIN_ID), json_bytes(versions_data(site.versions, site.config))


def _page_data_items(routes: Iterable[Route]) -> Iterator[tuple[str, bytes]]:
    for route in routes:
        yield page_data_path(route.path), json_bytes(route.data)


def _other_output_items(site: Site) -> Iterator[tuple[str, bytes]]:
    """The files no page reads to render: the generated files, the largest first (llms-full.txt,
    the specs' downloads, diagrams, Try-it data, the widget's sandbox catalogue, feeds, llms.txt,
    the pages' Markdown), the redirects' fallback pages, the sitemap, robots.txt."""
    for path, data in sorted(site.files.items(), key=lambda file: -len(file[1])):
        yield path.lstrip("/"), data
    for redirect in site.redirects:
        yield html_path(redirect.source, site.config.trailingSlash), fallback_page(redirect, site.config).encode()
    yield "sitemap.xml", sitemap(site.routes, site.config).encode()
    yield "robots.txt", robots(site.config).encode()


def static_outputs(site: Site) -> dict[str, bytes]:
    """The static files the site publishes (content/static/), by path in the build."""
    return {path.lstrip("/"): (site.static_dir / path.lstrip("/")).read_bytes()
            for path in static_files(site.static_dir)}


def search_files(site: Site, terms: TermCache | None = None) -> dict[str, bytes]:
    """The search indexes, by path in the build (`search_file_parts`, joined: the dev server
    compares them with the previous rebuild's)."""
    return {path: b"".join(parts) for path, parts in search_file_parts(site, terms)}


def search_file_parts(site: Site, terms: TermCache | None = None) -> Iterator[tuple[str, Iterator[bytes]]]:
    """The search indexes, each file part by part (docsite.search.search_index_parts: read a file's
    parts before the next file), from the terms of the previous build's texts: only changed
    sections are analysed (docsite.search.analysis), in their language. `terms`: the site's
    (`site_terms`, in its language), which the caller saves (the dev server's, kept in memory between rebuilds); else
    read from the result cache and saved once every file was made."""
    kept = terms or site_terms(site)
    for path, parts in search_index_parts(site.search, site.config.search, kept.language, kept):
        yield path.lstrip("/"), parts
    if terms is None:
        kept.save()


def site_terms(site: Site) -> TermCache:
    """The terms kept in the result cache for the site, in its language."""
    language = language_of(site.site_data["i18n"]["htmlLang"])
    return TermCache.of_site(results().folder, site.name, language)


def prerender_jobs(site: Site, routes: Iterable[Route] | None = None) -> list[dict[str, str]]:
    """The prerender's job of each route (of `routes`, else of the site's)."""
    return [{"route": route.path, "data": page_data_path(route.path),
             "html": html_path(route.path, site.config.trailingSlash)}
            for route in (site.routes if routes is None else routes)]


def prerender(frontend: Frontend, staging: Path, jobs: list[dict[str, str]], progress: Progress, *,
              compress: bool = False) -> dict[Path, frozenset[str]]:
    """Every job's HTML, by Node (docsite.prerender, whose `Prerender` a build feeds as it writes):
    its pages' data written in `staging` already. `compress`: with their `.br` and `.gz` twins.
    Returns the CSP sources of each page's inline scripts."""
    with Prerender(frontend, compress=compress) as node:
        node.render(staging, jobs)
        return node.finish(lambda done, total: progress("Prerendering pages", done, total))


def write_delivery(site: Site, staging: Path, progress: Progress, *, compress: bool = True,
                   locale_redirects: list[Redirect] | None = None,
                   scripts: dict[Path, frozenset[str]] | None = None) -> None:
    """The servers' rules (`_headers`, `_redirects`: docsite.delivery), then every compressible
    file precompressed (not for the dev server, which serves uncompressed HTML it can rewrite): most
    were already, as they were written. After the prerender: the CSP lists the hashes of the pages'
    inline scripts (`scripts`: those the prerender reported, by page). `locale_redirects`: the other
    locales' (`redirects.in_locale`), in the one `_redirects` file at the root."""
    folders = tree_names(staging)  # the one walk of the staging folder
    for name, text in delivery_files(site, staging, locale_redirects, folders, scripts).items():
        (staging / name).write_text(text, encoding="utf-8")
    if compress:
        progress("Compressing", 0, 1)
        precompress_untwinned(folders)
        progress("Compressing", 1, 1)


def delivery_files(site: Site, staging: Path, locale_redirects: list[Redirect] | None = None,
                   folders: list[tuple[Path, set[str]]] | None = None,
                   scripts: dict[Path, frozenset[str]] | None = None,
                   memo: ScriptHashMemo | None = None) -> dict[str, str]:
    """The servers' rules for the site prerendered in `staging`: file name -> text (`folders`: the
    staging folder's `tree_names`; `scripts`: the inline scripts' hashes of the pages whose Node
    reported them; `memo`: the pages' hashes known, which the caller saves, else read from the result
    cache and saved). (The dev server makes them while the next save may be rebuilt, and writes them
    only if none was.)"""
    script_urls = [str(page.page.props["scriptUrl"]) for page in site.content.react_pages
                   if isinstance(page.page.props.get("scriptUrl"), str)]
    # ...and the scripts a component placed in a page loads (the widget simulators' widget).
    script_urls += [str(use.props[key]) for route in site.routes if route.rendered is not None
                    for use in route.rendered.components for key in ("scriptUrl", "v1ScriptUrl")
                    if isinstance(use.props.get(key), str)]
    image_urls = [ref.target for route in site.routes if route.rendered is not None
                  for ref in route.rendered.images if ref.target.startswith(("https://", "http://"))]
    canonical = {markdown_route(r.path): page_url(site.config, r.path) for r in site.routes if has_markdown(r)}
    sections_not_found = [r.path for r in site.routes if r.path.endswith("/404") and r.path != NOT_FOUND]
    redirects = [*site.redirects, *(locale_redirects or [])]
    known = memo or ScriptHashMemo(results().folder, site.name)  # the hashes of the pages a warm build reused
    for page, hashes in (scripts or {}).items():
        known.tell(page, hashes)
    rules = site_rules(site.config, html_files(staging, folders), redirects, script_urls, image_urls, canonical,
                       sections_not_found, connect_origins(spec.document for spec in site.specs), known.hashes)
    if memo is None:
        known.save()
    return {HEADERS_FILE: headers_file(rules), REDIRECTS_FILE: redirects_file(rules)}


def _build_id(frontend: Frontend) -> str:
    """The id the front end appends to its data requests (`?v=`: page data, sidebars, search
    indexes) and that every page embeds in its site data.

    It names the code, not the content: a hash of the builder's version and of the front end's
    sources. Data files are served `no-cache` (revalidated on every use, docsite.delivery), so a
    reader gets new content without a new id; the id must change only when the code that writes or
    reads the data does, so that a page of a new front end never reads data cached under an old
    one's URL. Derived from the content (a time, a process id), it would make every page's HTML
    differ on every build, and a warm build could reuse none of them (docsite.reuse).

    Node counts as code too: its Brotli and zlib write the pages' twins, so a warm build after a Node
    upgrade must not reuse twins the old one wrote. Its binary's size and time stand for its version
    (asking `node --version` would start a process on every build)."""
    binary = Path(node()).resolve().stat()
    code = f"{builder_version()}\0{frontend.source_hash()}\0{binary.st_size}:{binary.st_mtime_ns}"
    return hashlib.sha256(code.encode()).hexdigest()[:16]


def _stop_if_a_page_failed(content: Content, report: Report) -> None:
    """A page that could not be loaded (a Markdown file's front matter or encoding, a React page's
    YAML) or authors.yaml stops the run here: every sidebar entry, link, navbar item and post naming
    it would fail too, one mistake reported many times over."""
    sources = [*content.docs, *content.drafts, *content.posts, *content.pages]
    loaded = {p.file for p in sources} | {p.file for p in content.react_pages}
    if any(p.file is not None and p.file.suffix in (".md", ".yaml") and p.file not in loaded for p in report.errors):
        report.raise_if_errors()


def _stop_if_a_spec_failed(specs: list[ApiSpec], specs_dir: Path, report: Report) -> None:
    """A spec the site cannot read (its YAML, a broken `$ref`, its OpenAPI structure) stops the run
    here: every API call, operation card and link to its page would fail too. (A spec whose
    examples or conventions are wrong is loaded, and lends its operations to those checks.)"""
    loaded = {spec.file for spec in specs}
    if any(p.file is not None and p.file.parent == specs_dir and p.file not in loaded for p in report.errors):
        report.raise_if_errors()


def _check_unique_routes(routes: list[Route], report: Report) -> None:
    seen: dict[str, Route] = {}
    for route in routes:
        key = normalize(route.path)
        if key in seen:
            first = seen[key]
            report.error(f"two pages have the route {route.path}: {first.source or first.kind} and "
                         f"{route.source or route.kind}", route.source, 1,
                         "change the slug or the file name of one of them")
        else:
            seen[key] = route


def _check_components(routes: list[Route], content: Content, registry: dict[str, list[str]],
                      specs: list[ApiSpec], report: Report) -> None:
    directives = set(registry.get("directives", []))
    operations = operation_index(specs)
    for route in routes:
        _check_route_components(route, directives, specs, report, operations)
    pages = set(registry.get("pages", []))
    for page in content.react_pages:
        if page.page.component not in pages:
            doc = load_yaml_file(page.file)
            known = listing(closest_first(page.page.component, pages))
            report.error(f"unknown page component '{page.page.component}'", page.file,
                         doc.line_of(("component",)), f"use one of: {known}")


def _check_route_components(route: Route, directives: set[str], specs: list[ApiSpec], report: Report,
                            operations: dict[str, dict[str, Any]]) -> None:
    """A Markdown page's components are registered; its operation cards are resolved."""
    if route.rendered is None:
        return
    for use in route.rendered.components:
        if use.name not in directives:
            report.error(f"unknown component '{use.name}'", route.source, use.line,
                         f"use one of: {listing(closest_first(use.name, directives))} (registered in "
                         "frontend/src/registry.json)")
    resolve_operation_cards(route, specs, report, operations)


def _yaml_references(document: YamlDocument) -> tuple[list[tuple[str, Path, int]], list[CodeSpan]]:
    """What the link and API-call checks read in a YAML file (the site configuration, a React page):
    its internal links (`to:`, and `href:` to a path), with their lines, and its code (`code:`)."""
    file = document.file
    found: list[tuple[str, Path, int]] = []
    code: list[CodeSpan] = []

    def visit(node: Any, where: tuple[str | int, ...]) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if where == () and key == "redirects":
                    continue  # checked with the redirects (docsite.redirects), once
                if key in ("to", "href") and isinstance(value, str) and value.startswith("/"):
                    found.append((value, file, document.line_of((*where, key))))
                elif key == "code" and isinstance(value, str):
                    block = "\n" in value  # a block scalar (`code: |`) starts on the next line
                    code.append(CodeSpan(document.line_of((*where, key)) + block, value, block))
                else:
                    visit(value, (*where, key))
        elif isinstance(node, list):
            for index, item in enumerate(node):
                visit(item, (*where, index))

    visit(document.data, ())
    return found, code
