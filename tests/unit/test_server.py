"""The preview server's routing rules, the same as production's."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from docsite.devserver import LIVE_RELOAD, LiveReload
from docsite.server import create_app, resolve


@pytest.fixture
def build_dir(tmp_path: Path) -> Path:
    files = ["index.html", "404.html", "docs/index.html", "docs/environments/index.html",
             "assets/app-1234.js", "spec/catalog.yaml", "_data/site.json"]
    for name in files:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text('{"baseUrl": "/", "trailingSlash": null}' if name.endswith("site.json") else name)
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
