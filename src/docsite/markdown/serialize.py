"""Content tree -> HTML, for readers that get no React: the blog's RSS and Atom feeds.

Components become the plain HTML they stand for: a code block is a `<pre><code>`, a diagram its
Mermaid source, tabs are each tab's label followed by its content, `Details` is `<details>`,
`TableWrapper` is its table. Links
and images get absolute URLs (a feed is read away from the site). Heading anchors (`#` links) are
left out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from typing import Any

from docsite.markdown.html import BOOLEAN_ATTRIBUTES, REACT_PROPS, VOID_ELEMENTS
from docsite.markdown.text import Node

_HTML_ATTRIBUTES = {react: html for html, react in REACT_PROPS.items()} | {"defaultChecked": "checked",
                                                                          "defaultValue": "value"}
_TAGS = re.compile(r"<[^>]+>")


def to_html(nodes: list[Node], absolute: Callable[[str], str]) -> str:
    """HTML for `nodes`; `absolute` turns a site path (`/docs/x`, `/img/a.png`) into a full URL."""
    out: list[str] = []
    for node in nodes:
        _node(node, absolute, out)
    return "".join(out)


def _node(node: Node, absolute: Callable[[str], str], out: list[str]) -> None:
    if isinstance(node, str):
        out.append(escape(node, quote=False))
        return
    tag, props, children = node[0], dict(node[1] or {}), node[2:]
    if props.get("className") == "hash-link":
        return
    if tag == "CodeBlock":
        code = _TAGS.sub("", str(props.get("html", "")))  # already escaped by the highlighter
        title = f"<p><strong>{escape(str(props['title']))}</strong></p>" if props.get("title") else ""
        out.append(f'{title}<pre><code class="language-{escape(str(props.get("language", "text")))}">'
                   f"{code}</code></pre>")
        return
    if tag == "Tabs":
        for child in children:
            if isinstance(child, list) and child[0] == "TabItem":
                out.append(f"<p><strong>{escape(str((child[1] or {}).get('label', '')))}</strong></p>")
                for grandchild in child[2:]:
                    _node(grandchild, absolute, out)
        return
    if tag == "Diagram":  # feed readers strip SVG styles: they get the Mermaid source
        title = f"<p><strong>{escape(str(props['title']))}</strong></p>" if props.get("title") else ""
        out.append(f'{title}<pre><code class="language-mermaid">{escape(str(props.get("source", "")))}</code></pre>')
        return
    if tag == "Math":  # MathML, made at build time
        out.append(str(props.get("mathml", "")))
        return
    if tag == "TableWrapper":  # the scroll box: a feed reader gets the table
        for child in children:
            _node(child, absolute, out)
        return
    if tag == "Details":
        tag = "details"
    elif tag[:1].isupper():  # another component: a link to what it shows, if it has one
        if props.get("href"):
            label = props.get("summary") or props.get("label") or props["href"]
            out.append(f'<p><a href="{escape(absolute(str(props["href"])))}">{escape(str(label))}</a></p>')
        return
    for attr in ("href", "src"):
        if isinstance(props.get(attr), str):
            props[attr] = absolute(props[attr])
    out.append(f"<{tag}{_attributes(props)}>")
    if tag in VOID_ELEMENTS:
        return
    for child in children:
        _node(child, absolute, out)
    out.append(f"</{tag}>")


def _attributes(props: dict[str, Any]) -> str:
    parts = []
    for name, value in props.items():
        html_name = _HTML_ATTRIBUTES.get(name, "class" if name == "className" else name)
        if name == "style" and isinstance(value, dict):
            value = "; ".join(f"{_css_name(k)}: {v}" for k, v in value.items())
        if value is True or (html_name in BOOLEAN_ATTRIBUTES and value):
            parts.append(f" {html_name}")
        elif value is not False and value is not None:
            parts.append(f' {html_name}="{escape(str(value))}"')
    return "".join(parts)


def _css_name(name: str) -> str:
    return name if name.startswith("--") else re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), name)
