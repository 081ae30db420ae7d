"""The site configuration: the real file loads, and every kind of bad input names the file, line and fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from docsite.config import NAVBAR_ITEM_TYPES, FooterColumn, load_config
from docsite.errors import BuildError
from tests.conftest import CONTENT
from tests.unit.sitefiles import configure
from tests.unit.sitefiles import load as load_site

BASE = """\
title: T
url: https://example.com
themeConfig:
  navbar:
    items:
      - {label: Docs, to: /docs/, position: left}
"""


def load(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    (tmp_path / "site.yaml").write_text(text)
    return load_config(tmp_path)


def error_of(tmp_path: Path, text: str) -> BuildError:
    with pytest.raises(BuildError) as info:
        load(tmp_path, text)
    return info.value


def test_the_real_configuration_describes_this_site() -> None:
    config = load_config(CONTENT)
    theme = config.themeConfig
    assert config.title == "Onebox Developers"
    assert config.i18n.locales == ["en"] and config.i18n.locale("en").direction == "ltr"
    assert theme.colorMode.defaultMode == "light"
    assert theme.colorMode.disableSwitch is False and theme.colorMode.respectPrefersColorScheme is False
    columns = [c.title for c in theme.footer.links if isinstance(c, FooterColumn)]
    assert columns == ["Documentation", "More", "API specs"]
    more = next(c for c in theme.footer.links if isinstance(c, FooterColumn) and c.title == "More")
    assert [i.label for i in more.items] == ["Website", "Book a demo", "About Onebox", "Contact"]
    assert theme.footer.copyright and "2025" in theme.footer.copyright
    red = config.themeColor.lstrip("#")
    r, g, b = (int(red[i:i + 2], 16) for i in (0, 2, 4))
    assert r > 150 and g < 60 and b < 80, "the theme colour is a red"
    assert config.docs.versions["current"].label == "Next"
    assert config.search.maxResults == 8 and config.search.k1 == 1.2 and config.search.b == 0.75


def test_every_shape_of_the_spec_is_accepted(tmp_path: Path) -> None:
    config = load(tmp_path, """\
title: T
url: https://example.com/
baseUrl: /site/
trailingSlash: true
themeConfig:
  navbar:
    style: dark
    hideOnScroll: true
    logo: {src: a.svg, srcDark: b.svg, alt: A, href: /x, width: 32, height: 32}
    items:
      - {type: default, label: A, to: /a, activeBasePath: /a, activeBaseRegex: '^/a'}
      - {type: dropdown, label: B, position: left, items: [{label: C, href: 'https://c.example'}]}
      - {type: html, html: '<b>hi</b>'}
      - {type: localeDropdown}
      - {type: doc, docId: intro, docsPluginId: default}
      - {type: docSidebar, sidebarId: docs}
      - {type: docsVersion}
      - {type: docsVersionDropdown}
      - {type: search}
  colorMode: {defaultMode: dark, disableSwitch: true, respectPrefersColorScheme: true}
  announcementBar: {id: x, content: '<b>Hi</b>', backgroundColor: '#000', textColor: '#fff', isCloseable: false}
  footer:
    style: light
    links:
      - {label: A, to: /a}
      - {html: '<span>x</span>'}
      - {label: B, href: /b.pdf, prependBaseUrlToHref: true}
    logo: {src: l.svg, srcDark: ld.svg, alt: L, width: 100, height: 40, href: 'https://l.example', target: _blank}
    copyright: © 2025
