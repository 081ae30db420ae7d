"""The cold build's prerender (frontend/scripts/prerender.mjs run by docsite.build.prerender): one
thread for a small site, worker threads from 200 routes. Either way every page is written and
reported as it is (its twins are compressed meanwhile), progress reaches the end, and a route whose
page crashes is named in the error."""

from __future__ import annotations

from pathlib import Path

import pytest

from docsite.build import Paths, build, prerender
from docsite.errors import BuildError
from docsite.frontend import Frontend
from tests.conftest import FRONTEND


def _jobs(count: int) -> list[dict[str, str]]:
    """`count` copies of the mini site's doc, each into its own file."""
    return [{"route": "/docs", "data": "_data/page/docs.json", "html": f"copies/{n}/index.html"} for n in range(count)]


@pytest.mark.parametrize("count", [3, 250])
def test_every_page_is_written_and_reported_as_it_is(mini_site: Path, tmp_path: Path, count: int) -> None:
    out = tmp_path / "build"
    build(Paths(mini_site, out, FRONTEND, tmp_path / "cache"), log=lambda _: None)
    written: list[Path] = []
    steps: list[tuple[int, int]] = []
    prerender(Frontend(FRONTEND), out, _jobs(count), lambda _, done, total: steps.append((done, total)),
              written.append)
    expected = [out / job["html"] for job in _jobs(count)]
    assert sorted(written) == sorted(expected)
    assert all(page.read_text(encoding="utf-8") == (out / "docs" / "index.html").read_text(encoding="utf-8")
               for page in expected)
    assert steps[-1] == (count, count)


@pytest.mark.parametrize("count", [3, 250])
def test_the_route_whose_page_crashes_is_named(mini_site: Path, tmp_path: Path, count: int) -> None:
    out = tmp_path / "build"
    build(Paths(mini_site, out, FRONTEND, tmp_path / "cache"), log=lambda _: None)
    (out / "_data" / "page" / "broken.json").write_text("{not json", encoding="utf-8")
    jobs = _jobs(count)
    jobs[count // 2] = {"route": "/docs/broken", "data": "_data/page/broken.json", "html": "broken/index.html"}
    with pytest.raises(BuildError) as failure:
        prerender(Frontend(FRONTEND), out, jobs, lambda *_: None)
    message = str(failure.value)
    assert "prerendering failed:" in message and "prerender failed for route /docs/broken" in message
    assert "caused by: SyntaxError" in message
    assert "a layout crashed on that page's data" in message
