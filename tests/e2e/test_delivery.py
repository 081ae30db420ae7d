"""Delivery: the routing rules and headers of production, asserted twice with the same assertions:
against the preview server (`docsite serve`) and against real nginx running the configuration
`docsite deploy nginx` generates from the same build.

Sites: the real one (trailingSlash null, a redirect in site.yaml), and two variants with
trailingSlash true and false, each with a page that has `redirect_from`.
"""

from __future__ import annotations

import gzip
import http.client
import io
import re
import shutil
import socket
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from email.message import Message
from pathlib import Path
from typing import Any

import brotli
import pytest
import yaml
from playwright.sync_api import Page, expect

from docsite.outputs.delivery import HEADERS_FILE, HSTS, IMMUTABLE, read_rules
from docsite.servers import preview
from tests.conftest import CONTENT
from tests.e2e.conftest import Server, build_site
from tests.e2e.docs_engine import hydrated
from tests.e2e.nginx import Nginx
from tests.e2e.routes import ALL_ROUTES
from tests.e2e.test_search import options, search

HEADER_TIMEOUT = 2.0  # seconds: short, so the slow-client test is quick
SERVERS = ["preview", "nginx"]
Policy = bool | None


@dataclass
class Answer:
    status: int
    headers: Message
    body: bytes  # as sent: still compressed when Content-Encoding says so

    def header(self, name: str) -> str:
        return self.headers.get(name, "")

    @property
    def media_type(self) -> str:
        return self.header("Content-Type").split(";")[0].strip()


def request(base: str, path: str, headers: dict[str, str] | None = None, method: str = "GET") -> Answer:
    """One request, the path sent exactly as written (no normalizing, no decompressing)."""
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        connection.request(method, path, headers=headers or {})
        response = connection.getresponse()
        return Answer(response.status, response.msg, response.read())
    finally:
        connection.close()


def _moved_page(content: Path) -> None:
    doc = content / "docs" / "environments.md"
    doc.write_text(doc.read_text().replace("---\n", "---\nredirect_from: [/docs/old-environments]\n", 1))


