"""Translated sites (docsite.i18n): a second locale is built from i18n/<locale>/ in Docusaurus's
layout, the default locale's page standing in for a missing translation; a locale that cannot be
built is an error at its line. (The browser side is tests/e2e/test_locales.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from docsite.build import Paths, _locale_sites, check
from docsite.cli import app
from docsite.config import load_config
from docsite.errors import BuildError, Report
from docsite.i18n import locale_content, translate_config
from docsite.outputs.delivery import redirects_file, site_rules
from docsite.redirects import in_locale
from docsite.stages.write import site_outputs
from tests.conftest import FRONTEND
from tests.unit.sitefiles import configure, doc, load, route_data, write

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


def test_sidebar_labels_and_released_versions_are_translated(mini_site: Path) -> None:
    configure(mini_site, i18n=FRENCH)
    write(mini_site / "sidebars.yaml", "docs:\n  - intro\n  - type: category\n    label: Guides\n"
          "    link: {type: generated-index}\n    items: [guides/first]\n")
    write(mini_site / "docs" / "guides" / "first.md", doc("First guide"))
    assert CliRunner().invoke(app, ["version", "1.0", "--content", str(mini_site)]).exit_code == 0
    french = mini_site / "i18n" / "fr" / "docusaurus-plugin-content-docs"
    write(french / "current.json", '{"sidebar.docs.category.Guides": {"message": "Les guides"}}')
    write(french / "version-1.0" / "guides" / "first.md", doc("Premier guide"))
    site, _ = load(mini_site)
    [(name, translated)] = list(_locale_sites(paths(mini_site), site.config, False, Report()))
    assert name == "fr"
    current = route_data(translated, "/docs/next/guides/first")
    assert [c["label"] for c in current["doc"]["breadcrumbs"]] == ["Home", "Les guides", "First guide"]  # type: ignore[index]
    assert "untranslated" in current
    assert route_data(translated, "/docs/next/category/guides")["title"] == "Les guides", "its route unchanged"
    released = route_data(translated, "/docs/guides/first")
    assert released["title"] == "Premier guide" and "untranslated" not in released
    assert [c["label"] for c in released["doc"]["breadcrumbs"]] == ["Home", "Guides", "Premier guide"]  # type: ignore[index]


def test_a_react_page_without_a_translation_says_so(mini_site: Path) -> None:
    """A YAML page of pages/ is a page like a Markdown one: the default locale's, with the notice,
    until i18n/<locale>/docusaurus-plugin-content-pages/ has it."""
    configure(mini_site, i18n=FRENCH)
    page = "component: SearchPage\ntitle: {title}\ndescription: Search the site.\n"
    write(mini_site / "pages" / "search.yaml", page.format(title="Search"))
    write(mini_site / "pages" / "tests.yaml", page.format(title="Tests"))
    write(mini_site / "i18n" / "fr" / "docusaurus-plugin-content-pages" / "tests.yaml", page.format(title="Essais"))
    site, _ = load(mini_site)
    [(_, translated)] = list(_locale_sites(paths(mini_site), site.config, False, Report()))
    assert route_data(translated, "/search")["untranslated"] == {"language": "English"}
    tests = route_data(translated, "/tests")
    assert tests["title"] == "Essais" and "untranslated" not in tests
    assert "untranslated" not in route_data(site, "/search")


def test_redirects_are_the_locales_too(mini_site: Path) -> None:
    """Each locale's redirects, below its path: the fallback page in its folder and a rule in the
    one `_redirects` file (what `build` writes: docsite.build.write_delivery)."""
    configure(mini_site, i18n=FRENCH, redirects=[{"from": "/docs/start", "to": "/docs/"}])
    write(mini_site / "i18n" / "fr" / "docusaurus-plugin-content-docs" / "current" / "intro.md",
          "---\ntitle: Intro\ndescription: Le début.\nslug: /\nredirect_from: [/docs/debut]\n---\n\nBonjour.\n")
    site, _ = load(mini_site)
    [(name, translated)] = list(_locale_sites(paths(mini_site), site.config, False, Report()))
    assert [(r.source, r.target) for r in in_locale(translated.redirects, name)] == [
        ("/fr/docs/debut", "/fr/docs/"), ("/fr/docs/start", "/fr/docs/")]
    fallback = site_outputs(translated)["docs/start/index.html"].decode()
    assert '<meta http-equiv="refresh" content="0; url=/fr/docs/">' in fallback
    rules = site_rules(site.config, [], [*site.redirects, *in_locale(translated.redirects, name)])
    assert redirects_file(rules).splitlines()[1:] == [
        "/docs/start /docs/ 301", "/fr/docs/debut /fr/docs/ 301", "/fr/docs/start /fr/docs/ 301"]


SIDEBARS = """docs:
  - intro
  - {type: doc, id: guides/first, label: First steps}
  - type: category
    label: Guides
    link: {type: generated-index, title: All guides, description: Every guide.}
    items: [guides/first]
  - {type: link, label: Status, href: "https://status.example.com"}
