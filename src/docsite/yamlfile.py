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

from docsite.errors import BuildError, read_text

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
        mark = getattr(exc, "problem_mark", None)
        line = first_line + mark.line if mark is not None else first_line
        problem = getattr(exc, "problem", None) or str(exc)
        raise BuildError.at(f"invalid YAML: {problem}", file, line,
                            "check the indentation, and quote values that contain ': ' or start with "
                            "a special character") from exc
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
