"""The site configuration (`content/site.yaml`): its schema, its defaults and how it is loaded.

Keys follow Docusaurus's names (`themeConfig.navbar.hideOnScroll`, `announcementBar.isCloseable`...)
so that writers who know Docusaurus feel at home. Every model forbids unknown keys: a typo is an
error that names the file, the line and the closest known key.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from docsite.errors import BuildError, listing
from docsite.frontmatter_models import DocFrontMatter
from docsite.yaml_validation import validate
from docsite.yamlfile import load_yaml_file

CONFIG_FILE = "site.yaml"


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# -- navbar ---------------------------------------------------------------------------------------

NAVBAR_ITEM_TYPES = (
    "default", "dropdown", "html", "localeDropdown", "doc", "docSidebar",
    "docsVersion", "docsVersionDropdown", "search",
)
_REQUIRED_BY_TYPE: dict[str, tuple[str, ...]] = {
    "dropdown": ("label", "items"),
    "html": ("html",),
    "doc": ("docId",),
    "docSidebar": ("sidebarId",),
}


class NavbarItem(Model):
    """One navbar item. `type` picks the kind; without a type an item with `items` is a dropdown."""

    type: str = "default"
    label: str | None = None
    to: str | None = None
    href: str | None = None
    html: str | None = None
    position: Literal["left", "right"] = "right"
    items: list[NavbarItem] | None = None
    activeBasePath: str | None = None
    activeBaseRegex: str | None = None
    docId: str | None = None
    sidebarId: str | None = None
    docsPluginId: str = "default"
    className: str | None = None
    ariaLabel: str | None = Field(default=None, alias="aria-label")

    @model_validator(mode="before")
    @classmethod
    def _infer_type(cls, data: Any) -> Any:
        if isinstance(data, dict) and "type" not in data and "items" in data:
            return {**data, "type": "dropdown"}
        return data

    @field_validator("type")
    @classmethod
    def _known_type(cls, value: str) -> str:
        if value not in NAVBAR_ITEM_TYPES:
            raise PydanticCustomError(
                "navbar_item_type",
                'No NavbarItem component found for type "{type}". Known types: {known}',
                {"type": value, "known": ", ".join(NAVBAR_ITEM_TYPES)},
            )
        return value

    @model_validator(mode="after")
    def _fields_for_type(self) -> NavbarItem:
        missing = [name for name in _REQUIRED_BY_TYPE.get(self.type, ()) if getattr(self, name) is None]
        if self.type == "default" and not (self.to or self.href):
            missing.append("to' or 'href")
        if missing:
            raise ValueError(f"a navbar item of type '{self.type}' needs '{missing[0]}'")
        if self.to and self.href:
            raise ValueError("give a navbar item either 'to' (a page of this site) or 'href' (another site), not both")
        return self


class Logo(Model):
    src: str
    srcDark: str | None = None
    alt: str = ""
    href: str | None = None
    target: str | None = None
    width: int | str | None = None
    height: int | str | None = None


class Navbar(Model):
    title: str | None = None
    logo: Logo | None = None
    style: Literal["primary", "dark"] | None = None
    hideOnScroll: bool = False
    items: list[NavbarItem] = []


# -- colour mode, announcement bar --------------------------------------------------------------

class ColorMode(Model):
    defaultMode: Literal["light", "dark"] = "light"
    disableSwitch: bool = False
    respectPrefersColorScheme: bool = False


class AnnouncementBar(Model):
    id: str = "announcement-bar"
    content: str
    backgroundColor: str = "#fff"
    textColor: str = "#000"
    isCloseable: bool = True


# -- footer ---------------------------------------------------------------------------------------

class FooterLink(Model):
    label: str | None = None
    to: str | None = None
    href: str | None = None
    html: str | None = None
    prependBaseUrlToHref: bool = False

    @model_validator(mode="after")
    def _link_or_html(self) -> FooterLink:
        if self.html is None and (self.label is None or not (self.to or self.href)):
            raise ValueError("a footer link needs 'label' and 'to' or 'href', or 'html'")
        return self


class FooterColumn(Model):
    title: str | None = None
    items: list[FooterLink]


class Footer(Model):
    style: Literal["light", "dark"] = "light"
    links: list[FooterColumn] | list[FooterLink] = []
    logo: Logo | None = None
    copyright: str | None = None

    @property
    def multi_column(self) -> bool:
        return any(isinstance(link, FooterColumn) for link in self.links)


class TableOfContents(Model):
    minHeadingLevel: int = Field(2, ge=2, le=6)
    maxHeadingLevel: int = Field(3, ge=2, le=6)

    @model_validator(mode="after")
    def _ordered(self) -> TableOfContents:
        if self.minHeadingLevel > self.maxHeadingLevel:
            raise ValueError("minHeadingLevel must not be greater than maxHeadingLevel")
        return self


class ThemeConfig(Model):
    navbar: Navbar = Navbar()
    colorMode: ColorMode = ColorMode()
    announcementBar: AnnouncementBar | None = None
    footer: Footer = Footer()
    tableOfContents: TableOfContents = TableOfContents()
    image: str | None = None
    metadata: list[dict[str, str]] = []  # <meta> tags of every page; `keywords` is the pages' default

    @field_validator("metadata")
    @classmethod
    def _meta_tags(cls, value: list[dict[str, str]]) -> list[dict[str, str]]:
        for entry in value:
            if "content" not in entry or not ("name" in entry or "property" in entry):
                raise ValueError(f"each metadata entry is a <meta> tag with a `name` (or `property`) and a "
                                 f"`content`, like {{name: twitter:site, content: '@onebox'}} (got {entry})")
        return value


# -- content plugins ----------------------------------------------------------------------------

class DocsVersion(Model):
    """One version's options, as Docusaurus's `docs.versions.<name>`. Unset options take Docusaurus's
    defaults (docsite.versioned_docs): the latest version at the docs root, `current` at `next` once a
    version is released, older ones at their name; banners on unreleased and unmaintained versions;
    a badge when there is more than one version."""

    label: str | None = None
    path: str | None = None
    banner: Literal["none", "unreleased", "unmaintained"] | None = None
    badge: bool | None = None
    noIndex: bool = False


class Docs(Model):
    path: str = "docs"
    routeBasePath: str = "/docs"
    sidebarPath: str = "sidebars.yaml"
    editUrl: str | None = None
    showLastUpdateTime: bool = True
    # Versions: `current` is the docs folder; released ones are listed in versions.json (newest
    # first), their docs in versioned_docs/version-<name>/ (`docsite version <name>` makes them).
    versions: dict[str, DocsVersion] = {}
    lastVersion: str | None = None  # the version at the docs root: by default the newest released
    onlyIncludeVersions: list[str] | None = None  # build only these (a faster preview)
    includeCurrentVersion: bool = True


class Blog(Model):
    path: str = "blog"
    routeBasePath: str = "/blog"
    title: str = "Blog"
    description: str = "Blog"
    postsPerPage: int = Field(10, ge=1)
    feedTypes: list[Literal["rss", "atom"]] = ["rss", "atom"]


class SearchBoosts(Model):
    """How much a match in each field of a search document counts (applied when the index is built)."""

    title: float = Field(5, ge=0)
    content: float = Field(1, ge=0)
    tags: float = Field(3, ge=0)
    keywords: float = Field(3, ge=0)  # a page's keywords (not in the spec: ours, as strong as its tags)
    sidebarParentCategories: float = Field(2, ge=0)
    # the constants an API page's section defines (error codes, enum values, header names): a query
    # typed as a constant also lists their definitions first, whatever this boost (docsite.search)
    defines: float = Field(1, ge=0)


class SearchAnalytics(Model):
    """Algolia Insights credentials: the search box reports which results readers saw and chose."""

    appId: str
    apiKey: str
    indexName: str


class Search(Model):
    enabled: bool = True
    # lunr: the spec's index files, downloaded whole on first use; pagefind: Pagefind's bundle, fetched
    # in fragments per query; auto: lunr while its index stays small (docsite.search.pagefind.choose_engine)
    engine: Literal["lunr", "pagefind", "auto"] = "auto"
    maxResults: int = Field(8, ge=1)
    maxInputLength: int = Field(512, ge=1)
    boosts: SearchBoosts = SearchBoosts()
    # How many of a doc's closest sidebar categories are indexed (0: none; they are still shown).
    indexSidebarParentCategories: int = Field(0, ge=0)
    k1: float = Field(1.2, ge=0)
    b: float = Field(0.75, ge=0, le=1)
    analytics: SearchAnalytics | None = None


class Analytics(Model):
    trackingId: str | None = None
    anonymizeIp: bool = False


class HelpDesk(Model):
    scriptUrl: str | None = None


class Storage(Model):
    type: Literal["localStorage", "none"] = "localStorage"
    namespace: str | None = None


_HOST = re.compile(r"^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$")


def _host_name(host: str) -> str:
    if not _HOST.match(host):
        raise ValueError(f"'{host}' is not a host name: write the name alone, in lower case, such as "
                         "www.youtube-nocookie.com (no https://, no path, no port)")
    return host


class Embeds(Model):
    """What pages may embed in an `<iframe>` (a video player): the hosts, by name
    (`www.youtube-nocookie.com`); they are added to the Content-Security-Policy's `frame-src`."""

    hosts: list[Annotated[str, AfterValidator(_host_name)]] = []


