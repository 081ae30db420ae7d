"""Search on the synthetic corpus: index size, the main thread while the index loads, and the time
from a keystroke to rendered results, in Chromium.

    uv run python -m bench search --pages 10000

The corpus is built like a real site (`docsite build`) and served by the preview server. In the
page: the longest main-thread task (PerformanceObserver, `longtask`: tasks over 50 ms) from the
first focus of the search box until its first results show, i.e. while the search code and the
indexes load; then, with the indexes loaded, words typed one character at a time, each keystroke
timed from the input event to the animation frame after its results were rendered (p50, p95).
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.corpus import generate
from docsite.chromium import CHROMIUM, CHROMIUM_FLAGS
from docsite.frontend import Frontend
from tests.conftest import FRONTEND, ROOT
from tests.e2e.conftest import Server

NAME = "search"
DESCRIPTION = "index size per 1,000 sections; longest main-thread task while the index loads; keystroke to results"
TARGETS = ("10,000 pages: keystroke to rendered results p95 under 50 ms once the index has loaded; no main-thread "
           "task over 50 ms while it loads; index size per 1,000 sections reported")
WORDS = ["refund", "availability", "webhook signature", "pagination offset", "price zone", "session",
         "booking purchase", "token scope", "barcode", "promotion discount", "currency minor unit", "retry backoff",
         "entrance venue", "cart expires", "insurance offer", "environment production"]

# In the page: type `words` one character at a time; for each keystroke, the time from the input
# event to the frame after the box shows the results for the new text.
TYPE_AND_TIME = """async (words) => {
  const input = document.getElementById('site-search-input');
  const box = input.closest('.search-box');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  const settled = (text) => new Promise((resolve) => {
    const done = () => box.dataset.status === 'idle' && input.value === text
      && box.querySelector('[role=option], .search-no-results');
    if (done()) return resolve();
    const observer = new MutationObserver(() => { if (done()) { observer.disconnect(); resolve(); } });
    observer.observe(box, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const times = [];
  for (const word of words) {
    setValue.call(input, ''); input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let i = 1; i <= word.length; i++) {
      const text = word.slice(0, i);
      const started = performance.now();
      setValue.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await settled(text);
      times.push((await nextFrame()) - started);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  }
  return times;
}"""

LONG_TASKS = """window.__longTasks = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push(
  { start: entry.startTime, duration: entry.duration }); }).observe({ type: 'longtask', buffered: true });"""


def run(args: argparse.Namespace) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    Frontend(FRONTEND).ensure_built(print)
    corpus_root = Path(__file__).parent / "corpus"
    results: dict[str, Any] = {"targets": TARGETS, "sizes": {}}
    for pages in args.pages:
        content = generate(pages, corpus_root / str(pages))
        out = corpus_root / f"build-search-{pages}"
        shutil.rmtree(out, ignore_errors=True)
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "docsite.cli", "build", "--content", str(content), "--out", str(out)],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        print(f"  built {pages} pages in {time.perf_counter() - started:.0f} s")
        size = _index_size(out)
        runs = []
        with Server(out) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            for _ in range(args.runs):
                runs.append(_measure(browser, url))
                print(f"  {pages} pages: keystroke p95 {runs[-1]['keystroke_p95_ms']} ms, longest task while "
                      f"loading {runs[-1]['longest_task_while_loading_ms']} ms")
            browser.close()
        results["sizes"][str(pages)] = {
            **size,
            "median_keystroke_p50_ms": statistics.median(r["keystroke_p50_ms"] for r in runs),
            "median_keystroke_p95_ms": statistics.median(r["keystroke_p95_ms"] for r in runs),
            "median_longest_task_while_loading_ms": statistics.median(r["longest_task_while_loading_ms"] for r in runs),
            "median_first_results_ms": statistics.median(r["first_results_ms"] for r in runs),
            "runs": runs,
        }
    return results


def _index_size(build: Path) -> dict[str, Any]:
    files = sorted(build.glob("search-index-*.json"))
    raw = sum(f.stat().st_size for f in files)
    packed = sum(len(gzip.compress(f.read_bytes(), 6)) for f in files)
    sections = documents_bytes = index_bytes = 0
    for file in files:
        data = json.loads(file.read_bytes())
        sections += len(data["documents"])
        index_bytes += len(json.dumps(data["index"], separators=(",", ":"), ensure_ascii=False).encode())
        documents_bytes += len(json.dumps(data["documents"], separators=(",", ":"), ensure_ascii=False).encode())
    per = 1000 / sections
    return {
        "sections": sections,
        "index_files": {f.name: f.stat().st_size for f in files},
        "raw_kb_per_1000_sections": round(raw * per / 1024, 1),
        "gzip_kb_per_1000_sections": round(packed * per / 1024, 1),
        "raw_kb_total": round(raw / 1024),
        "gzip_kb_total": round(packed / 1024),
        "stored_documents_share": round(documents_bytes / (documents_bytes + index_bytes), 2),
    }


def _measure(browser: Any, url: str) -> dict[str, Any]:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script(LONG_TASKS)
    page.goto(url + "/docs/area-0/page-1")
    page.wait_for_load_state("networkidle")
    loading_from = page.evaluate("performance.now()")
    page.locator(".navbar-search input").click()
    page.locator("#site-search-input").fill("refund")
    page.get_by_role("option").first.wait_for(timeout=120_000)
    loaded_at = page.evaluate("performance.now()")
    tasks = page.evaluate("window.__longTasks")
    while_loading = [t["duration"] for t in tasks if t["start"] + t["duration"] >= loading_from]
    times = sorted(page.evaluate(TYPE_AND_TIME, WORDS))
    page.close()
    return {
        "first_results_ms": round(loaded_at - loading_from),
        "longest_task_while_loading_ms": round(max(while_loading, default=0)),
        "long_tasks_while_loading": len(while_loading),
        "keystrokes": len(times),
        "keystroke_p50_ms": round(times[len(times) // 2], 1),
        "keystroke_p95_ms": round(times[int(len(times) * 0.95)], 1),
        "keystroke_max_ms": round(times[-1], 1),
    }
