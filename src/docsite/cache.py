"""Work the builder can reuse between runs, kept by content hash: `.docsite-cache/` beside the
project (git-ignored, safe to delete at any time). It holds the results below, the rendered
diagrams (`diagrams/`, docsite.diagrams) and the copies of the content each locale is built from
(`locales/`, docsite.build).

A result is stored under the hash of everything it was computed from (the file's path and bytes, the
kind of result) and of the builder's own source code, so an edit to the builder invalidates every
entry and nothing stale is ever read. Entries are pickles written atomically (a temporary file
renamed into place): concurrent builds and worker processes share the folder safely. Results are
also kept in memory for the process (the dev server's rebuilds), and every read returns a fresh copy:
later stages edit the trees they are given (links are rewritten in place).

Nothing is ever invalidated in place, so entries made by an older builder or for deleted files stay
behind: an entry is touched when it is read, and `prune` deletes what no build used for
`UNUSED_DAYS` (at most once a day, after a build).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import shutil
import tempfile
import time
import zlib
from collections.abc import Callable
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import ClassVar, TypeVar, cast

T = TypeVar("T")

CACHE_DIR_NAME = ".docsite-cache"
_PACKAGE = Path(__file__).resolve().parent
_MEMORY_LIMIT = 20_000
UNUSED_DAYS = 14
_DAY = 24 * 3600
_PRUNED_MARKER = "last-pruned"
LOCALES_DIR = "locales"  # a copy of the content per content folder and locale, with its lock file
# and the libraries whose bytes a warm build reuses: the search index's (lunr, snowballstemmer), the
# twins' (brotli, zlib)
_LIBRARIES = ("markdown-it-py", "mdit-py-plugins", "pygments", "latex2mathml", "pydantic", "pyyaml", "lunr",
              "snowballstemmer", "brotli")


@lru_cache(maxsize=1)
def builder_version() -> str:
    """A hash of the builder's source and of the versions of the libraries its results depend on:
    results made by other code are never reused."""
    digest = hashlib.sha256()
    for package in _LIBRARIES:
        try:
            digest.update(f"{package}={metadata.version(package)};".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{package}=none;".encode())
    digest.update(f"zlib={zlib.ZLIB_RUNTIME_VERSION};".encode())
    for file in sorted(_PACKAGE.rglob("*.py")):
        digest.update(file.relative_to(_PACKAGE).as_posix().encode())
        digest.update(file.read_bytes())
    return digest.hexdigest()[:16]


class ResultCache:
    """Results by key, in memory and (when `folder` is set) on disk."""

    def __init__(self, folder: Path | None, *, memory: bool = True) -> None:
        self.folder = folder
        self.memory: dict[str, bytes] = {}
        self.keep_in_memory = memory or folder is None
        self.hits = 0
        self.misses = 0

    def key(self, kind: str, *parts: str | bytes) -> str:
        digest = hashlib.sha256(builder_version().encode() + b"\0" + kind.encode())
        for part in parts:
            data = part.encode() if isinstance(part, str) else part
            digest.update(len(data).to_bytes(8, "little"))
            digest.update(data)
        return digest.hexdigest()

    def peek(self, key: str) -> bool:
        """Whether `key`'s result is stored, in memory or on disk: a worker process need not compute
        it. (A warm build's process starts with nothing in memory: reading its results from disk here
        costs a tenth of sending every page to a worker and its result back.)"""
        return key in self.memory or (self.folder is not None and (self.folder / key[:2] / key).is_file())

    def put(self, key: str, data: bytes) -> None:
        """Remember a result computed elsewhere, as `pickled` gave it (in a worker process, which
        stored it on disk)."""
        self._remember(key, data)

    def get_or_compute(self, key: str, compute: Callable[[], T], still_valid: Callable[[], bool] | None = None) -> T:
        """The result stored under `key`, or `compute()`'s, stored unless `still_valid()` says the
        inputs changed while it ran (a file saved again meanwhile)."""
        found = self._found(key)
        if found is not None:
            return cast(T, found[1])
        copy: T = pickle.loads(self._computed(key, compute, still_valid))
        return copy  # a copy: the caller may edit what it was given

    def pickled(self, key: str, compute: Callable[[], object], still_valid: Callable[[], bool] | None = None) -> bytes:
        """`get_or_compute`'s result as its pickle, which a worker process sends as it is (rather than
        a copy of the result pickled again)."""
        found = self._found(key)
        return found[0] if found is not None else self._computed(key, compute, still_valid)

    def _found(self, key: str) -> tuple[bytes, object] | None:
        """The pickle stored under `key` and its result; None when there is none or it is damaged."""
        data = self.memory.get(key)
        if data is None and self.folder is not None:
            try:
                data = (self.folder / key[:2] / key).read_bytes()
            except OSError:
                return None
            mark_used(self.folder / key[:2] / key)
        if data is None:
            return None
        try:
            value = pickle.loads(data)
        except Exception:  # a damaged entry is recomputed
            return None
        self.hits += 1
        self._remember(key, data)
        return data, value

    def _computed(self, key: str, compute: Callable[[], object], still_valid: Callable[[], bool] | None) -> bytes:
        self.misses += 1
        data = pickle.dumps(compute(), protocol=pickle.HIGHEST_PROTOCOL)
        if still_valid is None or still_valid():
            self._remember(key, data)
            self._store(key, data)
        return data

    def _remember(self, key: str, data: bytes) -> None:
        if not self.keep_in_memory:
            return
        if len(self.memory) >= _MEMORY_LIMIT:
            self.memory.clear()
        self.memory[key] = data

    def _store(self, key: str, data: bytes) -> None:
        if self.folder is None:
            return
        target = self.folder / key[:2] / key
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".tmp-")
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            os.replace(temporary, target)
        except OSError:  # a read-only or full disk: the build goes on without the cache
            return


def mark_used(entry: Path) -> None:
    """Note that a build read `entry` (its modification time, refreshed at most daily: one stat
    per read), so `prune` keeps it."""
    with contextlib.suppress(OSError):
        if entry.stat().st_mtime < time.time() - _DAY:
            os.utime(entry)


def prune(folder: Path, *, unused_days: int = UNUSED_DAYS) -> int:
    """Delete the entries of the cache in `folder` (results, diagrams, locale copies' files) that no
    build has read for `unused_days`, at most once a day. Returns how many were deleted."""
    marker = folder / _PRUNED_MARKER
    now = time.time()
    try:
        if marker.stat().st_mtime > now - _DAY:
            return 0
    except OSError:
        pass
    if not folder.is_dir():
        return 0
    cutoff = now - unused_days * _DAY
    deleted = 0
    for entry in folder.rglob("*"):
        try:
            if entry.parent.name == LOCALES_DIR and entry.suffix == ".lock" and entry.stat().st_mtime < cutoff:
                shutil.rmtree(entry.with_suffix(""), ignore_errors=True)  # a locale copy no build used
                entry.unlink()
                deleted += 1
            elif (LOCALES_DIR not in entry.relative_to(folder).parts[:1] and entry.is_file() and entry != marker
                  and entry.stat().st_mtime < cutoff):
                entry.unlink()
                deleted += 1
        except OSError:  # removed meanwhile by another build
            continue
    with contextlib.suppress(OSError):
        marker.touch()
    return deleted


def folder_digest(folder: Path) -> str:
    """A short digest naming a content folder in the cache (by its resolved path)."""
    return hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:12]


def site_name(content: Path, locale: str | None = None) -> str:
    """The name a site's kept results are filed under (`KeptResults`, `Derived`, the search terms):
    its locale's (`default` for the default one) and its content folder's, so that builds of several
    content folders with one cache (the bench builds three in turn) each find their own."""
    return f"{locale or 'default'}-{folder_digest(content)}"


_active = ResultCache(None)


def results() -> ResultCache:
    """The cache the current build uses (set by `use_cache`; memory only until then)."""
    return _active


def use_cache(folder: Path | None, *, memory: bool = True) -> ResultCache:
    """Use the cache in `folder` from now on in this process (and in the worker processes it forks).
    The memory of the previous cache is kept when the folder is the same. `memory=False`: results
    are read from the folder only, not also kept in memory: a one-off build reads each at most once,
    and 10,000 pages' results are 130 MB."""
    global _active
    if _active.folder != folder:
        _active = ResultCache(folder, memory=memory)
    _active.keep_in_memory = memory or folder is None
    if not _active.keep_in_memory:
        _active.memory.clear()
    return _active


def cached(kind: str, parts: tuple[str | bytes, ...], compute: Callable[[], T],
           still_valid: Callable[[], bool] | None = None) -> T:
    cache = results()
    return cache.get_or_compute(cache.key(kind, *parts), compute, still_valid)


class KeptResults:
    """Many small results kept between builds in one file of the result cache, rather than a file
    each (`cached`): the API checks of a page (docsite.checks.api_calls, bodies) cost about 0.2 ms to
    compute, and a file of their own up to 0.5 ms to write here (a cold build of 1,000 pages wrote
    4,000 of them), and as much to read back. The file is read once, and written once, with this
    run's results only (it does not grow with edits); the dev server's next rebuild finds them in
    memory. Results are shared, not copied: only immutable values (tuples of frozen dataclasses)."""

    _in_memory: ClassVar[dict[Path, dict[str, object]]] = {}

    def __init__(self, file: Path | None) -> None:
        """`file`: None keeps nothing (a single page's check)."""
        self.file = file
        known = self._in_memory[file] if file in self._in_memory else kept(file)
        self.known: dict[str, object] = known if isinstance(known, dict) else {}
        self.used: dict[str, object] = {}
        self.computed = 0

    @classmethod
    def of_site(cls, name: str, site: str) -> KeptResults:
        """The results called `name` of one site (`site_name`) in the current build's cache folder."""
        folder = results().folder
        return cls(folder / f"{name}-{site}.pickle" if folder is not None else None)

    def get_or_compute(self, kind: str, parts: tuple[str | bytes, ...], compute: Callable[[], T]) -> T:
        """The result kept for `kind` and `parts` (as `cached` keys them), or `compute()`'s."""
        key = results().key(kind, *parts)
        found = self.used.get(key, _NONE)
        if found is _NONE:
            found = self.known.get(key, _NONE)
            if found is _NONE:
                found = compute()
                self.computed += 1
            self.used[key] = found
        return cast(T, found)

    def save(self) -> None:
        """Keep this run's results (only those), on disk when anything changed, and in memory for
        the dev server."""
        if self.file is None:
            return
        if results().keep_in_memory:
            self._in_memory[self.file] = self.used
        else:
            self._in_memory.pop(self.file, None)
        if self.computed or len(self.used) != len(self.known):
            keep(self.file, self.used)


_NONE = object()


def kept(file: Path | None) -> object | None:
    """What `keep` stored in `file` with this builder's version; None when it is missing, damaged
    or was made by other code."""
    if file is None:
        return None
    try:
        with file.open("rb") as stream:
            version, value = pickle.load(stream)
    except Exception:  # missing, damaged or unreadable: made again
        return None
    return value if version == builder_version() else None


def keep(file: Path | None, value: object) -> None:
    """Store `value` in `file` (one pickle with the builder's version, written atomically), for the
    next build to read with `kept`. A read-only or full disk is not an error: it is made again."""
    if file is None:
        return
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=file.parent, prefix=".tmp-")
        with os.fdopen(handle, "wb") as stream:
            pickle.dump((builder_version(), value), stream, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, file)
    except OSError:
        return


