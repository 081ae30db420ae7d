"""The preview server: serves `build/` with the routing rules and headers of production.

- A file that exists is served as is (assets, downloads, `docs/x/index.html`); a precompressed twin
  asked for by name (`/index.html.br`) is not: it answers 404, as its bytes are only ever the
  encoding of its file (docsite.outputs.delivery.twin_of).
- A route is served from its HTML file; the trailing-slash policy redirects (301) to its spelling
  when the site sets one (`true`: `/x/`, `false`: `/x`).
- When no exact route matches, a trailing `.html` or `/index.html` is stripped and tried again.
- A moved page's old path redirects (301) to its new place (`_redirects`).
- Anything else answers 404 with the not-found page: the site's, or the closest section's own
  (`/specification/404.html` for a path below `/specification/` that is no API's page).

Headers come from the build's `_headers` (docsite.outputs.delivery: the file the nginx configuration is made
from too), on every answer: 2xx, 3xx, 4xx (405 for a method other than GET and HEAD, 414, 416, a
malformed request's 400) and 5xx alike. `Strict-Transport-Security` is sent on answers over HTTPS
only (this server speaks plain HTTP unless a TLS proxy in front says otherwise with
`X-Forwarded-Proto`), as browsers ignore it over HTTP. Compressible files are served from their
precompressed `.br` / `.gz` twins, never compressed on the fly; `If-None-Match` and
`If-Modified-Since` get 304; a single byte range (`Range: bytes=0-1023`) of a file sent uncompressed
gets 206, one past the end 416 (several ranges, or a compressed twin, get the whole file, which HTTP
allows; nginx does the same). Repeated slashes are merged (as nginx
does), so no path reaches outside the build and no redirect is protocol-relative; a path over
`MAX_URL_BYTES` answers 414; a connection that takes more than `HEADER_TIMEOUT` seconds to send its
request headers is dropped (`run`).

Throughput: the app is plain ASGI (no framework between uvicorn and the files) on uvloop and
httptools; a file's bytes and its answer's headers are kept in memory while the file is unchanged
(`_Answers`), so an answer costs a few `stat` calls and one write. An answer from memory is written
from the HTTP parser's callback, without a task or ASGI messages (`SlowHeadersProtocol._direct_answer`:
what still goes the ASGI way, and why).
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import re
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from email.utils import formatdate, parsedate_to_datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal
from urllib.parse import quote, unquote

import httptools
import uvicorn
from starlette.types import Message, Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

from docsite.outputs.delivery import (
    ENCODINGS,
    HEADER_TIMEOUT,
    HSTS,
    MAX_URL_BYTES,
    RULE_FILES,
    Rules,
    compressible,
    content_type,
    read_rules,
    twin_of,
)

_CACHED_FILE_BYTES = 16 << 20  # files up to this size are answered from memory...
_CACHE_BYTES = 256 << 20  # ...as long as all those kept stay under this (least recently used go first)
_CHUNK_BYTES = 1 << 20  # a larger file is read and sent a chunk at a time
_SLASHES = re.compile(r"/{2,}")
_METHODS = ("GET", "HEAD")
Headers = list[tuple[bytes, bytes]]


Kind = Literal["file", "redirect", "not_found"]


@dataclass(frozen=True)
class Resolution:
    kind: Kind
    file: Path | None = None
    location: str | None = None


def resolve(build: Path, url_path: str, base_url: str = "/", trailing_slash: bool | None = None) -> Resolution:
    """What to answer for `url_path` (the request path, percent-decoded)."""
    kind, target = _resolve(str(build), url_path, base_url, trailing_slash)
    if kind == "file":
        return Resolution("file", Path(target))
    if kind == "redirect":
        return Resolution("redirect", location=target)
    return Resolution("not_found", build / "404.html")


def _resolve(root: str, url_path: str, base_url: str, trailing_slash: bool | None) -> tuple[Kind, str]:
    """`resolve` in strings (the file's path, or the redirect's location; "" when not found): no
    `pathlib` object on an answer's way, where making them took a third of the app's time."""
    not_found: tuple[Kind, str] = ("not_found", "")
    url_path = _SLASHES.sub("/", url_path)
    if not url_path.startswith(base_url) and url_path + "/" != base_url:
        return not_found
    relative = url_path[len(base_url):] if url_path.startswith(base_url) else ""
    if ".." in relative.split("/") or relative in RULE_FILES or "\0" in relative:
        return not_found
    try:
        twinned = twin_of(relative)
        if twinned is not None and os.path.isfile(os.path.join(root, twinned)):
            return not_found
        if relative and os.path.isfile(exact := os.path.join(root, relative)):
            return "file", exact
        page = _route_file(root, relative)
        if page is not None:
            if trailing_slash is True and relative and not relative.endswith("/"):
                return "redirect", base_url + relative + "/"
            if trailing_slash is False and relative.endswith("/"):
                return "redirect", base_url + relative.rstrip("/")
            return "file", page
        for suffix in ("/index.html", "index.html", ".html"):
            if relative.endswith(suffix):
                page = _route_file(root, relative[: -len(suffix)])
                if page is not None:
                    return "file", page
                break
    except (OSError, ValueError):  # a name too long for the file system: no such page
        return not_found
    return not_found


def _route_file(root: str, relative: str) -> str | None:
    key = relative.strip("/")
    candidates = ([os.path.join(root, "index.html")] if not key else
                  [os.path.join(root, key, "index.html"), os.path.join(root, f"{key}.html")])
    return next((c for c in candidates if os.path.isfile(c)), None)


class _Settings:
    """The build's base URL, trailing-slash policy and rules, read again when the build changes,
    with the headers they give each path (as the ASGI answer carries them)."""

    def __init__(self, build: Path) -> None:
        self.build = build
        self.files = [str(build / "_data" / "site.json"), *(str(build / name) for name in RULE_FILES)]
        self.signature: tuple[float, ...] = ()
        self.version = 0  # counts the changes: answers made from older settings are stale
        self.base_url, self.trailing_slash, self.rules = "/", None, Rules()
        self._headers: dict[tuple[str, bool], Headers] = {}

    def current(self) -> _Settings:
        signature = tuple(_mtime(file) for file in self.files)
        if signature != self.signature:
            site: dict[str, Any] = json.loads(Path(self.files[0]).read_text(encoding="utf-8")) if signature[0] else {}
            self.base_url, self.trailing_slash = site.get("baseUrl", "/"), site.get("trailingSlash")
            self.rules, self.signature = read_rules(self.build), signature
            self.version += 1
            self._headers = {}
        return self

    def headers_for(self, path: str, https: bool) -> Headers:
        """The rules' headers for `path` (below the base URL); HSTS only over HTTPS."""
        key = (path, https)
        found = self._headers.get(key)
        if found is None:
            found = [(name.lower().encode("latin-1"), value.encode("latin-1"))
                     for name, value in self.rules.headers_for(path).items() if https or name != HSTS]
            if len(self._headers) > 4096:  # any path can be asked for: keep the memo bounded
                self._headers = {}
            self._headers[key] = found
        return found


