"""The site-wide data the front end needs on every page: chrome configuration, resolved.

Navbar items that point at docs (`doc`, `docSidebar`, `docsVersion`...) are resolved here, at build
time, to plain links: the browser gets no docs metadata to look ids up in, and a wrong id fails
the build with the list of ids that exist.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docsite.config import CONFIG_FILE, Footer, FooterColumn, FooterLink, Logo, NavbarItem, SiteConfig
from docsite.content import Doc
from docsite.errors import Report
from docsite.sidebars import Sidebars, doc_not_found
from docsite.yamlfile import load_yaml_file


def site_data(config: SiteConfig, content_dir: Path, docs: list[Doc], sidebars: Sidebars,
              search_tags: list[str], build_id: str, report: Report) -> dict[str, Any]:
    theme = config.themeConfig
    locale = config.i18n.locale(config.i18n.defaultLocale)
    resolver = _NavbarResolver(config, content_dir, {d.id: d for d in docs}, sidebars, report)
    versions = [{"name": name, "label": v.label, "path": _version_route(config, v.path), "isLast": name == "current"}
                for name, v in config.docs.versions.items()]
    return {
        "title": config.title,
        "tagline": config.tagline,
        "url": config.url,
        "baseUrl": config.baseUrl,
        "trailingSlash": config.trailingSlash,
        "favicon": config.favicon,
        "themeColor": config.themeColor,
        "buildId": build_id,
        "i18n": {
            "defaultLocale": config.i18n.defaultLocale,
            "locales": [{"locale": name, "label": config.i18n.locale(name).label,
                         "htmlLang": config.i18n.locale(name).htmlLang,
                         "direction": config.i18n.locale(name).direction} for name in config.i18n.locales],
            "htmlLang": locale.htmlLang,
            "direction": locale.direction,
        },
        "navbar": {
            "title": theme.navbar.title,
            "logo": _logo(theme.navbar.logo),
            "style": theme.navbar.style,
            "hideOnScroll": theme.navbar.hideOnScroll,
            "items": [resolver.resolve(item, ("themeConfig", "navbar", "items", i))
                      for i, item in enumerate(theme.navbar.items)],
        },
        "colorMode": theme.colorMode.model_dump(),
        "announcementBar": theme.announcementBar.model_dump() if theme.announcementBar else None,
        "footer": _footer(theme.footer),
        "docs": {"pluginId": "default", "versions": versions},
        "search": {
            "enabled": config.search.enabled,
            "maxResults": config.search.maxResults,
            "maxInputLength": config.search.maxInputLength,
            "tags": search_tags,
            "analytics": config.search.analytics,
        },
        "analytics": config.analytics.model_dump(),
        "helpDesk": config.helpDesk.model_dump(),
        "storage": config.storage.model_dump(),
    }


def _version_route(config: SiteConfig, path: str) -> str:
    base = config.docs.routeBasePath.rstrip("/")
    return f"{base}/{path.strip('/')}/" if path.strip("/") else f"{base}/"


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
    def __init__(self, config: SiteConfig, content_dir: Path, docs: dict[str, Doc], sidebars: Sidebars,
                 report: Report) -> None:
        self.config = config
        self.file = content_dir / CONFIG_FILE
        self.docs = docs
        self.sidebars = sidebars
        self.report = report
        self._lines: Any = None

    def line(self, where: tuple[str | int, ...]) -> int:
        if self._lines is None:
            self._lines = load_yaml_file(self.file) if self.file.is_file() else None
        return self._lines.line_of(where) if self._lines else 1

    def resolve(self, item: NavbarItem, where: tuple[str | int, ...]) -> dict[str, Any]:
        out = item.model_dump(exclude_none=True, by_alias=True)
        if item.items is not None:
            out["items"] = [self.resolve(child, (*where, "items", i)) for i, child in enumerate(item.items)]
        if item.type == "doc":
            doc = self.docs.get(item.docId or "")
            if doc is None:
                missing = doc_not_found(item.docId or "", list(self.docs))
                self.report.error(f"navbar item '{item.label or item.docId}': {missing}",
                                  self.file, self.line((*where, "docId")))
            else:
                out.update(to=doc.route, label=item.label or doc.sidebar_label,
                           sidebarId=self.sidebars.sidebar_of(doc.route))
        elif item.type == "docSidebar":
            sidebar = self.sidebars.sidebars.get(item.sidebarId or "")
            if sidebar is None:
                known = ", ".join(sorted(self.sidebars.sidebars)) or "(none)"
                self.report.error(f"navbar item '{item.label}': no sidebar with id '{item.sidebarId}'. "
                                  f"Available sidebar ids: {known}", self.file, self.line((*where, "sidebarId")))
            else:
                target = sidebar.first_link()
                if target is None:
                    self.report.error(f"navbar item '{item.label}' links to sidebar '{sidebar.id}', "
                                      "which has no link target",
                                      self.file, self.line((*where, "sidebarId")),
                                      "add a doc to that sidebar, or give one of its categories a link")
                out.update(to=target)
        elif item.type in ("docsVersion", "docsVersionDropdown"):
            versions = self.config.docs.versions
            out["versions"] = [{"name": n, "label": v.label, "to": _version_route(self.config, v.path)}
                               for n, v in versions.items()]
            if item.type == "docsVersion":
                current = next(iter(versions.values()))
                out.setdefault("label", current.label)
                out.setdefault("to", _version_route(self.config, current.path))
        elif item.type == "localeDropdown":
            out["locales"] = [{"locale": name, "label": self.config.i18n.locale(name).label,
                               "prefix": "" if name == self.config.i18n.defaultLocale else f"/{name}"}
                              for name in self.config.i18n.locales]
        return out
