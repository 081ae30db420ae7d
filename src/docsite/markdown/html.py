"""Raw HTML inside Markdown (`<details>`, `<kbd>`, `<br>`...) turned into content-tree events.

HTML written in Markdown may span several Markdown blocks (`<details>` ... Markdown ... `</details>`),
so the parser only emits open, close, void and text events to the tree builder, which keeps one
stack for Markdown and HTML alike.

React renders the tree, on the server and in the browser, so the HTML must be what React can
render and what the browser's parser leaves as it is (or hydration finds another page): attribute
names become React's (`class` -> `className`, SVG's `viewbox` -> `viewBox`, `stroke-width` ->
`strokeWidth`), `style` becomes an object, a legacy anchor `<a name="x">` becomes `<a id="x">`, a
`<tr>` written straight in a `<table>` gets the `<tbody>` browsers add, and `<li>`, `<p>`, cells and
rows close the open one as browsers do. What cannot be rendered so (a script, a `<title>` React would
move into the head, an attribute React drops, a JSX `{expression}`, a `javascript:` URL, a block
inside a paragraph, an end tag that closes nothing) is an error at its line with the fix.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any, Protocol
from urllib.parse import urlsplit

from docsite.markdown.sanitize import sanitize

VOID_ELEMENTS = frozenset({"area", "br", "col", "embed", "hr", "img", "input", "param", "source", "track", "wbr"})
FORBIDDEN_ELEMENTS = frozenset({"script", "style"})
_REFUSED_VOID_ELEMENTS = frozenset({"base", "link", "meta", "param", "keygen"})  # void, and not allowed
# Elements of a document's head, or the document itself: React 19 moves <title>, <meta> and <link>
# into the page's head (a <title> in a page would replace its title), and the others cannot sit in a page.
HEAD_ELEMENTS = frozenset({"title", "meta", "link", "base", "html", "head", "body"})
# Elements a browser's parser does not let sit inside a <p>: it closes the paragraph before them.
BLOCK_ELEMENTS = frozenset({"address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset",
                            "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
                            "header", "hgroup", "hr", "main", "menu", "nav", "ol", "p", "pre", "section",
                            "table", "ul", "Details", "Tabs", "TabItem", "CodeBlock", "TableWrapper", "TOCInline"})
# Parts of a table: a browser's parser drops them outside a <table>.
TABLE_PARTS = frozenset({"caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "td", "th"})
# An element that a browser closes when the same kind of element (or a sibling kind) starts: `<li>a<li>b`.
IMPLIED_END = {"li": frozenset({"li"}), "p": frozenset({"p"}), "dt": frozenset({"dt", "dd"}),
               "dd": frozenset({"dt", "dd"}), "td": frozenset({"td", "th"}), "th": frozenset({"td", "th"}),
               "tr": frozenset({"tr", "td", "th"}), "option": frozenset({"option"})}
# Attribute names React renders (others are dropped with a console warning).
_ATTRIBUTE_NAME = re.compile(r"^[A-Za-z_:][A-Za-z0-9_:.-]*$")
_IN_HEAD = "<head>"  # in `refused` between <head> and </head>: what they hold is not read
_JSX_VALUE = re.compile(r"=\s*\{[^}\s]{0,20}")
# SVG attributes in camel case (the HTML parser reads them in lower case): the HTML standard's list.
SVG_ATTRIBUTES = {name.lower(): name for name in (
    "attributeName attributeType baseFrequency baseProfile calcMode clipPathUnits diffuseConstant edgeMode "
    "filterUnits glyphRef gradientTransform gradientUnits kernelMatrix kernelUnitLength keyPoints keySplines "
    "keyTimes lengthAdjust limitingConeAngle markerHeight markerUnits markerWidth maskContentUnits maskUnits "
    "numOctaves pathLength patternContentUnits patternTransform patternUnits pointsAtX pointsAtY pointsAtZ "
    "preserveAlpha preserveAspectRatio primitiveUnits refX refY repeatCount repeatDur requiredExtensions "
    "requiredFeatures specularConstant specularExponent spreadMethod startOffset stdDeviation stitchTiles "
    "surfaceScale systemLanguage tableValues targetX targetY textLength viewBox viewTarget xChannelSelector "
    "yChannelSelector zoomAndPan").split()}
# SVG elements in camel case, the same way: in the browser, React creates <linearGradient>, not <lineargradient>.
SVG_ELEMENTS = {name.lower(): name for name in (
    "altGlyph altGlyphDef altGlyphItem animateColor animateMotion animateTransform clipPath feBlend "
    "feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap "
    "feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge "
    "feMergeNode feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence "
    "foreignObject glyphRef linearGradient radialGradient textPath").split()}
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
    "accept-charset": "acceptCharset", "http-equiv": "httpEquiv",
    # JSX spellings Docusaurus writers bring from MDX (the parser reads them in lower case)
    "classname": "className", "htmlfor": "htmlFor",
}
# HTML elements rendered by a component of the front end: `<details>` opens and closes with an
# animation (and stays a real <details> without JavaScript); Docusaurus's MDX tabs, `<Tabs groupId>`
# and `<TabItem value label default>`, are the site's tabs (the parser reads tag names in lower case).
COMPONENT_ELEMENTS = {"details": "Details", "tabs": "Tabs", "tabitem": "TabItem"}
_MDX_PROPS = {"groupid": "groupId"}
# An <iframe>'s attributes that are kept (as React's props), and those its embed sets itself: its
# size is the column's, its sandbox and lazy loading are always the same (docsite.markdown.tree.embed).
_IFRAME_PROPS = {"allow": "allow", "allowfullscreen": "allowFullScreen", "referrerpolicy": "referrerPolicy"}
_IFRAME_IGNORED = frozenset({"src", "title", "width", "height", "frameborder", "loading", "sandbox"})
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
    def open_tags(self) -> list[str]: ...
    def close_implied(self, tags: frozenset[str]) -> None: ...
    def problem(self, message: str, fix: str, severity: str = "error", lines_below: int = 0) -> None: ...
    def mdx_element(self, name: str, attrs: list[tuple[str, str | None]], lines_below: int) -> bool: ...
    def embed(self, props: dict[str, Any], lines_below: int) -> None: ...
    def admonition(self, props: dict[str, str | None], lines_below: int) -> None: ...
    def close_admonition(self) -> bool: ...
    def code_block(self, props: dict[str, str | None], children: str, lines_below: int) -> None: ...


class HtmlToTree(HTMLParser):
    """One for a page (the tree builder feeds it each piece of raw HTML): it knows what was refused."""

    def __init__(self, sink: TreeSink) -> None:
        super().__init__(convert_charrefs=True)
        self.sink = sink
        self.refused: set[str] = set()  # elements refused on this page: their end tags are not reported again
        # refused elements still open: what is inside one is not reported again
        self.open_refused: list[str] = []
        self.placed: set[str] = set()  # elements placed whole at their start tag (a partial, an iframe)
        # an MDX <CodeBlock> being read: its props, its line (below the block's first) and its text so far
        self.code_block: tuple[dict[str, str | None], int, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.code_block is not None:  # JSX in a <CodeBlock>'s code is its text
            self.code_block[2].append(self.get_starttag_text() or "")
            return
        if _IN_HEAD in self.refused:
            return  # reported with the <head>
        if tag == "head":
            self.refused.update({tag, _IN_HEAD})
            self._problem("<head> in a page (Docusaurus's way to set its metadata) is not read here",
                              "set title, description, keywords and image in the front matter")
            return
        if tag in FORBIDDEN_ELEMENTS or tag in HEAD_ELEMENTS:
            self.refused.add(tag)
            fix = ("move scripts and styles into the front end (frontend/src), or use a component directive"
                   if tag in FORBIDDEN_ELEMENTS else
                   "remove it: the page's title and description come from its front matter, the head from site.yaml")
            self._problem(f"<{tag}> is not allowed in Markdown", fix)
            return
        written = (self.get_starttag_text() or "<")[1:].split(None, 1)[0].rstrip("/>")
        if written == "Admonition":
            self.sink.admonition(dict(attrs), self.getpos()[0] - 1)
            return
        if written == "CodeBlock":
            self.code_block = (dict(attrs), self.getpos()[0] - 1, [])
            return
        if written[:1].isupper() and tag not in COMPONENT_ELEMENTS:  # a partial, <TOCInline>, or other MDX
            placed = self.sink.mdx_element(written, attrs, self.getpos()[0] - 1)
            (self.placed if placed else self.refused).add(tag)
            return
        if tag in IMPLIED_END:
            self.sink.close_implied(IMPLIED_END[tag])
        if tag == "tr" and self.sink.current_tag() == "table":
            self.sink.open("tbody", None)  # as the browser's parser does: React's tree must match it
        if tag in TABLE_PARTS and "table" not in self.sink.open_tags():
            self.refused.add(tag)
            self._problem(f"<{tag}> outside a <table>: browsers drop it", f"put the <{tag}> inside a <table>")
            return
        jsx = _JSX_VALUE.search(self.get_starttag_text() or "")
        if jsx:
            self._problem(f"<{written}> has a JSX expression ({jsx.group(0)}…), "
                              "which Markdown here does not evaluate",
                              'write attribute values as strings: style="color: red; margin-top: 4px", '
                              'className="name"')
            attrs = [(name, value) for name, value in attrs
                     if _ATTRIBUTE_NAME.match(name) and not (value or "").lstrip().startswith("{")]
        if tag == "iframe":
            self._iframe(attrs)
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
            self.sink.open(_element(tag), props)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.code_block is not None:
            if tag == "codeblock":
                props, line, text = self.code_block
                self.code_block = None
                self.sink.code_block(props, "".join(text), line)
            else:
                self.code_block[2].append(f"</{tag}>")
            return
        if tag == "admonition" and self.sink.close_admonition():
            return
        if _IN_HEAD in self.refused:
            if tag == "head":
                self.refused.discard(_IN_HEAD)
            return
        if tag in self.placed:
            return  # its element was complete at its start tag: the end tag closes nothing
        if tag in self.open_refused:
            del self.open_refused[len(self.open_refused) - 1 - self.open_refused[::-1].index(tag):]
        if tag in VOID_ELEMENTS:
            return
        if _element(tag) not in self.sink.open_tags():
            if tag in self.refused:
                return  # reported with its start tag
            self._problem(f"</{tag}> closes no open <{tag}>", f"remove it, or add the <{tag}> it closes "
                              "(an element opened in an earlier paragraph or list item ends with it)")
            return
        self.sink.close_tag(_element(tag))

    def handle_data(self, data: str) -> None:
        if self.code_block is not None:
            self.code_block[2].append(data)
            return
        if _IN_HEAD in self.refused:
            return
        if data.strip() or self.sink.current_tag() not in _WHITESPACE_FREE:
            self.sink.text(data)

    def _iframe(self, attrs: list[tuple[str, str | None]]) -> None:
        """An embed (a video player): an https address, a title (the host's name when it has none),
        what it may do (`allow`, `allowfullscreen`, `referrerpolicy`); its size is the column's."""
        values = dict(attrs)
        src = (values.get("src") or "").strip()
        host = urlsplit(src).hostname if src.lower().startswith("https://") else None
        if not host:
            self.refused.add("iframe")
            if "srcdoc" in values and not src:
                self._problem("<iframe srcdoc>: an embed shows a page of an allowed host, not HTML written here",
                              "write that HTML in the page itself, or embed a page by its https:// address (src)")
            else:
                self._problem(f"<iframe src=\"{src}\">: an embed needs an https:// address",
                              'write its address in full: src="https://www.youtube-nocookie.com/embed/…"')
            return
        props: dict[str, Any] = {"src": src, "title": values.get("title") or f"Embedded content from {host}"}
        for name, value in attrs:
            if name in _IFRAME_PROPS:
                props[_IFRAME_PROPS[name]] = True if name == "allowfullscreen" else value or ""
            elif name not in _IFRAME_IGNORED:
                self._problem(f"attribute '{name}' on an <iframe> is not kept",
                              "remove it: an embed takes src, title, allow, allowfullscreen and referrerpolicy "
                              "(it is as wide as the column, at 16:9, and always sandboxed)")
        self.sink.embed(props, self.getpos()[0] - 1)
        self.placed.add("iframe")

    def _allowed(self, tag: str, attrs: list[tuple[str, str | None]]) -> list[tuple[str, str | None]] | None:
        """The attributes the allowlist keeps (None: not the element); what it refuses is an error
        at its line (sanitize.py), unless it is inside an element already refused."""
        kept, refused = sanitize(tag, attrs)
        for message, fix in refused if not self.open_refused else []:
            self._problem(message, fix)
        if kept is None:
            self.refused.add(tag)
            if tag not in VOID_ELEMENTS | _REFUSED_VOID_ELEMENTS:
                self.open_refused.append(tag)
        return kept

    def _props(self, tag: str, attrs: list[tuple[str, str | None]]) -> dict[str, Any] | None:
        props: dict[str, Any] = {}
        svg = tag == "svg" or "svg" in self.sink.open_tags()
        for name, value in attrs:
            if not self._attribute_ok(tag, name, value):
                continue
            if name == "style":
                props["style"] = self._style(tag, value or "")
            elif name in BOOLEAN_ATTRIBUTES:
                props[REACT_PROPS.get(name, name)] = True
            elif name == "value" and tag in ("input", "textarea", "select"):
                props["defaultValue"] = value or ""
            elif svg:
                props[_svg_prop(name)] = value if value is not None else ""
            else:
                props[REACT_PROPS.get(name, name)] = value if value is not None else ""
        if tag == "a" and "name" in props and "id" not in props:
            props["id"] = props.pop("name")  # a legacy anchor: <a name="old"> is the target of #old
        return props or None

    def _attribute_ok(self, tag: str, name: str, value: str | None) -> bool:
        """Event handlers (the allowlist, sanitize.py, leaves them to this message of their own), and
        the ids the site keeps for itself: an element with the id of the page's data would replace it."""
        if name.startswith("on"):
            self._problem(f"event handler attribute '{name}' on <{tag}> is not allowed in Markdown",
                          "remove it; interactive parts belong in a React component")
            return False
        if name in ("id", "name") and (value or "").startswith("__"):
            self._problem(f'{name}="{value}" on <{tag}>: ids that start with "__" are the site\'s own '
                          "(the page's root and its data)", "choose an id that does not start with two underscores")
            return False
        return True

    def _problem(self, message: str, fix: str) -> None:
        """A problem at the line of the piece of HTML being read."""
        self.sink.problem(message, fix, lines_below=self.getpos()[0] - 1)

    def _style(self, tag: str, css: str) -> dict[str, str]:
        style = style_object(css)
        for declaration in _declarations(css):
            if ":" not in declaration:
                self._problem(f"cannot read '{declaration.strip()}' in the style of <{tag}>",
                                  'write declarations as "name: value", separated by ";"')
        if any("!important" in value for value in style.values()):
            self._problem(f"'!important' in the style of <{tag}>: browsers ignore the declaration when "
                              "React sets it", "remove '!important'")
        return style


def _element(tag: str) -> str:
    """The element the tree holds for a tag the parser read (in lower case)."""
    return COMPONENT_ELEMENTS.get(tag) or SVG_ELEMENTS.get(tag) or tag


def _svg_prop(name: str) -> str:
    """SVG's attribute names as React spells them: `viewbox` -> `viewBox`, `stroke-width` ->
    `strokeWidth`, `xlink:href` -> `xlinkHref` (aria-* and data-* stay as written)."""
    if name in SVG_ATTRIBUTES:
        return SVG_ATTRIBUTES[name]
    if name.startswith(("aria-", "data-")):
        return name
    head, *rest = re.split(r"[-:]", name)
    return head + "".join(word.capitalize() for word in rest)


def _declarations(css: str) -> list[str]:
    """`a: b; c: url(x;y)` -> ["a: b", " c: url(x;y)"]: semicolons inside brackets or quotes stay."""
    out: list[str] = []
    current, depth, quote = "", 0, ""
    for char in css:
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char == ";" and depth == 0:
            if current.strip():
                out.append(current)
            current = ""
            continue
        current += char
    if current.strip():
        out.append(current)
    return out


def style_object(css: str) -> dict[str, str]:
    """`text-align: right; margin-top:0` -> {"textAlign": "right", "marginTop": "0"}."""
    out: dict[str, str] = {}
    for declaration in _declarations(css):
        if ":" not in declaration:
            continue
        name, value = (part.strip() for part in declaration.split(":", 1))
        if name.startswith("--"):
            out[name] = value
        else:
            head, *rest = name.split("-")
            out[head + "".join(word.capitalize() for word in rest)] = value
    return out
