"""The front matter each kind of Markdown file accepts. Unknown keys are errors (typos caught)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator
from pydantic_core import PydanticCustomError


class FrontMatter(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str | None = None
    description: str | None = None
    keywords: list[str] = []
    image: str | None = None
    hide_table_of_contents: bool = False
    toc_min_heading_level: int | None = Field(None, ge=2, le=6)
    toc_max_heading_level: int | None = Field(None, ge=2, le=6)
    draft: bool = False
    unlisted: bool = False
    redirect_from: list[str] = []  # old paths of this page: 301s to it (docsite.redirects)

    @field_validator("keywords", mode="before")
    @classmethod
    def _keywords_list(cls, value: Any) -> Any:
        return [part.strip() for part in value.split(",")] if isinstance(value, str) else value

    @field_validator("redirect_from", mode="before")
    @classmethod
    def _redirect_from_list(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    @model_validator(mode="after")
    def _toc_levels(self) -> FrontMatter:
        low, high = self.toc_min_heading_level, self.toc_max_heading_level
        if low is not None and high is not None and low > high:
            raise ValueError("toc_min_heading_level must not be greater than toc_max_heading_level")
        return self


class TagRef(BaseModel):
    """A tag written as Docusaurus's object: `{label: Orders, permalink: /orders}`."""

    model_config = ConfigDict(extra="forbid")

    label: str = Field(min_length=1)
    permalink: str = Field(min_length=1, pattern=r"^/?[A-Za-z0-9._~-]+(/[A-Za-z0-9._~-]+)*/?$")


class DocFrontMatter(FrontMatter):
    id: str | None = None
    slug: str | None = None
    sidebar_label: str | None = None
    sidebar_position: float | None = None
    sidebar_class_name: str | None = None
    tags: list[str | TagRef] = []

    @field_validator("tags", mode="before")
    @classmethod
    def _tags(cls, value: Any) -> Any:
        """One error per bad tag, naming the two forms (a union would give one per form)."""
        if not isinstance(value, list):
            return [value] if isinstance(value, str) else value
        tags: list[str | TagRef] = []
        for index, tag in enumerate(value):
            if isinstance(tag, str):
                tags.append(tag)
                continue
            if isinstance(tag, dict) and set(tag) == {"label", "permalink"}:
                try:
                    tags.append(TagRef.model_validate(tag))
                    continue
                except ValidationError:
                    pass
            raise PydanticCustomError(
                "tag", "tag {index} ({tag}) is neither a word nor {label: Name, permalink: /name}",
                {"index": index + 1, "tag": json.dumps(tag, default=str),
                 "fix": "write tags: [orders, {label: Orders API, permalink: /orders-api}] (a permalink is "
                        "letters, digits, '-', '_', '.' and '/')"})
        return tags
    pagination_prev: str | None = None
    pagination_next: str | None = None
    pagination_label: str | None = None
    hide_title: bool = False
    custom_edit_url: str | None = None


class PageFrontMatter(FrontMatter):
    hide_footer: bool = False
    wrapper_class_name: str | None = None


class BlogFrontMatter(FrontMatter):
    slug: str | None = None
    date: dt.date | dt.datetime | None = None
    authors: list[str | dict[str, str]] | str = []
    tags: list[str] = []

    @field_validator("authors", mode="before")
    @classmethod
    def _authors_list(cls, value: Any) -> Any:
        return [value] if isinstance(value, str | dict) else value
