"""Code blocks that become tabs: the two remark plugins Docusaurus sites enable most, built in.

- ```` ```bash npm2yarn ```` (@docusaurus/remark-plugin-npm2yarn): one block of npm commands becomes
  npm, Yarn and pnpm tabs, each with the commands converted (`npm install x` is `yarn add x` and
  `pnpm add x`), in the tab group `npm2yarn`.
- ```` ```js tab ```` (docusaurus-remark-plugin-tab-blocks): consecutive blocks marked `tab` become
  one set of tabs, in the tab group `code-examples`. A tab is labelled by `tab={"label":"…"}`, else
  by its language (`js` is JavaScript, `ts` TypeScript); `tab={"span":2}` makes it hold the next
  block too.

Both are written as the tokens of a `::::tabs` container holding `:::tab` containers, so the tree
builder makes them the site's tabs: synced across the site by their group, the reader's choice
remembered.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from markdown_it.token import Token

from docsite.markdown.code_meta import meta_without, read_meta, split_info

NPM2YARN_GROUP = "npm2yarn"  # Docusaurus's groupId for the npm2yarn tabs
CODE_TABS_GROUP = "code-examples"  # the tab-blocks plugin's default groupId
CODE_TAB_LABELS = {"js": "JavaScript", "ts": "TypeScript"}  # the tab-blocks plugin's default labels
MANAGERS = (("npm", "npm"), ("yarn", "Yarn"), ("pnpm", "pnpm"))  # (tab value, label), Docusaurus's order

# (line of the page's body, from 0; message; fix; severity)
ProblemAt = Callable[[int, str, str, str], None]


def expand_code_tabs(tokens: list[Token], problem: ProblemAt) -> list[Token]:
    """`tokens` with every npm2yarn block and every run of `tab` blocks written as tabs."""
    out: list[Token] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type == "fence":
            read = read_meta(split_info(token.info)[1])
            if read.tab is not None:
                group, index = _tab_group(tokens, index, problem)
                out += _tabs(CODE_TABS_GROUP, group)
                continue
            if read.npm2yarn:
                out += _tabs(NPM2YARN_GROUP, _npm2yarn(token, problem))
                index += 1
                continue
        out.append(token)
        index += 1
    return out


@dataclass
class _Tab:
    label: str
    fences: list[Token]


def _tab_group(tokens: list[Token], start: int, problem: ProblemAt) -> tuple[list[_Tab], int]:
    """The `tab` blocks from `start` on, while they follow each other (blank lines between them,
    nothing else), and the index after them."""
    tabs: list[_Tab] = []
    index = start
    level = tokens[start].level
    while index < len(tokens) and tokens[index].type == "fence" and tokens[index].level == level:
        token = tokens[index]
        language, meta = split_info(token.info)
        read = read_meta(meta)
        options = read.tab
        if options is None:
            break
        for message, fix in read.errors:  # the tab's options: the block's other meta is the tree's to read
            problem(_line(token), message, fix, "error")
        for unknown in read.unknown:
            if unknown.text.startswith("tab="):
                problem(_line(token), f"the code block's meta '{unknown.text}' {unknown.why}", unknown.fix, "warning")
        label = str(options.get("label") or CODE_TAB_LABELS.get(language) or language or "text")
        tab = _Tab(label, [_without(token, "tab")])
        index += 1
        for _ in range(int(options.get("span", 1)) - 1):
            if index < len(tokens) and tokens[index].type == "fence" and tokens[index].level == level:
                tab.fences.append(tokens[index])
                index += 1
            else:
                problem(_line(token), f"the tab '{label}' spans {options['span']} code blocks, but "
                        f"{len(tab.fences)} follow{'s' if len(tab.fences) == 1 else ''} it",
                        'make the span the number of blocks the tab holds: tab={"span":2} is the block and '
                        "the one after it", "error")
                break
        tabs.append(tab)
    return tabs, index


def _npm2yarn(token: Token, problem: ProblemAt) -> list[_Tab]:
    code = token.content
    tabs = [_Tab("npm", [_without(token, "npm2yarn")])]
    unconverted: dict[str, list[str]] = {}  # command -> the managers it is not converted for
    for manager, label in MANAGERS[1:]:
        converted, failed = convert_npm(code, manager)
        for command in failed:
            unconverted.setdefault(command, []).append(label)
        fence = _without(token, "npm2yarn")
        fence.content = converted
        tabs.append(_Tab(label, [fence]))
    for command, labels in unconverted.items():  # one warning per command, not one per manager
        managers = " and ".join(labels)
        problem(_line(token), f"npm2yarn cannot convert `{command}` for {managers}: "
                f"{'its tab shows' if len(labels) == 1 else 'their tabs show'} it as written",
                "write a command npm2yarn converts (install, uninstall, ci, run, exec, init, test, start, npx), "
                "or show the managers' commands in tabs of your own", "warning")
    return tabs


def _tabs(group: str, tabs: list[_Tab]) -> list[Token]:
    """The tokens of a `::::tabs` container of `tabs` in `group`."""
    out = [_container("tabs", 1, f'tabs groupId="{group}"')]
    for tab in tabs:
        out += [_container("tab", 1, f"tab {tab.label}"), *tab.fences, _container("tab", -1, "")]
    out.append(_container("tabs", -1, ""))
    return out


def _container(name: str, nesting: Literal[1, -1], info: str) -> Token:
    kind = f"container_{name}_{'open' if nesting == 1 else 'close'}"
    return Token(kind, "div", nesting, info=info, markup=":::", block=True)


def _without(token: Token, word: str) -> Token:
    """A copy of the fence `token` without `word` in its meta."""
    language, meta = split_info(token.info)
    copy = token.copy()
    copy.info = f"{language} {meta_without(meta, word)}".strip()
    return copy


def _line(token: Token) -> int:
    return token.map[0] if token.map else 0


# -- npm to Yarn and pnpm ---------------------------------------------------------------------------
# As npm-to-yarn converts them (the library Docusaurus's plugin uses), for the commands pages show.

_COMMAND = re.compile(r"(?P<lead>^[ \t]*(?:\$[ \t]+)?|(?:&&|\|\||;)[ \t]*)(?P<tool>npm|npx)"
                      r"(?P<args>(?:[ \t]+[^&|;\n]*?)?)(?P<tail>[ \t]*(?=&&|\|\||;|\n|$))", re.M)
_INSTALL = ("install", "i", "in", "add")
_UNINSTALL = ("uninstall", "un", "remove", "rm", "r", "unlink")
_RUN = ("run", "run-script")
# Commands the three managers spell alike (npm's aliases of `test` are `test` elsewhere).
_SAME = {"test": "test", "t": "test", "tst": "test", "start": "start", "publish": "publish", "login": "login",
         "logout": "logout", "link": "link", "ln": "link", "outdated": "outdated", "pack": "pack", "why": "why"}
# Yarn's own commands: a script of one of these names needs `yarn run`.
_YARN_COMMANDS = {"add", "audit", "autoclean", "bin", "cache", "check", "config", "create", "dedupe", "global",
                  "help", "import", "info", "init", "install", "licenses", "link", "list", "login", "logout",
                  "outdated", "owner", "pack", "policies", "publish", "remove", "run", "tag", "team", "test",
                  "unlink", "upgrade", "upgrade-interactive", "version", "versions", "why", "workspace",
                  "workspaces"}
_YARN_FLAGS = {"--save-dev": "--dev", "-D": "--dev", "--save-prod": "--production", "-P": "--production",
               "--save-optional": "--optional", "-O": "--optional", "--save-exact": "--exact", "-E": "--exact",
               "--no-package-lock": "--no-lockfile", "--save": "", "-S": "", "--global": "", "-g": ""}


def convert_npm(code: str, manager: str) -> tuple[str, list[str]]:
    """`code` with its npm and npx commands written for `manager` (`yarn` or `pnpm`), and the
    commands it could not convert (left as written)."""
    failed: list[str] = []

    def replace(match: re.Match[str]) -> str:
        args = match.group("args").split()
        converted = _convert(match.group("tool"), args, manager)
        if converted is None:
            failed.append(f"{match.group('tool')} {' '.join(args)}".strip())
            return match.group(0)
        return match.group("lead") + " ".join([manager, *converted]) + match.group("tail")

    return _COMMAND.sub(replace, code), failed


def _convert(tool: str, args: list[str], manager: str) -> list[str] | None:
    if tool == "npx":
        return ["dlx", *args] if args else None
    if not args:
        return None
    command, rest = args[0], args[1:]
    yarn = manager == "yarn"
    if command in _INSTALL:
        if all(arg.startswith("-") for arg in rest):  # the project's dependencies
            return ["install", *rest] if not yarn else ["install", *filter(None, (_YARN_FLAGS.get(a, a) for a in rest))]
        return _add_or_remove("add", rest, yarn)
    if command in _UNINSTALL:
        return _add_or_remove("remove", rest, yarn)
    if command == "ci":
        return ["install", "--frozen-lockfile", *rest]
    if command in (*_RUN, "exec"):
        if not rest:
            return None
        if yarn:  # `yarn build`, `yarn run add`; yarn passes what follows the script on
            rest = [arg for arg in rest if arg != "--"]
            return rest if rest[0] not in _YARN_COMMANDS else ["run", *rest]
        return ["exec" if command == "exec" else "run", *rest]
    if command in ("init", "create"):
        if rest and not rest[0].startswith("-"):
            return ["create", *[arg for arg in rest if arg != "--scope"]]
        return ["init", *[arg for arg in rest if arg != "--scope"]]
    if command in _SAME:
        return [_SAME[command], *([arg for arg in rest if arg != "--"] if yarn else rest)]
    if command == "stop":
        return ["stop", *rest] if yarn else ["run", "stop", *rest]
    if command == "version" and yarn:
        return ["version", *[f"--{arg}" if arg in ("major", "minor", "patch") else arg for arg in rest]]
    return None


def _add_or_remove(verb: str, args: list[str], yarn: bool) -> list[str]:
    if not yarn:  # pnpm takes npm's flags; --save is what it does anyway
        return [verb, *[arg for arg in args if arg not in ("--save", "-S")]]
    words = [_YARN_FLAGS.get(arg, arg) for arg in args]
    converted = [verb, *[word for word in words if word]]
    return ["global", *converted] if any(arg in ("--global", "-g") for arg in args) else converted
