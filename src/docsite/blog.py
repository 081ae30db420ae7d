"""Blog routes: the paginated list, one page per post, the archive, the tag list and tag pages."""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

from docsite.config import SiteConfig
from docsite.content import Author, BlogPost
from docsite.errors import Report, closest_first, listing
from docsite.markdown.text import count_words, plain_text
from docsite.routes import Route, absolute_url, page_meta, page_url, toc
from docsite.tags import Tag, group_by_tag, tag_counts, tagged_title

WORDS_PER_MINUTE = 200
# the feeds docsite.outputs.feeds writes, by kind: file name, type, title
FEED_FILES = {"rss": ("rss.xml", "application/rss+xml", "RSS"),
              "atom": ("atom.xml", "application/atom+xml", "Atom")}


def feed_path(config: SiteConfig, kind: str) -> str:
    return f"{config.blog.routeBasePath.rstrip('/')}/{FEED_FILES[kind][0]}"


def feed_links(config: SiteConfig) -> list[dict[str, str]]:
    """`<link rel="alternate">` entries for the head of every blog page."""
    return [{"type": FEED_FILES[kind][1], "href": feed_path(config, kind),
             "title": f"{config.blog.title} {FEED_FILES[kind][2]} Feed"} for kind in config.blog.feedTypes]


def blog_routes(posts: list[BlogPost], authors: dict[str, Author], config: SiteConfig,
                report: Report) -> list[Route]:
    """`posts` are newest first. Every page links the feeds from its head."""
    blog = config.blog
    base = blog.routeBasePath.rstrip("/")
    listed = [p for p in posts if not p.front.unlisted]
    summaries = {id(p): _summary(p, authors, base, report) for p in posts}
    routes: list[Route] = []

    for index, post in enumerate(listed):
        newer = listed[index - 1] if index > 0 else None
        older = listed[index + 1] if index + 1 < len(listed) else None
        routes.append(_post_route(post, summaries[id(post)], newer, older, config))
    routes.extend(_post_route(p, summaries[id(p)], None, None, config) for p in posts if p.front.unlisted)

    routes.extend(_list_pages(base, blog.title, blog.description, [summaries[id(p)] for p in listed],
                              blog.postsPerPage, config, kind="blogList"))

    groups = group_by_tag(listed, lambda post: map(Tag.of, post.front.tags))
    routes.append(Route(f"{base}/tags", "blogTags", {
        "kind": "blogTags",
        "meta": _meta(config, f"{base}/tags", "Tags", f"Every tag used on the {blog.title}."),
        "title": "Tags",
        "tags": tag_counts(base, groups),
    }, search=None))
    for group in groups:
        label = group.tag.label
        routes.extend(_list_pages(group.tag.href(base), tagged_title(len(group.items), "post", label),
                                  f"Blog posts tagged with {label}.",
                                  [summaries[id(p)] for p in group.items], blog.postsPerPage, config,
                                  kind="blogTag", extra={"tag": {"label": label, "allTagsHref": f"{base}/tags"}}))

    years: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for post in listed:
        years[post.date.year].append({"title": post.title, "href": post.route, "date": post.date.isoformat()})
    routes.append(Route(f"{base}/archive", "blogArchive", {
        "kind": "blogArchive",
        "meta": _meta(config, f"{base}/archive", "Archive", f"Every post of the {blog.title}, by year."),
        "title": "Archive",
        "years": [{"year": year, "posts": items} for year, items in sorted(years.items(), reverse=True)],
    }, search=None))
    return routes


def _meta(config: SiteConfig, path: str, title: str, description: str, **extra: Any) -> dict[str, Any]:
    return page_meta(config, path, title, description, alternates=feed_links(config), **extra)


def reading_minutes(post: BlogPost) -> int:
    return max(1, math.ceil(count_words(plain_text(post.rendered.tree)) / WORDS_PER_MINUTE))


