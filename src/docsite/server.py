"""The preview server: serves `build/` with the routing rules of production.

- A file that exists is served as is (assets, downloads, `docs/x/index.html`).
- A route is served from its HTML file; the trailing-slash policy redirects (301) to its spelling
  when the site sets one (`true`: `/x/`, `false`: `/x`).
- When no exact route matches, a trailing `.html` or `/index.html` is stripped and tried again.
- Anything else answers 404 with the not-found page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, RedirectResponse, Response
from starlette.routing import Route


@dataclass(frozen=True)
class Resolution:
    kind: Literal["file", "redirect", "not_found"]
    file: Path | None = None
    location: str | None = None


def resolve(build: Path, url_path: str, base_url: str = "/", trailing_slash: bool | None = None) -> Resolution:
    """What to answer for `url_path` (the request path, percent-decoded)."""
    not_found = Resolution("not_found", build / "404.html")
    if not url_path.startswith(base_url) and url_path + "/" != base_url:
        return not_found
    relative = url_path[len(base_url):] if url_path.startswith(base_url) else ""
    if ".." in relative.split("/"):
        return not_found
    exact = build / relative
    if relative and exact.is_file():
        return Resolution("file", exact)
    page = _route_file(build, relative)
    if page is not None:
        if trailing_slash is True and relative and not relative.endswith("/"):
            return Resolution("redirect", location=base_url + relative + "/")
        if trailing_slash is False and relative.endswith("/"):
            return Resolution("redirect", location=base_url + relative.rstrip("/"))
        return Resolution("file", page)
    for suffix in ("/index.html", "index.html", ".html"):
        if relative.endswith(suffix):
            page = _route_file(build, relative[: -len(suffix)])
            if page is not None:
                return Resolution("file", page)
            break
    return not_found


def _route_file(build: Path, relative: str) -> Path | None:
    key = relative.strip("/")
    candidates = [build / "index.html"] if not key else [build / key / "index.html", build / f"{key}.html"]
    return next((c for c in candidates if c.is_file()), None)


def create_app(build: Path) -> Starlette:
    build = build.resolve()

    def settings() -> tuple[str, bool | None]:
        site = json.loads((build / "_data" / "site.json").read_text(encoding="utf-8"))
        return site.get("baseUrl", "/"), site.get("trailingSlash")

    async def serve(request: Request) -> Response:
        base_url, trailing_slash = settings()
        found = resolve(build, request.url.path, base_url, trailing_slash)
        if found.kind == "redirect":
            assert found.location is not None
            query = f"?{request.url.query}" if request.url.query else ""
            return RedirectResponse(found.location + query, status_code=301)
        if found.kind == "not_found":
            return FileResponse(build / "404.html", status_code=404, media_type="text/html")
        assert found.file is not None
        headers = {"Cache-Control": _cache_control(found.file, build)}
        return FileResponse(found.file, headers=headers)

    return Starlette(routes=[Route("/{path:path}", serve, methods=["GET", "HEAD"])],
                     middleware=[Middleware(GZipMiddleware, minimum_size=500)])


def _cache_control(file: Path, build: Path) -> str:
    if file.relative_to(build).parts[:1] == ("assets",):
        return "public, max-age=31536000, immutable"  # file names carry a content hash
    return "no-cache"
