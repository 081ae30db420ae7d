"""Docs versions, as Docusaurus writers know them.

`current` is the docs folder (`docs/`, `sidebars.yaml`, `.json` or `.js`). `docsite version 1.0` snapshots
it as a released version: `versioned_docs/version-1.0/`, `versioned_sidebars/version-1.0-sidebars.yaml`
(`.json` for a sidebars.json, and for a sidebars.js the JSON it gives, as Docusaurus writes),
and `1.0` first in `versions.json` (newest first). Every version is built: the latest released one
(`docs.lastVersion`) at `/docs/`, `current` at `/docs/next/` once a release exists, older ones at
`/docs/<name>/`; `docs.versions.<name>` sets a version's label, path, banner, badge and noIndex.

This module is what is read before the content: which versions exist, where each one's docs and
sidebars are, and `cut_version`. What the front end knows of each version is made once the docs and
sidebars are loaded (docsite.versions).
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from docsite.config import CONFIG_FILE, SiteConfig
from docsite.content_files import read_text
from docsite.errors import BuildError, Report, closest_first, listing
from docsite.sidebars_file import JAVASCRIPT, find_sidebars_file, read_sidebars_file
from docsite.yamlfile import load_yaml_file

PLUGIN_ID = "default"
CURRENT = "current"
VERSIONS_FILE = "versions.json"
VERSIONED_DOCS = "versioned_docs"
VERSIONED_SIDEBARS = "versioned_sidebars"

Banner = Literal["unreleased", "unmaintained"]


def versioned_docs_dir(content_dir: Path, name: str) -> Path:
    return content_dir / VERSIONED_DOCS / f"version-{name}"


def versioned_sidebars_file(content_dir: Path, name: str, suffix: str = ".yaml") -> Path:
    return content_dir / VERSIONED_SIDEBARS / f"version-{name}-sidebars{suffix}"


def current_sidebars_file(content_dir: Path, config: SiteConfig, report: Report) -> Path:
    """The current docs' sidebars file: `docs.sidebarPath` when site.yaml sets it, else the one
    sidebars.yaml, .json or .js there is (docsite.sidebars_file)."""
    explicit = config.docs.sidebarPath if "sidebarPath" in config.docs.model_fields_set else None
    return find_sidebars_file(content_dir, "sidebars", report, explicit)


@dataclass(frozen=True)
class VersionSource:
    """Where a version's docs and sidebars are, and how it is published."""

    name: str
    label: str
    base: str  # the route its docs start with: `/docs`, `/docs/next`, `/docs/1.0`
    docs_dir: Path
    sidebar_file: Path
    is_last: bool
    banner: Banner | None
    badge: bool
    noindex: bool

    @property
    def root(self) -> str:
        """The route of the version's docs root: `/docs/`, `/docs/1.0/`."""
        return self.base + "/"

    @property
    def released(self) -> bool:
        return self.name != CURRENT

    @property
    def in_sitemap(self) -> bool:
        """Unreleased and noIndex versions are left out of the sitemap (and ask robots not to index)."""
        return not self.noindex and (self.released or self.is_last)


def released_versions(content_dir: Path) -> list[str]:
    """The names in versions.json, newest first ([] when there is no such file)."""
    file = content_dir / VERSIONS_FILE
    if not file.is_file():
        return []
    try:
        names = json.loads(read_text(file))
    except ValueError as exc:
        raise BuildError.at(f"{VERSIONS_FILE} cannot be read: {exc}", file, 1,
                            fix='write a JSON list of version names, newest first: ["2.0", "1.0"]') from None
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
        raise BuildError.at(f"{VERSIONS_FILE} must be a JSON list of version names", file, 1,
                            fix='write the names newest first: ["2.0", "1.0"]')
    return list(names)


