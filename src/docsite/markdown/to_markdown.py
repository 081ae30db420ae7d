"""Content tree -> Markdown, for readers that want the page as text: AI assistants (`llms.txt`, the
`.md` twin of every page) and the "Copy page" button.

Components become their Markdown equivalent: a code block is a fenced block (its title kept),
tabs are labelled sections, an admonition is a blockquote that starts with its kind, an operation
card is its method, path and link, a diagram its ```mermaid block, `Details` is its summary in
bold then its content, an embed a link to what it shows; an inline table of contents is left out
(its headings are there, where they are). Links and images get absolute URLs (the text is read away from the site).
Nothing the page shows is dropped: `tests/unit/test_llms.py` checks that every piece of text of a
page's tree is in its Markdown.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape
from typing import Any

from docsite.markdown.text import Node

_TAGS = re.compile(r"<[^>]+>")
_BLOCKS = frozenset({"p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "pre", "blockquote", "table", "hr",
                     "div", "section", "details", "Details", "dl", "CodeBlock", "Tabs", "TableWrapper",
                     "OperationCard", "figure", "Diagram", "TOCInline"})

Absolute = Callable[[str], str]


def to_markdown(nodes: list[Node], absolute: Absolute) -> str:
    """Markdown for `nodes` (a page's content tree)."""
    return _blocks(nodes, absolute).strip() + "\n"


def _blocks(nodes: list[Node], absolute: Absolute, separator: str = "\n\n") -> str:
    """Block-level nodes, separated by blank lines (by line breaks in a tight list item); runs of
    inline nodes become one paragraph."""
    out: list[str] = []
    inline: list[Node] = []
    for node in nodes:
        if isinstance(node, list) and node[0] in _BLOCKS:
            if inline:
                out.append(_inline(inline, absolute).strip())
                inline = []
            out.append(_block(node, absolute))
        else:
            inline.append(node)
    if inline:
        out.append(_inline(inline, absolute).strip())
    return separator.join(part for part in out if part.strip())


def _block(node: list[Any], absolute: Absolute) -> str:
    tag, props, children = node[0], dict(node[1] or {}), node[2:]
    if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
        return "#" * int(tag[1]) + " " + _inline(children, absolute).strip()
    if tag == "p":
        return _inline(children, absolute).strip()
    if tag in ("ul", "ol"):
        return _list(tag, children, absolute)
    if tag == "CodeBlock":
        return _code(props)
    if tag == "TOCInline":  # the headings it lists are in the Markdown, where they are
        return ""
    if tag == "Diagram":  # a Mermaid diagram stays its source: Markdown renderers draw it again
        title = f' title="{props["title"]}"' if props.get("title") else ""
        return _fence(str(props.get("source", "")), f"mermaid{title}")
    if tag == "pre":
        return _fence(_text(children), "")
    if tag == "blockquote":
        return _quote(_blocks(children, absolute))
    if tag == "hr":
        return "---"
    if tag in ("table", "TableWrapper"):
        return _table(node, absolute)
    if tag == "Tabs":
        return "\n\n".join(f"**{(tab[1] or {}).get('label', '')}**\n\n{_blocks(tab[2:], absolute)}"
                           for tab in children if isinstance(tab, list) and tab[0] == "TabItem")
    if tag in ("details", "Details"):
        summary = [c for c in children if isinstance(c, list) and c[0] == "summary"]
        rest = [c for c in children if c not in summary]
        head = f"**{_inline(summary[0][2:], absolute).strip()}**\n\n" if summary else ""
        return head + _blocks(rest, absolute)
    if tag == "OperationCard":
        return _operation(props, absolute)
    if tag in ("div", "span") and props.get("className") == "embed":  # an <iframe>: a link to what it shows
        frame = next((c[1] or {} for c in children if isinstance(c, list) and c[0] == "iframe"), {})
        return f"[{frame.get('title', '')}]({frame.get('src', '')})"
    if tag == "div" and "admonition" in str(props.get("className", "")).split():
        return _admonition(props, children, absolute)
    if tag == "dl":
        return "\n\n".join(
            f"**{_inline(c[2:], absolute).strip()}**" if c[0] == "dt" else _blocks(c[2:], absolute)
            for c in children if isinstance(c, list))
    return _blocks(children, absolute)  # div, section, figure...: their content


def _admonition(props: dict[str, Any], children: list[Node], absolute: Absolute) -> str:
    kind = next((c.removeprefix("admonition-") for c in str(props.get("className", "")).split()
                 if c.startswith("admonition-")), "note")
    heading = next((c for c in children if isinstance(c, list) and "admonition-heading" in
                    str((c[1] or {}).get("className", ""))), None)
    content = [c for c in children if c is not heading]
    title = _inline(heading[2:], absolute).strip() if heading else ""
    label = f"**{kind.capitalize()}**" + (f" {title}" if title and title.lower() != kind else "")
    return _quote(f"{label}\n\n{_blocks(content, absolute)}")


def _operation(props: dict[str, Any], absolute: Absolute) -> str:
    method, path = str(props.get("method", "")).upper(), str(props.get("path", ""))
    summary = str(props.get("summary", ""))
    href = props.get("href")
    link = f" ([reference]({absolute(str(href))}))" if href else ""
    return f"`{method} {path}`" + (f": {summary}" if summary else "") + link


def _code(props: dict[str, Any]) -> str:
    code = props.get("code")
    if not isinstance(code, str):
        code = unescape(_TAGS.sub("", str(props.get("html", ""))))
    info = str(props.get("language") or "")
    if props.get("title"):
        info += f' title="{props["title"]}"'
    return _fence(code.rstrip("\n"), info)


def _fence(code: str, info: str) -> str:
    longest = max((len(run) for run in re.findall(r"`{3,}", code)), default=2)
    fence = "`" * (longest + 1)
    return f"{fence}{info}\n{code}\n{fence}"


def _quote(text: str) -> str:
    return "\n".join(f"> {line}" if line else ">" for line in text.split("\n"))


def _list(tag: str, items: list[Node], absolute: Absolute) -> str:
    lines: list[str] = []
    number = 1
    for item in items:
        if not (isinstance(item, list) and item[0] == "li"):
            continue
        marker = f"{number}. " if tag == "ol" else "- "
        number += 1
        tight = not any(isinstance(child, list) and child[0] == "p" for child in item[2:])
        body = _blocks(item[2:], absolute, "\n" if tight else "\n\n")
        first, *rest = body.split("\n") if body else [""]
        lines.append(marker + first)
        lines += [(" " * len(marker) + line) if line else "" for line in rest]
    return "\n".join(lines)


def _table(node: list[Any], absolute: Absolute) -> str:
    rows: list[list[str]] = []
    _table_rows(node, absolute, rows)
    if not rows:
        return ""
    width = max(len(row) for row in rows)
    rows = [row + [""] * (width - len(row)) for row in rows]
    lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * width]
    lines += ["| " + " | ".join(row) + " |" for row in rows[1:]]
    return "\n".join(lines)


