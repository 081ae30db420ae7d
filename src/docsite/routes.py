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
from docsite.content import Doc, Page, ReactPage
from docsite.errors import Report
from docsite.markdown import Rendered
from docsite.sidebars import GeneratedIndex, SidebarCategory, Sidebars, doc_not_found

SearchType = Literal["docs", "blog", "other"]
NOT_FOUND = "/404"


@dataclass
class SearchSection:
    """A part of a page the site search indexes: a heading and the text under it."""

    anchor: str  # the heading's id; "" for the text before the first heading
    title: str
    text: str


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

    @property
    def title(self) -> str:
        return str(self.data.get("title", ""))


def page_meta(config: SiteConfig, path: str, title: str, description: str, *,
              keywords: list[str] | None = None, image: str | None = None,
              og_type: str = "website", noindex: bool = False) -> dict[str, Any]:
    """What goes into <head>: the title from the site template, description, canonical, social tags."""
    full = title if title == config.title else f"{title} {config.titleDelimiter} {config.title}"
    picture = image or config.themeConfig.image
    return {
        "title": full,
        "description": description,
        "canonical": absolute_url(config, canonical_route(path, config.trailingSlash)),
        "keywords": keywords or [],
        "image": absolute_url(config, picture) if picture else None,
        "ogType": og_type,
        "noindex": noindex,
    }


def canonical_route(route: str, trailing_slash: bool | None) -> str:
    """The route as the trailing-slash policy spells it."""
    if route == "/" or trailing_slash is None:
        return route
    return route.rstrip("/") + "/" if trailing_slash else route.rstrip("/")


def absolute_url(config: SiteConfig, path: str) -> str:
    if path.startswith(("http://", "https://")):
        return path
    return config.url + config.baseUrl.rstrip("/") + "/" + quote(path.lstrip("/"), safe="/#?=&%")


def toc(rendered: Rendered, low: int, high: int) -> list[dict[str, Any]]:
    return [{"id": h.id, "level": h.level, "value": h.value}
            for h in rendered.headings if low <= h.level <= high]


# -- docs ---------------------------------------------------------------------------------------

def doc_route(doc: Doc, config: SiteConfig, sidebars: Sidebars, docs_by_id: dict[str, Doc],
              report: Report) -> Route:
    front = doc.front
    nav = sidebars.navigation.get(doc.route)
    toc_config = config.themeConfig.tableOfContents
    low = front.toc_min_heading_level or toc_config.minHeadingLevel
    high = front.toc_max_heading_level or toc_config.maxHeadingLevel
    home = {"label": "Home", "href": "/"}
    breadcrumbs = [home, *(c.to_json() for c in nav.breadcrumbs)] if nav else [home, {"label": doc.title, "href": None}]
    prev = _pagination(doc, "pagination_prev", nav.prev if nav else None, docs_by_id, report)
    nxt = _pagination(doc, "pagination_next", nav.next if nav else None, docs_by_id, report)
    edit_url = front.custom_edit_url or (
        config.docs.editUrl.rstrip("/") + "/" + doc.file.as_posix().split("/docs/", 1)[-1]
        if config.docs.editUrl else None)
    data = {
        "kind": "doc",
        "meta": page_meta(config, doc.route, doc.title, doc.description, keywords=front.keywords,
                          image=front.image, og_type="article", noindex=front.unlisted or front.draft),
        "title": doc.title,
        "content": doc.rendered.tree,
        "toc": [] if front.hide_table_of_contents else toc(doc.rendered, low, high),
        "doc": {
            "id": doc.id,
            "version": "current",
            "sidebar": nav.sidebar if nav else None,
            "breadcrumbs": breadcrumbs,
            "prev": prev,
            "next": nxt,
            "lastUpdated": doc.last_updated,
            "editUrl": edit_url,
            "tags": front.tags,
            "hideTitle": front.hide_title,
            "draft": front.draft,
            "unlisted": front.unlisted,
        },
    }
    return Route(doc.route, "doc", data, doc.file, doc.rendered, nav.sidebar if nav else None,
                 search=None if front.unlisted or front.draft else "docs",
                 sitemap=not (front.unlisted or front.draft), anchors=doc.rendered.anchors)


def _pagination(doc: Doc, key: str, default: Any, docs_by_id: dict[str, Doc],
                report: Report) -> dict[str, str] | None:
    front = doc.front
    if key in front.model_fields_set:
        target_id = getattr(front, key)
        if target_id is None:
            return None  # `pagination_next: null` hides the link
        target = docs_by_id.get(target_id)
        if target is None:
            report.error(f"{key}: {doc_not_found(target_id, list(docs_by_id))}", doc.file, 1)
            return None
        return {"label": target.front.pagination_label or target.sidebar_label, "href": target.route}
    if default is None:
        return None
    target = docs_by_id.get(default.doc_id) if default.doc_id else None
    label = (target.front.pagination_label if target else None) or default.label
    return {"label": label, "href": default.href}


def category_index_route(index: GeneratedIndex, config: SiteConfig, sidebars: Sidebars,
                         docs_by_id: dict[str, Doc]) -> Route:
    nav = sidebars.navigation.get(index.route)
    cards = []
    for item in index.category.items:
        doc = docs_by_id.get(item.doc_id or "")
        cards.append({"label": item.label, "href": item.href,
                      "description": doc.description if doc else None,
                      "type": "category" if isinstance(item, SidebarCategory) else "link"})
    description = index.description or f"Every page in {index.title}."
    data = {
        "kind": "docCategory",
        "meta": page_meta(config, index.route, index.title, description),
        "title": index.title,
        "description": index.description,
        "items": cards,
        "doc": {
            "id": None,
            "version": "current",
            "sidebar": nav.sidebar if nav else None,
            "breadcrumbs": [{"label": "Home", "href": "/"}, *(c.to_json() for c in (nav.breadcrumbs if nav else []))],
            "prev": {"label": nav.prev.label, "href": nav.prev.href} if nav and nav.prev else None,
            "next": {"label": nav.next.label, "href": nav.next.href} if nav and nav.next else None,
        },
    }
    return Route(index.route, "docCategory", data, None, None, nav.sidebar if nav else None, search=None)


# -- pages --------------------------------------------------------------------------------------

def page_route(page: Page, config: SiteConfig) -> Route:
    front = page.front
    toc_config = config.themeConfig.tableOfContents
    low = front.toc_min_heading_level or toc_config.minHeadingLevel
    high = front.toc_max_heading_level or toc_config.maxHeadingLevel
    data = {
        "kind": "page",
        "meta": page_meta(config, page.route, page.title, page.description, keywords=front.keywords,
                          image=front.image, noindex=front.unlisted),
        "title": page.title,
        "content": page.rendered.tree,
        "toc": [] if front.hide_table_of_contents else toc(page.rendered, low, high),
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
