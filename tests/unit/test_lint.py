"""The lint rules (docsite/lint.py): each fires with its message, file and line, is silenced by
`false` in site.yaml's `lint:`, and is a warning, not an error, with `severity: warning`."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from docsite.cli import app
from docsite.errors import BuildError, Problem
from tests.conftest import CONTENT
from tests.unit.sitefiles import configure, doc, load, write

runner = CliRunner()
Case = Callable[[Path], tuple[Path, int, str]]


def short_page(site: Path) -> tuple[Path, int, str]:
    return site / "docs" / "intro.md", 1, "the page has 1 word; a page has at least 20"


def short_description(site: Path) -> tuple[Path, int, str]:
    return site / "docs" / "intro.md", 3, "the description is 10 characters long; it should be 5 to 8"


def missing_description(site: Path) -> tuple[Path, int, str]:
    file = write(site / "pages" / "about.md", "---\ntitle: About\n---\n\nAbout us.\n")
    return file, 1, "the page has no description"


def missing_key(site: Path) -> tuple[Path, int, str]:
    return site / "docs" / "intro.md", 1, "the front matter has no 'sidebar_label'"


def empty_key(site: Path) -> tuple[Path, int, str]:
    file = write(site / "docs" / "intro.md", doc("Intro", "slug: /\nkeywords: []\n", "Hello."))
    return file, 5, "the front matter's 'keywords' is empty"


def placeholder_in_text(site: Path) -> tuple[Path, int, str]:
    body = "Hello.\n\n```python\n# coming soon in code is code\n```\n\nThe refunds part is Coming soon."
    file = write(site / "docs" / "intro.md", doc("Intro", "slug: /\nkeywords: [coming soon]\n", body))
    return file, 14, "placeholder text 'Coming soon': the page is not finished"  # not in the front matter


def placeholder_in_title(site: Path) -> tuple[Path, int, str]:
    file = write(site / "blog" / "2025-01-02-news.md", "---\ntitle: News (TBD)\ndescription: News.\n---\n\nNews.\n")
    return file, 2, "placeholder text 'TBD': the page is not finished"


def skipped_heading_level(site: Path) -> tuple[Path, int, str]:
    file = write(site / "docs" / "intro.md", doc("Intro", "slug: /\n", "## Setup\n\n### Keys\n\n## Calls\n\n"
                                                 "#### Errors\n\n#### Retries"))
    return file, 13, "the heading 'Errors' is level 4 after level 2: a level is skipped"


def image_without_alt(site: Path) -> tuple[Path, int, str]:
    write(site / "static" / "img" / "map.png", "")
    file = write(site / "docs" / "intro.md", doc("Intro", "slug: /\n", "Hello.\n\n![](/img/map.png)"))
    return file, 9, "the image /img/map.png has no alt text"


def no_platform_name(site: Path) -> tuple[Path, int, str]:
    return site / "docs" / "intro.md", 1, "the page never names Onebox"


CASES: dict[str, tuple[str, dict[str, Any], Case]] = {
    "minWords": ("minWords", {"min": 20}, short_page),
    "description too short": ("description", {"min": 5, "max": 8}, short_description),
    "description missing": ("description", {"min": 1}, missing_description),
    "requiredKeys missing": ("requiredKeys", {"keys": ["sidebar_label"]}, missing_key),
    "requiredKeys empty": ("requiredKeys", {"keys": ["keywords"]}, empty_key),
    "placeholders in the text": ("placeholders", {}, placeholder_in_text),
    "placeholders in a title": ("placeholders", {"words": ["TBD"]}, placeholder_in_title),
    "platformName": ("platformName", {"name": "Onebox"}, no_platform_name),
    "headingOrder": ("headingOrder", {}, skipped_heading_level),
    "imageAlt": ("imageAlt", {}, image_without_alt),
}


def only(site: Path, rule: str, settings: dict[str, Any] | bool) -> None:
    """Turn `rule` on with `settings` (the small site has every rule off)."""
    configure(site, lint={rule: settings})


@pytest.mark.parametrize("case", CASES)
def test_a_rule_fires_with_its_message_file_and_line(mini_site: Path, case: str) -> None:
    rule, settings, make = CASES[case]
    file, line, message = make(mini_site)
    only(mini_site, rule, settings)
    with pytest.raises(BuildError) as error:
        load(mini_site)
    [problem] = error.value.problems
    assert (problem.file, problem.line, problem.message) == (file, line, message)
    assert problem.fix and f"(rule lint.{rule} in site.yaml)" in problem.fix


@pytest.mark.parametrize("case", CASES)
def test_a_rule_is_silenced_by_false_and_made_a_warning_by_its_severity(mini_site: Path, case: str) -> None:
    rule, settings, make = CASES[case]
    file, line, message = make(mini_site)
    only(mini_site, rule, False)
    assert load(mini_site)[1].problems == []
    only(mini_site, rule, {**settings, "severity": "warning"})
    [warning] = load(mini_site)[1].problems
    assert (warning.severity, warning.file, warning.line, warning.message) == ("warning", file, line, message)


def test_without_a_lint_section_the_rules_are_on_with_their_defaults(mini_site: Path) -> None:
    config = mini_site / "site.yaml"
    config.write_text(config.read_text().split("lint:")[0])
    with pytest.raises(BuildError) as error:
        load(mini_site)
    assert sorted(p.message for p in error.value.problems) == [
        "the description is 10 characters long; it should be 30 to 200",
        "the front matter has no 'keywords', 'sidebar_label', 'sidebar_position'",  # one mistake, one fix
        "the page has 1 word; a page has at least 150",
        "the page never names Onebox",
    ]


def test_a_constant_the_specs_do_not_know_is_named_with_the_closest_one(site_copy: Callable[[], Path]) -> None:
    site = site_copy()
    page = site / "docs" / "environments.md"
    text = page.read_text()
    line = text.count("\n") + 2  # after a blank line
    page.write_text(text + "\nAn unknown event answers `EVENT_NOT_FUOND`; `MY_VARIABLE` and `ON_SALE` are fine.\n")
    allowed = yaml.safe_load((site / "site.yaml").read_text())["lint"]["constants"]["allow"]
    configure(site, lint={"constants": {"allow": [*allowed, "MY_VARIABLE"]}})
    with pytest.raises(BuildError) as error:
        load(site)
    [problem] = error.value.problems
    assert (problem.file, problem.line, problem.message) == (
        page, line, "`EVENT_NOT_FUOND` is neither an error code the specs document nor a value of their enums")
    assert problem.fix and problem.fix.startswith("did you mean `EVENT_NOT_FOUND`?")
    configure(site, lint={"constants": False})
    load(site)


def test_a_required_key_that_is_no_front_matter_key_is_a_config_error(mini_site: Path) -> None:
    config = mini_site / "site.yaml"
    config.write_text(config.read_text().split("lint:")[0] + "lint:\n  requiredKeys:\n    keys: [sidebar_lable]\n")
    with pytest.raises(BuildError) as error:
        load(mini_site)
    [problem] = error.value.problems
    assert (problem.file, problem.line) == (config, 9)
    assert problem.message == ("lint.requiredKeys.keys: 'sidebar_lable' is not a doc front matter key: "
                               "did you mean 'sidebar_label'?")


def _reported(output: str, fmt: str) -> list[Problem]:
    if fmt == "json":
        return [Problem(p["message"], Path(p["file"]).resolve(), p["line"], p["fix"], p["severity"])
                for p in json.loads(output)["problems"]]
    if fmt == "github":  # ::warning file=...,line=7,title=docsite::message%0Afix: ...
        found = []
        for line in output.splitlines():
            head, _, text = line[2:].partition("::")
            severity, _, props = head.partition(" ")
            where = dict(prop.split("=", 1) for prop in props.split(","))
            message, _, fix = text.partition("%0Afix: ")
            found.append(Problem(message, Path(where["file"]).resolve(), int(where["line"]), fix,
                                 severity))  # type: ignore[arg-type]
        return found
    text = " ".join(output.split())
    return [Problem(text, None)]


@pytest.mark.parametrize("fmt", ["text", "json", "github"])
def test_check_and_build_report_lint_problems_in_every_format(mini_site: Path, tmp_path: Path, fmt: str) -> None:
    file, line, message = placeholder_in_text(mini_site)
    only(mini_site, "placeholders", {"severity": "warning"})
    for command in (["check", "--content", str(mini_site)],
                    ["build", "--content", str(mini_site), "--out", str(tmp_path / "build")]):
        result = runner.invoke(app, [*command, "--format", fmt])
        assert result.exit_code == 0, result.output
        output = result.stdout if fmt != "text" else result.output
        [problem] = _reported(output, fmt)
        if fmt == "text":
            assert f"warning docs/intro.md:{line}: {message}" in problem.message.replace(f"{mini_site}/", "")
        else:
            assert (problem.severity, problem.file, problem.line, problem.message) == (
                "warning", file.resolve(), line, message)
            assert problem.fix and "lint.placeholders" in problem.fix


def test_while_writing_in_docsite_dev_a_lint_problem_is_a_warning(mini_site: Path) -> None:
    file, line, message = short_page(mini_site)
    only(mini_site, "minWords", {"min": 20})
    [warning] = load(mini_site, dev=True)[1].problems
    assert (warning.severity, warning.file, warning.line, warning.message) == ("warning", file, line, message)


def test_a_draft_is_not_linted(mini_site: Path) -> None:
    write(mini_site / "docs" / "wip.md", "---\ntitle: Work in progress\ndescription: TODO.\ndraft: true\n---\n\nTBD.\n")
    configure(mini_site, lint={"placeholders": True, "description": {"min": 1}})
    assert load(mini_site, dev=True)[1].problems == []  # the draft is built, and not linted
    assert load(mini_site)[1].problems == []


# -- rules scoped to folders (`overrides`), and the checks of the pages' code as rules ------------

def test_overrides_scope_rules_to_folders_and_change_only_what_they_set(mini_site: Path) -> None:
    imported = write(mini_site / "docs" / "imported" / "guide.md", doc("Guide", "", "Imported."))
    intro, _, message = short_page(mini_site)
    configure(mini_site, lint={"minWords": {"min": 20},
                               "overrides": [{"paths": ["docs/imported/**"], "minWords": False}]})
    with pytest.raises(BuildError) as error:
        load(mini_site)
    assert [(p.file, p.message) for p in error.value.problems] == [(intro, message)]
    configure(mini_site, lint={"minWords": {"min": 20}, "overrides": [
        {"paths": ["docs/imported"], "minWords": {"severity": "warning"}},  # a folder is its files
        {"paths": ["docs/intro.md"], "minWords": {"severity": "warning"}}]})
    warnings = load(mini_site)[1].problems
    assert sorted((p.severity, p.file.name, p.message) for p in warnings if p.file) == [
        ("warning", imported.name, "the page has 1 word; a page has at least 20"),  # its min is lint's
        ("warning", intro.name, message)]


@pytest.mark.parametrize(("override", "line", "message", "fix"), [
    ("- paths: [docs/imported/**]\n      minWord: false", 10,
     "lint.overrides[0].minWord: unknown key 'minWord'", "did you mean 'minWords'?"),
    ("- paths: [/docs/imported]\n      minWords: false", 9,
     "lint.overrides[0].paths: '/docs/imported' is not a path below the content folder: write a glob such as "
     "'docs/imported/**' (** is any number of folders, * any name in one)", None),
    ("- minWords: false", 9, "lint.overrides[0].paths: Field required", "add 'paths'"),
])
def test_an_override_that_cannot_apply_is_an_error_at_its_line(mini_site: Path, override: str, line: int,
                                                                 message: str, fix: str | None) -> None:
    config = mini_site / "site.yaml"
    config.write_text(config.read_text().split("lint:")[0] + f"lint:\n  overrides:\n    {override}\n")
    with pytest.raises(BuildError) as error:
        load(mini_site)
    [problem] = error.value.problems
    assert (problem.file, problem.line, problem.message, problem.fix) == (config, line, message, fix)


def test_an_override_path_that_matches_no_file_is_a_warning_at_its_line(mini_site: Path) -> None:
    configure(mini_site, lint={"overrides": [{"paths": ["docs/intro.md", "docs/imprted/**"], "minWords": False}]})
    [warning] = load(mini_site)[1].problems
    assert (warning.severity, warning.file, warning.message) == (
        "warning", mini_site / "site.yaml", "lint.overrides[0].paths: 'docs/imprted/**' matches no page or spec: "
                                            "the override changes nothing")
    lines = (mini_site / "site.yaml").read_text().split("\n")
    assert warning.line is not None and "docs/imprted/**" in lines[warning.line - 1]


def with_a_spec(site: Path) -> Path:
    """`site` with the customers spec, whose descriptions call the orders API (no spec here) and link
    to docs (not here): the API-calls rule is off for the specs, and broken links are ignored."""
    (site / "specs").mkdir()
    shutil.copy(CONTENT / "specs" / "customers.yaml", site / "specs")
    configure(site, onBrokenLinks="ignore")
    return site


INVALID_JSON = "Hello.\n\n```json\n{\"buyerId\": 1,}\n```"


def test_the_json_body_check_is_a_rule_that_overrides_scope(mini_site: Path) -> None:
    site = with_a_spec(mini_site)
    intro = write(site / "docs" / "intro.md", doc("Intro", "slug: /\n", INVALID_JSON))
    write(site / "docs" / "imported" / "guide.md", doc("Guide", "", INVALID_JSON))
    specs_off = {"paths": ["specs/**"], "apiCalls": False}
    configure(site, lint={"overrides": [specs_off, {"paths": ["docs/imported/**"], "jsonBodies": False}]})
    with pytest.raises(BuildError) as error:
        load(site)
    [problem] = error.value.problems
    assert (problem.file, problem.line) == (intro, 10)
    assert problem.message.startswith("this json code block is not valid JSON")
    assert problem.fix and "```jsonc" in problem.fix and "```json skip-check" in problem.fix
    assert problem.fix.endswith("(rule lint.jsonBodies in site.yaml)")
    configure(site, lint={"jsonBodies": {"severity": "warning"}, "overrides": [specs_off]})
    assert sorted((p.severity, p.file.name) for p in load(site)[1].problems if p.file) == [
        ("warning", "guide.md"), ("warning", "intro.md")]
    configure(site, lint={"jsonBodies": False, "overrides": [specs_off]})
    assert load(site)[1].problems == []


def test_a_json_block_opts_out_as_jsonc_or_with_skip_check(mini_site: Path) -> None:
    site = with_a_spec(mini_site)
    write(site / "docs" / "intro.md", doc("Intro", "slug: /\n", "Hello.\n\n```jsonc\n{\"buyerId\": 1, // the id\n}\n"
                                          "```\n\n```json skip-check\n\"buyerId\": 1,\n```"))
    configure(site, lint={"overrides": [{"paths": ["specs/**"], "apiCalls": False}]})
    assert load(site)[1].problems == []
