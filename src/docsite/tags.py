"""Tags, of docs and of blog posts: each tag's address, the page of every tag with its count, and the
page of one tag (Docusaurus's `/docs/tags`, `/docs/tags/<tag>`, `/blog/tags`, `/blog/tags/<tag>`).

A tag is written as a string (`tags: [orders, refunds]`: its address is the label slugified) or, in
docs, as Docusaurus's object, `{label: Orders, permalink: /orders}` (its address is the permalink).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from docsite.frontmatter_models import TagRef
from docsite.markdown.text import slugify

T = TypeVar("T")


@dataclass(frozen=True)
class Tag:
    label: str
    key: str  # the last part of the tag page's address

    @classmethod
    def of(cls, written: str | TagRef) -> Tag:
        if isinstance(written, TagRef):
            return cls(written.label, written.permalink.strip("/"))
        return cls(written, slugify(written))

    def href(self, base: str) -> str:
        return f"{base}/tags/{self.key}"

    def link(self, base: str) -> dict[str, str]:
        return {"label": self.label, "href": self.href(base)}


@dataclass
class Tagged(Generic[T]):
    """One tag and what carries it, in the order given."""

    tag: Tag
    items: list[T]


def group_by_tag(items: Iterable[T], tags_of: Callable[[T], Iterable[Tag]]) -> list[Tagged[T]]:
    """Every tag the items carry with the items carrying it, by label (case-insensitive). Tags with
    the same address are one tag, named by the first label met."""
    groups: dict[str, Tagged[T]] = {}
    for item in items:
        for tag in tags_of(item):
            group = groups.setdefault(tag.key, Tagged(tag, []))
            if not group.items or group.items[-1] is not item:
                group.items.append(item)
    return sorted(groups.values(), key=lambda g: g.tag.label.lower())


def tagged_title(count: int, noun: str, label: str) -> str:
    """`3 docs tagged with "orders"`: a tag page's title."""
    return f'{count} {noun}{"s" if count != 1 else ""} tagged with "{label}"'


def tag_counts(base: str, groups: list[Tagged[Any]]) -> list[dict[str, Any]]:
    """What the page of every tag lists: each tag's label, address and count."""
    return [{**group.tag.link(base), "count": len(group.items)} for group in groups]
