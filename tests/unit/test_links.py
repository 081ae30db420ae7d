"""Link checking at build time: every outcome, with the file, the line and the target."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from docsite.errors import BuildError
from docsite.markdown.text import walk
from tests.unit.sitefiles import configure, doc, load, png, route_data, write


def elements(data: dict[str, Any], tag: str) -> list[list[Any]]:
    return [node for node in walk(data["content"]) if node[0] == tag]


@pytest.fixture
def site(mini_site: Path) -> Path:
    write(mini_site / "sidebars.yaml", "docs:\n  - intro\n  - guides/target\n")
    write(mini_site / "docs" / "guides" / "target.md", doc("Target", body="## Scopes\n\nText.\n"))
    return mini_site


def test_every_broken_route_link_is_listed_with_file_line_and_target_in_one_run(site: Path) -> None:
    one = write(site / "docs" / "one.md",
                doc("One", body="Line.\n\nSee [a](/docs/nowhere) and\n[b](/docs/guides/missing).\n"))
    two = write(site / "docs" / "two.md", doc("Two", body="[c](/blog/nope)\n"))
    with pytest.raises(BuildError) as error:
        load(site)
    problems = [(p.file, p.line, p.message) for p in error.value.problems]
    assert problems == [
        (one, 8, "broken link to '/docs/nowhere': no page has the route '/docs/nowhere'"),
        (one, 9, "broken link to '/docs/guides/missing': no page has the route '/docs/guides/missing'"),
        (two, 6, "broken link to '/blog/nope': no page has the route '/blog/nope'"),
    ]
    assert "one.md:8: broken link to '/docs/nowhere'" in str(error.value)


def test_route_links_may_use_either_trailing_slash_spelling_html_suffixes_and_files(site: Path) -> None:
    write(site / "static" / "files" / "guide.pdf", "%PDF")
    write(site / "docs" / "ok.md", doc("Ok", body=(
        "[a](/docs/guides/target/) [b](/docs/index.html) [c](/files/guide.pdf) "
        "[d](guides/target) [e](https://example.com/x) [f](mailto:a@b.c)\n")))
    _, report = load(site)
    assert report.problems == []


def test_a_relative_md_link_is_rewritten_to_its_route_keeping_the_anchor(site: Path) -> None:
    write(site / "docs" / "guides" / "source.md",
          doc("Source", body="[Scopes](target.md#scopes) [Intro](../intro.md)\n"))
    built, report = load(site)
    assert report.problems == []
    links = elements(route_data(built, "/docs/guides/source"), "a")
    assert [a[1]["href"] for a in links] == ["/docs/guides/target#scopes", "/docs/"]


def test_a_broken_md_link_warns_and_does_not_fail(site: Path) -> None:
    source = write(site / "docs" / "source.md", doc("Source", body="[Gone](guides/gone.md)\n"))
    _, report = load(site)
    [warning] = report.warnings
    assert (warning.file, warning.line) == (source, 6)
    assert warning.message.startswith("broken Markdown link 'guides/gone.md': no page comes from")
    assert warning.fix == "fix the relative path to the .md file"


def test_a_missing_anchor_warns_on_this_page_and_on_another(site: Path) -> None:
    source = write(site / "docs" / "source.md", doc("Source", body=(
        "## Here\n\n[a](#here) [b](#nothere)\n\n[c](/docs/guides/target#scopes) [d](/docs/guides/target#limits)\n")))
    _, report = load(site)
    assert [(w.file, w.line, w.message) for w in report.warnings] == [
        (source, 8, "broken anchor '#nothere': no heading or element on this page has that id"),
        (source, 10, "broken anchor in '/docs/guides/target#limits': the page /docs/guides/target has no element "
                     "with id 'limits'"),
    ]


def test_policies_make_link_problems_errors_warnings_or_nothing(site: Path) -> None:
    write(site / "docs" / "source.md", doc("Source", body="[a](/docs/nowhere) [b](gone.md) [c](#none)\n"))
    configure(site, onBrokenLinks="warn", onBrokenMarkdownLinks="throw", onBrokenAnchors="ignore")
    with pytest.raises(BuildError) as error:
        load(site)
    assert [p.message.split(":")[0] for p in error.value.problems] == ["broken Markdown link 'gone.md'"]
    configure(site, onBrokenMarkdownLinks="warn")
    _, report = load(site)
    assert sorted(w.message.split(":")[0] for w in report.warnings) == [
        "broken Markdown link 'gone.md'", "broken link to '/docs/nowhere'"]


def test_an_unknown_component_fails_naming_the_file_and_line(site: Path) -> None:
    source = write(site / "docs" / "source.md", doc("Source", body="Text.\n\n::WidgetSimulatr{mode=\"v2\"}\n"))
    with pytest.raises(BuildError) as error:
        load(site)
    [problem] = error.value.problems
    assert (problem.file, problem.line, problem.message) == (source, 8, "unknown component 'WidgetSimulatr'")
    assert problem.fix is not None and "OperationCard" in problem.fix


def test_images_must_exist_and_get_their_intrinsic_size(site: Path) -> None:
    (site / "static" / "img").mkdir(parents=True)
    (site / "static" / "img" / "flow.png").write_bytes(png(640, 360))
    (site / "static" / "img" / "flow-dark.png").write_bytes(png(640, 360))
    write(site / "docs" / "source.md", doc("Source", body=(
        "![Flow](/img/flow.png#gh-light-mode-only)![Flow](../img/flow-dark.png#gh-dark-mode-only)\n\n"
        '<img src="/img/flow.png" alt="Sized" width="100">\n')))
    built, report = load(site)
    assert report.problems == []
    light, dark, sized = (img[1] for img in elements(route_data(built, "/docs/source"), "img"))
    assert light == {"src": "/img/flow.png", "alt": "Flow", "className": "light-only", "loading": "lazy",
                     "decoding": "async", "width": 640, "height": 360}
    assert dark["src"] == "/img/flow-dark.png" and dark["className"] == "dark-only"
    assert (sized["width"], "height" not in sized, sized["loading"]) == ("100", True, "lazy"), \
        "a size the writer gave is kept"


def test_a_missing_image_is_an_error(site: Path) -> None:
    source = write(site / "docs" / "source.md", doc("Source", body="![Gone](/img/gone.png)\n"))
    with pytest.raises(BuildError) as error:
        load(site)
    [problem] = error.value.problems
    assert (problem.file, problem.line, problem.message) == (source, 6, "image not found: '/img/gone.png'")


def test_blog_author_images_are_checked_like_other_static_files(site: Path) -> None:
    (site / "static" / "img").mkdir(parents=True)
    (site / "static" / "img" / "laura.png").write_bytes(png(80, 80))
    authors = write(site / "blog" / "authors.yaml", "laura:\n  name: Laura\n  image_url: /img/laura.png\n"
                                                    "david:\n  name: David\n  image_url: /img/david.png\n"
                                                    "remote:\n  name: Remote\n  image_url: https://example.com/r.png\n")
    post = write(site / "blog" / "2025-01-02-hello.md",
                 "---\ntitle: Hello\nauthors:\n  - laura\n  - {name: Guest, image_url: /img/guest.png}\n---\nHi.\n")
    with pytest.raises(BuildError) as error:
        load(site)
    assert [(p.file, p.line, p.message) for p in error.value.problems] == [
        (authors, 6, "author image not found: '/img/david.png' (David)"),
        (post, 3, "author image not found: '/img/guest.png' (Guest)"),
    ]


def test_react_pages_links_and_api_calls_are_checked(site_copy: Callable[[], Path]) -> None:
    """The home page is YAML props for a React component: its `to:` links and its `code:` are
    checked like a Markdown page's."""
    from docsite.build import Paths
    from docsite.build import check as check_site
    content = site_copy()
    home = content / "pages" / "index.yaml"
    text = home.read_text()
    text = text.replace("to: /docs/webhooks/webhooks-info", "to: /docs/webhooks/nope")
    text = text.replace("https://api.pre.oneboxtds.com/catalog/v1/events?limit=5",
                        "https://api.pre.oneboxtds.com/catalog/v1/eventz?limit=5")
    home.write_text(text)
    lines = text.splitlines()
    link_line = next(n for n, line in enumerate(lines, 1) if "/docs/webhooks/nope" in line)
    call_line = next(n for n, line in enumerate(lines, 1) if "/catalog/v1/eventz" in line)
    with pytest.raises(BuildError) as error:
        check_site(Paths(content, Path("/nonexistent")))
    problems = sorted((p.file, p.line, p.message) for p in error.value.problems)
    assert problems == sorted([
        (home, link_line, "broken link to '/docs/webhooks/nope': no page has this route"),
        (home, call_line, "API call `GET https://api.pre.oneboxtds.com/catalog/v1/eventz?limit=5`: "
                          "no API spec defines this path"),
    ])
