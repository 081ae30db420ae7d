"""The route table: every page of the site with the data its layout renders.

A `Route` is one URL path, the layout `kind` that renders it, and `data`: the JSON the front end
receives (prerendered into the HTML for the first load, fetched on client-side navigation). Kinds
and their data are the contract with `frontend/src/layouts/`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import quote

from docsite.config import SiteConfig
from docsite.content import Doc, DocIndex, Page, ReactPage, UnknownDoc
from docsite.errors import Report
from docsite.frontmatter_models import FrontMatter
from docsite.markdown import Rendered
from docsite.sidebars import Crumb, GeneratedIndex, SidebarCategory, SidebarLink, Sidebars
from docsite.site_paths import NOT_FOUND
from docsite.tags import Tag, Tagged, group_by_tag, tag_counts, tagged_title
from docsite.versioned_docs import VersionSource

SearchType = Literal["docs", "blog", "other"]


@dataclass
class SearchSection:
    """A part of a page the site search indexes: a heading and the text under it."""

    anchor: str  # the heading's id; "" for the text before the first heading
    title: str
    text: str
    # the constants this section defines (an API page's error code, its schemas' and operations'
    # enum values, the headers an operation names): search ranks it first for them (docsite.search)
    defines: tuple[str, ...] = ()
    # a definition only (a schema, an error code): indexed by what it defines, not by its text, so it
    # is found by a query for one of its constants and never crowds the answers to other queries
    definition_only: bool = False


@dataclass
class Route:
    path: str
    kind: str
    data: dict[str, Any]
    source: Path | None = None
    rendered: Rendered | None = None  # Markdown routes: for link checks and the search index
    sidebar: str | None = None
    search: SearchType | None = "other"  # None: not indexed (unlisted pages, lists of posts)
    sitemap: bool = True
    anchors: set[str] = field(default_factory=set)  # ids a link may target with #anchor
    # What search indexes for this page; None: derived from `rendered` (Markdown pages). Routes
    # without Markdown (API reference pages) fill it themselves.
    sections: list[SearchSection] | None = None
    version: str | None = None  # docs pages: the docs version they belong to

    @property
    def title(self) -> str:
        return str(self.data.get("title", ""))


def page_meta(config: SiteConfig, path: str, title: str, description: str, *,
              keywords: list[str] | None = None, image: str | None = None,
              og_type: str = "website", noindex: bool = False, json_ld: Any = None,
              alternates: list[dict[str, str]] | None = None) -> dict[str, Any]:
    """What goes into <head>: the title from the site template, description, keywords (the page's,
    else the site's), canonical URL, social tags (image: the page's, else the site's), and optionally
    JSON-LD structured data and alternate links (feeds)."""
    full = title if title == config.title else f"{title} {config.titleDelimiter} {config.title}"
    picture = image or config.themeConfig.image
    meta: dict[str, Any] = {
        "title": full,
        "description": description,
        "canonical": page_url(config, path),
        "keywords": keywords or site_keywords(config),
        "image": absolute_url(config, picture) if picture else None,
        "ogType": og_type,
        "noindex": noindex,
    }
    if json_ld is not None:
        meta["jsonLd"] = json_ld
    if alternates:
        meta["alternates"] = alternates
    return meta


def site_keywords(config: SiteConfig) -> list[str]:
    """The keywords of `themeConfig.metadata`, for pages that name none."""
    for entry in config.themeConfig.metadata:
        if entry.get("name") == "keywords" and entry.get("content"):
            return [k.strip() for k in entry["content"].split(",") if k.strip()]
    return []


def page_url(config: SiteConfig, route: str) -> str:
    """The canonical absolute URL of a route."""
    return absolute_url(config, canonical_route(route, config.trailingSlash))


def breadcrumbs_json_ld(config: SiteConfig, crumbs: list[dict[str, Any]], route: str) -> dict[str, Any]:
    """schema.org BreadcrumbList for search engines: the crumbs that are pages, then this page."""
    items = [(c["label"], page_url(config, c["href"])) for c in crumbs[:-1] if c.get("href")]
    items.append((crumbs[-1]["label"], page_url(config, route)))
    return {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": [{"@type": "ListItem", "position": i, "name": name, "item": url}
                            for i, (name, url) in enumerate(items, start=1)],
    }


def canonical_route(route: str, trailing_slash: bool | None) -> str:
    """The route as the trailing-slash policy spells it."""
    if route == "/" or trailing_slash is None:
        return route
    return route.rstrip("/") + "/" if trailing_slash else route.rstrip("/")


def markdown_route(route: str) -> str:
    """Where a page's Markdown is (docsite.outputs.llms): `/docs/environments` -> `/docs/environments.md`,
    `/docs/` -> `/docs.md`, `/` -> `/index.md`."""
    return f"/{route.strip('/') or 'index'}.md"


def absolute_url(config: SiteConfig, path: str) -> str:
    if path.startswith(("http://", "https://")):
        return path
    return config.url + config.baseUrl.rstrip("/") + "/" + quote(path.lstrip("/"), safe="/#?=&%")


def toc(rendered: Rendered, front: FrontMatter, config: SiteConfig) -> list[dict[str, Any]]:
    """The table of contents: headings from level 2 to 3, or the levels the page or the site sets;
    empty when the page hides it."""
    if front.hide_table_of_contents:
        return []
    toc_config = config.themeConfig.tableOfContents
    low = front.toc_min_heading_level or toc_config.minHeadingLevel
    high = front.toc_max_heading_level or toc_config.maxHeadingLevel
    return [{"id": h.id, "level": h.level, "value": h.value}
            for h in rendered.headings if low <= h.level <= high]


# -- docs ---------------------------------------------------------------------------------------

HOME = {"label": "Home", "href": "/"}


def version_info(version: VersionSource, latest: VersionSource, doc_id: str | None,
                 latest_docs: DocIndex | None) -> dict[str, Any]:
    """What a docs page shows of its version: the badge, and the banner of an unreleased or
    unmaintained version, linking to the same doc in the latest version (else its root)."""
    banner = None
    if version.banner is not None:
        same = latest_docs.docs.get(doc_id) if latest_docs is not None and doc_id else None
        banner = {"kind": version.banner, "latestLabel": latest.label,
                  "latestHref": same.route if same else latest.root}
    return {"name": version.name, "label": version.label, "badge": version.badge, "banner": banner}


def doc_route(doc: Doc, config: SiteConfig, sidebars: Sidebars, docs: DocIndex, report: Report,
              version: VersionSource | None = None, latest: tuple[VersionSource, DocIndex] | None = None) -> Route:
    """A doc's page. `version` is the version the doc belongs to (None: a site without versions,
    the docs root's); `latest` the last version and its docs, for the banner's link and the
    canonical URL (the same doc in the latest version)."""
    front = doc.front
    base = version.base if version else config.docs.routeBasePath.rstrip("/")
    same_latest = latest[1].docs.get(doc.id) if latest and version and not version.is_last else None
    canonical = same_latest.route if same_latest else doc.route
    nav = sidebars.navigation.get(doc.route)
    crumbs = [c.to_json() for c in nav.breadcrumbs] if nav else [Crumb(doc.title, None).to_json()]
    edit_url = front.custom_edit_url or (
        config.docs.editUrl.rstrip("/") + "/" + doc.path if config.docs.editUrl else None)
    hidden = front.unlisted or front.draft
    noindex = hidden or (version is not None and version.noindex)
    meta = page_meta(config, doc.route, doc.title, doc.description, keywords=front.keywords,
                     image=front.image, og_type="article", noindex=noindex,
                     json_ld=breadcrumbs_json_ld(config, [HOME, *crumbs], doc.route))
    meta["canonical"] = page_url(config, canonical)
    data = {
        "kind": "doc",
        "meta": meta,
        "title": doc.title,
        "content": doc.rendered.tree,
        "toc": toc(doc.rendered, front, config),
        "doc": {
            "id": doc.id,
            "version": doc.version,
            "versionInfo": version_info(version, latest[0], doc.id, latest[1]) if version and latest else None,
            "sidebar": nav.sidebar if nav else None,
            "breadcrumbs": [HOME, *crumbs],
            "prev": _pagination(doc, "pagination_prev", nav.prev if nav else None, docs, report),
            "next": _pagination(doc, "pagination_next", nav.next if nav else None, docs, report),
            "lastUpdated": doc.last_updated,
            "editUrl": edit_url,
            "tags": [Tag.of(t).link(base) for t in front.tags],
            "hideTitle": front.hide_title,
            "draft": front.draft,
            "unlisted": front.unlisted,
            "markdown": markdown_route(doc.route),
        },
    }
    in_sitemap = not hidden and (version is None or version.in_sitemap)
    return Route(doc.route, "doc", data, doc.file, doc.rendered, nav.sidebar if nav else None,
                 search=None if hidden else "docs", sitemap=in_sitemap, anchors=doc.rendered.anchors,
                 version=doc.version)


def _pagination(doc: Doc, key: str, default: SidebarLink | None, docs: DocIndex,
                report: Report) -> dict[str, str] | None:
    """The previous or next link: the sidebar's neighbour, unless the front matter names another
    doc (`pagination_next: other/doc`) or none (`pagination_next: null`). A draft target hides it."""
    front = doc.front
    if key in front.model_fields_set:
        target_id = getattr(front, key)
        if target_id is None:
            return None
        try:
            target = docs.find(target_id)
        except UnknownDoc as exc:
            report.error(f"{key}: {exc}", doc.file, doc.line_of(key),
                         "use one of the ids above, or null to hide the link")
            return None
        if target is None:
            return None
        return {"label": target.front.pagination_label or target.sidebar_label, "href": target.route}
    if default is None:
        return None
    target = docs.docs.get(default.doc_id) if default.doc_id else None
    label = (target.front.pagination_label if target else None) or default.label
    return {"label": label, "href": default.href}


def doc_tag_routes(docs: list[Doc], config: SiteConfig, report: Report,
                   version: VersionSource | None = None) -> list[Route]:
    """`/docs/tags`, every tag of the docs with its count, and `/docs/tags/<tag>`, the docs carrying
    it with their descriptions, as Docusaurus has them: unlisted docs are left out of a tag's page,
    and a tag only unlisted docs carry has an unlisted page (out of the sitemap and the tag list)."""
    for doc in docs:
        for tag in map(Tag.of, doc.front.tags):
            if not tag.key:
                report.error(f"the tag '{tag.label}' has no letter or digit to make its address of",
                             doc.file, doc.line_of("tags"), "give it a word, or write {label: ..., permalink: /name}")
    groups = [g for g in group_by_tag(docs, lambda d: map(Tag.of, d.front.tags)) if g.tag.key]
    if not groups:
        return []
    base = version.base if version else config.docs.routeBasePath.rstrip("/")
    in_sitemap = version is None or version.in_sitemap
    pages = []
    for group in groups:
        listed = [d for d in group.items if not d.front.unlisted]
        pages.append((group, sorted(listed or group.items, key=lambda d: d.title.lower()), not listed))
    routes = [Route(f"{base}/tags", "docTags", {
        "kind": "docTags",
        "meta": page_meta(config, f"{base}/tags", "Tags", "Every tag of the documentation, with its pages."),
        "title": "Tags",
        "tags": tag_counts(base, [Tagged(group.tag, shown) for group, shown, unlisted in pages if not unlisted]),
    }, search=None, sitemap=in_sitemap)]
    for group, shown, unlisted in pages:
        label, path = group.tag.label, group.tag.href(base)
        title = tagged_title(len(shown), "doc", label)
        routes.append(Route(path, "docTag", {
            "kind": "docTag",
            "meta": page_meta(config, path, title, f"The documentation pages tagged with {label}.", noindex=unlisted),
            "title": title,
            "tag": {"label": label, "allTagsHref": f"{base}/tags"},
            "docs": [{"title": d.title, "href": d.route, "description": d.description} for d in shown],
        }, search=None, sitemap=in_sitemap and not unlisted))
    return routes


def category_index_route(index: GeneratedIndex, config: SiteConfig, sidebars: Sidebars, docs: DocIndex,
                         version: VersionSource | None = None) -> Route:
    nav = sidebars.navigation.get(index.route)
    cards = [_card(item, docs) for item in index.category.items]
    description = index.description or f"Every page in {index.title}."
    crumbs = [HOME, *(c.to_json() for c in (nav.breadcrumbs if nav else [Crumb(index.title, None)]))]
    data = {
        "kind": "docCategory",
        "meta": page_meta(config, index.route, index.title, description, keywords=index.keywords,
                          image=index.image, json_ld=breadcrumbs_json_ld(config, crumbs, index.route)),
        "title": index.title,
        "description": index.description,
        "items": cards,
        "doc": {
            "id": None,
            "version": version.name if version else "current",
            "sidebar": nav.sidebar if nav else None,
            "breadcrumbs": crumbs,
            "prev": {"label": nav.prev.label, "href": nav.prev.href} if nav and nav.prev else None,
            "next": {"label": nav.next.label, "href": nav.next.href} if nav and nav.next else None,
        },
    }
    return Route(index.route, "docCategory", data, None, None, nav.sidebar if nav else None, search=None,
                 sitemap=version is None or version.in_sitemap, version=version.name if version else None)


def _card(item: SidebarCategory | SidebarLink, docs: DocIndex) -> dict[str, Any]:
    """A card of a category's index page: a doc with its description, a category with its size, a link."""
    if isinstance(item, SidebarCategory):
        count = len(item.items)
        return {"type": "category", "label": item.label, "href": item.href or _first_href(item),
                "description": f"{count} item{'s' if count != 1 else ''}"}
    doc = docs.docs.get(item.doc_id or "")
    return {"type": "link" if doc else "external", "label": item.label, "href": item.href,
            "description": doc.description if doc else None}


def _first_href(category: SidebarCategory) -> str:
    for child in category.items:
        href = child.href if isinstance(child, SidebarLink) else (child.href or _first_href(child))
        if href:
            return href
    return ""


# -- pages --------------------------------------------------------------------------------------

def page_route(page: Page, config: SiteConfig) -> Route:
    front = page.front
    data = {
        "kind": "page",
        "meta": page_meta(config, page.route, page.title, page.description, keywords=front.keywords,
                          image=front.image, noindex=front.unlisted),
        "title": page.title,
        "content": page.rendered.tree,
        "toc": toc(page.rendered, front, config),
        "hideFooter": front.hide_footer,
    }
    return Route(page.route, "page", data, page.file, page.rendered,
                 search=None if front.unlisted else "other", sitemap=not front.unlisted,
                 anchors=page.rendered.anchors)


def react_route(page: ReactPage, config: SiteConfig) -> Route:
    spec = page.page
    data = {
        "kind": "react",
        "component": spec.component,
        "meta": page_meta(config, page.route, spec.title, spec.description, keywords=spec.keywords,
                          image=spec.image),
        "title": spec.title,
        "props": spec.props,
        "hideFooter": spec.hide_footer,
    }
    return Route(page.route, "react", data, page.file, search=None)


def not_found_route(config: SiteConfig) -> Route:
    title = "Page not found"
    data = {
        "kind": "notFound",
        "meta": page_meta(config, NOT_FOUND, title, "We could not find what you were looking for.", noindex=True),
        "title": title,
    }
    return Route(NOT_FOUND, "notFound", data, search=None, sitemap=False)
