"""Loading docs, blog posts and pages: ids, routes, front matter, and the errors writers see."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

import docsite.content as content_module
from docsite.cache import use_cache
from docsite.config import load_config
from docsite.content import _fence_languages, load_content
from docsite.errors import Report


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def load(content: Path, dev: bool = False):  # type: ignore[no-untyped-def]
    report = Report()
    return load_content(content, load_config(content), report, dev=dev), report


def doc(title: str, extra: str = "") -> str:
    return f"---\ntitle: {title}\ndescription: About {title}.\n{extra}---\n\nBody of {title}.\n"


def test_doc_ids_and_routes_come_from_paths(mini_site: Path) -> None:
    docs = mini_site / "docs"
    write(docs / "environments.md", doc("Environments"))
    write(docs / "authentication" / "index.md", doc("Authentication"))
    write(docs / "api" / "tutorials" / "add-seats.md", doc("Add seats"))
    write(docs / "webhooks" / "webhooks-info.md", doc("Webhooks"))
    write(docs / "renamed.md", doc("Renamed", "id: other-name\n"))
    write(docs / "custom.md", doc("Custom", "slug: /elsewhere/page\n"))
    content, report = load(mini_site)
    routes = {d.id: d.route for d in content.docs}
    assert routes == {
        "intro": "/docs/",
        "environments": "/docs/environments",
        "authentication/index": "/docs/authentication/",
        "api/tutorials/add-seats": "/docs/api/tutorials/add-seats",
        "webhooks/webhooks-info": "/docs/webhooks/webhooks-info",
        "other-name": "/docs/other-name",
        "custom": "/docs/elsewhere/page",
    }
    assert report.problems == []


def test_a_doc_id_used_twice_names_both_files(mini_site: Path) -> None:
    first = write(mini_site / "docs" / "a.md", doc("A", "id: same\n"))
    second = write(mini_site / "docs" / "b.md", doc("B", "id: same\n"))
    _, report = load(mini_site)
    [problem] = report.errors
    assert "the doc id 'same' is used twice" in problem.message
    assert str(first) in problem.message and str(second) in problem.message


def test_front_matter_errors_name_the_key_and_line(mini_site: Path) -> None:
    write(mini_site / "docs" / "bad.md", "---\ntitle: Bad\nsidebar_positon: 3\ntoc_max_heading_level: 9\n---\nx\n")
    _, report = load(mini_site)
    typo = next(p for p in report.errors if "unknown key 'sidebar_positon'" in p.message)
    assert typo.line == 3 and typo.fix == "did you mean 'sidebar_position'?"
    level = next(p for p in report.errors if "toc_max_heading_level" in p.message)
    assert level.line == 4


def test_unclosed_front_matter_and_missing_title(mini_site: Path) -> None:
    write(mini_site / "docs" / "open.md", "---\ntitle: Open\n")
    write(mini_site / "docs" / "untitled.md", "No title here.\n")
    _, report = load(mini_site)
    messages = {p.message for p in report.errors}
    assert "the front matter is not closed" in messages
    assert "the page has no title" in messages


def test_a_leading_h1_becomes_the_title(mini_site: Path) -> None:
    write(mini_site / "docs" / "h1.md", "# From the heading\n\nText.\n")
    content, _ = load(mini_site)
    page = next(d for d in content.docs if d.id == "h1")
    assert page.title == "From the heading"
    assert page.rendered.tree == [["p", None, "Text."]]


def test_drafts_are_built_in_dev_only(mini_site: Path) -> None:
    write(mini_site / "docs" / "wip.md", doc("WIP", "draft: true\n"))
    production, _ = load(mini_site)
    assert "wip" not in {d.id for d in production.docs}
    assert [d.id for d in production.drafts] == ["wip"]
    dev, _ = load(mini_site, dev=True)
    assert "wip" in {d.id for d in dev.docs}


def test_blog_posts_take_date_and_slug_from_the_file_name(mini_site: Path) -> None:
    blog = mini_site / "blog"
    write(blog / "2025-03-04-welcome.md", "---\ntitle: Welcome\ntags: [onebox]\n---\nHi.\n")
    write(blog / "2025-05-01-later" / "index.md", "---\ntitle: Later\nslug: renamed\n---\nHi.\n")
    write(blog / "undated.md", "---\ntitle: Undated\n---\nHi.\n")
    content, report = load(mini_site)
    assert [(p.slug, p.date.isoformat(), p.route) for p in content.posts] == [
        ("renamed", "2025-05-01", "/blog/renamed"), ("welcome", "2025-03-04", "/blog/welcome")]
    assert "the blog post has no valid date" in report.errors[0].message


def test_pages_markdown_and_react(mini_site: Path) -> None:
    pages = mini_site / "pages"
    write(pages / "faq.md", "---\ntitle: FAQ\n---\nQ.\n")
    write(pages / "contact" / "index.md", "---\ntitle: Contact\n---\nWrite.\n")
    write(pages / "index.yaml", "component: Home\ntitle: Home\ndescription: The home page.\nprops: {a: 1}\n")
    write(pages / "broken.yaml", "component: Home\ntitle: Broken\n")
    content, report = load(mini_site)
    assert sorted(p.route for p in content.pages) == ["/contact/", "/faq"]
    assert [(p.route, p.page.props) for p in content.react_pages] == [("/", {"a": 1})]
    assert any("description" in p.message and p.file == pages / "broken.yaml" for p in report.errors)


def test_the_languages_pages_name_are_found_for_their_lexers_to_be_looked_up_before_the_pool_forks() -> None:
    pages = [b"Text\n\n```Python title=\"x.py\"\nprint(1)\n```\n", b"> ~~~ yaml\na: 1\n~~~\n",
             b"```mermaid\ngraph TD\n```\n", b"```\nplain\n```\n", b"- item\n\n  ````js {1}\nx\n  ````\n"]
    assert _fence_languages(pages) == {"python", "yaml", "js"}


def test_work_given_to_do_meanwhile_is_done_once_while_the_workers_render_or_after_loading(
        mini_site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for index in range(4):
        write(mini_site / "docs" / f"page-{index}.md", doc(f"Page {index}"))
    workers: list[int] = []

    def meanwhile() -> None:
        workers.append(len(multiprocessing.active_children()))

    use_cache(tmp_path / "one")
    load_content(mini_site, load_config(mini_site), Report(), meanwhile=meanwhile)
    assert workers == [0], "few pages: rendered here, then the work is done"
    use_cache(tmp_path / "two")  # nothing rendered yet
    monkeypatch.setattr(content_module, "PARALLEL_FROM", 2)
    content = load_content(mini_site, load_config(mini_site), Report(), meanwhile=meanwhile)
    assert len(workers) == 2 and workers[1] >= 1, "done while the worker processes render"
    assert len(content.docs) == 5
    use_cache(None)


def test_mdx_files_are_pages_and_nothing_whose_name_or_folder_starts_with_an_underscore_is(mini_site: Path) -> None:
    docs = mini_site / "docs"
    write(docs / "guide.mdx", doc("Guide"))
    write(docs / "_note.md", "A partial.\n")
    write(docs / "_partials" / "setup.md", "A partial in a folder of partials.\n")
    write(docs / "api" / "_drafts" / "old.mdx", doc("Old"))
    write(mini_site / "blog" / "_shared" / "2024-01-02-shared.md", doc("Shared"))
    write(mini_site / "blog" / "2024-01-01-hello.mdx", doc("Hello"))
    write(mini_site / "pages" / "about.mdx", doc("About"))
    write(mini_site / "pages" / "_parts" / "faq.md", doc("FAQ"))
    content, report = load(mini_site)
    assert report.problems == []
    assert {d.id: d.route for d in content.docs} == {"intro": "/docs/", "guide": "/docs/guide"}
    assert [(p.slug, p.route) for p in content.posts] == [("hello", "/blog/hello")]
    assert [p.route for p in content.pages] == ["/about"]


def test_a_page_is_rendered_again_when_a_partial_it_includes_changes(mini_site: Path, tmp_path: Path) -> None:
    """The result cache keys a page by its partials' bytes too: `docsite dev` renders again the pages
    that include a partial saved, as a cold build would."""
    from docsite.content import load_markdown
    from docsite.frontmatter_models import DocFrontMatter

    use_cache(tmp_path / "cache")
    try:
        docs = mini_site / "docs"
        page = write(docs / "guide.md", doc("Guide") + "\nimport Note from './_note.md';\n\n<Note />\n")
        write(docs / "_note.md", "import Deeper from '@site/docs/_deeper.md';\n\n<Deeper />\n")
        write(docs / "_deeper.md", "## First\n")
        headings = []
        for text in ("## First\n", "## Second\n"):
            write(docs / "_deeper.md", text)
            loaded = load_markdown(page, DocFrontMatter, Report())
            assert loaded is not None
            headings.append([h.text for h in loaded.rendered.headings])
        assert headings == [["First"], ["Second"]]
        (docs / "_deeper.md").unlink()  # a partial deleted: the page's import is an error at once
        report = Report()
        load_markdown(page, DocFrontMatter, report)
        assert [p.message for p in report.problems] == [
            "the partial '@site/docs/_deeper.md' does not exist: there is no docs/_deeper.md"]
    finally:
        use_cache(None)
