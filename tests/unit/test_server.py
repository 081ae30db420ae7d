"""The preview server's routing rules, the same as production's."""

from __future__ import annotations

import gzip
from pathlib import Path

import brotli
import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from docsite.outputs.delivery import PERMISSIONS_POLICY, script_hash
from docsite.servers import preview
from docsite.servers.dev import LIVE_RELOAD, LiveReload
from docsite.servers.preview import create_app, resolve


@pytest.fixture
def build_dir(tmp_path: Path) -> Path:
    files = ["index.html", "404.html", "docs/index.html", "docs/environments/index.html",
             "assets/app-1234.js", "spec/catalog.yaml", "_data/site.json"]
    for name in files:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text('{"baseUrl": "/", "trailingSlash": null}' if name.endswith("site.json") else name)
    (tmp_path / "_headers").write_text("/*\n  X-Content-Type-Options: nosniff\n"
                                       "  Content-Security-Policy: default-src 'self'; script-src 'self'\n"
                                       f"  Permissions-Policy: {PERMISSIONS_POLICY}\n"
                                       "  Strict-Transport-Security: max-age=31536000\n/assets/*\n"
                                       "  Cache-Control: public, max-age=31536000, immutable\n")
    (tmp_path / "_redirects").write_text("# moved\n/docs/old /docs/environments 301\n")
    return tmp_path


def kind(build: Path, path: str, policy: bool | None = None, base: str = "/") -> tuple[str, str | None]:
    found = resolve(build, path, base, policy)
    if found.kind == "file":
        assert found.file is not None
        return "file", found.file.relative_to(build).as_posix()
    return found.kind, found.location


def test_files_and_routes(build_dir: Path) -> None:
    assert kind(build_dir, "/") == ("file", "index.html")
    assert kind(build_dir, "/assets/app-1234.js") == ("file", "assets/app-1234.js")
    assert kind(build_dir, "/docs") == ("file", "docs/index.html")
    assert kind(build_dir, "/docs/") == ("file", "docs/index.html")
    assert kind(build_dir, "/docs/environments") == ("file", "docs/environments/index.html")
    assert kind(build_dir, "/docs/environments/index.html") == ("file", "docs/environments/index.html")


def test_html_suffixes_are_stripped_when_no_exact_route_matches(build_dir: Path) -> None:
    assert kind(build_dir, "/docs/environments.html") == ("file", "docs/environments/index.html")
    assert kind(build_dir, "/docs/index.html") == ("file", "docs/index.html")
    assert kind(build_dir, "/index.html") == ("file", "index.html")
    assert kind(build_dir, "/docs/missing.html")[0] == "not_found"


def test_trailing_slash_policies_redirect(build_dir: Path) -> None:
    assert kind(build_dir, "/docs/environments", True) == ("redirect", "/docs/environments/")
    assert kind(build_dir, "/docs/environments/", True) == ("file", "docs/environments/index.html")
    assert kind(build_dir, "/docs/environments/", False) == ("redirect", "/docs/environments")
    assert kind(build_dir, "/", False) == ("file", "index.html")


def test_unknown_paths_and_traversal_are_not_found(build_dir: Path) -> None:
    assert kind(build_dir, "/nope")[0] == "not_found"
    assert kind(build_dir, "/../etc/passwd")[0] == "not_found"


def test_base_url(build_dir: Path) -> None:
    assert kind(build_dir, "/site/docs/", base="/site/") == ("file", "docs/index.html")
    assert kind(build_dir, "/site", base="/site/") == ("file", "index.html")
    assert kind(build_dir, "/docs/", base="/site/")[0] == "not_found"


def test_the_app_answers_404_with_the_not_found_page_and_redirects_keep_the_query(build_dir: Path) -> None:
    client = TestClient(create_app(build_dir))
    missing = client.get("/nope")
    assert missing.status_code == 404 and missing.text == "404.html"
    (build_dir / "_data" / "site.json").write_text('{"baseUrl": "/", "trailingSlash": true}')
    redirect = client.get("/docs/environments?x=1", follow_redirects=False)
    assert redirect.status_code == 301 and redirect.headers["location"] == "/docs/environments/?x=1"
    asset = client.get("/assets/app-1234.js")
    assert "immutable" in asset.headers["cache-control"]


def test_the_dev_server_adds_live_reload_to_html_a_browser_asks_gzipped(build_dir: Path) -> None:
    page = "<html><body>" + "A long page. " * 100 + "</body></html>"  # long enough to be compressed
    (build_dir / "docs" / "environments" / "index.html").write_text(page)
    client = TestClient(LiveReload(create_app(build_dir)))
    answer = client.get("/docs/environments", headers={"Accept-Encoding": "gzip, deflate"})
    assert answer.status_code == 200 and answer.text.endswith(LIVE_RELOAD + "</body></html>")
    script = LIVE_RELOAD.removeprefix("<script>").removesuffix("</script>")
    assert answer.headers["content-security-policy"] == f"default-src 'self'; script-src {script_hash(script)} 'self'"
    assert answer.headers["x-content-type-options"] == "nosniff", "the page's other headers are kept"


