"""Site configurations this site does not use, for the behaviour only they show (`variant_site`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

# Every navbar item kind, a dark navbar, respectPrefersColorScheme, hideOnScroll, a single-row
# footer with a logo.
CHROME: dict[str, Any] = {
    "i18n": {
        "locales": ["en", "fr"],
        "localeConfigs": {"en": {"label": "English", "htmlLang": "en"},
                          "fr": {"label": "Français", "htmlLang": "fr"}},
    },
    "themeConfig": {
        "colorMode": {"respectPrefersColorScheme": True},
        "navbar": {
            "hideOnScroll": True,
            "style": "dark",
            "logo": {"href": "/docs/"},
            "items": [
                {"type": "docSidebar", "sidebarId": "docs", "label": "Docs", "position": "left"},
                {"type": "doc", "docId": "environments", "label": "Envs", "position": "left"},
                {"type": "html", "position": "left",
                 "html": '<span class="status-html">Status: <b>all systems go</b></span>'},
                {"label": "Guides", "to": "/docs/authentication/", "position": "left",
                 "activeBaseRegex": "^/docs/(authentication|widget)"},
                {"label": "API specs", "position": "left", "activeBasePath": "/specification",
                 "items": [{"label": "Catalog", "to": "/specification/catalog"},
                           {"label": "Orders", "to": "/specification/orders"}]},
                {"type": "docsVersion", "position": "right"},
                {"type": "docsVersionDropdown", "position": "right"},
                {"type": "localeDropdown", "position": "right"},
                {"label": "Blog", "to": "/blog"},
            ],
        },
        "footer": {
            "style": "light",
            "links": [
                {"label": "Docs", "to": "/docs/"},
                {"label": "Blog", "to": "/blog"},
                {"label": "Website", "href": "https://www.oneboxtds.com"},
            ],
            "logo": {"src": "img/logo.svg", "srcDark": "img/logo-dark.svg", "alt": "Onebox logo",
                     "href": "https://www.oneboxtds.com", "width": 40, "height": 40},
            "copyright": "Copyright © 2025 Variant Inc.",
        },
    },
}

# CHROME's second locale: French, with the environments doc, the blog's welcome post, the navbar's
# Blog link and the footer's copyright translated (Docusaurus's i18n/ layout); the rest is English,
# with a notice.
FRENCH_WORD = "environnementsfr"
# A word of the French doc, and another inflection of it that only French stemming and accent
# folding bring together (lunr's English pipeline cuts them to `vénement` and `vènement`).
FRENCH_INFLECTED = ("Événement", "évènements")
FRENCH_MOVED = "/docs/anciens-environnements"  # the French doc's redirect_from, in the French site only


def french(content: Path) -> None:
    i18n = content / "i18n" / "fr"
    docs = i18n / "docusaurus-plugin-content-docs" / "current"
    docs.mkdir(parents=True)
    (docs / "environments.md").write_text(
        "---\ntitle: Environnements\ndescription: Les environnements de Onebox.\n"
        f"redirect_from: [{FRENCH_MOVED}]\n---\n\n"
        f"Onebox a deux environnements: pré-production et production ({FRENCH_WORD}).\n\n"
        "## Limites de débit {#rate-limits}\n\nVingt requêtes par seconde.\n\n"
        f"## {FRENCH_INFLECTED[0]} {{#events}}\n\nChaque événement a ses séances.\n")
    theme = i18n / "docusaurus-theme-classic"
    theme.mkdir(parents=True)
    (theme / "navbar.json").write_text('{"item.label.Blog": {"message": "Blogue"}}')
    (theme / "footer.json").write_text('{"copyright": {"message": "Droits d\'auteur © 2025 Variant Inc."}}')


# No storage, no analytics, no help desk.
BARE: dict[str, Any] = {
    "storage": {"type": "none"},
    "analytics": {"trackingId": None},
    "helpDesk": {"scriptUrl": None},
}


# The switches off: search disabled, no colour-mode toggle, an announcement bar that cannot be
# closed, a navbar in the theme colour; and a Markdown page that hides the footer (`hide_footer`).
SWITCHES_OFF: dict[str, Any] = {
    "search": {"enabled": False},
    "themeConfig": {"colorMode": {"disableSwitch": True}, "announcementBar": {"isCloseable": False},
                    "navbar": {"style": "primary"}},
}
HIDDEN_FOOTER_PAGE = "pages/faq.md"


def hide_footer(content: Path) -> None:
    page = content / HIDDEN_FOOTER_PAGE
    page.write_text(page.read_text().replace("---\n", "---\nhide_footer: true\n", 1))


# Three docs versions: 1.0 and 2.0 released (`docsite version`), 2.0 the latest at /docs/, the
# current docs at /docs/next/ and 1.0 at /docs/1.0/. Each version has a word only its docs use,
# and the current docs a page the releases lack. The navbar is CHROME's (version link and dropdown).
VERSIONS: dict[str, Any] = {**{key: value for key, value in CHROME.items() if key != "i18n"},  # English only
                            "docs": {"versions": {"1.0": {"label": "1.0.x"}}}}
VERSION_WORDS = {"1.0": "quokkaone", "2.0": "quokkatwo", "current": "quokkanext"}
CURRENT_ONLY_DOC = "docs/whats-next.md"


def three_versions(content: Path) -> None:
    from docsite.config import load_config
    from docsite.versioned_docs import cut_version

    config = load_config(content)
    environments = content / "docs" / "environments.md"
    original = environments.read_text()
    for name in ("1.0", "2.0"):
        environments.write_text(original + f"\n## Version words\n\nThis release says {VERSION_WORDS[name]}.\n")
        cut_version(content, config, name)
    environments.write_text(original + f"\n## Version words\n\nThe next release says {VERSION_WORDS['current']}.\n")
    (content / CURRENT_ONLY_DOC).write_text(
        "---\ntitle: What's next\ndescription: Only in the next version.\n---\n\nComing soon.\n")


# A right-to-left second locale: Arabic, nothing translated yet (every page English, with a notice).
RTL: dict[str, Any] = {
    "i18n": {"locales": ["en", "ar"],
             "localeConfigs": {"en": {"label": "English", "htmlLang": "en"},
                               "ar": {"label": "العربية", "htmlLang": "ar", "direction": "rtl"}}},
    "themeConfig": {"navbar": {"items": [{"type": "localeDropdown", "position": "right"},
                                         {"label": "Docs", "to": "/docs/", "position": "left"}]}},
}


def arabic(content: Path) -> None:
    (content / "i18n" / "ar").mkdir(parents=True)
