"""Serving throughput: wrk against a doc page, 50 connections for 30 s, with gzip and with Brotli
accepted, on the preview server (`docsite serve`, its own process) and on nginx running the
configuration `docsite deploy nginx` generates. wrk comes from Debian's packages (`make bench`
installs it with nginx)."""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.site import BUILD, free_port
from docsite.build import Paths, build
from tests.conftest import CONTENT, FRONTEND
from tests.e2e.nginx import Nginx

NAME = "serve"
DESCRIPTION = "requests/s and p99 latency of a doc page, 50 connections, gzip and br, preview server and nginx"
TARGETS = "preview server: at least 1,000 requests/s, p99 under 100 ms, no errors"
PAGE = "/docs/environments"
CONNECTIONS = 50
SECONDS = 30


def _wrk(url: str, encoding: str, seconds: int) -> dict[str, Any]:
    wrk = shutil.which("wrk")
    if wrk is None:
        raise SystemExit("wrk is missing: `make bench` installs it (apt-get install wrk)")
    out = subprocess.run([wrk, "-t2", f"-c{CONNECTIONS}", f"-d{seconds}s", "--latency",
                          "-H", f"Accept-Encoding: {encoding}", url], capture_output=True, text=True, check=True).stdout
    rate = re.search(r"Requests/sec:\s+([\d.]+)", out)
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    assert rate and p99, out
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99[2]]
    return {"requests_per_s": round(float(rate[1])), "p99_ms": round(float(p99[1]) * scale, 1),
            "errors": (sum(int(n) for n in errors.groups()) if errors else 0) + (int(bad[1]) if bad else 0)}


def _preview(build_dir: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "docsite.cli", "serve", "--no-rebuild", "--out",
                                str(build_dir), "--port", str(port)], stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while subprocess.run(["curl", "-sf", "-o", "/dev/null", url + PAGE]).returncode != 0:
        if time.monotonic() > deadline:
            process.kill()
            raise RuntimeError("the preview server did not start")
        time.sleep(0.2)
    return process, url


def run(args: argparse.Namespace) -> dict[str, Any]:
    build(Paths(CONTENT, BUILD, FRONTEND), log=lambda line: None)
    seconds = getattr(args, "seconds", None) or SECONDS
    results: dict[str, Any] = {"page": PAGE, "connections": CONNECTIONS, "seconds": seconds, "targets": TARGETS}
    process, url = _preview(BUILD)
    try:
        results["preview"] = {enc: _wrk(url + PAGE, enc, seconds) for enc in ("gzip", "br")}
    finally:
        process.terminate()
        process.wait()
    with Nginx(BUILD, BUILD.parent / "nginx", trailing_slash=None, header_timeout=10) as nginx_url:
        results["nginx"] = {enc: _wrk(nginx_url + PAGE, enc, seconds) for enc in ("gzip", "br")}
    return results
