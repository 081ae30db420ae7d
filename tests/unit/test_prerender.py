"""The build's prerender (frontend/scripts/prerender.mjs --stream, fed by docsite.prerender): one
thread for a few routes, worker threads too once routes queue up. Either way every page is written
and reported (with its twins when asked: Node compresses the HTML it holds), with the hashes of its
inline scripts, progress reaches the end, and a route whose page crashes is named in the error."""

from __future__ import annotations

import gzip
import shutil
import subprocess
from pathlib import Path
from typing import Any

import brotli
import pytest

import docsite.build as builder
import docsite.stages.write as write_stage
from docsite.build import Paths, build, prerender
from docsite.errors import BuildError
from docsite.frontend import Frontend
from docsite.outputs.delivery import ENCODINGS, file_script_hashes
from docsite.prerender import Prerender
from tests.conftest import FRONTEND


def _jobs(count: int) -> list[dict[str, str]]:
    """`count` copies of the mini site's doc, each into its own file."""
    return [{"route": "/docs", "data": "_data/page/docs.json", "html": f"copies/{n}/index.html"} for n in range(count)]


@pytest.mark.parametrize("count", [3, 250])
def test_every_page_is_written_and_reported_as_it_is(mini_site: Path, tmp_path: Path, count: int) -> None:
    out = tmp_path / "build"
    build(Paths(mini_site, out, FRONTEND, tmp_path / "cache"), log=lambda _: None)
    steps: list[tuple[int, int]] = []
    written = prerender(Frontend(FRONTEND), out, _jobs(count), lambda _, done, total: steps.append((done, total)))
    expected = [out / job["html"] for job in _jobs(count)]
    assert sorted(written) == sorted(expected)
    assert all(page.read_text(encoding="utf-8") == (out / "docs" / "index.html").read_text(encoding="utf-8")
               for page in expected)
    assert steps[-1] == (count, count)


@pytest.mark.parametrize("count", [3, 250])
def test_pages_come_with_their_twins_and_their_inline_scripts_hashes(mini_site: Path, tmp_path: Path,
                                                                    count: int) -> None:
    out = tmp_path / "build"
    build(Paths(mini_site, out, FRONTEND, tmp_path / "cache"), log=lambda _: None)
    scripts = prerender(Frontend(FRONTEND), out, _jobs(count), lambda *_: None, compress=True)
    for page in (out / job["html"] for job in _jobs(count)):
        html = page.read_bytes()
        br, gz = (page.with_name(page.name + suffix) for _, suffix in ENCODINGS)
        assert brotli.decompress(br.read_bytes()) == html and gzip.decompress(gz.read_bytes()) == html
        assert min(br.stat().st_mtime_ns, gz.stat().st_mtime_ns) >= page.stat().st_mtime_ns, "twins are fresh"
        assert scripts[page] == file_script_hashes(page) != frozenset()


def test_pages_have_no_twins_unless_asked(mini_site: Path, tmp_path: Path) -> None:
    """The dev server serves the HTML uncompressed (and rewrites it)."""
    out = tmp_path / "build"
    build(Paths(mini_site, out, FRONTEND, tmp_path / "cache"), log=lambda _: None)
    prerender(Frontend(FRONTEND), out, _jobs(3), lambda *_: None)
    assert sorted(p.name for p in (out / "copies" / "0").iterdir()) == ["index.html"]


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