def inline_authors(post: BlogPost) -> list[Author]:
    """Authors written in the post's front matter rather than named from authors.yaml."""
    return [Author("", entry.get("name", ""), entry.get("title"), entry.get("url"), entry.get("image_url"),
                   post.file, post.line_of("authors"))
            for entry in post.front.authors if isinstance(entry, dict)]


def _summary(post: BlogPost, authors: dict[str, Author], base: str, report: Report) -> dict[str, Any]:
    resolved = []
    inline = iter(inline_authors(post))
    for entry in post.front.authors:
        author = next(inline) if isinstance(entry, dict) else authors.get(entry)
        if author is None:
            known = listing(closest_first(str(entry), authors)) or "(none)"
            report.error(f"unknown blog author '{entry}'", post.file, post.line_of("authors"),
                         f"add '{entry}' to authors.yaml, or use one of: {known}")
            continue
        resolved.append({"name": author.name, "title": author.title, "url": author.url,
                         "imageUrl": author.image_url})
    return {
        "title": post.title,
        "href": post.route,
        "date": post.date.isoformat(),
        "readingTime": reading_minutes(post),
        "authors": resolved,
        "tags": [Tag.of(t).link(base) for t in post.front.tags],
        "description": post.description,
        "excerpt": post.rendered.excerpt if post.rendered.excerpt is not None else post.rendered.tree,
        "truncated": post.rendered.excerpt is not None,
    }


def _post_route(post: BlogPost, summary: dict[str, Any], newer: BlogPost | None, older: BlogPost | None,
                config: SiteConfig) -> Route:
    front = post.front
    data = {
        "kind": "blogPost",
        "meta": _meta(config, post.route, post.title, post.description, keywords=front.keywords,
                      image=front.image, og_type="article", noindex=front.unlisted,
                      json_ld=_posting_json_ld(post, summary, config)),
        "title": post.title,
        "content": post.rendered.tree,
        "toc": toc(post.rendered, front, config),
        "post": {k: v for k, v in summary.items() if k not in ("excerpt", "truncated")},
        "newer": {"label": newer.title, "href": newer.route} if newer else None,
        "older": {"label": older.title, "href": older.route} if older else None,
    }
    return Route(post.route, "blogPost", data, post.file, post.rendered,
                 search=None if front.unlisted else "blog", sitemap=not front.unlisted,
                 anchors=post.rendered.anchors)


def _posting_json_ld(post: BlogPost, summary: dict[str, Any], config: SiteConfig) -> dict[str, Any]:
    """schema.org BlogPosting: headline, dates, authors, keywords."""
    data: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        "@id": page_url(config, post.route),
        "mainEntityOfPage": page_url(config, post.route),
        "url": page_url(config, post.route),
        "headline": post.title,
        "name": post.title,
        "description": post.description,
        "datePublished": post.date.isoformat(),
        "author": [{"@type": "Person", "name": a["name"], **({"url": a["url"]} if a.get("url") else {})}
                   for a in summary["authors"]],
        "keywords": post.front.tags,
    }
    image = post.front.image or config.themeConfig.image
    if image:
        data["image"] = absolute_url(config, image)
    return data


def _list_pages(base: str, title: str, description: str, items: list[dict[str, Any]], per_page: int,
                config: SiteConfig, kind: str, extra: dict[str, Any] | None = None) -> list[Route]:
    pages = max(1, math.ceil(len(items) / per_page))
    routes = []
    for number in range(1, pages + 1):
        path = base if number == 1 else f"{base}/page/{number}"
        page_title = title if number == 1 else f"{title}, page {number}"
        data = {
            "kind": kind,
            "meta": _meta(config, path, page_title, description),
            "title": title,
            "description": description,
            "posts": items[(number - 1) * per_page: number * per_page],
            "pagination": {
                "page": number,
                "pages": pages,
                "newer": (base if number == 2 else f"{base}/page/{number - 1}") if number > 1 else None,
                "older": f"{base}/page/{number + 1}" if number < pages else None,
            },
            **(extra or {}),
        }
        routes.append(Route(path, kind, data, search=None))
    return routes
