"""Plain text from content trees, heading slugs, and word counts."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from typing import Any

# A content tree node is a string (text) or a list `[tag, props | None, *children]`.
Node = Any

# code, and an inline table of contents (its text is the headings': said once, where they are)
_SKIP_TEXT_OF = frozenset({"CodeBlock", "script", "style", "TOCInline"})
_BLOCKS = frozenset({
    "p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "td", "th", "div", "pre", "blockquote",
    "dt", "dd", "br", "table", "summary", "details", "Details", "section", "figcaption", "hr",
})
_WORD = re.compile(r"\w[\w'’.-]*")


def slugify(text: str) -> str:
    """GitHub-style heading slug: lowercase, punctuation dropped, spaces become '-'."""
    kept = []
    for ch in text.strip().lower():
        if ch.isalnum() or ch in "-_" or unicodedata.category(ch).startswith("M"):
            kept.append(ch)
        elif ch.isspace():
            kept.append("-")
    return "".join(kept)


class Slugger:
    """Unique slugs within one page: a repeated heading gets `-1`, `-2`..."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}

    def slug(self, text: str) -> str:
        base = slugify(text) or "section"
        slug, n = base, self.seen.get(base, 0)
        while slug in self.seen:
            n += 1
            slug = f"{base}-{n}"
        self.seen[base] = n
        self.seen[slug] = self.seen.get(slug, 0)
        return slug

    def reserve(self, slug: str) -> None:
        self.seen.setdefault(slug, 0)


def plain_text(nodes: list[Node]) -> str:
    """The readable text of `nodes`, blocks separated by single spaces, code blocks left out."""
    parts: list[str] = []
    _collect(nodes, parts, None)
    return " ".join("".join(parts).split())


def plain_text_unless(nodes: list[Node], stop: Callable[[list[Any]], bool]) -> str | None:
    """`plain_text(nodes)`, or None when `stop(element)` holds for an element of them, at any depth
    (in code blocks too): one walk where asking first (`walk`) and then taking the text makes two."""
    parts: list[str] = []
    if not _collect(nodes, parts, stop):
        return None
    return " ".join("".join(parts).split())


def _collect(nodes: list[Node], out: list[str], stop: Callable[[list[Any]], bool] | None) -> bool:
    """Add the text of `nodes` to `out`; False as soon as `stop` holds for an element."""
    for node in nodes:
        if isinstance(node, str):
            out.append(node)
            continue
        if stop is not None and stop(node):
            return False
        tag, props = node[0], node[1]
        if tag in _SKIP_TEXT_OF or (props and props.get("className") == "hash-link"):
            if stop is not None and any(stop(element) for element in walk(node[2:])):
                return False
            continue
        if not _collect(node[2:], out, stop):
            return False
        if tag in _BLOCKS:
            out.append(" ")
    return True


def count_words(text: str) -> int:
    return len(_WORD.findall(text))


def walk(nodes: list[Node]) -> Iterator[list[Any]]:
    """Every element of the tree, depth first, parents before children."""
    stack = [n for n in reversed(nodes) if not isinstance(n, str)]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(n for n in reversed(node[2:]) if not isinstance(n, str))
