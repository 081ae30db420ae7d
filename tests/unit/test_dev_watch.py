"""`docsite dev` stops, with the reason and a non-zero exit, when its watcher fails (the system's
limit on watches reached, a folder it may not read): serving pages no edit updates any more would be
silent. A content folder removed or moved away is not such a failure (tests/e2e/test_dev_server.py,
in the browser); nor one swapped for another faster than the watcher checks (here)."""

from __future__ import annotations

import html
import io
import shutil
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from docsite.build import Paths
from docsite.servers import dev
from docsite.servers.incremental import DevBuilder
from tests.conftest import FRONTEND
from tests.e2e.conftest import Server, free_port


def test_a_watcher_that_fails_stops_the_dev_server_with_its_reason(
        mini_site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    content = mini_site

    def failing_watch(*folders: Any, **options: Any) -> Any:
        assert folders[0] == content
        raise OSError(28, "inotify watch limit reached")

    monkeypatch.setattr(dev, "awatch", failing_watch)
    terminal = io.StringIO()
    exits: list[SystemExit] = []

    def serve() -> None:
        """In a thread of its own, as `docsite dev` runs in a process of its own: the browser tests'
        Playwright keeps an event loop running in this thread, where uvicorn cannot start another."""
        try:
            dev.run_dev_server(Paths(content, tmp_path / "build", FRONTEND), "127.0.0.1", free_port(),
                               Console(file=terminal, width=400))
        except SystemExit as exc:
            exits.append(exc)

    thread = threading.Thread(target=serve)
    thread.start()
    thread.join(120)
    assert not thread.is_alive(), "the dev server did not stop"
    [stopped] = exits
    assert stopped.code == 1
    said = terminal.getvalue()
    assert f"The dev server cannot watch {content} any more (OSError: [Errno 28] inotify watch limit reached)" in said
    assert "Start it again with `docsite dev`." in said


def test_a_content_folder_swapped_for_another_between_two_checks_is_watched_and_served(
        mini_site: Path, tmp_path: Path) -> None:
    """Two renames (the content folder away, another in its place) faster than the watcher checks:
    never seen gone, but another folder; it is watched, served, and its next edit too."""
    content = mini_site
    paths = Paths(content, tmp_path / "build", FRONTEND)
    builder = DevBuilder(paths, log=lambda line: None)
    builder.rebuild()
    terminal = io.StringIO()
    other = Path(shutil.copytree(content, tmp_path / "other"))
    intro = Path("docs") / "intro.md"
    (other / intro).write_text((content / intro).read_text().replace("Hello.", "Another branch's intro."))
    with Server(paths.out, dev.create_dev_app(paths, Console(file=terminal, width=400), builder)) as url:
        served = _served(url + "/docs/")
        assert "Hello." in served("Hello.")
        content.rename(tmp_path / "before")
        other.rename(content)
        assert "Another branch's intro." in served("Another branch's intro.")
        (content / intro).write_text((content / intro).read_text().replace("Another branch's", "An edited"))
        assert "An edited intro." in served("An edited intro.")
        assert f"{content} was replaced: watching it again." in terminal.getvalue()
    assert "Content folder gone" not in terminal.getvalue()


def _served(url: str) -> Callable[[str], str]:
    """`served(text)`: the page at `url` once it shows `text` (within a minute), its HTML unescaped
    (a doc's text is in its markup only, where `'` is `&#x27;`)."""
    def served(text: str) -> str:
        deadline = time.monotonic() + 60
        while True:
            with urllib.request.urlopen(url) as answer:
                page = html.unescape(answer.read().decode("utf-8"))
            if text in page or time.monotonic() > deadline:
                return page
            time.sleep(0.1)
    return served