class Hsts(Model):
    """`Strict-Transport-Security`: browsers that saw it use HTTPS only for the site's host for
    `maxAge` seconds. `enabled` defaults to "when `url` is https"."""

    enabled: bool | None = None
    maxAge: int = Field(default=31536000, ge=0)  # a year
    includeSubDomains: bool = False
    preload: bool = False

    @model_validator(mode="after")
    def _preloadable(self) -> Hsts:
        if self.preload and not (self.includeSubDomains and self.maxAge >= 31536000):
            raise ValueError("hsts.preload needs includeSubDomains: true and a maxAge of at least 31536000 "
                             "(the preload list's requirements); set them or remove preload")
        return self

    def header(self) -> str:
        return "; ".join([f"max-age={self.maxAge}", *(["includeSubDomains"] if self.includeSubDomains else []),
                          *(["preload"] if self.preload else [])])


class Delivery(Model):
    """How the site is served: headers the build writes into `_headers` and the nginx configuration."""

    hsts: Hsts = Hsts()


class LocaleConfig(Model):
    label: str
    direction: Literal["ltr", "rtl"] = "ltr"
    htmlLang: str


class I18n(Model):
    defaultLocale: str = "en"
    locales: list[str] = ["en"]
    localeConfigs: dict[str, LocaleConfig] = {"en": LocaleConfig(label="English", htmlLang="en")}

    @model_validator(mode="after")
    def _default_is_listed(self) -> I18n:
        if self.defaultLocale not in self.locales:
            raise ValueError(f"defaultLocale '{self.defaultLocale}' is not in locales {self.locales}")
        return self

    def locale(self, name: str) -> LocaleConfig:
        return self.localeConfigs.get(name) or LocaleConfig(label=name, htmlLang=name)


