"""Serving throughput: wrk, 50 connections, on every kind of route (a doc, the largest API page,
the not-found page, the largest search index), uncompressed and with gzip and Brotli accepted, on
the preview server (`docsite serve`, its own process) and on nginx running the configuration
`docsite deploy nginx` generates. Each cell is the median of `--runs` runs of `--seconds` each.
wrk comes from Debian's packages (`make bench` installs it with nginx).

A cell is measured twice. Flat out, each connection sends its next request as soon as the last
answer arrives: the requests/s the server holds, with the p99 of a queue kept full. Paced, each
connection waits 45 ms before each request (wrk's `delay()`): up to 1,111 requests/s in all, 1,000
and more while answers take under 5 ms. A cell meets the target when the paced run served at least
1,000 requests/s with a p99 under 100 ms: what "1,000 requests/s at p99 under 100 ms" asks. Flat out on two cores shared
with wrk, the largest bodies' p99 is wrk's queue more than the server (nginx's misses 100 ms there too)."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

from bench.site import BUILD, free_port
from docsite.build import Paths, build
from tests.conftest import CONTENT, FRONTEND
from tests.e2e.nginx import Nginx

NAME = "serve"
DESCRIPTION = ("requests/s and p99 latency per kind of route (doc, largest API page, 404, search index), "
               "50 connections, uncompressed, gzip and br, preview server and nginx")
TARGETS = ("preview server: paced, at least 1,000 requests/s served with a p99 under 100 ms, no errors, on every "
           "route and encoding")
CONNECTIONS = 50
PACE_MS = 45  # before each request of a connection: 50 connections, at most 1,111 requests/s in all
SECONDS = 10
ENCODINGS = ("identity", "gzip", "br")
MIN_RATE, MAX_P99_MS = 1000, 100.0


def routes(build_dir: Path) -> dict[str, str]:
    """A path of each kind of route: the largest API page and search index of the build."""
    def largest(pattern: str) -> str:
        return "/" + max(build_dir.glob(pattern), key=lambda p: p.stat().st_size).relative_to(build_dir).as_posix()

    return {"doc": "/docs/environments", "api": largest("specification/*/index.html").removesuffix("/index.html"),
            "404": "/docs/no-such-page", "search index": largest("search-index-*.json")}


def _cpu_seconds(pid: int) -> float:
    """CPU time (user and system) of the process `pid` and its children (nginx's workers)."""
    total = 0.0
    for process in [pid, *_children(pid)]:
        with suppress(OSError):
            fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _children(pid: int) -> list[int]:
    with suppress(OSError):
        return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    return []


def _wrk(url: str, encoding: str, seconds: int, not_found: bool, pid: int, pace: Path | None = None) -> dict[str, Any]:
    """One wrk run, and the server's CPU time per answer: what the server costs, whatever else
    the machine is doing (its requests/s and p99 are those of a machine shared with wrk and others).
    `pace`: a wrk script spacing each connection's requests (`_pace_script`)."""
    cpu = _cpu_seconds(pid)
    wrk = shutil.which("wrk")
    if wrk is None:
        raise SystemExit("wrk is missing: `make bench` installs it (apt-get install wrk)")
    script = ["-s", str(pace)] if pace else []
    out = subprocess.run([wrk, "-t2", f"-c{CONNECTIONS}", f"-d{seconds}s", "--latency", *script,
                          "-H", f"Accept-Encoding: {encoding}", url], capture_output=True, text=True, check=True).stdout
    rate = re.search(r"Requests/sec:\s+([\d.]+)", out)
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    cpu = _cpu_seconds(pid) - cpu
    answers = re.search(r"(\d+) requests in", out)
    assert rate and p99 and answers, out
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99[2]]
    failed = sum(int(n) for n in errors.groups()) if errors else 0
    if bad and not not_found:  # the not-found page's 404s are its answers
        failed += int(bad[1])
    return {"requests_per_s": round(float(rate[1])), "p99_ms": round(float(p99[1]) * scale, 1), "errors": failed,
            "cpu_us": round(cpu / max(int(answers[1]), 1) * 1e6)}


def _pace_script(folder: Path) -> Path:
    script = folder / "pace.lua"
    script.write_text(f"function delay()\n  return {PACE_MS}\nend\n", encoding="utf-8")
    return script