@pytest.fixture(scope="session")
def builds(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Callable[[Policy], Path]:
    """The build for a trailing-slash policy: the real site for null, a variant for true and false."""
    made: dict[Policy, Path] = {None: built_site}

    def get(policy: Policy) -> Path:
        if policy not in made:
            root = tmp_path_factory.mktemp(f"delivery-{policy}")
            content = root / "content"
            shutil.copytree(CONTENT, content)
            site = yaml.safe_load((content / "site.yaml").read_text())
            site["trailingSlash"] = policy
            (content / "site.yaml").write_text(yaml.safe_dump(site))
            _moved_page(content)
            made[policy] = build_site(content, root / "build")
        return made[policy]

    return get


@pytest.fixture(scope="session")
def servers(builds: Callable[[Policy], Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[
        Callable[[str, Policy], str]]:
    """`servers(kind, policy)`: the URL of that server serving that build (started once)."""
    running: dict[tuple[str, Policy], tuple[Any, str]] = {}

    def get(kind: str, policy: Policy = None) -> str:
        if (kind, policy) not in running:
            build = builds(policy)
            server: Any = (Server(build, header_timeout=HEADER_TIMEOUT) if kind == "preview" else
                           Nginx(build, tmp_path_factory.mktemp("nginx"), trailing_slash=policy,
                                 header_timeout=HEADER_TIMEOUT))
            running[(kind, policy)] = (server, server.__enter__())
        return running[(kind, policy)][1]

    yield get
    for server, _ in running.values():
        server.__exit__()


@pytest.fixture(params=SERVERS)
def server(request: pytest.FixtureRequest, servers: Callable[[str, Policy], str]) -> str:
    return servers(request.param, None)


def _entry_script(built_site: Path) -> str:
    html = (built_site / "index.html").read_text()
    found = re.search(r'<script type="module" src="(/assets/[^"]+\.js)"', html)
    assert found
    return found[1]


# -- routing ----------------------------------------------------------------------------------------

def test_routes_are_served_in_both_spellings_and_html_suffixes_are_stripped(server: str) -> None:
    for path in ["/", "/docs/environments", "/docs/environments/", "/docs/environments.html",
                 "/docs/environments/index.html", "/index.html", "/blog/welcome"]:
        answer = request(server, path)
        assert answer.status == 200, path
        assert answer.media_type == "text/html", path
    environments = request(server, "/docs/environments").body
    assert request(server, "/docs/environments.html").body == environments
    assert b"<title>Environments" in environments


def test_every_route_of_the_spec_is_served(server: str) -> None:
    for path in ALL_ROUTES:
        assert request(server, path).status == 200, path


def test_unknown_paths_answer_404_with_the_not_found_page(server: str) -> None:
    for path in ["/nope", "/docs/nope", "/docs/nope.html", "/docs/environments/nope", "/assets/nope.js"]:
        answer = request(server, path)
        assert answer.status == 404, path
        assert b"<title>Page not found" in answer.body, path
        assert answer.media_type == "text/html"
        assert "default-src 'self'" in answer.header("Content-Security-Policy"), "the 404 carries the headers too"


def test_below_the_api_reference_its_own_not_found_page_answers(server: str) -> None:
    for path in ["/specification/foo", "/specification/catalog/extra", "/specification/catalog.html/x"]:
        answer = request(server, path)
        assert answer.status == 404, path
        assert b"<title>API not found" in answer.body and b"api-not-found" in answer.body, path
    assert request(server, "/specification/catalog").status == 200
    assert b"<title>Page not found" in request(server, "/docs/nope").body


def test_the_rule_files_are_not_served(server: str) -> None:
    for path in ["/_headers", "/_redirects"]:
        assert request(server, path).status == 404


@pytest.mark.parametrize("kind", SERVERS)
def test_trailing_slash_true_redirects_to_the_slash(kind: str, servers: Callable[[str, Policy], str]) -> None:
    url = servers(kind, True)
    moved = request(url, "/docs/environments?tab=curl")
    assert moved.status == 301 and moved.header("Location") == "/docs/environments/?tab=curl"
    assert request(url, "/docs/environments/").status == 200
    assert request(url, "/").status == 200
    assert request(url, "/docs/environments.html").status == 200
    assert request(url, "/docs/nope").status == 404


@pytest.mark.parametrize("kind", SERVERS)
def test_trailing_slash_false_redirects_to_no_slash(kind: str, servers: Callable[[str, Policy], str]) -> None:
    url = servers(kind, False)
    moved = request(url, "/docs/environments/")
    assert moved.status == 301 and moved.header("Location") == "/docs/environments"
    assert request(url, "/docs/environments").status == 200
    assert request(url, "/docs/environments/index.html").status == 200
    assert request(url, "/").status == 200
    assert request(url, "/docs/nope/").status == 404


# -- redirects --------------------------------------------------------------------------------------

def test_a_redirect_in_site_yaml_is_a_301_that_keeps_the_query(server: str, built_site: Path) -> None:
    for path in ["/docs/intro", "/docs/intro/"]:
        answer = request(server, path + "?from=mail")
        assert answer.status == 301, path
        assert answer.header("Location") == "/docs/?from=mail"
    fallback = (built_site / "docs" / "intro" / "index.html").read_text()
    assert '<meta http-equiv="refresh" content="0; url=/docs/">' in fallback
    assert '<link rel="canonical" href="https://developers.oneboxtds.com/docs/">' in fallback
    assert "/docs/intro" not in (built_site / "sitemap.xml").read_text()


@pytest.mark.parametrize("kind", SERVERS)
@pytest.mark.parametrize("policy", [True, False])
def test_redirect_from_in_front_matter_is_a_301_to_the_pages_spelling(
        kind: str, policy: bool, servers: Callable[[str, Policy], str]) -> None:
    answer = request(servers(kind, policy), "/docs/old-environments")
    assert answer.status == 301
    assert answer.header("Location") == ("/docs/environments/" if policy else "/docs/environments")


# -- headers ----------------------------------------------------------------------------------------

def test_hashed_assets_are_immutable_and_the_rest_revalidates(server: str, built_site: Path) -> None:
    assert request(server, _entry_script(built_site)).header("Cache-Control") == IMMUTABLE
    for path in ["/docs/environments", "/_data/page/docs/environments.json", "/search-index-blog.json",
                 "/sitemap.xml", "/img/logo.svg", "/nope"]:
        assert request(server, path).header("Cache-Control") == "no-cache", path


def test_security_headers_are_the_builds(server: str, built_site: Path) -> None:
    csp = read_rules(built_site).headers_for("/")["Content-Security-Policy"]
    for path in ["/", "/docs/environments", _entry_script(built_site), "/spec/catalog.yaml"]:
        answer = request(server, path)
        assert answer.header("Content-Security-Policy") == csp, path
        assert answer.header("X-Content-Type-Options") == "nosniff"
        assert answer.header("Referrer-Policy") == "strict-origin-when-cross-origin"
    assert "frame-ancestors 'self'" in csp and "object-src 'none'" in csp
    assert "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0], "inline scripts only by hash"
    assert "https://www.googletagmanager.com" in csp and "https://support.oneboxtds.com" in csp
    connect = csp.split("connect-src ")[1].split(";")[0].split()
    specs_hosts = ["https://api.pre.oneboxtds.com", "https://api.oneboxtds.com",
                   "https://auth.pre.oneboxtds.com", "https://auth.oneboxtds.com"]
    assert connect[-4:] == specs_hosts, "Try it reaches the specs' servers and each environment's token endpoint"


def test_a_pages_markdown_is_served_with_its_page_as_canonical(server: str) -> None:
    answer = request(server, "/docs/environments.md", {"Accept-Encoding": "identity"})
    assert answer.status == 200 and answer.media_type == "text/markdown"
    assert answer.header("Link") == '<https://developers.oneboxtds.com/docs/environments>; rel="canonical"'
    assert answer.body.startswith(b'---\ntitle: "Environments"\n')
    assert "default-src 'self'" in answer.header("Content-Security-Policy"), "with the site's headers too"
    llms = request(server, "/llms.txt")
    assert llms.media_type == "text/plain" and llms.body.startswith(b"# Onebox Developers\n")


def test_types(server: str, built_site: Path) -> None:
    expected = {"/spec/catalog.yaml": "application/yaml", "/spec/catalog.json": "application/json",
                "/spec/catalog.postman_collection.json": "application/json",
                "/spec/catalog.production.postman_environment.json": "application/json",
                _entry_script(built_site): "text/javascript", "/img/logo.svg": "image/svg+xml",
                "/sitemap.xml": "application/xml", "/robots.txt": "text/plain",
                "/downloads/sample-tickets-OB4K7Q2M9X.pdf": "application/pdf"}
    for path, media_type in expected.items():
        assert request(server, path).media_type == media_type, path


@pytest.mark.parametrize("encoding", ["br", "gzip"])
def test_precompressed_files_are_served_with_their_encoding(server: str, built_site: Path, encoding: str) -> None:
    decode = {"br": brotli.decompress, "gzip": gzip.decompress}[encoding]
    for path in ["/docs/environments", _entry_script(built_site), "/search-index-docs-default-current.json"]:
        plain = request(server, path, {"Accept-Encoding": "identity"})
        assert "Content-Encoding" not in plain.headers and "Accept-Encoding" in plain.header("Vary")
        packed = request(server, path, {"Accept-Encoding": f"{encoding}, deflate"})
        assert packed.header("Content-Encoding") == encoding, path
        assert "Accept-Encoding" in packed.header("Vary")
        assert len(packed.body) < len(plain.body) / 2
        assert decode(packed.body) == plain.body


def test_precompressed_twins_asked_for_by_name_are_not_found(server: str, built_site: Path) -> None:
    """A twin's bytes are only ever sent as the encoding of its file, with the file's type."""
    for path in ["/index.html.br", "/index.html.gz", "/docs/environments/index.html.br",
                 "/search-index-docs-default-current.json.gz", _entry_script(built_site) + ".br"]:
        assert (built_site / (path.lstrip("/"))).is_file(), path
        for encoding in ["identity", "br"]:
            answer = request(server, path, {"Accept-Encoding": encoding})
            assert answer.status == 404 and answer.media_type == "text/html", (path, encoding)
        plain = request(server, path, {"Accept-Encoding": "identity"})
        assert b"<title>Page not found" in plain.body and "Content-Encoding" not in plain.headers, path


def test_both_encodings_accepted_prefers_brotli(server: str) -> None:
    assert request(server, "/docs/environments", {"Accept-Encoding": "gzip, deflate, br"}).header(
        "Content-Encoding") == "br"


def test_the_build_precompresses_every_compressible_file(built_site: Path) -> None:
    for path in ["index.html", "docs/environments/index.html", "sitemap.xml", "spec/catalog.yaml",
                 "spec/catalog.postman_collection.json", "search-index-default.json", "_data/site.json"]:
        assert (built_site / f"{path}.br").is_file() and (built_site / f"{path}.gz").is_file(), path
    assert not (built_site / "downloads" / "sample-tickets-OB4K7Q2M9X.pdf.gz").exists()
    assert not (built_site / f"{HEADERS_FILE}.gz").exists()


def test_conditional_requests_answer_304(server: str) -> None:
    first = request(server, "/docs/environments")
    etag, modified = first.header("ETag"), first.header("Last-Modified")
    assert etag and modified
    assert request(server, "/docs/environments", {"If-None-Match": etag}).status == 304
    assert request(server, "/docs/environments", {"If-Modified-Since": modified}).status == 304
    assert request(server, "/docs/environments", {"If-None-Match": '"other"'}).status == 200
    assert request(server, "/docs/environments", {"If-Modified-Since": "Mon, 01 Jan 2001 00:00:00 GMT"}).status == 200


def test_head_answers_the_headers_without_a_body(server: str) -> None:
    answer = request(server, "/docs/environments", method="HEAD")
    assert answer.status == 200 and answer.body == b"" and answer.header("ETag")


class _Unclosed(io.BufferedReader):
    def close(self) -> None:  # http.client closes it after an answer that closes the connection
        pass


class _Stream:
    """One connection's answers read one after another (http.client reads each from the same buffer)."""

    def __init__(self, sock: socket.socket) -> None:
        self.file = _Unclosed(socket.SocketIO(sock, "rb"))

    def makefile(self, *args: object, **kwargs: object) -> Any:
        return self.file

    def answer(self, method: str = "GET") -> Answer:
        response = http.client.HTTPResponse(self, method=method)  # type: ignore[arg-type]
        response.begin()
        return Answer(response.status, response.msg, response.read())


def test_pipelined_requests_are_answered_in_order_and_connection_close_is_kept(server: str,
                                                                               built_site: Path) -> None:
    """Requests sent at once on one connection (a kept file, a HEAD of a missing page, a GET with a
    body, a range, a page whose client asks to close): each answer whole, in order, then the close."""
    host, port = server.removeprefix("http://").split(":")
    index = built_site / "search-index-default.json"
    requests = [
        b"GET /docs/environments HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br\r\n\r\n",
        b"HEAD /nope HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /search-index-default.json HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
        b"GET /search-index-default.json HTTP/1.1\r\nHost: x\r\nRange: bytes=0-9\r\n\r\n",
        b"GET /docs/environments HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    ]
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(b"".join(requests))
        stream = _Stream(sock)
        answers = [stream.answer(), stream.answer("HEAD"), *(stream.answer() for _ in range(3))]
        sock.settimeout(2)  # shorter than the keep-alive timeout: the close comes with the answer
        assert stream.file.read() == b"", "the connection is closed after the answer that asked for it"
    page = built_site / "docs" / "environments" / "index.html"
    assert [a.status for a in answers] == [200, 404, 200, 206, 200]
    assert answers[0].body == page.with_name("index.html.br").read_bytes() and answers[0].header("Content-Encoding")
    not_found = (built_site / "404.html").stat().st_size
    assert answers[1].body == b"" and int(answers[1].header("Content-Length")) == not_found
    assert answers[2].body == index.read_bytes() and answers[3].body == index.read_bytes()[:10]
    assert answers[4].body == page.read_bytes() and answers[4].header("Connection") == "close"


def test_an_http_1_0_request_is_answered_and_its_connection_closed(server: str, built_site: Path) -> None:
    host, port = server.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(b"GET /docs/environments HTTP/1.0\r\n\r\n")
        stream = _Stream(sock)
        answer = stream.answer()
        sock.settimeout(2)
        assert stream.file.read() == b""
    assert answer.status == 200 and answer.body == (built_site / "docs" / "environments" / "index.html").read_bytes()


def test_a_bug_in_the_preview_server_answers_500_with_the_sites_headers(
        servers: Callable[[str, Policy], str], built_site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a real connection: the answer written without the ASGI way falls back to it on an error."""
    url = servers("preview", None)
    monkeypatch.setattr(preview, "_resolve", lambda *args: 1 / 0)
    failed = request(url, "/docs/environments")
    expected = read_rules(built_site).headers_for("/")
    assert failed.status == 500 and failed.header("Content-Security-Policy") == expected["Content-Security-Policy"]
    monkeypatch.undo()
    assert request(url, "/docs/environments").status == 200


def test_answers_from_memory_are_written_without_the_asgi_way(servers: Callable[[str, Policy], str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The preview server's fast way (half the CPU per answer): with the ASGI app broken, a kept page,
    a redirect and a 404 are still answered; a request only the ASGI way serves fails."""
    url = servers("preview", None)

    async def broken(*args: object) -> None:
        raise RuntimeError("the ASGI way was taken")

    monkeypatch.setattr(preview.PreviewApp, "__call__", broken)
    assert request(url, "/docs/environments", {"Accept-Encoding": "br"}).status == 200
    assert request(url, "/docs/intro").status == 301
    assert request(url, "/nope").status == 404
    assert request(url, "/docs/environments", {"X-Forwarded-Proto": "https"}).status == 500


def _malformed(base: str) -> Answer:
    """The answer to a request line no server can read."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(b"GET /\x01 HTTP/1.1\r\nHost: localhost\r\n\r\n")
        raw = b""
        while b"\r\n\r\n" not in raw and (chunk := sock.recv(65536)):
            raw += chunk
    head = raw.split(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    headers = Message()
    for line in head[1:]:
        name, _, value = line.partition(":")
        headers[name.strip()] = value.strip()
    return Answer(int(head[0].split()[1]), headers, b"")


@pytest.mark.parametrize("kind", SERVERS)
def test_every_answer_carries_the_security_headers(kind: str, servers: Callable[[str, Policy], str],
                                                   built_site: Path) -> None:
    """2xx, 3xx, 4xx and the answers a server gives before it reaches a file. HSTS is the site's
    setting (on: its url is https) in nginx's configuration; the preview server sends it over HTTPS
    only, and it speaks plain HTTP here."""
    url = servers(kind, None)
    expected = read_rules(built_site).headers_for("/")
    assert expected[HSTS] == "max-age=31536000" and "camera=()" in expected["Permissions-Policy"]
    first = request(url, "/docs/environments")
    answers = {
        "200": first,
        "206": request(url, "/spec/catalog.yaml", {"Range": "bytes=0-9", "Accept-Encoding": "identity"}),
        "301": request(url, "/docs/intro"),
        "304": request(url, "/docs/environments", {"If-None-Match": first.header("ETag")}),
        "404": request(url, "/nope"),
        "404 twin": request(url, "/index.html.br"),
        "404 rule file": request(url, "/_headers"),
        "405": request(url, "/docs/environments", method="POST"),
        "414": request(url, "/a" * 5000),
        "416": request(url, "/spec/catalog.yaml", {"Range": "bytes=99999999-", "Accept-Encoding": "identity"}),
        "400": _malformed(url),
    }
    for name, answer in answers.items():
        assert str(answer.status) == name.split()[0], name
        for header in ["Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options",
                       "Permissions-Policy"]:
            assert answer.header(header) == expected[header], (name, header)
        assert answer.header(HSTS) == ("max-age=31536000" if kind == "nginx" else ""), name


@pytest.mark.parametrize("path", ["/spec/distribution.yaml", "/downloads/sample-tickets-OB4K7Q2M9X.pdf",
                                  "/search-index-docs-default-current.json"])
def test_a_single_byte_range_gets_206_and_one_past_the_end_416(server: str, path: str) -> None:
    """Resuming a download, or a PDF viewer reading pages as they are shown."""
    plain = {"Accept-Encoding": "identity"}
    whole = request(server, path, plain)
    size = len(whole.body)
    assert whole.status == 200 and whole.header("Accept-Ranges") == "bytes"
    first = request(server, path, {**plain, "Range": "bytes=0-99"})
    assert first.status == 206 and first.body == whole.body[:100]
    assert first.header("Content-Range") == f"bytes 0-99/{size}" and first.media_type == whole.media_type
    rest = request(server, path, {**plain, "Range": "bytes=100-"})
    assert rest.status == 206 and first.body + rest.body == whole.body
    tail = request(server, path, {**plain, "Range": "bytes=-10"})
    assert tail.status == 206 and tail.body == whole.body[-10:]
    past = request(server, path, {**plain, "Range": f"bytes={size}-"})
    assert past.status == 416 and past.header("Content-Range") == f"bytes */{size}"
    stale = request(server, path, {**plain, "Range": "bytes=0-99", "If-Range": '"an-older-version"'})
    assert stale.status == 200 and stale.body == whole.body, "the file changed since: all of it"


# -- hostile requests -------------------------------------------------------------------------------

def test_absolute_looking_paths_are_not_found(server: str) -> None:
    for path in ["//etc/passwd", "/%2fetc%2fpasswd", "/%2Fetc/passwd", "///etc/hostname"]:
        answer = request(server, path)
        assert answer.status == 404, path
        assert b"root:" not in answer.body


def test_paths_climbing_out_of_the_site_are_refused(server: str) -> None:
    """nginx answers 400 to a path above its root or with a NUL, the preview server 404: neither
    serves a file."""
    for path in ["/%00", "/..%2f..%2fetc%2fpasswd", "/docs/..%2f..%2f..%2fetc/passwd", "/../../etc/passwd"]:
        answer = request(server, path)
        assert answer.status in (400, 404), path
        assert b"root:" not in answer.body


def test_over_long_paths_answer_404_or_414(server: str) -> None:
    for path in ["/" + "a" * 300, "/docs/" + "b" * 1000 + ".html", "/a" * 5000]:
        assert request(server, path).status in (404, 414), path[:20]


@pytest.mark.parametrize("kind", SERVERS)
def test_redirects_are_never_protocol_relative(kind: str, servers: Callable[[str, Policy], str]) -> None:
    url = servers(kind, True)
    for path in ["//docs/environments", "/%2fdocs/environments", "//docs//environments"]:
        answer = request(url, path)
        location = answer.header("Location")
        assert answer.status in (301, 404), path
        assert not location.startswith("//") and not location.startswith("/\\"), (path, location)


def test_a_client_sending_its_headers_too_slowly_is_dropped(server: str) -> None:
    host, port = server.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=HEADER_TIMEOUT + 5) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n")
        started = time.monotonic()
        closed = False
        while time.monotonic() - started < HEADER_TIMEOUT + 4:
            try:
                sock.sendall(b"X-Slow: 1\r\n")
                sock.settimeout(0.5)
                data = sock.recv(4096)
                if data == b"" or data.startswith(b"HTTP/1.1 408"):
                    closed = True
                    break
            except TimeoutError:
                continue
            except OSError:  # reset by the server
                closed = True
                break
        assert closed, "the connection is still open"
        assert time.monotonic() - started >= HEADER_TIMEOUT - 0.5


# -- the CSP in the browser -------------------------------------------------------------------------

def test_every_page_loads_under_the_csp_without_a_violation(site_url: str, page: Page) -> None:
    """Nor a Permissions-Policy error (a feature Chromium does not know, or one a page uses). With
    web analytics, the help-desk widget and (on the widget page) the widget script configured."""
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if any(
        name in m.text for name in ("Content Security Policy", "Permissions-Policy", "Permissions policy")) else None)
    page.add_init_script("document.addEventListener('securitypolicyviolation', e => "
                         "console.error('Content Security Policy: ' + e.violatedDirective + ' ' + e.blockedURI))")
    third_parties: list[str] = []
    page.on("request", lambda r: third_parties.append(r.url) if not r.url.startswith(site_url) else None)
    for path in ALL_ROUTES:
        page.goto(site_url + path)
        hydrated(page)
    search(page, site_url, "refund")  # the search box's chunk, its Web Worker and the indexes
    expect(options(page).first).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert violations == []
    assert any("googletagmanager.com" in url for url in third_parties), "the analytics script loaded"
    assert any("support.oneboxtds.com" in url for url in third_parties), "the help-desk script loaded"
