"""YAML with line numbers: parse a file and remember the line of every key and list item.

Validation errors (pydantic's, ours) point at a path inside the document such as
`("themeConfig", "navbar", "items", 3, "type")`; `YamlDocument.line_of` turns it into the line a
writer can jump to.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from docsite.content_files import read_text
from docsite.errors import BuildError, Problem

_Loader: type[yaml.CSafeLoader] | type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

Location = tuple[str | int, ...]


@dataclass
class YamlDocument:
    data: Any
    file: Path
    first_line: int = 1
    lines: dict[Location, int] = field(default_factory=dict)

    def line_of(self, location: Location) -> int:
        """The line of the deepest part of `location` that exists in the document."""
        path = tuple(location)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.first_line


# Aliases (`*name`) repeat a value without copying it, so a few hundred bytes of nested aliases can
# stand for billions of values, which validating and indexing would walk one by one. No file a
# writer edits comes near this limit.
MAX_YAML_VALUES = 100_000


def _expanded_size(node: yaml.Node, sizes: dict[int, int]) -> int:
    """How many values `node` stands for once its aliases are expanded (shared nodes counted once
    per use, computed once each)."""
    known = sizes.get(id(node))
    if known is not None:
        return known
    sizes[id(node)] = 1  # a node inside itself (a recursive alias) counts once: composing rejects it
    if isinstance(node, yaml.MappingNode):
        size = 1 + sum(_expanded_size(k, sizes) + _expanded_size(v, sizes) for k, v in node.value)
    elif isinstance(node, yaml.SequenceNode):
        size = 1 + sum(_expanded_size(item, sizes) for item in node.value)
    else:
        size = 1
    sizes[id(node)] = size
    return size


def parse_yaml(text: str, file: Path, first_line: int = 1) -> YamlDocument:
    """Parse `text` (which starts at `first_line` of `file`) and map every location to its line."""
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        raise BuildError(yaml_syntax_problem(exc, file, first_line)) from exc
    if node is None:
        return YamlDocument(None, file, first_line)
    if _expanded_size(node, {}) > MAX_YAML_VALUES:
        raise BuildError.at(f"the YAML's aliases (*name) expand to more than {MAX_YAML_VALUES:,} values", file,
                            first_line, "write the values out, or use fewer aliases: nested aliases multiply")
    try:
        data = yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as exc:  # pragma: no cover - compose already parsed it
        raise BuildError.at(f"invalid YAML: {exc}", file, first_line) from exc
    doc = YamlDocument(data, file, first_line)
    _index(node, (), doc.lines, first_line)
    return doc


# A quote or bracket left open is noticed where the text ends (at a front matter's closing `---`) or
# at the next line: the line it was opened on is the one to fix.
_OPENED_AT_CONTEXT = ("while scanning a quoted scalar", "while parsing a flow")


def yaml_syntax_problem(exc: yaml.YAMLError, file: Path, first_line: int = 1) -> Problem:
    """The problem of a YAML syntax error, at the line to fix. `first_line` is the line of `file` the
    parsed text starts on (front matter starts on line 2)."""
    if not isinstance(exc, yaml.MarkedYAMLError):
        return Problem(f"YAML syntax error: {exc}", file, first_line, "fix the YAML syntax")
    what = " ".join(part for part in (exc.problem, exc.context) if part)
    opened = exc.context_mark if exc.context and exc.context.startswith(_OPENED_AT_CONTEXT) else None
    if opened is not None:
        return Problem(f"YAML syntax error: {what}", file, first_line + opened.line,
                       "close the quote or the bracket opened on this line (a quote inside '...' is written '')")
    mark = exc.problem_mark or exc.context_mark
    if exc.context_mark and mark and exc.context_mark.line != mark.line:
        what += f" (started at line {first_line + exc.context_mark.line})"
    return Problem(f"YAML syntax error: {what}", file, first_line + mark.line if mark else first_line,
                   "fix the YAML at this line: the indentation, a missing `:`, or quote a value that contains "
                   "': ' or starts with a special character")


def load_yaml_file(file: Path) -> YamlDocument:
    try:
        text = read_text(file)
    except FileNotFoundError as exc:
        raise BuildError.at("file not found", file, fix="create it, or check the path") from exc
    return parse_yaml(text, file)


def _index(node: yaml.Node, path: Location, lines: dict[Location, int], first_line: int) -> None:
    lines.setdefault(path, node.start_mark.line + first_line)
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            child = (*path, key.value)
            lines[child] = key.start_mark.line + first_line
            _index(value, child, lines, first_line)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _index(item, (*path, i), lines, first_line)
