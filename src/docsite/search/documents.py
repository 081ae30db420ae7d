"""What search indexes: one document per section of every indexed page.

A section is a heading and the text under it, down to the next heading of any level; the text
before the first heading is the page's own section, titled with the page's title. Routes without
Markdown (API reference pages) give their sections in `Route.sections`. Code blocks are left out:
results show text snippets, and code would make the index several times larger.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from docsite.cache import Derived
from docsite.markdown import Rendered
from docsite.markdown.text import Node, plain_text_unless
from docsite.routes import Route, SearchSection, SearchType
from docsite.sidebars import Sidebars

_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


@dataclass(frozen=True)
class SearchPage:
    """What the sections of one page share."""

    route: str
    title: str
    type: SearchType
    tags: tuple[str, ...]  # the page's tags (front matter `tags`, a blog post's tags)
    keywords: tuple[str, ...]  # the page's keywords (front matter `keywords`)
    parent_categories: tuple[str, ...]  # the sidebar categories above the page, outermost first
    version: str | None = None  # docs pages: their docs version (one index per version)

    @property
    def tag(self) -> str:
        """The index file it goes in: `docs-default-<version>`, `blog` or `default`."""
        if self.type == "docs":
            return f"docs-default-{self.version or 'current'}"
        return "blog" if self.type == "blog" else "default"


@dataclass(frozen=True)
class SearchDocument:
    page: SearchPage
    anchor: str  # "" for the page's own section
    title: str
    content: str
    defines: tuple[str, ...] = ()  # the constants it defines: API pages' sections (SearchSection.defines)
    definition_only: bool = False  # indexed by `defines` only (SearchSection.definition_only)

    @property
    def section_route(self) -> str:
        return f"{self.page.route}#{self.anchor}" if self.anchor else self.page.route


def search_documents(routes: list[Route], sidebars: Sidebars) -> list[SearchDocument]:
    """The documents of every route that search indexes, in route order. A page's sections are the
    previous build's when its rendered Markdown is the same (docsite.cache.Derived: by the page's
    `Rendered.identity`)."""
    documents: list[SearchDocument] = []
    derived = Derived.of("search-sections")
    for route in routes:
        if route.search is None:
            continue
        definitions: dict[str, SearchSection] = {}
        if route.sections is not None:
            sections = [(s.anchor, s.title, s.text) for s in route.sections]
            definitions = {s.anchor: s for s in route.sections if s.defines}
        elif (rendered := route.rendered) is not None:
            identity = rendered.identity()  # what split_sections reads: the tree and its headings
            inputs = identity if identity is not None else (rendered.tree, [(h.id, h.text) for h in rendered.headings])
            sections = derived.get(Derived.key(inputs), partial(_section_parts, rendered))
        else:
            continue
        page = SearchPage(route.path, route.title, route.search, _tags(route), _keywords(route),
                          _parent_categories(route, sidebars), route.version)
        documents += [SearchDocument(page, anchor, title or page.title, text, *_defined(definitions.get(anchor)))
                      for anchor, title, text in sections]
    return documents


def _defined(section: SearchSection | None) -> tuple[tuple[str, ...], bool]:
    return ((), False) if section is None else (section.defines, section.definition_only)


def _section_parts(rendered: Rendered) -> list[tuple[str, str, str]]:
    """`split_sections` as tuples (anchor, title, text): kept between builds, they are read ten
    times faster than the objects (0.9 s at 10,000 pages)."""
    return [(section.anchor, section.title, section.text) for section in split_sections(rendered)]


def split_sections(rendered: Rendered) -> list[SearchSection]:
    """The page's own section (anchor "", title "": the page's title), then one per heading."""
    headings = {h.id: h.text for h in rendered.headings}
    sections = [SearchSection("", "", "")]
    parts: list[list[str]] = [[]]
    _visit(rendered.tree, headings, sections, parts)
    for section, texts in zip(sections, parts, strict=True):
        section.text = " ".join(" ".join(texts).split())
    return sections


def _visit(nodes: list[Node], headings: dict[str, str], sections: list[SearchSection], parts: list[list[str]]) -> None:
    """split_sections' walk of `nodes`. (A function of the module, not a closure calling itself: that
    is a reference cycle, which kept every page's sections alive until the collector ran, and it does
    not run while the site is loaded: docsite.gc_pause.)"""
    heading = partial(_is_heading, headings=headings)
    for node in nodes:
        if isinstance(node, list) and heading(node):
            anchor = node[1]["id"]
            sections.append(SearchSection(anchor, headings[anchor], ""))
            parts.append([])
            continue
        text = plain_text_unless([node], heading)
        if text is None:
            _visit(node[2:], headings, sections, parts)  # a heading in a container (tabs, admonition) starts one too
        else:
            parts[-1].append(text)


def _is_heading(node: list[Node], headings: dict[str, str]) -> bool:
    return node[0] in _HEADINGS and (node[1] or {}).get("id") in headings


def _tags(route: Route) -> tuple[str, ...]:
    data = route.data
    tags = [tag["label"] for tag in [*data.get("doc", {}).get("tags", []), *data.get("post", {}).get("tags", [])]]
    return tuple(dict.fromkeys(tags))


def _keywords(route: Route) -> tuple[str, ...]:
    return tuple(dict.fromkeys(route.data.get("meta", {}).get("keywords", [])))


def _parent_categories(route: Route, sidebars: Sidebars) -> tuple[str, ...]:
    nav = sidebars.navigation.get(route.path)
    if nav is None:
        return ()
    crumbs = nav.breadcrumbs[:-1] if nav.breadcrumbs and nav.breadcrumbs[-1].href == route.path else nav.breadcrumbs
    return tuple(crumb.label for crumb in crumbs)
