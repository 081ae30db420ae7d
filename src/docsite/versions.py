"""What the front end knows of each docs version, made once its docs and sidebars are loaded.

Which versions exist and where their files are is read before the content (docsite.versioned_docs).
What the front end knows of each version (its docs with id, route and sidebar, its drafts' ids,
where a link to each sidebar goes) is written once, to `_data/docs/<pluginId>.json`, for the
navbar's version items to fetch when they need it; the few fields every page needs (name, label,
path, isLast) are in the site data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from docsite.config import SiteConfig
from docsite.content import Doc, DocIndex
from docsite.sidebars import SidebarLink, Sidebars
from docsite.versioned_docs import PLUGIN_ID, VersionSource


@dataclass
class DocsVersion:
    name: str
    label: str
    path: str
    is_last: bool
    docs: list[dict[str, Any]]
    draft_ids: list[str]
    sidebars: dict[str, dict[str, Any]]
    main_doc_id: str | None

    def summary(self) -> dict[str, Any]:
        """What every page gets (site data): enough to list the versions."""
        return {"name": self.name, "label": self.label, "path": self.path, "isLast": self.is_last}

    def to_json(self) -> dict[str, Any]:
        return {**self.summary(), "mainDocId": self.main_doc_id, "docs": self.docs,
                "draftIds": self.draft_ids, "sidebars": self.sidebars}


def docs_version(source: VersionSource, docs: DocIndex, sidebars: Sidebars) -> DocsVersion:
    """What the front end knows of one version: its docs, drafts and sidebars' links."""
    listed = sorted(docs.docs.values(), key=lambda d: d.id)
    return DocsVersion(
        name=source.name,
        label=source.label,
        path=source.root,
        is_last=source.is_last,
        docs=[{"id": d.id, "path": d.route, "sidebar": sidebars.sidebar_of(d.route)} for d in listed],
        draft_ids=sorted(docs.draft_ids),
        sidebars={s.id: {"link": _link(s.first_link())} for s in sidebars.sidebars.values()},
        main_doc_id=_main_doc_id(source.root, listed, sidebars),
    )


def versions_data(versions: list[DocsVersion], config: SiteConfig) -> dict[str, Any]:
    """The file the front end fetches: `_data/docs/default.json`."""
    return {"pluginId": PLUGIN_ID, "path": config.docs.routeBasePath,
            "versions": [v.to_json() for v in versions]}


def _link(link: SidebarLink | None) -> dict[str, str] | None:
    return {"path": link.href, "label": link.label} if link else None


def _main_doc_id(root: str, docs: list[Doc], sidebars: Sidebars) -> str | None:
    """The doc at the version's root, else the first doc of the first sidebar, else the first doc."""
    for doc in docs:
        if doc.route.rstrip("/") == root.rstrip("/"):
            return doc.id
    for sidebar in sidebars.sidebars.values():
        first = sidebar.first_link()
        if first and first.doc_id:
            return first.doc_id
    return docs[0].id if docs else None
