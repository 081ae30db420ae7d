"""Translated sites (docsite.i18n): a second locale is built from i18n/<locale>/ in Docusaurus's
layout, the default locale's page standing in for a missing translation; a locale that cannot be
built is an error at its line. (The browser side is tests/e2e/test_locales.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from docsite.build import Paths, check
from docsite.config import load_config
from docsite.errors import BuildError
from docsite.i18n import locale_content, translate_config
from tests.conftest import FRONTEND
from tests.unit.sitefiles import configure, doc, load, write

FRENCH = {"locales": ["en", "fr"], "localeConfigs": {"en": {"label": "English", "htmlLang": "en"},
                                                     "fr": {"label": "Français", "htmlLang": "fr"}}}


def paths(content: Path) -> Paths:
    return Paths(content, content.parent / "build", FRONTEND)


def test_a_locale_without_its_translations_folder_is_an_error_at_its_line(mini_site: Path) -> None:
    configure(mini_site, i18n=FRENCH)
    with pytest.raises(BuildError) as info:
        load(mini_site)
    [problem] = info.value.problems
    assert problem.message == "locale 'fr' is configured but cannot be built: i18n/fr/ does not exist"
    assert (mini_site / "site.yaml").read_text().splitlines()[problem.line - 1].strip() == "- fr"  # type: ignore[operator]
    assert "create i18n/fr/" in (problem.fix or "")


def test_translations_are_laid_over_the_content(mini_site: Path, tmp_path: Path) -> None:
    configure(mini_site, i18n=FRENCH)
    write(mini_site / "docs" / "guide.md", doc("Guide"))
    translated = write(mini_site / "i18n" / "fr" / "docusaurus-plugin-content-docs" / "current" / "guide.md",
                       doc("Le guide"))
    write(mini_site / "i18n" / "fr" / "docusaurus-theme-classic" / "navbar.json",
          '{"item.label.Docs": {"message": "Documentation"}}')
    content = locale_content(mini_site, "fr", tmp_path / "fr")
    assert (content.folder / "docs" / "guide.md").read_text() == translated.read_text()
    assert content.originals[content.folder / "docs" / "guide.md"] == translated
    assert content.untranslated == {content.folder / "docs" / "intro.md"}
    assert not (content.folder / "i18n").exists()
    config = translate_config(load_config(mini_site), mini_site, "fr")
    assert config.baseUrl == "/fr/" and config.themeConfig.navbar.items[0].label == "Documentation"


def test_an_error_in_a_translation_names_the_translated_file(mini_site: Path) -> None:
    configure(mini_site, i18n=FRENCH)
    broken = write(mini_site / "i18n" / "fr" / "docusaurus-plugin-content-docs" / "current" / "intro.md",
                   "---\ntitle: Intro\ndescription: Le début.\nslug: /\n---\n\nVoir [rien](/docs/rien).\n")
    with pytest.raises(BuildError) as info:
        check(paths(mini_site))
    [problem] = info.value.problems
    assert problem.file == broken and problem.line == 7 and "/docs/rien" in problem.message
