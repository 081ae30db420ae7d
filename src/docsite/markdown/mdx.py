"""MDX as Docusaurus docs use it: the import and export lines of a page, and the partials it includes.

    import Note from './_note.md';          a partial (`.md` or `.mdx`, relative to the file, or
    import Setup from '@site/docs/_setup.mdx';   from the content folder: Docusaurus's `@site/`)
    <Note />                                its content, rendered in place (its headings join the page's)
    import Tabs from '@theme/Tabs';         a component this site has: read silently

Anything else imported or exported is MDX this site does not run (docsite.markdown.tree reports
it once per file). Only the parsing is here; the tree builder renders the partials.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from docsite.content_files import read_text

# `@theme/` components this site renders itself (docsite.markdown.html.COMPONENT_ELEMENTS, TOCInline)
THEME_COMPONENTS = frozenset({"Tabs", "TabItem", "Details", "TOCInline"})
SITE_PREFIX = "@site/"  # Docusaurus's site folder, which is the content folder here
ESM_LINE = re.compile(r"^(?:import|export)\s")
_IMPORT = re.compile(r"""import\s+(?:(?P<what>[^'";]+?)\s+from\s+)?(?P<quote>['"])(?P<source>[^'"\n]+)(?P=quote)"""
                     r"[ \t]*;?")
_IDENTIFIER = re.compile(r"^[A-Za-z_$][\w$]*$")
_PARTIAL_SOURCE = re.compile(r"^(?:\.{1,2}/|@site/).*\.mdx?$")
# the partials a file imports, found in its bytes before it is rendered (the result cache's key)
_PARTIAL_IMPORT = re.compile(rb"""import\s+[A-Za-z_$][\w$]*\s+from\s+['"]((?:\.{1,2}/|@site/)[^'"\n]*\.mdx?)['"]""")
PROP = re.compile(r"\{\s*props\.([A-Za-z_$][\w$]*)\s*\}")


@dataclass(frozen=True)
class Statement:
    """One import or export statement of a page: `offset` is its line below the paragraph's first."""

    offset: int
    text: str
    source: str = ""      # what an import imports: `./_note.md`, `@theme/Tabs`
    default: str = ""     # the name a default import gives it: `Note`

    @property
    def partial(self) -> bool:
        return bool(self.default) and bool(_PARTIAL_SOURCE.match(self.source))

    @property
    def theme_component(self) -> bool:
        return self.source.startswith("@theme/") and self.source.removeprefix("@theme/") in THEME_COMPONENTS

    @property
    def first_line(self) -> str:
        line = self.text.split("\n", 1)[0].strip()
        return line if len(line) <= 70 else line[:69] + "…"


def statements(paragraph: str) -> list[Statement]:
    """The import and export statements of a paragraph that starts with one (MDX reads the whole
    paragraph as JavaScript). An export, or what cannot be read as an import, runs to the end."""
    found: list[Statement] = []
    pos = 0
    while pos < len(paragraph):
        while pos < len(paragraph) and paragraph[pos].isspace():
            pos += 1
        if pos >= len(paragraph):
            break
        offset = paragraph.count("\n", 0, pos)
        match = _IMPORT.match(paragraph, pos)
        if match is None or not paragraph.startswith("import", pos):
            found.append(Statement(offset, paragraph[pos:]))
            break
        what = (match.group("what") or "").strip()
        found.append(Statement(offset, match.group(0), match.group("source"),
                               what if _IDENTIFIER.match(what) else ""))
        pos = match.end()
    return found


def partial_path(source: str, file: Path, site_root: Path | None) -> Path | None:
    """The file a partial's import names: relative to `file`, or below the content folder for
    `@site/` (None when there is no content folder: Markdown outside one, such as a spec's)."""
    if source.startswith(SITE_PREFIX):
        if site_root is None:
            return None
        return Path(os.path.normpath(site_root / source.removeprefix(SITE_PREFIX)))
    return Path(os.path.normpath(file.parent / source))


def outside(path: Path, site_root: Path | None) -> bool:
    """Whether a partial's file lies outside the content folder (its real path: links followed): such
    a file is never read, as no file outside the folder is (docsite.content_files)."""
    return site_root is not None and not Path(os.path.realpath(path)).is_relative_to(os.path.realpath(site_root))


def partial_sources(data: bytes) -> list[str]:
    """What a file's import lines name as partials, read from its bytes (a line in a code block
    counts too: this is for the result cache's key, where one file too many costs nothing)."""
    # each line that starts with `import` is tried (bytes.find: a regular expression's `^` with
    # re.MULTILINE tries every position, 40 times slower on a page of 13 KB)
    starts = [0] if data.startswith(b"import") else []
    line = data.find(b"\nimport")
    while line != -1:
        starts.append(line + 1)
        line = data.find(b"\nimport", line + 1)
    return [match.group(1).decode("utf-8", "replace") for start in starts
            if (match := _PARTIAL_IMPORT.match(data, start))]


def read_partial(file: Path) -> tuple[str, int]:
    """A partial's Markdown and the line of the file it starts on, after a front matter if it has one
    (Docusaurus reads a partial's front matter, and nothing uses it)."""
    text = read_text(file)
    lines = text.split("\n")
    if lines and lines[0].rstrip() == "---":
        for end in range(1, len(lines)):
            if lines[end].rstrip() == "---":
                return "\n".join(lines[end + 1:]), end + 2
    return text, 1
