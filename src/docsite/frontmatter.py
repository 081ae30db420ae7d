"""Front matter: the YAML block between `---` lines at the top of a Markdown file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from docsite.content_files import read_text
from docsite.errors import BuildError
from docsite.yamlfile import YamlDocument, parse_yaml


@dataclass
class SourceFile:
    file: Path
    front: YamlDocument
    body: str
    body_line: int  # the line of `file` where `body` starts


def read_markdown_file(file: Path) -> SourceFile:
    text = read_text(file)
    lines = text.split("\n")
    if not lines or lines[0].rstrip() != "---":
        return SourceFile(file, YamlDocument({}, file), text, 1)
    for end in range(1, len(lines)):
        if lines[end].rstrip() == "---":
            front = parse_yaml("\n".join(lines[1:end]), file, first_line=2)
            if front.data is None:
                front.data = {}
            if not isinstance(front.data, dict):
                raise BuildError.at("front matter must be a YAML mapping (key: value lines)", file, 2)
            return SourceFile(file, front, "\n".join(lines[end + 1:]), end + 2)
    raise BuildError.at("the front matter is not closed", file, 1,
                        "end the front matter with a line holding only '---'")
