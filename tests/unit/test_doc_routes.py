"""Doc pages: breadcrumbs, previous/next and their overrides, table of contents levels, last updated,
edit link, page metadata (title template, keywords, social tags, JSON-LD), category index pages."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from docsite.errors import BuildError
from docsite.outputs.sitemap import sitemap
from tests.unit.sitefiles import configure, doc, load, route_data, write

SIDEBAR = """\
docs:
  - intro
  - type: category
    label: Guides
    link: {type: generated-index, description: Every guide., keywords: [guides]}
    items: [guides/first, guides/second, guides/third]
  - {type: link, label: Status, href: "https://status.example.com"}
"""

HEADINGS = "## Two\n\n### Three\n\n#### Four\n\n##### Five\n"


@pytest.fixture
def site(mini_site: Path) -> Path:
    write(mini_site / "sidebars.yaml", SIDEBAR)
    write(mini_site / "docs" / "guides" / "first.md", doc("First guide", "keywords: [first, guide]\n", HEADINGS))
    write(mini_site / "docs" / "guides" / "second.md", doc("Second guide", "sidebar_label: Second\n"))
    write(mini_site / "docs" / "guides" / "third.md", doc("Third guide", "pagination_label: The third\n"))
    write(mini_site / "docs" / "outside.md", doc("Outside", "image: /img/outside.png\n"))
    return mini_site


def doc_info(data: dict[str, Any]) -> dict[str, Any]:
    info: dict[str, Any] = data["doc"]
    return info


def test_breadcrumbs_start_at_home_and_follow_the_sidebar(site: Path) -> None:
    built, _ = load(site)
    assert doc_info(route_data(built, "/docs/guides/first"))["breadcrumbs"] == [
        {"label": "Home", "href": "/"}, {"label": "Guides", "href": "/docs/category/guides"},
        {"label": "First guide", "href": "/docs/guides/first"}]


def test_a_doc_outside_the_sidebar_has_no_sidebar_and_breadcrumbs_to_home(site: Path) -> None:
    built, _ = load(site)
    info = doc_info(route_data(built, "/docs/outside"))
    assert info["sidebar"] is None
    assert info["breadcrumbs"] == [{"label": "Home", "href": "/"}, {"label": "Outside", "href": None}]
    assert (info["prev"], info["next"]) == (None, None)


def test_previous_and_next_follow_the_sidebar_with_labels(site: Path) -> None:
    built, _ = load(site)
    first = doc_info(route_data(built, "/docs/guides/first"))
    assert first["prev"] == {"label": "Guides", "href": "/docs/category/guides"}
    assert first["next"] == {"label": "Second", "href": "/docs/guides/second"}, "the sidebar label"
    second = doc_info(route_data(built, "/docs/guides/second"))
    assert second["next"] == {"label": "The third", "href": "/docs/guides/third"}, "pagination_label wins"
    assert doc_info(route_data(built, "/docs/guides/third"))["next"] is None, "external links are not pages"
    assert doc_info(route_data(built, "/docs/"))["prev"] is None


def test_front_matter_overrides_previous_and_next_and_null_hides_them(site: Path) -> None:
    write(site / "docs" / "guides" / "second.md",
          doc("Second guide", "pagination_prev: null\npagination_next: outside\n"))
    built, _ = load(site)
    second = doc_info(route_data(built, "/docs/guides/second"))
    assert second["prev"] is None
    assert second["next"] == {"label": "Outside", "href": "/docs/outside"}


def test_a_pagination_target_that_is_a_draft_hides_the_link(site: Path) -> None:
    write(site / "docs" / "wip.md", doc("WIP", "draft: true\n"))
    write(site / "docs" / "guides" / "second.md", doc("Second guide", "pagination_next: wip\n"))
    built, _ = load(site)
    assert doc_info(route_data(built, "/docs/guides/second"))["next"] is None


def test_an_unknown_pagination_target_names_the_key_line_and_the_ids(site: Path) -> None:
    file = write(site / "docs" / "guides" / "second.md", doc("Second guide", "pagination_next: guides/fourth\n"))
    with pytest.raises(BuildError) as error:
        load(site)
    [problem] = error.value.problems
    assert problem.file == file and problem.line == 4
    assert problem.message.startswith("pagination_next: no doc with id 'guides/fourth'.")
    assert "Available doc ids: guides/first, guides/second, guides/third, intro, outside" in problem.message


def test_table_of_contents_levels_2_to_3_by_default(site: Path) -> None:
    built, _ = load(site)
    toc = route_data(built, "/docs/guides/first")["toc"]
    assert [(t["id"], t["level"]) for t in toc] == [("two", 2), ("three", 3)]  # type: ignore[index]


@pytest.mark.parametrize(("front", "expected"), [
    ("toc_max_heading_level: 5\n", ["two", "three", "four", "five"]),
    ("toc_min_heading_level: 3\ntoc_max_heading_level: 4\n", ["three", "four"]),
    ("toc_min_heading_level: 3\n", ["three"]),
    ("hide_table_of_contents: true\n", []),
])
def test_table_of_contents_levels_from_front_matter(site: Path, front: str, expected: list[str]) -> None:
    write(site / "docs" / "guides" / "first.md", doc("First guide", front, HEADINGS))
    built, _ = load(site)
    assert [t["id"] for t in route_data(built, "/docs/guides/first")["toc"]] == expected  # type: ignore[attr-defined]


def test_table_of_contents_levels_from_the_site_configuration(site: Path) -> None:
    configure(site, themeConfig={"tableOfContents": {"minHeadingLevel": 2, "maxHeadingLevel": 4},
                                 "navbar": {"items": [{"label": "Docs", "to": "/docs/", "position": "left"}]}})
    built, _ = load(site)
    assert [t["id"] for t in route_data(built, "/docs/guides/first")["toc"]] == ["two", "three", "four"]  # type: ignore[attr-defined]


def test_toc_min_greater_than_max_is_an_error(site: Path) -> None:
    write(site / "docs" / "guides" / "first.md",
          doc("First guide", "toc_min_heading_level: 4\ntoc_max_heading_level: 3\n"))
    with pytest.raises(BuildError, match="toc_min_heading_level must not be greater than toc_max_heading_level"):
        load(site)


def test_edit_url_when_configured_and_per_page_override(site: Path) -> None:
    built, _ = load(site)
    assert doc_info(route_data(built, "/docs/guides/first"))["editUrl"] is None
    configure(site, docs={"editUrl": "https://github.com/onebox/portal/edit/main/content/"})
    write(site / "docs" / "outside.md", doc("Outside", "custom_edit_url: https://example.com/edit/outside\n"))
    built, _ = load(site)
    assert doc_info(route_data(built, "/docs/guides/first"))["editUrl"] == \
        "https://github.com/onebox/portal/edit/main/content/docs/guides/first.md"
    assert doc_info(route_data(built, "/docs/outside"))["editUrl"] == "https://example.com/edit/outside"


def test_last_updated_comes_from_the_files_git_history(site: Path) -> None:
    date = "2025-02-03T10:00:00+00:00"
    env = {**os.environ, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date,
           "GIT_AUTHOR_NAME": "Writer", "GIT_AUTHOR_EMAIL": "w@example.com",
           "GIT_COMMITTER_NAME": "Writer", "GIT_COMMITTER_EMAIL": "w@example.com"}
    run = lambda *args: subprocess.run(["git", *args], cwd=site, env=env, check=True, capture_output=True)  # noqa: E731
    run("init", "-q")
    run("add", "docs/guides/first.md")
    run("commit", "-q", "-m", "first")
    built, _ = load(site)
    assert doc_info(route_data(built, "/docs/guides/first"))["lastUpdated"] == "2025-02-03T10:00:00+00:00"
    assert doc_info(route_data(built, "/docs/guides/second"))["lastUpdated"] is None, "never committed"


def test_page_metadata(site: Path) -> None:
    configure(site, themeConfig={"image": "img/card.png", "metadata": [{"name": "keywords", "content": "tickets, API"}],
                                 "navbar": {"items": [{"label": "Docs", "to": "/docs/", "position": "left"}]}})
    built, _ = load(site)
    meta = route_data(built, "/docs/guides/first")["meta"]
    assert meta == {
        "title": "First guide | Test Site",
        "description": "About First guide.",
        "canonical": "https://example.com/docs/guides/first",
        "keywords": ["first", "guide"],
        "image": "https://example.com/img/card.png",
        "ogType": "article",
        "noindex": False,
        "jsonLd": {
            "@context": "https://schema.org",
            "@type": "BreadcrumbList",
            "itemListElement": [
                {"@type": "ListItem", "position": 1, "name": "Home", "item": "https://example.com/"},
                {"@type": "ListItem", "position": 2, "name": "Guides", "item": "https://example.com/docs/category/guides"},
                {"@type": "ListItem", "position": 3, "name": "First guide", "item": "https://example.com/docs/guides/first"},
            ],
        },
    }
    outside = route_data(built, "/docs/outside")["meta"]
    assert outside["keywords"] == ["tickets", "API"], "the site's keywords when the page has none"  # type: ignore[index]
    assert outside["image"] == "https://example.com/img/outside.png", "the page's image wins"  # type: ignore[index]


def test_unlisted_and_draft_docs_are_noindex_and_left_out_of_search_and_sitemap(site: Path) -> None:
    write(site / "docs" / "hidden.md", doc("Hidden", "unlisted: true\n"))
    write(site / "docs" / "wip.md", doc("WIP", "draft: true\n"))
    built, _ = load(site, dev=True)
    for path in ("/docs/hidden", "/docs/wip"):
        route = next(r for r in built.routes if r.path == path)
        assert route.data["meta"]["noindex"] and not route.sitemap and route.search is None
    production, _ = load(site)
    assert "/docs/wip" not in {r.path for r in production.routes}
    urls = sitemap(production.routes, production.config)
    assert "<loc>https://example.com/docs/guides/first</loc>" in urls
    assert "/docs/hidden<" not in urls and "/docs/wip" not in urls and "/404" not in urls


def test_trailing_slash_policy_shapes_canonical_urls(site: Path) -> None:
    configure(site, trailingSlash=True)
    built, _ = load(site)
    assert route_data(built, "/docs/guides/first")["meta"]["canonical"] == "https://example.com/docs/guides/first/"  # type: ignore[index]


def test_a_generated_index_page_lists_its_items_as_cards(site: Path) -> None:
    built, _ = load(site)
    page = route_data(built, "/docs/category/guides")
    assert page["kind"] == "docCategory"
    assert page["items"] == [
        {"type": "link", "label": "First guide", "href": "/docs/guides/first", "description": "About First guide."},
        {"type": "link", "label": "Second", "href": "/docs/guides/second", "description": "About Second guide."},
        {"type": "link", "label": "Third guide", "href": "/docs/guides/third", "description": "About Third guide."},
    ]
    assert page["meta"]["keywords"] == ["guides"]  # type: ignore[index]
    assert page["meta"]["jsonLd"]["itemListElement"][-1]["item"] == "https://example.com/docs/category/guides"  # type: ignore[index]
    info = doc_info(page)
    assert info["prev"] == {"label": "Intro", "href": "/docs/"}
    assert info["next"] == {"label": "First guide", "href": "/docs/guides/first"}


def test_hide_title_hides_the_title_only_never_a_heading_the_body_wrote(mini_site: Path) -> None:
    write(mini_site / "sidebars.yaml", "docs:\n  - intro\n  - landing\n  - plain\n")
    write(mini_site / "docs" / "landing.md",
          "---\ndescription: A landing page.\nhide_title: true\n---\n\n# Start here\n\nWelcome.\n")
    write(mini_site / "docs" / "plain.md", "---\ndescription: A page.\n---\n\n# Plain page\n\nText.\n")
    site, _ = load(mini_site)
    landing = route_data(site, "/docs/landing")
    assert landing["title"] == "Start here" and landing["doc"]["hideTitle"] is True
    assert landing["content"][0][:2] == ["h1", {"id": "start-here"}]  # the body's heading stays
    plain = route_data(site, "/docs/plain")
    assert plain["title"] == "Plain page" and plain["content"][0][0] == "p"  # the heading became the title


# -- tags ------------------------------------------------------------------------------------------

def tagged_site(mini_site: Path) -> Path:
    write(mini_site / "docs" / "refunds.md",
          doc("Refunds", "tags: [orders, {label: Money back, permalink: /refunds}]\n"))
    write(mini_site / "docs" / "orders.md", doc("Orders", "tags: [Orders]\n"))
    write(mini_site / "docs" / "hidden.md", doc("Hidden", "unlisted: true\ntags: [orders, secret]\n"))
    write(mini_site / "docs" / "wip.md", doc("Work in progress", "draft: true\ntags: [orders, soon]\n"))
    return mini_site


def test_a_docs_tags_link_to_their_tag_pages(mini_site: Path) -> None:
    built, _ = load(tagged_site(mini_site))
    assert doc_info(route_data(built, "/docs/refunds"))["tags"] == [
        {"label": "orders", "href": "/docs/tags/orders"}, {"label": "Money back", "href": "/docs/tags/refunds"}]


def test_the_tags_page_lists_every_listed_tag_with_its_count(mini_site: Path) -> None:
    built, _ = load(tagged_site(mini_site))
    data = route_data(built, "/docs/tags")
    assert (data["kind"], data["title"]) == ("docTags", "Tags")
    assert data["meta"]["title"] == "Tags | Test Site"  # type: ignore[index]
    # Orders and orders are one tag; the unlisted doc does not count, the draft is not built
    assert data["tags"] == [{"label": "Money back", "href": "/docs/tags/refunds", "count": 1},
                            {"label": "orders", "href": "/docs/tags/orders", "count": 2}]


def test_a_tag_page_lists_its_listed_docs_with_their_descriptions(mini_site: Path) -> None:
    built, _ = load(tagged_site(mini_site))
    data = route_data(built, "/docs/tags/orders")
    assert data["title"] == '2 docs tagged with "orders"'
    assert data["tag"] == {"label": "orders", "allTagsHref": "/docs/tags"}
    assert data["docs"] == [{"title": "Orders", "href": "/docs/orders", "description": "About Orders."},
                            {"title": "Refunds", "href": "/docs/refunds", "description": "About Refunds."}]
    xml = sitemap(built.routes, built.config)
    assert "https://example.com/docs/tags<" in xml and "https://example.com/docs/tags/orders<" in xml


def test_a_tag_only_unlisted_docs_carry_has_an_unlisted_page_and_a_draft_none(mini_site: Path) -> None:
    built, _ = load(tagged_site(mini_site))
    secret = next(r for r in built.routes if r.path == "/docs/tags/secret")
    assert secret.data["docs"] == [{"title": "Hidden", "href": "/docs/hidden", "description": "About Hidden."}]
    assert secret.data["meta"]["noindex"] is True and secret.sitemap is False
    assert "/docs/tags/soon" not in {r.path for r in built.routes}, "drafts are not built, nor are their tags"
    dev, _ = load(mini_site, dev=True)
    assert route_data(dev, "/docs/tags/soon")["docs"] == [
        {"title": "Work in progress", "href": "/docs/wip", "description": "About Work in progress."}]


def test_a_site_without_tags_has_no_tag_pages(mini_site: Path) -> None:
    built, _ = load(mini_site)
    assert not [r.path for r in built.routes if r.path.startswith("/docs/tags")]


@pytest.mark.parametrize(("tags", "line", "message"), [
    ("[orders, {label: Orders, link: /orders}]", 4,
     'tags: tag 2 ({"label": "Orders", "link": "/orders"}) is neither a word nor {label: Name, permalink: /name}'),
    ("['!!!']", 4, "the tag '!!!' has no letter or digit to make its address of"),
])
def test_a_tag_that_cannot_have_a_page_is_an_error(mini_site: Path, tags: str, line: int, message: str) -> None:
    file = write(mini_site / "docs" / "bad.md", doc("Bad", f"tags: {tags}\n"))
    with pytest.raises(BuildError) as caught:
        load(mini_site)
    [problem] = caught.value.problems
    assert (problem.file, problem.line) == (file, line)
    assert message in problem.message and problem.fix