""")
    assert config.url == "https://example.com"
    assert [i.type for i in config.themeConfig.navbar.items] == [
        "default", "dropdown", "html", "localeDropdown", "doc", "docSidebar", "docsVersion",
        "docsVersionDropdown", "search"]
    assert not config.themeConfig.footer.multi_column


def test_an_item_with_items_and_no_type_is_a_dropdown(tmp_path: Path) -> None:
    config = load(tmp_path, BASE + "      - {label: More, items: [{label: A, to: /a}]}\n")
    assert config.themeConfig.navbar.items[1].type == "dropdown"
    assert config.themeConfig.navbar.items[0].position == "left"
    assert config.themeConfig.navbar.items[1].position == "right", "items without a position go right"


def test_unknown_navbar_item_type_names_the_item_and_the_line(tmp_path: Path) -> None:
    error = error_of(tmp_path, BASE + "      - {type: searchbox, label: Find}\n")
    [problem] = error.problems
    assert 'No NavbarItem component found for type "searchbox"' in problem.message
    assert "themeConfig.navbar.items[1]" in problem.message
    assert problem.line == 7
    assert problem.file == tmp_path / "site.yaml"
    for known in NAVBAR_ITEM_TYPES:
        assert known in problem.message


def test_a_typo_in_a_key_suggests_the_right_one(tmp_path: Path) -> None:
    error = error_of(tmp_path, BASE.replace("  navbar:\n", "  navbar:\n    hideOnScrol: true\n"))
    [problem] = error.problems
    assert "unknown key 'hideOnScrol'" in problem.message
    assert problem.fix == "did you mean 'hideOnScroll'?"
    assert problem.line == 5


@pytest.mark.parametrize(("item", "needs"), [
    ("{type: doc, label: X}", "docId"),
    ("{type: docSidebar, label: X}", "sidebarId"),
    ("{type: html}", "html"),
    ("{type: dropdown, label: X}", "items"),
    ("{label: X}", "'to' or 'href"),
])
def test_items_missing_what_their_type_needs(tmp_path: Path, item: str, needs: str) -> None:
    error = error_of(tmp_path, BASE + f"      - {item}\n")
    assert needs in error.problems[0].message
    assert error.problems[0].line == 7


def test_wrong_values_are_errors_with_the_allowed_ones(tmp_path: Path) -> None:
    error = error_of(tmp_path, BASE + "  colorMode: {defaultMode: sepia}\n")
    assert "themeConfig.colorMode.defaultMode" in error.problems[0].message
    assert "'light' or 'dark'" in (error.problems[0].fix or "")


def test_base_url_and_url_are_checked(tmp_path: Path) -> None:
    assert "baseUrl must start and end with '/'" in str(error_of(tmp_path, BASE + "baseUrl: docs\n"))
    assert "absolute origin" in str(error_of(tmp_path, BASE.replace("https://example.com", "example.com")))


def test_hsts_needs_an_https_url_and_preload_its_requirements(tmp_path: Path) -> None:
    http = BASE.replace("https://example.com", "http://example.com")
    assert load(tmp_path, http).hsts() is None, "by default, only an https site sends it"
    error = error_of(tmp_path, http + "delivery:\n  hsts:\n    enabled: true\n")
    assert "site.yaml:7: delivery: hsts.enabled is true but url is http://example.com" in str(error)
    assert "site.yaml" in str(error)
    error = error_of(tmp_path, BASE + "delivery:\n  hsts: {preload: true}\n")
    assert "hsts.preload needs includeSubDomains: true" in str(error)
    assert load(tmp_path, BASE + "delivery:\n  hsts: {enabled: false}\n").hsts() is None


def test_site_metadata_entries_are_meta_tags(tmp_path: Path, mini_site: Path) -> None:
    error = error_of(tmp_path, BASE + "  metadata:\n    - {content: '@onebox'}\n")
    assert "each metadata entry is a <meta> tag with a `name` (or `property`) and a `content`" in str(error)
    configure(mini_site, themeConfig={"metadata": [{"name": "keywords", "content": "tickets"},
                                                   {"name": "twitter:site", "content": "@onebox"}]})
    built, _ = load_site(mini_site)
    # every page's head gets them (frontend/src/app/head.ts); keywords are the pages' default keywords
    assert built.site_data["metadata"] == [{"name": "twitter:site", "content": "@onebox"}]


def test_embed_hosts_are_host_names(tmp_path: Path) -> None:
    config = load(tmp_path, BASE + "embeds: {hosts: [www.youtube-nocookie.com, player.vimeo.com]}\n")
    assert config.embeds.hosts == ["www.youtube-nocookie.com", "player.vimeo.com"]
    assert load(tmp_path, BASE).embeds.hosts == []
    error = error_of(tmp_path, BASE + "embeds:\n  hosts:\n    - https://www.youtube.com/embed\n")
    [problem] = error.problems
    assert problem.line == 9 and "'https://www.youtube.com/embed' is not a host name" in problem.message
    assert "hosts" in str(error_of(tmp_path, BASE + "embeds: {host: [x.com]}\n"))  # the closest key


def test_yaml_syntax_errors_have_a_line(tmp_path: Path) -> None:
    error = error_of(tmp_path, "title: T\nurl: [unclosed\n")
    assert error.problems[0].message.startswith("YAML syntax error: did not find expected ',' or ']'")
    assert error.problems[0].line == 2


def test_a_missing_configuration_says_how_to_create_it(tmp_path: Path) -> None:
    with pytest.raises(BuildError) as info:
        load_config(tmp_path)
    assert "site configuration is missing" in str(info.value)
    assert "site.yaml" in str(info.value)
