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

The routes of the open pages (`DevBuilder.open_pages`) and new routes are prerendered at once, the
others after the open pages were told (`finish`): a sidebar or a site.yaml edit changes the HTML of
many routes, and the open page waits for one.

A page's HTML is a function of exactly these (and of the front end's code, which a full build
follows), so the output equals a complete build of the same content; `tests/unit/test_incremental.py`
checks it on random sequences of edits. The HTML of the routes no open page shows, the search
indexes and the servers' rules (`_headers`, `_redirects`, which list the HTML's inline scripts) are
brought up to date after the open pages were told (`finish`, in the background): nothing a page
shows waits for them, and a save meanwhile is rebuilt at once (it waits for one batch of `BATCH`
pages at most). Until then those routes serve their last good HTML.

The common save takes a shorter way (`DevBuilder._page_edit`): a doc whose edit no other output
reads is loaded alone, checked alone, and only its page data, its `.md` twin, llms.txt and
llms-full.txt and its search entry are made again; only its route is prerendered (the same for each
doc of a save that changed several). The conditions are the dependency graph, written out where it
is decided (`_edit_stays_on_its_page`): anything else, and anything not proven local, loads the
whole site again as above.

A save that changed specs alone takes another shorter way (`DevBuilder._spec_edit`): the specs are
loaded again (an unchanged one's validation comes from docsite.cache), and what reads them is made
again from the last good site, all else kept: the changed specs' API pages, the landing page and
the downloads, the docs with an operation card, the checks of API calls, JSON bodies, lint rules
and links, llms files and search documents (`_specs_edited` lists the dependencies). Anything else,
a spec added or removed, or any problem (a warning too) loads the whole site again as above.

The search terms and the inline scripts' hashes `finish` needs are read from the result cache once
and kept in memory between rebuilds; `close` saves them for the next build.

A rebuild that fails writes nothing: its error is raised as in a complete build (the same messages),
and the last good output keeps being served. (A page no open page shows that fails to prerender in
the background is reported by `finish`, and keeps its last good HTML.)
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from docsite.build import BuildResult, build, load_site, locale_sites
from docsite.cache import results, use_cache
from docsite.checks.links import LinkTarget, check_links, normalize
from docsite.checks.lint import spec_words
from docsite.content import Content, Doc, load_markdown
from docsite.diagrams import Renderer, render_diagrams
from docsite.errors import Problem, Report
from docsite.frontend import Frontend
from docsite.frontmatter_models import DocFrontMatter
from docsite.openapi.reference import load_specs, spec_files
from docsite.outputs.llms import LLMS_FULL_TXT, llms_files, llms_full_part, page_markdown
from docsite.outputs.widget_sandbox import CATALOGUE_PATH, catalogue_script, sandbox_catalogue
from docsite.prerender import DevPrerender
from docsite.redirects import in_locale
from docsite.routes import Route, doc_route, markdown_route
from docsite.search import SearchDocument, TermCache, search_documents, search_tags
from docsite.search.pagefind import BUNDLE as PAGEFIND_BUNDLE
from docsite.sidebars import Sidebars
from docsite.site_paths import html_path, page_data_path, page_sidebar, page_sidebar_path, sidebar_data_path
from docsite.stages.check import check_page, check_spec_readers
from docsite.stages.deliver import delivery_files
from docsite.stages.resolve import api_routes, finisher
from docsite.stages.site import Paths, Site
from docsite.stages.write import prerender_jobs, search_files, site_outputs, site_terms, static_outputs
from docsite.writing.files import json_bytes, write_bytes
from docsite.writing.reuse import ScriptHashMemo

NEW_SUFFIX = ".docsite-new"  # a page prerendered by a rebuild that has not succeeded yet
BATCH = 16  # routes `finish` prerenders at a time, holding the builder: what a save meanwhile waits for
# the most docs a save may change and still take the one-page way (each splices llms-full.txt and the
# search documents: a checkout of many files loads the whole site once instead)
PAGE_EDITS = 8
# outputs no page reads, which a one-page rebuild leaves to `finish` to write (llms-full.txt: 40 MB
# at 10,000 pages, some 100 ms to write on every save)
LATER = {LLMS_FULL_TXT.lstrip("/")}


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


class DevBuilder:
    """The dev server's builds: complete when needed, incremental otherwise.

    A site with translations (i18n.locales) is several sites: the default locale's at the root of
    the output, each other locale's in its folder (`fr/`). Each locale's site is loaded again
    completely on every rebuild (from a fresh copy of the content with its translations laid over
    it, so the result cache does not serve its Markdown), then compared and written like the
    default locale's: only its changed files are written and its changed routes prerendered."""

    def __init__(self, paths: Paths, log: Callable[[str], None] = print,
                 open_pages: Callable[[], Iterable[str]] = tuple) -> None:
        self.paths = paths
        self.log = log
        self.open_pages = open_pages  # the URL paths of the pages open in a browser (the dev server's)
        self.frontend = Frontend(paths.frontend)
        self.prerenderer = DevPrerender(self.frontend)
        # One id for the session: the site data (which holds it) changes only when the content does.
        self.build_id = time.strftime("%Y%m%d%H%M%S") + "-dev"
        self.frontend_hash: str | None = None
        # the last good output (but the HTML and the front end's files), by path in the output folder
        self.files: dict[str, bytes] = {}
        self.html: dict[str, str] = {}  # locale folder + route -> its HTML file in the output folder
        self.site: Site | None = None
        self.pending: list[tuple[str, Site]] = []  # sites whose search indexes and rules are not written yet
        self.sites: list[tuple[str, Site]] = []  # the last good output's, by locale folder (the default's "")
        # locale folder + route -> None: the routes whose HTML is behind their data, prerendered by `finish`
        self.unrendered: dict[str, None] = {}
        self.warnings: list[Problem] = []  # the last good output's
        self.sources: Sources | None = None  # the content the last good output was made from
        self.scanned: Sources | None = None  # the content folder at the last rebuild's start
        self.lock = threading.Lock()  # a rebuild, or `finish` reading and writing the state
        self.generation = 0  # good rebuilds so far
        # what `finish` reads of the result cache, kept in memory (one `finish` at a time uses them)
        self.terms: dict[tuple[str, str], TermCache] = {}  # by locale and language
        self.memo: ScriptHashMemo | None = None
        self.later: dict[str, bytes] = {}  # outputs of LATER made but not written yet, by path

    def rebuild(self) -> Update:
        with self.lock:
            update = self._rebuild()
            self.generation += 1  # a good rebuild: a `finish` begun before writes nothing
            return update

    def _rebuild(self) -> Update:
        started = time.perf_counter()
        frontend_hash = self.frontend.source_hash()
        sources = self.scanned = Sources.scan(self.paths.content, self.scanned)
        if self.site is None or frontend_hash != self.frontend_hash or not self.paths.out.is_dir() \
                or self.sources is None:
            update = self._complete(frontend_hash)
        else:
            static = self.paths.content / "static"  # published whole: no file there is scratch
            changed = {file for file in sources.changed(self.sources)
                       if static in file.parents or not _SCRATCH.search(file.name)}
            quick = None if sources.blind else self._page_edit(changed, started) or self._spec_edit(changed, started)
            update = quick or self._reload(started)
        self.sources = sources  # what the last good output was made from (a failed rebuild raised)
        return update

    def _reload(self, started: float) -> Update:
        """The site loaded again completely, compared with the last good output."""
        report = Report()
        site = load_site(self.paths, dev=True, report=report, build_id=self.build_id)
        return self._apply(_with_locales(self.paths, site, report, self.build_id), report.warnings, started)

    def _apply(self, loaded: Iterable[tuple[str, Site]], warnings: list[Problem], started: float,
               outputs: dict[str, bytes] | None = None) -> Update:
        """Compare the sites' outputs (the default locale's first, each other locale's in its folder)
        with the last good output's: write the files that differ, delete those gone, prerender the
        routes whose HTML can differ (the open pages' at once, the others in `finish`). `outputs`:
        the sites' outputs but the HTML and the search indexes, when the caller knows them."""
        sites: list[tuple[str, Site]] = []
        files: dict[str, bytes] = {}
        for prefix, part in loaded:  # a locale's static files are read before the next is laid out
            sites.append((prefix, part))
            if outputs is None:
                made = static_outputs(part) | site_outputs(part)
                files.update({prefix + path: data for path, data in made.items()})
        files = files if outputs is None else outputs
        site = sites[0][1]
        changed = {path for path, data in files.items() if self.files.get(path) != data}
        removed = {path for path in set(self.files) - set(files) if not _is_search_file(path, sites)}
        html: dict[str, str] = {}
        jobs: list[tuple[str, list[dict[str, Any]]]] = []
        unrendered: dict[str, None] = {}
        shown = {_route_of(path, site.config.baseUrl) for path in self.open_pages()}
        for prefix, part in sites:
            part_html = {prefix + job["route"]: prefix + job["html"] for job in prerender_jobs(part)}
            html.update(part_html)
            everything = prefix + "_data/site.json" in changed
            part_jobs = []
            for route in part.routes:
                key = prefix + route.path
                new = key not in self.html or part_html[key] != self.html[key]  # no HTML at its path yet
                if not (new or everything or key in self.unrendered or prefix + _data_file(route.path) in changed
                        or _sidebar_changed(route, prefix, changed)):
                    continue  # its HTML is up to date
                if new or normalize("/" + prefix + route.path.lstrip("/")) in shown:
                    part_jobs.append(self._job(part, route))
                else:  # prerendered after the open pages were told
                    unrendered[key] = None
            jobs.append((prefix, part_jobs))
        out = self.paths.out
        self._write(sites, jobs, {path: files[path] for path in changed})
        stale = {*(self.html[route] for route in set(self.html) - set(html)), *removed} - set(html.values())
        for path in stale:
            (out / path).unlink(missing_ok=True)
        search = {path: data for path, data in self.files.items() if _is_search_file(path, sites)}
        self.files, self.html, self.site, self.pending = files | search, html, site, sites
        self.sites, self.unrendered = sites, unrendered
        # what the open pages refetch: data paths are relative to a locale's base URL, so a locale's
        # changed route or sidebar is named as the default locale's (a page of another locale at the
        # same route refetches its data too, which changes nothing)
        data_changed = {_unprefixed(path, sites) for path in changed}
        routes = sorted({route.path for _, part in sites for route in part.routes
                         if _data_file(route.path) in data_changed})
        sidebars = sorted(path for path in data_changed if path.startswith(SIDEBAR_DATA))
        everything = any(prefix + "_data/site.json" in changed for prefix, _ in sites)
        self.warnings = warnings
        result = BuildResult(len(site.routes), warnings, time.perf_counter() - started, out, site)
        return Update(everything, routes, sidebars, result)

    def _page_edit(self, changed: set[Path], started: float) -> Update | None:
        """The rebuild of a save that left every file as it was, or changed docs in a way no other
        output reads (`_edit_stays_on_its_page`: each of them, one after the other); None when the
        whole site must be loaded again (a problem in a page too: the complete load reports it as a
        cold build does)."""
        site = self.site
        assert site is not None
        if not changed:  # saved without a change, or back to the last good bytes after a failure
            return Update(False, result=BuildResult(len(site.routes), self.warnings,
                                                    time.perf_counter() - started, self.paths.out, site))
        if len(changed) > PAGE_EDITS:
            return None
        report = Report()
        edited_site, routes, sources = site, [], set()
        for file in sorted(changed):
            edited = self._edited(edited_site, file, report)
            if edited is None:
                return None
            edited_site, route = edited
            routes.append(route)
            sources.add(file)
        outputs = {page_data_path(route.path): json_bytes(route.data) for route in routes}
        outputs.update({path.lstrip("/"): data for path, data in edited_site.files.items()
                        if site.files.get(path) != data})
        changed_files = {path: data for path, data in outputs.items() if self.files.get(path) != data}
        self._write([("", edited_site)], [("", [self._job(edited_site, route) for route in routes])],
                    {path: data for path, data in changed_files.items() if path not in LATER})
        self.later.update({path: data for path, data in changed_files.items() if path in LATER})
        self.files.update(changed_files)
        self.site, self.pending = edited_site, [("", edited_site)]
        self.sites = self.pending
        for route in routes:
            self.unrendered.pop(route.path, None)
        self.warnings = [w for w in self.warnings if w.file not in sources] + report.warnings
        result = BuildResult(len(edited_site.routes), self.warnings, time.perf_counter() - started, self.paths.out,
                             edited_site)
        return Update(False, [route.path for route in routes if page_data_path(route.path) in changed_files], [],
                      result)

    def _edited(self, site: Site, file: Path, report: Report) -> tuple[Site, Route] | None:
        """`site` with the doc `file` loaded and checked again, and its route; None when the edit is
        read by other outputs, or the page has a problem."""
        edited = _edit_stays_on_its_page(site, {file}, report)
        if edited is None or report.errors:
            return None
        old, new = edited
        content = replace(site.content, docs=[new if doc is old else doc for doc in site.content.docs])
        latest = next(version for version in content.versions if version.is_last)
        finisher(site, site.specs, report)(new.file, new.route, new.rendered)
        route = _doc_route(site, content, new, report)
        check_page(site, route, new, self.frontend.registry(), report, dev=True)
        if report.errors:
            return None
        routes = [route if r.path == old.route and r.source == old.file else r for r in site.routes]
        files = site.files | _llms_after_edit(site, routes, route, latest.name)
        search = site.search
        if site.config.search.enabled:
            navigation = Sidebars(navigation={path: nav for bars in site.version_sidebars.values()
                                              for path, nav in bars.navigation.items() if path == route.path})
            search = _spliced(site.search, routes, {route.path: search_documents([route], navigation)})
        assert site.targets is not None
        targets = replace(site.targets, routes=site.targets.routes | {normalize(route.path): route})
        return replace(site, content=content, routes=routes, files=files, search=search, targets=targets), route

    def _spec_edit(self, changed: set[Path], started: float) -> Update | None:
        """The rebuild of a save that changed specs alone (`_specs_edited`), compared and written as
        a complete load's; None when the whole site must be loaded again."""
        assert self.site is not None
        if self.warnings:  # a warning of the last good output: which stage made it is not known
            return None
        use_cache(self.paths.cache, memory=True)  # as load_site does: the unchanged specs' work is in it
        edited = _specs_edited(self.site, changed, self.paths.content / "specs", self.frontend.registry(),
                               self.paths.diagram_renderer())
        if edited is None:
            return None
        # its outputs: the last good ones, but its generated files and the data of the routes it made again
        sites = [("", edited)]
        outputs = {path: data for path, data in self.files.items() if not _is_search_file(path, sites)}
        outputs.update({path.lstrip("/"): data for path, data in edited.files.items()})
        outputs.update({page_data_path(route.path): json_bytes(route.data)
                        for route, before in zip(edited.routes, self.site.routes, strict=True) if route is not before})
        return self._apply(sites, [], started, outputs)

    def _write(self, sites: list[tuple[str, Site]], jobs: list[tuple[str, list[dict[str, Any]]]],
               changed: dict[str, bytes]) -> None:
        """Prerender the jobs, then write the changed files and put the new HTML in place. A page that
        fails to prerender leaves the output as it was."""
        out = self.paths.out
        try:
            for prefix, part_jobs in jobs:
                self.prerenderer.render(out / prefix if prefix else out, dict(sites)[prefix].site_data, part_jobs)
        except BaseException:
            for prefix, part_jobs in jobs:
                _discard_new(out / prefix if prefix else out, part_jobs)
            raise
        for path in sorted(changed):
            write_bytes(out / path, changed[path])
            self.later.pop(path, None)  # written newer than what waited
        for prefix, part_jobs in jobs:
            folder = out / prefix if prefix else out
            for job in part_jobs:
                (folder / (job["html"] + NEW_SUFFIX)).replace(folder / job["html"])

    def finish(self) -> bool:
        """Write what no page waits for: the HTML of the routes no open page showed, the search
        indexes, then the servers' rules. True when the search indexes changed.

        The HTML is prerendered `BATCH` routes at a time, each batch holding the builder: a save
        meanwhile waits for one batch, and the routes left are prerendered from the state it left
        (raises BuildError as a rebuild would when a page fails to prerender). The indexes are made
        without holding the builder: the dev server runs this in the background, and a save
        meanwhile is rebuilt at once instead of waiting (at 10,000 pages the indexes take tens of
        seconds). They are written only if no rebuild succeeded meanwhile: that rebuild's own
        `finish` writes its indexes and rules."""
        while self._prerender_batch():
            pass
        with self.lock:
            self._write_later()
            sites, self.pending = self.pending, []
            generation = self.generation
        if not sites:
            return False
        indexes = {prefix + path: data for prefix, part in sites
                   for path, data in search_files(part, self._terms(part)).items()}
        moved = [r for prefix, part in sites[1:] for r in in_locale(part.redirects, prefix.strip("/"))]
        if self.memo is None:
            self.memo = ScriptHashMemo(results().folder, sites[0][1].name)
        else:
            self.memo.again()
        rules = delivery_files(sites[0][1], self.paths.out, moved, memo=self.memo)
        with self.lock:
            if generation != self.generation:
                return False
            changed = [path for path, data in indexes.items() if self.files.get(path) != data]
            for path in changed:
                write_bytes(self.paths.out / path, indexes[path])
            gone = [path for path in self.files if _is_search_file(path, sites) and path not in indexes]
            for path in gone:
                (self.paths.out / path).unlink(missing_ok=True)
                del self.files[path]
            self.files.update(indexes)
            for name, text in rules.items():
                write_bytes(self.paths.out / name, text.encode("utf-8"))
        return bool(changed or gone)

    def _prerender_batch(self) -> bool:
        """Prerender up to BATCH of the unrendered routes; False when none was left."""
        with self.lock:
            if not self.unrendered:
                return False
            batch = set(itertools.islice(self.unrendered, BATCH))
            jobs = [(prefix, [self._job(part, route) for route in part.routes if prefix + route.path in batch])
                    for prefix, part in self.sites]
            self._write(self.sites, jobs, {})
            for key in batch:
                del self.unrendered[key]
            return True

    def _terms(self, site: Site) -> TermCache:
        """The search terms of `site`'s locale and language: read from the result cache once, then kept
        in memory between rebuilds (`close` saves them): at 10,000 pages the file is tens of MB."""
        i18n = site.site_data["i18n"]
        key = (str(i18n["currentLocale"]), str(i18n["htmlLang"]))
        terms = self.terms.get(key)
        if terms is None:
            terms = self.terms[key] = site_terms(site)
        else:
            terms.again()
        return terms

    def _write_later(self) -> None:
        for path, data in self.later.items():
            write_bytes(self.paths.out / path, data)
        self.later = {}

    def close(self) -> None:
        """Stop the warm Node process; write what waited for `finish`; save the search terms and the
        inline scripts' hashes for the next build (a later `docsite dev` or `docsite build`)."""
        self.prerenderer.close()
        with self.lock:
            self._write_later()
        for terms in self.terms.values():
            terms.save()
        if self.memo is not None:
            self.memo.save()

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
        self.site, self.pending, self.warnings = site, [], result.warnings
        self.sites = [("", site), *((f"{name}/", translated) for name, (translated, _) in result.locales.items())]
        self.unrendered, self.later = {}, {}
        return Update(True, result=result)

    def _job(self, site: Site, route: Route) -> dict[str, Any]:
        sidebar_id, version = page_sidebar(route.data)
        bars = site.version_sidebars.get(version, site.sidebars) if site.version_sidebars else site.sidebars
        sidebar = bars.sidebars.get(sidebar_id) if sidebar_id else None
        return {"route": route.path, "html": html_path(route.path, site.config.trailingSlash), "page": route.data,
                "sidebar": sidebar.to_json() if sidebar is not None else None}


SIDEBAR_DATA = sidebar_data_path("x").rsplit("/", 1)[0] + "/"  # _data/sidebar/


def _sidebar_changed(route: Route, prefix: str, changed: Iterable[str]) -> bool:
    """Whether the data of the sidebar `route` shows (in the site at `prefix`) is among `changed`."""
    sidebar = page_sidebar_path(route.data)
    return sidebar is not None and prefix + sidebar in changed


def _with_locales(paths: Paths, site: Site, report: Report, build_id: str) -> Iterator[tuple[str, Site]]:
    """The default locale's site at the root, then each other locale's in its folder. A locale's
    content folder may be laid out again once the next is asked for: read its static files before."""
    yield "", site
    for name, translated in locale_sites(paths, site.config, True, report, build_id=build_id):
        yield f"{name}/", translated


def _is_search_file(path: str, sites: list[tuple[str, Site]]) -> bool:
    """A search index, or a file of Pagefind's bundle (written by `finish`, after the open pages were told)."""
    name = _unprefixed(path, sites)
    return ("/" not in name and name.startswith("search-index-")) or name.startswith(f"{PAGEFIND_BUNDLE}/")


def _unprefixed(path: str, sites: list[tuple[str, Site]]) -> str:
    for prefix, _ in sites:
        if prefix and path.startswith(prefix):
            return path[len(prefix):]
    return path


def _route_of(url_path: str, base_url: str) -> str:
    """The route (locale folder included) an open page's URL path shows."""
    path = unquote(url_path)
    if path.startswith(base_url):
        path = "/" + path[len(base_url):]
    return normalize(path)


def _data_file(route: str) -> str:
    return page_data_path(route)


def _discard_new(out: Path, jobs: list[dict[str, Any]]) -> None:
    for job in jobs:
        (out / (job["html"] + NEW_SUFFIX)).unlink(missing_ok=True)


# -- what a save changed, and what reads it ------------------------------------------------------

# an editor's backup or swap file (`x.md~`, `.x.md.swp`, `x.md___jb_tmp___`): read by no loader
# (they read .md, .yaml...: not `.#x.md`, an Emacs lock, which `*.md` matches), and ignored by the
# dev server's watcher too (watchfiles' default filter)
_SCRATCH = re.compile(r"~$|\.sw.$|\.___jb_...___$")
RACY_NS = 2_000_000_000  # a file written this close to a scan is read again: a second save may keep its time


@dataclass(frozen=True)
class Sources:
    """The content folder's files when a rebuild started: path -> (mtime, size, digest of the bytes).

    A file whose time and size are those of the previous scan is not read again, unless it was
    written within RACY_NS of that scan (file times are coarse: two saves a few milliseconds apart
    may leave the same time and size). Comparing digests, a save that wrote the same bytes changes
    nothing."""

    files: dict[str, tuple[int, int, str]]  # by path string: cheaper than 10,000 Path objects
    started: int  # time.time_ns() when the scan started
    # a symbolic link or a file that is not a regular file was met: what changes behind it is not
    # seen (every save reloads all)
    blind: bool = False

    @classmethod
    def scan(cls, folder: Path, previous: Sources | None) -> Sources:
        started = time.time_ns()
        known = previous.files if previous is not None else {}
        recent = previous.started - RACY_NS if previous is not None else 0
        files: dict[str, tuple[int, int, str]] = {}
        blind = False
        folders = [str(folder)]
        while folders:
            try:
                entries = list(os.scandir(folders.pop()))
            except OSError:
                continue  # a folder deleted meanwhile
            for entry in entries:
                if entry.is_symlink() or not (entry.is_dir(follow_symlinks=False)
                                              or entry.is_file(follow_symlinks=False)):
                    # a link (what changes behind it is not seen), a FIFO, a socket...: not read here
                    # (a FIFO would never answer), every save reloads all, and the load reports
                    # what it may not read (docsite.content_files.check_folder)
                    blind = True
                    continue
                if entry.is_dir():
                    folders.append(entry.path)
                    continue
                path = entry.path
                try:
                    stat = entry.stat()
                    before = known.get(path)
                    if before is not None and before[:2] == (stat.st_mtime_ns, stat.st_size) \
                            and stat.st_mtime_ns < recent:
                        files[path] = before
                    else:
                        files[path] = (stat.st_mtime_ns, stat.st_size, _digest(path))
                except OSError:
                    continue  # deleted meanwhile
        return cls(files, started, blind)

    def changed(self, since: Sources) -> set[Path]:
        """The files added, deleted or changed since `since`."""
        return {Path(path) for path in self.files.keys() | since.files.keys()
                if path not in self.files or path not in since.files or self.files[path][2] != since.files[path][2]}


def _digest(path: str) -> str:
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


def _edit_stays_on_its_page(site: Site, changed: set[Path], report: Report) -> tuple[Doc, Doc] | None:
    """The doc the one changed file was and is, when what changed is read by that doc's own page
    only; None otherwise (the whole site is loaded again). Problems loading it go to `report`.

    The dependency graph, from a doc to the outputs that read it:

    - its id, route, title and front matter (slug, sidebar label, tags, pagination, keywords,
      redirects...): the sidebars, the previous/next links of its neighbours, category indexes, tag
      pages, the navbar, llms.txt, the sitemap, the redirects, the site data;
    - its description (the front matter's, or made from its first paragraphs): category indexes,
      tag pages, llms.txt;
    - its anchors (every heading's and element's id): the links other pages make to them;
    - its diagrams: drawn for the whole site at once;
    - with translations (several `i18n.locales`), every locale's copy of the site.

    When none of these changed, its body is read by its page data (prerendered), its search entry,
    its `.md` twin and llms-full.txt, and by the checks of that page alone: `_page_edit` makes
    those again. Any other file (a sidebar, site.yaml, a spec, a blog post, a page, a static file, a
    doc added, deleted or renamed) is not a doc of the last good site and takes the whole reload."""
    if len(site.config.i18n.locales) > 1:
        return None
    (file,) = changed
    old = next((doc for doc in site.content.docs if doc.file == file), None)
    if old is None:
        return None
    try:
        loaded = load_markdown(file, DocFrontMatter, report)
    except OSError:  # deleted: the whole site changes
        return None
    if loaded is None:
        return None
    new = replace(old, title=loaded.title, rendered=loaded.rendered, front=loaded.front, front_lines=loaded.lines)
    read_by_others = (
        new.title != old.title or new.front != old.front or new.front_lines != old.front_lines
        or new.description != old.description or new.rendered.anchors != old.rendered.anchors
        or bool(new.rendered.diagrams) or bool(old.rendered.diagrams))
    return None if read_by_others else (old, new)


def _doc_route(site: Site, content: Content, doc: Doc, report: Report) -> Route:
    """`doc`'s route as load_site makes it, in `site` with `content` (which holds `doc`)."""
    versions = {version.name: version for version in content.versions}
    latest = next(version for version in content.versions if version.is_last)
    return doc_route(doc, site.config, site.version_sidebars[doc.version], content.doc_index(doc.version), report,
                     versions[doc.version], (latest, content.doc_index(latest.name)))


def _specs_edited(site: Site, changed: set[Path], specs_dir: Path, registry: dict[str, list[str]],
                  renderer: Renderer) -> Site | None:
    """`site` (which had no problem, not even a warning) after an edit of its specs alone (the files
    `changed`); None when the whole site must be loaded again: anything else changed, or a problem
    was found (the complete load reports it as a cold build does, in its order).

    What reads a spec (load_site, from the spec to the outputs): its validation; the API reference
    routes (its page and Try-it data, the landing page, the downloads); the operation cards of the
    pages, resolved into their data; the pages' API calls and JSON bodies; the lint rules (the specs'
    error codes and enums); the links to its page's anchors; its downloads and the sandbox's
    catalogue; llms.txt, the API page's `.md` twin and llms-full.txt; the search documents of the
    routes it changed (and the search tags of the site data). Each is made again here from the new
    specs, all else is the last good site's. Not taken with translations or docs versions (each
    locale's and version's copy of all this), nor when a spec is added or removed, nor when a page
    that is not a doc has an operation card."""
    if len(site.config.i18n.locales) > 1 or len(site.content.versions) > 1 or not changed \
            or any(file.parent != specs_dir or file.suffix != ".yaml" for file in changed):
        return None
    report = Report()
    specs = load_specs(specs_dir, report)
    if report.problems or [spec.file for spec in specs] != [spec.file for spec in site.specs]:
        return None
    files = dict(site.files) | spec_files(specs)
    finish = finisher(site, specs, report)  # the pages' trees finished with the new specs' operations
    reference = {route.path: route for route in api_routes(specs, site.config, report, files, finish)}
    if {route.path for route in site.routes if route.kind in _REFERENCE_KINDS} != set(reference):
        return None
    # the pages with an operation card: loaded again (from the result cache) and finished again (their
    # cards filled in from the new specs' operations) before their routes are made
    carded = {route.source for route in site.routes if route.kind not in _REFERENCE_KINDS
              and route.rendered is not None and any(use.name == "OperationCard" for use in route.rendered.components)}
    fresh: dict[Path, Doc] = {}
    for doc in site.content.docs:
        if doc.file in carded:
            loaded = load_markdown(doc.file, DocFrontMatter, report)
            if loaded is None:
                return None
            # its diagrams' props filled in again, from the diagrams' cache (their files are the site's)
            render_diagrams([(doc.file, use) for use in loaded.rendered.diagrams], renderer, report)
            finish(doc.file, doc.route, loaded.rendered)
            fresh[doc.file] = replace(doc, rendered=loaded.rendered)
    if set(fresh) != carded:  # a blog post or a page with a card
        return None
    content = replace(site.content, docs=[fresh.get(doc.file, doc) for doc in site.content.docs])
    # an unchanged spec's page is the last good one (the same object: its twin, data and search
    # documents are not made again); the landing page and the downloads list every spec
    unchanged = {spec.file for spec in site.specs if spec.file not in changed}
    routes = [route if route.kind == "apiReference" and route.source in unchanged
              else reference[route.path] if route.kind in _REFERENCE_KINDS
              else _doc_route(site, content, fresh[route.source], report) if route.source in fresh
              else route for route in site.routes]
    # the last good site had no lint problem (no warning): none, if the rules read the same of the
    # specs (the same of each spec changed: `spec_words` is a union, and None if one spec has no codes)
    lint = spec_words([spec for spec in specs if spec.file in changed], site.config.lint) \
        != spec_words([spec for spec in site.specs if spec.file in changed], site.config.lint)
    check_spec_readers(routes, content, specs, registry, site.config, report, dev=True, lint=lint, site=site.name)
    assert site.targets is not None
    targets = LinkTarget.of(routes, site.targets.files, site.redirects)
    check_links(routes, targets, site.config, report)
    catalogue = sandbox_catalogue(specs, report)
    files.pop(CATALOGUE_PATH, None)
    if catalogue is not None:
        files[CATALOGUE_PATH] = catalogue_script(catalogue)
    if report.problems or set(files) != set(site.files):
        return None
    twins = {route.path: site.files[markdown_route(route.path)].decode("utf-8")  # of the routes left as they were
             for route, before in zip(routes, site.routes, strict=True)
             if route is before and markdown_route(route.path) in site.files}
    files.update(llms_files([route for route in routes if route.version in (None, site.content.last_version)],
                            site.sidebars, site.config, known=twins))
    search = site.search
    if site.config.search.enabled:
        navigation = Sidebars(navigation={path: nav for bars in site.version_sidebars.values()
                                          for path, nav in bars.navigation.items()})
        remade = [route for route, before in zip(routes, site.routes, strict=True) if route is not before]
        documents: dict[str, list[SearchDocument]] = {route.path: [] for route in remade}
        for document in search_documents(remade, navigation):
            documents[document.page.route].append(document)
        search = _spliced(site.search, routes, documents)
        if search_tags(search) != search_tags(site.search):  # in the site data
            return None
    return replace(site, specs=specs, content=content, routes=routes, files=files, search=search, targets=targets)


_REFERENCE_KINDS = {"apiLanding", "apiReference", "apiDownloads", "apiChangelog"}  # the routes reference_routes makes


def _llms_after_edit(site: Site, routes: list[Route], route: Route, latest: str) -> dict[str, bytes]:
    """The edited doc's `.md` twin and llms-full.txt with its part replaced (llms.txt lists titles and
    descriptions, which did not change); every llms file made again when its part is not found once.
    (llms-full.txt holds every doc, some 40 MB at 10,000 pages: worked on as bytes, never decoded.)"""
    old_route = next(r for r in site.routes if r.path == route.path)
    old_twin, twin = site.files.get(markdown_route(route.path)), page_markdown(route, site.config)
    full = site.files.get(LLMS_FULL_TXT)
    if old_twin is not None and full is not None:
        old_part = llms_full_part(old_route, old_twin.decode("utf-8"), site.config).encode()
        at = full.find(old_part)
        if at >= 0 and full.find(old_part, at + 1) < 0:
            new_part = llms_full_part(route, twin, site.config).encode()
            whole = memoryview(full)  # the parts joined without copying them first
            return {markdown_route(route.path): twin.encode(),
                    LLMS_FULL_TXT: b"".join((whole[:at], new_part, whole[at + len(old_part):]))}
    return llms_files([r for r in routes if r.version in (None, latest)], site.sidebars, site.config)


def _spliced(documents: list[SearchDocument], routes: list[Route],
             replaced: dict[str, list[SearchDocument]]) -> list[SearchDocument]:
    """The search documents with those of the routes in `replaced` (by route) replaced, in route
    order as `search_documents` makes them (a route's documents are next to each other)."""
    if len(replaced) == 1:
        ((route, replacement),) = replaced.items()
        at = [index for index, document in enumerate(documents) if document.page.route == route]
        if at:
            return documents[:at[0]] + replacement + documents[at[-1] + 1:]
    by_route: dict[str, list[SearchDocument]] = {}  # placed by the routes' order
    for document in documents:
        by_route.setdefault(document.page.route, []).append(document)
    by_route.update(replaced)
    return [document for r in routes for document in by_route.get(r.path, [])]
