"""Markdown -> content tree, with the headings, links, images and components of the page."""

from __future__ import annotations

from pathlib import Path

from docsite.errors import Problem
from docsite.markdown.code_tabs import expand_code_tabs
from docsite.markdown.mdx_code_blocks import unwrap_mdx_code_blocks
from docsite.markdown.parser import MAX_NESTING, TOO_DEEP, markdown_parser
from docsite.markdown.tree import (
    DIAGRAM_LANGUAGE,
    CodeSpan,
    ComponentUse,
    DiagramUse,
    Heading,
    Reference,
    Rendered,
    TreeBuilder,
)

__all__ = ["DIAGRAM_LANGUAGE", "MARKDOWN_SUFFIXES", "CodeSpan", "ComponentUse", "DiagramUse", "Heading", "Reference",
           "Rendered", "is_page_file", "render_markdown", "too_large"]

# The files that are pages: Markdown, and MDX as Docusaurus writes it (the same dialect here: its
# imports of partials and its common components are read, docsite.markdown.tree).
MARKDOWN_SUFFIXES = (".md", ".mdx")


def is_page_file(relative: Path) -> bool:
    """Whether a file (its path below docs/, blog/ or pages/) is a page: Markdown or MDX whose name
    and folders do not start with `_`. As in Docusaurus, `_` marks what is no page: partials
    (`_note.md`, `_partials/`), category files."""
    return relative.suffix in MARKDOWN_SUFFIXES and not any(part.startswith("_") for part in relative.parts)


# The most Markdown one page (or one description in a spec) may hold. Pages of documentation are
# tens of kilobytes; a page of 5 MB takes a minute to build on a loaded machine and megabytes to
# download, and is a page no reader scrolls through. Over it, the page is an error, not rendered.
MAX_MARKDOWN_BYTES = 5_000_000


def too_large(text: str, file: Path, first_line: int = 1) -> Problem | None:
    """The error of a text over MAX_MARKDOWN_BYTES, which is not rendered (None under it)."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size <= MAX_MARKDOWN_BYTES:
        return None
    return Problem(f"the page is {size / 1e6:.1f} MB of Markdown, more than the {MAX_MARKDOWN_BYTES / 1e6:.0f} MB "
                   "a page may hold", file, first_line,
                   "split it into several pages: the sidebar and the previous/next links join them")


def render_markdown(text: str, file: Path, first_line: int = 1, *, title_heading: bool = False,
                    site_root: Path | None = None) -> Rendered:
    """Render `text`, which starts at line `first_line` of `file` (after its front matter). A
    leading `# Heading` is the page's title (`Rendered.title`); with `title_heading`, it is taken
    out of the body (a layout shows the title above the body, as Docusaurus does). `site_root`: the
    content folder, where a partial's `@site/` import starts (docsite.markdown.mdx)."""
    refused = too_large(text, file, first_line)
    if refused is not None:
        return Rendered(tree=[], problems=[refused])
    text = unwrap_mdx_code_blocks(text)  # Docusaurus reads their content as the page's
    env: dict[str, int] = {}
    found: list[Problem] = []  # the code tabs' (npm2yarn, `tab` blocks)

    def problem(line: int, message: str, fix: str, severity: str) -> None:
        found.append(Problem(message, file, first_line + line, fix, "warning" if severity == "warning" else "error"))

    tokens = expand_code_tabs(markdown_parser(file.suffix == ".mdx").parse(text, env), problem)
    rendered = TreeBuilder(file, first_line, text.split("\n"), site_root=site_root).build(tokens)
    rendered.problems[:0] = found
    first = rendered.tree[0] if rendered.tree else None
    if isinstance(first, list) and first[0] == "h1":
        rendered.title = rendered.headings[0].text
        if title_heading:
            rendered.tree.pop(0)
            rendered.headings.pop(0)
    if TOO_DEEP in env:
        rendered.problems.append(Problem(
            f"lists and blockquotes nest too deeply here: the parser reads {(MAX_NESTING - 1) // 2} levels of "
            f"lists ({MAX_NESTING - 1} of blockquotes), what is deeper would be lost",
            file, first_line + env[TOO_DEEP], "nest fewer levels: split the list, or use headings or a table"))
    return rendered
