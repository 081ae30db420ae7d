"""markdown-it tokens -> the content tree that React renders.

A node is a string (text) or a list `[tag, props | None, *children]`. Lower-case tags are HTML
elements with React prop names (`className`, `htmlFor`); capitalised tags are components the front
end registers (`CodeBlock`, `Tabs`, `TabItem`, `OperationCard`...). Why a tree and not an HTML
string: components can sit anywhere (a code block with its copy button inside a numbered step, tabs
inside an admonition), React owns the whole DOM so hydration is exact, and no wrapper elements are
needed around HTML fragments.

While building the tree we record what later stages need: headings (anchors, TOC), links and images
(checked and rewritten once every route is known), components (checked against the registry) and
the `<!-- truncate -->` marker (blog excerpts).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markdown_it.token import Token

from docsite.errors import BuildError, Problem
from docsite.markdown.code_meta import read_meta, split_info
from docsite.markdown.highlight import highlight_lines, known_language
from docsite.markdown.html import BLOCK_ELEMENTS, HtmlToTree
from docsite.markdown.math import MathError, tex_to_mathml
from docsite.markdown.mdx import ESM_LINE, PROP, SITE_PREFIX, outside, partial_path, read_partial, statements
from docsite.markdown.parser import ADMONITIONS, markdown_parser, parse_attributes
from docsite.markdown.text import Node, Slugger, plain_text, walk

DIAGRAM_LANGUAGE = "mermaid"  # a fence of this language is a diagram (docsite.diagrams draws it)
TRUNCATE = re.compile(r"^\s*<!--\s*truncate\s*-->\s*$")
_CUSTOM_ID = re.compile(r"\s*\{#([\w.:-]+)\}\s*$")
_CONTAINER_LINE = re.compile(r"^(:{3,})\s*([A-Za-z][\w-]*)")
_CLOSING_LINE = re.compile(r"^\s*:{3,}\s*$")
_MAGIC_COMMENT = re.compile(r"^\s*(?://|#|<!--)\s*highlight-(next-line|start|end)\s*(?:-->)?\s*$")
# A tag Markdown did not read as HTML because of a JSX value (`<Highlight color={red}>`): it is text.
_JSX_TAG = re.compile(r"<([A-Za-z][\w.-]*)\s[^<>]*?=\s*(\{[^}\s]{0,20})")
_MDX_COMMENT = re.compile(r"\{/\*.*?\*/\}", re.S)
# A paragraph holding one block component of Docusaurus's, which MDX renders as that block
_LONE_BLOCK_COMPONENT = re.compile(r"^\s*<(CodeBlock|Admonition)\b[\s\S]*</\1>\s*$")
_ESM = "mdx_esm"  # the type given to the tokens of a paragraph of MDX import or export lines
# what a Docusaurus writer can use instead of MDX this site does not run
_MDX_FIX = ("write it as Markdown; for text several pages share, use a partial (import Note from "
            "'./_note.md'; then <Note />); the components read here are <Tabs>/<TabItem>, <details>, "
            "<Admonition>, <CodeBlock>, <TOCInline toc={toc} />, an <iframe> from a host in site.yaml's "
            "embeds.hosts, and this site's directives ::OperationCard and ::WidgetSimulator (content/README.md, "
            "Coming from Docusaurus)")
# an embed's sandbox: its scripts run (a video player needs them) in its own origin, never the site's
EMBED_SANDBOX = "allow-scripts allow-same-origin allow-presentation"
_EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//", re.IGNORECASE)
# `![Diagram](/img/flow.png#gh-light-mode-only)![Diagram](/img/flow-dark.png#gh-dark-mode-only)`:
# GitHub's convention for an image per colour mode; the other mode's image is hidden.
THEMED_IMAGES = {"#gh-light-mode-only": "light-only", "#gh-dark-mode-only": "dark-only"}
# How deep the content tree may go. Markdown alone stays far below it (50 levels of lists, inline
# markup 100 deep); raw HTML could nest without end, and every later stage (plain text, feeds,
# Markdown for llms, JSON, the front end's renderer) walks the tree recursively.
MAX_TREE_DEPTH = 256


@dataclass
class Heading:
    id: str
    level: int
    text: str
    value: list[Node]
    line: int


@dataclass
class Reference:
    """A link or image target found in the page, as written. `props` is the element's props: the
    resolve stage sets `props[attr]` (a `.md` link becomes its route: docsite.link_targets)."""

    target: str
    line: int
    props: dict[str, Any]
    attr: str = "href"


@dataclass
class ComponentUse:
    name: str
    props: dict[str, Any]
    line: int


@dataclass
class EmbedUse:
    """An `<iframe>` of a page: its address, and where it is written (a partial's file for one in a
    partial). Its host must be one `site.yaml`'s `embeds.hosts` allows (docsite.stages.check)."""

    src: str
    file: Path
    line: int


@dataclass
class DiagramUse:
    """A mermaid block of a page: its source, the line of its first source line, and the props of
    its `Diagram` node, which docsite.diagrams.render_diagrams fills in (`light`, `dark`: the SVG files' paths;
    `width`, `height`, `minWidth`)."""

    source: str
    line: int
    props: dict[str, Any]


@dataclass
class CodeSpan:
    """Code in the page (inline or a block), the line it starts on and, for a block, its language:
    the API checks read it (docsite.checks.api_calls, docsite.checks.json_bodies)."""

    line: int
    text: str
    block: bool
    language: str = ""
    skip_check: bool = False  # `skip-check` in its meta: the JSON-body check leaves it alone
    webhook: str | None = None  # `webhook="order.purchased"` in its meta: the JSON is that webhook's payload


