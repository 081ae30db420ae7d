"""Lighthouse (mobile preset, Debian's Chromium, offline) on the built site: the median of each
category score over several runs, per page."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from bench.site import THIRD_PARTY, served_site
from docsite.chromium import CHROMIUM, CHROMIUM_FLAGS

NAME = "lighthouse"
DESCRIPTION = ("Lighthouse mobile scores (median of N runs) on /, /docs/environments, /blog/welcome and "
               "/specification/distribution")
TARGETS = ("accessibility, best practices, SEO 100; performance 95 or more "
           "(Docusaurus's version of this site: about 75 / 95-97 / 100 / 100)")
PAGES = ["/", "/docs/environments", "/blog/welcome", "/specification/distribution"]
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
LIGHTHOUSE = "lighthouse@12.8.2"  # 12.x runs on the Node 20 a fresh machine has
METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift",
           "speed-index"]


def lighthouse(url: str, workdir: Path) -> dict[str, Any]:
    report = workdir / "report.json"
    command = [
        "npx", "--yes", LIGHTHOUSE, url, "--quiet", "--output=json", f"--output-path={report}",
        f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={' '.join(CHROMIUM_FLAGS)}",
        # The analytics and help-desk scripts: there is no network here (blocked requests are
        # Lighthouse's way to leave them out; it does not count them as console errors).
        *[f"--blocked-url-patterns={pattern}" for pattern in THIRD_PARTY],
    ]
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    result = subprocess.run(command, cwd=workdir, env=env, capture_output=True, text=True, timeout=300)
    if result.returncode != 0 or not report.is_file():
        raise RuntimeError(f"lighthouse failed on {url}:\n{result.stderr[-2000:]}")
    data = json.loads(report.read_text())
    scores = {name: round(data["categories"][name]["score"] * 100) for name in CATEGORIES}
    failing = sorted(
        audit_id for category in CATEGORIES for ref in data["categories"][category]["auditRefs"]
        if ref.get("weight", 0) > 0
        and (audit_id := ref["id"]) and (data["audits"][audit_id].get("score") is not None)
        and data["audits"][audit_id]["score"] < 1
    )
    metrics = {name: round(data["audits"][name]["numericValue"], 3) for name in METRICS}
    return {"scores": scores, "metrics": metrics, "below_full_marks": failing}


def run(args: argparse.Namespace) -> dict[str, Any]:
    results: dict[str, Any] = {"targets": TARGETS, "runs": args.runs, "pages": {}}
    with served_site() as site, tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp:
        for path in PAGES:
            runs = []
            for _ in range(args.runs):
                runs.append(lighthouse(site + path, Path(tmp)))
                print(f"  {path}: {runs[-1]['scores']}")
            results["pages"][path] = {
                "median": {name: statistics.median(r["scores"][name] for r in runs) for name in CATEGORIES},
                "median_metrics": {name: statistics.median(r["metrics"][name] for r in runs) for name in METRICS},
                "runs": runs,
            }
    return results
