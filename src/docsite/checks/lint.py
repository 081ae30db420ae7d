"""Lint rules: what every page meets beyond being buildable (content/README.md, "Lint rules").

A page can build and still not be ready for readers: three lines long, without a description for
search results, with a `TODO` left in, naming an error code no API answers. These rules report it
with the file, the line and the fix, as errors or warnings (`lint:` in site.yaml: each rule can be
turned off, given its parameter and its severity, for every file or for some: `overrides`).
`docsite check` runs them, so a page that passes `check` passes the test suite too.

Which pages each rule reads: docs, Markdown pages and blog posts, except `requiredKeys` and
`platformName`, which are about docs. The checks of the pages' code against the specs
(docsite.checks.api_calls, docsite.checks.json_bodies) are rules too, `apiCalls` and `jsonBodies`:
`house_rule` applies their settings to what they report.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from docsite.config import CONFIG_FILE, Lint, LintRule, LintRules
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
        rules = lint.for_path(content_path(page.file))
        report.extend(_min_words(page, prose, rules))
        report.extend(_description(page, rules))
        report.extend(_placeholders(page, prose, rules))
        report.extend(_constants(page, known, rules))
        report.extend(_heading_order(page, rules))
        report.extend(_image_alt(page, rules))
        if isinstance(page, Doc):
            report.extend(_required_keys(page, rules))
            report.extend(_platform_name(page, prose, rules))


def house_rule(name: str, problems: Iterable[Problem], lint: Lint) -> list[Problem]:
    """What a check Docusaurus does not make (`apiCalls`, `jsonBodies`) reported, as its rule of `lint`
    has it for each problem's file: none where it is off, warnings where its severity is warning; the
    fix names the rule, as the other rules' do."""
    kept = []
    for problem in problems:
        rule: LintRule = getattr(lint.for_path(content_path(problem.file)) if problem.file else lint, name)
        if rule.enabled:
            kept.append(replace(problem, fix=f"{problem.fix or 'fix it'} (rule lint.{name} in site.yaml)",
                                severity=problem.severity if rule.severity == "error" else "warning"))
    return kept


def content_path(file: Path) -> str:
    """`file` below the content folder (the folder of site.yaml), as the overrides' `paths` match
    it: `docs/imported/intro.md`."""
    folder = _content_folder(file.parent)
    return file.relative_to(folder).as_posix() if folder else file.as_posix()


@lru_cache(maxsize=1024)
def _content_folder(folder: Path) -> Path | None:
    if (folder / CONFIG_FILE).is_file():
        return folder
    return _content_folder(folder.parent) if folder.parent != folder else None


def spec_words(specs: list[ApiSpec], lint: Lint) -> set[str] | None:
    """All the rules read of the specs: the constants a page may name, but those a rule allows
    (None: not checked). (The dev server lints no page again after a spec edit that leaves them as
    they were.)"""
    # a spec without `x-error-codes` is reported: the codes the pages name wait until it has them
    constants = any(rules.constants.enabled for rules in lint.rule_sets()) \
        and all(spec.lists_error_codes for spec in specs)
    if not constants:
        return None
    # the last answer is kept: the dev server lints one page per save, against the same specs (known
    # by their files' digests; a spec made without one is read again)
    key = tuple((str(spec.file), spec.digest) for spec in specs)
    if not all(spec.digest for spec in specs):
        return _known_constants(specs)
    if _last_words[0] != key:
        _last_words[:] = [key, _known_constants(specs)]
    return set(_last_words[1])


_last_words: list[Any] = [None, None]  # spec_words' last key and answer


def _problem(rule: LintRule, name: str, message: str, file: Path, line: int, fix: str) -> Problem:
    return Problem(message, file, line, f"{fix} (rule lint.{name} in site.yaml)", rule.severity)


def _min_words(page: Written, prose: str, lint: LintRules) -> Iterator[Problem]:
    rule = lint.minWords
    words = count_words(prose)
    if rule.enabled and words < rule.min:
        counted = f"{words} word{'s' if words != 1 else ''}"
        yield _problem(rule, "minWords", f"the page has {counted}; a page has at least {rule.min}", page.file, 1,
                       "write the page out: what it is for, how to do it, an example and what "
                       "can go wrong; or merge it into the page it belongs to")


def _description(page: Written, lint: LintRules) -> Iterator[Problem]:
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


def _required_keys(doc: Doc, lint: LintRules) -> Iterator[Problem]:
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


def _placeholders(page: Written, prose: str, lint: LintRules) -> Iterator[Problem]:
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


def _platform_name(doc: Doc, prose: str, lint: LintRules) -> Iterator[Problem]:
    rule = lint.platformName
    if rule.enabled and rule.name.lower() not in prose.lower():
        yield _problem(rule, "platformName", f"the page never names {rule.name}", doc.file, 1,
                       f"name the platform in the text: say '{rule.name}' where the page says 'the platform' "
                       "(readers arrive from search engines)")


def _constants(page: Written, known: set[str] | None, lint: LintRules) -> Iterator[Problem]:
    rule = lint.constants
    if known is None or not rule.enabled:
        return
    if rule.allow:
        known = known | set(rule.allow)
    for span in page.rendered.code:
        if span.block or not CONSTANT.match(span.text) or span.text in known:
            continue
        close = difflib.get_close_matches(span.text, sorted(known), n=1)
        hint = f"did you mean `{close[0]}`? Else use" if close else "use"
        yield _problem(rule, "constants", f"`{span.text}` is neither an error code the specs document nor a "
                       "value of their enums", page.file, span.line,
                       f"{hint} the spec's value, add the code to `x-error-codes` of its spec, or list the name "
                       "in lint.constants.allow if it is no API's (an environment variable)")


def _heading_order(page: Written, lint: LintRules) -> Iterator[Problem]:
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


def _image_alt(page: Written, lint: LintRules) -> Iterator[Problem]:
    rule = lint.imageAlt
    if not rule.enabled:
        return
    for image in page.rendered.images:
        if not str(image.props.get("alt", "")).strip():
            yield _problem(rule, "imageAlt", f"the image {image.target} has no alt text", page.file, image.line,
                           "say what the image shows between the brackets, as a reader who cannot see it needs "
                           "it: ![Seat map of the venue](/img/seat-map.png)")


def _known_constants(specs: Iterable[ApiSpec]) -> set[str]:
    """The documented error codes, and the string values of the specs' enums and consts."""
    known: set[str] = set()
    for spec in specs:
        known |= spec.error_codes
        known |= spec.enum_values
    return known


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
