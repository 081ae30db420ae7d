"""Docs versions metadata, doc lookups (drafts find nothing), and navbar items that point at docs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from docsite.content import DocIndex, UnknownDoc
from docsite.errors import BuildError
from docsite.versions import versions_data
from tests.unit.sitefiles import configure, doc, load, write

NAVBAR = {"items": [{"type": "docSidebar", "sidebarId": "docs", "label": "Docs", "position": "left"},
                    {"type": "doc", "docId": "guides/first", "position": "left"},
                    {"type": "doc", "docId": "wip", "label": "Soon", "position": "left"},
                    {"type": "docsVersionDropdown", "position": "right"}]}


@pytest.fixture
def site(mini_site: Path) -> Path:
    write(mini_site / "sidebars.yaml", "docs:\n  - intro\n  - guides/first\n  - wip\nextra:\n  - guides/second\n")
    write(mini_site / "docs" / "guides" / "first.md", doc("First guide"))
    write(mini_site / "docs" / "guides" / "second.md", doc("Second guide"))
    write(mini_site / "docs" / "outside.md", doc("Outside"))
    write(mini_site / "docs" / "wip.md", doc("Work in progress", "draft: true\n"))
    configure(mini_site, themeConfig={"navbar": NAVBAR})
    return mini_site


def test_the_versions_data_for_the_front_end(site: Path) -> None:
    built, _ = load(site)
    data = versions_data(built.versions, built.config)
    assert json.loads(json.dumps(data)) == {
        "pluginId": "default",
        "path": "/docs",
        "versions": [{
            "name": "current",
            "label": "Next",
            "path": "/docs/",
            "isLast": True,
            "mainDocId": "intro",
            "docs": [
                {"id": "guides/first", "path": "/docs/guides/first", "sidebar": "docs"},
                {"id": "guides/second", "path": "/docs/guides/second", "sidebar": "extra"},
                {"id": "intro", "path": "/docs/", "sidebar": "docs"},
                {"id": "outside", "path": "/docs/outside", "sidebar": None},
            ],
            "draftIds": ["wip"],
            "sidebars": {"docs": {"link": {"path": "/docs/", "label": "Intro"}},
                         "extra": {"link": {"path": "/docs/guides/second", "label": "Second guide"}}},
        }],
    }
    assert built.site_data["docs"] == {"pluginId": "default", "versions": [
        {"name": "current", "label": "Next", "path": "/docs/", "isLast": True}]}, "every page gets only the summary"


def test_in_dev_drafts_are_docs(site: Path) -> None:
    built, _ = load(site, dev=True)
    [version] = built.versions
    assert version.draft_ids == [] and "wip" in [d["id"] for d in version.docs]


def test_looking_up_a_draft_finds_nothing_and_an_unknown_id_lists_the_ids(site: Path) -> None:
    built, _ = load(site)
    index: DocIndex = built.content.doc_index()
    assert index.find("wip") is None
    found = index.find("outside")
    assert found is not None and found.route == "/docs/outside"
    with pytest.raises(UnknownDoc, match=r"no doc with id 'guide/first'. Did you mean 'guides/first'.*"
                                         r"Available doc ids: guides/first, guides/second, intro, outside$"):
        index.find("guide/first")


def test_navbar_items_that_point_at_docs_are_resolved_and_a_draft_hides_its_item(site: Path) -> None:
    built, _ = load(site)
    items = built.site_data["navbar"]["items"]
    assert [(i["type"], i.get("label"), i.get("to")) for i in items] == [
        ("docSidebar", "Docs", "/docs/"),
        ("doc", "First guide", "/docs/guides/first"),
        ("docsVersionDropdown", None, None),
    ]
    assert items[1]["sidebarId"] == "docs"
    assert items[2]["versions"] == [{"name": "current", "label": "Next", "to": "/docs/"}]


def test_a_navbar_link_to_an_unknown_doc_or_sidebar_lists_what_exists(site: Path) -> None:
    configure(site, themeConfig={"navbar": {"items": [
        {"type": "doc", "docId": "guides/third", "position": "left"},
        {"type": "docSidebar", "sidebarId": "api", "label": "API", "position": "left"}]}})
    with pytest.raises(BuildError) as error:
        load(site)
    messages = [p.message for p in error.value.problems]
    assert messages[0].startswith("navbar item 'guides/third': no doc with id 'guides/third'.")
    assert messages[1] == "navbar item 'API': no sidebar with id 'api'. Available sidebar ids: docs, extra"


def test_a_navbar_link_to_a_sidebar_without_a_link_target_is_a_configuration_error(site: Path) -> None:
    write(site / "sidebars.yaml", "docs:\n  - intro\nlinks:\n  - {type: link, label: Out, href: 'https://example.com'}\n"
                                  "  - {type: ref, id: outside}\n")
    configure(site, themeConfig={"navbar": {"items": [
        {"type": "docSidebar", "sidebarId": "links", "label": "Links", "position": "left"}]}})
    with pytest.raises(BuildError) as error:
        load(site)
    [problem] = error.value.problems
    assert problem.message == ("navbar item 'Links' links to sidebar 'links', which has no link target: none of its "
                               "items is a doc or a category with a page")
    assert problem.file == site / "site.yaml" and problem.line > 1
    assert problem.fix == "add a doc to that sidebar, or give one of its categories a link"


def test_a_sidebar_without_a_link_target_is_fine_when_nothing_links_to_it(site: Path) -> None:
    write(site / "sidebars.yaml",
          "docs:\n  - intro\n  - guides/first\nlinks:\n  - {type: link, label: Out, href: 'https://example.com'}\n")
    navbar = {"items": [{"type": "docSidebar", "sidebarId": "docs", "position": "left"}]}
    configure(site, themeConfig={"navbar": navbar})
    built, report = load(site)
    assert report.problems == []
    assert built.versions[0].sidebars["links"] == {"link": None}
