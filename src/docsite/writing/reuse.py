"""A warm build: reusing the previous build's files, so a build after an edit does work proportional
to what the edit touched.

The previous build is `build/` as it stands before the swap (docsite.writing.staging.swap_in). Three kinds of
file are taken from it instead of being made again:

- **generated files** (page, sidebar and site data, feeds, indexes...) whose bytes are the same:
  linked, not written;
- **pages**: a route's HTML is a function of its route, its page data, its sidebar's data, the site
  data and the front end, and the front end's identity is the build id, which the site data holds
  (docsite.build._build_id). A route whose page data, sidebar data and site data are the previous
  build's files (linked above) gets the previous build's HTML; only the others are prerendered;
- **`.br`/`.gz` twins** of a compressible file whose bytes are the same.

A file is taken by a hard link (a copy keeping its times where links are not possible): nothing in
the staging folder is written in place after it was linked (the prerender writes only the routes
not reused, precompression only the files without fresh twins), so the previous build never
changes, a failed build leaves it as it was, and the swap deletes only its names. The result is
byte for byte a cold build's (tests/unit/test_warm_build.py).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from docsite.cache import keep, kept
from docsite.outputs.delivery import ENCODINGS, MIN_COMPRESS_BYTES, RULE_FILES, compressible, file_script_hashes
from docsite.writing import reuse_process as layout
from docsite.writing.files import write_bytes
from docsite.writing.reuse_process import SITE_DATA, link_twins

SUFFIXES = [suffix for _, suffix in ENCODINGS]


@dataclass(eq=False)
class Previous:
    """The previous build's folder for one site (a locale's is its folder in the build); `None`
    when there is none: then everything is made. It notes the files it linked into the staging
    folder (`linked`), so that no file's status is read again to know it (two per file, 10,000
    pages' data and HTML: 0.8 s).

    The staging folder is laid out beside the build by a process of its own started by the first
    `write` (docsite.writing.reuse_process): it makes the previous build's folders (130 to 250 µs of system time
    each here, and every page has one: 1.3 to 2.5 s at 10,000 pages), then links the twins of the
    files linked, on the other core while the search indexes are made. `finish_layout` waits for
    it, and removes the folders it made that the build leaves empty (a page deleted since)."""

    root: Path | None
    linked: set[str] = field(default_factory=set)  # paths in the staging folder
    twinned: set[str] = field(default_factory=set)  # those whose twins were linked too
    layout: _Layout | None = None
    # whether the site data says the previous build was made by this code (`same_code`), once written;
    # the files linked before it, whose twins wait for the answer
    same: bool | None = None
    waiting: list[str] = field(default_factory=list)

    def folder(self, name: str) -> Previous:
        return Previous(self.root / name if self.root is not None else None)

    def write(self, target: Path, path: str, data: bytes | Iterable[bytes]) -> bool:
        """Write `data` (or its parts: output.write_bytes) at `target` (the staging folder's
        `path`): a link to the previous build's file when its bytes are `data`. Whether it was
        written (not linked)."""
        if self.root is None:
            write_bytes(target, data)
            return True
        if not isinstance(data, bytes):  # compared whole
            data = b"".join(data)
        if self.layout is None:
            self.layout = _Layout(self.root, _staging_of(target, path))
        written = True
        source = f"{self.root}/{path}"  # (a string: a Path made per file was a tenth of a warm build's writing)
        if _same_bytes(source, data) and _link(source, target):
            self.linked.add(path)
            if len(data) >= MIN_COMPRESS_BYTES and _compressed(path):
                self.waiting.append(path)
            written = False
        else:
            write_bytes(target, data)
        if path == SITE_DATA:
            self.same = self.same_code(_staging_of(target, path))
        if self.same is not None:
            for waiting in self.waiting if self.same else ():  # twins made by other code are not reused
                self.layout.twins(waiting)
            self.waiting.clear()
        return written

    def same_code(self, staging: Path) -> bool:
        """Whether the previous build was made by this builder and front end: its site data has
        this build's id (docsite.build._build_id: the code's hash, the compression libraries' versions
        included). Bytes it compressed or rendered are reused only then."""
        if self.root is None:
            return False
        try:
            ids = [json.loads((folder / SITE_DATA).read_bytes()).get("buildId") for folder in (self.root, staging)]
        except (OSError, ValueError, AttributeError):
            return False
        return isinstance(ids[0], str) and ids[0] == ids[1]

    def reused(self, path: str) -> bool:
        """Whether the staging folder's `path` is the previous build's file (linked by `write`)."""
        return path in self.linked


NO_PREVIOUS = Previous(None)  # a cold build


def _staging_of(target: Path, path: str) -> Path:
    """The staging folder `target` (its file `path`) is in."""
    for _ in Path(path).parts:
        target = target.parent
    return target


class _Layout:
    """The staging folder laid out from the previous build by a process of its own (docsite.writing.reuse_process):
    its folders, then the twins of the files `Previous` links (`twins`)."""

    def __init__(self, previous: Path, staging: Path) -> None:
        self.staging = staging
        self.named: set[str] = set()
        # what it did, one a line: to a file, as a pipe nobody reads until the end would fill
        self.told: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 - closed by `finish`
        try:
            self.process: subprocess.Popen[bytes] | None = subprocess.Popen(
                [sys.executable, "-I", "-S", layout.__file__, str(previous), str(staging), str(MIN_COMPRESS_BYTES),
                 *SUFFIXES], stdin=subprocess.PIPE, stdout=self.told, stderr=subprocess.DEVNULL)
        except OSError:  # no process to spare: the links make their folders, reuse_twins links every twin
            self.process = None

    def twins(self, path: str) -> None:
        """Link the twins of the staging folder's `path`, a link to the previous build's file."""
        if self.process is None or self.process.stdin is None:
            return
        try:
            self.process.stdin.write(path.encode("utf-8", "surrogateescape") + b"\n")
        except OSError:  # it stopped: reuse_twins links the rest
            return
        self.named.add(path)

    def finish(self, needed: set[str]) -> set[str]:
        """Wait for the process; remove the folders it made that hold nothing, but those in
        `needed` (paths in the staging folder: the prerender writes there next), deepest first.
        Returns the paths whose twins it linked."""
        if self.process is not None:
            with suppress(OSError):
                assert self.process.stdin is not None
                self.process.stdin.close()
            self.process.wait()
        self.told.seek(0)
        told = self.told.read().decode("utf-8", "surrogateescape").splitlines()
        self.told.close()
        made = [line[2:] for line in told if line.startswith("d ")]
        kept = set()  # the folders needed and theirs: Node may be making a page's folder meanwhile
        for folder in needed:
            while folder and folder not in kept:
                kept.add(folder)
                folder = os.path.dirname(folder)
        for folder in sorted(made, key=lambda path: path.count("/"), reverse=True):
            if folder not in kept:
                with suppress(OSError):  # not empty
                    os.rmdir(self.staging / folder)
        if self.process is None or self.process.returncode != 0:
            return set()  # (it stopped early: reuse_twins checks every file)
        return self.named - {line[2:] for line in told if line.startswith("f ")}


def reuse_pages(previous: Previous, staging: Path, jobs: list[dict[str, str]],
                sidebars: dict[str, str | None]) -> list[dict[str, str]]:
    """Link the previous build's HTML of every route whose rendering inputs were reused; return the
    jobs left to prerender. `jobs` are build.prerender_jobs's (a batch of routes whose data was just
    written: the build calls it batch by batch, then `finish_layout` once); `sidebars` maps a route
    to its sidebar's data file (None: the page has no sidebar)."""
    if previous.root is None or not previous.reused(SITE_DATA):
        return jobs
    left = []
    for job in jobs:
        sidebar = sidebars.get(job["route"])
        unchanged = previous.reused(job["data"]) and (sidebar is None or previous.reused(sidebar))
        if unchanged and _link_page(f"{previous.root}/{job['html']}", f"{staging}/{job['html']}"):
            previous.linked.add(job["html"])
            if previous.layout is not None and previous.same:
                previous.layout.twins(job["html"])
        else:
            left.append(job)
    return left


