"""The blog as a reader (and a feed reader) sees it: feeds linked from the head of every blog page,
served as XML, and the post page's date, reading time, authors, tags and neighbours."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.docs_engine import hydrated

BLOG_PAGES = ["/blog", "/blog/welcome", "/blog/archive", "/blog/tags", "/blog/tags/onebox", "/blog/tags/welcome"]
FEEDS = {"application/rss+xml": "/blog/rss.xml", "application/atom+xml": "/blog/atom.xml"}


@pytest.mark.parametrize("route", BLOG_PAGES)
def test_every_blog_page_links_its_feeds_from_the_head(page: Page, site_url: str, route: str) -> None:
    html = page.request.get(site_url + route).text()
    head = html.split("</head>", 1)[0]
    for kind, href in FEEDS.items():
        assert re.search(rf'<link [^>]*rel="alternate" type="{re.escape(kind)}" href="{href}" '
                         r'title="Onebox developer blog (RSS|Atom) Feed">', head), (route, kind)


def test_feed_links_follow_client_side_navigation(page: Page, site_url: str) -> None:
    page.goto(site_url + "/docs/")
    hydrated(page)
    expect(page.locator('head link[rel="alternate"]')).to_have_count(0)
    page.locator(".navbar a", has_text="Blog").first.click()
    expect(page).to_have_url(site_url + "/blog")
    expect(page.locator('head link[rel="alternate"]')).to_have_count(2)
    page.locator(".navbar a", has_text="FAQ").first.click()
    expect(page.locator('head link[rel="alternate"]')).to_have_count(0)


def test_the_feeds_are_served_and_list_the_welcome_post(page: Page, site_url: str) -> None:
    rss = page.request.get(site_url + "/blog/rss.xml")
    assert rss.ok and "xml" in rss.headers["content-type"]
    channel = ET.fromstring(rss.body()).find("channel")
    assert channel is not None
    assert "https://developers.oneboxtds.com/blog/welcome" in [i.findtext("link") for i in channel.findall("item")]
    atom = ET.fromstring(page.request.get(site_url + "/blog/atom.xml").body())
    titles = [e.findtext("{http://www.w3.org/2005/Atom}title") for e in atom.findall("{http://www.w3.org/2005/Atom}entry")]
    assert "Welcome to the Onebox developer portal" in titles


def test_a_post_shows_its_date_reading_time_authors_and_tags(page: Page, site_url: str) -> None:
    page.goto(site_url + "/blog/welcome")
    header = page.locator("article .post-header")
    expect(header.locator("time")).to_have_attribute("datetime", "2025-03-04")
    expect(header.locator(".post-meta")).to_contain_text(re.compile(r"March 4, 2025 · \d+ min read"))
    expect(header.locator(".post-author")).to_have_count(2)
    for image in header.locator(".post-author img").all():
        assert image.evaluate("i => i.complete && i.naturalWidth > 0"), "author images load"
    tags = page.locator("article .post-tags .tag")
    expect(tags).to_have_text(["onebox", "welcome"])
    expect(tags.first).to_have_attribute("href", "/blog/tags/onebox")
    expect(page.locator("script[type='application/ld+json']")).to_have_count(1)
