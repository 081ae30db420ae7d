"""A warm build's staging folder laid out from the previous build, beside the build's own process
(docsite.writing.reuse): the previous build's folders made, then the `.br`/`.gz` twins of the files the
build linked from it. Making a folder costs 130 to 250 µs of system time on this disk and every
page has one (`docs/x/index.html`); a warm build of 10,000 pages links 40,000 twins of its data
files: done here, on the other core while the build makes its search indexes.

It runs as a script (`python -I -S layout.py PREVIOUS STAGING LEAST SUFFIX...`: the standard
library only, so it starts in milliseconds). Its standard input names the files (their paths in
the build) the build linked, one a line, until it is closed; it writes `d <folder>` for each folder
it made and `f <path>` for each named file whose twins it did not link (they are compressed
instead), and exits with 1 when it stopped early (the staging folder gone). A folder at the root
holding `_data/site.json` is another locale's site: its own process lays it out.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Sequence
from contextlib import suppress
from typing import TextIO

SITE_DATA = "_data/site.json"


def link_twins(source: str, target: str, least: int, suffixes: Sequence[str],
               status: os.stat_result | None = None) -> bool:
    """Link `source`'s twins (`source` + each suffix) at `target`'s when `source` holds at least
    `least` bytes and its twins are newer than it (precompression made them from these bytes):
    both, or none (precompression would write over a linked one). `status`: `source`'s, if read."""
    try:
        status = status or os.stat(source)
        made = min(os.stat(source + suffix).st_mtime_ns for suffix in suffixes)
    except OSError:
        return False
    if status.st_size < least or made < status.st_mtime_ns:
        return False
    linked: list[str] = []
    for suffix in suffixes:
        try:
            os.link(source + suffix, target + suffix)
        except OSError:
            for path in linked:
                with suppress(OSError):
                    os.unlink(path)
            return False
        linked.append(target + suffix)
    return True


def make_folders(previous: str, staging: str, out: TextIO) -> bool:
    """Make the folders of `previous` in `staging`, telling `out` those it made; False when the
    staging folder is gone (a failed build deleted it)."""
    start = len(previous) + 1
    for folder, folders, _ in os.walk(previous):
        kept = []
        for name in folders:
            path = folder + "/" + name
            if folder == previous and os.path.isfile(f"{path}/{SITE_DATA}"):
                continue  # another locale's site
            try:
                os.mkdir(staging + "/" + path[start:])
            except FileExistsError:
                pass
            except OSError:
                return False
            else:
                out.write(f"d {path[start:]}\n")
            kept.append(name)
        folders[:] = kept
    return True


def main(previous: str, staging: str, least: int, suffixes: Sequence[str]) -> None:
    named: list[bytes] = []  # read on a thread of its own: the build never waits to write a name
    closed = threading.Event()

    def read() -> None:
        for line in sys.stdin.buffer:
            named.append(line)
        closed.set()

    threading.Thread(target=read, daemon=True).start()
    if not make_folders(previous, staging, sys.stdout):
        sys.exit(1)  # (the build links no twin it named)
    done = 0
    while True:
        finished = closed.is_set()
        for line in named[done:]:
            path = line.decode("utf-8", "surrogateescape").rstrip("\n")
            if not link_twins(f"{previous}/{path}", f"{staging}/{path}", least, suffixes):
                sys.stdout.write(f"f {path}\n")
            done += 1
        if finished and done == len(named):
            return
        closed.wait(0.02)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:])