class RedirectRule(Model):
    """A moved page: `{from: /docs/old-name, to: /docs/new-name}` (`from` may be a list)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    sources: list[str] = Field(alias="from")
    to: str

    @field_validator("sources", mode="before")
    @classmethod
    def _list(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value


# -- lint: the rules every page meets (docsite.checks.lint) ---------------------------------------------

class LintRule(Model):
    """A content rule: on by default and an error; `false` turns it off, `severity: warning` lets
    the build pass while still reporting it."""

    enabled: bool = True
    severity: Literal["error", "warning"] = "error"

    @model_validator(mode="before")
    @classmethod
    def _switch(cls, data: Any) -> Any:
        """`minWords: false` is `minWords: {enabled: false}`; `true` keeps the defaults."""
        return data if not isinstance(data, bool) else {"enabled": data}


class MinWords(LintRule):
    min: int = Field(150, ge=1)


class DescriptionLength(LintRule):
    min: int = Field(30, ge=0)
    max: int = Field(200, ge=1)

    @model_validator(mode="after")
    def _ordered(self) -> DescriptionLength:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) must not be greater than max ({self.max})")
        return self


class RequiredKeys(LintRule):
    keys: list[str] = ["keywords", "sidebar_label", "sidebar_position"]

    @field_validator("keys")
    @classmethod
    def _doc_keys(cls, value: list[str]) -> list[str]:
        known = sorted(DocFrontMatter.model_fields)
        for key in value:
            if key not in known:
                close = difflib.get_close_matches(key, known, n=1)
                raise ValueError(f"'{key}' is not a doc front matter key"
                                 + (f": did you mean '{close[0]}'?" if close else f" (known: {listing(known)})"))
        return value


PLACEHOLDER_WORDS = ["TODO", "TBD", "FIXME", "lorem ipsum", "lorem", "coming soon", "to be written",
                     "will be written", "under construction"]


class Placeholders(LintRule):
    words: list[str] = PLACEHOLDER_WORDS

    @field_validator("words")
    @classmethod
    def _not_blank(cls, value: list[str]) -> list[str]:
        if any(not word.strip() for word in value):
            raise ValueError("a placeholder word is empty: remove it")
        return value


class PlatformName(LintRule):
    name: str = Field("Onebox", min_length=1)


class Constants(LintRule):
    allow: list[str] = []  # names in capitals that are no API's value (environment variables...)


class LintRules(Model):
    """The house rules: every check Docusaurus does not make (content/README.md, "Lint rules").
    Each is on and an error by default; `false` turns it off."""

    minWords: MinWords = MinWords()
    description: DescriptionLength = DescriptionLength()
    requiredKeys: RequiredKeys = RequiredKeys()
    placeholders: Placeholders = Placeholders()
    platformName: PlatformName = PlatformName()
    constants: Constants = Constants()
    headingOrder: LintRule = LintRule()  # what axe-core's heading-order asks (the browser tests run it)
    imageAlt: LintRule = LintRule()
    apiCalls: LintRule = LintRule()  # the API calls in pages' code are the specs' (docsite.checks.api_calls)
    jsonBodies: LintRule = LintRule()  # their JSON is the specs' (docsite.checks.json_bodies)


RULES = tuple(LintRules.model_fields)


class LintOverride(LintRules):
    """Rules for the files `paths` matches, as ESLint's and markdownlint's overrides: only the rules
    and settings written here change, over those of `lint:` (and of the overrides before)."""

    paths: list[str] = Field(min_length=1)

    @field_validator("paths")
    @classmethod
    def _globs(cls, value: list[str]) -> list[str]:
        for glob in value:
            if not glob.strip() or glob.startswith("/") or "\\" in glob or ".." in glob.split("/"):
                raise ValueError(f"'{glob}' is not a path below the content folder: write a glob such as "
                                 "'docs/imported/**' (** is any number of folders, * any name in one)")
        return value

    def matches(self, path: str, globs: list[str] | None = None) -> bool:
        """Whether `path` (below the content folder: `docs/imported/intro.md`) is one of `paths` (or
        of `globs`)."""
        return any(_glob(glob).fullmatch(path) for glob in (self.paths if globs is None else globs))


@lru_cache(maxsize=256)
def _glob(glob: str) -> re.Pattern[str]:
    """`docs/imported/**` as a pattern: `**` any number of folders, `*` and `?` within one name; a
    folder's name alone is the folder (`docs/imported` is `docs/imported/**`)."""
    out = ""
    parts = glob.rstrip("/").split("/")
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        if part == "**":
            out += ".*" if last else "(?:[^/]+/)*"
            continue
        out += "".join("[^/]*" if char == "*" else "[^/]" if char == "?" else re.escape(char) for char in part)
        out += "(?:/.*)?" if last else "/"
    return re.compile(out)


