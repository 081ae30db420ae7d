"""Link checking, once every route is known. It reads the pages' trees, whose `.md` links and images
docsite.link_targets resolved before their routes were made, and changes nothing.

- A relative `.md` link (`../authentication/index.md#scopes`) names the route of that file; a
  broken one is reported per `onBrokenMarkdownLinks` (default: warn).
- A link to a route of this site that does not exist is reported per `onBrokenLinks` (default:
  fail the build). Every broken link of the run is listed with file:line and target.
- A link to a missing `#anchor` of an existing page is reported per `onBrokenAnchors` (default: warn).
- An image, and a blog author's picture, must be a file of the site (an error otherwise).
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

from docsite.config import SiteConfig
from docsite.content import Author
from docsite.errors import Report
from docsite.link_targets import image_path, is_external, markdown_link_route, resolved
from docsite.markdown import MARKDOWN_SUFFIXES, Reference
from docsite.redirects import Redirect
from docsite.routes import Route


@dataclass
class LinkTarget:
    """Everything a link may point at: routes (with their anchors) and files."""

    routes: dict[str, Route]
    files: set[str]            # site paths of static and generated files: "/img/logo.svg"
    sources: dict[Path, str]   # Markdown file -> its route
    redirects: dict[str, str] = field(default_factory=dict)  # moved page's old path -> its new place

    @classmethod
    def of(cls, routes: Iterable[Route], files: Iterable[str], redirects: Iterable[Redirect] = ()) -> LinkTarget:
        table: dict[str, Route] = {}
        sources: dict[Path, str] = {}
        folders: dict[Path, Path] = {}  # each folder resolved once
        for route in routes:
            table[normalize(route.path)] = route
            if route.source is not None and route.source.suffix in MARKDOWN_SUFFIXES:
                sources[resolved(route.source, folders)] = route.path
        return cls(table, set(files), sources, {r.source: r.target for r in redirects})

    def route(self, path: str) -> Route | None:
        path = normalize(path)
        found = self.routes.get(path)
        if found is None:
            for suffix in ("/index.html", ".html"):
                if path.endswith(suffix):
                    found = self.routes.get(normalize(path[: -len(suffix)] or "/"))
                    break
        return found


def normalize(path: str) -> str:
    """Routes compare without their trailing slash: `/docs/` and `/docs` are one page."""
    return path.rstrip("/") or "/"


def check_links(routes: list[Route], targets: LinkTarget, config: SiteConfig, report: Report) -> None:
    for route in routes:
        if route.rendered is None or route.source is None:
            continue
        for ref in route.rendered.links:
            _check(ref, route, targets, config, report)
        for ref in route.rendered.images:
            _check_image(ref, route, targets, report)


def check_config_links(links: list[tuple[str, Path, int]], targets: LinkTarget, config: SiteConfig,
                       report: Report) -> None:
    """Links from the site configuration (navbar, footer): (target, file, line)."""
    for target, file, line in links:
        path = urlsplit(target).path
        moved = targets.redirects.get(normalize(path))
        if moved is not None:
            _warn_moved(report, target, moved, file, line)
        elif not targets.route(path) and path not in targets.files:
            _report(report, config.onBrokenLinks, f"broken link to '{target}': no page has this route", file, line,
                    "fix the 'to' value, or add the page")


def _check(ref: Reference, route: Route, targets: LinkTarget, config: SiteConfig, report: Report) -> None:
    target = ref.target
    file = route.source
    assert file is not None
    if not target or is_external(target):
        return  # external, mailto:, tel:...
    parts = urlsplit(target)
    path, anchor = unquote(parts.path), parts.fragment
    if not path:  # "#anchor" on this page
        if anchor and anchor not in route.anchors:
            _report(report, config.onBrokenAnchors, f"broken anchor '#{anchor}': no heading or element "
                    "on this page has that id", file, ref.line, "fix the anchor (headings' ids are their slugs)")
        return
    if path.endswith((".md", ".mdx")) and not path.startswith("/"):
        route_path = markdown_link_route(target, file, targets.sources)
        if route_path is None:
            _report(report, config.onBrokenMarkdownLinks,
                    f"broken Markdown link '{target}': no page comes from {(file.parent / path).resolve()}", file,
                    ref.line, "fix the relative path to the .md file")
            return
        path = urlsplit(route_path).path
    elif not path.startswith("/"):
        base = route.path if route.path.endswith("/") else posixpath.dirname(route.path) + "/"
        path = posixpath.normpath(posixpath.join(base, path)) + ("/" if path.endswith("/") else "")
    found = targets.route(path)
    if found is None:
        if path in targets.files:
            return
        moved = targets.redirects.get(normalize(path))
        if moved is not None:
            _warn_moved(report, target, moved, file, ref.line)
            return
        _report(report, config.onBrokenLinks, f"broken link to '{target}': no page has the route '{path}'",
                file, ref.line, "fix the link (a route such as /docs/environments, or a relative .md path)")
        return
    if anchor and anchor not in found.anchors:
        _report(report, config.onBrokenAnchors, f"broken anchor in '{target}': the page {found.path} has no "
                f"element with id '{anchor}'", file, ref.line, "fix the anchor (headings' ids are their slugs)")


def _check_image(ref: Reference, route: Route, targets: LinkTarget, report: Report) -> None:
    path = image_path(ref.target, route.path)
    if path is not None and path not in targets.files:
        report.error(f"image not found: '{ref.target}'", route.source, ref.line,
                     "put the image in content/static/ and write its path from the site root (/img/x.png)")


def check_author_images(authors: Iterable[Author], targets: LinkTarget, report: Report) -> None:
    """A blog author's `image_url` on this site must be a static file, like any other image."""
    for author in authors:
        src = author.image_url
        if not src or is_external(src):
            continue
        path = "/" + unquote(urlsplit(src).path).lstrip("/")
        if path not in targets.files:
            report.error(f"author image not found: '{src}' ({author.name})", author.file, author.line,
                         "put the image in content/static/ and write its path from the site root "
                         "(/img/authors/name.png), or use a full https:// URL")


def _warn_moved(report: Report, target: str, moved: str, file: Path | None, line: int | None) -> None:
    """A link to a moved page's old path works (it redirects), but should name the new one."""
    report.warn(f"link to '{target}' goes through a redirect: the page moved to '{moved}'", file, line,
                f"link to '{moved}' instead")


def _report(report: Report, policy: str, message: str, file: Path | None, line: int | None, fix: str) -> None:
    if policy == "throw":
        report.error(message, file, line, fix)
    elif policy == "warn":
        report.warn(message, file, line, fix)