def test_repeated_slashes_are_merged_so_nothing_leaves_the_build(build_dir: Path) -> None:
    assert kind(build_dir, "//docs/environments") == ("file", "docs/environments/index.html")
    assert kind(build_dir, "//etc/passwd")[0] == "not_found"
    assert kind(build_dir, "//docs/environments", True) == ("redirect", "/docs/environments/")
    assert kind(build_dir, "/" + "a" * 300)[0] == "not_found"  # too long a name for the file system
    assert kind(build_dir, "/_headers")[0] == "not_found"


def test_rules_redirects_and_headers_come_from_the_builds_files(build_dir: Path) -> None:
    client = TestClient(create_app(build_dir))
    moved = client.get("/docs/old/?a=1", follow_redirects=False)
    assert moved.status_code == 301 and moved.headers["location"] == "/docs/environments?a=1"
    page = client.get("/docs/environments")
    assert page.headers["cache-control"] == "no-cache" and page.headers["x-content-type-options"] == "nosniff"
    assert client.get("/_redirects").status_code == 404
    assert client.get("/" + "x" * 5000).status_code == 414


def test_precompressed_twins_are_chosen_by_accept_encoding(build_dir: Path) -> None:
    page = build_dir / "docs" / "environments" / "index.html"
    page.write_text("<html>" + "text " * 200 + "</html>")
    page.with_name("index.html.br").write_bytes(brotli.compress(b"the br twin"))
    page.with_name("index.html.gz").write_bytes(gzip.compress(b"the gzip twin"))
    client = TestClient(create_app(build_dir))

    def get(accept: str) -> tuple[str | None, str]:
        answer = client.get("/docs/environments", headers={"Accept-Encoding": accept})
        assert answer.headers["vary"] == "Accept-Encoding" and answer.headers["content-type"].startswith("text/html")
        return answer.headers.get("content-encoding"), answer.text

    assert get("gzip, deflate, br") == ("br", "the br twin")
    assert get("gzip;q=1, br;q=0") == ("gzip", "the gzip twin")
    encoding, text = get("identity")
    assert encoding is None and text.startswith("<html>")


def test_conditional_requests_and_head(build_dir: Path) -> None:
    client = TestClient(create_app(build_dir))
    first = client.get("/docs/environments")
    assert client.get("/docs/environments", headers={"If-None-Match": first.headers["etag"]}).status_code == 304
    weak = {"If-None-Match": f'W/{first.headers["etag"]}, "x"'}
    assert client.get("/docs/environments", headers=weak).status_code == 304
    assert client.get("/docs/environments",
                      headers={"If-Modified-Since": first.headers["last-modified"]}).status_code == 304
    assert client.get("/docs/environments", headers={"If-None-Match": '"stale"'}).status_code == 200
    head = client.head("/docs/environments")
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-length"] == str(len(first.content))


def carries_the_sites_headers(answer: httpx.Response, https: bool = False) -> None:
    assert answer.headers["x-content-type-options"] == "nosniff", answer.status_code
    assert answer.headers["content-security-policy"].startswith("default-src 'self'"), answer.status_code
    assert answer.headers["permissions-policy"] == PERMISSIONS_POLICY, answer.status_code
    assert ("strict-transport-security" in answer.headers) is https, answer.status_code


def test_precompressed_twins_asked_for_by_name_are_not_found(build_dir: Path) -> None:
    page = build_dir / "docs" / "environments" / "index.html"
    page.with_name("index.html.br").write_bytes(brotli.compress(b"the br twin"))
    page.with_name("index.html.gz").write_bytes(gzip.compress(b"the gzip twin"))
    (build_dir / "downloads").mkdir()
    (build_dir / "downloads" / "sdk.tar.gz").write_bytes(gzip.compress(b"an archive"))
    assert kind(build_dir, "/docs/environments/index.html.br")[0] == "not_found"
    assert kind(build_dir, "/docs/environments/index.html.gz")[0] == "not_found"
    assert kind(build_dir, "/downloads/sdk.tar.gz") == ("file", "downloads/sdk.tar.gz"), "an archive is no twin"
    client = TestClient(create_app(build_dir))
    answer = client.get("/docs/environments/index.html.br", headers={"Accept-Encoding": "br"})
    assert answer.status_code == 404 and answer.text == "404.html" and "content-encoding" not in answer.headers
    archive = client.get("/downloads/sdk.tar.gz", headers={"Accept-Encoding": "identity"})
    assert archive.status_code == 200 and archive.headers["content-type"] == "application/gzip"
    assert "content-encoding" not in archive.headers and gzip.decompress(archive.content) == b"an archive"


