"""The site-wide data the front end needs on every page: chrome configuration, resolved.

Navbar items that point at docs (`doc`, `docSidebar`, `docsVersion`...) are resolved here, at build
time, to plain links: the browser gets no docs metadata to look ids up in, and a wrong id fails
the build with the list of ids that exist.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docsite.config import CONFIG_FILE, Footer, FooterColumn, FooterLink, Logo, NavbarItem, SiteConfig
from docsite.content import Doc, DocIndex, UnknownDoc
from docsite.errors import Report
from docsite.sidebars import Sidebars
from docsite.versioned_docs import PLUGIN_ID
from docsite.versions import DocsVersion
from docsite.yamlfile import load_yaml_file


def site_data(config: SiteConfig, content_dir: Path, docs: list[Doc], sidebars: Sidebars,
              versions: list[DocsVersion], search_tags: list[str], build_id: str, report: Report,
              draft_ids: frozenset[str] = frozenset(), locale: str | None = None,
              root_base: str | None = None, search_engine: str = "lunr") -> dict[str, Any]:
    """`locale`: the locale of this site (default: the default locale's); `root_base`: the default
    locale's base URL, where the other locales' sites are below; `search_engine`: `lunr` or
    `pagefind`, as chosen (docsite.search.pagefind.choose_engine)."""
    theme = config.themeConfig
    current = locale or config.i18n.defaultLocale
    locale_config = config.i18n.locale(current)
    resolver = _NavbarResolver(config, content_dir, DocIndex({d.id: d for d in docs}, draft_ids), sidebars,
                               versions, report, root_base or config.baseUrl)
    return {
        "title": config.title,
        "tagline": config.tagline,
        "url": config.url,
        "baseUrl": config.baseUrl,
        "trailingSlash": config.trailingSlash,
        "favicon": config.favicon,
        "themeColor": config.themeColor,
        "metadata": [entry for entry in theme.metadata if entry.get("name") != "keywords"],  # keywords: per page
        "buildId": build_id,
        "i18n": {
            "defaultLocale": config.i18n.defaultLocale,
            "locales": [{"locale": name, "label": config.i18n.locale(name).label,
                         "htmlLang": config.i18n.locale(name).htmlLang,
                         "direction": config.i18n.locale(name).direction} for name in config.i18n.locales],
            "currentLocale": current,
            "htmlLang": locale_config.htmlLang,
            "direction": locale_config.direction,
        },
        "navbar": {
            "title": theme.navbar.title,
            "logo": _logo(theme.navbar.logo),
            "style": theme.navbar.style,
            "hideOnScroll": theme.navbar.hideOnScroll,
            "items": resolver.resolve_all(theme.navbar.items, ("themeConfig", "navbar", "items")),
        },
        "colorMode": theme.colorMode.model_dump(),
        "announcementBar": theme.announcementBar.model_dump() if theme.announcementBar else None,
        "footer": _footer(theme.footer),
        "docs": {"pluginId": PLUGIN_ID, "versions": [v.summary() for v in versions]},
        "search": {
            "enabled": config.search.enabled,
            "engine": search_engine,
            "maxResults": config.search.maxResults,
            "maxInputLength": config.search.maxInputLength,
            "tags": search_tags,
            "analytics": config.search.analytics.model_dump() if config.search.analytics else None,
        },
        "analytics": config.analytics.model_dump(),
        "helpDesk": config.helpDesk.model_dump(),
        "storage": config.storage.model_dump(),
    }


def _logo(logo: Logo | None) -> dict[str, Any] | None:
    return logo.model_dump() if logo else None


def _footer(footer: Footer) -> dict[str, Any]:
    def link(item: FooterLink) -> dict[str, Any]:
        return item.model_dump(exclude_none=True)

    out: dict[str, Any] = {"style": footer.style, "logo": _logo(footer.logo), "copyright": footer.copyright}
    if footer.multi_column:
        out["columns"] = [{"title": col.title, "items": [link(i) for i in col.items]}
                          for col in footer.links if isinstance(col, FooterColumn)]
    else:
        out["links"] = [link(i) for i in footer.links if isinstance(i, FooterLink)]
    return out


class _NavbarResolver:
    def __init__(self, config: SiteConfig, content_dir: Path, docs: DocIndex, sidebars: Sidebars,
                 versions: list[DocsVersion], report: Report, root_base: str) -> None:
        self.config = config
        self.root_base = root_base
        self.file = content_dir / CONFIG_FILE
        self.docs = docs
        self.sidebars = sidebars
        self.versions = versions
        self.report = report
        self._lines: Any = None

    def line(self, where: tuple[str | int, ...]) -> int:
        if self._lines is None:
            self._lines = load_yaml_file(self.file) if self.file.is_file() else None
        return self._lines.line_of(where) if self._lines else 1

    def resolve_all(self, items: list[NavbarItem], where: tuple[str | int, ...]) -> list[dict[str, Any]]:
        resolved = (self.resolve(item, (*where, i)) for i, item in enumerate(items))
        return [item for item in resolved if item is not None]

    def resolve(self, item: NavbarItem, where: tuple[str | int, ...]) -> dict[str, Any] | None:
        """The item as the front end gets it; None for an item that links to a draft (hidden)."""
        out = item.model_dump(exclude_none=True, by_alias=True)
        if item.items is not None:
            out["items"] = self.resolve_all(item.items, (*where, "items"))
        if item.type == "doc":
            try:
                doc = self.docs.find(item.docId or "")
            except UnknownDoc as exc:
                self.report.error(f"navbar item '{item.label or item.docId}': {exc}",
                                  self.file, self.line((*where, "docId")))
                return out
            if doc is None:
                return None  # a draft: left out of production builds, and so is its link
            out.update(to=doc.route, label=item.label or doc.sidebar_label,
                       sidebarId=self.sidebars.sidebar_of(doc.route))
        elif item.type == "docSidebar":
            try:
                sidebar = self.sidebars.find(item.sidebarId or "")
            except LookupError as exc:
                self.report.error(f"navbar item '{item.label}': {exc.args[0]}", self.file,
                                  self.line((*where, "sidebarId")))
                return out
            target = sidebar.first_link()
            if target is None:
                self.report.error(f"navbar item '{item.label}' links to sidebar '{sidebar.id}', "
                                  "which has no link target: none of its items is a doc or a category with a page",
                                  self.file, self.line((*where, "sidebarId")),
                                  "add a doc to that sidebar, or give one of its categories a link")
            out.update(to=target.href if target else None, label=item.label or (target.label if target else None))
        elif item.type in ("docsVersion", "docsVersionDropdown"):
            out["versions"] = [{"name": v.name, "label": v.label, "to": v.path} for v in self.versions]
            if item.type == "docsVersion":
                last = next(v for v in self.versions if v.is_last)
                if "label" not in out:  # the version's label: the front end shows the one it leads to
                    out.update(label=last.label, versionLabel=True)
                out.setdefault("to", last.path)
        elif item.type == "localeDropdown":
            # each locale is a site of its own: its base from the site root (`/`, `/fr/`)
            out["locales"] = [{"locale": name, "label": self.config.i18n.locale(name).label,
                               "base": self.root_base if name == self.config.i18n.defaultLocale
                               else f"{self.root_base}{name}/"}
                              for name in self.config.i18n.locales]
        return out