@dataclass
class Rendered:
    tree: list[Node]
    headings: list[Heading] = field(default_factory=list)
    links: list[Reference] = field(default_factory=list)
    images: list[Reference] = field(default_factory=list)
    components: list[ComponentUse] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    anchors: set[str] = field(default_factory=set)  # every element id: targets for #anchor links
    code: list[CodeSpan] = field(default_factory=list)
    diagrams: list[DiagramUse] = field(default_factory=list)  # their SVGs are rendered for the whole site at once
    embeds: list[EmbedUse] = field(default_factory=list)
    partials: list[Path] = field(default_factory=list)  # the partials the page includes, at any depth
    excerpt_end: int | None = None  # top-level index of the `<!-- truncate -->` marker
    title: str | None = None  # the leading `# Heading`'s text (docsite.markdown.render_markdown)
    # the result cache's key of the Markdown file it was rendered from (its path and bytes:
    # docsite.content.load_markdown); "" when it was not loaded from a file
    source: str = ""

    @property
    def excerpt(self) -> list[Node] | None:
        return self.tree[: self.excerpt_end] if self.excerpt_end is not None else None

    def identity(self) -> tuple[object, ...] | None:
        """What the page is as it stands, without its tree: the key of the Markdown it was rendered
        from (`source`: the file's path and bytes, and the builder's version) and every prop the
        resolve stage sets in the tree (links' and images' targets and sizes: docsite.link_targets;
        components' props: operation cards; diagrams' drawings). Those are the only changes made to
        a loaded tree, so two pages with equal identities have equal trees, headings and the rest,
        and results derived from a page are kept by its identity (docsite.cache.Derived) instead of
        a pickle of its tree: at 10,000 pages, 0.05 s against 1 s. None when it was not loaded from
        a file (the callers key such a page by its tree)."""
        if not self.source:
            return None
        return (self.source, [ref.props for ref in self.links], [ref.props for ref in self.images],
                [use.props for use in self.components], [use.props for use in self.diagrams])