def _mtime(file: str) -> float:
    try:
        return os.stat(file).st_mtime
    except OSError:
        return 0.0


@dataclass
class _Answer:
    status: int
    headers: Headers  # without Content-Length
    body: bytes = b""
    file: str | None = None  # a file too large to keep: sent from `start` for `length` bytes
    start: int = 0
    length: int = 0
    wire: bytes = b""  # `full_headers` as they are written, when kept with the file's answer

    def full_headers(self) -> Headers:
        """The headers sent: with the body's length (a 304 has none)."""
        size = len(self.body) if self.file is None else self.length
        return self.headers if self.status == 304 else [*self.headers, (b"content-length", str(size).encode())]

    def header_lines(self) -> bytes:
        """`full_headers` as written on the wire."""
        return self.wire or _lines(self.full_headers())

    async def send(self, send: Send, head: bool) -> None:
        await send({"type": "http.response.start", "status": self.status, "headers": self.full_headers()})
        if head:
            await send({"type": "http.response.body", "body": b""})
        elif self.file is None:
            await send({"type": "http.response.body", "body": self.body})
        else:
            for chunk, last in _chunks(self.file, self.start, self.length):
                await send({"type": "http.response.body", "body": chunk, "more_body": not last})


def _lines(headers: Headers) -> bytes:
    """Headers as written on the wire."""
    return b"".join([name + b": " + value + b"\r\n" for name, value in headers])


