"""End-to-end fixtures: the real site, built once per session the way `make serve` builds it, served
by the real preview server, and Debian's Chromium driven by Playwright.

`site_url` is the site built from content/. `variant_site(name, edit)` builds a copy of content/
changed by `edit` (a site.yaml override, a page added) and serves it: for behaviour that only shows
under another configuration (respectPrefersColorScheme, a simple footer, hideOnScroll...).
"""

from __future__ import annotations

import re
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
import yaml
from playwright.sync_api import Browser, BrowserContext, Page, Route
from starlette.types import ASGIApp

from docsite.build import Paths, build
from docsite.chromium import CHROMIUM, CHROMIUM_FLAGS
from docsite.outputs.delivery import HEADER_TIMEOUT
from docsite.servers.preview import server_config
from tests.conftest import CONTENT, FRONTEND, LINT_RULES_OFF


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """Serves `build_dir` with the preview server (or `app`, such as the dev server) on a free port."""

    def __init__(self, build_dir: Path, app: ASGIApp | None = None, header_timeout: float = HEADER_TIMEOUT) -> None:
        self.port = free_port()
        config = server_config(build_dir, "127.0.0.1", self.port, header_timeout)
        if app is not None:
            config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the preview server did not start")
            time.sleep(0.02)
        return f"http://127.0.0.1:{self.port}"

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=5)


def build_site(content: Path, out: Path) -> Path:
    build(Paths(content, out, FRONTEND), log=lambda line: None)
    return out


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site(CONTENT, tmp_path_factory.mktemp("site") / "build")


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    with Server(built_site) as url:
        yield url


def deep_merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in override.items():
        both = isinstance(value, dict) and isinstance(merged.get(key), dict)
        merged[key] = deep_merge(merged[key], value) if both else value
    return merged


VariantSite = Callable[..., str]


@pytest.fixture(scope="session")
def variant_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VariantSite]:
    """`variant_site("name", config={...}, edit=fn)`: a changed copy of the site, built and served once."""
    servers: dict[str, tuple[Server, str]] = {}

    def make(name: str, config: dict[str, Any] | None = None,
             edit: Callable[[Path], None] | None = None) -> str:
        if name not in servers:
            root = tmp_path_factory.mktemp(f"variant-{name}")
            content = root / "content"
            shutil.copytree(CONTENT, content)
            # The pages an edit adds test the engine, not the writing: the lint rules are off.
            config = deep_merge({"lint": LINT_RULES_OFF}, config or {})
            site_file = content / "site.yaml"
            site_file.write_text(yaml.safe_dump(deep_merge(yaml.safe_load(site_file.read_text()), config)))
            if edit:
                edit(content)
            server = Server(build_site(content, root / "build"))
            servers[name] = (server, server.__enter__())
        return servers[name][1]

    yield make
    for server, _ in servers.values():
        server.__exit__()


@pytest.fixture
def dev_site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """`docsite dev` on a copy of content/ (built with drafts): its URL and the copy to edit."""
    from rich.console import Console

    from docsite.servers.dev import create_dev_app
    from docsite.servers.incremental import DevBuilder

    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    paths = Paths(content, tmp_path / "build", FRONTEND)
    builder = DevBuilder(paths, log=lambda line: None)
    builder.rebuild()  # the first build, as `docsite dev` makes it before serving
    with Server(paths.out, create_dev_app(paths, Console(quiet=True), builder)) as url:
        yield url, content


@pytest.fixture
def console_errors(page: Any) -> list[str]:
    """Console errors and uncaught exceptions of the test's page, collected as they happen."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
    return errors


# There is no network here: the third-party scripts the site loads (web analytics, help-desk widget)
# answer with an empty script, as a working network would let them load. A test that wants them
# unreachable routes them to abort on its page (page routes win over context routes).
THIRD_PARTY = re.compile(r"^https?://(?!127\.0\.0\.1[:/]|localhost[:/])")


def stub_third_parties(context: BrowserContext) -> BrowserContext:
    context.route(THIRD_PARTY, lambda route: route.fulfill(status=200, content_type="text/javascript", body=""))
    return context


@pytest.fixture
def context(context: BrowserContext) -> BrowserContext:
    return stub_third_parties(context)


@pytest.fixture
def new_context(browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """`new_context(**options)`: another browser context (its own storage), third parties stubbed."""
    contexts: list[BrowserContext] = []

    def make(**options: Any) -> BrowserContext:
        contexts.append(stub_third_parties(browser.new_context(**options)))
        return contexts[-1]

    yield make
    for made in contexts:
        made.close()


NewContext = Callable[..., BrowserContext]


class ScriptsHeld:
    """`with ScriptsHeld(page, url):` the page is parsed and painted, none of its JavaScript has run;
    on leaving the block the scripts load and the page hydrates."""

    def __init__(self, page: Page, url: str) -> None:
        self.page, self.url, self.held = page, url, list[Route]()

    def __enter__(self) -> Page:
        self.page.route("**/assets/*.js", lambda route: self.held.append(route))
        # module scripts hold DOMContentLoaded back: wait for the parsed page instead
        self.page.goto(self.url, wait_until="commit")
        self.page.wait_for_selector("footer", state="attached")
        self.page.wait_for_timeout(200)
        assert self.held, "the module scripts are held back"
        return self.page

    def __exit__(self, *exc: object) -> None:
        for route in self.held:
            route.continue_()
        self.page.unroute("**/assets/*.js")
