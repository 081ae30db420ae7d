"""Cold `docsite build` of the synthetic corpus: wall time and peak memory of the whole process tree."""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
from pathlib import Path
from typing import Any

from bench.corpus import generate
from bench.proctree import measure
from docsite.config import load_config
from docsite.frontend import Frontend
from docsite.versions import cut_version
from tests.conftest import FRONTEND, ROOT

NAME = "build"
DESCRIPTION = "cold docsite build of N synthetic pages: median wall time, peak RSS of the process tree"
TARGETS = "1,000 pages in 15 s or less with peak memory under 600 MB; 10,000 pages in under 10x the 1,000-page time"


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
        runs = []
        for _ in range(args.runs):
            shutil.rmtree(out, ignore_errors=True)
            command = [sys.executable, "-m", "docsite.cli", "build", "--content", str(content), "--out", str(out)]
            runs.append(measure(command, ROOT))
            print(f"  {pages} pages: {runs[-1].seconds:.1f} s, peak {runs[-1].peak_rss_mb:.0f} MB")
            if runs[-1].returncode != 0:
                raise SystemExit(f"the build of the {pages}-page corpus failed")
        html = sum(1 for _ in out.rglob("*.html"))
        results["sizes"][str(pages)] = {
            "html_files": html,
            "median_seconds": round(statistics.median(r.seconds for r in runs), 2),
            "median_peak_rss_mb": round(statistics.median(r.peak_rss_mb for r in runs)),
            "runs": [{"seconds": round(r.seconds, 2), "peak_rss_mb": round(r.peak_rss_mb)} for r in runs],
        }
    sizes = results["sizes"]
    if "1000" in sizes and "10000" in sizes:
        results["ratio_10000_to_1000"] = round(sizes["10000"]["median_seconds"] / sizes["1000"]["median_seconds"], 2)
    return results
