"""The documentation itself: every page complete, described, and written for a reader.

The rules are the builder's (`lint:` in content/site.yaml, docsite/lint.py, tested rule by rule in
test_lint.py): the real content passes `docsite check` with no problem at all, so a writer who
gets "No errors." from `check` passes this test too.
"""

from __future__ import annotations

from docsite.build import Paths, check
from docsite.config import RULES, load_config
from tests.conftest import CONTENT, ROOT


def test_the_content_passes_check_with_no_error_and_no_warning() -> None:
    assert check(Paths.default(ROOT)) == []  # an error raises BuildError, listing every problem


def test_the_site_applies_every_lint_rule_as_an_error() -> None:
    """Turning a rule off or down to a warning in site.yaml is a decision to review here."""
    lint = load_config(CONTENT).lint
    rules = {name: getattr(lint, name) for name in RULES}
    assert {name: (rule.enabled, rule.severity) for name, rule in rules.items()} == {
        name: (True, "error") for name in rules}
    assert lint.overrides == []  # on for every page of the site
    assert lint.minWords.min >= 150 and lint.platformName.name == "Onebox"