def finish_layout(previous: Previous, rendered: list[dict[str, str]]) -> None:
    """Once every page was given to `reuse_pages`: wait for the process laying out the staging
    folder (`Previous`), and remove the folders it made that the build leaves empty (a page deleted
    since: a cold build has no folder), but those the prerender of the `rendered` jobs writes in."""
    laying, previous.layout = previous.layout, None
    if laying is not None:
        previous.twinned = laying.finish({os.path.dirname(job["html"]) for job in rendered})


def _link_page(source: str, target: str) -> bool:
    """`_link` for a page, whose folder (`docs/x/` for `docs/x/index.html`) the layout process has
    most likely made by now (`Previous`): linked first, its folder made only when that fails (where
    making the folder first cost a failed `mkdir` per page: 0.5 s at 10,000 pages). False when the
    previous build has no such page."""
    try:
        os.link(source, target)
        return True
    except FileNotFoundError:  # no folder yet, or no such page
        pass
    except OSError:
        return os.path.isfile(source) and _link(source, target)
    try:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        os.link(source, target)
        return True
    except FileNotFoundError:
        return False
    except OSError:
        return os.path.isfile(source) and _link(source, target)


def reuse_twins(previous: Previous, staging: Path, given: set[Path] | frozenset[Path] = frozenset()) -> list[Path]:
    """Link the `.br` and `.gz` twins of the previous build beside every file of `staging` whose
    bytes are the previous build's. Returns the compressible files but those whose twins it linked
    and those `given` to precompression already: the only ones precompression needs to see (a
    walk of the folder and a stat of each of its files costs seconds at 10,000 pages). The twins
    of the files `previous` linked were linked by its layout's process (`Previous.twinned`)."""
    root = previous.root
    if root is None or not root.is_dir():
        return [path for path in staging.rglob("*")
                if compressible(path) and path.name not in RULE_FILES and path not in given]
    left = []
    start = len(str(staging)) + 1
    for folder, _, names in os.walk(staging):
        present = set(names)
        prefix = folder[start:] + "/" if len(folder) >= start else ""  # the folder's path in the build
        for name in names:
            if name in RULE_FILES or not compressible(name):
                continue  # not compressed
            if prefix + name in previous.twinned:
                continue  # its twins linked
            path = Path(folder, name)
            if path in given:
                continue  # being compressed
            if any(name + suffix in present for suffix in SUFFIXES):
                left.append(path)  # its twins came with it (the front end's assets): precompression checks them
            elif not _link_twins(path, root / (prefix + name)):
                left.append(path)
    return left


