"""A real Docusaurus docs folder, built with only the configuration changed (issue 29's goal).

The set is the Docusaurus website's own docs (tests/unit/fixtures/docusaurus-website, NOTICE.md there:
51 pages of its `docs` sidebar and its `sidebars.js`). It is copied into a content folder with the
site.yaml a team moving over would write (the migration guide, content/MIGRATING.md: broken links
to what is not moved yet warn, this site's house rules off) and loaded, resolved and checked as
`docsite check` does. Then, per page:

- no page shows Docusaurus syntax as text (`import`/`export` lines, `<Tabs`, `:::`, MDX comments),
  unless an error names it (the build then fails: the page is never published);
- the page has the structure Docusaurus gives it: its headings (level and id), code blocks
  (language and title), admonitions (type) and tabs (labels), as expected-structure.json has them.
  That file is derived once from the pages by Docusaurus 3's own MDX parser (expected-structure.mjs,
  run by hand: the parser is not a dependency of the builder) and was reviewed by hand;
- a page whose structure differs has a message naming the page (its file) and the construct (a
  message about its code, its tabs...), and a page that is not built an error naming it: a writer
  learns of every difference from `docsite check`, never from a reader.

The figures (pages, errors, warnings, pages that match) are printed: `pytest -s` shows them.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from docsite.build import Paths, Site, load_site
from docsite.errors import BuildError, Problem, Report
from docsite.markdown import render_markdown
from docsite.markdown.mdx_code_blocks import unwrap_mdx_code_blocks
from docsite.markdown.text import walk
from tests.conftest import FRONTEND

SET = Path(__file__).parent / "fixtures" / "docusaurus-website"
EXPECTED: dict[str, dict[str, Any]] = json.loads((SET / "expected-structure.json").read_text(encoding="utf-8"))
# What a team moving over writes in site.yaml (content/MIGRATING.md): the links to pages not moved
# yet warn, and this site's house rules (which Docusaurus does not have) are off.
SITE_YAML = """\
title: Docusaurus
url: https://docusaurus.io
onBrokenLinks: warn
onBrokenMarkdownLinks: warn
onBrokenAnchors: warn
lint:
  minWords: false
  description: false
  requiredKeys: false
  placeholders: false
  platformName: false
  constants: false
  headingOrder: false
  imageAlt: false
