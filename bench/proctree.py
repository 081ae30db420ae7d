"""Run a command and measure its wall time, CPU time and the peak RSS of its whole process tree (Linux
/proc); and what creating a file costs on a disk at the moment (`file_creation_us`)."""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import tempfile
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
    system_seconds: float = 0.0  # the system part of it: most of it creating files and folders


_PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024


def _tree_rss_kb(root: int) -> int:
    """The RSS of `root` and its descendants: one read of each process's `stat` (its parent and its
    resident pages). (Finding each process's children by reading every process's, as this did
    before, cost the sampler 12 % of a core beside a build of six processes: the machine has two.)"""
    parents: dict[int, int] = {}
    pages: dict[int, int] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as file:
                    fields = file.read().rsplit(b")", 1)[1].split()
            except OSError:  # ended meanwhile
                continue
            pid = int(entry.name)
            parents[pid], pages[pid] = int(fields[1]), int(fields[21])  # ppid, rss (stat fields 4 and 24)
    children: dict[int, list[int]] = {}
    for pid, parent in parents.items():
        children.setdefault(parent, []).append(pid)
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        total += pages.get(pid, 0)
        stack.extend(children.get(pid, ()))
    return total * _PAGE_KB


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
    system = after.ru_stime - before.ru_stime
    cpu = after.ru_utime - before.ru_utime + system
    done.set()
    sampler.join()
    if process.returncode != 0:
        print(errors.decode()[-3000:])
    return Measurement(seconds, peak / 1024, process.returncode, cpu, system)


def file_creation_us(folder: Path, count: int = 400) -> float:
    """The system time, in microseconds, of creating one empty file in a new folder of `folder`'s
    disk, now (the median of four rounds of `count` files). A build creates a file or folder per
    output (a cold build of 1,000 pages about 12,500), and on this machine's disk that cost drifts
    from about 20 to 800 µs from one minute to the next: a build's time is read with it."""
    rounds = []
    for _ in range(4):
        probe = Path(tempfile.mkdtemp(prefix=".file-creation-", dir=folder))
        try:
            before = resource.getrusage(resource.RUSAGE_SELF).ru_stime
            for number in range(count):
                os.close(os.open(probe / str(number), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
            rounds.append((resource.getrusage(resource.RUSAGE_SELF).ru_stime - before) / count * 1e6)
        finally:
            shutil.rmtree(probe, ignore_errors=True)
    return statistics.median(rounds)
