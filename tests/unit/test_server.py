"""The preview server's routing rules, the same as production's."""

from __future__ import annotations

import gzip
from pathlib import Path

import brotli
import pytest
from starlette.testclient import TestClient

from docsite.outputs.delivery import script_hash
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
                                       "  Content-Security-Policy: default-src 'self'; script-src 'self'\n/assets/*\n"
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
