"""A code fence's meta string, what follows its language, read in one place.

    ```bash title="Get a token" {2,4-5} showLineNumbers npm2yarn
    ```ts tab={"label":"TypeScript"}
    ```json skip-check
    ```json webhook="order.purchased"

Each word is one of the keys below, or it is unknown: the block's problems name it (a warning), since
it changes nothing here. Docusaurus ignores meta it does not know just as silently as it shows a
plugin's meta it does not have, and a writer who moves pages between the two needs to be told.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

# One item: key="value", key='value', key={json}, key=word, {1,3-4}, or a bare word.
_ITEM = re.compile(r"""\s*(?:(?P<key>[A-Za-z_][\w-]*)=
                         (?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<obj>\{.*?\})(?=\s|$)|(?P<bare>\S+))
                       |\{(?P<lines>[^}]*)\}
                       |(?P<word>\S+))""", re.X)
# Read by the examples test (content/README.md, "Code that runs"), not rendered.
RUN_KEYS = ("norun", "after", "args")
WEBHOOK_KEY = "webhook"  # ```json webhook="order.purchased": the block is that webhook's payload (checks.json_bodies)
FLAGS = ("showLineNumbers", "npm2yarn", "tab", "skip-check")
TAB_KEYS = ("label", "span")
KNOWN = ('title="…", {1,3-4}, showLineNumbers, npm2yarn, tab or tab={"label":"…","span":2}, skip-check, '
         'webhook="…" (a webhook\'s payload), and norun="…", after="…", args="…" for the examples test')


@dataclass
class Unknown:
    """A meta item nothing here reads, or reads only in part: as written, why, and the fix."""

    text: str
    fix: str
    why: str = "is not understood here: it changes nothing"


@dataclass
class FenceMeta:
    title: str | None = None
    lines: str | None = None  # the highlighted lines as written between the braces: "1,3-4"
    line_numbers: bool = False
    run: dict[str, str] = field(default_factory=dict)  # norun, after, args
    npm2yarn: bool = False
    tab: dict[str, Any] | None = None  # `tab` alone is {}
    skip_check: bool = False  # the JSON-body check leaves the block alone
    webhook: str | None = None  # the webhook whose payload the block is (the JSON-body check)
    errors: list[tuple[str, str]] = field(default_factory=list)  # (message, fix)
    unknown: list[Unknown] = field(default_factory=list)


def split_info(info: str) -> tuple[str, str]:
    """A fence's info string as (language, lower-cased; meta)."""
    language, _, meta = info.strip().partition(" ")
    return language.lower(), meta.strip()


def meta_without(meta: str, name: str) -> str:
    """`meta` without the items named `name` (`tab`, `tab={…}`), the others as written."""
    return " ".join(match.group(0).strip() for match in _ITEM.finditer(meta)
                    if match.group(0).strip() and name not in (match.group("key"), match.group("word")))


def read_meta(meta: str) -> FenceMeta:
    out = FenceMeta()
    for match in _ITEM.finditer(meta):
        text = match.group(0).strip()
        if not text:
            continue
        key = match.group("key")
        if match.group("lines") is not None:
            out.lines = match.group("lines")
        elif key is None:
            _flag(out, str(match.group("word")))
        elif match.group("dq") is not None or match.group("sq") is not None:
            value = match.group("dq") if match.group("dq") is not None else match.group("sq")
            if key == "title":
                out.title = value
            elif key == WEBHOOK_KEY:
                out.webhook = value
            elif key in RUN_KEYS:
                out.run[key] = value
            else:
                out.unknown.append(_unknown(text, key))
        elif key == "tab" and match.group("obj") is not None:
            out.tab = _tab_options(match.group("obj"), out)
        elif key == "title":
            out.unknown.append(Unknown(text, 'quote it: title="…"', "is a title without quotes: it is not read"))
        elif key == "showLineNumbers":
            out.line_numbers = True
            out.unknown.append(Unknown(text, "write showLineNumbers alone",
                                       "starts the line numbers at a line: here they start at 1"))
        else:
            out.unknown.append(_unknown(text, key))
    return out


def _flag(out: FenceMeta, word: str) -> None:
    if word == "showLineNumbers":
        out.line_numbers = True
    elif word == "npm2yarn":
        out.npm2yarn = True
    elif word == "tab":
        out.tab = out.tab if out.tab is not None else {}
    elif word == "skip-check":
        out.skip_check = True
    else:
        out.unknown.append(_unknown(word, word))


def _tab_options(text: str, out: FenceMeta) -> dict[str, Any]:
    """`tab={"label":"TypeScript","span":2}`: the code tab-blocks plugin's options, which must be JSON."""
    example = 'write it as JSON: tab={"label":"TypeScript"}, or tab={"span":2} for a tab of two blocks'
    try:
        options = json.loads(text)
    except json.JSONDecodeError as exc:
        out.errors.append((f"cannot read tab={text}: {exc.msg}", example))
        return {}
    if not isinstance(options, dict):
        out.errors.append((f"tab={text} is not an object", example))
        return {}
    for key in options:
        if key not in TAB_KEYS:
            out.unknown.append(Unknown(f"tab={{{json.dumps(key)}: …}}", f"a tab takes {' and '.join(TAB_KEYS)} only"))
    label, span = options.get("label"), options.get("span", 1)
    if label is not None and not (isinstance(label, str) and label.strip()):
        out.errors.append((f"the tab's label {json.dumps(label)} is not text", example))
        options.pop("label")
    if not (isinstance(span, int) and not isinstance(span, bool) and span >= 1):
        out.errors.append((f"the tab's span {json.dumps(span)} is not a number of blocks", example))
        options["span"] = 1
    return options


def _unknown(text: str, key: str) -> Unknown:
    if key == "live":
        return Unknown(text, "remove `live`, and show what the code renders beside it",
                       "asks for the live editor of @docusaurus/theme-live-codeblock, which is not built in: the "
                       "block shows as code that does not run")
    return Unknown(text, f"remove it: a code block here understands {KNOWN}")
