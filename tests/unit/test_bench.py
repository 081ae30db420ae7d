"""`make bench` starts by importing every benchmark: one that no longer imports (a name moved in a
merge) stops them all, and nothing else in `make test` runs that code."""

from __future__ import annotations

import importlib

import pytest

from bench.__main__ import BENCHMARKS


@pytest.mark.parametrize("name", BENCHMARKS)
def test_every_benchmark_imports_and_names_itself(name: str) -> None:
    module = importlib.import_module(name)
    assert module.NAME and module.DESCRIPTION and callable(module.run)
