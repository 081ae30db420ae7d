"""The preview server: serves `build/` with the routing rules and headers of production.

- A file that exists is served as is (assets, downloads, `docs/x/index.html`).
- A route is served from its HTML file; the trailing-slash policy redirects (301) to its spelling
  when the site sets one (`true`: `/x/`, `false`: `/x`).
- When no exact route matches, a trailing `.html` or `/index.html` is stripped and tried again.
- A moved page's old path redirects (301) to its new place (`_redirects`).
- Anything else answers 404 with the not-found page: the site's, or the closest section's own
  (`/specification/404.html` for a path below `/specification/` that is no API's page).

Headers come from the build's `_headers` (docsite.outputs.delivery: the file the nginx configuration is made
from too). Compressible files are served from their precompressed `.br` / `.gz` twins, never
compressed on the fly; `If-None-Match` and `If-Modified-Since` get 304. Repeated slashes are merged
(as nginx does), so no path reaches outside the build and no redirect is protocol-relative; a path
over `MAX_URL_BYTES` answers 414; a connection that takes more than `HEADER_TIMEOUT` seconds to send
its request headers is dropped (`run`).
"""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass
from email.utils import formatdate, parsedate_to_datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import h11
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route
from uvicorn.protocols.http.h11_impl import H11Protocol

from docsite.outputs.delivery import (
    ENCODINGS,
    HEADER_TIMEOUT,
    MAX_URL_BYTES,
    RULE_FILES,
    Rules,
    compressible,
    content_type,
    read_rules,
)

_CACHED_FILE_BYTES = 1 << 20  # smaller files are served from memory
_SLASHES = re.compile(r"/{2,}")


@dataclass(frozen=True)
class Resolution:
    kind: Literal["file", "redirect", "not_found"]
    file: Path | None = None
    location: str | None = None


def resolve(build: Path, url_path: str, base_url: str = "/", trailing_slash: bool | None = None) -> Resolution:
    """What to answer for `url_path` (the request path, percent-decoded)."""
    not_found = Resolution("not_found", build / "404.html")
    url_path = _SLASHES.sub("/", url_path)
    if not url_path.startswith(base_url) and url_path + "/" != base_url:
        return not_found
    relative = url_path[len(base_url):] if url_path.startswith(base_url) else ""
    if ".." in relative.split("/") or relative in RULE_FILES or "\0" in relative:
        return not_found
    try:
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
    except OSError:  # a name too long for the file system: no such page
        return not_found
    return not_found


def _route_file(build: Path, relative: str) -> Path | None:
    key = relative.strip("/")
    candidates = [build / "index.html"] if not key else [build / key / "index.html", build / f"{key}.html"]
    return next((c for c in candidates if c.is_file()), None)


class _Settings:
    """The build's base URL, trailing-slash policy and rules, read again when the build changes."""

    def __init__(self, build: Path) -> None:
        self.build = build
        self.signature: tuple[float, ...] = ()
        self.base_url, self.trailing_slash, self.rules = "/", None, Rules()

    def current(self) -> _Settings:
        files = [self.build / "_data" / "site.json", *(self.build / name for name in RULE_FILES)]
        signature = tuple(f.stat().st_mtime if f.is_file() else 0.0 for f in files)
        if signature != self.signature:
            site: dict[str, Any] = json.loads(files[0].read_text(encoding="utf-8")) if files[0].is_file() else {}
            self.base_url, self.trailing_slash = site.get("baseUrl", "/"), site.get("trailingSlash")
            self.rules, self.signature = read_rules(self.build), signature
        return self