def version_sources(config: SiteConfig, content_dir: Path, report: Report) -> list[VersionSource]:
    """Every version the build publishes: `current` (unless `includeCurrentVersion: false`), then
    the released ones newest first, less those `onlyIncludeVersions` leaves out. A version named
    in the configuration that cannot be built is an error at its line."""
    docs = config.docs
    released = released_versions(content_dir)
    config_file = content_dir / CONFIG_FILE
    lines = load_yaml_file(config_file) if config_file.is_file() else None

    def line(*where: str) -> int:
        return lines.line_of(("docs", *where)) if lines else 1

    known = ([CURRENT] if docs.includeCurrentVersion else []) + released
    missing_folders = [n for n in released if not versioned_docs_dir(content_dir, n).is_dir()]
    for name in missing_folders:
        report.error(f"version '{name}' is in {VERSIONS_FILE} but its docs folder "
                     f"{VERSIONED_DOCS}/version-{name}/ is missing", content_dir / VERSIONS_FILE, 1,
                     f"restore the folder, or remove '{name}' from {VERSIONS_FILE}")
    fix_known = f"the versions that can be built are: {listing(known) or '(none)'}; " \
                f"`docsite version <name>` releases the current docs as a new one"
    for name in docs.versions:
        if name not in known:
            why = ("includeCurrentVersion is false" if name == CURRENT else
                   f"it is not in {VERSIONS_FILE}")
            report.error(f"docs version '{name}' is configured but cannot be built: {why}", config_file,
                         line("versions", name), fix_known)
    for name in docs.onlyIncludeVersions or []:
        if name not in known:
            report.error(f"onlyIncludeVersions names '{name}', which is not a version", config_file,
                         line("onlyIncludeVersions"),
                         f"use one of: {listing(closest_first(name, known))}")
    if docs.lastVersion is not None and docs.lastVersion not in known:
        report.error(f"lastVersion '{docs.lastVersion}' is not a version", config_file, line("lastVersion"),
                     f"use one of: {listing(closest_first(docs.lastVersion, known))}")
    if not known:
        report.error("includeCurrentVersion is false and no version is released: there are no docs to build",
                     config_file, line("includeCurrentVersion"),
                     "set includeCurrentVersion: true, or release a version with `docsite version <name>`")
    if report.errors:
        report.raise_if_errors()
    last = docs.lastVersion or (released[0] if released else CURRENT)
    included = [n for n in known if docs.onlyIncludeVersions is None or n in docs.onlyIncludeVersions]
    if docs.onlyIncludeVersions is not None and last not in included:
        report.error(f"onlyIncludeVersions leaves out the last version '{last}'", config_file,
                     line("onlyIncludeVersions"), f"add '{last}' to it, or set lastVersion to one it includes")
        report.raise_if_errors()
    sources = []
    for name in included:
        options = docs.versions.get(name)
        is_last = name == last
        if options is not None and options.path is not None:
            path = options.path.strip("/")
        else:
            path = "" if is_last else ("next" if name == CURRENT else name)
        if options is not None and options.label is not None:
            label = options.label
        else:
            label = "Next" if name == CURRENT else name
        banner_option = options.banner if options is not None else None
        if banner_option is None:
            older = released.index(name) > released.index(last) if name in released and last in released else False
            banner: Banner | None = ("unreleased" if name == CURRENT and not is_last
                                     else "unmaintained" if older else None)
        else:
            banner = None if banner_option == "none" else banner_option
        badge = options.badge if options is not None and options.badge is not None else len(known) > 1
        base = docs.routeBasePath.rstrip("/") + (f"/{path}" if path else "")
        docs_dir = content_dir / docs.path if name == CURRENT else versioned_docs_dir(content_dir, name)
        sidebar_file = (current_sidebars_file(content_dir, config, report) if name == CURRENT
                        else find_sidebars_file(content_dir / VERSIONED_SIDEBARS, f"version-{name}-sidebars", report))
        sources.append(VersionSource(name, label, base, docs_dir, sidebar_file, is_last, banner, badge,
                                     options.noIndex if options is not None else False))
    by_base: dict[str, VersionSource] = {}
    for source in sources:
        other = by_base.setdefault(source.base, source)
        if other is not source:
            named = source if source.name in docs.versions else other
            report.error(f"docs versions '{other.name}' and '{source.name}' are both at {source.root}",
                         config_file, line("versions", named.name),
                         f"give '{named.name}' another path (by default the latest version is at the docs "
                         f"root, current at 'next' and the others at their name: remove its `path` to use that)")
    report.raise_if_errors()
    return sources


def cut_version(content_dir: Path, config: SiteConfig, name: str) -> list[Path]:
    """`docsite version <name>`: copy the current docs and sidebars as version `name` and list it
    first in versions.json. Returns what was written."""
    bad = set('/\\:*?"<>|') & set(name)
    if not name.strip() or name in (CURRENT, ".", "..") or bad or name != name.strip():
        raise BuildError.at(f"'{name}' cannot be a version name",
                            fix="use a name such as 1.0 or 2024-06, without / \\ : * ? \" < > | "
                                f"and not '{CURRENT}'")
    released = released_versions(content_dir)
    if name in released:
        raise BuildError.at(f"version '{name}' already exists", content_dir / VERSIONS_FILE, 1,
                            fix="choose another name, or delete the version's folder, sidebars and "
                                "versions.json entry first")
    docs_dir = content_dir / config.docs.path
    if not docs_dir.is_dir():
        raise BuildError.at("there are no current docs to release", docs_dir,
                            fix=f"write the docs in {config.docs.path}/ first")
    target = versioned_docs_dir(content_dir, name)
    if target.exists():
        raise BuildError.at(f"{target.relative_to(content_dir)} already exists", target,
                            fix=f"delete it, or add '{name}' to {VERSIONS_FILE} by hand if it is a release")
    written = []
    shutil.copytree(docs_dir, target)
    written.append(target)
    report = Report()
    sidebars = current_sidebars_file(content_dir, config, report)
    report.raise_if_errors()
    if sidebars.is_file():
        # a sidebars.js is saved as the JSON it gives, as Docusaurus does (what it imports may change)
        javascript = sidebars.suffix in JAVASCRIPT
        sidebar_copy = versioned_sidebars_file(content_dir, name, ".json" if javascript else sidebars.suffix)
        sidebar_copy.parent.mkdir(parents=True, exist_ok=True)
        if javascript:
            sidebar_copy.write_text(json.dumps(read_sidebars_file(sidebars).data, indent=2) + "\n", encoding="utf-8")
        else:
            shutil.copyfile(sidebars, sidebar_copy)
        written.append(sidebar_copy)
    versions_file = content_dir / VERSIONS_FILE
    versions_file.write_text(json.dumps([name, *released], indent=2) + "\n", encoding="utf-8")
    written.append(versions_file)
    return written
