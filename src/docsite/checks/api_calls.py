"""Docs agree with the specs: every API call a page writes in code is one that a spec defines.

The check reads the code of every Markdown page (inline code and code blocks, with their lines) and
finds API calls written three ways:

- a method and a path: `GET /catalog/v1/events/{eventId}`, or a method and a full URL;
- a full URL on one of the specs' servers: `curl https://api.pre.oneboxtds.com/catalog/v1/events/4521`;
- a path under one of the APIs' base paths in code: `f"{BASE_URL}/distribution/v1/carts/{cart_id}"`.

A path matches a spec path segment by segment: a spec parameter (`{eventId}`) matches any value
(`4521`, `{event_id}`, `${cartId}`). The method comes from the text when the text says it (the
method before the path, curl's `-X` or data flags, `requests.post(`, `fetch(url, {method: "PUT"})`,
fetch without a method is a GET); otherwise only the path is checked. URLs on other hosts (the
OAuth token endpoint on auth.*, the widget's CDN) and paths outside the APIs (`/oauth/token`,
your own webhook endpoint) are not API calls.

A call no spec defines fails the build with the file, the line and the closest call the specs do
define. Writing a path parameter under another name than the spec's (`{id}` for `{eventId}`) in a
method-and-path reference warns.
"""

from __future__ import annotations

import difflib
import pickle
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from docsite.cache import KeptResults
from docsite.errors import Problem, Report
from docsite.markdown import CodeSpan
from docsite.openapi.specs import METHODS, ApiSpec
from docsite.routes import Route

_METHOD_NAMES = "|".join(m.upper() for m in METHODS)
_METHOD_AND_TARGET = re.compile(rf"\b({_METHOD_NAMES})\s+(https?://\S+|/\S*)")
_URL = re.compile(r"https?://[A-Za-z0-9.-]+(?::\d+)?(?:/[^\s\"'`<>)\]]*)?")
_VERSIONED = re.compile(r"/[a-z][a-z0-9-]*/v\d+(?=[/\s\"'`?#),;]|$)")
_CURL = re.compile(r"(?:^|[\s;|&(])curl\s")
_CURL_METHOD = re.compile(r"(?:-X\s*|--request[\s=]+)([A-Za-z]+)")
_CURL_DATA = re.compile(r"\s(?:-d|--data(?:-raw|-binary|-urlencode)?|-F|--form|--json)[\s=]")
_CLIENT_METHOD = re.compile(r"\.(get|post|put|patch|delete|head|options)\(\s*[rfbu]*[\"'`]?$", re.IGNORECASE)
_FETCH = re.compile(r"\bfetch\((?=\s*[\"'`]?$)")
_FETCH_METHOD = re.compile(r"""\bmethod\s*:\s*["'`]([A-Za-z]+)["'`]""")
_PLACEHOLDER = re.compile(r"^(?:\{[^{}]*\}|\$\{.*\}|:[A-Za-z_]\w*|<[^<>]+>)$")
_TEMPLATE_PART = re.compile(r"\{|\$\{|^:|<")
_NAMED = re.compile(r"^\{([A-Za-z_][A-Za-z0-9_]*)\}$")
_TRAILING = ".,;:!?)]}>"


@dataclass(frozen=True)
class SpecOperation:
    method: str
    path: str
    api: str  # the spec's title
    segments: tuple[str, ...]
    spec: str  # the spec's name (its file stem)


@dataclass(frozen=True)
class ApiCall:
    """An API call found in a page: where, the method (None when the text does not say) and the path."""

    line: int
    method: str | None
    path: str
    written: str  # the path or URL as the page writes it
    reference: bool  # a "METHOD /path" reference (parameter names are compared)