def _table_rows(current: Node, absolute: Absolute, rows: list[list[str]]) -> None:
    """`_table`'s walk: each row's cells as Markdown, into `rows`. (A function of the module, not a
    closure calling itself: that is a reference cycle, which lives until the collector runs, and it
    does not run while the site is loaded: docsite.gc_pause.)"""
    if not isinstance(current, list):
        return
    if current[0] == "tr":
        rows.append([_inline(cell[2:], absolute).strip().replace("|", "\\|").replace("\n", " ")
                     for cell in current[2:] if isinstance(cell, list)])
        return
    for child in current[2:]:
        _table_rows(child, absolute, rows)


def _inline(nodes: list[Node], absolute: Absolute) -> str:
    out: list[str] = []
    for node in nodes:
        if isinstance(node, str):
            out.append(node)
            continue
        tag, props, children = node[0], dict(node[1] or {}), node[2:]
        if props.get("className") == "hash-link" or str(props.get("aria-hidden")) == "true":
            continue
        text = _inline(children, absolute)
        if tag in ("strong", "b"):
            out.append(f"**{text}**" if text.strip() else text)
        elif tag in ("em", "i"):
            out.append(f"*{text}*" if text.strip() else text)
        elif tag in ("del", "s"):
            out.append(f"~~{text}~~")
        elif tag == "code":
            ticks = "``" if "`" in text else "`"
            out.append(f"{ticks}{text}{ticks}")
        elif tag == "a" and props.get("href"):
            href = str(props["href"])
            out.append(f"[{text}]({href if href.startswith('#') else absolute(href)})")
        elif tag == "img":
            out.append(f"![{props.get('alt', '')}]({absolute(str(props.get('src', '')))})")
        elif tag == "br":
            out.append("\n")
        elif tag == "Math":
            out.append(f"$${props.get('tex', '')}$$" if props.get("display") else f"${props.get('tex', '')}$")
        elif tag == "input" and props.get("type") == "checkbox":
            out.append("[x]" if props.get("defaultChecked") or props.get("checked") else "[ ]")
        elif tag in _BLOCKS:
            out.append(_block(node, absolute))
        else:
            out.append(text)
    return "".join(out)


def _text(nodes: list[Node]) -> str:
    return "".join(n if isinstance(n, str) else _text(n[2:]) for n in nodes)
