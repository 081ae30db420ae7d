"""Translated sites, as Docusaurus writers know them.

Each locale of `i18n.locales` other than the default is a site of its own, built from the content
with the translations of `i18n/<locale>/` laid over it, at `/<locale>/` (the default locale keeps
the site root). The layout is Docusaurus's:

    i18n/fr/docusaurus-plugin-content-docs/current/   the docs (the same paths as docs/)
    i18n/fr/docusaurus-plugin-content-docs/current.json   the version's and sidebars' labels:
                                                      {"version.label": ..., "sidebar.docs.category.Authentication":
                                                      {"message": "..."}, "sidebar.docs.link.<label>", ...}
    i18n/fr/docusaurus-plugin-content-docs/version-1.0/   a released version's docs (and version-1.0.json)
    i18n/fr/docusaurus-plugin-content-blog/           the blog posts (the same file names as blog/)
    i18n/fr/docusaurus-plugin-content-pages/          the Markdown and React (YAML) pages (as pages/)
    i18n/fr/docusaurus-theme-classic/navbar.json      navbar labels: {"item.label.Docs": {"message": "..."}}
    i18n/fr/docusaurus-theme-classic/footer.json      footer labels: "link.title.<title>",
                                                      "link.item.label.<label>", "copyright"

A page without a translation is the default locale's page, built in the locale's site with a notice
that says so. A configured locale without an `i18n/<locale>/` folder is an error at its line in
site.yaml: the locale dropdown would lead to pages that do not exist.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docsite.config import CONFIG_FILE, SiteConfig
from docsite.content_files import content_files, read_text
from docsite.errors import BuildError, Problem, Report, closest_first, listing
from docsite.markdown import is_page_file
from docsite.yamlfile import load_yaml_file

I18N_DIR = "i18n"
DOCS_PLUGIN = "docusaurus-plugin-content-docs"
OVERLAYS = {  # below i18n/<locale>/ -> below the content folder (and each released version's docs)
    "docusaurus-plugin-content-docs/current": "docs",
    "docusaurus-plugin-content-blog": "blog",
    "docusaurus-plugin-content-pages": "pages",
}
THEME = "docusaurus-theme-classic"
VERSION_LABEL = "version.label"
_SIDEBAR_KEY = re.compile(r"^sidebar\.(?P<sidebar>[^.]+)\.(?P<kind>category|link|doc)\..")


def other_locales(config: SiteConfig) -> list[str]:
    return [name for name in config.i18n.locales if name != config.i18n.defaultLocale]


def locale_base(config: SiteConfig, locale: str) -> str:
    """Where a locale's site is: the base URL, and `<locale>/` below it unless it is the default."""
    return config.baseUrl if locale == config.i18n.defaultLocale else f"{config.baseUrl}{locale}/"


def check_locales(config: SiteConfig, content_dir: Path, report: Report) -> None:
    """Every locale but the default needs its translations folder."""
    if len(config.i18n.locales) < 2:
        return
    config_file = content_dir / CONFIG_FILE
    lines = load_yaml_file(config_file)
    for index, name in enumerate(config.i18n.locales):
        if name != config.i18n.defaultLocale and not (content_dir / I18N_DIR / name).is_dir():
            report.error(f"locale '{name}' is configured but cannot be built: {I18N_DIR}/{name}/ does not exist",
                         config_file, lines.line_of(("i18n", "locales", index)),
                         f"create {I18N_DIR}/{name}/ with its translations (content/README.md, Translations: "
                         f"an empty folder builds every page untranslated, with a notice), or remove '{name}'")


@dataclass
class LocaleContent:
    """A locale's content folder: the content with the translations laid over it."""

    locale: str
    source: Path  # the content folder writers edit
    folder: Path
    originals: dict[Path, Path]  # a file of `folder` -> the file a writer edits (for errors)
    untranslated: set[Path]  # pages of `folder` (Markdown, React pages' YAML) that are the default locale's