class ApiIndex:
    """What the specs define: operations, servers' hosts, and the APIs' first path segments."""

    def __init__(self, specs: Iterable[ApiSpec]) -> None:
        self.operations: list[SpecOperation] = []
        self.servers: list[tuple[str, str]] = []  # (host, base path)
        self.roots: set[str] = set()
        for spec in specs:
            for server in spec.document.get("servers") or []:
                url = urlsplit(str(server.get("url", ""))) if isinstance(server, dict) else None
                if url is not None and url.hostname:
                    self.servers.append((url.hostname.lower(), url.path.rstrip("/")))
            for path, item in (spec.document.get("paths") or {}).items():
                if not isinstance(item, dict):
                    continue
                segments = _segments(path)
                if segments:
                    self.roots.add(segments[0])
                for method in METHODS:
                    if method in item:
                        self.operations.append(SpecOperation(method.upper(), path, spec.title, segments, spec.name))
        # a path matches only operations of as many segments, in their order (`matching`); and pages
        # write the same few paths again and again (the corpus: 20,000 calls, a few hundred paths)
        self._by_length: dict[int, list[SpecOperation]] = {}
        for op in self.operations:
            self._by_length.setdefault(len(op.segments), []).append(op)
        self._matched: dict[str, tuple[SpecOperation, ...]] = {}

    def finding_key(self) -> str:
        """What finding the calls in code reads of the specs: the servers and the APIs' roots."""
        return repr((self.servers, sorted(self.roots)))

    def checking_key(self) -> str:
        """What checking a call reads of the specs: the operations (their APIs' titles in messages)."""
        return repr([(op.method, op.path, op.api, op.spec) for op in self.operations])

    def is_api_host(self, host: str) -> bool:
        return any(host == known for known, _ in self.servers)

    def api_path(self, host: str, path: str) -> str:
        """The path of a URL on an API server, without the server's own base path."""
        for known, base in self.servers:
            if host == known and base and path.startswith(base + "/"):
                return path[len(base):]
        return path

    def is_api_path(self, path: str) -> bool:
        """A path that belongs to an API: under one of their roots, or versioned like them. An API's
        base path alone (`/catalog/v1`) names the API, it is not a call."""
        segments = _segments(path)
        versioned = len(segments) > 1 and re.fullmatch(r"v\d+", segments[1]) is not None
        if versioned and len(segments) == 2:
            return False
        return bool(segments) and (segments[0] in self.roots or versioned)

    def matching(self, path: str) -> tuple[SpecOperation, ...]:
        """The operations whose path matches `path` (any method), in the specs' order."""
        found = self._matched.get(path)
        if found is None:
            written = _segments(path)
            found = self._matched[path] = tuple(op for op in self._by_length.get(len(written), ())
                                                if _matches(op.segments, written))
        return found

    def closest(self, method: str | None, path: str) -> SpecOperation | None:
        candidates = {f"{op.method} {_as_template(op.path)}": op for op in self.operations}
        key = f"{method or 'GET'} {_as_template(path)}"
        found = difflib.get_close_matches(key, list(candidates), n=1, cutoff=0.5)
        if not found and method:
            found = difflib.get_close_matches(key, list(candidates), n=1, cutoff=0.0)
        return candidates[found[0]] if found else None


def route_code(routes: Iterable[Route]) -> list[tuple[Path, list[CodeSpan]]]:
    """The code of the routes' Markdown, by source file."""
    return [(route.source, route.rendered.code) for route in routes
            if route.rendered is not None and route.source is not None]


def check_api_calls(code: Iterable[tuple[Path, list[CodeSpan]]], specs: list[ApiSpec],
                    report: Report, kept: KeptResults | None = None) -> dict[Path, list[ApiCall]]:
    """Report every API call in the code of each file (Markdown pages, React pages' props) that no
    spec defines. Returns the calls found, by file, in line order: the JSON check (bodies.py) reads
    what follows them. `kept`: the results of the previous build (a whole site's check; a single
    page's, in the dev server, is computed: about 0.2 ms)."""
    found: dict[Path, list[ApiCall]] = {}
    if not specs:
        return found
    index = ApiIndex(specs)
    seen: set[tuple[Path, int, str | None, str]] = set()
    # Finding the calls in a file's code is most of the work; checking them, the rest. Each is kept
    # by what it reads of the specs (`ApiIndex.finding_key`, `ApiIndex.checking_key`), not by the
    # specs' bytes: an edit to a spec that adds no server, API root, operation or title (a
    # description, a schema, an example) finds and checks no page's calls again.
    finding, checking = index.finding_key(), index.checking_key()
    results = kept or KeptResults(None)
    for file, spans in code:
        inputs = pickle.dumps(spans, protocol=pickle.HIGHEST_PROTOCOL)
        in_file = results.get_or_compute("api-calls", (finding, inputs),
                                         lambda spans=spans: tuple(call for span in spans  # type: ignore[misc]
                                                                   for call in find_api_calls(span, index)))
        new = []
        for call in in_file:
            found.setdefault(file, []).append(call)
            key = (file, call.line, call.method, call.path)
            if key not in seen:
                seen.add(key)
                new.append(call)
        if new:
            report.extend(results.get_or_compute(
                "api-call-checks", (checking, str(file), pickle.dumps(new)),
                lambda new=new, file=file: tuple(_checked_calls(new, index, file))))  # type: ignore[misc]
    for calls in found.values():
        calls.sort(key=lambda call: call.line)
    return found