class Lint(LintRules):
    """`lint:` in site.yaml: the rules for every page, and `overrides` for some files."""

    overrides: list[LintOverride] = []
    _merged: dict[tuple[int, ...], LintRules] = PrivateAttr(default_factory=dict)  # by the overrides that match

    @model_validator(mode="after")
    def _overrides_apply(self) -> Lint:
        for index, override in enumerate(self.overrides):
            try:
                _override(self, override)
            except ValueError as exc:
                raise ValueError(f"overrides[{index}]: {exc}") from None
        return self

    def for_path(self, path: str) -> LintRules:
        """The rules for the file at `path`, below the content folder (`docs/imported/intro.md`)."""
        if not self.overrides:
            return self
        matching = tuple(index for index, override in enumerate(self.overrides) if override.matches(path))
        merged = self._merged  # a site's pages share a few sets of rules: each is made once
        if matching not in merged:
            rules: LintRules = self
            for index in matching:
                rules = _override(rules, self.overrides[index])
            merged[matching] = rules
        return merged[matching]

    def rule_sets(self) -> list[LintRules]:
        """Every set of rules some file may get: `lint:` itself, and it with each override."""
        return [self, *(_override(self, override) for override in self.overrides)]


def _override(rules: LintRules, override: LintOverride) -> LintRules:
    """`rules` with what `override` sets: its rules' settings written in it, over theirs."""
    changed: dict[str, LintRule] = {}
    for name in override.model_fields_set & set(RULES):
        base, change = getattr(rules, name), getattr(override, name)
        try:
            changed[name] = type(base).model_validate(
                {**base.model_dump(), **change.model_dump(include=change.model_fields_set)})
        except ValidationError as exc:
            errors = "; ".join(str(error["msg"]).removeprefix("Value error, ") for error in exc.errors())
            raise ValueError(f"{name}: {errors}") from None
    return LintRules(**{name: changed.get(name, getattr(rules, name)) for name in RULES})


