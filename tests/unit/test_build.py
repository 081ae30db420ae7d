"""The whole pipeline: the real content's route table, check, and builds that fail safely."""

from __future__ import annotations

import gc
import json
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from docsite import build as builder
from docsite.build import Paths, build, check, load_site
from docsite.errors import BuildError
from docsite.stages import write as write_stage
from docsite.writing import reuse
from tests.conftest import CONTENT, FRONTEND
from tests.e2e.routes import ALL_ROUTES, OUTSIDE_SIDEBAR_DOCS, SIDEBAR_DOCS


def test_the_route_table_has_every_route_of_the_specification() -> None:
    site = load_site(Paths(CONTENT, Path("/nonexistent"), FRONTEND))
    routes = {r.path: r for r in site.routes}
    missing = [r for r in ALL_ROUTES if r not in routes]
    assert missing == []
    assert routes["/"].kind == "react" and routes["/widget-tests"].kind == "react"
    assert routes["/blog/welcome"].kind == "blogPost"
    assert routes["/faq"].kind == "page"
    assert routes["/specification/"].kind == "apiLanding"
    assert all(routes[r].kind == "doc" for r in SIDEBAR_DOCS + OUTSIDE_SIDEBAR_DOCS)
    assert all(routes[r].sidebar == "docs" for r in SIDEBAR_DOCS)
    assert all(routes[r].sidebar is None for r in OUTSIDE_SIDEBAR_DOCS), "docs outside the sidebar have none"
    assert routes["/404"].kind == "notFound"


def test_check_writes_nothing(mini_site: Path, tmp_path: Path) -> None:
    out = tmp_path / "build"
    assert check(Paths(mini_site, out, FRONTEND)) == []
    assert not out.exists()


def test_a_failed_build_leaves_the_previous_build_untouched(mini_site: Path, tmp_path: Path) -> None:
    out = tmp_path / "build"
    build(Paths(mini_site, out, FRONTEND), log=lambda line: None)
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert Path("docs/index.html") in before
    (mini_site / "docs" / "intro.md").write_text("---\ntitle: Intro\n---\n\n[broken](/docs/nowhere)\n")
    with pytest.raises(BuildError) as info:
        build(Paths(mini_site, out, FRONTEND), log=lambda line: None)
    assert "broken link to '/docs/nowhere'" in str(info.value)
    after = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before
    assert [p.name for p in tmp_path.iterdir() if "staging" in p.name] == []


def test_every_broken_link_is_listed_in_one_run(mini_site: Path) -> None:
    (mini_site / "docs" / "intro.md").write_text(
        "---\ntitle: Intro\nslug: /\n---\n\n[a](/docs/one)\n\n[b](/docs/two)\n\n[c](/blog/three)\n")
    with pytest.raises(BuildError) as info:
        check(Paths(mini_site, Path("/nonexistent"), FRONTEND))
    lines = [(p.line, p.message.split("'")[1]) for p in info.value.problems]
    assert lines == [(6, "/docs/one"), (8, "/docs/two"), (10, "/blog/three")]


def test_the_cycle_collector_leaves_the_loaded_site_alone_while_its_files_are_written(
        mini_site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    frozen: list[int] = []
    search_file_parts = write_stage.search_file_parts

    def counted(site: builder.Site) -> Iterator[tuple[str, Iterator[bytes]]]:
        frozen.append(gc.get_freeze_count())
        return search_file_parts(site)

    monkeypatch.setattr(write_stage, "search_file_parts", counted)
    paths = Paths(mini_site, tmp_path / "build", FRONTEND, tmp_path / "cache")
    build(paths, log=lambda _: None)
    assert frozen and frozen[0] > 1000, "the site's objects were frozen while the search index was made"
    assert gc.get_freeze_count() == 0, "and given back to the collector after"

    def failing(site: builder.Site) -> Iterator[tuple[str, Iterator[bytes]]]:
        raise BuildError.at("the search index failed")

    monkeypatch.setattr(write_stage, "search_file_parts", failing)
    with pytest.raises(BuildError):
        build(paths, log=lambda _: None)
    assert gc.get_freeze_count() == 0, "a failed build gives them back too"


def test_a_cold_build_writes_the_search_indexes_part_by_part(
        mini_site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An index file (83 MB at 10,000 pages) is written as it is made, never held whole: the build's
    peak memory is the Python process's while it makes the index."""
    given: dict[str, bool] = {}
    real = reuse.write_bytes

    def recording(path: Path, data: bytes | Iterable[bytes]) -> None:
        if path.name.startswith("search-index-"):
            given[path.name] = isinstance(data, bytes)
        real(path, data)

    monkeypatch.setattr(reuse, "write_bytes", recording)
    out = tmp_path / "build"
    build(Paths(mini_site, out, FRONTEND, tmp_path / "cache"), log=lambda _: None)
    assert given and not any(given.values()) and "search-index-docs-default-current.json" in given
    index = json.loads((out / "search-index-docs-default-current.json").read_bytes())
    assert index["documents"] and index["index"]["invertedIndex"]
