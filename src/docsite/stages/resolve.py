"""Stage 2, resolve: each page's tree finished, then the routes made from the pages, final when made.

A page's tree is finished here, once, before its route is made: its diagrams drawn (docsite.diagrams:
their SVGs' paths and sizes in their props), its operation cards filled in (docsite.openapi.cards),
its `.md` links and images resolved to their routes and files (docsite.link_targets). The API pages'
trees are made with their routes (and kept with them in the result cache: docsite.openapi.reference),
so theirs are finished as soon as they are made, before this stage returns. Nothing after this stage
changes a tree or a route's data: the checks only read them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from docsite.blog import blog_routes
from docsite.checks.links import LinkTarget
from docsite.config import CONFIG_FILE, SiteConfig
from docsite.content import BlogPost, Doc, Page
from docsite.diagrams import render_diagrams
from docsite.errors import Report
from docsite.i18n import hreflang_links
from docsite.link_targets import PageTargets, resolve_links
from docsite.markdown import MARKDOWN_SUFFIXES, Rendered
from docsite.openapi.cards import operation_index, resolve_operation_cards
from docsite.openapi.reference import ApiSpec, reference_routes, spec_files
from docsite.redirects import collect_redirects
from docsite.routes import (
    Route,
    category_index_route,
    doc_route,
    doc_tag_routes,
    not_found_route,
    page_route,
    react_route,
)
from docsite.stages.load import LoadedSite
from docsite.stages.site import Paths, Site
from docsite.versions import docs_version
from docsite.writing.files import static_files
from docsite.yamlfile import load_yaml_file


def resolve(loaded: LoadedSite, paths: Paths, report: Report) -> Site:
    """Finish every page's tree (`finish_tree`, the diagrams drawn for the whole site at once), make
    the routes (`make_routes`), collect the redirects and what links may point at. Problems (a
    diagram that does not draw, an unknown operation, a redirect) go to `report`."""
    content, specs = loaded.content, loaded.specs
    pages: list[Doc | BlogPost | Page] = [*content.docs, *content.posts, *content.pages]
    diagrams = render_diagrams([(page.file, use) for page in pages for use in page.rendered.diagrams],
                               paths.diagram_renderer(), report)
    static_dir = paths.content / "static"
    files = spec_files(specs) | diagrams.files
    targets = PageTargets.of([(page.file, page.route) for page in pages if page.file.suffix in MARKDOWN_SUFFIXES],
                             static_files(static_dir) | set(files), static_dir)
    operations = operation_index(specs)
    for page in pages:
        finish_tree(page.file, page.route, page.rendered, specs, operations, targets, report)
    routes = make_routes(loaded, report, files, lambda source, route, rendered: finish_tree(
        source, route, rendered, specs, operations, targets, report))
    config_file = load_yaml_file(paths.content / CONFIG_FILE)
    redirects = collect_redirects(loaded.config, config_file, content, routes, report)
    link_targets = LinkTarget.of(routes, static_files(static_dir) | set(files), redirects)
    latest = next(v for v in content.versions if v.is_last)
    versions = [docs_version(v, loaded.indexes[v.name], loaded.version_sidebars[v.name]) for v in content.versions]
    return Site(loaded.config, content, loaded.version_sidebars[latest.name], versions, specs, routes, {}, static_dir,
                files, [], redirects, loaded.version_sidebars, link_targets, loaded.name)


def finish_tree(source: Path | None, route: str, rendered: Rendered | None, specs: list[ApiSpec],
                operations: dict[str, dict[str, Any]], targets: PageTargets, report: Report) -> None:
    """Fill in a page's operation cards and resolve its links and images (`source`: the file it was
    rendered from; `route`: its path). Its diagrams are drawn for the whole site at once (`resolve`)."""
    if rendered is None or source is None:
        return
    resolve_operation_cards(source, rendered, specs, report, operations)
    resolve_links(source, route, rendered, targets)


Finish = Callable[[Path | None, str, Rendered | None], None]  # (source, route, rendered): `finish_tree`'s


def finisher(site: Site, specs: list[ApiSpec], report: Report) -> Finish:
    """`finish_tree` with the link targets of `site` and the operations of `specs`: for the pages the
    dev server loads again after an edit (docsite.servers.incremental)."""
    assert site.targets is not None
    targets = PageTargets(site.targets.sources, site.targets.files, site.static_dir)
    operations = operation_index(specs)
    return lambda source, route, rendered: finish_tree(source, route, rendered, specs, operations, targets, report)


def api_routes(specs: list[ApiSpec], config: SiteConfig, report: Report, files: dict[str, bytes],
               finish: Finish) -> list[Route]:
    """The API reference's routes (docsite.openapi.reference), each page's tree finished as soon as
    it is made; each API's Try-it data goes into `files`."""
    routes = reference_routes(specs, config, report, files)
    for route in routes:
        finish(route.source, route.path, route.rendered)
    return routes


def make_routes(loaded: LoadedSite, report: Report, files: dict[str, bytes], finish: Finish) -> list[Route]:
    """Every route of the site, from its pages (their trees finished) and specs: each docs version's
    docs, category indexes and tag pages, the blog's, the pages, the React pages, the API reference
    (`finish` finishes its pages' trees; each API's Try-it data goes into `files`), the 404 page.
    With several locales, each route's head links its translations (`hreflang`), and a page that
    is not translated says so."""
    config, content, locale = loaded.config, loaded.content, loaded.locale
    latest = next(v for v in content.versions if v.is_last)
    routes: list[Route] = []
    for version in content.versions:
        index, version_bars = loaded.indexes[version.name], loaded.version_sidebars[version.name]
        version_docs = [d for d in content.docs if d.version == version.name]
        routes += [doc_route(d, config, version_bars, index, report, version, (latest, loaded.indexes[latest.name]))
                   for d in version_docs]
        routes += [category_index_route(g, config, version_bars, index, version) for g in version_bars.generated]
        routes += doc_tag_routes(version_docs, config, report, version)
    routes += blog_routes(content.posts, content.authors, config, report)
    routes += [page_route(p, config) for p in content.pages]
    routes += [react_route(p, config) for p in content.react_pages]
    routes += api_routes(loaded.specs, config, report, files, finish)
    routes.append(not_found_route(config))
    if len(config.i18n.locales) > 1:
        for route in routes:
            route.data.setdefault("meta", {})["hreflang"] = hreflang_links(loaded.root_config, route.path)
            if locale is not None and route.source is not None and route.source in locale.untranslated:
                route.data["untranslated"] = {"language": config.i18n.locale(config.i18n.defaultLocale).label}
    return routes