def locale_content(content_dir: Path, locale: str, target: Path) -> LocaleContent:
    """Copy the content to `target` (replaced) and lay `i18n/<locale>/`'s translations over it."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(content_dir, target, ignore=shutil.ignore_patterns(I18N_DIR))
    originals = {target / p.relative_to(content_dir): p for p in content_files(content_dir)
                 if I18N_DIR not in p.relative_to(content_dir).parts[:1]}
    translations = content_dir / I18N_DIR / locale
    translated: set[Path] = set()
    overlays = dict(OVERLAYS)
    docs_translations = translations / DOCS_PLUGIN
    for folder in sorted(docs_translations.glob("version-*")) if docs_translations.is_dir() else []:
        overlays[f"{DOCS_PLUGIN}/{folder.name}"] = f"versioned_docs/{folder.name}"  # a released version's
    for source, into in overlays.items():
        folder = translations / source
        for file in content_files(folder):
            copy = target / into / file.relative_to(folder)
            clash = next((p for p in [copy, *copy.parents] if p.is_relative_to(target) and p.exists()
                          and p.is_dir() is (p == copy)), None)
            if clash is not None:  # a file translating a folder, or a folder translating a file
                original = content_dir / clash.relative_to(target)
                raise BuildError.at(f"the translation {'is a file where' if clash == copy else 'is in a folder where'} "
                                    f"{original.relative_to(content_dir)} is a "
                                    f"{'folder' if clash == copy else 'file'}", file, None,
                                    "give the translation the path of the file it translates, below "
                                    f"{I18N_DIR}/{locale}/{source}/")
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(file, copy)
            originals[copy] = file
            translated.add(copy)
    pages = {copy for copy in originals if _is_page(copy.relative_to(target))}
    return LocaleContent(locale, content_dir, target, originals, pages - translated)


def _is_page(path: Path) -> bool:
    """A file that is a page of the site: Markdown docs, posts and pages, and React pages (YAML)."""
    if is_page_file(path):
        return path.parts[0] in ("docs", "blog", "pages", "versioned_docs")
    return path.parts[0] == "pages" and path.suffix in (".yaml", ".yml")


def translate_config(config: SiteConfig, content_dir: Path, locale: str) -> SiteConfig:
    """The configuration of a locale's site: its base URL, and its navbar and footer labels."""
    theme = content_dir / I18N_DIR / locale / THEME
    navbar, footer = _messages(theme / "navbar.json"), _messages(theme / "footer.json")
    data = config.model_dump(by_alias=True, exclude_unset=True)
    data["baseUrl"] = locale_base(config, locale)
    themed = data.setdefault("themeConfig", {})
    bar = themed.get("navbar")
    if isinstance(bar, dict):
        if "title" in navbar and bar.get("title"):
            bar["title"] = navbar["title"]
        _labels(bar.get("items", []), navbar, "item.label.")
    foot = themed.get("footer")
    if isinstance(foot, dict):
        for column in foot.get("links", []):
            if isinstance(column, dict) and "title" in column:
                column["title"] = footer.get(f"link.title.{column['title']}", column["title"])
                _labels(column.get("items", []), footer, "link.item.label.")
            elif isinstance(column, dict):
                _labels([column], footer, "link.item.label.")
        if foot.get("copyright") and "copyright" in footer:
            foot["copyright"] = footer["copyright"]
    return SiteConfig.model_validate(data)


def docs_labels_file(content_dir: Path, locale: str, version: str) -> Path:
    """`docusaurus-plugin-content-docs/current.json` (`version-1.0.json` for a release)."""
    name = "current" if version == "current" else f"version-{version}"
    return content_dir / I18N_DIR / locale / DOCS_PLUGIN / f"{name}.json"


def sidebar_labels(content_dir: Path, locale: str, version: str) -> dict[str, str]:
    """A version's translated labels, {"sidebar.docs.category.Authentication": {"message": ...}}:
    `version.label` and the sidebars' (docsite.sidebars names the keys)."""
    return _messages(docs_labels_file(content_dir, locale, version))


