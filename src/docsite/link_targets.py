"""Each page's link and image targets, resolved in its tree before its route is made.

- A relative `.md` link (`../authentication/index.md#scopes`) becomes the route of that file
  (`/docs/authentication#scopes`).
- An image becomes its path in the site (`img/x.png` on `/docs/a/b` -> `/docs/a/img/x.png`), with
  its intrinsic `width` and `height` read from the file, so the page does not shift as it loads.

What cannot be resolved is left as it was written, for docsite.checks.links to report (with every
other broken link, anchor and image) once every route is known.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from docsite.images import image_size
from docsite.markdown import Rendered

SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)


@dataclass
class PageTargets:
    """What a page's links and images may resolve to: the Markdown files' routes and the site's files."""

    sources: dict[Path, str]  # Markdown file (resolved) -> its route
    files: set[str]  # site paths of static and generated files: "/img/logo.svg"
    static_dir: Path | None = None  # where the static files are, to read images' sizes

    @classmethod
    def of(cls, pages: Iterable[tuple[Path, str]], files: Iterable[str], static_dir: Path | None) -> PageTargets:
        """`pages`: each Markdown file with its route."""
        folders: dict[Path, Path] = {}
        return cls({resolved(file, folders): route for file, route in pages}, set(files), static_dir)

    def image_size(self, path: str) -> tuple[int, int] | None:
        return image_size(self.static_dir / path.lstrip("/")) if self.static_dir else None


def resolved(file: Path, folders: dict[Path, Path]) -> Path:
    """`file.resolve()`, its folder's resolved path looked up in `folders` (and kept there): a page's
    path has a dozen parts to read."""
    if file.is_symlink():
        return file.resolve()
    folder = folders.get(file.parent)
    if folder is None:
        folder = folders[file.parent] = file.parent.resolve()
    return folder / file.name


def resolve_links(source: Path, route: str, rendered: Rendered, targets: PageTargets) -> None:
    """Set the targets of the page's `.md` links and images in its tree (`source`: its Markdown
    file; `route`: its path)."""
    for ref in rendered.links:
        found = markdown_link_route(ref.target, source, targets.sources)
        if found is not None:
            ref.props[ref.attr] = found
    for ref in rendered.images:
        path = image_path(ref.target, route)
        if path is None or path not in targets.files:
            continue
        ref.props[ref.attr] = path
        size = targets.image_size(path)
        if size and "width" not in ref.props and "height" not in ref.props:
            ref.props["width"], ref.props["height"] = size


def is_external(target: str) -> bool:
    """A link out of the site: `https:`, `mailto:`, `tel:`, `//host/...`."""
    return bool(SCHEME.match(target)) or target.startswith("//")


def markdown_link_route(target: str, source: Path, sources: dict[Path, str]) -> str | None:
    """The route, with its `#anchor`, of the page a relative `.md` link names; None for any other
    link, and for a `.md` file no page comes from."""
    if not target or is_external(target):
        return None
    parts = urlsplit(target)
    path = unquote(parts.path)
    if not path.endswith((".md", ".mdx")) or path.startswith("/"):
        return None
    route = sources.get((source.parent / path).resolve())
    if route is None:
        return None
    return route + (f"#{parts.fragment}" if parts.fragment else "")


def image_path(src: str, route: str) -> str | None:
    """The path in the site of an image a page on `route` shows; None for one elsewhere (`https:`,
    `data:`)."""
    if not src or is_external(src):
        return None
    path = unquote(urlsplit(src).path)
    if not path.startswith("/"):
        base = route if route.endswith("/") else posixpath.dirname(route) + "/"
        path = posixpath.normpath(posixpath.join(base, path))
    return path
