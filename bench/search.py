"""Search on the synthetic corpus, both engines side by side (`search.engine: lunr` and `pagefind`):
index size, what the browser fetches and how long it waits for the first results on a phone's
network, the main thread while the index loads, and the time from a keystroke to rendered results,
in Chromium.

    uv run python -m bench search --pages 1000 10000

The corpus is built like a real site (`docsite build`) once per engine and served by the preview
server. With `--reuse`, a build left by an earlier run (`bench/corpus/build-search-<N>-<engine>/`)
is measured again without building it, when the builder, the front end and the corpus generator are
those it was made with (a stamp in the build says so): a Pagefind build of 10,000 pages takes a
quarter of an hour on a busy machine (the indexing times below are kept the same way). The build
time each engine adds is its indexing alone, timed in this process on the loaded corpus (lunr's
index files; Pagefind's bundle, its binary started included); the two builds' times are reported
too, but the second reuses the first's rendered Markdown from the result cache. In the page, with
Chromium's network emulated as a phone's on 4G (CDP `Network.emulateNetworkConditions`: 10 Mbit/s
down, 40 ms latency): from the first focus of the search box until its first results show (the
search code and the index, or the fragments, load), the time, the bytes fetched (transfer sizes) and
the longest main-thread task (PerformanceObserver, `longtask`: tasks over 50 ms); then, the network
back to normal and the index loaded, words typed one character at a time, each keystroke timed from
the input event to the animation frame after its results were rendered (p50, p95). Pagefind fetches
fragments per query, so its keystrokes include fetching them (localhost).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar, cast

from bench.corpus import generate
from docsite.chromium import CHROMIUM, CHROMIUM_FLAGS
from docsite.frontend import Frontend
from tests.conftest import FRONTEND, ROOT
from tests.e2e.conftest import Server

T = TypeVar("T")

NAME = "search"
DESCRIPTION = "index size per 1,000 sections; longest main-thread task while the index loads; keystroke to results"
TARGETS = ("10,000 pages: keystroke to rendered results p95 under 50 ms once the index has loaded; no main-thread "
           "task over 50 ms while it loads; index size per 1,000 sections reported; Pagefind: first results within "
           "1 s on the phone profile, at most 300 KB fetched until then")
ENGINES = ("pagefind", "lunr")  # built in this order: the second build reuses the first's rendered pages
PHONE = {"offline": False, "latency": 40, "downloadThroughput": 10_000_000 / 8, "uploadThroughput": 5_000_000 / 8}
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
    results: dict[str, Any] = {"targets": TARGETS, "network": PHONE, "sizes": {}}
    for pages in args.pages:
        content = generate(pages, corpus_root / str(pages))
        site_file = content / "site.yaml"
        config = site_file.read_text(encoding="utf-8")
        by_engine: dict[str, Any] = {}
        for engine in ENGINES:
            site_file.write_text(config + f"\nsearch:\n  engine: {engine}\n", encoding="utf-8")
            out = corpus_root / f"build-search-{pages}-{engine}"
            seconds = _build(content, out, args.reuse)
            print(f"  {engine}: built {pages} pages in {seconds:.0f} s")
            runs = []
            with Server(out) as url, sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
                for _ in range(args.runs):
                    runs.append(_measure(browser, url))
                    print(f"  {engine}, {pages} pages: first results {runs[-1]['first_results_ms']} ms on the phone "
                          f"profile, {runs[-1]['fetched_kb_until_first_results']} KB fetched, keystroke p95 "
                          f"{runs[-1]['keystroke_p95_ms']} ms, longest task while loading "
                          f"{runs[-1]['longest_task_while_loading_ms']} ms")
                browser.close()
            by_engine[engine] = {
                "build_s": round(seconds, 1),
                **(_index_size(out) if engine == "lunr" else _bundle_size(out)),
                **{f"median_{key}": statistics.median(r[key] for r in runs) for key in MEDIANS},
                "runs": runs,
            }
        by_engine["indexing_s"] = _reused(corpus_root / f"indexing-{pages}.json", args.reuse,
                                          partial(_indexing_seconds, content))
        site_file.write_text(config, encoding="utf-8")
        results["sizes"][str(pages)] = by_engine
    return results


def _build(content: Path, out: Path, reuse: bool) -> float:
    """Build `content` into `out`; its build time in seconds (a reused build's, as recorded)."""
    def build() -> float:
        shutil.rmtree(out, ignore_errors=True)
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "docsite.cli", "build", "--content", str(content), "--out", str(out)],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        return round(time.perf_counter() - started, 1)

    return float(_reused(out / ".bench-stamp", reuse, build))


