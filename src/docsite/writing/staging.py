"""The staging folder a build is written in, and its swap into `build/`: a failed build leaves the
previous one untouched, and a server never sees a half-written build."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path


def swap_in(staging: Path, out: Path) -> None:
    """Replace `out` with `staging`, in one step where the system allows: there is no moment when
    `out` is missing or half-written (a server keeps serving the previous build until the swap)."""
    if out.exists() and _exchange(staging, out):
        # now the previous build: renamed first, so the caller's cleanup of its staging folder does
        # not delete it in the foreground while the detached process does (a second per 1,000 pages)
        previous = staging.with_name(f"{staging.name.rsplit('-', 1)[0]}-previous-{time.time_ns()}-{os.getpid()}")
        staging.rename(previous)
        delete_detached(previous)
        return
    old = out.with_name(out.name + ".old")
    if old.exists():
        shutil.rmtree(old)
    if out.exists():
        out.rename(old)
    staging.rename(out)
    if old.exists():
        shutil.rmtree(old, ignore_errors=True)


def delete_detached(folder: Path) -> None:
    """Delete `folder` in a process of its own that outlives this one: a previous build of 1,000
    pages (10,000 files with their twins) takes a second to delete, one of 10,000 pages ten (a minute
    on a busy disk), and nothing needs to wait for it. The process first renames the folder to a
    staging folder's name carrying its own id, so that the next build leaves it alone while it
    deletes, and deletes (detached too) what an interrupted deletion left (`remove_stale_staging`).
    A folder another process renamed first is that one's to delete."""
    subprocess.Popen([sys.executable, "-c", _DELETE, str(folder)], stdin=subprocess.DEVNULL,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


_DELETE = """import os, shutil, sys
folder = sys.argv[1]
mine = f"{folder.rsplit('-', 1)[0]}-{os.getpid()}"
try:
    os.rename(folder, mine)
except OSError:
    sys.exit()
shutil.rmtree(mine, ignore_errors=True)
"""


_RENAME_EXCHANGE = 2


_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap two directories atomically (Linux's renameat2 with RENAME_EXCHANGE); False where the
    system or the file system cannot."""
    if sys.platform != "linux":
        return False
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    renameat2 = getattr(libc, "renameat2", None)
    if renameat2 is None:
        return False
    return int(renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)) == 0


def staging_dir(out: Path) -> Path:
    """Where a build is written before the swap: beside `out`, named for this process."""
    return out.with_name(f".{out.name}.staging-{os.getpid()}")


def remove_stale_staging(out: Path) -> None:
    """Staging folders left by builds that were killed (their process is gone), and previous builds
    whose deletion was interrupted: deleted in a detached process (`delete_detached`), not in the
    build's time."""
    for folder in out.parent.glob(f".{out.name}.staging-*"):
        pid = folder.name.rsplit("-", 1)[-1]
        if pid.isdigit() and not _alive(int(pid)):
            delete_detached(folder)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
