"""Every doc is at most two clicks from /docs/: the built site's prerendered HTML is crawled from the
docs root through the links a reader clicks there, the docs sidebar and the page's own content (the
navbar and footer, the same on every page, are left out). Docs the sidebar does not list (the
tutorials under api/tutorials, the webhooks page) need an in-page link from a page that is one click
away. Docs added later are crawled too: the list of docs comes from the build."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

from tests.conftest import CONTENT
from tests.e2e.doc_examples import code_blocks

CLICKS = 2
WEBHOOKS = "/docs/webhooks/webhooks-info"
# Calls that change an order's state, each announced by a webhook (orders.yaml: order.purchased,
# order.cancelled, refund.requested, refund.completed).
_ORDER_CHANGE = re.compile(r"/bookings/[^/\s\"'`]+/(?:purchase|cancellation)\b|/orders/[^/\s\"'`]+/refunds\b")


class _Links(HTMLParser):
    """The links of the docs sidebar and of the article of a prerendered page."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.stack: list[bool] = []  # per open element: inside the sidebar or the article

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        inside = bool(self.stack and self.stack[-1]) or (
            tag == "nav" and values.get("aria-label") == "Docs sidebar") or (
            tag == "article" and "doc-article" in (values.get("class") or "").split())
        if tag == "a" and inside and values.get("href"):
            self.links.append(str(values["href"]))
        if tag not in _VOID:
            self.stack.append(inside)

    def handle_endtag(self, tag: str) -> None:
        if tag not in _VOID and self.stack:
            self.stack.pop()


_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def doc_routes(site: Path) -> dict[str, str]:
    """The route of every doc the build published (drafts and unlisted docs aside), with its id."""
    routes = {}
    pages = site / "_data" / "page"
    for data in [pages / "docs.json", *(pages / "docs").rglob("*.json")]:  # the docs root, then the rest
        page = json.loads(data.read_text(encoding="utf-8"))
        doc = page.get("doc") or {}
        if page.get("kind") == "doc" and not doc.get("draft") and not doc.get("unlisted"):
            routes[urlsplit(page["meta"]["canonical"]).path] = str(doc.get("id"))
    return routes


def html_of(site: Path, route: str) -> Path | None:
    for file in (site / route.strip("/") / "index.html", site / f"{route.strip('/')}.html"):
        if file.is_file():
            return file
    return None


def links_of(site: Path, route: str) -> set[str]:
    file = html_of(site, route)
    if file is None:
        return set()
    parser = _Links()
    parser.feed(file.read_text(encoding="utf-8"))
    out = set()
    for href in parser.links:
        url = urlsplit(href)
        if not url.scheme and url.path.startswith("/docs"):
            out.add(url.path)
    return out


def clicks_from(site: Path, start: str, depth: int) -> dict[str, int]:
    """Each route reached from `start` and the fewest clicks it takes, up to `depth` clicks."""
    reached = {start: 0}
    frontier = [start]
    for clicks in range(1, depth + 1):
        following = []
        for route in frontier:
            for link in sorted(links_of(site, route)):
                if link not in reached:
                    reached[link] = clicks
                    following.append(link)
        frontier = following
    return reached


def test_every_doc_is_two_clicks_from_the_docs_root(built_site: Path) -> None:
    site = built_site
    docs = doc_routes(site)
    assert "/docs/" in docs and "/docs/webhooks/webhooks-info" in docs and len(docs) >= 50
    reached = clicks_from(site, "/docs/", CLICKS)
    far = sorted(set(docs) - set(reached))
    assert not far, f"{len(far)} docs are more than {CLICKS} clicks from /docs/: {far}"


def test_every_doc_whose_code_changes_an_order_links_to_the_webhooks_page(built_site: Path) -> None:
    changing = {route for route, doc_id in doc_routes(built_site).items()
                if (CONTENT / "docs" / f"{doc_id}.md").is_file() and route != WEBHOOKS
                and any(_ORDER_CHANGE.search(block.code) for block in code_blocks(CONTENT / "docs" / f"{doc_id}.md"))}
    assert "/docs/api-orders-mgmt/tutorials/refund-order-items" in changing
    unlinked = sorted(route for route in changing if WEBHOOKS not in links_of(built_site, route))
    assert not unlinked, f"these pages change an order without linking to {WEBHOOKS}: {unlinked}"


def test_the_crawl_follows_the_sidebar_and_the_article_only(tmp_path: Path) -> None:
    site = tmp_path / "site"
    for route, body in {
        "docs": '<nav aria-label="Main"><a href="/docs/navbar-only">n</a></nav>'
                '<nav aria-label="Docs sidebar"><ul><li><a href="/docs/a">A</a></li></ul></nav>'
                '<article class="markdown doc-article"><p>See <a href="/docs/b#part">B</a><br>'
                '<a href="https://example.com/docs/x">x</a></p></article>'
                '<footer><a href="/docs/footer-only">f</a></footer>',
        "docs/a": '<article class="markdown doc-article"><a href="/docs/c">C</a></article>',
        "docs/b": '<article class="doc-article"><img src="x.png"><a href="/docs/d">D</a></article>',
        "docs/c": '<article class="doc-article"><a href="/docs/e">E</a></article>',
    }.items():
        (site / route).mkdir(parents=True, exist_ok=True)
        (site / route / "index.html").write_text(f"<html><body>{body}</body></html>", encoding="utf-8")
    assert clicks_from(site, "/docs/", 2) == {"/docs/": 0, "/docs/a": 1, "/docs/b": 1, "/docs/c": 2, "/docs/d": 2}
