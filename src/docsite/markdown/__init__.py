"""Markdown -> content tree, with the headings, links, images and components of the page."""

from __future__ import annotations

from pathlib import Path

from docsite.markdown.parser import markdown_parser
from docsite.markdown.tree import CodeSpan, ComponentUse, Heading, Reference, Rendered, TreeBuilder

__all__ = ["CodeSpan", "ComponentUse", "Heading", "Reference", "Rendered", "render_markdown"]


def render_markdown(text: str, file: Path, first_line: int = 1) -> Rendered:
    """Render `text`, which starts at line `first_line` of `file` (after its front matter)."""
    tokens = markdown_parser().parse(text)
    return TreeBuilder(file, first_line, text.split("\n")).build(tokens)
