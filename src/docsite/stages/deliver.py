"""Stage 6, deliver: the servers' rules for the site written and prerendered (`_headers`, with
its Content-Security-Policy, and `_redirects`: docsite.outputs.delivery), and every compressible
file's `.br` and `.gz` twins."""

from __future__ import annotations

from pathlib import Path

from docsite.cache import results
from docsite.openapi.tryit import connect_origins
from docsite.outputs.delivery import (
    HEADERS_FILE,
    REDIRECTS_FILE,
    headers_file,
    precompress_untwinned,
    redirects_file,
    site_rules,
)
from docsite.outputs.llms import has_markdown
from docsite.redirects import Redirect
from docsite.routes import markdown_route, page_url
from docsite.site_paths import NOT_FOUND
from docsite.stages.site import Progress, Site
from docsite.writing.files import html_files, tree_names
from docsite.writing.reuse import ScriptHashMemo


def write_delivery(site: Site, staging: Path, progress: Progress, *, compress: bool = True,
                   locale_redirects: list[Redirect] | None = None,
                   scripts: dict[Path, frozenset[str]] | None = None) -> None:
    """The servers' rules (`_headers`, `_redirects`: docsite.outputs.delivery), then every compressible
    file precompressed (not for the dev server, which serves uncompressed HTML it can rewrite): most
    were already, as they were written. After the prerender: the CSP lists the hashes of the pages'
    inline scripts (`scripts`: those the prerender reported, by page). `locale_redirects`: the other
    locales' (`redirects.in_locale`), in the one `_redirects` file at the root."""
    folders = tree_names(staging)  # the one walk of the staging folder
    for name, text in delivery_files(site, staging, locale_redirects, folders, scripts).items():
        (staging / name).write_text(text, encoding="utf-8")
    if compress:
        progress("Compressing", 0, 1)
        precompress_untwinned(folders)
        progress("Compressing", 1, 1)


def delivery_files(site: Site, staging: Path, locale_redirects: list[Redirect] | None = None,
                   folders: list[tuple[Path, set[str]]] | None = None,
                   scripts: dict[Path, frozenset[str]] | None = None,
                   memo: ScriptHashMemo | None = None) -> dict[str, str]:
    """The servers' rules for the site prerendered in `staging`: file name -> text (`folders`: the
    staging folder's `tree_names`; `scripts`: the inline scripts' hashes of the pages whose Node
    reported them; `memo`: the pages' hashes known, which the caller saves, else read from the result
    cache and saved). (The dev server makes them while the next save may be rebuilt, and writes them
    only if none was.)"""
    script_urls = [str(page.page.props["scriptUrl"]) for page in site.content.react_pages
                   if isinstance(page.page.props.get("scriptUrl"), str)]
    # ...and the scripts a component placed in a page loads (the widget simulators' widget).
    script_urls += [str(use.props[key]) for route in site.routes if route.rendered is not None
                    for use in route.rendered.components for key in ("scriptUrl", "v1ScriptUrl")
                    if isinstance(use.props.get(key), str)]
    image_urls = [ref.target for route in site.routes if route.rendered is not None
                  for ref in route.rendered.images if ref.target.startswith(("https://", "http://"))]
    canonical = {markdown_route(r.path): page_url(site.config, r.path) for r in site.routes if has_markdown(r)}
    sections_not_found = [r.path for r in site.routes if r.path.endswith("/404") and r.path != NOT_FOUND]
    redirects = [*site.redirects, *(locale_redirects or [])]
    known = memo or ScriptHashMemo(results().folder, site.name)  # the hashes of the pages a warm build reused
    for page, hashes in (scripts or {}).items():
        known.tell(page, hashes)
    rules = site_rules(site.config, html_files(staging, folders), redirects, script_urls, image_urls, canonical,
                       sections_not_found, connect_origins(spec.document for spec in site.specs), known.hashes,
                       wasm=site.search_engine == "pagefind")
    if memo is None:
        known.save()
    return {HEADERS_FILE: headers_file(rules), REDIRECTS_FILE: redirects_file(rules)}

