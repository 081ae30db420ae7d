"""`docsite dev` stops, with the reason and a non-zero exit, when its watcher fails (the system's
limit on watches reached, a folder it may not read): serving pages no edit updates any more would be
silent. (A content folder removed or moved away is not such a failure: tests/e2e/test_dev_server.py.)"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from docsite.build import Paths
from docsite.servers import dev
from tests.conftest import FRONTEND
from tests.e2e.conftest import free_port


def test_a_watcher_that_fails_stops_the_dev_server_with_its_reason(
        mini_site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    content = mini_site

    def failing_watch(*folders: Any, **options: Any) -> Any:
        assert folders[0] == content
        raise OSError(28, "inotify watch limit reached")

    monkeypatch.setattr(dev, "awatch", failing_watch)
    terminal = io.StringIO()
    with pytest.raises(SystemExit) as stopped:
        dev.run_dev_server(Paths(content, tmp_path / "build", FRONTEND), "127.0.0.1", free_port(),
                           Console(file=terminal, width=400))
    assert stopped.value.code == 1
    said = terminal.getvalue()
    assert f"The dev server cannot watch {content} any more (OSError: [Errno 28] inotify watch limit reached)" in said
    assert "Start it again with `docsite dev`." in said
