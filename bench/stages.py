"""Where a cold build's time goes: one build in this process, the builder's stages (docsite.stages)
and the main steps inside them timed by wrapping the functions by the names their callers call
them by. `load_site` holds the stages load, resolve, check and generate: its `rest` is what no
listed step took; compression runs beside the prerender, so only the final sweep is timed. The pages render
while the site is written (docsite.prerender): `prerender` is the wait for the last ones once it is."""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from docsite import build as builder
from docsite.cache import CACHE_DIR_NAME
from docsite.prerender import Prerender
from docsite.stages import check, generate, load, resolve, write
from tests.conftest import ROOT

# the steps inside load_site, by the module of the stage that calls them
LOADING: dict[str, Any] = {"load_content": load, "render_diagrams": resolve, "reference_routes": resolve,
                           "check_api_calls": check, "check_json_bodies": check, "lint_site": check,
                           "check_links": check, "search_documents": generate, "llms_files": generate}
WRITING: dict[str, Any] = {"load_site": builder, "write_site": builder, "search_file_parts": write,
                           "write_delivery": builder, "precompress": builder, "swap_in": builder}
WAITS = {"prerender": (Prerender, "finish")}  # stages that are methods: name -> (class, method)


@contextmanager
def _timed(names: dict[str, Any], seconds: dict[str, float]) -> Iterator[None]:
    owners: dict[str, tuple[Any, str]] = {name: (module, name) for name, module in names.items()} | WAITS
    # fails loudly when a stage is renamed
    originals = {name: getattr(owner, attribute) for name, (owner, attribute) in owners.items()}

    def timer(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def add(started: float) -> None:
            seconds[name] = seconds.get(name, 0.0) + time.perf_counter() - started

        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                result = function(*args, **kwargs)
            finally:
                add(started)
            return _iterated(result, add) if isinstance(result, Generator) else result
        return timed

    for name, function in originals.items():
        setattr(owners[name][0], owners[name][1], timer(name, function))
    try:
        yield
    finally:
        for name, function in originals.items():
            setattr(owners[name][0], owners[name][1], function)


def _iterated(items: Iterator[Any], add: Callable[[float], None]) -> Iterator[Any]:
    """`items`, the time spent making each (`add(started)`), and the iterators they hold, counted:
    a stage that makes its output as it is read (the search indexes, part by part) is timed while
    it makes it, not while the build writes it."""
    while True:
        started = time.perf_counter()
        try:
            item = next(items)
        except StopIteration:
            add(started)
            return
        add(started)
        if isinstance(item, tuple):
            item = tuple(_iterated(part, add) if isinstance(part, Iterator) else part for part in item)
        yield item


def stage_seconds(content: Path, out: Path, cache: Path = ROOT / CACHE_DIR_NAME) -> dict[str, float]:
    """A cold build of `content` (`out` and the cache folder `cache` emptied first, but its
    rendered diagrams): seconds by stage, rounded."""
    shutil.rmtree(out, ignore_errors=True)
    empty_cache(cache)
    seconds: dict[str, float] = {}
    started = time.perf_counter()
    with _timed(LOADING | WRITING, seconds):
        paths = replace(builder.Paths.default(ROOT), content=content, out=out, cache=cache)
        builder.build(paths, log=lambda _: None)
    seconds["total"] = time.perf_counter() - started
    seconds["load_site rest"] = seconds["load_site"] - sum(seconds.get(name, 0.0) for name in LOADING)
    return {name: round(value, 2) for name, value in seconds.items()}


def empty_cache(folder: Path) -> None:
    """Delete the cache folder's content but the rendered diagrams (a diagram costs a Chromium
    start: cold builds are measured without it)."""
    for entry in folder.iterdir() if folder.is_dir() else []:
        if entry.name != "diagrams":
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