class Derived:
    """Results a pure function derives from a page (its search sections, its Markdown twin, its lint
    problems), kept between builds by a hash of the pickle of everything the function reads: a warm
    build of 10,000 pages computes only the changed pages' (about 6 s of CPU saved), and an input that
    changes, wherever the edit that changed it was (a sidebar, a spec, site.yaml), is a new key.
    Hashing a page's pickle costs a third of deriving its result.

    The results of one kind for one site (`start_all`: `site_name`, its locale's and its content
    folder's) are one file in the cache folder (`derived-<kind>-<site>.pickle`, read with `kept`: a builder
    of other code reads none of them); each build keeps the results it used, so the file holds one
    build's. `docsite build` drops them once the site is loaded (at 10,000 pages they are 70 MB, and
    a cold build's peak comes later); the dev server keeps them in memory from one rebuild to the
    next and never writes the file (it would rewrite tens of MB on every save)."""

    _open: ClassVar[dict[tuple[Path | None, str, str], Derived]] = {}
    _site: ClassVar[str] = "default"  # the site being loaded (`site_name`)

    def __init__(self, folder: Path | None, kind: str, memory: bool) -> None:
        self.file = folder / f"derived-{kind}-{self._site}.pickle" if folder is not None else None
        self.memory = memory
        found = kept(self.file)
        self.known: dict[bytes, object] = found if isinstance(found, dict) else {}
        self.used: dict[bytes, object] = {}
        self.finished = False  # the build that used them saved them
        if self.file is not None and self.known:
            mark_used(self.file)  # read: `prune` keeps it

    @classmethod
    def of(cls, kind: str) -> Derived:
        """The results of `kind` for the current cache (`use_cache`) and site (`start_all`)."""
        cache = results()
        derived = cls._open.get((cache.folder, cls._site, kind))
        if derived is None:
            derived = cls._open[(cache.folder, cls._site, kind)] = cls(cache.folder, kind, cache.keep_in_memory)
        derived.memory = cache.keep_in_memory
        return derived

    @staticmethod
    def key(inputs: object) -> bytes:
        """The key of `inputs`: every input the function reads, as one picklable value. Equal keys
        are equal pickles, so equal inputs. Two pickles of equal values may differ, which only misses:
        a set's order (so a pydantic model's, which holds the set of its fields) changes from one
        process to the next, so the callers give none."""
        return hashlib.sha256(pickle.dumps(inputs, protocol=pickle.HIGHEST_PROTOCOL)).digest()

    def __contains__(self, key: bytes) -> bool:
        return key in self.used or key in self.known

    def get(self, key: bytes, compute: Callable[[], T]) -> T:
        """The result stored under `key` (made by `Derived.key`), or `compute()`'s. A result is
        shared, not copied: the callers do not edit it."""
        if key in self.used:
            return cast(T, self.used[key])
        value = self.known[key] if key in self.known else compute()
        self.used[key] = value
        return cast(T, value)

    @classmethod
    def start_all(cls, site: str = "default") -> None:
        """The loading of `site` (`site_name`) starts: what its previous
        load used is what this one may find (so the file and the memory hold one build's results, not
        every build's); after a load that stopped on an error, what it used is added to what the one
        before used."""
        cls._site = site
        for derived in cls._current():
            if derived.used:
                derived.known = derived.used if derived.finished else {**derived.known, **derived.used}
            derived.used, derived.finished = {}, False

    @classmethod
    def save_all(cls) -> None:
        """The site is loaded: keep its results for the next build, in the file (then dropped from
        this process) or, in the dev server, in memory."""
        for derived in cls._current():
            derived.finished = True
            if not derived.memory:
                if derived.used.keys() != derived.known.keys():
                    keep(derived.file, derived.used)
                cls._open = {key: value for key, value in cls._open.items() if value is not derived}

    @classmethod
    def _current(cls) -> list[Derived]:
        """Those of the current cache and site (a process may have built with others: the tests)."""
        return [derived for (folder, site, _), derived in cls._open.items()
                if folder == results().folder and site == cls._site]
