"""Raw HTML inside Markdown (`<details>`, `<kbd>`, `<br>`...) turned into content-tree events.

HTML written in Markdown may span several Markdown blocks (`<details>` ... Markdown ... `</details>`),
so the parser only emits open, close, void and text events to the tree builder, which keeps one
stack for Markdown and HTML alike.
"""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any, Protocol

from docsite.markdown.sanitize import element_allowed, sanitize

VOID_ELEMENTS = frozenset({"area", "br", "col", "embed", "hr", "img", "input", "source", "track", "wbr"})
FORBIDDEN_ELEMENTS = frozenset({"script", "style"})
_REFUSED_VOID_ELEMENTS = frozenset({"base", "link", "meta", "param", "keygen"})  # void, and not allowed
BOOLEAN_ATTRIBUTES = frozenset({"disabled", "checked", "open", "hidden", "allowfullscreen", "async",
                                "defer", "required", "selected", "readonly", "multiple", "autoplay",
                                "controls", "loop", "muted", "playsinline", "reversed"})
# HTML attribute -> React prop, for the attributes whose names differ.
REACT_PROPS = {
    "class": "className", "for": "htmlFor", "tabindex": "tabIndex", "colspan": "colSpan",
    "rowspan": "rowSpan", "readonly": "readOnly", "maxlength": "maxLength", "srcset": "srcSet",
    "crossorigin": "crossOrigin", "referrerpolicy": "referrerPolicy", "allowfullscreen": "allowFullScreen",
    "frameborder": "frameBorder", "checked": "defaultChecked", "autoplay": "autoPlay",
    "playsinline": "playsInline", "datetime": "dateTime", "accesskey": "accessKey",
    "contenteditable": "contentEditable", "spellcheck": "spellCheck", "usemap": "useMap",
    "cellpadding": "cellPadding", "cellspacing": "cellSpacing", "enterkeyhint": "enterKeyHint",
}
# HTML elements rendered by a component of the front end: `<details>` opens and closes with an
# animation (and stays a real <details> without JavaScript); Docusaurus's MDX tabs, `<Tabs groupId>`
# and `<TabItem value label default>`, are the site's tabs (the parser reads tag names in lower case).
COMPONENT_ELEMENTS = {"details": "Details", "tabs": "Tabs", "tabitem": "TabItem"}
_MDX_PROPS = {"groupid": "groupId"}
# Elements in which whitespace-only text is dropped (React rejects it in tables, and it is
# never meaningful between blocks).
_WHITESPACE_FREE = frozenset({"#root", "table", "thead", "tbody", "tfoot", "tr", "colgroup", "ul", "ol",
                              "dl", "details", "Details", "div", "section", "blockquote", "figure", "picture",
                              "video", "audio", "select"})


class TreeSink(Protocol):
    def open(self, tag: str, props: dict[str, Any] | None) -> None: ...
    def close_tag(self, tag: str) -> None: ...
    def void(self, tag: str, props: dict[str, Any] | None) -> None: ...
    def text(self, text: str) -> None: ...
    def current_tag(self) -> str: ...
    def problem(self, message: str, fix: str, severity: str = "error", lines_below: int = 0) -> None: ...


class HtmlToTree(HTMLParser):
    def __init__(self, sink: TreeSink) -> None:
        super().__init__(convert_charrefs=True)
        self.sink = sink
        # refused elements open around the parser (across feeds: the tree builder keeps one parser
        # per page): what is inside one is not reported again
        self.refused: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in FORBIDDEN_ELEMENTS:
            self.sink.problem(f"<{tag}> is not allowed in Markdown",
                              "move scripts and styles into the front end (frontend/src), or use a component directive")
            return
        written = (self.get_starttag_text() or "<")[1:].split(None, 1)[0].rstrip("/>")
        if written[:1].isupper() and tag not in COMPONENT_ELEMENTS:
            self.sink.problem(f"<{written}> is an MDX component, which Markdown here does not read",
                              "place a registered component with a directive such as "
                              '::OperationCard{operationId="getCart"}; tabs are <Tabs>/<TabItem> or ::::tabs')
            return
        allowed = self._allowed(tag, attrs)
        if allowed is None:
            return
        attrs = allowed
        if tag in ("tabs", "tabitem"):
            self.sink.open(COMPONENT_ELEMENTS[tag], {_MDX_PROPS.get(k, k): True if v is None else v for k, v in attrs})
            return
        props = self._props(tag, attrs)
        if tag in VOID_ELEMENTS:
            self.sink.void(tag, props)
        else:
            self.sink.open(COMPONENT_ELEMENTS.get(tag, tag), props)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID_ELEMENTS:
            self.handle_starttag(tag, attrs)
        else:
            self.handle_starttag(tag, attrs)
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.refused:
            del self.refused[len(self.refused) - 1 - self.refused[::-1].index(tag):]
        if tag not in VOID_ELEMENTS and tag not in FORBIDDEN_ELEMENTS and element_allowed(tag):
            self.sink.close_tag(COMPONENT_ELEMENTS.get(tag, tag))

    def handle_data(self, data: str) -> None:
        if data.strip() or self.sink.current_tag() not in _WHITESPACE_FREE:
            self.sink.text(data)

    def _allowed(self, tag: str, attrs: list[tuple[str, str | None]]) -> list[tuple[str, str | None]] | None:
        """The attributes the allowlist keeps (None: not the element); what it refuses is an error
        at its line (sanitize.py)."""
        kept, refused = sanitize(tag, attrs)
        for message, fix in refused if not self.refused else []:
            self.sink.problem(message, fix, lines_below=self.getpos()[0] - 1)
        if kept is None and tag not in VOID_ELEMENTS | _REFUSED_VOID_ELEMENTS:
            self.refused.append(tag)
        return kept

    def _props(self, tag: str, attrs: list[tuple[str, str | None]]) -> dict[str, Any] | None:
        props: dict[str, Any] = {}
        for name, value in attrs:
            if name.startswith("on"):
                self.sink.problem(f"event handler attribute '{name}' on <{tag}> is not allowed in Markdown",
                                  "remove it; interactive parts belong in a React component")
                continue
            if name == "style":
                props["style"] = style_object(value or "")
            elif name in BOOLEAN_ATTRIBUTES:
                props[REACT_PROPS.get(name, name)] = True
            elif name == "value" and tag in ("input", "textarea", "select"):
                props["defaultValue"] = value or ""
            else:
                props[REACT_PROPS.get(name, name)] = value if value is not None else ""
        return props or None


def style_object(css: str) -> dict[str, str]:
    """`text-align: right; margin-top:0` -> {"textAlign": "right", "marginTop": "0"}."""
    out: dict[str, str] = {}
    for declaration in css.split(";"):
        if ":" not in declaration:
            continue
        name, value = (part.strip() for part in declaration.split(":", 1))
        if name.startswith("--"):
            out[name] = value
        else:
            head, *rest = name.split("-")
            out[head + "".join(word.capitalize() for word in rest)] = value
    return out
