"""Moved pages: their old paths answer 301 to where they are now.

Two sources, the Docusaurus way: a page's front matter `redirect_from: [/docs/old-name]`, and
`redirects: [{from: /docs/old-name, to: /docs/new-name}]` in `site.yaml` (`from` may be a list,
`to` may be a full URL). Every redirect becomes

- a 301 in the servers' rules: `_redirects` (docsite.outputs.delivery), the nginx configuration
  (docsite.outputs.nginx) and the preview server, which read the same file;
- a small HTML page at the old path (meta refresh and canonical link), for hosts that apply no rules.

Each locale's site has them too, below its path (`/fr/docs/old-name` -> `/fr/docs/new-name`): a
translated page moved with the page it translates.

The link checker accepts a link to an old path and warns that it should name the new one.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, replace
from pathlib import Path

from docsite.config import CONFIG_FILE, SiteConfig
from docsite.content import BlogPost, Content, Doc, Page
from docsite.errors import Report
from docsite.routes import Route, canonical_route, page_url
from docsite.yamlfile import YamlDocument

_URL = re.compile(r"^https?://", re.IGNORECASE)
_BAD_SOURCE = re.compile(r"[\s?#*:]|//")


@dataclass(frozen=True)
class Redirect:
    source: str  # the old path, without a trailing slash: /docs/old-name
    target: str  # a route of the site (/docs/new-name) or a full URL
    file: Path | None = None
    line: int | None = None


def normalize(path: str) -> str:
    return path.rstrip("/") or "/"


def collect_redirects(config: SiteConfig, config_file: YamlDocument, content: Content, routes: list[Route],
                      report: Report) -> list[Redirect]:
    """Every redirect of the site, checked: an old path is no page's route and is redirected once;
    a target is a page of the site or a full URL."""
    found: list[Redirect] = []
    for index, rule in enumerate(config.redirects):
        line = config_file.line_of(("redirects", index))
        found += [Redirect(normalize(source), rule.to, config_file.file, line) for source in rule.sources]
    # the pages with a `redirect_from` (few: resolving every page's path took 0.5 s at 10,000 pages)
    written: list[Doc | BlogPost | Page] = [*content.docs, *content.posts, *content.pages]
    pages = [page for page in written if page.front.redirect_from]
    by_source = {r.source.resolve(): r.path for r in routes if r.source is not None} if pages else {}
    for page in pages:
        target = by_source.get(page.file.resolve())
        if target is not None:
            found += [Redirect(normalize(source), target, page.file, page.line_of("redirect_from"))
                      for source in page.front.redirect_from]
    return _checked(found, {normalize(r.path) for r in routes}, report)


def _checked(redirects: list[Redirect], routes: set[str], report: Report) -> list[Redirect]:
    kept: dict[str, Redirect] = {}
    for redirect in redirects:
        where = (redirect.file, redirect.line)
        if not redirect.source.startswith("/") or _BAD_SOURCE.search(redirect.source):
            report.error(f"redirect from '{redirect.source}': not a path of this site", *where,
                         "write the old path from the site root, such as /docs/old-name (no query, "
                         "fragment, wildcard or spaces)")
        elif redirect.source in routes:
            report.error(f"redirect from '{redirect.source}': a page has this route, so the redirect would "
                         "hide it", *where, "remove the redirect, or move the page that has this route")
        elif redirect.source in kept:
            first = kept[redirect.source]
            report.error(f"redirect from '{redirect.source}' is defined twice (also in "
                         f"{first.file.name if first.file else CONFIG_FILE}:{first.line})", *where,
                         "keep one of the two")
        elif not _URL.match(redirect.target) and normalize(redirect.target.split("#")[0]) not in routes:
            report.error(f"redirect from '{redirect.source}' to '{redirect.target}': no page has that route",
                         *where, "redirect to a route of the site (/docs/environments) or a full https:// URL")
        else:
            kept[redirect.source] = redirect
    return sorted(kept.values(), key=lambda r: r.source)


def in_locale(redirects: list[Redirect], locale: str) -> list[Redirect]:
    """A locale's redirects (its site is at /<locale>/: docsite.i18n) as the root site's rules name
    them: `/docs/old` -> `/docs/new` becomes `/fr/docs/old` -> `/fr/docs/new`."""
    return [replace(r, source=f"/{locale}{r.source}",
                    target=r.target if _URL.match(r.target) else f"/{locale}{r.target}") for r in redirects]


def location(redirect: Redirect, config: SiteConfig) -> str:
    """Where the redirect sends the browser: the target as the trailing-slash policy spells it."""
    if _URL.match(redirect.target):
        return redirect.target
    return config.baseUrl.rstrip("/") + canonical_route(redirect.target, config.trailingSlash)


def fallback_page(redirect: Redirect, config: SiteConfig) -> str:
    """The page written at the old path, for hosts that apply no redirect rules."""
    to, canonical = html.escape(location(redirect, config)), html.escape(page_url(config, redirect.target))
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f'<title>Moved to {to}</title><meta name="robots" content="noindex">'
            f'<link rel="canonical" href="{canonical}"><meta http-equiv="refresh" content="0; url={to}">'
            f'</head><body><p>This page has moved to <a href="{to}">{to}</a>.</p></body></html>\n')