"""
# Docusaurus syntax that would show as text if it were not read: an import or export line, an MDX
# tag, a container's colons, an MDX comment.
LEAKS = re.compile(r"(?:^|\n)\s*(?:import|export)\s+\S|<(?:Tabs|TabItem|Admonition|CodeBlock|TOCInline|Details)\b"
                   r"|(?:^|\n)\s*:::|\{/\*")
# A message about a construct names it: what each kind of difference must be explained by.
CONSTRUCTS = {"headings": re.compile(r"heading|\{#", re.I),
              "code": re.compile(r"code|fence|language|npm2yarn", re.I),
              "admonitions": re.compile(r"admonition|container|:::", re.I),
              "tabs": re.compile(r"tab|npm2yarn", re.I)}
NOT_TEXT = ("code", "CodeBlock", "pre", "Diagram", "math", "style", "script")


class CollectingReport(Report):
    """Every problem of the run, the build carrying on past errors as `docsite check` lists them all."""

    def raise_if_errors(self) -> None:
        return None


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Site, list[Problem], Path]:
    root = tmp_path_factory.mktemp("docusaurus-import")
    content = root / "content"
    content.mkdir()
    shutil.copytree(SET / "docs", content / "docs")
    shutil.copy(SET / "sidebars.js", content / "sidebars.js")
    (content / "site.yaml").write_text(SITE_YAML, encoding="utf-8")
    report = CollectingReport()
    try:
        site = load_site(Paths(content, root / "build", FRONTEND), report=report)
    except BuildError as exc:  # a stage that cannot go on: the test shows what stopped it
        pytest.fail(f"the import stopped the build: {exc}")
    return site, report.problems, content / "docs"


def page_structure(tree: list[Any]) -> dict[str, list[Any]]:
    """What the builder made of a page, in the terms of expected-structure.json."""
    found: dict[str, list[Any]] = {"headings": [], "code": [], "admonitions": [], "tabs": []}
    for node in walk(tree):
        tag, props = node[0], node[1] or {}
        if isinstance(tag, str) and re.fullmatch(r"h[2-6]", tag) and props.get("id"):
            found["headings"].append([int(tag[1]), props["id"]])
        elif tag == "CodeBlock":
            found["code"].append([_language(props.get("language")), props.get("title")])
        elif tag == "div" and str(props.get("className", "")).startswith("admonition admonition-"):
            found["admonitions"].append(str(props["className"]).split("admonition-", 1)[1].split()[0])
        elif tag == "Tabs":
            items = [child for child in node[2:] if isinstance(child, list) and child[0] == "TabItem"]
            found["tabs"].append([(child[1] or {}).get("label") or (child[1] or {}).get("value") for child in items])
    return found


def expected_structure(page: dict[str, Any]) -> dict[str, list[Any]]:
    """The expected structure less the title (a leading `# Title` is the page's title in both) and
    Docusaurus's unnamed code language (`text` here)."""
    return {"headings": [h for h in page["headings"] if h[0] > 1],
            "code": [[_language(lang), title] for lang, title in page["code"]],
            "admonitions": page["admonitions"], "tabs": page["tabs"]}


def _language(language: str | None) -> str:
    return (language or "text").lower()


def shown_text(tree: list[Any]) -> list[str]:
    """The text of each block a reader sees, code left out."""
    blocks: list[str] = []

    def text(nodes: list[Any]) -> str:
        return "".join(n if isinstance(n, str) else ("" if n[0] in NOT_TEXT else text(n[2:])) for n in nodes)

    for node in walk(tree):
        if node[0] in ("p", "li", "td", "th", "h2", "h3", "h4", "h5", "h6", "summary", "blockquote"):
            blocks.append(text(node[2:]))
    return blocks


def routes_by_file(site: Site) -> dict[str, Any]:
    return {str(route.source): route for route in site.routes if route.kind == "doc" and route.source is not None}


def named(problems: list[Problem], file: Path) -> list[Problem]:
    return [p for p in problems if p.file is not None and p.file.resolve() == file.resolve()]


def test_no_message_is_a_traceback_and_every_one_names_its_file(
        imported: tuple[Site, list[Problem], Path]) -> None:
    _, problems, _ = imported
    assert [str(p) for p in problems if p.message.startswith("internal error")] == []
    assert [str(p) for p in problems if p.file is None] == []


def test_the_sidebars_js_is_read_as_docusaurus_reads_it(imported: tuple[Site, list[Problem], Path]) -> None:
    site, _, _ = imported
    labels = [item.label for item in site.sidebars.find("docs").items]
    assert labels[1:] == ["Getting Started", "Guides", "Advanced Guides", "Migrating from v1 to v2"]


def test_no_page_shows_docusaurus_syntax_as_text(imported: tuple[Site, list[Problem], Path]) -> None:
    """A page an error names is not published (the build fails on it); any other is read as it is."""
    site, problems, docs = imported
    leaks = {}
    for file, route in routes_by_file(site).items():
        found = [block[:80] for block in shown_text(route.data["content"]) if LEAKS.search(block)]
        if found and not [p for p in named(problems, Path(file)) if p.severity == "error"]:
            leaks[str(Path(file).relative_to(docs))] = found
    assert leaks == {}


# Differences no message names yet, each with what causes it: the test fails on any other, and on
# one of these once it is fixed (then take it out).
KNOWN_SILENT: dict[str, str] = {}


def test_every_page_has_docusaurus_structure_or_a_message_naming_it(
        imported: tuple[Site, list[Problem], Path]) -> None:
    site, problems, docs = imported
    routes = routes_by_file(site)
    matching, silent, unparsed = [], [], []
    for page, expected in EXPECTED.items():
        file = docs / page
        if "error" in expected:  # Docusaurus 3's MDX cannot read it either: it needs a message too
            unparsed.append(page)
            if not named(problems, file):
                silent.append(f"{page}: not MDX 3 ({expected['error']})")
            continue
        route = routes.get(str(file))
        if route is None:  # not built: an error must say why
            if not [p for p in named(problems, file) if p.severity == "error"]:
                silent.append(f"{page}: not built, and no error names it")
            continue
        built, wanted = page_structure(route.data["content"]), expected_structure(expected)
        if built == wanted:
            matching.append(page)
        for construct in (c for c in built if built[c] != wanted[c]):
            said = [p for p in named(problems, file) if CONSTRUCTS[construct].search(f"{p.message} {p.fix}")]
            if not said:
                silent.append(f"{page}: its {construct} differ and no message names them: built {built[construct]}, "
                              f"Docusaurus {wanted[construct]}")
    errors = [p for p in problems if p.severity == "error"]
    comparable = len(EXPECTED) - len(unparsed)
    print(f"\nDocusaurus website docs: {len(EXPECTED)} pages, {len(errors)} errors, "
          f"{len(problems) - len(errors)} warnings; structure as Docusaurus's on {len(matching)} of "
          f"{comparable} pages MDX 3 reads ({len(matching) / comparable:.0%}); differences no message names: "
          f"{len(silent)}")
    for line in silent:
        print(f"  {line[:160]}")
    assert sorted({line.split(" and no message")[0] for line in silent}) == sorted(KNOWN_SILENT), \
        "differences from Docusaurus that no message names"


def test_an_mdx_code_block_fence_is_read_as_part_of_the_page() -> None:
    text = ("Intro.\n\n````mdx-code-block\n<Tabs>\n<TabItem value=\"a\" label=\"A\">\n\n```js\nx\n```\n\n"
            "</TabItem>\n</Tabs>\n````\n\n````md\n```mdx-code-block\nshown as code\n```\n````\n")
    rendered = render_markdown(text, Path("page.md"))
    assert [p.message for p in rendered.problems] == []
    structure = page_structure(rendered.tree)
    assert structure["tabs"] == [["A"]], "the fence's content is the page's: its tabs are tabs"
    assert structure["code"] == [["js", None], ["md", None]], "a fence inside another one stays code"
    assert unwrap_mdx_code_blocks(text).count("\n") == text.count("\n"), "every line keeps its number"
