"""`docsite build` of the synthetic corpus (`--pages 0`: this site): wall time, CPU time (its system
part apart) and peak memory of the whole process tree, and before each cold build what creating a
file costs on the disk at that moment (`proctree.file_creation_us`: it drifts twentyfold here).
Cold: no build and an empty result cache (.docsite-cache/ but its rendered diagrams: a diagram costs
a Chromium start, measured apart: docs/architecture.md, Diagrams). Warm: the cache of the previous build kept and one
page changed. `--stages`: one more cold build per size, in this process, timed stage by stage
(bench/stages.py)."""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
from pathlib import Path
from typing import Any

from bench.corpus import generate
from bench.proctree import file_creation_us, measure
from bench.stages import empty_cache, stage_seconds
from docsite.cache import CACHE_DIR_NAME
from docsite.config import load_config
from docsite.frontend import Frontend
from docsite.versioned_docs import cut_version
from tests.conftest import FRONTEND, ROOT

NAME = "build"
DESCRIPTION = "cold docsite build of N synthetic pages: median wall time, peak RSS of the process tree"
TARGETS = ("cold: this site in 2.5 s, 1,000 pages in 6 s, 10,000 pages in 40 s with peak memory under 1.2 GB; "
           "warm (one page of 10,000 changed): 5 s")


def run(args: argparse.Namespace) -> dict[str, Any]:
    Frontend(FRONTEND).ensure_built(print)  # built once; content builds reuse it
    corpus_root = Path(__file__).parent / "corpus"
    results: dict[str, Any] = {"targets": TARGETS, "sizes": {}}
    versions = getattr(args, "versions", 1)
    results["versions"] = versions
    for pages in args.pages:
        name = str(pages) if versions == 1 else f"{pages}x{versions}"
        content = generate(pages, corpus_root / name)
        for release in range(1, versions):  # the same docs released N-1 times: versions x pages to build
            cut_version(content, load_config(content), f"{release}.0")
        out = corpus_root / f"build-{name}"
        command = [sys.executable, "-m", "docsite.cli", "build", "--content", str(content), "--out", str(out)]
        runs, warm, creation = [], [], []
        for run in range(args.runs):
            shutil.rmtree(out, ignore_errors=True)
            empty_cache(ROOT / CACHE_DIR_NAME)
            creation.append(file_creation_us(out.parent))
            runs.append(measure(command, ROOT))
            print(f"  {pages} pages, cold: {runs[-1].seconds:.1f} s, {runs[-1].cpu_seconds:.1f} CPU-s "
                  f"({runs[-1].system_seconds:.1f} system), peak {runs[-1].peak_rss_mb:.0f} MB; "
                  f"a file created in {creation[-1]:.0f} µs")
            if runs[-1].returncode != 0:
                raise SystemExit(f"the build of the {pages}-page corpus failed")
            page = next(iter(sorted((content / "docs").rglob("*.md"))))
            edited = page.read_text(encoding="utf-8") + f"\nEdited for the warm build {run}.\n"
            page.write_text(edited, encoding="utf-8")
            warm.append(measure(command, ROOT))
            print(f"  {pages} pages, warm (one page changed): {warm[-1].seconds:.1f} s, "
                  f"{warm[-1].cpu_seconds:.1f} CPU-s ({warm[-1].system_seconds:.1f} system)")
        html = sum(1 for _ in out.rglob("*.html"))
        if getattr(args, "stages", False):
            results.setdefault("stages", {})[str(pages)] = stage_seconds(content, out)
            print(f"  {pages} pages, cold, by stage: {results['stages'][str(pages)]}")
        results["sizes"][str(pages)] = {
            "html_files": html,
            "median_seconds": round(statistics.median(r.seconds for r in runs), 2),
            "median_cpu_seconds": round(statistics.median(r.cpu_seconds for r in runs), 2),
            "median_peak_rss_mb": round(statistics.median(r.peak_rss_mb for r in runs)),
            "median_warm_seconds": round(statistics.median(r.seconds for r in warm), 2),
            "median_warm_cpu_seconds": round(statistics.median(r.cpu_seconds for r in warm), 2),
            "runs": [{"seconds": round(r.seconds, 2), "cpu_seconds": round(r.cpu_seconds, 2),
                      "system_seconds": round(r.system_seconds, 2), "peak_rss_mb": round(r.peak_rss_mb),
                      "file_creation_us": round(us), "warm_seconds": round(w.seconds, 2),
                      "warm_cpu_seconds": round(w.cpu_seconds, 2), "warm_system_seconds": round(w.system_seconds, 2)}
                     for r, w, us in zip(runs, warm, creation, strict=True)],
        }
    sizes = results["sizes"]
    if "1000" in sizes and "10000" in sizes:
        results["ratio_10000_to_1000"] = round(sizes["10000"]["median_seconds"] / sizes["1000"]["median_seconds"], 2)
    return results

