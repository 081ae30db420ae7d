"""Stage 5, write: every file of a site into a staging folder, each page given to the prerender
(docsite.prerender) as soon as its data is written, and the files a page reads first."""

from __future__ import annotations

import ctypes
import shutil
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from pathlib import Path

from docsite.cache import results
from docsite.content_files import read_bytes
from docsite.frontend import Frontend
from docsite.outputs.sitemap import robots, sitemap
from docsite.redirects import fallback_page
from docsite.routes import Route
from docsite.search import TermCache, search_index_parts
from docsite.search.languages import language_of
from docsite.search.pagefind import pagefind_files
from docsite.site_paths import docs_data_path, html_path, page_data_path, page_sidebar_path, sidebar_data_path
from docsite.stages.site import Progress, Site
from docsite.versioned_docs import CURRENT, PLUGIN_ID
from docsite.versions import versions_data
from docsite.writing.files import copy_tree, json_bytes, static_files
from docsite.writing.reuse import NO_PREVIOUS, Previous, finish_layout, reuse_pages


def write_site(site: Site, staging: Path, frontend: Frontend, progress: Progress, previous: Previous = NO_PREVIOUS,
               written: Callable[[Path], None] | None = None,
               render: Callable[[Path, list[dict[str, str]]], None] | None = None) -> list[dict[str, str]]:
    """Write everything but the HTML, and give `render` each route to prerender as soon as its
    page data is written (the site's and sidebars' data first): every route's, but those whose HTML
    the previous build had for the same inputs (`previous`: docsite.writing.reuse, which links it). Pages
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
    return {path.lstrip("/"): read_bytes(site.static_dir / path.lstrip("/"))
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
    if site.search_engine == "pagefind":
        yield from ((path, iter([data])) for path, data in
                    pagefind_files(site.search, site.config.search, site.site_data["i18n"]["htmlLang"]))
        return
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