def _chunks(file: str, start: int, length: int) -> Iterator[tuple[bytes, bool]]:
    with open(file, "rb") as source:
        source.seek(start)
        left = length
        while True:
            chunk = source.read(min(_CHUNK_BYTES, left))
            left -= len(chunk)
            yield chunk, left <= 0 or not chunk
            if left <= 0 or not chunk:
                return


@dataclass
class _Kept:
    """A file's answer while the file is unchanged: its headers, and its bytes when small enough."""

    key: tuple[int, int, int]  # the file's mtime (ns) and size, the settings' version
    headers: Headers
    etag: str
    mtime: int
    size: int
    body: bytes | None
    wire: bytes = b""  # the headers as written (`_Answer.wire`), with the length of `body`


class _Answers:
    """The answers of files, kept by file, header path and scheme; bytes kept within `_CACHE_BYTES`."""

    def __init__(self) -> None:
        self.kept: OrderedDict[tuple[str, str, bool], _Kept] = OrderedDict()
        self.bytes = 0

    def get(self, settings: _Settings, file: str, status: os.stat_result, header_path: str,
            encoding: str | None, https: bool) -> _Kept:
        key = (file, header_path, https)
        check = (status.st_mtime_ns, status.st_size, settings.version)
        kept = self.kept.get(key)
        if kept is not None and kept.key == check:
            self.kept.move_to_end(key)
            return kept
        if kept is not None:
            self._drop(key)
        headers = list(settings.headers_for(header_path, https))
        original = file[: -len(_suffix(encoding))] if encoding else file
        media_type = content_type(original)
        headers.append((b"content-type", (media_type + "; charset=utf-8" if media_type.startswith("text/")
                                          else media_type).encode()))
        if compressible(original):
            headers.append((b"vary", b"Accept-Encoding"))
        if encoding:
            headers.append((b"content-encoding", encoding.encode()))
        etag = f'"{status.st_mtime_ns:x}-{status.st_size:x}"'
        headers += [(b"etag", etag.encode()), (b"last-modified", formatdate(status.st_mtime, usegmt=True).encode()),
                    (b"accept-ranges", b"bytes")]
        body = None
        if status.st_size <= _CACHED_FILE_BYTES:
            with open(file, "rb") as source:
                body = source.read()
            if len(body) != status.st_size:  # written to meanwhile: read it again next time
                return _Kept((0, 0, 0), headers, etag, int(status.st_mtime), len(body), body)
        wire = _lines([*headers, (b"content-length", str(len(body)).encode())]) if body is not None else b""
        kept = _Kept(check, headers, etag, int(status.st_mtime), status.st_size, body, wire)
        self.kept[key] = kept
        self.bytes += len(body or b"")
        while self.bytes > _CACHE_BYTES and len(self.kept) > 1:
            self._drop(next(iter(self.kept)))
        return kept

    def _drop(self, key: tuple[str, str, bool]) -> None:
        self.bytes -= len(self.kept.pop(key).body or b"")


def _suffix(encoding: str) -> str:
    return next(suffix for name, suffix in ENCODINGS if name == encoding)


