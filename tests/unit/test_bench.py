"""`make bench` starts by importing every benchmark: one that no longer imports (a name moved in a
merge) stops them all, and nothing else in `make test` runs that code."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from bench.__main__ import BENCHMARKS
from bench.stages import LOADING, WRITING, stage_seconds


@pytest.mark.parametrize("name", BENCHMARKS)
def test_every_benchmark_imports_and_names_itself(name: str) -> None:
    module = importlib.import_module(name)
    assert module.NAME and module.DESCRIPTION and callable(module.run)


def test_the_build_benchmark_times_each_stage_of_a_build(mini_site: Path, tmp_path: Path) -> None:
    seconds = stage_seconds(mini_site, tmp_path / "build", tmp_path / "results")
    assert (tmp_path / "build" / "docs" / "index.html").is_file(), "the build was made"
    assert set(LOADING + WRITING) - {"render_diagrams"} <= set(seconds), "every stage ran and was timed"
    parts = sum(seconds[name] for name in ("load_site", "write_site", "prerender", "write_delivery", "swap_in"))
    assert 0 < parts <= seconds["total"] + 0.05 and seconds["load_site rest"] >= 0
