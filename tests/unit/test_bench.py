"""`make bench` starts by importing every benchmark: one that no longer imports (a name moved in a
merge) stops them all, and nothing else in `make test` runs that code."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from bench.__main__ import BENCHMARKS
from bench.proctree import file_creation_us, measure
from bench.stages import LOADING, WRITING, stage_seconds


@pytest.mark.parametrize("name", BENCHMARKS)
def test_every_benchmark_imports_and_names_itself(name: str) -> None:
    module = importlib.import_module(name)
    assert module.NAME and module.DESCRIPTION and callable(module.run)


def test_the_build_benchmark_times_each_stage_of_a_build(mini_site: Path, tmp_path: Path) -> None:
    seconds = stage_seconds(mini_site, tmp_path / "build", tmp_path / "results")
    assert (tmp_path / "build" / "docs" / "index.html").is_file(), "the build was made"
    assert set(LOADING | WRITING) - {"render_diagrams"} <= set(seconds), "every stage ran and was timed"
    parts = sum(seconds[name] for name in ("load_site", "write_site", "prerender", "write_delivery", "swap_in"))
    assert 0 < parts <= seconds["total"] + 0.05 and seconds["load_site rest"] >= 0


def test_the_build_benchmark_measures_a_file_creation_and_leaves_nothing_behind(tmp_path: Path) -> None:
    microseconds = file_creation_us(tmp_path, count=50)
    assert 0 <= microseconds < 1_000_000, "a creation's system time, in microseconds"
    assert list(tmp_path.iterdir()) == [], "its files and folders are deleted"


def test_a_measured_command_reports_its_system_time_within_its_cpu_time(tmp_path: Path) -> None:
    """The kernel splits a process's CPU time into user and system by sampling it at each tick, so a
    fixed amount of work can show no system time at all (300 file creations once measured 0.0 in CI).
    The command creates its 300 files, then works until the kernel itself reports a twentieth of a
    second of each."""
    script = ("import os, time\n"
              "deadline, n = time.monotonic() + 30, 0\n"
              "while n < 300 or (os.times().system < 0.05 and time.monotonic() < deadline):\n"
              f"    os.close(os.open({str(tmp_path)!r} + f'/{{n % 300}}', os.O_WRONLY | os.O_CREAT, 0o644))\n"
              "    n += 1\n"
              "while os.times().user < 0.05 and time.monotonic() < deadline:\n"
              "    sum(range(100_000))\n")
    measured = measure([sys.executable, "-c", script], tmp_path)
    assert measured.returncode == 0 and len(list(tmp_path.iterdir())) == 300
    assert 0.05 <= measured.system_seconds < measured.cpu_seconds, "the system part is counted apart, and in the total"


def test_the_peak_memory_counts_the_commands_descendants(tmp_path: Path) -> None:
    child = "import time; block = b'x' * (150 * 2**20); time.sleep(0.5)"  # 150 MB, written: resident
    parent = f"import subprocess, sys; subprocess.run([sys.executable, '-c', {child!r}], check=True)"
    measured = measure([sys.executable, "-c", parent], tmp_path, interval=0.02)
    assert measured.returncode == 0 and measured.peak_rss_mb >= 150, "the grandchild's memory is in the peak"


def test_search_reuses_a_result_only_when_the_same_code_made_it(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """`bench search --reuse`: a build of 10,000 pages on Pagefind takes a quarter of an hour."""
    from bench import search

    made: list[int] = []
    stamp = tmp_path / ".bench-stamp"
    monkeypatch.setattr(search, "_made_by", lambda: "code-1")

    def compute() -> int:
        made.append(1)
        return len(made)

    assert search._reused(stamp, False, compute) == 1
    assert search._reused(stamp, True, compute) == 1  # kept
    assert search._reused(stamp, False, compute) == 2  # not asked to reuse: made again
    monkeypatch.setattr(search, "_made_by", lambda: "code-2")
    assert search._reused(stamp, True, compute) == 3  # other code: made again
    assert search._reused(stamp, True, compute) == 3