def _median(runs: list[dict[str, Any]], paced: list[dict[str, Any]]) -> dict[str, Any]:
    return {"requests_per_s": round(statistics.median(r["requests_per_s"] for r in runs)),
            "p99_ms": round(statistics.median(r["p99_ms"] for r in runs), 1),
            "paced_requests_per_s": round(statistics.median(r["requests_per_s"] for r in paced)),
            "paced_p99_ms": round(statistics.median(r["p99_ms"] for r in paced), 1),
            "errors": sum(r["errors"] for r in runs + paced),
            "cpu_us_per_request": round(statistics.median(r["cpu_us"] for r in runs)),
            "runs": [[r["requests_per_s"], r["p99_ms"]] for r in runs],
            "paced_runs": [[r["requests_per_s"], r["p99_ms"]] for r in paced]}


def _table(url: str, paths: dict[str, str], runs: int, seconds: int, pid: int) -> dict[str, dict[str, Any]]:
    """{route kind: {encoding: median}}: the runs of a cell, flat out and paced, are spread over the
    whole measurement (round-robin), so a burst of other work on the machine does not sink one cell alone."""
    cells: dict[tuple[str, str, bool], list[dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        pace = _pace_script(Path(folder))
        for _ in range(runs):
            for kind, path in paths.items():
                for encoding in ENCODINGS:
                    for script in (None, pace):
                        cells.setdefault((kind, encoding, script is not None), []).append(
                            _wrk(url + path, encoding, seconds, kind == "404", pid, script))
    return {kind: {encoding: _median(cells[(kind, encoding, False)], cells[(kind, encoding, True)])
                   for encoding in ENCODINGS} for kind in paths}


def _print(server: str, table: dict[str, dict[str, Any]]) -> None:
    print(f"{server}: flat out requests/s and p99 ms, paced requests/s and p99 ms, "
          "server CPU us per answer (medians of runs); ok: meets the targets")
    print(f"  {'route':<14}" + "".join(f"{encoding:>40}" for encoding in ENCODINGS))
    for kind, row in table.items():
        cells = [f"{c['requests_per_s']:>6} {c['p99_ms']:>6} {c['paced_requests_per_s']:>6} {c['paced_p99_ms']:>6} "
                 f"{c['cpu_us_per_request']:>5} {'ok' if _meets(c) else '--':>3}" for c in row.values()]
        print(f"  {kind:<14}" + "".join(f"{cell:>40}" for cell in cells))


def _meets(cell: dict[str, Any]) -> bool:
    """Paced, it served 1,000 requests/s with a p99 under 100 ms, and no answer failed."""
    return bool(cell["paced_requests_per_s"] >= MIN_RATE and cell["paced_p99_ms"] <= MAX_P99_MS
                and not cell["errors"])


def _preview(build_dir: Path, probe: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "docsite.cli", "serve", "--no-rebuild", "--out",
                                str(build_dir), "--port", str(port)], stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 180  # a busy machine takes half a minute to import the builder
    while subprocess.run(["curl", "-sf", "-o", "/dev/null", url + probe]).returncode != 0:
        if time.monotonic() > deadline:
            process.kill()
            raise RuntimeError("the preview server did not start")
        time.sleep(0.2)
    return process, url


def run(args: argparse.Namespace) -> dict[str, Any]:
    build(Paths(CONTENT, BUILD, FRONTEND), log=lambda line: None)
    seconds = getattr(args, "seconds", None) or SECONDS
    runs = getattr(args, "runs", 3)
    paths = routes(BUILD)
    results: dict[str, Any] = {"routes": paths, "connections": CONNECTIONS, "seconds": seconds, "runs": runs,
                               "targets": TARGETS}
    process, url = _preview(BUILD, paths["doc"])
    try:
        results["preview"] = _table(url, paths, runs, seconds, process.pid)
    finally:
        process.terminate()
        process.wait()
    _print("preview", results["preview"])
    nginx = Nginx(BUILD, BUILD.parent / "nginx", trailing_slash=None, header_timeout=10)
    with nginx as nginx_url:
        assert nginx.process is not None
        results["nginx"] = _table(nginx_url, paths, runs, seconds, nginx.process.pid)
    _print("nginx", results["nginx"])
    results["preview_meets_targets"] = {f"{kind} {encoding}": _meets(cell) for kind, row in results["preview"].items()
                                        for encoding, cell in row.items()}
    return results
