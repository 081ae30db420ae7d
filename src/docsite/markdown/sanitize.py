"""Raw HTML in Markdown goes through an allowlist: ammonia's (the nh3 binding), with what the docs use.

Each element html.py reads is checked here, its tag against the allowed tags and its attributes
by ammonia itself (nh3.Cleaner): it knows which attributes hold URLs and parses them as browsers
do, so `href="java&#9;script:…"` is refused like `javascript:`. What it would remove is reported
to the writer as an error at its line, never dropped silently: an `<iframe srcdoc>`, a
`<button formaction>`, SVG's `<animate>`, `<base href>` (it would re-target the site's own
scripts), `<meta http-equiv=refresh>`, `<link rel=stylesheet>`.

Inline SVG (drawings: shapes, paths, text, gradients) is checked against an allowlist of its own,
since ammonia reads HTML only: no scripts, animations, `<foreignObject>` or links out: `<use href>`
and a `url(...)` value may only name an element of the page (`fill="url(#fade)"`).

Allowed: ammonia's default tags (text markup, lists, tables, `<details>`/`<summary>`, `<kbd>`,
`<img>`, `<sup>`...) plus Docusaurus's `<Tabs>`/`<TabItem>` and `<input type=checkbox>` (what
task lists are made of); on any of them `id`, `class`,
`title`, `style`, `lang`, `dir`, `tabindex`, `role`, `hidden`, `data-*` and `aria-*`; and the
attributes ammonia allows per tag plus those listed in `_TAG_ATTRIBUTES`. Links and images may
point at http(s), mailto: and tel: addresses or relative ones. Event handlers (`onclick`) are
reported by html.py with a message of their own.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from html import escape
from html.parser import HTMLParser

import nh3

Attributes = list[tuple[str, str | None]]

# `<input type=checkbox>`: task lists (`- [x] done`) are read as one (mdit-py-plugins' tasklists)
ALLOWED_TAGS = frozenset(nh3.ALLOWED_TAGS | {"tfoot", "tabs", "tabitem", "input"})
GENERIC_ATTRIBUTES = frozenset({"id", "class", "classname", "title", "style", "lang", "dir", "tabindex", "role",
                                "hidden"})
GENERIC_PREFIXES = ("data-", "aria-")
_TAG_ATTRIBUTES = {
    "a": {"target", "rel", "name"},
    "img": {"loading", "decoding"},
    "details": {"open"},
    "ol": {"type", "reversed"},
    "ul": {"type"},
    "tabs": {"groupid"},
    "tabitem": {"value", "label", "default"},
    "input": {"checked", "disabled"},
}
_ATTRIBUTE_VALUES = {"input": {"type": {"checkbox"}}}
URL_ATTRIBUTES = frozenset({"href", "src", "cite"})
URL_SCHEMES = frozenset({"http", "https", "mailto", "tel"})
TAG_ATTRIBUTES: dict[str, frozenset[str]] = {
    tag: frozenset(nh3.ALLOWED_ATTRIBUTES.get(tag, set()) | _TAG_ATTRIBUTES.get(tag, set())
                   | set(_ATTRIBUTE_VALUES.get(tag, {})))
    for tag in ALLOWED_TAGS
}

_CLEANER = nh3.Cleaner(
    tags=set(ALLOWED_TAGS),
    attributes={"*": set(GENERIC_ATTRIBUTES), **{tag: set(names - set(_ATTRIBUTE_VALUES.get(tag, {})))
                                                 for tag, names in TAG_ATTRIBUTES.items() if names}},
    tag_attribute_values={tag: {name: set(values) for name, values in allowed.items()}
                          for tag, allowed in _ATTRIBUTE_VALUES.items()},
    generic_attribute_prefixes=set(GENERIC_PREFIXES),
    url_schemes=set(URL_SCHEMES),
    link_rel=None,  # html.py and the front end decide `rel`; ammonia would add its own
)
# The HTML parser drops table parts outside a table: an element is checked where it can stand.
_CONTEXT = {
    "td": "<table><tbody><tr>{}</tr></tbody></table>", "th": "<table><tbody><tr>{}</tr></tbody></table>",
    "tr": "<table><tbody>{}</tbody></table>", "col": "<table><colgroup>{}</colgroup></table>",
    **dict.fromkeys(("thead", "tbody", "tfoot", "caption", "colgroup"), "<table>{}</table>"),
}
_VOID = frozenset({"area", "br", "col", "hr", "img", "wbr"})
_NAME = re.compile(r"^[a-z_][a-z0-9_.:-]*$")
FIX_ELEMENT = ("remove it: Markdown pages take text markup, lists, tables, <details>, <kbd>, <img>, <sup>... "
               "(content/README.md); embeds, forms, scripts and page-level tags belong in the front end")


# The HTML parser reads SVG's names in lower case (html.py restores React's spelling).
SVG_TAGS = frozenset({"svg", "g", "path", "circle", "ellipse", "line", "polyline", "polygon", "rect", "text",
                      "tspan", "defs", "lineargradient", "radialgradient", "stop", "clippath", "mask", "symbol", "use"})
SVG_ATTRIBUTES = frozenset({
    "viewbox", "width", "height", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "dx", "dy",
    "d", "points", "transform", "xmlns", "version", "preserveaspectratio", "focusable", "opacity",
    "fill", "fill-opacity", "fill-rule", "clip-rule", "stroke", "stroke-width", "stroke-opacity",
    "stroke-linecap", "stroke-linejoin", "stroke-dasharray", "stroke-dashoffset", "stroke-miterlimit",
    "offset", "stop-color", "stop-opacity", "gradientunits", "gradienttransform", "spreadmethod", "fx", "fy",
    "clip-path", "clippathunits", "mask", "maskunits", "font-size", "font-family", "font-weight",
    "font-style", "text-anchor", "dominant-baseline", "letter-spacing", "vector-effect", "href", "xlink:href",
})
_FRAGMENT_URL = re.compile(r"\s*url\(\s*['\"]?#[\w.:-]+['\"]?\s*\)\s*")
FIX_SVG = "draw with shapes, paths, text and gradients, or put the SVG in static/ and show it with ![alt](/img/x.svg)"


def element_allowed(tag: str) -> bool:
    return tag in ALLOWED_TAGS or tag in SVG_TAGS


def sanitize(tag: str, attrs: Attributes) -> tuple[Attributes | None, list[tuple[str, str]]]:
    """The attributes of `<tag attrs>` the allowlist keeps (None: the element is refused), and what
    was refused, as (message, fix) pairs. `on*` event handlers are passed through for html.py."""
    if tag in SVG_TAGS:
        return _svg(tag, attrs)
    if tag not in ALLOWED_TAGS:
        return None, [(f"<{tag}> is not allowed in Markdown's HTML", FIX_ELEMENT)]
    checked = tuple((name, value) for name, value in attrs if not name.startswith("on"))
    kept = _kept(tag, checked)
    problems = []
    for name, value in checked:
        if name in kept:
            continue
        if name in URL_ATTRIBUTES and name in TAG_ATTRIBUTES[tag]:
            problems.append((f"{name}={json.dumps(value)} on <{tag}> is not an address a page may use",
                             "link to an http(s), mailto: or tel: address, or to a path on the site"))
        elif name in _ATTRIBUTE_VALUES.get(tag, {}):
            problems.append((f"{name}={json.dumps(value)} is not allowed on <{tag}> in Markdown's HTML",
                             f"write {' or '.join(f'{name}={v}' for v in sorted(_ATTRIBUTE_VALUES[tag][name]))}, "
                             "or remove it"))
        else:
            allowed = sorted(TAG_ATTRIBUTES[tag] | GENERIC_ATTRIBUTES)
            problems.append((f"the attribute '{name}' is not allowed on <{tag}> in Markdown's HTML",
                             f"remove it; <{tag}> takes {', '.join(allowed)}, data-* and aria-*"))
    return [(name, value) for name, value in attrs if name in kept or name.startswith("on")], problems


def _svg(tag: str, attrs: Attributes) -> tuple[Attributes, list[tuple[str, str]]]:
    """An SVG element's attributes: its drawing attributes and the generic ones; `url(...)` only to
    a fragment of the page."""
    kept: Attributes = []
    problems = []
    for name, value in attrs:
        if name.startswith("on"):
            kept.append((name, value))  # html.py reports event handlers
        elif not (name in SVG_ATTRIBUTES or name in GENERIC_ATTRIBUTES or name.startswith(GENERIC_PREFIXES)):
            problems.append((f"the attribute '{name}' is not allowed on SVG's <{tag}> in Markdown", FIX_SVG))
        elif name in ("href", "xlink:href") and not (value or "").startswith("#"):
            problems.append((f"{name}={json.dumps(value)} on SVG's <{tag}>: it may only name an element of the page",
                             'write href="#id"'))
        elif "url(" in (value or "").lower() and not _FRAGMENT_URL.fullmatch(value or ""):
            problems.append((f"{name}={json.dumps(value)} on SVG's <{tag}>: a url() may only name an element "
                             "of the page", 'write url(#id), or a colour'))
        else:
            kept.append((name, value))
    return kept, problems


@lru_cache(maxsize=4096)
def _kept(tag: str, attrs: tuple[tuple[str, str | None], ...]) -> frozenset[str]:
    """The names of the attributes ammonia keeps on `<tag attrs>`."""
    written = "".join(f' {name}="{escape(value or "", quote=True)}"' for name, value in attrs if _NAME.match(name))
    element = f"<{tag}{written}>" + ("" if tag in _VOID else f"</{tag}>")
    cleaned = _CLEANER.clean(_CONTEXT.get(tag, "{}").format(element))
    reader = _FirstElement(tag)
    reader.feed(cleaned)
    reader.close()
    return frozenset(reader.names)


class _FirstElement(HTMLParser):
    """The attribute names of the first `<tag>` in a piece of HTML."""

    def __init__(self, tag: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tag = tag
        self.names: list[str] = []
        self.found = False

    def handle_starttag(self, tag: str, attrs: Attributes) -> None:
        if tag == self.tag and not self.found:
            self.found = True
            self.names = [name for name, _ in attrs]