class PreviewApp:
    """The ASGI app that serves a build."""

    def __init__(self, build: Path) -> None:
        self.build = build.resolve()
        self.root = str(self.build)  # the files' paths are strings below it (`_resolve`)
        self.settings = _Settings(self.build)
        self.answers = _Answers()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await _lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        head = scope["method"] == "HEAD"
        try:
            answer = self.answer(scope)
        except Exception:  # the answer still carries the site's headers; uvicorn logs the trace
            await self.error(500, "Internal Server Error", scope["scheme"] == "https").send(send, head)
            raise
        await answer.send(send, head)

    def error(self, status: int, text: str, https: bool, *extra: tuple[bytes, bytes]) -> _Answer:
        """A short text answer with every answer's headers."""
        headers = [*self.settings.headers_for("/", https), (b"content-type", b"text/plain; charset=utf-8"), *extra]
        return _Answer(status, headers, text.encode())

    def answer(self, scope: Scope) -> _Answer:
        site = self.settings.current()
        https = scope["scheme"] == "https"
        if scope["method"] not in _METHODS:
            return self.error(405, "Method Not Allowed", https, (b"allow", ", ".join(_METHODS).encode()))
        if len(scope.get("raw_path", b"")) > MAX_URL_BYTES:
            return self.error(414, "URI Too Long", https)
        path = _SLASHES.sub("/", scope["path"])
        # the path the rules name: below the base URL, from its slash ("/" for a path outside it)
        inside = path.startswith(site.base_url)
        rules_path = path[len(site.base_url) - 1:] if inside else "/"
        query = scope.get("query_string", b"").decode("latin-1")
        moved = site.rules.redirect_for(rules_path) if inside else None
        if moved is not None:
            return self._redirect(moved[1], moved[0], query, site.headers_for(rules_path, https))
        kind, found = _resolve(self.root, path, site.base_url, site.trailing_slash)
        if kind == "redirect":
            return self._redirect(301, found, query, site.headers_for(rules_path, https))
        request = _request_headers(scope)
        if kind == "not_found":
            page = site.rules.not_found_page(rules_path)
            if not os.path.isfile(os.path.join(self.root, page.lstrip("/"))):
                page = "/404.html"
            try:
                return self._file(site, request, os.path.join(self.root, page.lstrip("/")), page, 404, https)
            except FileNotFoundError:  # a build without a not-found page
                return self.error(404, "Not Found", https)
        return self._file(site, request, found, found[len(self.root):], 200, https)

    @staticmethod
    def _redirect(status: int, location: str, query: str, headers: Headers) -> _Answer:
        target = quote(location + (f"?{query}" if query else ""), safe=":/%#?=@[]!$&'()*+,;")
        return _Answer(status, [*headers, (b"location", target.encode("latin-1"))])

    def _file(self, site: _Settings, request: dict[bytes, str], file: str, site_path: str, status: int,
              https: bool) -> _Answer:
        """`file`, or its precompressed twin the client accepts; 304 when the client's copy is
        current, 206 or 416 for a byte range."""
        served, encoding, found = file, None, None
        if compressible(file):
            accepted = _accepted_encodings(request.get(b"accept-encoding", ""))
            for name, suffix in ENCODINGS:
                if name in accepted:
                    try:
                        found = os.stat(file + suffix)
                    except OSError:
                        continue
                    served, encoding = file + suffix, name
                    break
        kept = self.answers.get(site, served, found or os.stat(served), site_path, encoding, https)
        body = kept.body
        if status == 200 and _not_modified(request, kept.etag, kept.mtime):
            return _Answer(304, [header for header in kept.headers if header[0] != b"content-encoding"])
        # a range of the file's own bytes: a compressed twin is sent whole (as nginx's static modules do)
        if status == 200 and encoding is None and b"range" in request and _range_applies(request, kept):
            span = _single_range(request[b"range"], kept.size)
            if span is None:  # several ranges, or a header this server does not read: the whole file
                pass
            elif span == (0, 0):
                return self.error(416, "Range Not Satisfiable", https,
                                  (b"content-range", f"bytes */{kept.size}".encode()))
            else:
                start, end = span
                headers = [*kept.headers, (b"content-range", f"bytes {start}-{end - 1}/{kept.size}".encode())]
                if body is not None:
                    return _Answer(206, headers, body[start:end])
                return _Answer(206, headers, file=served, start=start, length=end - start)
        if body is not None:
            return _Answer(status, kept.headers, body, wire=kept.wire)
        return _Answer(status, kept.headers, file=served, length=kept.size)


