"""The blog's RSS 2.0 and Atom feeds: `/blog/rss.xml` and `/blog/atom.xml`.

The newest posts (unlisted and draft posts left out), each with its summary and full content as
HTML with absolute links. Dates come from the posts, not the clock: the same content builds the
same feeds. Every blog page links them from its <head> (`feed_links`).
"""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from email.utils import format_datetime
from posixpath import dirname
from typing import Any

from docsite.blog import feed_path
from docsite.config import SiteConfig
from docsite.content import Author, BlogPost
from docsite.markdown.serialize import to_html
from docsite.routes import absolute_url, page_url

FEED_LIMIT = 20
ATOM = "http://www.w3.org/2005/Atom"
CONTENT = "http://purl.org/rss/1.0/modules/content/"
DC = "http://purl.org/dc/elements/1.1/"
ET.register_namespace("atom", ATOM)  # RSS's <atom:link rel="self">
ET.register_namespace("content", CONTENT)
ET.register_namespace("dc", DC)






def feed_files(posts: list[BlogPost], authors: dict[str, Author], config: SiteConfig) -> dict[str, bytes]:
    """Site path -> file, for every configured feed. `posts` are newest first."""
    entries = [_entry(p, authors, config) for p in posts if not p.front.unlisted and not p.front.draft][:FEED_LIMIT]
    files = {}
    for kind in config.blog.feedTypes:
        root = _rss(entries, config) if kind == "rss" else _atom(entries, config)
        files[feed_path(config, kind)] = _xml(root)
    return files


def _entry(post: BlogPost, authors: dict[str, Author], config: SiteConfig) -> dict[str, Any]:
    url = page_url(config, post.route)

    def absolute(href: str) -> str:
        if href.startswith("#"):
            return url + href
        if href.startswith("/"):
            return absolute_url(config, href)
        if "://" in href or href.startswith(("mailto:", "tel:", "//")):
            return href
        return absolute_url(config, f"{dirname(post.route)}/{href}")

    names = []
    for entry in post.front.authors:
        if isinstance(entry, dict):
            names.append((entry.get("name", ""), entry.get("url")))
        elif entry in authors:
            names.append((authors[entry].name, authors[entry].url))
    published = dt.datetime.combine(post.date, dt.time(), tzinfo=dt.UTC)
    return {
        "title": post.title,
        "url": url,
        "date": published,
        "summary": post.description,
        "content": to_html(post.rendered.tree, absolute),
        "authors": names,
        "tags": post.front.tags,
    }


def _channel_info(config: SiteConfig) -> tuple[str, str]:
    blog = config.blog
    return page_url(config, blog.routeBasePath), blog.description


def _rss(entries: list[dict[str, Any]], config: SiteConfig) -> ET.Element:
    home, description = _channel_info(config)
    rss = ET.Element("rss", {"version": "2.0"})
    channel = ET.SubElement(rss, "channel")
    _text(channel, "title", config.blog.title)
    _text(channel, "link", home)
    _text(channel, "description", description)
    _text(channel, "language", config.i18n.locale(config.i18n.defaultLocale).htmlLang)
    if entries:
        _text(channel, "lastBuildDate", format_datetime(entries[0]["date"]))
    ET.SubElement(channel, f"{{{ATOM}}}link", {"href": absolute_url(config, feed_path(config, "rss")),
                                               "rel": "self", "type": "application/rss+xml"})
    for entry in entries:
        item = ET.SubElement(channel, "item")
        _text(item, "title", entry["title"])
        _text(item, "link", entry["url"])
        ET.SubElement(item, "guid", {"isPermaLink": "true"}).text = entry["url"]
        _text(item, "pubDate", format_datetime(entry["date"]))
        _text(item, "description", entry["summary"])
        _text(item, f"{{{CONTENT}}}encoded", entry["content"])
        for name, _ in entry["authors"]:
            _text(item, f"{{{DC}}}creator", name)
        for tag in entry["tags"]:
            _text(item, "category", tag)
    return rss


def _atom(entries: list[dict[str, Any]], config: SiteConfig) -> ET.Element:
    home, description = _channel_info(config)
    feed = ET.Element("feed", {"xmlns": ATOM})  # the default namespace: plain tag names
    _text(feed, "id", home)
    _text(feed, "title", config.blog.title)
    _text(feed, "subtitle", description)
    updated = entries[0]["date"] if entries else dt.datetime(1970, 1, 1, tzinfo=dt.UTC)
    _text(feed, "updated", updated.isoformat())
    ET.SubElement(feed, "link", {"rel": "alternate", "href": home})
    ET.SubElement(feed, "link", {"rel": "self", "href": absolute_url(config, feed_path(config, "atom"))})
    if config.favicon:
        _text(feed, "icon", absolute_url(config, config.favicon))
    for entry in entries:
        item = ET.SubElement(feed, "entry")
        _text(item, "title", entry["title"])
        _text(item, "id", entry["url"])
        ET.SubElement(item, "link", {"href": entry["url"]})
        _text(item, "published", entry["date"].isoformat())
        _text(item, "updated", entry["date"].isoformat())
        ET.SubElement(item, "summary", {"type": "text"}).text = entry["summary"]
        ET.SubElement(item, "content", {"type": "html"}).text = entry["content"]
        for name, url in entry["authors"]:
            author = ET.SubElement(item, "author")
            _text(author, "name", name)
            if url:
                _text(author, "uri", url)
        for tag in entry["tags"]:
            ET.SubElement(item, "category", {"term": tag, "label": tag})
    return feed


def _text(parent: ET.Element, tag: str, text: str) -> None:
    ET.SubElement(parent, tag).text = text


def _xml(root: ET.Element) -> bytes:
    ET.indent(root)
    data: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    return data