def test_every_answer_carries_the_sites_headers(build_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    client = TestClient(create_app(build_dir), raise_server_exceptions=False)
    first = client.get("/docs/environments")
    answers = {
        200: first,
        301: client.get("/docs/old", follow_redirects=False),
        304: client.get("/docs/environments", headers={"If-None-Match": first.headers["etag"]}),
        404: client.get("/nope"),
        405: client.post("/docs/environments"),
        414: client.get("/" + "x" * 5000),
        206: client.get("/spec/catalog.yaml", headers={"Range": "bytes=0-3"}),
        416: client.get("/spec/catalog.yaml", headers={"Range": "bytes=1000-"}),
    }
    monkeypatch.setattr(preview, "_resolve", lambda *args: 1 / 0)  # a bug in the server
    answers[500] = client.get("/docs/environments")
    for status, answer in answers.items():
        assert answer.status_code == status
        carries_the_sites_headers(answer)
    assert answers[405].headers["allow"] == "GET, HEAD"
    assert client.delete("/nope").status_code == 405


def test_hsts_is_sent_over_https_only(build_dir: Path) -> None:
    """Browsers ignore Strict-Transport-Security over HTTP; behind a TLS proxy the scheme is HTTPS."""
    over_https = TestClient(create_app(build_dir), base_url="https://testserver")
    for answer in [over_https.get("/docs/environments"), over_https.get("/nope"), over_https.post("/")]:
        carries_the_sites_headers(answer, https=True)
        assert answer.headers["strict-transport-security"] == "max-age=31536000"
    carries_the_sites_headers(TestClient(create_app(build_dir)).get("/docs/environments"), https=False)


def test_a_single_byte_range_gets_206_and_one_past_the_end_416(build_dir: Path) -> None:
    spec = build_dir / "spec" / "catalog.yaml"
    spec.write_bytes(bytes(range(256)) * 4)
    client = TestClient(create_app(build_dir))

    def get(range_header: str, **headers: str) -> httpx.Response:
        return client.get("/spec/catalog.yaml", headers={"Range": range_header, **headers})

    whole = client.get("/spec/catalog.yaml")
    assert whole.headers["accept-ranges"] == "bytes" and len(whole.content) == 1024
    part = get("bytes=10-19")
    assert part.status_code == 206 and part.content == spec.read_bytes()[10:20]
    assert part.headers["content-range"] == "bytes 10-19/1024" and part.headers["content-length"] == "10"
    assert get("bytes=1000-").content == spec.read_bytes()[1000:]
    assert get("bytes=-24").headers["content-range"] == "bytes 1000-1023/1024"
    assert get("bytes=1000-5000").headers["content-range"] == "bytes 1000-1023/1024", "the end is clamped"
    unsatisfiable = get("bytes=1024-")
    assert unsatisfiable.status_code == 416 and unsatisfiable.headers["content-range"] == "bytes */1024"
    assert get("bytes=0-1, 5-6").status_code == 200, "several ranges: the whole file"
    assert get("chars=0-1").status_code == 200 and get("bytes=9-2").status_code == 200, "not read: the whole file"
    assert get("bytes=0-1", **{"If-Range": whole.headers["etag"]}).status_code == 206
    assert get("bytes=0-1", **{"If-Range": '"changed"'}).status_code == 200, "the file changed: all of it"
    head = client.head("/spec/catalog.yaml", headers={"Range": "bytes=0-9"})
    assert head.status_code == 206 and head.headers["content-length"] == "10" and head.content == b""


def test_a_range_of_a_compressed_answer_is_the_whole_twin(build_dir: Path) -> None:
    index = build_dir / "search-index.json"
    index.write_text('{"docs": [' + ", ".join(['"text"'] * 500) + "]}")
    index.with_name("search-index.json.br").write_bytes(brotli.compress(index.read_bytes()))
    client = TestClient(create_app(build_dir))
    packed = client.get("/search-index.json", headers={"Range": "bytes=0-9", "Accept-Encoding": "br"})
    assert packed.status_code == 200 and packed.headers["content-encoding"] == "br"
    plain = client.get("/search-index.json", headers={"Range": "bytes=0-9", "Accept-Encoding": "identity"})
    assert plain.status_code == 206 and plain.content == b'{"docs": ['


def test_large_files_are_sent_in_chunks_and_changed_files_anew(build_dir: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(preview, "_CACHED_FILE_BYTES", 1000)
    monkeypatch.setattr(preview, "_CHUNK_BYTES", 300)
    download = build_dir / "downloads" / "guide.pdf"
    download.parent.mkdir()
    download.write_bytes(bytes(range(256)) * 10)
    client = TestClient(create_app(build_dir))
    assert client.get("/downloads/guide.pdf").content == download.read_bytes()
    part = client.get("/downloads/guide.pdf", headers={"Range": "bytes=250-1049"})
    assert part.status_code == 206 and part.content == download.read_bytes()[250:1050]
    page = build_dir / "docs" / "index.html"
    assert client.get("/docs/").text == "docs/index.html"
    page.write_text("the page, rebuilt")
    assert client.get("/docs/").text == "the page, rebuilt", "an answer is kept only while its file is unchanged"
