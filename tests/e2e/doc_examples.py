"""The docs' code examples, run as a reader would run them: against the mock API (mock_api.py), with
only the environment variables the pages document set.

How a page's blocks become programs (content/README.md, "Code that runs", says the same to writers):

- Python, JavaScript and shell blocks (```python, ```javascript or ```js, ```bash or ```sh) run;
  a block with `norun="<reason>"` in its fence does not (the reason is reported).
- A block whose title starts with a file name (`title="setup.py"`, `title="refund.mjs (Node.js 18 or
  later)"`) is that file: it is written under that name in the page's folder, where other blocks
  may import it, and runs as its own program. A later block titled with the same name
  (`title="quickstart.py (continued)"`), or marked `after="<file name>"`, continues the file.
- A block of another language titled with a file name (```json title="booking.json"```) is
  written too, for the examples that read it (`curl -d @booking.json`).
- `args="10871 MAREA10"` gives a program its command-line arguments; a file the page's shell
  blocks run (`python purchase.py 10871`) runs only from there.
- The folder holds `.env.preproduction` with the test's variables, as the reader's holds theirs.
- Any other block is a fragment: it continues the page's first block of its language (the page's
  setup) and the fragments of that language before it, as one program.

Programs run in the order of their first block, in one folder per page. Python runs in one
interpreter per page (each program in a namespace of its own); JavaScript as ES modules with
Node; shell with bash, `set -eo pipefail`. Before each block the program tells the mock which block
runs (`/__block__?at=<page>:<line>`), so every request it records names the block that sent it.
A request that does not go to the mock fails: Python and curl go through a proxy that does not
exist, Node's `fetch` refuses any other address.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tests.conftest import ROOT

LANGUAGES = {"python": "python", "py": "python", "javascript": "js", "js": "js", "mjs": "js",
             "bash": "sh", "sh": "sh", "shell": "sh"}
_FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
_TITLE = re.compile(r"""\btitle=(?:"([^"]*)"|'([^']*)')""")
_NORUN = re.compile(r"""\bnorun=(?:"([^"]*)"|'([^']*)')""")
_AFTER = re.compile(r"""\bafter=(?:"([^"]*)"|'([^']*)')""")
_ARGS = re.compile(r"""\bargs=(?:"([^"]*)"|'([^']*)')""")
_FILE_NAME = re.compile(r"^[\w.-]*\.[A-Za-z][\w]*$")
# The variables the docs tell readers to set, and the file they keep them in (environments.md): the
# test writes its own, pointing at the mock, in each page's folder; the pages' copies are templates
# with placeholders (`norun`).
READER_VARIABLES = ("ONEBOX_BASE_URL", "ONEBOX_TOKEN_URL", "ONEBOX_CLIENT_ID", "ONEBOX_CLIENT_SECRET",
                    "ONEBOX_TEST_BUYER_EMAIL")
ENV_FILE = ".env.preproduction"
TIMEOUT = 30  # seconds a page's programs of one language may take
MARK = "@@block "


@dataclass
class Block:
    page: Path
    line: int  # of the opening fence, 1-based
    language: str  # python, js or sh
    code: str
    title: str | None
    norun: str | None
    args: list[str] = field(default_factory=list)  # what the reader passes on the command line
    after: str | None = None  # the file this block continues (`after="refund_report.py"`)

    @property
    def label(self) -> str:
        where = self.page.relative_to(ROOT) if self.page.is_relative_to(ROOT) else self.page.name
        return f"{where}:{self.line}"

    @property
    def file_name(self) -> str | None:
        first = self.after or (self.title or "").split(" ")[0]
        return first if _FILE_NAME.match(first) else None


@dataclass
class Program:
    language: str
    name: str  # its file name, or `fragments.<ext>`
    blocks: list[Block] = field(default_factory=list)

    @property
    def args(self) -> list[str]:
        return next((b.args for b in self.blocks if b.args), [])


