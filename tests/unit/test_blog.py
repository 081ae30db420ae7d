"""The blog: list pages, posts, archive, tags, and the RSS and Atom feeds linked from every blog page."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from docsite.build import Site
from tests.unit.sitefiles import configure, load, route_data, write

ATOM = "{http://www.w3.org/2005/Atom}"
CONTENT = "{http://purl.org/rss/1.0/modules/content/}"


def post(title: str, tags: str = "[]", extra: str = "", body: str = "Hello.") -> str:
    return f"---\ntitle: {title}\ndescription: About {title}.\nauthors: [laura]\ntags: {tags}\n{extra}---\n{body}\n"


@pytest.fixture
def blog(mini_site: Path) -> Path:
    folder = mini_site / "blog"
    write(folder / "authors.yaml", "laura:\n  name: Laura Campos\n  title: Integrations Lead\n"
                                   "  url: https://example.com/laura\n")
    write(folder / "2024-11-20-first.md", post("First", "[onebox]"))
    write(folder / "2025-01-15-second.md", post("Second", "[onebox, API]", body=(
        "Intro with a [link](/docs/) and `code`.\n\n<!-- truncate -->\n\n## More\n\n```bash\necho <hi>\n```\n")))
    write(folder / "2025-03-04-welcome.md", post("Welcome", "[onebox, welcome]"))
    write(folder / "2025-03-05-hidden.md", post("Hidden", "[onebox]", "unlisted: true\n"))
    write(folder / "2025-03-06-wip.md", post("Draft", "[onebox]", "draft: true\n"))
    configure(mini_site, blog={"postsPerPage": 2, "title": "Dev blog", "description": "News."})
    return mini_site


def paths(site: Site) -> set[str]:
    return {r.path for r in site.routes}


def test_list_pages_are_newest_first_and_paginated(blog: Path) -> None:
    built, report = load(blog)
    assert report.problems == []
    first, second = route_data(built, "/blog"), route_data(built, "/blog/page/2")
    assert [p["title"] for p in first["posts"]] == ["Welcome", "Second"]  # type: ignore[index]
    assert [p["title"] for p in second["posts"]] == ["First"]  # type: ignore[index]
    assert first["pagination"] == {"page": 1, "pages": 2, "newer": None, "older": "/blog/page/2"}
    assert second["pagination"] == {"page": 2, "pages": 2, "newer": "/blog", "older": None}
    assert "/blog/page/3" not in paths(built)


def test_excerpts_stop_at_the_truncate_marker(blog: Path) -> None:
    built, _ = load(blog)
    summaries = {p["title"]: p for p in route_data(built, "/blog")["posts"]}  # type: ignore[attr-defined]
    second = summaries["Second"]
    assert second["truncated"] is True
    assert len(second["excerpt"]) == 1 and second["excerpt"][0][0] == "p"
    assert summaries["Welcome"]["truncated"] is False, "without a marker the whole post is shown"


def test_a_post_page_has_date_reading_time_authors_tags_and_its_neighbours(blog: Path) -> None:
    built, _ = load(blog)
    page = route_data(built, "/blog/second")
    assert page["post"] == {
        "title": "Second", "href": "/blog/second", "date": "2025-01-15", "readingTime": 1,
        "authors": [{"name": "Laura Campos", "title": "Integrations Lead", "url": "https://example.com/laura",
                     "imageUrl": None}],
        "tags": [{"label": "onebox", "href": "/blog/tags/onebox"}, {"label": "API", "href": "/blog/tags/api"}],
        "description": "About Second.",
    }
    assert page["newer"] == {"label": "Welcome", "href": "/blog/welcome"}
    assert page["older"] == {"label": "First", "href": "/blog/first"}
    assert [t["id"] for t in page["toc"]] == ["more"]  # type: ignore[attr-defined]


def test_unlisted_posts_are_routable_but_listed_nowhere_and_drafts_are_not_built(blog: Path) -> None:
    built, _ = load(blog)
    assert "/blog/hidden" in paths(built) and "/blog/wip" not in paths(built)
    hidden = next(r for r in built.routes if r.path == "/blog/hidden")
    assert hidden.data["meta"]["noindex"] and not hidden.sitemap
    listed = [p["title"] for r in built.routes if r.kind in ("blogList", "blogTag") for p in r.data["posts"]]
    assert "Hidden" not in listed
    assert route_data(built, "/blog/welcome")["newer"] is None, "neighbours skip unlisted posts"


def test_archive_groups_posts_by_year_newest_first(blog: Path) -> None:
    built, _ = load(blog)
    years = route_data(built, "/blog/archive")["years"]
    assert [(y["year"], [p["title"] for p in y["posts"]]) for y in years] == [  # type: ignore[attr-defined]
        (2025, ["Welcome", "Second"]), (2024, ["First"])]


def test_tags_page_counts_posts_and_each_tag_has_its_pages(blog: Path) -> None:
    built, _ = load(blog)
    assert route_data(built, "/blog/tags")["tags"] == [
        {"label": "API", "href": "/blog/tags/api", "count": 1},
        {"label": "onebox", "href": "/blog/tags/onebox", "count": 3},
        {"label": "welcome", "href": "/blog/tags/welcome", "count": 1},
    ]
    onebox = route_data(built, "/blog/tags/onebox")
    assert onebox["title"] == '3 posts tagged with "onebox"'
    assert [p["title"] for p in onebox["posts"]] == ["Welcome", "Second"]  # type: ignore[attr-defined]
    assert route_data(built, "/blog/tags/onebox/page/2")["posts"][0]["title"] == "First"  # type: ignore[index]
    assert route_data(built, "/blog/tags/welcome")["title"] == '1 post tagged with "welcome"'


def test_every_blog_page_links_the_feeds_from_its_head(blog: Path) -> None:
    built, _ = load(blog)
    feeds = [{"type": "application/rss+xml", "href": "/blog/rss.xml", "title": "Dev blog RSS Feed"},
             {"type": "application/atom+xml", "href": "/blog/atom.xml", "title": "Dev blog Atom Feed"}]
    blog_routes = [r for r in built.routes if r.path.startswith("/blog")]
    assert len(blog_routes) == 12  # 4 posts, 2 list pages, tags, 4 tag pages, archive
    for route in blog_routes:
        assert route.data["meta"]["alternates"] == feeds, route.path
    assert "alternates" not in route_data(built, "/docs/")["meta"]


def test_a_post_has_blog_posting_structured_data(blog: Path) -> None:
    built, _ = load(blog)
    data: dict[str, Any] = route_data(built, "/blog/welcome")["meta"]["jsonLd"]  # type: ignore[index]
    assert (data["@type"], data["headline"], data["datePublished"]) == ("BlogPosting", "Welcome", "2025-03-04")
    assert data["author"] == [{"@type": "Person", "name": "Laura Campos", "url": "https://example.com/laura"}]
    assert data["url"] == "https://example.com/blog/welcome"


def test_the_rss_feed(blog: Path) -> None:
    built, _ = load(blog)
    channel = ET.fromstring(built.files["/blog/rss.xml"]).find("channel")
    assert channel is not None
    assert channel.findtext("title") == "Dev blog" and channel.findtext("link") == "https://example.com/blog"
    assert channel.findtext("lastBuildDate") == "Tue, 04 Mar 2025 00:00:00 +0000", "the newest post's date"
    items = channel.findall("item")
    assert [i.findtext("title") for i in items] == ["Welcome", "Second", "First"], "no unlisted posts, no drafts"
    second = items[1]
    assert second.findtext("link") == second.findtext("guid") == "https://example.com/blog/second"
    assert second.findtext("pubDate") == "Wed, 15 Jan 2025 00:00:00 +0000"
    assert second.findtext("description") == "About Second."
    assert [c.text for c in second.findall("category")] == ["onebox", "API"]
    assert second.findtext("{http://purl.org/dc/elements/1.1/}creator") == "Laura Campos"
    content = second.findtext(f"{CONTENT}encoded") or ""
    assert '<a href="https://example.com/docs/">link</a>' in content, "links are absolute"
    assert '<h2 id="more">More</h2>' in content and "#more" not in content, "no heading anchors"
    assert '<pre><code class="language-bash">echo &lt;hi&gt;\n</code></pre>' in content


def test_the_atom_feed(blog: Path) -> None:
    built, _ = load(blog)
    feed = ET.fromstring(built.files["/blog/atom.xml"])
    assert feed.tag == f"{ATOM}feed"
    assert feed.findtext(f"{ATOM}title") == "Dev blog"
    assert feed.findtext(f"{ATOM}updated") == "2025-03-04T00:00:00+00:00"
    entries = feed.findall(f"{ATOM}entry")
    assert [e.findtext(f"{ATOM}title") for e in entries] == ["Welcome", "Second", "First"]
    entry = entries[0]
    assert entry.findtext(f"{ATOM}id") == "https://example.com/blog/welcome"
    assert entry.find(f"{ATOM}link").get("href") == "https://example.com/blog/welcome"  # type: ignore[union-attr]
    assert entry.findtext(f"{ATOM}author/{ATOM}name") == "Laura Campos"
    assert [c.get("term") for c in entry.findall(f"{ATOM}category")] == ["onebox", "welcome"]
    assert entry.find(f"{ATOM}content").get("type") == "html"  # type: ignore[union-attr]


def test_feed_types_follow_the_configuration(blog: Path) -> None:
    configure(blog, blog={"feedTypes": ["atom"]})
    built, _ = load(blog)
    assert "/blog/atom.xml" in built.files and "/blog/rss.xml" not in built.files
    assert [a["type"] for a in route_data(built, "/blog")["meta"]["alternates"]] == ["application/atom+xml"]  # type: ignore[index]


def test_an_unknown_author_names_the_line_of_authors(blog: Path) -> None:
    from docsite.errors import BuildError

    file = write(blog / "blog" / "2025-04-01-x.md", "---\ntitle: X\nauthors: [nobody]\n---\nHi.\n")
    with pytest.raises(BuildError) as error:
        load(blog)
    [problem] = error.value.problems
    assert (problem.file, problem.line, problem.message) == (file, 3, "unknown blog author 'nobody'")
    assert problem.fix == "add 'nobody' to authors.yaml, or use one of: laura"