def _reused(stamp: Path, reuse: bool, compute: Callable[[], T]) -> T:
    """`compute()`, recorded in `stamp`; with `reuse`, what `stamp` recorded when the same code made it."""
    made_by = _made_by()
    if reuse and stamp.is_file():
        recorded = json.loads(stamp.read_text(encoding="utf-8"))
        if recorded["made_by"] == made_by:
            print(f"  reusing {stamp.parent.name}/{stamp.name}, made {recorded['at']}")
            return cast(T, recorded["value"])
    value = compute()
    stamp.write_text(json.dumps({"made_by": made_by, "value": value, "at": time.strftime("%Y-%m-%d %H:%M")}),
                     encoding="utf-8")
    return value


def _made_by() -> str:
    """What a build depends on besides its content: the builder, the front end, the corpus generator."""
    from docsite.cache import builder_version

    corpus_code = hashlib.sha256((Path(__file__).parent / "corpus.py").read_bytes()).hexdigest()
    return f"{builder_version()}-{Frontend(FRONTEND).source_hash()}-{corpus_code}"


MEDIANS = ("first_results_ms", "fetched_kb_until_first_results", "requests_until_first_results", "keystroke_p50_ms",
           "keystroke_p95_ms", "longest_task_while_loading_ms")


def _bundle_size(build: Path) -> dict[str, Any]:
    """Pagefind's bundle: its files and bytes (its fragments and index chunks are compressed already)."""
    files = [f for f in (build / "pagefind").rglob("*") if f.is_file() and f.suffix not in (".gz", ".br")]
    return {"bundle_files": len(files), "bundle_kb_total": round(sum(f.stat().st_size for f in files) / 1024)}


def _indexing_seconds(content: Path) -> dict[str, float]:
    """How long each engine takes to index the site of `content` (its search documents made)."""
    from docsite.build import Paths, load_site
    from docsite.search import search_index_files
    from docsite.search.pagefind import pagefind_files

    site = load_site(Paths(content, content.parent / "unused-build"))
    timed = {}
    for engine, index in (("lunr", lambda: search_index_files(site.search, site.config.search)),
                          ("pagefind", lambda: dict(pagefind_files(site.search, site.config.search, "en")))):
        started = time.perf_counter()
        index()
        timed[engine] = round(time.perf_counter() - started, 1)
    return timed


def _transfer_size(request: Any) -> int:
    """What a request cost on the network: its response's headers and (compressed) body."""
    sizes = request.sizes()
    return int(sizes["responseHeadersSize"]) + int(sizes["responseBodySize"])


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
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", PHONE)
    fetched: list[Any] = []  # the requests finished since the first focus (the worker's included)
    page.on("requestfinished", lambda request: fetched.append(request))
    loading_from = page.evaluate("performance.now()")
    page.locator(".navbar-search input").click()
    page.locator("#site-search-input").fill("refund")
    page.get_by_role("option").first.wait_for(timeout=300_000)
    loaded_at = page.evaluate("performance.now()")
    until_results = list(fetched)
    cdp.send("Network.emulateNetworkConditions", {**PHONE, "latency": 0, "downloadThroughput": -1,
                                                   "uploadThroughput": -1})
    transferred = sum(_transfer_size(request) for request in until_results)
    tasks = page.evaluate("window.__longTasks")
    while_loading = [t["duration"] for t in tasks if t["start"] + t["duration"] >= loading_from]
    times = sorted(page.evaluate(TYPE_AND_TIME, WORDS))
    page.close()
    return {
        "first_results_ms": round(loaded_at - loading_from),
        "fetched_kb_until_first_results": round(transferred / 1024, 1),
        "requests_until_first_results": len(until_results),
        "longest_task_while_loading_ms": round(max(while_loading, default=0)),
        "long_tasks_while_loading": len(while_loading),
        "keystrokes": len(times),
        "keystroke_p50_ms": round(times[len(times) // 2], 1),
        "keystroke_p95_ms": round(times[int(len(times) * 0.95)], 1),
        "keystroke_max_ms": round(times[-1], 1),
    }