def code_blocks(page: Path) -> list[Block]:
    """The page's Python, JavaScript and shell blocks, in order."""
    blocks = []
    lines = page.read_text(encoding="utf-8").split("\n")
    index = 0
    while index < len(lines):
        opening = _FENCE.match(lines[index])
        if opening is None:
            index += 1
            continue
        fence, info = opening.group("fence"), opening.group("info").strip()
        end = index + 1
        while end < len(lines) and not (lines[end].strip().startswith(fence)
                                        and set(lines[end].strip()) == {fence[0]}):
            end += 1
        language = LANGUAGES.get(info.split(" ")[0].lower()) if info else None
        title = _TITLE.search(info)
        if language is None and title and _FILE_NAME.match((title.group(1) or title.group(2) or " ").split(" ")[0]):
            language = "data"  # a file the examples read (`curl -d @booking.json`): written, not run
        if language:
            indent = len(opening.group("indent"))
            code = "\n".join(line[indent:] if line[:indent].isspace() else line for line in lines[index + 1:end])
            norun, args, after = _NORUN.search(info), _ARGS.search(info), _AFTER.search(info)
            blocks.append(Block(page, index + 1, language, code + "\n",
                                (title.group(1) or title.group(2)) if title else None,
                                (norun.group(1) or norun.group(2)) if norun else None,
                                (args.group(1) or args.group(2) or "").split() if args else [],
                                (after.group(1) or after.group(2)) if after else None))
        index = end + 1
    return blocks


def programs(blocks: list[Block]) -> list[Program]:
    """The page's runnable blocks as programs, in the order of their first block."""
    out: dict[tuple[str, str], Program] = {}
    first: dict[str, Block] = {}
    for block in blocks:
        if block.norun is not None or (block.language == "data" and block.file_name is None):
            continue
        first.setdefault(block.language, block)
        name = block.file_name
        if name is None:
            name = "fragments." + {"python": "py", "js": "mjs", "sh": "sh"}[block.language]
            setup = first[block.language]
            program = out.setdefault((block.language, name), Program(block.language, name))
            if not program.blocks and setup is not block and setup.file_name is not None:
                program.blocks.extend(b for b in blocks if b.file_name == setup.file_name
                                      and b.norun is None and b.line <= setup.line)
            program.blocks.append(block)
        else:
            out.setdefault((block.language, name), Program(block.language, name)).blocks.append(block)
    return list(out.values())


@dataclass
class Outcome:
    failures: list[str]  # "<page>:<line>: what went wrong"
    ran: list[Block]  # the blocks that ran to their end


def run_page(page: Path, folder: Path, env: dict[str, str], mark_url: str) -> Outcome:
    """Runs the page's programs in `folder`; which blocks failed, and which ran to their end."""
    blocks = code_blocks(page)
    found = programs(blocks)
    for program in found:  # every file first, so that any program may import any file
        if program.name.split(".")[0] != "fragments":
            (folder / program.name).write_text("".join(b.code for b in program.blocks), encoding="utf-8")
    (folder / ENV_FILE).write_text("".join(f"export {name}={_shell_quote(env[name])}\n" for name in READER_VARIABLES),
                                   encoding="utf-8")
    shell = "".join(b.code for b in blocks if b.language == "sh" and b.norun is None)
    started = {p.name for p in found if re.search(rf"(?:python3?|node|bash|source|\.)\s+(?:\./)?{re.escape(p.name)}\b",
                                                   shell)}
    for program in found:
        if program.name in started and program.language != "sh":  # the page's shell runs it
            program.language = "started"
    outcome = Outcome([], [])
    outcome.ran.extend(b for p in found if p.language == "started" for b in p.blocks)
    python = [p for p in found if p.language == "python"]
    if python:
        _run_python(python, folder, env, mark_url, outcome)
    for program in found:
        if program.language == "js":
            _run_script(program, folder, env, mark_url, outcome,
                        lambda b: f'console.error({json.dumps(MARK + b.label)}); '
                                  f'await fetch({json.dumps(mark_url + b.label)});\n',
                        ["node", "--import", str(_fetch_guard(folder))], ".mjs")
        elif program.language == "sh":
            _run_script(program, folder, env, mark_url, outcome,
                        lambda b: f'echo {_shell_quote(MARK + b.label)} >&2; '
                                  f'curl -s --noproxy 127.0.0.1 {_shell_quote(mark_url + b.label)} >/dev/null\n',
                        ["bash"], ".sh", prefix="set -eo pipefail\n")
    return outcome


def _run_python(found: list[Program], folder: Path, env: dict[str, str], mark_url: str, outcome: Outcome) -> None:
    plan = [{"name": p.name, "args": p.args, "blocks": [{"label": b.label, "code": b.code} for b in p.blocks]}
            for p in found]
    (folder / ".plan.json").write_text(json.dumps(plan), encoding="utf-8")
    driver = ROOT / "tests" / "e2e" / "doc_examples_driver.py"
    result = _run([sys.executable, str(driver), ".plan.json", mark_url], folder, env)
    done = {line[len("@@done "):] for line in result.stdout.splitlines() if line.startswith("@@done ")}
    failed = [line[len("@@failed "):] for line in result.stdout.splitlines() if line.startswith("@@failed ")]
    outcome.ran.extend(b for p in found for b in p.blocks if b.label in done)
    for label in failed:
        outcome.failures.append(f"{label}: {_last_error(result.stderr, label)}")
    if result.returncode != 0 and not failed:
        outcome.failures.append(f"{found[0].blocks[0].label}: the page's Python did not finish: "
                                f"{result.stderr.strip()[-1500:]}")