def check_docs_labels(content_dir: Path, locale: str, version: str, known: set[str], report: Report) -> None:
    """Every key of a version's labels file names something. A key of a shape Docusaurus does not
    write is an error; a sidebar key naming no label of this version's sidebars is a warning, as
    Docusaurus ignores it: `docusaurus write-translations` keeps the keys of labels since renamed or
    removed, so a site moved from Docusaurus has them, and they hide nothing."""
    file = docs_labels_file(content_dir, locale, version)
    messages = _messages(file)
    if not messages:
        return
    text = file.read_text(encoding="utf-8")
    for key in messages:
        if key == VERSION_LABEL or key in known:
            continue
        at = text.find(json.dumps(key, ensure_ascii=False))
        line = text.count("\n", 0, at) + 1 if at >= 0 else 1
        shape = _SIDEBAR_KEY.match(key)
        if shape is None:
            report.error(f"unknown translation key '{key}'", file, line,
                         f"use '{VERSION_LABEL}' or a sidebar label's key: 'sidebar.<sidebarId>.category.<label>' "
                         "(and its '.link.generated-index.title' / '.description'), 'sidebar.<sidebarId>.link."
                         "<label>', 'sidebar.<sidebarId>.doc.<label>' (a doc item given a label in the sidebars)")
            continue
        same_kind = [k for k in known if k.startswith(f"sidebar.{shape['sidebar']}.{shape['kind']}.")]
        report.warn(f"translation key '{key}' names no {shape['kind']} label of sidebar '{shape['sidebar']}' "
                    f"in docs version '{version}': it is not used", file, line,
                    "correct the label (as sidebars.yaml or the _category_ file spells it) or remove the key"
                    + (f"; this sidebar's keys of that kind: {listing(closest_first(key, same_kind))}"
                       if same_kind else ""))


def version_label(content_dir: Path, locale: str, version: str, label: str) -> str:
    """A version's label in a locale (`version.label` of its labels file, else `label`)."""
    return sidebar_labels(content_dir, locale, version).get(VERSION_LABEL, label)


def _labels(items: list[Any], messages: dict[str, str], prefix: str) -> None:
    for item in items:
        if isinstance(item, dict):
            if isinstance(item.get("label"), str):
                item["label"] = messages.get(prefix + item["label"], item["label"])
            _labels(item.get("items") or [], messages, prefix)


def _messages(file: Path) -> dict[str, str]:
    """A Docusaurus translation file: {"key": {"message": "...", "description": "..."}}."""
    if not file.is_file():
        return {}
    try:
        data = json.loads(read_text(file))
    except ValueError as exc:
        raise BuildError.at(f"the translations cannot be read: {exc}", file, 1,
                            fix='write a JSON object: {"item.label.Docs": {"message": "Documentation"}}') from None
    if not isinstance(data, dict) or not all(isinstance(v, dict) and isinstance(v.get("message"), str)
                                             for v in data.values()):
        raise BuildError.at("each translation is {\"message\": \"...\"}", file, 1,
                            fix='write {"item.label.Docs": {"message": "Documentation"}}')
    return {key: value["message"] for key, value in data.items()}


def original_problems(problems: list[Problem], originals: dict[Path, Path]) -> list[Problem]:
    """Problems found in a locale's copy, named by the files writers edit."""
    out = []
    for problem in problems:
        file = originals.get(problem.file) if problem.file is not None else None
        out.append(Problem(problem.message, file or problem.file, problem.line, problem.fix, problem.severity))
    return out


def hreflang_links(config: SiteConfig, route: str) -> list[dict[str, str]]:
    """`<link rel="alternate" hreflang>` of a page in every locale (`config` is the default locale's),
    and x-default: the default locale's."""
    from docsite.routes import canonical_route

    path = canonical_route(route, config.trailingSlash).lstrip("/")
    links = [{"hreflang": config.i18n.locale(name).htmlLang, "href": config.url + locale_base(config, name) + path}
             for name in config.i18n.locales]
    return [*links, {"hreflang": "x-default", "href": config.url + config.baseUrl + path}]
