"""The writer's loop under `docsite dev`: save a file, and time until the page open in Chromium shows
the change. `--pages 0` is this site (content/), other sizes the synthetic corpus.

Each run writes a new word into the edited file and polls the open page's text for it ("shown").
The dev server then writes the search indexes and the servers' rules, which no page waits for; a
save made meanwhile waits for them. "idle" is the time from the save until they are written (the
rules file, `_headers`, is written last); the next save is made only then, so "shown" is one save's
time on an idle server. The dev server runs in a process of its own (`docsite dev` on a copy of the
content, like a writer's).
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, sync_playwright

from bench.corpus import generate
from bench.site import free_port
from docsite.chromium import CHROMIUM, CHROMIUM_FLAGS
from docsite.frontend import Frontend
from tests.conftest import CONTENT, FRONTEND, ROOT

NAME = "devloop"
DESCRIPTION = "docsite dev: save a file -> the open page shows the change (median ms per kind of edit)"
TARGETS = ("a doc edit shows in 300 ms or less at this site's size, 500 ms at 1,000 and 10,000 pages; "
           "sidebar, site.yaml, spec and React-page edits in 1 s at this site's size")
STARTUP_SECONDS = 900  # the first build of 10,000 pages


@dataclass(frozen=True)
class Edit:
    """A kind of edit: the file it changes, the page that shows it, and how to put `word` in."""

    name: str
    file: str
    route: str
    apply: Callable[[str, str], str]  # (file text, word) -> new text


def _append(text: str, word: str) -> str:
    return text.rstrip("\n") + f"\n\nBenchmark marker {word}.\n"


def _replace(old: str) -> Callable[[str, str], str]:
    def apply(text: str, word: str) -> str:
        if old not in text:
            raise SystemExit(f"the benchmark edit looks for {old!r}, which the file no longer has")
        return text.replace(old, old + " " + word, 1)
    return apply


SITE_EDITS = [
    Edit("doc", "docs/environments.md", "/docs/environments", _append),
    Edit("sidebar", "sidebars.yaml", "/docs/environments", _replace("label: Authentication")),
    Edit("spec", "specs/catalog.yaml", "/specification/catalog", _replace("title: Catalog API")),
    Edit("site.yaml", "site.yaml", "/docs/environments", _replace("The new Onebox developer portal is live")),
    Edit("react page", "pages/index.yaml", "/", _replace("title: Sell tickets, validate entrances and run events")),
]


def corpus_edits() -> list[Edit]:
    return [Edit("doc", "docs/area-0/page-1.md", "/docs/area-0/page-1", _append)]


@contextmanager
def dev_server(content: Path, out: Path) -> Iterator[str]:
    port = free_port()
    script = ("import sys; from pathlib import Path; from rich.console import Console; "
              "from docsite.build import Paths; from docsite.servers.dev import run_dev_server; "
              "run_dev_server(Paths(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])), "
              "'127.0.0.1', int(sys.argv[4]), Console(quiet=True))")
    process = subprocess.Popen([sys.executable, "-c", script, str(content), str(out), str(FRONTEND), str(port)],
                               cwd=ROOT, start_new_session=True, stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + STARTUP_SECONDS
    try:
        while True:
            try:
                urllib.request.urlopen(url + "/", timeout=2)
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit("the dev server did not start") from None
                time.sleep(0.2)
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def _shows(page: Page, word: str) -> bool:
    try:
        return bool(page.evaluate("w => document.body.innerText.includes(w)", word))
    except PlaywrightError:  # the page is reloading
        return False


def time_edit(page: Page, content: Path, out: Path, edit: Edit, word: str, timeout: float = 900) -> tuple[float, float]:
    """Seconds from the save until the page shows `word`, and until the server is idle again."""
    file = content / edit.file
    text = edit.apply(file.read_text(encoding="utf-8"), word)
    saved_ns = time.time_ns()
    started = time.perf_counter()
    file.write_text(text, encoding="utf-8")
    while not _shows(page, word):
        if time.perf_counter() - started > timeout:
            raise SystemExit(f"the {edit.name} edit did not show on {edit.route} within {timeout:.0f} s")
        time.sleep(0.01)
    shown = time.perf_counter() - started
    while _written_ns(out / "_headers") < saved_ns:
        if time.perf_counter() - started > timeout:
            raise SystemExit(f"the dev server did not finish after the {edit.name} edit within {timeout:.0f} s")
        time.sleep(0.02)
    return shown, time.perf_counter() - started


def _written_ns(file: Path) -> int:
    try:
        return file.stat().st_mtime_ns
    except OSError:
        return 0


def measure(content: Path, edits: list[Edit], runs: int) -> dict[str, Any]:
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="devloop-") as tmp, dev_server(content, Path(tmp) / "build") as url, \
            sync_playwright() as playwright:
        out = Path(tmp) / "build"
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = browser.new_page()
        page.route("https://**", lambda route: route.fulfill(status=200, body=""))  # analytics, help desk
        for edit in edits:
            page.goto(url + edit.route)
            page.wait_for_timeout(500)
            times, idle = [], []
            for run in range(runs + 1):  # the first edit warms the caches: not counted
                word = f"devloop{edit.name.replace(' ', '').replace('.', '')}{run}x{time.time_ns()}"
                shown, finished = time_edit(page, content, out, edit, word)
                if run:
                    times.append(shown * 1000)
                    idle.append(finished * 1000)
                print(f"  {edit.name}: shown in {shown * 1000:.0f} ms, idle after {finished * 1000:.0f} ms")
                page.wait_for_timeout(300)  # the page's own work (fetching the search index) settles
            results[edit.name] = {"median_ms": round(statistics.median(times)), "runs_ms": [round(t) for t in times],
                                  "idle_median_ms": round(statistics.median(idle))}
        browser.close()
    return results


def run(args: argparse.Namespace) -> dict[str, Any]:
    Frontend(FRONTEND).ensure_built(print)
    corpus_root = Path(__file__).parent / "corpus"
    results: dict[str, Any] = {"targets": TARGETS, "sizes": {}}
    for pages in args.pages:
        with tempfile.TemporaryDirectory(prefix="devloop-content-") as tmp:
            content = Path(tmp) / "content"
            if pages == 0:
                shutil.copytree(CONTENT, content)
                edits = SITE_EDITS
            else:
                shutil.copytree(generate(pages, corpus_root / str(pages)), content)
                edits = corpus_edits()
            print(f"  {'this site' if pages == 0 else f'{pages} pages'}:")
            results["sizes"][str(pages) if pages else "site"] = measure(content, edits, args.runs)
    return results
