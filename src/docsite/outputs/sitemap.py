"""The sitemap and robots.txt."""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape

from docsite.config import SiteConfig
from docsite.routes import Route, absolute_url, canonical_route


def sitemap(routes: Iterable[Route], config: SiteConfig) -> str:
    urls = "".join(
        f"<url><loc>{escape(absolute_url(config, canonical_route(r.path, config.trailingSlash)))}</loc></url>"
        for r in sorted(routes, key=lambda r: r.path) if r.sitemap)
    return ('<?xml version="1.0" encoding="UTF-8"?>'
            f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>\n')


def robots(config: SiteConfig) -> str:
    return f"User-agent: *\nAllow: /\n\nSitemap: {absolute_url(config, '/sitemap.xml')}\n"