def _checked_calls(calls: list[ApiCall], index: ApiIndex, file: Path) -> list[Problem]:
    report = Report()
    for call in calls:
        _check_call(call, index, file, report)
    return report.problems


def _check_call(call: ApiCall, index: ApiIndex, file: Path, report: Report) -> None:
    shown = f"{call.method} {call.written}" if call.method else call.written
    matches = index.matching(call.path)
    if not matches:
        closest = index.closest(call.method, call.path)
        hint = f"did you mean `{closest.method} {closest.path}` ({closest.api})?" if closest else \
            "check the path against the API reference (/specification/)"
        report.error(f"API call `{shown}`: no API spec defines this path", file, call.line,
                     f"{hint} Fix the page, or the spec if the page is right")
        return
    if call.method and not any(op.method == call.method for op in matches):
        defined = ", ".join(sorted({f"{op.method} {op.path}" for op in matches}))
        report.error(f"API call `{shown}`: no API spec defines {call.method} for this path", file, call.line,
                     f"the specs define {defined}; fix the method, or the spec if the page is right")
        return
    if call.reference:
        same = [op for op in matches if call.method in (None, op.method)]
        names = _renamed_parameters(call.path, same[0].segments) if same else []
        if names:
            renamed = ", ".join(f"{{{mine}}} for {{{theirs}}}" for mine, theirs in names)
            report.warn(f"API call `{shown}` names path parameters differently from the spec ({renamed})",
                        file, call.line, f"write the path as the spec does: `{same[0].method} {same[0].path}`")


# -- finding calls in code -----------------------------------------------------------------------

def find_api_calls(span: CodeSpan, index: ApiIndex) -> Iterator[ApiCall]:
    """The API calls in one piece of code."""
    text = span.text
    if "/" not in text:  # every call names a path or a URL: most inline code (`eventId`) has none
        return
    for start, end in _commands(text):
        command = text[start:end]
        line = span.line + text.count("\n", 0, start)
        taken: list[tuple[int, int]] = []
        curl = _curl_method(command) if _CURL.search(command) else None

        def line_of(offset: int, command: str = command, line: int = line) -> int:
            return line + command.count("\n", 0, offset)

        for match in _METHOD_AND_TARGET.finditer(command):
            target = _clean(match.group(2))
            taken.append((match.start(2), match.start(2) + len(target)))
            path = _path_of(target, index)
            if path is not None:
                yield ApiCall(line_of(match.start()), match.group(1), path, target, not span.block)
        for match in _URL.finditer(command):
            if _inside(match.start(), taken):
                continue
            url = _clean(match.group(0))
            taken.append((match.start(), match.start() + len(url)))
            path = _path_of(url, index)
            if path is not None:
                method = curl or _client_method(text, start + match.start())
                yield ApiCall(line_of(match.start()), method, path, url, False)
        for match in _VERSIONED.finditer(command):
            if _inside(match.start(), taken):
                continue
            written = _clean(_path_from(command, match.start()))
            taken.append((match.start(), match.start() + len(written)))
            path = _strip_query(written)
            root = match.group(0).split("/")[1]
            after_placeholder = command[:match.start()].rstrip("\"'`").endswith("}")  # {BASE_URL}/...
            if index.is_api_path(path) and (root in index.roots or after_placeholder):
                method = curl or _client_method(text, start + match.start())
                yield ApiCall(line_of(match.start()), method, path, written, False)


