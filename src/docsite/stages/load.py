"""Stage 1, load: the configuration, the content and the specs read and rendered, and every docs
version's sidebars. What cannot be read stops the build here, before anything names it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from docsite.cache import Derived, site_name, use_cache
from docsite.config import SiteConfig, load_config
from docsite.content import Content, DocIndex, load_content
from docsite.content_files import check_folder
from docsite.errors import Report
from docsite.i18n import (
    LocaleContent,
    check_docs_labels,
    check_locales,
    sidebar_labels,
    translate_config,
    version_label,
)
from docsite.markdown import MARKDOWN_SUFFIXES, is_page_file
from docsite.openapi.reference import ApiSpec, load_specs
from docsite.sidebars import Sidebars, load_sidebars
from docsite.stages.site import Paths


@dataclass
class LoadedSite:
    """What the files say, read and rendered: nothing resolved or checked against the rest yet."""

    config: SiteConfig
    root_config: SiteConfig  # the default locale's (`config` is `locale`'s)
    content: Content
    specs: list[ApiSpec]
    indexes: dict[str, DocIndex]  # every docs version's docs, by version name
    version_sidebars: dict[str, Sidebars]  # every docs version's sidebars, by version name
    name: str  # what its results kept between builds are filed under (docsite.cache.site_name)
    locale: LocaleContent | None


def load(paths: Paths, report: Report, *, dev: bool, locale: LocaleContent | None) -> LoadedSite:
    """Read `paths.content` (`locale`'s: the content with its translations laid over it,
    docsite.i18n): the configuration, every Markdown file rendered (from the result cache when
    unchanged), the specs validated meanwhile, every docs version's sidebars. Problems go to
    `report`; raises BuildError when the folder holds what the builder does not read (a symbolic link
    out of it, a FIFO...: docsite.content_files.check_folder), when a file cannot be read (`_stop_if_a_page_failed`,
    `_stop_if_a_spec_failed`) or the locales are wrong."""
    if locale is None:  # a locale's folder is a copy of the checked one
        report.extend(check_folder(paths.content))  # before any file is read: nothing unusual is opened
        report.raise_if_errors()
    use_cache(paths.cache, memory=dev)  # only the dev server reads a result again (on its next rebuild)
    name = site_name(paths.content, locale.locale if locale else None)
    Derived.start_all(name)  # the results each site's pages kept (docsite.cache)
    root_config = load_config(locale.source if locale else paths.content)
    config = translate_config(root_config, locale.source, locale.locale) if locale else root_config
    if locale is None:
        check_locales(config, paths.content, report)
        report.raise_if_errors()
    spec_report, loaded_specs = Report(), []  # the specs are validated while workers render the pages
    content = load_content(paths.content, config, report, dev=dev, meanwhile=lambda: loaded_specs.append(
        load_specs(paths.content / "specs", spec_report)))
    _stop_if_a_page_failed(content, paths.content, report)  # before anything that names a page or an author
    indexes = {v.name: content.doc_index(v.name) for v in content.versions}
    version_sidebars = {v.name: load_sidebars(v.sidebar_file, indexes[v.name], v.base, report, v.docs_dir,
                                              sidebar_labels(locale.source, locale.locale, v.name) if locale else None)
                        for v in content.versions}
    if locale is not None:  # the versions' labels (`version.label`), and every label key names something
        content.versions = [replace(v, label=version_label(locale.source, locale.locale, v.name, v.label))
                            for v in content.versions]
        for v in content.versions:
            check_docs_labels(locale.source, locale.locale, v.name, version_sidebars[v.name].translation_keys, report)
    specs = loaded_specs[0]
    report.extend(spec_report.problems)
    _stop_if_a_spec_failed(specs, paths.content / "specs", report)
    return LoadedSite(config, root_config, content, specs, indexes, version_sidebars, name, locale)


def _stop_if_a_page_failed(content: Content, content_dir: Path, report: Report) -> None:
    """A page that could not be loaded (a Markdown file's front matter, encoding or size, a React
    page's YAML) or authors.yaml stops the run here: every sidebar entry, link, navbar item and post
    naming it would fail too, one mistake reported many times over. (A partial's problems do not:
    the pages that include it were loaded.)"""
    sources = [*content.docs, *content.drafts, *content.posts, *content.pages]
    loaded = {p.file for p in sources} | {p.file for p in content.react_pages}
    if any(p.file is not None and p.file.suffix in (*MARKDOWN_SUFFIXES, ".yaml") and p.file not in loaded
           and not _partial(p.file, content_dir) for p in report.errors):
        report.raise_if_errors()


def _partial(file: Path, content_dir: Path) -> bool:
    """A Markdown file of the content folder that is no page: a partial (`_note.md`, `_partials/`)."""
    return file.suffix in MARKDOWN_SUFFIXES and file.is_relative_to(content_dir) \
        and not is_page_file(file.relative_to(content_dir))


def _stop_if_a_spec_failed(specs: list[ApiSpec], specs_dir: Path, report: Report) -> None:
    """A spec the site cannot read (its YAML, a broken `$ref`, its OpenAPI structure) stops the run
    here: every API call, operation card and link to its page would fail too. (A spec whose
    examples or conventions are wrong is loaded, and lends its operations to those checks.)"""
    loaded = {spec.file for spec in specs}
    if any(p.file is not None and p.file.parent == specs_dir and p.file not in loaded for p in report.errors):
        report.raise_if_errors()

