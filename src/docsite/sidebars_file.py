"""Reading a sidebars file as Docusaurus reads it: `sidebars.js` (run by Node, as it is JavaScript),
`sidebars.json` or `sidebars.yaml`, into a `YamlDocument` (its data and the line of each part).

- YAML: parsed with line numbers (docsite.yamlfile).
- JSON: checked with Python's parser (a syntax error is at its line), then indexed for lines like
  YAML (JSON is YAML), so an item's error points at its line.
- JavaScript (`.js`, `.cjs`, `.mjs`) and TypeScript (`.ts`): `sidebars_eval.mjs` imports the file
  in Node (in `NODE_TIMEOUT` seconds; TypeScript made JavaScript by the TypeScript package first, the
  content folder's or the front end's) and prints its export as JSON. An exception is reported at the file and
  line Node gives. Lines are found by looking for each key and string value in the source, in order:
  a doc id or label written in the file is found where it is written (a computed one takes the line
  of the closest part found).

One sidebars file per docs folder: two of them (`sidebars.js` and `sidebars.yaml`, say) are an error
naming both, unless `docs.sidebarPath` in site.yaml names the one to read.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

from docsite.content_files import read_text
from docsite.errors import BuildError, Problem, Report
from docsite.frontend import node
from docsite.yamlfile import Location, YamlDocument, load_yaml_file, parse_yaml

# The formats a sidebars file may have, in the order they are looked for.
SIDEBAR_SUFFIXES = (".yaml", ".yml", ".json", ".js", ".cjs", ".mjs", ".ts")
JAVASCRIPT = (".js", ".cjs", ".mjs", ".ts")  # run by Node (TypeScript made JavaScript first)
NODE_TIMEOUT = 10.0  # seconds Node may take to evaluate a sidebars.js (a loop in it must not hang a build)
_EVALUATE = Path(__file__).with_name("sidebars_eval.mjs")
# Where a sidebars.ts finds TypeScript when its own folder has none: the front end's packages
# (docsite.stages.site.Paths's default front end).
_FRONTEND = Path(__file__).resolve().parents[2] / "frontend"
_MARKER = "--- docsite sidebars ---\n"  # what sidebars_eval.mjs prints before the JSON


def find_sidebars_file(folder: Path, stem: str, report: Report, explicit: str | None = None) -> Path:
    """The sidebars file of a docs folder: `explicit` (site.yaml's `docs.sidebarPath`) when given, else
    the one `folder/<stem>.<suffix>` that exists (two or more: an error naming them, and the first is
    read). When none exists, `folder/<stem>.yaml`, which reads as no sidebars."""
    if explicit is not None:
        return folder / explicit
    found = [folder / f"{stem}{suffix}" for suffix in SIDEBAR_SUFFIXES if (folder / f"{stem}{suffix}").is_file()]
    if len(found) > 1:
        names = " and ".join(f.name for f in found)
        report.error(f"two sidebars files: {names}; the builder reads one", found[1], 1,
                     f"delete all but one of them (Docusaurus reads one too), or name the one to read in site.yaml: "
                     f"docs: {{sidebarPath: {found[0].name}}}")
    return found[0] if found else folder / f"{stem}.yaml"


def read_sidebars_file(file: Path) -> YamlDocument:
    """The sidebars file's data with the line of each part. Raises BuildError (at the file and line)
    when it cannot be read."""
    if file.suffix in JAVASCRIPT:
        return _javascript(file)
    if file.suffix == ".json":
        return _json(file)
    return load_yaml_file(file)


def _json(file: Path) -> YamlDocument:
    text = read_text(file)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BuildError.at(f"invalid JSON: {exc.msg} (column {exc.colno})", file, exc.lineno,
                            "fix the JSON at this line: a missing comma or quote, or a trailing comma "
                            "(JSON allows none)") from exc
    try:
        document = parse_yaml(text, file)
    except BuildError:  # JSON YAML does not read (a tab, say): the data without its lines
        return YamlDocument(data, file)
    document.data = data  # JSON's reading of it (YAML 1.1 reads a few scalars differently)
    return document


def _javascript(file: Path) -> YamlDocument:
    try:
        result = subprocess.run([node(), "--enable-source-maps", str(_EVALUATE), str(file.resolve()), str(_FRONTEND)],
                                capture_output=True, text=True,
                                timeout=NODE_TIMEOUT, stdin=subprocess.DEVNULL, cwd=file.parent)
    except subprocess.TimeoutExpired as exc:
        raise BuildError.at(f"{file.name} did not finish in {NODE_TIMEOUT:.0f} s when run by Node", file, 1,
                            "look for a loop that never ends, or a promise that never settles, in the file "
                            "and in what it imports") from exc
    if result.returncode != 0:
        raise BuildError(_node_problem(file, result.stderr))
    data = json.loads(result.stdout.rsplit(_MARKER, 1)[-1])
    document = YamlDocument(data, file)
    _index_lines(read_text(file), data, document.lines)
    return document


def _node_problem(file: Path, stderr: str) -> Problem:
    """The problem of a sidebars.js that Node could not run: its error at the line Node gives."""
    report = json.loads(stderr.strip().splitlines()[-1]) if stderr.strip().startswith("{") else None
    if report is None:  # Node itself failed (not our script's report)
        tail = "\n".join(stderr.strip().splitlines()[-5:])
        return Problem(f"Node could not run {file.name}: {tail}", file, 1,
                       f"run `node {file.name}` in its folder to see the error")
    line = None
    where = re.search(re.escape(file.name) + r":(\d+)", report.get("stack", ""))
    if where:
        line = int(where.group(1))
    if report.get("kind") == "typescript":
        return Problem(f"{file.name} is TypeScript, and TypeScript is not installed to read it", file, 1,
                       f"rename it to {file.stem}.js and remove its type annotations (the `import type` line, "
                       "`: SidebarsConfig`), or install the front end's packages (npm ci in frontend/)")
    message = f"{file.name} failed when run by Node: {report['name']}: {report['message']}"
    if report.get("kind") == "export":
        return Problem(message, file, line or 1,
                       "export the sidebars object: `module.exports = sidebars` (CommonJS) or "
                       "`export default sidebars` (ES module), mapping each sidebar id to its items")
    if report["code"] in ("MODULE_NOT_FOUND", "ERR_MODULE_NOT_FOUND"):
        missing = re.search(r"Cannot find (?:module|package) '([^']+)'", report["message"])
        if missing and line is None:  # Node names the import, not its line: the line that names it
            name = Path(missing.group(1)).stem
            line = next((n for n, text in enumerate(read_text(file).splitlines(), 1)
                         if name in text and ("import" in text or "require" in text)), None)
        return Problem(message, file, line or 1,
                       "a sidebars file here may import only Node's own modules and files beside it: write the "
                       "imported values into the file, or remove the import")
    if file.suffix == ".ts":
        return Problem(message, file, line or 1, "fix the TypeScript at this line")
    return Problem(message, file, line or 1,
                   f"fix the JavaScript at this line (`node {file.name}` in its folder shows the same error)")


_IDENTIFIER = re.compile(r"^[A-Za-z_$][\w$]*$")


def _index_lines(source: str, data: Any, lines: dict[Location, int]) -> None:
    """The line of each key and string value of `data` in `source`, found in order: each is looked for
    after the previous one found (then from the start); what is not found takes its parent's line."""
    starts = [0]
    for match in re.finditer("\n", source):
        starts.append(match.end())
    cursor = 0

    def line_at(offset: int) -> int:
        low, high = 0, len(starts) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if starts[middle] <= offset:
                low = middle
            else:
                high = middle - 1
        return low + 1

    def find(text: str, key: bool) -> int | None:
        nonlocal cursor
        quoted = [f"'{text}'", f'"{text}"', f"`{text}`"]
        patterns = [re.escape(q) for q in quoted]
        if key and _IDENTIFIER.match(text):
            patterns.append(rf"(?<![\w$.'\"]){re.escape(text)}\s*:")
        pattern = re.compile("|".join(patterns))
        match = pattern.search(source, cursor) or pattern.search(source)
        if match is None:
            return None
        cursor = match.end()
        return line_at(match.start())

    def visit(value: Any, path: Location, fallback: int) -> int:
        """Index `value` at `path`; returns its line (its first part found, else `fallback`)."""
        first: int | None = None
        if isinstance(value, dict):
            for key, child in value.items():
                key_line = find(str(key), key=True)
                child_line = visit(child, (*path, str(key)), key_line or fallback)
                lines[(*path, str(key))] = key_line or child_line
                first = first or key_line or child_line
        elif isinstance(value, list):
            for index, child in enumerate(value):
                lines[(*path, index)] = visit(child, (*path, index), fallback)
                first = first or lines[(*path, index)]
        elif isinstance(value, str):
            first = find(value, key=False)
        found = first or fallback
        lines.setdefault(path, found)
        return found

    visit(data, (), 1)