def _compressed(path: str) -> bool:
    """Whether the build's file `path` gets twins (if large enough: MIN_COMPRESS_BYTES)."""
    return compressible(path) and os.path.basename(path) not in RULE_FILES


def _link_twins(path: Path, source: Path) -> bool:
    """Link `source`'s twins beside `path` when both hold the same bytes and the twins are newer
    than `source` (docsite.writing.reuse_process.link_twins)."""
    try:
        status, previous = os.stat(path), os.stat(source)
    except OSError:
        return False
    if (status.st_dev, status.st_ino) != (previous.st_dev, previous.st_ino):
        if previous.st_size != status.st_size or source.read_bytes() != path.read_bytes():
            return False
        # the same bytes in a new file: take the previous build's, whose twins are newer than it
        swap = path.with_name(path.name + ".docsite-link")
        if not _link(source, swap):
            return False
        swap.replace(path)
    return link_twins(str(source), str(path), MIN_COMPRESS_BYTES, SUFFIXES, previous)


class ScriptHashMemo:
    """The CSP hashes of each page's inline scripts (docsite.outputs.delivery.file_script_hashes), kept
    between builds in the result cache's `inline-scripts-<site>.pickle`: `_headers` lists those of every
    page, and reading every page again costs 0.3 s of CPU per 1,000 pages here. A page's hashes are
    kept by its file's identity (device, inode, modification time, size), which a page the warm
    build reused (a hard link to the previous build's file) keeps, and a page written again does
    not."""

    def __init__(self, folder: Path | None, site: str = "default") -> None:
        """`site`: the default locale's site (docsite.cache.site_name): a build's pages, its other
        locales' too, are kept in one file per content folder."""
        self.file = folder / f"inline-scripts-{site}.pickle" if folder is not None else None
        known = kept(self.file)
        self.known: dict[tuple[int, int, int, int], frozenset[str]] = known if isinstance(known, dict) else {}
        self.used: dict[tuple[int, int, int, int], frozenset[str]] = {}

    def tell(self, page: Path, hashes: frozenset[str]) -> None:
        """`page`'s hashes, found without reading it (the prerender reports those of the pages it writes)."""
        status = page.stat()
        self.known[(status.st_dev, status.st_ino, status.st_mtime_ns, status.st_size)] = hashes

    def hashes(self, page: Path) -> frozenset[str]:
        status = page.stat()
        key = (status.st_dev, status.st_ino, status.st_mtime_ns, status.st_size)
        found = self.known.get(key)
        if found is None:
            found = file_script_hashes(page)
        self.used[key] = found
        return found

    def again(self) -> None:
        """Start another run knowing this run's pages, without reading the file again (the dev
        server keeps its memo in memory between rebuilds, and saves it when it stops)."""
        if self.used:
            self.known, self.used = self.used, {}

    def save(self) -> None:
        """Keep this build's pages' (only those: the file does not grow build after build)."""
        if self.used != self.known:
            keep(self.file, self.used)


def _same_bytes(path: str, data: bytes) -> bool:
    try:
        if os.stat(path).st_size != len(data):
            return False
        with open(path, "rb") as file:
            return file.read() == data
    except OSError:
        return False


def _link(source: Path | str, target: Path | str) -> bool:
    """Hard-link `source` at `target`, else copy it with its times; False when neither works (the
    caller makes the file). What was at `target` is unlinked first, never written over: it may be a
    link to the previous build's file. The link is tried first: in a new staging folder the target
    is missing and its folder there most of the time (a warm build of 10,000 pages makes 90,000 links)."""
    try:
        os.link(source, target)
        return True
    except OSError:
        pass
    target = Path(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.unlink(missing_ok=True)
        try:
            os.link(source, target)
        except OSError:
            shutil.copy2(source, target)
    except OSError:
        return False
    return True
