"""Run a command and measure its wall time and the peak RSS of its whole process tree (Linux /proc)."""

from __future__ import annotations

import os
import resource
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Measurement:
    seconds: float
    peak_rss_mb: float
    returncode: int
    cpu_seconds: float  # user + system time of the command and every descendant it waited for


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            if ppid == pid:
                found.append(int(entry.name))
    return found


def _tree_rss_kb(root: int) -> int:
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
        stack.extend(_children(pid))
    return total


def measure(command: list[str], cwd: Path, interval: float = 0.05) -> Measurement:
    env = {**os.environ, "UV_PYTHON_DOWNLOADS": "never"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, _tree_rss_kb(process.pid))
            time.sleep(interval)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, errors = process.communicate()
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    done.set()
    sampler.join()
    if process.returncode != 0:
        print(errors.decode()[-3000:])
    return Measurement(seconds, peak / 1024, process.returncode, cpu)