def _commands(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each logical line: lines ending with a backslash continue on the next one."""
    start = 0
    while start < len(text):
        end = start
        while True:
            newline = text.find("\n", end)
            if newline == -1:
                end = len(text)
                break
            if text[start:newline].rstrip().endswith("\\"):
                end = newline + 1
                continue
            end = newline
            break
        yield start, end
        start = end + 1


def _curl_method(command: str) -> str:
    explicit = _CURL_METHOD.search(command)
    if explicit:
        return explicit.group(1).upper()
    if re.search(r"\s(?:-G|--get)(?:\s|$)", command):
        return "GET"  # data flags then go in the query string
    if re.search(r"\s(?:-I|--head)(?:\s|$)", command):
        return "HEAD"
    if re.search(r"\s(?:-T|--upload-file)\s", command):
        return "PUT"
    return "POST" if _CURL_DATA.search(command + " ") else "GET"


def _client_method(text: str, offset: int) -> str | None:
    """The method of an HTTP client call whose first argument starts at `offset`, when it says so."""
    start = max(0, offset - 80)
    before = re.sub(r"\$?\{[^{}]*\}$", "", text[start:offset])  # f"{BASE_URL}/..." / `${BASE_URL}/...`
    client = _CLIENT_METHOD.search(before)
    if client:
        return client.group(1).upper()
    fetch = _FETCH.search(before)
    if fetch:
        return _fetch_method(text, start + fetch.end())
    return None


def _fetch_method(text: str, arguments: int) -> str | None:
    """fetch(url, {..., method: "PUT"}): the method in the call's own options; GET when it has none.
    `arguments` is where the call's arguments start, just after `fetch(`."""
    depth, index, options_start = 1, arguments, None
    quote: str | None = None
    while index < len(text) and depth:
        char = text[index]
        if quote:
            if char == quote and text[index - 1] != "\\":
                quote = None
        elif char in "\"'`":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 1 and options_start is None:
            options_start = index + 1
        index += 1
    if options_start is None:
        return "GET"
    options = text[options_start:index - 1].strip()
    if not options.startswith("{"):
        return None  # fetch(url, options): the method is elsewhere
    method = _FETCH_METHOD.search(options)
    return method.group(1).upper() if method else "GET"


def _path_of(target: str, index: ApiIndex) -> str | None:
    """The API path of a URL or path written in a page, or None when it is not an API call."""
    if target.startswith(("http://", "https://")):
        parts = urlsplit(target)
        host = (parts.hostname or "").lower()
        path = _strip_query(index.api_path(host, parts.path))
        if not index.is_api_host(host) or path.strip("/") == "":
            return None  # another site, or the server's address alone (BASE_URL = "https://api...")
        return path
    path = _strip_query(target)
    return path if index.is_api_path(path) else None


def _path_from(text: str, start: int) -> str:
    """The path starting at `start`: up to a space, quote or bracket, placeholders (`{...}`) included."""
    index, depth = start, 0
    while index < len(text):
        char = text[index]
        if char == "{":
            depth += 1
        elif char == "}" and depth:
            depth -= 1
        elif not depth and (char.isspace() or char in "\"'`<>()[],;|\\"):
            break
        index += 1
    return text[start:index]


def _clean(target: str) -> str:
    target = target.strip("\"'`")
    while target and target[-1] in _TRAILING and not (target[-1] == "}" and "{" in target):
        target = target[:-1]
    return target


def _strip_query(path: str) -> str:
    depth = 0
    for index, char in enumerate(path):
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(0, depth - 1)
        elif char in "?#" and not depth:
            return path[:index]
    return path


def _inside(offset: int, spans: list[tuple[int, int]]) -> bool:
    return any(start <= offset < end for start, end in spans)


def _segments(path: str) -> tuple[str, ...]:
    """A path's segments, split outside placeholders: `/a/{b['c']}/d` -> ("a", "{b['c']}", "d")."""
    segments, current, depth = [], "", 0
    for char in path:
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(0, depth - 1)
        if char == "/" and not depth:
            if current:
                segments.append(current)
            current = ""
        else:
            current += char
    if current:
        segments.append(current)
    return tuple(segments)


def _matches(spec: tuple[str, ...], written: tuple[str, ...]) -> bool:
    if len(spec) != len(written):
        return False
    for theirs, mine in zip(spec, written, strict=True):
        if theirs.startswith("{") and theirs.endswith("}"):
            continue
        if mine != theirs and not _TEMPLATE_PART.search(mine):
            return False
    return True


def _renamed_parameters(path: str, spec: tuple[str, ...]) -> list[tuple[str, str]]:
    renamed = []
    for theirs, mine in zip(spec, _segments(path), strict=False):
        mine_name, theirs_name = _NAMED.match(mine), _NAMED.match(theirs)
        if mine_name and theirs_name and mine_name.group(1) != theirs_name.group(1):
            renamed.append((mine_name.group(1), theirs_name.group(1)))
    return renamed


def _as_template(path: str) -> str:
    """For suggestions: concrete ids and placeholders both become `{}`."""
    return "/" + "/".join("{}" if _PLACEHOLDER.match(s) or s.isdigit() or _TEMPLATE_PART.search(s) else s
                          for s in _segments(path))