class TreeBuilder:
    """Turns one page's tokens into a `Rendered`."""

    def __init__(self, file: Path, first_line: int, lines: list[str] | None = None, *,
                 site_root: Path | None = None) -> None:
        self.file = file  # the file being read: the page, or a partial it includes
        self.first_line = first_line
        self.lines = lines or []  # the source, to tell a container closed by its marker from one the page ended
        self.root: list[Any] = ["#root", None]
        self.stack: list[list[Any]] = [self.root]
        self.blocks: list[list[Any]] = []  # elements opened by Markdown block tokens
        self.slugger = Slugger()
        self.out = Rendered(tree=[])
        self.line = first_line
        self.table_labels: dict[str, int] = {}
        self.too_deep = False
        self.html = HtmlToTree(self)  # one for the page: it knows the elements it refused
        self.site_root = site_root  # the content folder, which a partial's `@site/` import names
        self.files = [file]  # the page, then the partials being included, outermost first
        # the partials the file being read imports, by name (None: the file is missing, reported at the import)
        self.partials: dict[str, Path | None] = {}
        self.include_line: int | None = None  # the page's line that includes the partial being read
        self.unread: dict[Path, list[tuple[int, str]]] = {}  # MDX this site does not run, by file
        self.toc_inline: list[list[Any]] = []  # <TOCInline> nodes, filled in once the headings are known

    # -- the tree -------------------------------------------------------------------------------

    def open(self, tag: str, props: dict[str, Any] | None) -> None:
        self._nesting(tag)
        self._anchors(tag, props)
        element: list[Any] = [tag, props]
        if len(self.stack) <= MAX_TREE_DEPTH:
            self.stack[-1].append(element)
        elif not self.too_deep:  # reported once, and kept out of the tree
            self.too_deep = True
            self.problem(f"elements nest more than {MAX_TREE_DEPTH} levels deep here (raw HTML that opens "
                         "elements it does not close?)", "close the HTML elements you open, and nest fewer")
        self.stack.append(element)

    def append(self, node: list[Any]) -> None:
        self._nesting(node[0])
        self._anchors(node[0], node[1])
        self.stack[-1].append(node)

    def _nesting(self, tag: str) -> None:
        """A block inside a paragraph (raw HTML's `<p>`, or a `<div>` in a line of text): the browser
        ends the paragraph before the block, so the page would not be the tree React hydrates."""
        if tag in BLOCK_ELEMENTS and "p" in self.open_tags():
            self.problem(f"<{tag}> inside a paragraph: browsers end the paragraph before it, so the page "
                         "would not match what React renders",
                         "start it on a line of its own after a blank line; around Markdown, use <div> "
                         "rather than <p>")

    def _anchors(self, tag: str, props: dict[str, Any] | None) -> None:
        """Record the targets an element gives `#anchor` links: its id (and an <a>'s name)."""
        if props:
            self.out.anchors.update(str(props[key]) for key in ("id", "name") if key in props
                                    and (key == "id" or tag == "a"))

    def void(self, tag: str, props: dict[str, Any] | None) -> None:
        self._nesting(tag)
        self._anchors(tag, props)
        if tag == "img" and props and "src" in props:
            props = _image_props(props)
            self.out.images.append(Reference(props["src"], self.at(), props, "src"))
        self.stack[-1].append([tag, props])

    def text(self, text: str) -> None:
        parent = self.stack[-1]
        if len(parent) > 2 and isinstance(parent[-1], str):
            parent[-1] += text
        else:
            parent.append(text)

    def close_tag(self, tag: str) -> None:
        """Close the innermost open element named `tag` (raw HTML end tags)."""
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth][0] == tag:
                element = self.stack[depth]
                del self.stack[depth:]
                if tag == "TabItem":  # MDX: <TabItem value="curl" label="cURL" default>
                    props = element[1] or {}
                    label = str(props.get("label") or props.get("value") or "Tab")
                    element[1] = {"value": str(props.get("value") or _tab_value(label)), "label": label,
                                  **({"default": True} if props.get("default") else {})}
                elif tag == "Tabs":
                    self._finish_tabs(element)
                return

    def close_element(self, element: list[Any]) -> None:
        """Close `element` and anything raw HTML left open inside it."""
        while len(self.stack) > 1:
            if self.stack.pop() is element:
                return

    def current_tag(self) -> str:
        return str(self.stack[-1][0])

    def open_tags(self) -> list[str]:
        return [str(element[0]) for element in self.stack[1:]]

    def close_implied(self, tags: frozenset[str]) -> None:
        """Close the open raw HTML element a new one ends (`<li>a<li>b`), as browsers do; never a
        Markdown block."""
        while len(self.stack) > 1 and self.stack[-1][0] in tags and not any(
                self.stack[-1] is block for block in self.blocks):
            self.stack.pop()

    def problem(self, message: str, fix: str, severity: str = "error", lines_below: int = 0) -> None:
        """A problem at the current line, or `lines_below` it (in a block of raw HTML)."""
        self.out.problems.append(Problem(message, self.file, self.line + lines_below, fix,
                                         "warning" if severity == "warning" else "error"))

    # -- tokens ---------------------------------------------------------------------------------

    def build(self, tokens: list[Token]) -> Rendered:
        self._tokens(tokens)
        self._fill_toc_inline()
        self._report_unread()
        self.out.tree = self.root[2:]
        return self.out

    def _tokens(self, tokens: list[Token]) -> None:
        """The tokens of the file being read (the page's, or a partial's) into the tree."""
        self._esm(tokens)
        for index, token in enumerate(tokens):
            if token.map:
                self.line = self.first_line + token.map[0]
            self._block(token, tokens, index)

    def at(self, below: int = 0) -> int:
        """The page's line for what later stages check (links, code, headings): the current line
        (`below` lines under it), or in a partial the page's line that includes it."""
        return self.include_line if self.include_line is not None else self.line + below

    def _block(self, token: Token, tokens: list[Token], index: int) -> None:
        kind = token.type
        if kind == "inline":
            container = _CONTAINER_LINE.match(token.content)
            if container and index > 0 and tokens[index - 1].type == "paragraph_open":
                self.problem(f"unknown container '{container.group(1)}{container.group(2)}': it shows as text",
                             f"use one of: {', '.join(f':::{n}' for n in (*ADMONITIONS, 'tabs'))}")
            for comment in _MDX_COMMENT.finditer(token.content):
                line, self.line = self.line, self.line + token.content.count("\n", 0, comment.start())
                self.problem(f"an MDX comment, {comment.group(0)[:40]}: pages here are Markdown, it would show as text",
                             "write an HTML comment, <!-- like this --> (<!-- truncate --> for a blog excerpt)")
                self.line = line
            children = token.children or []
            jsx_tags = [match for child in children if child.type == "text"
                        for match in _JSX_TAG.finditer(child.content)]
            before, start = len(self.out.problems), self.line
            self._inline(children)
            if jsx_tags:  # what follows in the paragraph went wrong because of it: one error
                del self.out.problems[before:]
                for match in jsx_tags:
                    name = match.group(1).lower()  # its end tag is not reported again, nor its tab items'
                    self.html.refused.update({name, "tabitem"} if name == "tabs" else {name})
                    self.line = start + token.content.count("\n", 0, token.content.find(match.group(0)))
                    self.problem(f"<{match.group(1)}> has a JSX expression ({match.group(2)}…): Markdown does "
                                 "not read the tag, it would show as text",
                                 'write attribute values as quoted strings (style="color: red"); Docusaurus\'s '
                                 "<Tabs values={[...]}> is <Tabs> with a <TabItem value label> per tab")
        elif kind == "heading_open":
            self._heading_open(token, tokens[index + 1])
        elif kind == "heading_close":
            self._heading_close()
        elif (kind in ("paragraph_open", "paragraph_close") and token.hidden) or kind == _ESM:
            return
        elif kind == "paragraph_open" and _LONE_BLOCK_COMPONENT.match(tokens[index + 1].content):
            # a paragraph of one <CodeBlock> or <Admonition> is that block, as in MDX
            tokens[index + 1].type = tokens[index + 2].type = _ESM
            self._html_block(tokens[index + 1].content)
        elif kind in ("fence", "code_block"):
            self._code(token)
        elif kind in ("math_block", "math_block_label"):
            self._math(token.content, display=True)
        elif kind == "html_block":
            self._html_block(token.content)
        elif kind == "component":
            self._component(token)
        elif kind.startswith("container_"):
            self._container(token)
        elif kind == "table_open":
            self._push_block(token, "TableWrapper", None)
            self._push_block(token, "table", None)
        elif kind == "table_close":
            table = self._pop_block()
            self._pop_block()[1] = {"label": self._table_label(table)}  # named after its columns' headers
            _corner_table_row_headers(table)
        elif kind == "th_close":
            _empty_header_to_data_cell(self._pop_block())
        elif kind == "list_item_close":
            _label_task_checkbox(self._pop_block())
        elif kind.startswith("footnote_"):
            self._footnote(token)
        elif token.nesting == 1:
            self._push_block(token, token.tag, self._attrs(token))
        elif token.nesting == -1:
            self._pop_block()
        elif token.tag:  # hr
            self.void(token.tag, None)

    def _push_block(self, token: Token, tag: str, props: dict[str, Any] | None) -> None:
        self.open(tag, props)
        self.blocks.append(self.stack[-1])

    def _pop_block(self) -> list[Any]:
        element = self.blocks.pop()
        self.close_element(element)
        return element

    def _attrs(self, token: Token) -> dict[str, Any] | None:
        if not token.attrs:
            return None
        props: dict[str, Any] = {}
        for name, value in token.attrs.items():
            if name == "style":
                if str(value).startswith("text-align:"):
                    props["style"] = {"textAlign": str(value).split(":", 1)[1].strip()}
            elif name == "class":
                props["className"] = value
            elif name == "start":
                props["start"] = int(value)
            else:
                props[name] = value
        return props or None

    # headings

    def _heading_open(self, token: Token, inline: Token) -> None:
        children = inline.children or []
        custom = None
        if children and children[-1].type == "text":
            match = _CUSTOM_ID.search(children[-1].content)
            if match:
                custom = match.group(1)
                children[-1].content = children[-1].content[: match.start()]
        level = int(token.tag[1])
        text = "".join(c.content for c in children if c.type in ("text", "code_inline")).strip()
        if custom:
            self.slugger.reserve(custom)
        slug = custom or self.slugger.slug(text)
        self._push_block(token, token.tag, {"id": slug})
        self.out.headings.append(Heading(slug, level, text, [], self.at()))

    def _heading_close(self) -> None:
        element = self.blocks[-1]
        heading = self.out.headings[-1]
        heading.value = list(element[2:])
        heading.text = plain_text(heading.value) or heading.text
        label = f"Direct link to {heading.text}"
        self.append(["a", {"href": f"#{heading.id}", "className": "hash-link",
                           "aria-label": label, "title": label}, "#"])
        self._pop_block()

    # code

    def _code(self, token: Token) -> None:
        language, raw_meta = split_info(token.info)
        code = token.content
        meta = read_meta(raw_meta)
        props: dict[str, Any] = {"language": language or "text"}
        if meta.title is not None:
            props["title"] = meta.title
        if "norun" in meta.run and not meta.run["norun"].strip():
            self.problem("norun without its reason",
                         'say why the block cannot run: norun="needs a real webhook delivery"')
        for message, fix in meta.errors:
            self.problem(message, fix)
        for unknown in meta.unknown:
            self.problem(f"the code block's meta '{unknown.text}' {unknown.why}", unknown.fix, "warning")
        if language == DIAGRAM_LANGUAGE and token.type == "fence":
            self._diagram(code, props.get("title"))
            return
        marked: set[int] = set()
        line_count = code.count("\n") + (0 if code.endswith("\n") else 1)
        if meta.lines is not None:
            try:
                marked = _line_ranges(meta.lines)
            except ValueError:
                self.problem(f"cannot read the highlighted lines '{{{meta.lines}}}'",
                             "write them like {1,4-6}")
            outside = sorted(n for n in marked if n > line_count or n < 1)
            if outside:
                self.problem(f"highlighted line {outside[0]} is outside the code block ({line_count} lines)",
                             "fix the line numbers in {…}")
        code, magic = self._magic_comments(code)
        marked |= magic
        if meta.line_numbers:
            props["showLineNumbers"] = True
        if not known_language(language):
            self.problem(f"unknown code language '{language}': the block is not highlighted",
                         "use a Pygments language name (bash, json, python, javascript, yaml, http, text...)",
                         "warning")
        props["html"] = highlight_lines(code, language, frozenset(marked))
        self.append(["CodeBlock", props])
        self.out.code.append(CodeSpan(self.at(1 if token.type == "fence" else 0), code, True, language,
                                      meta.skip_check, meta.webhook))

    def _diagram(self, source: str, title: str | None) -> None:
        """A mermaid block: a `Diagram` node whose SVGs `docsite.diagrams` fills in. Its text is
        code too: the API calls in a sequence diagram are checked against the specs."""
        props: dict[str, Any] = {"source": source.rstrip("\n")}
        if title:
            props["title"] = title
        self.append(["Diagram", props])
        self.out.diagrams.append(DiagramUse(source, self.at(1), props))
        self.out.code.append(CodeSpan(self.at(1), source, True, DIAGRAM_LANGUAGE))

    def _closed(self, end: int) -> bool:
        """Whether the container whose block ends at line `end` (of the body) ended with its marker."""
        return end < len(self.lines) and bool(_CLOSING_LINE.match(self.lines[end]))

    def _math(self, tex: str, *, display: bool) -> None:
        try:
            mathml = tex_to_mathml(tex.strip(), display=display)
        except MathError as exc:
            self.problem(str(exc), "write the formula in TeX as KaTeX and MathJax take it (\\frac{a}{b}, x^{2}), "
                         "or escape a dollar sign that is not math as \\$")
            self.text(f"$${tex}$$" if display else f"${tex}$")
            return
        self.append(["Math", {"tex": tex.strip(), "mathml": mathml, "display": display}])

    def _magic_comments(self, code: str) -> tuple[str, set[int]]:
        """Docusaurus's highlight comments (`// highlight-next-line`, `// highlight-start` …
        `// highlight-end`, in the `#` and `<!-- -->` forms too): removed from the code, their lines
        highlighted."""
        kept: list[str] = []
        marked: set[int] = set()
        next_line = started = False
        for line in code.split("\n"):
            magic = _MAGIC_COMMENT.match(line)
            if magic is None:
                kept.append(line)
                if next_line or started:
                    marked.add(len(kept))
                next_line = False
            elif magic.group(1) == "next-line":
                next_line = True
            elif magic.group(1) == "start":
                started = True
            elif not started:
                self.problem("'highlight-end' without a 'highlight-start' before it",
                             "add the start, or remove the end")
            else:
                started = False
        if started:
            self.problem("'highlight-start' without a 'highlight-end'", "end the highlighted lines with highlight-end")
        return "\n".join(kept), marked

    # raw HTML, components, containers

    def _html_block(self, html: str) -> None:
        if TRUNCATE.match(html):
            if len(self.stack) == 1 and self.out.excerpt_end is None:
                self.out.excerpt_end = len(self.root) - 2
            return
        self._html(html)
        self._unclosed_code_block()

    def _html(self, html: str) -> None:
        self.html.feed(html)
        self.html.close()
        self.html.reset()

    def _unclosed_code_block(self) -> None:
        """A `<CodeBlock>` still open at the end of its block of HTML or paragraph: a blank line ended it."""
        if self.html.code_block is not None:
            line = self.html.code_block[1]
            self.html.code_block = None
            self.problem("<CodeBlock> is not closed before a blank line: its code is not read",
                         'write the code in a fenced block (```jsx title="…"), where blank lines are kept',
                         lines_below=line)

    # MDX: import lines, partials, <TOCInline>, embeds

    def _esm(self, tokens: list[Token]) -> None:
        """Read the paragraphs of import and export lines (MDX's JavaScript) and take them out of the
        tree: a partial's import names its file, an `@theme/` component this site has is read
        silently, anything else is MDX this site does not run."""
        self.partials = {}
        for index, token in enumerate(tokens):
            if token.type != "inline" or index == 0 or tokens[index - 1].type != "paragraph_open" \
                    or not ESM_LINE.match(token.content):
                continue
            tokens[index - 1].hidden = tokens[index + 1].hidden = True
            token.type = _ESM
            first = self.first_line + (token.map or tokens[index - 1].map or [0])[0]
            for statement in statements(token.content):
                line = first + statement.offset
                if statement.theme_component:
                    continue
                if not statement.partial:
                    self._unread(line, f"`{statement.first_line}`")
                    continue
                path = partial_path(statement.source, self.file, self.site_root)
                if path is not None and outside(path, self.site_root):
                    at, self.line = self.line, line
                    self.problem(f"the partial '{statement.source}' is outside the content folder: it is not read",
                                 "move the shared text into the content folder and import it from there")
                    self.line = at
                    path = None
                elif path is None or not path.is_file():
                    self._missing_partial(statement.source, path, line)
                    path = None
                self.partials[statement.default] = path

    def _missing_partial(self, source: str, path: Path | None, line: int) -> None:
        at = self.line
        self.line = line
        if path is None:
            self.problem(f"the partial '{source}' names the site's folder ({SITE_PREFIX}), and this Markdown is "
                         "in no content folder", "import it relative to this file: './_note.md'")
        else:
            where = path.relative_to(self.site_root) if self.site_root and path.is_relative_to(self.site_root) \
                else path
            self.problem(f"the partial '{source}' does not exist: there is no {where}",
                         "fix the path: it is relative to this file ('./_note.md', '../_shared/setup.mdx'), or "
                         f"starts at the content folder with {SITE_PREFIX} (Docusaurus's site folder: "
                         f"'{SITE_PREFIX}docs/_note.md'); or create the file")
        self.line = at

    def _unread(self, line: int, what: str) -> None:
        """MDX this site does not run (an import, an export, a component it does not have): one
        error per file, at the first (`_report_unread`)."""
        self.unread.setdefault(self.file, []).append((line, what))

    def _report_unread(self) -> None:
        for file, uses in self.unread.items():
            uses.sort()
            listed = ", ".join(f"{what} (line {line})" for line, what in uses[:4])
            more = f" and {len(uses) - 4} more" if len(uses) > 4 else ""
            self.out.problems.append(Problem(
                f"MDX this site does not run, which would be missing from the page: {listed}{more}",
                file, uses[0][0], _MDX_FIX))

    def mdx_element(self, name: str, attrs: list[tuple[str, str | None]], lines_below: int) -> bool:
        """A capitalised tag no HTML element of the site renders: an imported partial, `<TOCInline>`,
        or MDX this site does not run. False when it was not placed."""
        if name in self.partials:
            path = self.partials[name]
            if path is not None:
                self._include(name, path, attrs, lines_below)
            return True
        if name == "TOCInline":
            return self._toc_inline_at(attrs, lines_below)
        self._unread(self.line + lines_below, f"<{name}>")
        return False

    def _include(self, name: str, path: Path, attrs: list[tuple[str, str | None]], lines_below: int) -> None:
        """The partial `path`, rendered here, as MDX renders an imported Markdown file. Its headings
        are the page's (its TOC, its anchors); its problems are at its own lines; what later stages
        check (links, code) is at the page's line that includes it."""
        if path in self.files:
            chain = " → ".join(self._shown(f) for f in [*self.files, path])
            self.problem(f"partials include each other in a circle: {chain}",
                         f"remove the <{name} /> that closes the circle: a partial cannot include itself, "
                         "directly or through another", lines_below=lines_below)
            return
        props: dict[str, str] = {}
        for key, value in attrs:
            if value is None or value.lstrip().startswith("{"):
                self.problem(f"<{name} {key}…>: the props of a partial are strings here", f'write {key}="value", '
                             "and {props." + key + "} in the partial", lines_below=lines_below)
            else:
                props[key] = value
        try:
            body, first_line = read_partial(path)
        except BuildError as exc:
            self.out.problems.extend(exc.problems)
            return
        except OSError as exc:
            self.problem(f"cannot read the partial {self._shown(path)}: {exc.strerror}",
                         "check that the file can be read", lines_below=lines_below)
            return
        if path not in self.out.partials:
            self.out.partials.append(path)
        saved = (self.file, self.first_line, self.lines, self.line, self.partials, self.html, self.include_line)
        self.file, self.first_line, self.lines = path, first_line, body.split("\n")
        self.html, self.include_line = HtmlToTree(self), self.at(lines_below)
        self.files.append(path)
        tokens = markdown_parser(path.suffix == ".mdx").parse(body, {})
        self._props(name, tokens, props, {key.lower(): key for key in props})
        self._tokens(tokens)
        self.files.pop()
        self.file, self.first_line, self.lines, self.line, self.partials, self.html, self.include_line = saved

    def _props(self, name: str, tokens: list[Token], props: dict[str, str], names: dict[str, str]) -> None:
        """`{props.title}` in a partial's text becomes the value `<Name title="…" />` gives (the HTML
        parser reads attribute names in lower case: `{props.productName}` takes `productName="…"`)."""
        for token in tokens:
            for child in (token.children or []) if token.type == "inline" else []:
                if child.type != "text" or "{" not in child.content:
                    continue
                for match in PROP.finditer(child.content):
                    if match.group(1).lower() not in names:
                        self.line = self.first_line + (token.map or [0])[0]
                        self.problem(f"{match.group(0)} in the partial, and <{name}> gives no '{match.group(1)}'",
                                     f'give it where the partial is included: <{name} {match.group(1)}="…" />')
                child.content = PROP.sub(lambda m: props.get(names.get(m.group(1).lower(), ""), m.group(0)),
                                         child.content)

    def _shown(self, file: Path) -> str:
        """A file as an error names it: below the content folder when it is in one."""
        if self.site_root is not None and file.is_relative_to(self.site_root):
            return file.relative_to(self.site_root).as_posix()
        return file.name

    def _from_page(self, href: str) -> str:
        """A relative `.md` link written in a partial, made relative to the page that includes it
        (links are resolved from the page's file: docsite.link_targets)."""
        if self.file == self.files[0] or not href or href.startswith(("/", "#")) or _EXTERNAL.match(href) \
                or ":" in href.split("/", 1)[0]:
            return href
        path, hash_, fragment = href.partition("#")
        if not path.endswith((".md", ".mdx")):
            return href
        rebased = os.path.relpath(os.path.normpath(self.file.parent / path), self.files[0].parent)
        return Path(rebased).as_posix() + hash_ + fragment

    def _toc_inline_at(self, attrs: list[tuple[str, str | None]], lines_below: int) -> bool:
        """Docusaurus's `<TOCInline toc={toc} minHeadingLevel={2} maxHeadingLevel={3} />`: the page's
        headings of those levels (2 and 3 unless it says), as a nested list of links."""
        levels = {"minheadinglevel": 2, "maxheadinglevel": 3}
        for key, value in attrs:
            raw = (value or "").strip().strip("{}").strip().strip("'\"")
            if key == "toc" and raw == "toc":
                continue
            if key in levels and raw in ("2", "3", "4", "5", "6"):
                levels[key] = int(raw)
                continue
            self.problem(f"<TOCInline {key}={value}>: not read", "write <TOCInline toc={toc} /> and, if the levels "
                         "are not 2 to 3, minHeadingLevel={2} maxHeadingLevel={4} (2 to 6)", lines_below=lines_below)
        low, high = levels["minheadinglevel"], levels["maxheadinglevel"]
        if low > high:
            self.problem(f"<TOCInline> from level {low} to level {high}: no heading is in between",
                         "give a minHeadingLevel no higher than its maxHeadingLevel", lines_below=lines_below)
        node: list[Any] = ["TOCInline", {"minHeadingLevel": low, "maxHeadingLevel": high}]
        self.append(node)
        self.toc_inline.append(node)
        return True

    def _fill_toc_inline(self) -> None:
        """Each `<TOCInline>`'s list, once every heading of the page is known: a `ul` of links to
        the headings, a heading's sub-headings in a `ul` of its item."""
        for node in self.toc_inline:
            low, high = node[1]["minHeadingLevel"], node[1]["maxHeadingLevel"]
            parents: list[tuple[int, list[Any]]] = [(0, node)]
            for heading in self.out.headings:
                if not low <= heading.level <= high:
                    continue
                while len(parents) > 1 and parents[-1][0] >= heading.level:
                    parents.pop()
                parent = parents[-1][1]
                if not (isinstance(parent[-1], list) and parent[-1][0] == "ul"):
                    parent.append(["ul", None])
                # a heading's own links and ids would be a link in a link, an id twice: its text then
                inner = [n for n in walk(heading.value) if n[0] == "a" or (n[1] and "id" in n[1])]
                item: list[Any] = ["li", None, ["a", {"href": f"#{heading.id}"},
                                                *(heading.value if not inner else [heading.text])]]
                parent[-1].append(item)
                parents.append((heading.level, item))

    def embed(self, props: dict[str, Any], lines_below: int) -> None:
        """An `<iframe>` (a video player): sandboxed, loaded lazily, as wide as the column at 16:9. Its
        host is checked against site.yaml's `embeds.hosts` with the site (docsite.stages.check)."""
        wrapper = "span" if "p" in self.open_tags() else "div"  # an iframe in a line of text stays in it
        self.open(wrapper, {"className": "embed"})
        self.void("iframe", {**props, "sandbox": EMBED_SANDBOX, "loading": "lazy"})
        self.close_element(self.stack[-1])
        self.out.embeds.append(EmbedUse(str(props["src"]), self.file, self.line + lines_below))

    def _component(self, token: Token) -> None:
        try:
            props = parse_attributes(token.content)
        except ValueError as exc:
            self.problem(f"component {token.info}: {exc}", 'write props as ::Name{key="value" n=3}')
            props = {}
        self.out.components.append(ComponentUse(token.info, props, self.at()))
        self.append([token.info, props or None])

    def _container(self, token: Token) -> None:
        name = token.type.removeprefix("container_").rsplit("_", 1)[0]
        if token.nesting == -1:
            element = self._pop_block()
            if name in ADMONITIONS:
                self.close_element(self.stack[-1])  # the admonition around its content
            elif name == "tabs":
                self._finish_tabs(element)
            return
        rest = token.info.strip()[len(name):].strip()
        if token.map and not self._closed(token.map[1]):
            self.problem(f"the ':::{name}' container is not closed: the rest of the page went into it",
                         "end it with a line holding only ':::' (as many colons as the opening line)")
        if name in ADMONITIONS:
            if rest.startswith("[") and rest.endswith("]"):
                rest = rest[1:-1].strip()  # Docusaurus 3: :::note[Title]
            self._admonition_heading(name, rest)
            self._push_block(token, "div", {"className": "admonition-content"})
        elif name == "tabs":
            try:
                props = parse_attributes(rest)
            except ValueError as exc:
                self.problem(f"tabs: {exc}", 'write ::::tabs groupId="language"')
                props = {}
            self._push_block(token, "Tabs", props)
        else:  # tab
            if self.current_tag() != "Tabs":
                self.problem("a ':::tab' container must be directly inside a '::::tabs' container",
                             "wrap the tabs in ::::tabs ... :::: (the outer fence has more colons)")
            label = rest or "Tab"
            self._push_block(token, "TabItem", {"value": _tab_value(label), "label": label})

    def _admonition_heading(self, name: str, title: str) -> None:
        """Open an admonition and write its heading: its icon and title (Markdown), or its kind."""
        self.open("div", {"className": f"admonition admonition-{name}"})
        self.open("p", {"className": "admonition-heading"})
        self.append(["span", {"className": "admonition-icon", "aria-hidden": "true"}])
        inline = markdown_parser().parseInline(title)[0].children if title else None
        if inline:
            self._inline(inline)  # a title may hold Markdown: **bold**, `code`, links
        else:
            self.text(name.capitalize())
        self.close_tag("p")

    def admonition(self, props: dict[str, str | None], lines_below: int) -> None:
        """Docusaurus's `<Admonition type="tip" title="…">`: the admonition `:::tip[…]` makes. Its
        content is Markdown when blank lines part it from the tags, as in MDX."""
        name = (props.get("type") or "note").strip()
        if name not in ADMONITIONS:
            self.problem(f'<Admonition type="{name}">: there is no such admonition', "use one of the types: "
                         f"{', '.join(ADMONITIONS)}", lines_below=lines_below)
            name = "note"
        self._admonition_heading(name, (props.get("title") or "").strip())
        self.open("div", {"className": "admonition-content"})

    def close_admonition(self) -> bool:
        """`</Admonition>`: close the innermost admonition (False when none is open)."""
        for element in reversed(self.stack[1:]):
            if str((element[1] or {}).get("className", "")).startswith("admonition admonition-"):
                self.close_element(element)
                return True
        return False

    def code_block(self, props: dict[str, str | None], children: str, lines_below: int) -> None:
        """Docusaurus's `<CodeBlock language="jsx" title="…" showLineNumbers>`: the fenced block it
        stands for, when its code is written out (text, or a string or template literal in braces).
        Code it takes from a variable (an imported file's text) cannot be had at build time."""
        code = _literal(children)
        if code is None:
            self.problem(f"<CodeBlock> shows {children.strip()[:40]}, which this site cannot evaluate: the code "
                         "block would be missing from the page",
                         'paste the code into a fenced block (```jsx title="…"), code imported from a file too',
                         lines_below=lines_below)
            return
        language = (props.get("language") or (props.get("classname") or "").removeprefix("language-") or "text")
        node: dict[str, Any] = {"language": language, "html": highlight_lines(code, language, frozenset())}
        if props.get("title"):
            node["title"] = props["title"]
        if "showlinenumbers" in props:
            node["showLineNumbers"] = True
        self.append(["CodeBlock", node])
        self.out.code.append(CodeSpan(self.at(lines_below), code, True, language))

    def _finish_tabs(self, element: list[Any]) -> None:
        items = []
        default = None
        for child in element[2:]:
            if isinstance(child, list) and child[0] == "TabItem":
                items.append({"value": child[1]["value"], "label": child[1]["label"]})
                if child[1].pop("default", False):
                    default = child[1]["value"]
            elif not (isinstance(child, str) and not child.strip()):
                self.problem("only ':::tab' containers may sit directly inside '::::tabs'",
                             "put the content inside a :::tab Label ... ::: block")
        if not items:
            self.problem("a '::::tabs' container has no ':::tab' inside", "add :::tab Label ... ::: blocks")
        values = [item["value"] for item in items]
        if len(set(values)) != len(values):
            self.problem(f"two tabs in one group have the same label: {values}", "give each tab its own label")
        element[2:] = [c for c in element[2:] if isinstance(c, list)]
        props = element[1] or {}
        props["items"] = items
        if default is not None:
            props["defaultValue"] = default
        element[1] = props

    # tables

    def _table_label(self, table: list[Any]) -> str:
        """The accessible name of a table's scroll box (content/TableWrapper.tsx): the section it
        is in and its columns, unique in the page (landmarks must be told apart)."""
        columns = [text for cell in walk([table]) if cell[0] == "th" and (text := plain_text(cell[2:]))]
        label = f"table with columns {', '.join(columns)}" if columns else "table"
        label = f"{self.out.headings[-1].text}, {label}" if self.out.headings else label[0].upper() + label[1:]
        self.table_labels[label] = count = self.table_labels.get(label, 0) + 1
        return label if count == 1 else f"{label} ({count})"

    # footnotes

    def _footnote(self, token: Token) -> None:
        kind = token.type
        label = str(token.meta.get("label", token.meta.get("id", ""))) if token.meta else ""
        if kind == "footnote_block_open":
            self._push_block(token, "section", {"className": "footnotes", "aria-label": "Footnotes"})
            self._push_block(token, "ol", None)
        elif kind == "footnote_block_close":
            self._pop_block()
            self._pop_block()
        elif kind == "footnote_open":
            self._push_block(token, "li", {"id": f"fn-{label}"})
        elif kind == "footnote_close":
            self._pop_block()
        elif kind == "footnote_anchor":
            # the back link sits at the end of the footnote's last paragraph
            self.append(["a", {"href": f"#fnref-{label}", "className": "footnote-backref",
                               "aria-label": f"Back to reference {label}"}, "↩"])

    # inline

    def _inline(self, children: list[Token]) -> None:
        opened: list[list[Any]] = []
        for child in children:
            kind = child.type
            if self.html.code_block is not None and kind != "html_inline":  # a <CodeBlock>'s code
                self.html.code_block[2].append(f"{child.markup}{child.content}{child.markup}" if kind == "code_inline"
                                               else "\n" if kind in ("softbreak", "hardbreak") else child.content)
            elif kind == "text":
                self.text(child.content)
            elif kind == "softbreak":
                self.text("\n")
                self.line += 1
            elif kind == "hardbreak":
                self.void("br", None)
                self.line += 1
            elif kind == "code_inline":
                self.append(["code", None, child.content])
                self.out.code.append(CodeSpan(self.at(), child.content, False))
            elif kind == "html_inline":
                self._html(child.content)
            elif kind == "image":
                self._image(child)
            elif kind == "link_open":
                self._link(child)
                opened.append(self.stack[-1])
            elif kind == "footnote_ref":
                self._footnote_ref(child)
            elif kind == "math_inline":
                self._math(child.content, display=False)
            elif child.nesting == 1:
                self.open(child.tag, self._attrs(child))
                opened.append(self.stack[-1])
            elif child.nesting == -1 and opened:
                self.close_element(opened.pop())
        self._unclosed_code_block()

    def _link(self, token: Token) -> None:
        href = self._from_page(str(token.attrs.get("href", "")))
        props: dict[str, Any] = {"href": href}
        if token.attrs.get("title"):
            props["title"] = token.attrs["title"]
        if _EXTERNAL.match(href):
            props["target"] = "_blank"
            props["rel"] = "noopener noreferrer"
        self.open("a", props)
        self.out.links.append(Reference(href, self.at(), props))

    def _image(self, token: Token) -> None:
        props: dict[str, Any] = {
            "src": str(token.attrs.get("src", "")),
            "alt": "".join(c.content for c in token.children or [] if c.type in ("text", "code_inline")),
        }
        if token.attrs.get("title"):
            props["title"] = token.attrs["title"]
        self.void("img", props)

    def _footnote_ref(self, token: Token) -> None:
        meta = token.meta or {}
        label = str(meta.get("label", meta.get("id", "")))
        sub = meta.get("subId", 0)
        ref_id = f"fnref-{label}" + (f"-{sub}" if sub else "")
        self.append(["sup", {"id": ref_id},
                     ["a", {"href": f"#fn-{label}", "className": "footnote-ref"}, label]])