class SiteConfig(Model):
    title: str
    tagline: str = ""
    url: str
    baseUrl: str = "/"
    trailingSlash: bool | None = None
    favicon: str | None = None
    themeColor: str = "#c8102e"
    titleDelimiter: str = "|"
    i18n: I18n = I18n()
    themeConfig: ThemeConfig = ThemeConfig()
    docs: Docs = Docs()
    blog: Blog = Blog()
    search: Search = Search()
    analytics: Analytics = Analytics()
    helpDesk: HelpDesk = HelpDesk()
    storage: Storage = Storage()
    embeds: Embeds = Embeds()
    delivery: Delivery = Delivery()
    redirects: list[RedirectRule] = []
    lint: Lint = Lint()
    onBrokenLinks: Literal["throw", "warn", "ignore"] = "throw"
    onBrokenMarkdownLinks: Literal["throw", "warn", "ignore"] = "warn"
    onBrokenAnchors: Literal["throw", "warn", "ignore"] = "warn"

    @field_validator("baseUrl")
    @classmethod
    def _slashes(cls, value: str) -> str:
        if not (value.startswith("/") and value.endswith("/")):
            raise ValueError(f"baseUrl must start and end with '/' (got '{value}'); for the site root use '/'")
        return value

    @field_validator("url")
    @classmethod
    def _absolute(cls, value: str) -> str:
        if not value.startswith(("http://", "https://")):
            raise ValueError(f"url must be the site's absolute origin such as https://example.com (got '{value}')")
        return value.rstrip("/")

    @field_validator("delivery")
    @classmethod
    def _hsts_needs_https(cls, value: Delivery, info: ValidationInfo) -> Delivery:
        url = info.data.get("url", "")
        if value.hsts.enabled and not url.startswith("https://"):
            raise ValueError(f"hsts.enabled is true but url is {url}: browsers take "
                             "Strict-Transport-Security from HTTPS only; serve the site over https:// and "
                             "say so in url, or remove hsts.enabled")
        return value

    def hsts(self) -> str | None:
        """The `Strict-Transport-Security` value the site is served with, if any."""
        enabled = self.delivery.hsts.enabled
        if enabled is False or (enabled is None and not self.url.startswith("https://")):
            return None
        return self.delivery.hsts.header()


def load_config(content_dir: Path) -> SiteConfig:
    file = content_dir / CONFIG_FILE
    if not file.is_file():
        raise BuildError.at("the site configuration is missing", file,
                            fix=f"create {CONFIG_FILE} in the content folder (see content/README.md)")
    return validate(SiteConfig, load_yaml_file(file))