def _run_script(program: Program, folder: Path, env: dict[str, str], mark_url: str, outcome: Outcome,
                mark: Callable[[Block], str], command: list[str], suffix: str, prefix: str = "") -> None:
    script = folder / f".run-{Path(program.name).stem}{suffix}"
    starts: list[tuple[int, Block]] = []
    text = prefix
    for block in program.blocks:
        text += mark(block)
        starts.append((text.count("\n") + 1, block))
        text += block.code
    script.write_text(text, encoding="utf-8")
    result = _run([*command, script.name, *program.args], folder, env)
    reached = [line[len(MARK):] for line in result.stderr.splitlines() if line.startswith(MARK)]
    if result.returncode == 0:
        outcome.ran.extend(program.blocks)
        return
    at = re.search(re.escape(script.name) + r":(\d+)", result.stderr)
    if at and not reached:  # a syntax error: no block ran; the line says which block it is in
        line = int(at.group(1))
        block = next((b for start, b in reversed(starts) if start <= line), program.blocks[0])
    else:
        block = next((b for b in program.blocks if reached and b.label == reached[-1]), program.blocks[0])
    outcome.ran.extend(program.blocks[:program.blocks.index(block)])
    message = "\n".join(line for line in result.stderr.splitlines() if not line.startswith(MARK))
    outcome.failures.append(f"{block.label} ({program.name}): exit {result.returncode}: {message.strip()[-1500:]}")


def _run(command: list[str], folder: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, timeout=TIMEOUT,
                              check=False)
    except subprocess.TimeoutExpired as exc:
        stderr = exc.stderr.decode() if isinstance(exc.stderr, bytes) else exc.stderr or ""
        stdout = exc.stdout.decode() if isinstance(exc.stdout, bytes) else exc.stdout or ""
        return subprocess.CompletedProcess(command, -9, stdout, stderr + f"\ntimed out after {TIMEOUT} s")


def _last_error(stderr: str, label: str) -> str:
    start = stderr.rfind(f"@@error {label}\n")
    return stderr[start + len(f"@@error {label}\n"):].strip()[-1500:] if start >= 0 else stderr.strip()[-1500:]


def _shell_quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def _fetch_guard(folder: Path) -> Path:
    """A module Node loads first: `fetch` to any address but the mock's throws, naming it."""
    guard = folder / ".fetch-guard.mjs"
    guard.write_text(
        "const allowed = process.env.ONEBOX_MOCK_URL;\n"
        "const real = globalThis.fetch;\n"
        "globalThis.fetch = (input, init) => {\n"
        "  const url = String(input?.url ?? input);\n"
        "  if (!url.startsWith(allowed)) throw new Error(`request outside the mock API: ${url}`);\n"
        "  return real(input, init);\n"
        "};\n", encoding="utf-8")
    return guard


def environment(mock_url: str, token: str, client_id: str, client_secret: str) -> dict[str, str]:
    """What a reader sets (the pages' variables, pointing at the mock), and a proxy that does not
    exist for every other address."""
    nowhere = "http://127.0.0.1:9"
    keep = {name: value for name, value in os.environ.items() if name in ("PATH", "HOME", "LANG", "TMPDIR")}
    python_bin = str(Path(sys.executable).parent)
    return {**keep, "PATH": python_bin + os.pathsep + keep.get("PATH", "/usr/bin:/bin"),
            "ONEBOX_BASE_URL": f"{mock_url}/ok", "ONEBOX_TOKEN_URL": f"{mock_url}/oauth/token",
            "ONEBOX_CLIENT_ID": client_id, "ONEBOX_CLIENT_SECRET": client_secret, "ONEBOX_TOKEN": token,
            "ONEBOX_MOCK_URL": mock_url, "ONEBOX_TEST_BUYER_EMAIL": "buyer+test1@example.com",
            "http_proxy": nowhere, "https_proxy": nowhere, "HTTP_PROXY": nowhere,
            "HTTPS_PROXY": nowhere, "no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1",
            "PYTHONDONTWRITEBYTECODE": "1", "NODE_NO_WARNINGS": "1"}
