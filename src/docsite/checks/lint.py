"""Lint rules: what every page meets beyond being buildable (content/README.md, "Lint rules").

A page can build and still not be ready for readers: three lines long, without a description for
search results, with a `TODO` left in, naming an error code no API answers. These rules report it
with the file, the line and the fix, as errors or warnings (`lint:` in site.yaml: each rule can be
turned off, given its parameter and its severity). `docsite check` runs them, so a page that passes
`check` passes the test suite too.

Which pages each rule reads: docs, Markdown pages and blog posts, except `requiredKeys` and
`platformName`, which are about docs.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from docsite.config import Lint, LintRule
from docsite.content import BlogPost, Content, Doc, Page
from docsite.content_files import read_text
from docsite.errors import Problem, Report
from docsite.markdown.text import count_words, plain_text
from docsite.openapi.specs import ApiSpec

# An error code or an enum value as pages write them in inline code: `EVENT_NOT_FOUND`, `ON_SALE`.
CONSTANT = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
_FENCE = re.compile(r"^\s*(```|~~~)")
Written = Doc | Page | BlogPost  # what the rules read: Markdown a writer wrote


def lint_content(content: Content, specs: list[ApiSpec], lint: Lint, report: Report) -> None:
    """Report every page that breaks an enabled rule of `lint`. Drafts (built by `docsite dev`
    only) are unfinished by definition: not linted."""
    lint_pages([*content.docs, *content.pages, *content.posts], specs, lint, report)


def lint_pages(pages: Iterable[Written], specs: list[ApiSpec], lint: Lint, report: Report) -> None:
    """`lint_content` for some pages only (the dev server checks the one page a save changed)."""
    known = spec_words(specs, lint)
    for page in (page for page in pages if not page.front.draft):
        prose = plain_text(page.rendered.tree)
        report.extend(_min_words(page, prose, lint))
        report.extend(_description(page, lint))
        report.extend(_placeholders(page, prose, lint))
        report.extend(_constants(page, known, lint))
        report.extend(_heading_order(page, lint))
        report.extend(_image_alt(page, lint))
        if isinstance(page, Doc):
            report.extend(_required_keys(page, lint))
            report.extend(_platform_name(page, prose, lint))


def spec_words(specs: list[ApiSpec], lint: Lint) -> set[str] | None:
    """All the rules read of the specs: the constants a page may name (None: not checked). (The
    dev server lints no page again after a spec edit that leaves them as they were.)"""
    # a spec without `x-error-codes` is reported: the codes the pages name wait until it has them
    constants = lint.constants.enabled and all(spec.lists_error_codes for spec in specs)
    if not constants:
        return None
    # the last answer is kept: the dev server lints one page per save, against the same specs (known
    # by their files' digests; a spec made without one is read again)
    key = (tuple((str(spec.file), spec.digest) for spec in specs), tuple(lint.constants.allow))
    if not all(spec.digest for spec in specs):
        return _known_constants(specs, lint.constants.allow)
    if _last_words[0] != key:
        _last_words[:] = [key, _known_constants(specs, lint.constants.allow)]
    return set(_last_words[1])


_last_words: list[Any] = [None, None]  # spec_words' last key and answer


def _problem(rule: LintRule, name: str, message: str, file: Path, line: int, fix: str) -> Problem:
    return Problem(message, file, line, f"{fix} (rule lint.{name} in site.yaml)", rule.severity)


def _min_words(page: Written, prose: str, lint: Lint) -> Iterator[Problem]:
    rule = lint.minWords
    words = count_words(prose)
    if rule.enabled and words < rule.min:
        counted = f"{words} word{'s' if words != 1 else ''}"
        yield _problem(rule, "minWords", f"the page has {counted}; a page has at least {rule.min}", page.file, 1,
                       "write the page out: what it is for, how to do it, an example and what "
                       "can go wrong; or merge it into the page it belongs to")


def _description(page: Written, lint: Lint) -> Iterator[Problem]:
    rule = lint.description
    if not rule.enabled:
        return
    text = (page.front.description or "").strip()
    wanted = f"one sentence of {rule.min} to {rule.max} characters saying what the page covers"
    if not text:
        yield _problem(rule, "description", "the page has no description", page.file, 1,
                       f"add 'description: ...' to the front matter: {wanted} (search results and link "
                       "previews show it)")
    elif not rule.min <= len(text) <= rule.max:
        yield _problem(rule, "description", f"the description is {len(text)} characters long; it should be "
                       f"{rule.min} to {rule.max}", page.file, page.line_of("description"),
                       f"write {wanted}")


def _required_keys(doc: Doc, lint: Lint) -> Iterator[Problem]:
    rule = lint.requiredKeys
    if not rule.enabled:
        return
    unset = [key for key in rule.keys if getattr(doc.front, key, None) in (None, "", [])]
    missing = [key for key in unset if key not in doc.front_lines]
    if missing:  # a new page without them: one problem, one fix
        names = ", ".join(f"'{key}'" for key in missing)
        lines = "; ".join(f"{key}: {_EXAMPLES.get(key, '...')}" for key in missing)
        yield _problem(rule, "requiredKeys", f"the front matter has no {names}", doc.file, 1,
                       f"add to the front matter: {lines}")
    for key in unset:
        if key not in missing:
            yield _problem(rule, "requiredKeys", f"the front matter's '{key}' is empty", doc.file,
                           doc.line_of(key), f"write it: {key}: {_EXAMPLES.get(key, '...')}")


_EXAMPLES = {"keywords": "[refund, order items]", "sidebar_label": "a short label",
             "sidebar_position": "3", "description": "one sentence", "tags": "[orders]"}


def _placeholders(page: Written, prose: str, lint: Lint) -> Iterator[Problem]:
    rule = lint.placeholders
    if not rule.enabled or not rule.words:
        return
    words = sorted(rule.words, key=len, reverse=True)  # `lorem ipsum` before `lorem`
    pattern = re.compile(r"\b(?:" + "|".join(re.escape(word) for word in words) + r")\b", re.IGNORECASE)
    title = pattern.search(page.title)
    found = title or pattern.search(prose)
    if found is None:
        return
    line = page.line_of("title") if title and "title" in page.front_lines \
        else _line_of(page.file, pattern)
    yield _problem(rule, "placeholders", f"placeholder text '{found.group(0)}': the page is not finished",
                   page.file, line, "write the missing text, or remove the placeholder")


def _platform_name(doc: Doc, prose: str, lint: Lint) -> Iterator[Problem]:
    rule = lint.platformName
    if rule.enabled and rule.name.lower() not in prose.lower():
        yield _problem(rule, "platformName", f"the page never names {rule.name}", doc.file, 1,
                       f"name the platform in the text: say '{rule.name}' where the page says 'the platform' "
                       "(readers arrive from search engines)")


def _constants(page: Written, known: set[str] | None, lint: Lint) -> Iterator[Problem]:
    rule = lint.constants
    if known is None:
        return
    for span in page.rendered.code:
        if span.block or not CONSTANT.match(span.text) or span.text in known:
            continue
        close = difflib.get_close_matches(span.text, sorted(known), n=1)
        hint = f"did you mean `{close[0]}`? Else use" if close else "use"
        yield _problem(rule, "constants", f"`{span.text}` is neither an error code the specs document nor a "
                       "value of their enums", page.file, span.line,
                       f"{hint} the spec's value, add the code to `x-error-codes` of its spec, or list the name "
                       "in lint.constants.allow if it is no API's (an environment variable)")


def _heading_order(page: Written, lint: Lint) -> Iterator[Problem]:
    """No heading level skipped, from the page's title (h1) down: readers of screen readers move
    from heading to heading, and a skipped level reads as a missing section."""
    rule = lint.headingOrder
    if not rule.enabled:
        return
    previous = 1
    for heading in page.rendered.headings:
        if heading.level > previous + 1:
            yield _problem(rule, "headingOrder", f"the heading '{heading.text}' is level {heading.level} after "
                           f"level {previous}: a level is skipped", page.file, heading.line,
                           f"write it `{'#' * (previous + 1)} {heading.text}` (the page's title is level 1, its "
                           "sections ##, their parts ###)")
        previous = heading.level


def _image_alt(page: Written, lint: Lint) -> Iterator[Problem]:
    rule = lint.imageAlt
    if not rule.enabled:
        return
    for image in page.rendered.images:
        if not str(image.props.get("alt", "")).strip():
            yield _problem(rule, "imageAlt", f"the image {image.target} has no alt text", page.file, image.line,
                           "say what the image shows between the brackets, as a reader who cannot see it needs "
                           "it: ![Seat map of the venue](/img/seat-map.png)")


def _known_constants(specs: Iterable[ApiSpec], allow: Iterable[str]) -> set[str]:
    """The documented error codes, the string values of the specs' enums and consts, and `allow`."""
    known = set(allow)
    for spec in specs:
        known |= spec.error_codes
        known |= {value for value in _enum_values(spec.document) if isinstance(value, str)}
    return known


def _enum_values(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        if isinstance(value.get("enum"), list):
            yield from value["enum"]
        if "const" in value:
            yield value["const"]
        for child in value.values():
            yield from _enum_values(child)
    elif isinstance(value, list):
        for child in value:
            yield from _enum_values(child)


def _line_of(file: Path, pattern: re.Pattern[str]) -> int:
    """The first line of `file`'s body, outside code blocks, where `pattern` matches (1 when none does)."""
    lines = read_text(file).split("\n")
    body = next((n + 1 for n in range(1, len(lines)) if lines[n].rstrip() == "---"), 0) \
        if lines[0].rstrip() == "---" else 0  # after the front matter
    in_code = False
    for number, line in enumerate(lines[body:], start=body + 1):
        if _FENCE.match(line):
            in_code = not in_code
        elif not in_code and pattern.search(line):
            return number
    return 1