def create_app(build: Path) -> Starlette:
    build = build.resolve()
    settings = _Settings(build)

    async def serve(request: Request) -> Response:
        if len(request.scope.get("raw_path", b"")) > MAX_URL_BYTES:
            return PlainTextResponse("URI Too Long", status_code=414)
        site = settings.current()
        path = _SLASHES.sub("/", request.url.path)
        # the path the rules name: below the base URL, from its slash ("/" for a path outside it)
        rules_path = path[len(site.base_url) - 1:] if path.startswith(site.base_url) else "/"
        query = f"?{request.url.query}" if request.url.query else ""
        moved = site.rules.redirect_for(rules_path) if path.startswith(site.base_url) else None
        if moved is not None:
            return RedirectResponse(moved[0] + query, status_code=moved[1], headers=site.rules.headers_for(rules_path))
        found = resolve(build, path, site.base_url, site.trailing_slash)
        if found.kind == "redirect":
            assert found.location is not None
            return RedirectResponse(found.location + query, status_code=301,
                                    headers=site.rules.headers_for(rules_path))
        if found.kind == "not_found":
            page = site.rules.not_found_page(rules_path)
            if not (build / page.lstrip("/")).is_file():
                page = "/404.html"
            return file_response(request, build / page.lstrip("/"), site.rules.headers_for(page), status=404)
        assert found.file is not None
        site_path = "/" + found.file.relative_to(build).as_posix()
        return file_response(request, found.file, site.rules.headers_for(site_path))

    return Starlette(routes=[Route("/{path:path}", serve, methods=["GET", "HEAD"])])


def file_response(request: Request, file: Path, headers: dict[str, str], status: int = 200) -> Response:
    """`file`, or its precompressed twin the client accepts, with validators; 304 when the client's
    copy is current."""
    served, headers = file, dict(headers)
    if compressible(file):
        headers["Vary"] = "Accept-Encoding"
        accepted = _accepted_encodings(request.headers.get("accept-encoding", ""))
        for encoding, suffix in ENCODINGS:
            twin = file.with_name(file.name + suffix)
            if encoding in accepted and twin.is_file():
                served, headers["Content-Encoding"] = twin, encoding
                break
    stat = served.stat()
    headers["ETag"] = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
    headers["Last-Modified"] = formatdate(stat.st_mtime, usegmt=True)
    if status == 200 and _not_modified(request, headers["ETag"], stat.st_mtime):
        headers.pop("Content-Encoding", None)
        return Response(status_code=304, headers=headers)
    media_type = content_type(file.name)
    if stat.st_size > _CACHED_FILE_BYTES:
        return FileResponse(served, status_code=status, headers=headers, media_type=media_type)
    body = b"" if request.method == "HEAD" else _read(served, stat.st_mtime_ns, stat.st_size)
    response = Response(body, status_code=status, headers=headers, media_type=media_type)
    if request.method == "HEAD":
        response.headers["content-length"] = str(stat.st_size)
    return response


@lru_cache(maxsize=1024)
def _read(file: Path, mtime_ns: int, size: int) -> bytes:
    """A small file's bytes, kept while the file is unchanged (its mtime and size are the key)."""
    return file.read_bytes()


def _accepted_encodings(header: str) -> set[str]:
    accepted = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        if name and not re.search(r"q=0(\.0*)?\s*$", params.strip()):
            accepted.add(name.strip().lower())
    return accepted


def _not_modified(request: Request, etag: str, mtime: float) -> bool:
    if_none_match = request.headers.get("if-none-match")
    if if_none_match is not None:
        tags = [tag.strip().removeprefix("W/") for tag in if_none_match.split(",")]
        return "*" in tags or etag in tags
    if_modified_since = request.headers.get("if-modified-since")
    if if_modified_since:
        try:
            return int(mtime) <= parsedate_to_datetime(if_modified_since).timestamp()
        except (TypeError, ValueError):
            return False
    return False


class SlowHeadersProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, which drops a connection whose request headers have not all
    arrived `HEADER_TIMEOUT` seconds after it opened or after its previous response (a client that
    trickles its headers would otherwise hold the connection forever)."""

    header_timeout = HEADER_TIMEOUT

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._header_timer: asyncio.TimerHandle | None = None
        self._arm()

    def _arm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_too_slow)

    def _headers_too_slow(self) -> None:
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE and self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
        super().connection_lost(exc)


def server_config(build: Path, host: str, port: int, header_timeout: float = HEADER_TIMEOUT) -> uvicorn.Config:
    protocol = type("Protocol", (SlowHeadersProtocol,), {"header_timeout": header_timeout})
    return uvicorn.Config(create_app(build), host=host, port=port, log_level="warning", http=protocol,
                          timeout_keep_alive=5, server_header=False)


def run(build: Path, host: str, port: int) -> None:
    uvicorn.Server(server_config(build, host, port)).run()