def create_app(build: Path) -> PreviewApp:
    return PreviewApp(build)


async def _lifespan(receive: Receive, send: Send) -> None:
    while True:
        message: Message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


_READ = (b"accept-encoding", b"if-none-match", b"if-modified-since", b"range", b"if-range")


def _request_headers(scope: Scope) -> dict[bytes, str]:
    """The request headers the answer depends on."""
    return {name: value.decode("latin-1") for name, value in scope["headers"] if name in _READ}


@lru_cache(maxsize=256)
def _accepted_encodings(header: str) -> frozenset[str]:
    accepted = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        if name and not re.search(r"q=0(\.0*)?\s*$", params.strip()):
            accepted.add(name.strip().lower())
    return frozenset(accepted)


def _not_modified(request: dict[bytes, str], etag: str, mtime: int) -> bool:
    if_none_match = request.get(b"if-none-match")
    if if_none_match is not None:
        tags = [tag.strip().removeprefix("W/") for tag in if_none_match.split(",")]
        return "*" in tags or etag in tags
    if_modified_since = request.get(b"if-modified-since")
    if if_modified_since:
        try:
            return mtime <= parsedate_to_datetime(if_modified_since).timestamp()
        except (TypeError, ValueError):
            return False
    return False


def _range_applies(request: dict[bytes, str], kept: _Kept) -> bool:
    """Whether the client's `If-Range` (if any) names the current file: else it gets it whole."""
    if_range = request.get(b"if-range")
    if if_range is None:
        return True
    if if_range.startswith('"'):
        return if_range == kept.etag
    try:
        return kept.mtime == int(parsedate_to_datetime(if_range).timestamp())
    except (TypeError, ValueError):
        return False


_RANGE = re.compile(r"\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*")


def _single_range(header: str, size: int) -> tuple[int, int] | None:
    """The byte span `[start, end)` a single-range header asks for; `(0, 0)` when it cannot be
    satisfied (it starts past the end, or asks for the last 0 bytes); None for anything else."""
    match = _RANGE.fullmatch(header)
    if match is None or not (match[1] or match[2]):
        return None
    if not match[1]:  # the last N bytes
        suffix = int(match[2])
        return (max(size - suffix, 0), size) if suffix and size else (0, 0)
    start = int(match[1])
    end = min(int(match[2]) + 1, size) if match[2] else size
    if match[2] and int(match[2]) < start:
        return None  # invalid: ignored
    return (start, end) if start < size else (0, 0)


_DEFAULTS: list[Any] = [None, b""]  # uvicorn's default headers, and their lines


