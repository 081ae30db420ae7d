"""Shared fixtures: the project's paths, and small content trees for builder tests."""

from __future__ import annotations

import contextlib
import shutil
import signal
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from docsite.config import RULES

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
FRONTEND = ROOT / "frontend"


# The lint rules' defaults ask for pages of 150 words that name Onebox: the small sites of builder
# tests turn the writing rules off (tests/unit/test_lint.py turns on the one it tests); the checks of
# the pages' code against the specs, rules too, stay on.
SPEC_RULES = ("apiCalls", "jsonBodies")
LINT_RULES_OFF: dict[str, bool] = {rule: False for rule in RULES if rule not in SPEC_RULES}
LINT_OFF = "lint: {" + ", ".join(f"{rule}: false" for rule in LINT_RULES_OFF) + "}\n"


@pytest.fixture
def site_copy(tmp_path: Path) -> Callable[[], Path]:
    """A copy of the real content folder that a test may change."""

    def make() -> Path:
        target = tmp_path / "content"
        shutil.copytree(CONTENT, target)
        return target

    return make


@pytest.fixture
def mini_site(tmp_path: Path) -> Path:
    """The smallest valid content folder: a config, one doc, a sidebar."""
    content = tmp_path / "content"
    (content / "docs").mkdir(parents=True)
    (content / "site.yaml").write_text(
        "title: Test Site\nurl: https://example.com\nthemeConfig:\n  navbar:\n    items:\n"
        "      - {label: Docs, to: /docs/, position: left}\n" + LINT_OFF
    )
    (content / "sidebars.yaml").write_text("docs:\n  - intro\n")
    (content / "docs" / "intro.md").write_text("---\ntitle: Intro\ndescription: The start.\nslug: /\n---\n\nHello.\n")
    return content


@contextlib.contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Fail, instead of hanging, when the block takes longer than `seconds` (a FIFO opened waits for
    a writer): SIGALRM, so in the main thread only."""
    def expire(signum: int, frame: object) -> None:
        raise TimeoutError(f"still running after {seconds} s")
    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
