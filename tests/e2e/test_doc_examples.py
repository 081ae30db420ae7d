"""Every runnable code example of the docs runs against the mock API, with only the environment a
reader sets, and every request it sends is one the specs define (doc_examples.py says how a page's
blocks become programs, content/README.md tells writers the same).

One test per page with code, found when the tests are collected: pages added later are run too.
A failure names the page and the line of the block that failed or sent the request."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import CONTENT
from tests.e2e.doc_examples import LANGUAGES, Outcome, code_blocks, environment, run_page
from tests.e2e.mock_api import CLIENT_ID, CLIENT_SECRET, TOKEN, MockApi

PAGES = sorted(page for page in (CONTENT / "docs").rglob("*.md") if code_blocks(page))


WORKERS = 3  # pages run side by side, each worker with its own mock (a mock knows one running block)


@dataclass
class PageRun:
    outcome: Outcome
    wrong: list[str]  # "<page>:<line>: how a request departs from the specs"


@pytest.fixture(scope="module")
def mock_api() -> Iterator[MockApi]:
    with MockApi() as api:
        yield api


@pytest.fixture(scope="module")
def page_runs(mock_api: MockApi, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[Path, PageRun]]:
    """Every page's examples, run once for the module: pages of one worker one after another."""
    mocks = [mock_api] + [MockApi(same_as=mock_api) for _ in range(WORKERS - 1)]
    for mock in mocks[1:]:
        mock.__enter__()
    queue = list(PAGES)
    lock = threading.Lock()
    runs: dict[Path, PageRun] = {}

    def work(mock: MockApi) -> None:
        while True:
            with lock:
                if not queue:
                    return
                page = queue.pop(0)
            first = len(mock.requests)
            outcome = run_page(page, tmp_path_factory.mktemp("examples"),
                               environment(mock.url, TOKEN, CLIENT_ID, CLIENT_SECRET), f"{mock.url}/__block__?")
            wrong = [f"{request['block']}: {problem}" for request in mock.requests[first:]
                     for problem in mock.problems(request)]
            runs[page] = PageRun(outcome, wrong)

    try:
        with ThreadPoolExecutor(WORKERS) as pool:
            list(pool.map(work, mocks))
        yield runs
    finally:
        for mock in mocks[1:]:
            mock.__exit__(None, None, None)


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(CONTENT / "docs")) for p in PAGES])
def test_the_page_examples_run_against_the_mock_and_send_what_the_specs_define(
        page: Path, page_runs: dict[Path, PageRun]) -> None:
    blocks = code_blocks(page)
    no_reason = [b.label for b in blocks if b.norun is not None and not b.norun.strip()]
    assert not no_reason, f'norun needs its reason (norun="needs a real webhook delivery"): {no_reason}'
    run = page_runs[page]
    assert not run.outcome.failures and not run.wrong, "\n\n".join(run.outcome.failures + run.wrong)
    runnable = [b.label for b in blocks if b.norun is None and b.language != "data"]
    ran = {b.label for b in run.outcome.ran}
    assert ran >= set(runnable), f"blocks that did not run: {sorted(set(runnable) - ran)}"


def test_blocks_are_found_with_their_lines_titles_and_reasons(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text('Intro\n\n```python title="setup.py"\nimport os\n```\n\n:::tip\n'
                    '   ```js norun="needs a browser"\n   window.x = 1\n   ```\n:::\n\n'
                    '````bash\n```\necho inner\n````\n\n```json\n{}\n```\n', encoding="utf-8")
    found = [(b.line, b.language, b.title, b.norun, b.code) for b in code_blocks(page)]
    assert found == [(3, "python", "setup.py", None, "import os\n"),
                     (8, "js", None, "needs a browser", "window.x = 1\n"),
                     (13, "sh", None, None, "```\necho inner\n")]
    assert set(LANGUAGES.values()) == {"python", "js", "sh"}


def test_a_failing_block_and_a_request_outside_the_specs_are_named_by_page_and_line(
        mock_api: MockApi, tmp_path: Path) -> None:
    docs = tmp_path / "run"
    docs.mkdir()
    page = tmp_path / "page.md"
    page.write_text(
        '```python title="setup.py"\nimport os\nimport requests\nBASE = os.environ["ONEBOX_BASE_URL"]\n```\n\n'
        '```python\nrequests.get(f"{BASE}/catalog/v1/events", params={"colour": "red"},\n'
        '             headers={"Authorization": "Bearer t"})\n```\n\n'
        '```python\nraise ValueError("the third block")\n```\n\n'
        '```bash\ncurl -s -X POST "$ONEBOX_BASE_URL/distribution/v1/carts" -H "Authorization: Bearer t" \\\n'
        '  -H "Content-Type: application/json" -d \'{"sessionId": "10871"}\'\n```\n', encoding="utf-8")
    first = len(mock_api.requests)
    outcome = run_page(page, docs, environment(mock_api.url, TOKEN, CLIENT_ID, CLIENT_SECRET),
                       f"{mock_api.url}/__block__?")
    label = "page.md"
    assert [f.split(": ")[0] for f in outcome.failures] == [f"{label}:12"]
    assert "the third block" in outcome.failures[0]
    problems = [(r["block"], p) for r in mock_api.requests[first:] for p in mock_api.problems(r)]
    assert problems == [
        (f"{label}:7", "GET /catalog/v1/events (catalog.yaml): the spec defines no query parameter colour"),
        (f"{label}:16", "POST /distribution/v1/carts (distribution.yaml): the body does not match the "
                        "request schema: sessionId: '10871' is not of type 'integer'")]
