"""Lighthouse (mobile preset, Debian's Chromium, offline) on the built site: a doc page, home, the
largest API reference page, the widget simulator and a blog post, side by side in one run. The pages
are measured in turn, run after run (never all runs of one page, then the next: the machine's load
drifts), and each page's medians are compared with the doc page's. The same served site is then
measured by `weight` and `api_weight`, whose figures are printed beside."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from bench import api_weight, weight
from bench.site import BUILD, THIRD_PARTY, served_site
from docsite.chromium import CHROMIUM, CHROMIUM_FLAGS

NAME = "lighthouse"
DESCRIPTION = ("Lighthouse mobile (median of N runs, pages in turn) on a doc page, home, the largest API page, "
               "the simulator and a blog post, with their ratios to the doc page; then weight and api_weight")
TARGETS = ("accessibility, best practices, SEO 100; performance 95 or more; the largest API page: total blocking "
           "time at most 1.2x the doc page's, performance at least the doc page's - 2, first load 150 KB "
           "(Docusaurus's version of this site: about 75 / 95-97 / 100 / 100)")
DOC_PAGE = "/docs/environments"
# The largest API page is found in the build (API_FOLDER); the others are fixed.
API_FOLDER = "specification"
PAGES = {"doc page": DOC_PAGE, "home": "/", "largest API page": None, "simulator": "/docs/widget/simulator",
         "blog post": "/blog/welcome"}
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
LIGHTHOUSE = "lighthouse@12.8.2"  # 12.x runs on the Node 20 a fresh machine has
METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift",
           "speed-index", "total-byte-weight"]


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
    result = subprocess.run(command, cwd=workdir, env=env, capture_output=True, text=True, timeout=900)
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


def largest_api_page(built: Path) -> str:
    """The route of the largest API reference page of the build (by its HTML)."""
    pages = sorted((built / API_FOLDER).glob("*/index.html"), key=lambda html: html.stat().st_size)
    if not pages:
        raise RuntimeError(f"no API reference page in {built / API_FOLDER}")
    return f"/{API_FOLDER}/{pages[-1].parent.name}"


def run(args: argparse.Namespace) -> dict[str, Any]:
    built: Path | None = getattr(args, "built", None)
    results: dict[str, Any] = {"targets": TARGETS, "runs": args.runs, "pages": {}}
    with served_site(built) as site, tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp:
        pages = {label: path or largest_api_page(built or BUILD) for label, path in PAGES.items()}
        runs: dict[str, list[dict[str, Any]]] = {label: [] for label in pages}
        for number in range(args.runs):
            for label, path in pages.items():
                runs[label].append(lighthouse(site + path, Path(tmp)))
                print(f"  run {number + 1}, {path}: {runs[label][-1]['scores']}, "
                      f"TBT {runs[label][-1]['metrics']['total-blocking-time']:.0f} ms", flush=True)
        for label, path in pages.items():
            results["pages"][label] = {
                "path": path,
                "median": {name: statistics.median(r["scores"][name] for r in runs[label]) for name in CATEGORIES},
                "median_metrics": {name: statistics.median(r["metrics"][name] for r in runs[label])
                                   for name in METRICS},
                "runs": runs[label],
            }
        results["ratios_to_doc_page"] = ratios(results["pages"])
        results["weight"] = {path: weight.measure(site, path) for path in pages.values()}
        results["api_weight"] = api_weight.measure(site)
    print(table(results))
    return results


def ratios(pages: dict[str, Any]) -> dict[str, dict[str, float]]:
    """Each page's total blocking time and bytes over the doc page's, and its performance score minus the doc page's."""
    doc = pages["doc page"]

    def ratio(value: float, base: float) -> float:
        return round(value / base, 2) if base else float("inf") if value else 1.0

    return {
        label: {
            "tbt": ratio(page["median_metrics"]["total-blocking-time"], doc["median_metrics"]["total-blocking-time"]),
            "bytes": ratio(page["median_metrics"]["total-byte-weight"], doc["median_metrics"]["total-byte-weight"]),
            "performance_minus_doc": page["median"]["performance"] - doc["median"]["performance"],
        }
        for label, page in pages.items()
    }


def table(results: dict[str, Any]) -> str:
    """The side-by-side table, in Markdown."""
    lines = [
        f"Lighthouse {LIGHTHOUSE.split('@')[1]}, mobile, median of {results['runs']} runs:",
        "",
        "| page | performance | TBT (ms) | bytes (KB) | LCP (ms) | TBT / doc | bytes / doc | perf - doc "
        "| first load until hydrated (KB, gzip 6) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for label, page in results["pages"].items():
        metrics, ratio = page["median_metrics"], results["ratios_to_doc_page"][label]
        lines.append(
            f"| {label} `{page['path']}` | {page['median']['performance']:g} | {metrics['total-blocking-time']:.0f} "
            f"| {metrics['total-byte-weight'] / 1024:.1f} | {metrics['largest-contentful-paint']:.0f} "
            f"| {ratio['tbt']:.2f} | {ratio['bytes']:.2f} | {ratio['performance_minus_doc']:+g} "
            f"| {results['weight'][page['path']]['total_kb']} |")
    api = results["api_weight"]
    lines += ["", f"api_weight: JavaScript beyond {api['doc_page']} ({api['doc_page_js_gzip_kb']} KB gzip):"]
    lines += [f"- {route}: +{page['added_js_gzip_kb']} KB, HTML {page['html_gzip_kb']} KB gzip"
              for route, page in api["pages"].items()]
    return "\n".join(lines)
