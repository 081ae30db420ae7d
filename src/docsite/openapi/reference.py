"""API reference routes from the OpenAPI files in `content/specs/`.

- `/specification/`: the landing page listing every API;
- `/specification/<name>`: one page per spec file (`catalog.yaml` -> `/specification/catalog`);
- `/spec`: the machine-readable specs for download (YAML and JSON), with versions and changes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docsite.config import SiteConfig
from docsite.errors import BuildError, Report
from docsite.markdown import render_markdown
from docsite.routes import Route, page_meta
from docsite.yamlfile import load_yaml_file

LANDING = "/specification/"
DOWNLOADS = "/spec"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


@dataclass
class ApiSpec:
    name: str          # file stem: catalog
    file: Path
    document: dict[str, Any]

    @property
    def route(self) -> str:
        return f"/specification/{self.name}"

    @property
    def title(self) -> str:
        return str(self.document.get("info", {}).get("title", self.name))

    @property
    def version(self) -> str:
        return str(self.document.get("info", {}).get("version", ""))

    def download(self, ext: str) -> str:
        return f"{DOWNLOADS}/{self.name}.{ext}"


def load_specs(specs_dir: Path, report: Report) -> list[ApiSpec]:
    specs: list[ApiSpec] = []
    if not specs_dir.is_dir():
        return specs
    for file in sorted(specs_dir.glob("*.yaml")):
        try:
            document = load_yaml_file(file).data
        except BuildError as exc:
            report.extend(exc.problems)
            continue
        if not isinstance(document, dict) or "openapi" not in document:
            report.error("not an OpenAPI document: it has no 'openapi' key", file, 1,
                         "start the file with 'openapi: 3.1.0'")
            continue
        specs.append(ApiSpec(file.stem, file, document))
    return specs


def spec_files(specs: list[ApiSpec]) -> dict[str, bytes]:
    """The downloads: site path -> bytes."""
    out = {}
    for spec in specs:
        out[spec.download("yaml")] = spec.file.read_bytes()
        out[spec.download("json")] = json.dumps(spec.document, indent=2, ensure_ascii=False,
                                                default=str).encode()
    return out


def reference_routes(specs: list[ApiSpec], config: SiteConfig, report: Report) -> list[Route]:
    routes = [_landing(specs, config), _downloads(specs, config)]
    routes.extend(_api_page(spec, config, report) for spec in specs)
    return routes


def _summary(spec: ApiSpec) -> dict[str, Any]:
    info = spec.document.get("info", {})
    return {
        "name": spec.name,
        "title": spec.title,
        "version": spec.version,
        "summary": info.get("summary") or "",
        "href": spec.route,
        "servers": [{"url": s.get("url"), "description": s.get("description")}
                    for s in spec.document.get("servers", [])],
        "downloads": {"yaml": spec.download("yaml"), "json": spec.download("json")},
        "changelog": info.get("x-changelog", []),
        "operations": sum(1 for item in spec.document.get("paths", {}).values()
                          for method in item if method in METHODS),
    }


def _landing(specs: list[ApiSpec], config: SiteConfig) -> Route:
    title = "API reference"
    description = "The Onebox APIs: catalog, distribution, orders, customers, access control and management."
    data = {"kind": "apiLanding", "meta": page_meta(config, LANDING, title, description),
            "title": title, "description": description, "apis": [_summary(s) for s in specs]}
    return Route(LANDING, "apiLanding", data, search=None)


def _downloads(specs: list[ApiSpec], config: SiteConfig) -> Route:
    title = "OpenAPI specifications"
    description = "Download the machine-readable OpenAPI specifications of the Onebox APIs, in YAML and JSON."
    data = {"kind": "apiDownloads", "meta": page_meta(config, DOWNLOADS, title, description),
            "title": title, "description": description, "apis": [_summary(s) for s in specs]}
    return Route(DOWNLOADS, "apiDownloads", data, search=None)


def _api_page(spec: ApiSpec, config: SiteConfig, report: Report) -> Route:
    info = spec.document.get("info", {})
    intro = render_markdown(str(info.get("description", "")), spec.file)
    report.extend(intro.problems)
    groups: dict[str, list[dict[str, Any]]] = {t.get("name"): [] for t in spec.document.get("tags", [])}
    for path, item in spec.document.get("paths", {}).items():
        for method, operation in item.items():
            if method not in METHODS or not isinstance(operation, dict):
                continue
            description = render_markdown(str(operation.get("description", "")), spec.file)
            entry = {"id": operation.get("operationId"), "method": method.upper(), "path": path,
                     "summary": operation.get("summary", ""), "description": description.tree,
                     "deprecated": bool(operation.get("deprecated"))}
            for tag in operation.get("tags") or ["Other"]:
                groups.setdefault(tag, []).append(entry)
    tags = {t.get("name"): t.get("description", "") for t in spec.document.get("tags", [])}
    data = {
        "kind": "apiReference",
        "meta": page_meta(config, spec.route, spec.title, str(info.get("summary") or spec.title),
                          keywords=[spec.title, "OpenAPI", "API reference"]),
        "title": spec.title,
        "api": _summary(spec),
        "intro": intro.tree,
        "groups": [{"name": name, "description": tags.get(name, ""), "operations": ops}
                   for name, ops in groups.items() if ops],
    }
    anchors = {f"operation-{op['id']}" for ops in groups.values() for op in ops if op["id"]}
    return Route(spec.route, "apiReference", data, spec.file, search=None, anchors=anchors)