def _image_props(props: dict[str, Any]) -> dict[str, Any]:
    """Images load lazily and decode off the main thread; a colour-mode fragment becomes a class.

    (Their `width` and `height` are added by the link checker, which knows the static files.)
    """
    out = dict(props)
    src = str(out["src"])
    for fragment, class_name in THEMED_IMAGES.items():
        if src.endswith(fragment):
            out["src"] = src[: -len(fragment)]
            out["className"] = f"{out['className']} {class_name}" if out.get("className") else class_name
    out.setdefault("loading", "lazy")
    out.setdefault("decoding", "async")
    return out


def _empty_header_to_data_cell(cell: list[Any]) -> None:
    """A header cell with nothing in it (the corner of `| | Pre-production | Production |`) heads
    nothing: it becomes a data cell, as WAI's tables tutorial has it, not a header without a name."""
    if all(isinstance(child, str) and not child.strip() for child in cell[2:]):
        cell[0] = "td"


def _corner_table_row_headers(table: list[Any]) -> None:
    """A table of two columns or more whose header row starts with an empty corner has a header in
    each row too: the first cell of each body row heads its row (`<th scope="row">`), so that each
    data cell has two headers, its column's and its row's (a screen reader reads both; axe's
    td-has-header)."""
    parts = {part[0]: part for part in table[2:] if isinstance(part, list)}
    head_rows = [row for row in parts.get("thead", [])[2:] if isinstance(row, list)]
    head = [cell for cell in head_rows[0][2:] if isinstance(cell, list)] if head_rows else []
    if len(head) < 2 or head[0][0] != "td":  # no corner, or a single column: nothing to head
        return
    for row in parts.get("tbody", [])[2:]:
        cell = next((cell for cell in row[2:] if isinstance(cell, list)), None) if isinstance(row, list) else None
        if cell is not None and cell[0] == "td":
            cell[0] = "th"
            cell[1] = {**(cell[1] or {}), "scope": "row"}


