"""The site for machines: every page as Markdown, `llms.txt` and `llms-full.txt`.

- Every doc, blog post, Markdown page, docs category page and API reference is also published as
  Markdown at its route with `.md` appended (`/docs/environments.md`, `/docs.md` for `/docs/`,
  `/index.md` for `/`): front matter reduced to title and description, then the page's content
  (docsite.markdown.to_markdown). The six API references list their operations (method, path,
  parameters, request body, responses), their webhooks (payload, answer, retries), their error codes
  and their schemas.
- `llms.txt` (https://llmstxt.org): the site's title and summary, then sections of links to those
  Markdown files with one-line descriptions: the docs in sidebar order, the API reference, the FAQ,
  and the rest under "Optional".
- `llms-full.txt`: every doc as Markdown, in sidebar order.
- On a site with several docs versions, the root files are the latest version's, and each other
  version has its own at its docs root (`/docs/next/llms.txt`, `/docs/1.0/llms-full.txt`; its docs'
  `.md` files too), linked from the root `llms.txt` under "Other docs versions": an integrator on an
  older API asks a model about the docs of that version, and a model reading the root file is told
  the others exist and what they are (unreleased, no longer maintained).

The doc layout's "Copy page" and "View as Markdown" use the `.md` file of the page.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from docsite.cache import Derived
from docsite.config import SiteConfig
from docsite.markdown.to_markdown import to_markdown
from docsite.routes import Route, absolute_url, markdown_route
from docsite.sidebars import Sidebars
from docsite.site_paths import NOT_FOUND

LLMS_TXT = "/llms.txt"
LLMS_FULL_TXT = "/llms-full.txt"
LLMS_STATUS = {"unreleased": "not yet released", "unmaintained": "no longer maintained"}  # by version banner
_MARKDOWN_KINDS = frozenset({"doc", "docCategory", "blogPost", "page", "apiReference", "apiChangelog"})


def has_markdown(route: Route) -> bool:
    return route.kind in _MARKDOWN_KINDS and route.path != NOT_FOUND


@dataclass(frozen=True)
class OtherVersion:
    """A docs version besides the latest one, as the root `llms.txt` lists it."""

    label: str
    base: str  # its docs' route: `/docs/next`, `/docs/1.0`
    status: str  # `unreleased`, `no longer maintained`, or empty

    @property
    def llms_txt(self) -> str:
        return self.base + LLMS_TXT

    @property
    def llms_full_txt(self) -> str:
        return self.base + LLMS_FULL_TXT


def llms_files(routes: list[Route], sidebars: Sidebars, config: SiteConfig,
               other_versions: Iterable[OtherVersion] = (), known: Mapping[str, str] | None = None) -> dict[str, bytes]:
    """The `.md` twin of every page with content, `llms.txt` and `llms-full.txt`: site path -> bytes.
    `routes` are the latest docs version's and the other pages; `other_versions` are listed.
    `known`: twins already made, by route (the dev server's of the routes a spec edit left as they were)."""
    pages = {route.path: route for route in routes if has_markdown(route)}
    known = known or {}
    made = page_markdowns({path: route for path, route in pages.items() if path not in known}, config)
    texts = {path: known[path] if path in known else made[path] for path in pages}
    files = {markdown_route(path): text.encode() for path, text in texts.items()}
    docs = _docs_in_sidebar_order(pages, sidebars)
    files[LLMS_TXT] = llms_txt(pages, docs, config, list(other_versions)).encode()
    files[LLMS_FULL_TXT] = llms_full_txt([(pages[p], texts[p]) for p in docs], config).encode()
    return files


def version_llms_files(routes: list[Route], sidebars: Sidebars, config: SiteConfig, version: OtherVersion,
                       latest: str) -> dict[str, bytes]:
    """The files of a version other than the latest (`routes`: its docs), at its docs root; `latest`
    is the latest version's label."""
    pages = {route.path: route for route in routes if has_markdown(route)}
    texts = page_markdowns(pages, config)
    files = {markdown_route(path): text.encode() for path, text in texts.items()}
    docs = [p for p in sidebars.navigation if p in pages] + sorted(
        p for p in pages if p not in sidebars.navigation)
    status = f", {version.status}" if version.status else ""
    intro = (f"# {config.title}: docs version {version.label}\n\n> {config.tagline}\n\n"
             f"The documentation of version {version.label}{status}. The latest version ({latest}) is "
             f"{absolute_url(config, LLMS_TXT)}. Each link is the Markdown version of a page; "
             f"{absolute_url(config, version.llms_full_txt)} has every doc of this version in one file.\n\n")
    files[version.llms_txt] = (intro + _section("Docs", (pages[p] for p in docs), config)).encode()
    full = llms_full_txt([(pages[p], texts[p]) for p in docs], config)
    files[version.llms_full_txt] = full.replace("\n", f" (docs version {version.label})\n", 1).encode()
    return files


def page_markdowns(pages: dict[str, Route], config: SiteConfig) -> dict[str, str]:
    """`page_markdown` of every page, by route: the previous build's text of a page whose kind and
    what it reads of its page data are the same (`_markdown_key`), under the same site URL (what
    `absolute_url` reads of the configuration: docsite.cache.Derived)."""
    derived = Derived.of("llms-pages")
    return {path: derived.get(_markdown_key(route, config), partial(page_markdown, route, config))
            for path, route in pages.items()}


def _markdown_key(route: Route, config: SiteConfig) -> bytes:
    """The key of what `page_markdown` reads: of a page whose content is its Markdown's tree, its
    title, description and the tree's `Rendered.identity` (not a pickle of its whole data: 0.3 s
    at 10,000 pages); else its whole data."""
    rendered = route.rendered
    identity = rendered.identity() if rendered is not None and route.data.get("content") is rendered.tree else None
    if identity is None:
        return Derived.key((config.url, config.baseUrl, route.kind, route.data))
    return Derived.key((config.url, config.baseUrl, route.kind, _title(route), _description(route), identity))


def page_markdown(route: Route, config: SiteConfig) -> str:
    title, description = _title(route), _description(route)
    front = f"---\ntitle: {json.dumps(title, ensure_ascii=False)}\n"
    if description:
        front += f"description: {json.dumps(description, ensure_ascii=False)}\n"
    front += "---\n\n"

    def absolute(path: str) -> str:
        return absolute_url(config, path)

    if route.kind == "apiReference":
        body = api_markdown(route.data, absolute)
    elif route.kind == "apiChangelog":
        body = changelog_markdown(route.data, absolute)
    elif route.kind == "docCategory":
        body = _category(route.data, absolute)
    else:
        body = to_markdown(route.data.get("content", []), absolute)
    return f"{front}# {title}\n\n{body}"


def _title(route: Route) -> str:
    data = route.data
    return str(data.get("title") or data.get("doc", {}).get("title") or data.get("meta", {}).get("title", ""))


def _description(route: Route) -> str:
    return str(route.data.get("meta", {}).get("description", "")).replace("\n", " ")


def _category(data: dict[str, Any], absolute: Any) -> str:
    cards = data.get("items", [])
    lines = [f"- [{c['label']}]({absolute(markdown_route(str(c['href'])) if c['type'] != 'external' else c['href'])})"
             + (f": {c['description']}" if c.get("description") else "") for c in cards if c.get("href")]
    return "\n".join(lines) + "\n"


# -- API references ---------------------------------------------------------------------------------

def api_markdown(data: dict[str, Any], absolute: Any) -> str:
    api = data.get("api", {})
    out: list[str] = []
    if api.get("summary"):
        out.append(str(api["summary"]))
    out.append(to_markdown(data.get("intro", []), absolute).strip())
    out.append("Servers: " + ", ".join(f"`{s['url']}` ({s.get('description', '')})" for s in data.get("servers", [])))
    downloads = api.get("downloads", {})
    if downloads:
        out.append("OpenAPI document: " + ", ".join(f"[{kind}]({absolute(path)})" for kind, path in downloads.items()))
    postman = api.get("postman")
    if postman:
        out.append(f"Postman: [collection]({absolute(postman['collection'])}), environments "
                   + ", ".join(f"[{e['name']}]({absolute(e['href'])})" for e in postman["environments"]))
    if api.get("changelogPage"):
        out.append(f"Changes between versions: [changelog]({absolute(markdown_route(str(api['changelogPage'])))})")
    for group in data.get("groups", []):
        out.append(f"## {group.get('name', '')}")
        if group.get("description"):
            out.append(_prose(group["description"], absolute))
        for operation in group.get("operations", []):
            out.append(_operation(operation, absolute))
    if data.get("webhooks"):
        out.append("## Webhooks\n\nCalls the platform makes to your endpoint.")
        out.extend(_operation(webhook, absolute) for webhook in data["webhooks"])
    if data.get("errors"):
        out.append("## Error codes\n\n| Code | Status | Meaning |\n|---|---|---|\n" + "\n".join(
            f"| `{e['code']}` | {e.get('status', '')} | {_line(e.get('description', ''), absolute)} |"
            for e in data["errors"]))
    if data.get("schemas"):
        out.append("## Schemas")
        for name, schema in data["schemas"].items():
            out.append(f"### {name}\n\n" + _schema_block(schema, absolute))
    return "\n\n".join(part for part in out if part.strip()) + "\n"


def changelog_markdown(data: dict[str, Any], absolute: Any) -> str:
    """An API's changelog: each version's notes, then its computed changes, breaking ones marked."""
    out = [str(data.get("description", ""))]
    for version in data.get("versions", []):
        out.append(f"## {version['version']}" + (f" ({version['date']})" if version.get("date") else ""))
        if version.get("notes"):
            out.append("\n".join(f"- {_line(note, absolute)}" for note in version["notes"]))
        if version.get("previous") is not None:
            changes = version.get("changes", [])
            out.append(f"Compared with {version['previous']}:" if changes
                       else f"Compared with {version['previous']}: no operation, parameter or field changed.")
            if changes:
                out.append("\n".join(f"- {'**Breaking** ' if change['breaking'] else ''}`{change['operation']}`: "
                                     f"{_line(change['text'], absolute)}" for change in changes))
    return "\n\n".join(part for part in out if part) + "\n"


def _operation(operation: dict[str, Any], absolute: Any) -> str:
    webhook = operation.get("webhook") is True
    called = (f"Webhook `{operation['path']}`: a `{operation['method']}` to your endpoint" if webhook
              else f"`{operation['method']} {operation['path']}`")
    parts = [f"### {operation.get('summary') or operation.get('operationId')}",
             f"{called} (operationId `{operation.get('operationId')}`)"]
    if operation.get("description"):
        parts.append(_prose(operation["description"], absolute))
    parameters = operation.get("parameters", [])
    if parameters:
        rows = [f"| `{p['name']}` | {p.get('in', '')} | {_type(p.get('schema', {}))} | "
                f"{'yes' if p.get('required') else 'no'} | {_line(p.get('description', ''), absolute)} |"
                for p in parameters]
        parts.append("Parameters:\n\n| Name | In | Type | Required | Description |\n|---|---|---|---|---|\n"
                     + "\n".join(rows))
    body = operation.get("requestBody")
    if isinstance(body, dict):
        for content in body.get("content", []):
            schema = _schema_block(content.get("schema", {}), absolute)
            parts.append(f"{'Payload' if webhook else 'Request body'} (`{content.get('type')}`):\n\n{schema}")
    responses = operation.get("responses", [])
    if responses:
        lines = []
        for response in responses:
            status = response.get("status") or response.get("code", "")
            description = _line(response.get("description", ""), absolute)
            ref = f" (`{response['ref']}`)" if response.get("ref") else ""
            lines.append(f"- `{status}`{ref}: {description}")
        parts.append("Responses:\n\n" + "\n".join(lines))
    if operation.get("retries"):
        parts.append("Retries: " + _prose(operation["retries"], absolute))
    return "\n\n".join(parts)


def _prose(value: Any, absolute: Any) -> str:
    return to_markdown(value, absolute).strip() if isinstance(value, list) else str(value)


def _line(value: Any, absolute: Any) -> str:
    """Prose on one line, fit for a table cell or a list item."""
    return " ".join(_prose(value, absolute).split()).replace("|", "\\|")


def _type(schema: dict[str, Any]) -> str:
    if schema.get("ref"):
        return f"`{schema['ref']}`"
    kind = schema.get("type", "")
    if kind == "array":
        return f"array of {_type(schema.get('items', {}))}"
    for combinator in ("oneOf", "anyOf", "allOf"):
        if schema.get(combinator):
            return f" {combinator} ".join(_type(s) for s in schema[combinator])
    if schema.get("enum"):
        return f"{kind} (" + ", ".join(f"`{v}`" for v in schema["enum"]) + ")"
    return f"{kind}" if isinstance(kind, str) else " or ".join(kind)


def _schema_block(schema: dict[str, Any], absolute: Any, depth: int = 0) -> str:
    """A schema as a list of its fields (nested objects indented), or its type."""
    properties = schema.get("properties")
    if schema.get("type") == "array" and isinstance(schema.get("items"), dict) and schema["items"].get("properties"):
        return "Array of:\n\n" + _schema_block(schema["items"], absolute, depth)
    if not properties:
        description = _prose(schema.get("description", ""), absolute)
        return _type(schema) + (f": {description}" if description else "")
    required = set(schema.get("required", []))
    lines = []
    for name, field in properties.items():
        description = _line(field.get("description", ""), absolute)
        flag = ", required" if name in required else ""
        lines.append("  " * depth + f"- `{name}` ({_type(field)}{flag})" + (f": {description}" if description else ""))
        nested = field.get("items") if field.get("type") == "array" else field
        if isinstance(nested, dict) and nested.get("properties") and depth < 4:
            lines.append(_schema_block(nested, absolute, depth + 1))
    return "\n".join(lines)


# -- llms.txt ---------------------------------------------------------------------------------------

def _docs_in_sidebar_order(pages: dict[str, Route], sidebars: Sidebars) -> list[str]:
    ordered = [route for route in sidebars.navigation if route in pages]
    listed = set(ordered)  # (`not in ordered`, a list, was 0.35 s at 10,000 pages)
    rest = sorted(p for p, r in pages.items() if r.kind in ("doc", "docCategory") and p not in listed
                  and r.sitemap)
    return ordered + rest


def _entry(route: Route, config: SiteConfig) -> str:
    description = _description(route)
    link = absolute_url(config, markdown_route(route.path))
    return f"- [{_title(route)}]({link})" + (f": {description}" if description else "")


def _section(title: str, routes: Iterable[Route], config: SiteConfig) -> str:
    lines = [_entry(route, config) for route in routes]
    return f"## {title}\n\n" + "\n".join(lines) + "\n" if lines else ""


def llms_txt(pages: dict[str, Route], docs: list[str], config: SiteConfig,
             other_versions: list[OtherVersion] | None = None) -> str:
    def section(title: str, routes: Iterable[Route]) -> str:
        return _section(title, routes, config)

    versions = [f"- [Docs version {v.label}]({absolute_url(config, v.llms_txt)})"
                + (f": {v.status}" if v.status else "") for v in other_versions or []]
    api = [r for r in pages.values() if r.kind == "apiReference" and r.sitemap]
    faq = [r for p, r in pages.items() if r.kind == "page" and "faq" in p and r.sitemap]
    listed = {*docs, *(r.path for r in api), *(r.path for r in faq)}
    optional = [r for p, r in sorted(pages.items()) if p not in listed and r.sitemap]
    intro = (f"# {config.title}\n\n> {config.tagline}\n\n"
             f"Each link is the Markdown version of a page of {config.url}; {absolute_url(config, LLMS_FULL_TXT)} "
             "has every doc in one file.\n\n")
    sections = [section("Docs", (pages[p] for p in docs if pages[p].sitemap)), section("API reference", api),
                section("FAQ", faq),
                "## Other docs versions\n\n" + "\n".join(versions) + "\n" if versions else "",
                section("Optional", optional)]
    return intro + "\n".join(s for s in sections if s)


def llms_full_txt(docs: list[tuple[Route, str]], config: SiteConfig) -> str:
    parts = [f"# {config.title}\n\n> {config.tagline}\n"]
    parts += [llms_full_part(route, text, config) for route, text in docs]
    return "\n---\n\n".join(parts)


def llms_full_part(route: Route, text: str, config: SiteConfig) -> str:
    """A doc's part of llms-full.txt, from its `.md` twin `text` (the dev server replaces an edited
    doc's part in place)."""
    body = text.split("---\n\n", 1)[1] if text.startswith("---\n") else text
    return f"{body.strip()}\n\nSource: {absolute_url(config, route.path)}\n"