"""


def labels(**keys: str) -> str:
    return "{\n" + ",\n".join(f'  "{key}": {{"message": "{text}"}}' for key, text in keys.items()) + "\n}\n"


def test_every_docusaurus_label_key_is_translated(mini_site: Path) -> None:
    configure(mini_site, i18n=FRENCH)
    write(mini_site / "sidebars.yaml", SIDEBARS)
    write(mini_site / "docs" / "guides" / "first.md", doc("First guide"))
    write(mini_site / "i18n" / "fr" / "docusaurus-plugin-content-docs" / "current.json", labels(**{
        "version.label": "Prochaine",
        "sidebar.docs.doc.First steps": "Premiers pas",
        "sidebar.docs.category.Guides": "Les guides",
        "sidebar.docs.category.Guides.link.generated-index.title": "Tous les guides",
        "sidebar.docs.category.Guides.link.generated-index.description": "Chaque guide.",
        "sidebar.docs.link.Status": "État",
    }))
    site, _ = load(mini_site)
    report = Report()
    [(_, translated)] = list(_locale_sites(paths(mini_site), site.config, False, report))
    assert report.warnings == []
    items = translated.sidebars.find("docs").to_json()["items"]  # type: ignore[attr-defined]
    assert [item["label"] for item in items] == ["Intro", "Premiers pas", "Les guides", "État"]
    index = route_data(translated, "/docs/category/guides")
    assert (index["title"], index["description"]) == ("Tous les guides", "Chaque guide."), "its route unchanged"
    assert [v.label for v in translated.versions] == ["Prochaine"]
    assert [v.label for v in site.versions] == ["Next"]


def test_a_label_key_naming_nothing_warns_and_an_unknown_key_is_an_error_at_its_line(mini_site: Path) -> None:
    configure(mini_site, i18n=FRENCH)
    write(mini_site / "sidebars.yaml", SIDEBARS)
    write(mini_site / "docs" / "guides" / "first.md", doc("First guide"))
    file = write(mini_site / "i18n" / "fr" / "docusaurus-plugin-content-docs" / "current.json", labels(**{
        "sidebar.docs.category.Guides": "Les guides",
        "sidebar.docs.category.Guide": "Le guide",  # renamed since: Docusaurus ignores it
        "sidebar.docs.doc.Intro": "Introduction",  # a doc item without a label of its own: its title is the doc's
    }))
    site, _ = load(mini_site)
    report = Report()
    list(_locale_sites(paths(mini_site), site.config, False, report))
    assert [(p.file, p.line, p.message) for p in report.warnings] == [
        (file, 3, "translation key 'sidebar.docs.category.Guide' names no category label of sidebar 'docs' in "
                  "docs version 'current': it is not used"),
        (file, 4, "translation key 'sidebar.docs.doc.Intro' names no doc label of sidebar 'docs' in docs version "
                  "'current': it is not used")]
    assert "keys of that kind: sidebar.docs.category.Guides, " in (report.warnings[0].fix or "")  # the closest first
    write(file, labels(**{"sidebar.docs.category.Guides": "Les guides", "sidebar.docs.categorie.Guides": "x"}))
    with pytest.raises(BuildError) as raised:
        list(_locale_sites(paths(mini_site), site.config, False, Report()))
    [problem] = raised.value.problems
    assert (problem.file, problem.line) == (file, 3)
    assert problem.message == "unknown translation key 'sidebar.docs.categorie.Guides'"
    assert "'sidebar.<sidebarId>.category.<label>'" in (problem.fix or "")