def _label_task_checkbox(item: list[Any]) -> None:
    """A task-list item's checkbox is named by the item's own text (nested lists left out)."""
    if "task-list-item" not in str((item[1] or {}).get("className", "")):
        return
    content = item[2:]
    if content and isinstance(content[0], list) and content[0][0] == "p":  # a loose list
        content = content[0][2:] + content[1:]
    box = next((n for n in content if isinstance(n, list) and n[0] == "input"), None)
    if box is None:
        return
    text = plain_text([n for n in content if not (isinstance(n, list) and n[0] in ("input", "ul", "ol"))])
    if text:
        box[1] = {**(box[1] or {}), "aria-label": text}


def _line_ranges(spec: str) -> set[int]:
    lines: set[int] = set()
    for part in spec.replace(" ", "").split(","):
        if not part:
            continue
        if "-" in part:
            start, end = (int(n) for n in part.split("-", 1))
            if end < start:
                raise ValueError(part)
            lines.update(range(start, end + 1))
        else:
            lines.add(int(part))
    return lines


def _tab_value(label: str) -> str:
    """The label in lower case, `#` as "sharp": `:::tab C#` is the API reference's `csharp` samples."""
    return re.sub(r"[^a-z0-9]+", "-", label.lower().replace("#", "sharp")).strip("-") or "tab"


def _literal(children: str) -> str | None:
    """The code a `<CodeBlock>`'s children write out: their text, or the string or template literal
    in braces (`{`…`}`, `{'…'}`); None for any other expression (a variable, a call)."""
    text = children.strip()
    if not text.startswith("{"):
        return text
    inner = text[1:-1].strip() if text.endswith("}") else ""
    if len(inner) >= 2 and inner[0] == inner[-1] and inner[0] in "`'\"" and "${" not in inner:
        return inner[1:-1]
    return None

