"""The real site (content/), built and served by the preview server on a free local port, for the
benchmarks that load it in a browser."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn

from docsite.build import Paths, build
from docsite.servers.preview import server_config
from tests.conftest import CONTENT, FRONTEND

BUILD = Path(__file__).parent / "results" / "site"
# Third-party scripts the site loads after it is interactive (analytics, help desk): not part of
# the site's weight, and unreachable here.
THIRD_PARTY = ["https://www.googletagmanager.com/*", "https://support.oneboxtds.com/*"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def served_site(built: Path | None = None) -> Iterator[str]:
    """Build the site from content/ and serve it (or serve `built`, a site built before, as is: to
    compare two branches' builds back to back); yields its base URL (http://127.0.0.1:PORT)."""
    if built is None:
        build(Paths(CONTENT, BUILD, FRONTEND), log=lambda line: None)
    port = free_port()
    server = uvicorn.Server(server_config(built or BUILD, "127.0.0.1", port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the preview server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=5)