def test_a_build_whose_page_crashes_names_its_route_and_leaves_the_previous_build(
        mini_site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pages render while the rest of the site is written: a page that fails stops the build all
    the same, with the route named, the previous build as it was and no staging folder left."""
    out = tmp_path / "build"
    build(Paths(mini_site, out, FRONTEND, tmp_path / "cache"), log=lambda _: None)
    before = {path: path.read_bytes() for path in out.rglob("*") if path.is_file()}
    real = write_stage.prerender_jobs
    broken = {"route": "/docs/broken", "data": "_data/page/missing.json", "html": "broken/index.html"}
    monkeypatch.setattr(write_stage, "prerender_jobs", lambda *args: [*real(*args), broken])
    with pytest.raises(BuildError) as failure:
        build(Paths(mini_site, out, FRONTEND, tmp_path / "cache"), log=lambda _: None)
    assert "prerender failed for route /docs/broken" in str(failure.value)
    assert {path: path.read_bytes() for path in out.rglob("*") if path.is_file()} == before
    assert [path.name for path in tmp_path.iterdir() if path.name.startswith(".build")] == []


def test_node_stops_with_the_build(mini_site: Path, tmp_path: Path) -> None:
    """A build that stops before its pages are done (an error, Ctrl+C) stops its Node process; and
    Node stops by itself when the builder's end of its input closes before the builder said it
    was done (the builder was killed): it renders nothing more."""
    out = tmp_path / "build"
    build(Paths(mini_site, out, FRONTEND, tmp_path / "cache"), log=lambda _: None)
    with Prerender(Frontend(FRONTEND), compress=True) as node:
        node.render(out, _jobs(250))
        process = node._process
    assert process.poll() is not None
    orphan = subprocess.Popen(["node", str(Frontend(FRONTEND).prerender_script), "--stream"], cwd=FRONTEND,
                              stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    assert orphan.stdin is not None
    orphan.stdin.close()
    assert orphan.wait(timeout=10) == 1


def test_node_starts_with_a_cold_build_and_not_for_a_warm_one_with_nothing_to_render(
        mini_site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cold build starts Node before it loads the content (the front end loads meanwhile); a
    warm build starts it with its first page to render: none when nothing changed."""
    events: list[str] = []
    real_start, real_load = Prerender.start, builder.load_site

    def start(node: Prerender) -> None:
        if node._process is None:
            events.append("node")
        real_start(node)

    monkeypatch.setattr(Prerender, "start", start)
    monkeypatch.setattr(builder, "load_site", lambda *args, **kwargs: (events.append("load"),
                                                                       real_load(*args, **kwargs))[1])
    out = tmp_path / "build"
    build(Paths(mini_site, out, FRONTEND, tmp_path / "cache"), log=lambda _: None)
    assert events == ["node", "load"]
    events.clear()
    build(Paths(mini_site, out, FRONTEND, tmp_path / "cache"), log=lambda _: None)
    assert events == ["load"]


def test_a_build_that_fails_while_its_pages_render_stops_node_before_removing_its_staging_folder(
        mini_site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An error after the first pages were given to Node (here, making the search indexes) stops
    Node before the staging folder is removed: no page is written into it meanwhile, and nothing
    is left of the build."""
    nodes: list[Prerender] = []
    real_render, real_rmtree = Prerender.render, shutil.rmtree
    monkeypatch.setattr(Prerender, "render", lambda node, folder, jobs: (nodes.append(node),
                                                                         real_render(node, folder, jobs))[1])

    def failing(*args: object, **kwargs: object) -> None:
        raise BuildError.at("the disk is full")

    running_at_removal: list[bool] = []

    def rmtree(path: Path, *args: Any, **kwargs: Any) -> None:
        if ".staging-" in Path(path).name:
            running_at_removal.extend(node._process is not None and node._process.poll() is None for node in nodes)
        real_rmtree(path, *args, **kwargs)

    monkeypatch.setattr(write_stage, "search_file_parts", failing)
    monkeypatch.setattr(shutil, "rmtree", rmtree)
    out = tmp_path / "build"
    with pytest.raises(BuildError, match="the disk is full"):
        build(Paths(mini_site, out, FRONTEND, tmp_path / "cache"), log=lambda _: None)
    assert nodes and running_at_removal == [False] * len(nodes)
    assert not out.exists() and [path.name for path in tmp_path.iterdir() if path.name.startswith(".build")] == []
