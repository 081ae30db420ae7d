"""Where a route's files go: the Python rules, and the same rules in the front end."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from docsite.frontend import Frontend, node
from docsite.routes import canonical_route
from docsite.site_paths import data_key, docs_data_path, html_path, page_data_path, samples_data_path, tryit_data_path
from docsite.writing.staging import staging_dir, swap_in
from tests.conftest import FRONTEND

ROUTES = ["/", "/docs/", "/docs/environments", "/docs/authentication/", "/blog/tags/onebox", "/404"]


def test_page_data_paths() -> None:
    assert [data_key(r) for r in ROUTES] == ["index", "docs", "docs/environments", "docs/authentication",
                                             "blog/tags/onebox", "404"]
    assert page_data_path("/docs/environments") == "_data/page/docs/environments.json"


@pytest.mark.parametrize(("policy", "expected"), [
    (None, ["index.html", "docs/index.html", "docs/environments/index.html", "docs/authentication/index.html"]),
    (True, ["index.html", "docs/index.html", "docs/environments/index.html", "docs/authentication/index.html"]),
    (False, ["index.html", "docs.html", "docs/environments.html", "docs/authentication.html"]),
])
def test_html_files_follow_the_trailing_slash_policy(policy: bool | None, expected: list[str]) -> None:
    assert [html_path(r, policy) for r in ROUTES[:4]] == expected
    assert html_path("/404", policy) == "404.html"
    assert html_path("/specification/404", policy) == "specification/404.html"  # a section's own


def test_canonical_routes_follow_the_policy() -> None:
    assert canonical_route("/docs/environments", None) == "/docs/environments"
    assert canonical_route("/docs/environments", True) == "/docs/environments/"
    assert canonical_route("/docs/", False) == "/docs"
    assert canonical_route("/", False) == "/"


def test_the_front_end_computes_the_same_data_paths() -> None:
    frontend = Frontend(FRONTEND)
    frontend.ensure_built(lambda line: None)
    script = (
        "import(process.argv[1]).then(m => console.log(JSON.stringify(["
        "JSON.parse(process.argv[2]).map(r => m.pageDataPath(r)), m.docsDataPath('default'),"
        " m.tryItDataPath('orders'), m.samplesDataPath('orders')])))"
    )
    bundle = (FRONTEND / "dist" / "server" / "entry-server.js").as_uri()
    result = subprocess.run([node(), "-e", script, bundle, json.dumps(ROUTES)], capture_output=True, text=True,
                            check=True, cwd=FRONTEND)
    assert json.loads(result.stdout) == [[page_data_path(r) for r in ROUTES], docs_data_path("default"),
                                         tryit_data_path("orders"), samples_data_path("orders")]


def test_the_swapped_out_build_is_renamed_before_its_detached_deletion(tmp_path: Path) -> None:
    """build() deletes its staging folder's name when it ends: after the swap that name must not be the
    previous build, which a detached process is deleting (deleting it again would cost the build seconds)."""
    out = tmp_path / "build"
    (out / "old.html").parent.mkdir(parents=True)
    (out / "old.html").write_text("previous")
    staging = staging_dir(out)
    staging.mkdir()
    (staging / "new.html").write_text("new")
    swap_in(staging, out)
    assert (out / "new.html").read_text() == "new"
    assert not staging.exists()