class SlowHeadersProtocol(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol (httptools), which drops a connection whose request headers have
    not all arrived `HEADER_TIMEOUT` seconds after it opened or after its previous response (a
    client that trickles its headers would otherwise hold the connection forever), and whose answer
    to a malformed request (400) carries the site's headers like every other answer. An answer
    the app has in memory is written as soon as its request has arrived (`_direct_answer`)."""

    header_timeout = HEADER_TIMEOUT
    app_headers: PreviewApp | None = None  # the app whose headers a 400 carries

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._header_timer: asyncio.TimerHandle | None = None
        self._direct: tuple[_Answer, bool] | None = None  # the answer `on_message_complete` writes
        self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        busy = self.cycle is not None and not self.cycle.response_complete
        if not busy and not self.transport.is_closing():
            self.transport.close()

    def on_headers_complete(self) -> None:
        self._disarm()
        self._direct = self._direct_answer()
        if self._direct is None:
            super().on_headers_complete()

    def _direct_answer(self) -> tuple[_Answer, bool] | None:
        """The answer to the request whose headers just arrived, and whether the connection stays
        open, when it can be written at once (`on_message_complete`): a file kept in memory, a
        redirect, a 404 or an error, to a request that needs nothing else of uvicorn. None for the
        rest, which goes the ASGI way (the app in a task of its own): a file streamed from disk, a
        request while an answer of that way is under way (pipelined), or while a previous answer
        has not been flushed (the client reads slowly: the ASGI way waits for it), a proxy's
        `X-Forwarded-Proto` (uvicorn's proxy-headers middleware reads it), `Expect: 100-continue`,
        an upgrade. An answer written here skips the task, the ASGI messages and their checks:
        35-50% of the CPU per compressed answer (docs/architecture.md, Preview server throughput)."""
        app = self.app_headers
        if (app is None or self.flow.write_paused or (self.cycle is not None and not self.cycle.response_complete)
                or self.expect_100_continue or self.parser.should_upgrade()
                or any(name == b"x-forwarded-proto" for name, _ in self.headers)):
            return None
        version = self.parser.get_http_version()
        scope: Scope = self.scope  # type: ignore[assignment]  # uvicorn's TypedDict, starlette's mapping
        scope["method"] = self.parser.get_method().decode("ascii")
        if version != "1.1":
            scope["http_version"] = version
        url = httptools.parse_url(self.url)
        path = url.path.decode("ascii")
        scope["path"] = self.root_path + (unquote(path) if "%" in path else path)
        scope["raw_path"] = self.root_path.encode("ascii") + url.path
        scope["query_string"] = url.query or b""
        try:
            answer = app.answer(scope)
        except Exception:  # the ASGI way answers 500 and logs the trace
            return None
        if answer.file is not None:
            return None
        return answer, version != "1.0" and self.parser.should_keep_alive()

    def on_body(self, body: bytes) -> None:
        if self._direct is None:  # a body to a request answered directly is not read
            super().on_body(body)

    def on_message_complete(self) -> None:
        if self._direct is None:
            super().on_message_complete()
            return
        answer, keep_alive = self._direct
        self._direct = None
        if self.transport.is_closing():
            return
        defaults = self.server_state.default_headers  # the date, made again each second
        if defaults is not _DEFAULTS[0]:
            _DEFAULTS[:] = [defaults, _lines(defaults)]
        head = b"".join([STATUS_LINE[answer.status], _DEFAULTS[1], answer.header_lines(),
                         b"\r\n" if keep_alive else b"connection: close\r\n\r\n"])
        self.transport.writelines([head] if self.scope["method"] == "HEAD" or not answer.body else [head, answer.body])
        if not keep_alive:
            self.transport.close()
        self.on_response_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and (self.cycle is None or self.cycle.response_complete):
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        headers = b""
        if self.app_headers is not None:
            try:
                site = self.app_headers.settings.current()
                headers = _lines(site.headers_for("/", False))
            except (OSError, ValueError):  # the build's rules cannot be read: the answer goes without them
                pass
        body = msg.encode("ascii")
        self.transport.write(b"".join([
            b"HTTP/1.1 400 Bad Request\r\n", headers, b"content-type: text/plain; charset=utf-8\r\n",
            b"content-length: %d\r\nconnection: close\r\n\r\n" % len(body), body]))
        self.transport.close()


def server_config(build: Path, host: str, port: int, header_timeout: float = HEADER_TIMEOUT) -> uvicorn.Config:
    app = create_app(build)
    protocol = type("Protocol", (SlowHeadersProtocol,), {"header_timeout": header_timeout, "app_headers": app})
    # uvloop and httptools: twice the answers per second of CPU of asyncio's loop and h11; no access
    # log (a line per request, a quarter of the time of a small answer); no WebSocket upgrades
    return uvicorn.Config(app, host=host, port=port, log_level="warning", http=protocol, loop="uvloop",
                          ws="none", lifespan="off", access_log=False, timeout_keep_alive=5, server_header=False)


def run(build: Path, host: str, port: int) -> None:
    server = uvicorn.Server(server_config(build, host, port))
    # what the process holds by now (the builder's modules, the site it may just have built) is left
    # out of the cycle collector's passes: they are never garbage, and a full pass over them paused
    # every connection at once (docsite.gc_pause)
    gc.collect()
    gc.freeze()
    server.run()
