"""The Markdown dialect: CommonMark, GFM tables, strikethrough, task lists, footnotes,
definition lists, admonitions and tabs (container directives) and component directives.

    :::note Optional title        admonition (note, tip, info, warning, danger, caution, important);
    :::note[Title]                Docusaurus 3's title syntax; titles may hold Markdown; nest with more colons
    ::::tabs groupId="language"   tabs holding `:::tab Label` containers
    ::OperationCard{operationId="createCart"}   a registered React component with props
    $…$ and $$…$$                 math (TeX), rendered to MathML at build time (markdown/math.py)
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from mdit_py_plugins.container import container_plugin
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.dollarmath import dollarmath_plugin
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.tasklists import tasklists_plugin

ADMONITIONS = ("note", "tip", "info", "warning", "danger", "caution", "important")
CONTAINERS = (*ADMONITIONS, "tabs", "tab")

COMPONENT_LINE = re.compile(r"^::([A-Z][A-Za-z0-9]*)(?:\{(.*)\})?\s*$")
_ATTR = re.compile(r"""\s*([A-Za-z_][\w-]*)\s*=\s*("(?:[^"\\]|\\.)*"|'[^']*'|[^\s"']+)""")


# How deep blocks may nest, in markdown-it's levels: a list takes two (the list and its item), a
# blockquote or a container one, and the content of the deepest must be below the limit: 50 levels
# of lists, 100 of blockquotes. markdown-it's own
# limit (20 in its CommonMark preset: ten levels of lists) silently drops everything after the
# block that reaches it, headings included; here reaching it is an error at its line
# (`TOO_DEEP` in the parser's env). Pages nest 20 levels at most in practice.
MAX_NESTING = 101
TOO_DEEP = "docsite.too_deep"  # env key: the first line (of the body, from 0) nested too deeply


@lru_cache(maxsize=2)
def markdown_parser(mdx: bool = False) -> MarkdownIt:
    """The parser of Markdown pages, or with `mdx` of `.mdx` files: MDX has no indented code blocks
    (text indented four spaces is a paragraph, as Docusaurus renders it), the one difference of
    block syntax between the two."""
    md = MarkdownIt("commonmark", {"html": True, "maxNesting": MAX_NESTING})
    _report_too_deep(md)
    md.enable(["table", "strikethrough"])
    if mdx:
        md.disable("code")
    footnote_plugin(md)
    tasklists_plugin(md)
    deflist_plugin(md)
    # `$5 and $10` stays text: no space inside the dollars, no digit right after the closing one
    dollarmath_plugin(md, allow_space=False, allow_digits=False, double_inline=False)
    _containers(md)
    md.block.ruler.before("paragraph", "component", _component_rule,
                          {"alt": ["paragraph", "reference", "blockquote", "list"]})
    return md


def _report_too_deep(md: MarkdownIt) -> None:
    """Every nested block (list item, blockquote, container) is read by `md.block.tokenize`: a
    range it would skip for being nested too deeply is recorded instead of silently dropped."""
    tokenize = md.block.tokenize

    def tokenize_or_record(state: StateBlock, start: int, end: int) -> None:
        if state.level >= md.options.maxNesting:
            line = state.skipEmptyLines(start)
            if line < end:
                state.env.setdefault(TOO_DEEP, line)
            # skip what belongs to the block (markdown-it skipped to the end of the page)
            while line < end and (state.isEmpty(line) or state.sCount[line] >= state.blkIndent):
                line += 1
            state.line = line
            return
        tokenize(state, start, end)

    setattr(md.block, "tokenize", tokenize_or_record)  # noqa: B010 (mypy: a method is not assignable)


def _containers(md: MarkdownIt) -> None:
    """The containers, read by one rule: mdit_py_plugins makes a rule per name, and the nine were
    tried in turn at the start of every block and paragraph line, when a line that does not start
    with a colon is none of them. The one rule tries them, in the same order, on such lines only."""
    names = [f"container_{name}" for name in CONTAINERS]
    for name in CONTAINERS:
        container_plugin(md, name, validate=_container_validator(name))
    ruler = md.block.ruler
    rules = [ruler.__rules__[ruler.__find__(name)] for name in names]
    functions = [rule.fn for rule in rules]

    def container(state: StateBlock, start: int, end: int, silent: bool) -> bool:
        begin = state.bMarks[start] + state.tShift[start]
        if state.src[begin:begin + 1] != ":":
            return False
        return any(function(state, start, end, silent) for function in functions)

    ruler.at(names[0], container, {"alt": rules[0].alt})
    ruler.disable(names[1:])


def _container_validator(name: str) -> Any:
    def validate(params: str, *args: Any) -> bool:
        word = params.strip().split(" ", 1)[0]
        return word == name or word.startswith(f"{name}[")
    return validate


def _component_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    begin = state.bMarks[start] + state.tShift[start]
    line = state.src[begin:state.eMarks[start]]
    match = COMPONENT_LINE.match(line)
    if not match:
        return False
    if silent:
        return True
    token = state.push("component", "", 0)
    token.map = [start, start + 1]
    token.info = match.group(1)
    token.content = match.group(2) or ""
    state.line = start + 1
    return True


def parse_attributes(text: str) -> dict[str, Any]:
    """`groupId="language" max=3 open=true` -> {"groupId": "language", "max": 3, "open": True}.

    Raises ValueError naming what could not be read.
    """
    attrs: dict[str, Any] = {}
    pos = 0
    text = text.strip()
    while pos < len(text):
        match = _ATTR.match(text, pos)
        if not match:
            raise ValueError(f"cannot read attributes from '{text[pos:]}': write them as key=\"value\"")
        key, raw = match.group(1), match.group(2)
        attrs[key] = _attribute_value(raw)
        pos = match.end()
        while pos < len(text) and text[pos] in " \t,":
            pos += 1
    return attrs


def _attribute_value(raw: str) -> Any:
    if raw[0] in "\"'":
        return raw[1:-1].replace('\\"', '"')
    if raw in ("true", "false"):
        return raw == "true"
    if re.fullmatch(r"-?\d+", raw):
        return int(raw)
    if re.fullmatch(r"-?\d+\.\d+", raw):
        return float(raw)
    return raw
