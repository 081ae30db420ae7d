"""Stage 3, check: the site read against itself and the specs, and every problem reported. Nothing
here changes a page or a route: the trees were finished before the routes were made
(docsite.stages.resolve).

In this order: two pages on one route; components every page places (registered in the front end);
the API calls and JSON bodies in the pages' code, against the specs; the writing rules (lint, which
know the specs' error codes and enums); links, anchors and images; the configuration's links and
the blog authors' pictures. (Symbolic links out of the content folder were refused at load:
docsite.content_files.)
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from docsite.blog import inline_authors
from docsite.cache import Derived, KeptResults
from docsite.checks.api_calls import check_api_calls, route_code
from docsite.checks.json_bodies import check_json_bodies
from docsite.checks.links import check_author_images, check_config_links, check_links, normalize
from docsite.checks.lint import Written, content_path, house_rule, lint_pages
from docsite.config import CONFIG_FILE, Lint, SiteConfig
from docsite.content import Content, Doc
from docsite.errors import Problem, Report, closest_first, listing
from docsite.markdown import CodeSpan
from docsite.openapi.reference import ApiSpec
from docsite.routes import Route
from docsite.stages.site import Paths, Site
from docsite.yamlfile import YamlDocument, load_yaml_file


def check(site: Site, paths: Paths, registry: dict[str, list[str]], report: Report, *, dev: bool) -> None:
    """Report every problem of `site` (loaded from `paths.content`) to `report`. `registry`: the
    front end's components and pages (docsite.frontend.Frontend.registry); `dev`: the lint rules'
    problems are warnings (`docsite dev` previews a page while it is being written)."""
    _check_unique_routes(site.routes, report)
    check_spec_readers(site.routes, site.content, site.specs, registry, site.config, report, dev=dev, site=site.name)
    assert site.targets is not None
    check_links(site.routes, site.targets, site.config, report)
    config = load_yaml_file(paths.content / CONFIG_FILE)
    config_links, _ = _yaml_references(config)
    _check_lint_overrides(site, config, report)
    page_links = [link for page in site.content.react_pages for link in _yaml_references(page.document)[0]]
    check_config_links([*config_links, *page_links], site.targets, site.config, report)
    content = site.content
    check_author_images([*content.authors.values(), *(a for p in content.posts for a in inline_authors(p))],
                        site.targets, report)


def check_spec_readers(routes: list[Route], content: Content, specs: list[ApiSpec], registry: dict[str, list[str]],
                       config: SiteConfig, report: Report, *, dev: bool, lint: bool = True,
                       site: str = "default") -> None:
    """`check`'s checks of what reads the specs, in its order: the routes' components, the API calls
    of the pages and of the React pages' YAML, their JSON bodies, the lint rules (which know the
    specs' error codes and enums: `lint.spec_words`). The dev server runs them again after a spec edit
    (docsite.servers.incremental); without the lint rules when what they read of the specs is the same.
    The API checks' results are kept for the next run by `site` (the site's name: docsite.cache.site_name)."""
    _check_components(routes, content, registry, config, report)
    yaml_pages = [(page.file, *_yaml_references(page.document)) for page in content.react_pages]
    api_checks = KeptResults.of_site("api-checks", site)  # the previous build's
    called, bodies = Report(), Report()
    calls = check_api_calls(route_code(routes) + [(file, code) for file, _, code in yaml_pages], specs, called,
                            api_checks)
    check_json_bodies(routes, specs, calls, bodies, api_checks)
    api_checks.save()
    report.extend(house_rule("apiCalls", called.problems, config.lint))
    report.extend(house_rule("jsonBodies", bodies.problems, config.lint))
    if lint:
        linted = Report()
        lint_site(content, specs, config.lint, linted)
        report.extend(_lint_problems(linted, dev))


def check_page(site: Site, route: Route, page: Doc, registry: dict[str, list[str]], report: Report, *,
               dev: bool) -> None:
    """`check`'s checks of one Markdown page, in its order: its components, its API calls and JSON
    bodies, its lint rules, its links. The dev server runs them for a page whose edit no other page
    reads (docsite.servers.incremental), its tree finished first (docsite.stages.resolve.finish_page)."""
    assert site.targets is not None
    _check_route_components(route, set(registry.get("directives", [])), report)
    _check_route_embeds(route, site.config, report)
    called, bodies = Report(), Report()
    calls = check_api_calls(route_code([route]), site.specs, called)
    check_json_bodies([route], site.specs, calls, bodies)
    report.extend(house_rule("apiCalls", called.problems, site.config.lint))
    report.extend(house_rule("jsonBodies", bodies.problems, site.config.lint))
    lint = Report()
    lint_pages([page], site.specs, site.config.lint, lint)
    report.extend(_lint_problems(lint, dev))
    check_links([route], site.targets, site.config, report)


def lint_site(content: Content, specs: list[ApiSpec], rules: Lint, report: Report) -> None:
    """docsite.checks.lint.lint_content, each page's problems the previous build's when what the rules read
    is the same (docsite.cache.Derived): the page as resolved (docsite.stages.resolve), its front matter, the
    rules, the specs (a spec is its file's bytes: `ApiSpec.digest`). The others are linted together;
    each problem a rule reports names its page's file."""
    derived = Derived.of("lint")
    setting = Derived.key((rules.model_dump(), [(spec.name, str(spec.file), spec.digest) for spec in specs]))
    pages: list[Written] = [*content.docs, *content.pages, *content.posts]
    keys = [Derived.key((setting, type(page).__name__, _lint_inputs(page))) for page in pages]
    found = Report()
    lint_pages([page for page, key in zip(pages, keys, strict=True) if key not in derived], specs, rules, found)
    by_file: dict[Path | None, list[Problem]] = {}
    for problem in found.problems:
        by_file.setdefault(problem.file, []).append(problem)
    for page, key in zip(pages, keys, strict=True):
        report.extend(derived.get(key, partial(by_file.pop, page.file, [])))
    for others in by_file.values():  # none: a rule naming another file would be reported all the same
        report.extend(others)


def _lint_inputs(page: Written) -> object:
    """What the lint rules read of `page`: its file's path and bytes as loaded, with what the resolve
    stage set in its tree (`Rendered.identity`: the rules read the file, its front matter,
    title and tree); else every field of the page, its front matter as a dict and its anchors
    sorted (the pickle of a set, and so of a pydantic model, which holds the set of its fields,
    changes from one process to the next)."""
    identity = page.rendered.identity()
    if identity is not None:
        return identity
    return {**vars(page), "front": page.front.model_dump(),
            "rendered": {**vars(page.rendered), "anchors": sorted(page.rendered.anchors)}}


def _lint_problems(lint: Report, dev: bool) -> list[Problem]:
    """`docsite dev` previews a page while it is being written: its lint problems are warnings there."""
    return lint.problems if not dev else [replace(p, severity="warning") for p in lint.problems]


def _check_lint_overrides(site: Site, config: YamlDocument, report: Report) -> None:
    """A path of `lint.overrides` that matches no file changes nothing: a typo, or a folder moved."""
    content = site.content
    files = {content_path(file) for file in [
        *(page.file for page in [*content.docs, *content.drafts, *content.pages, *content.posts]),
        *(page.file for page in content.react_pages), *(spec.file for spec in site.specs if spec.file)]}
    for index, override in enumerate(site.config.lint.overrides):
        for number, glob in enumerate(override.paths):
            if not any(override.matches(file, [glob]) for file in files):
                line = config.line_of(("lint", "overrides", index, "paths", number))
                report.warn(f"lint.overrides[{index}].paths: '{glob}' matches no page or spec: the override "
                            "changes nothing", config.file, line,
                            "write the path below the content folder, as docs/imported/** (the folder of site.yaml)")


def _check_unique_routes(routes: list[Route], report: Report) -> None:
    seen: dict[str, Route] = {}
    for route in routes:
        key = normalize(route.path)
        if key in seen:
            first = seen[key]
            report.error(f"two pages have the route {route.path}: {first.source or first.kind} and "
                         f"{route.source or route.kind}", route.source or first.source, 1,
                         "change the slug or the file name of one of them")
        else:
            seen[key] = route


def _check_components(routes: list[Route], content: Content, registry: dict[str, list[str]], config: SiteConfig,
                      report: Report) -> None:
    directives = set(registry.get("directives", []))
    for route in routes:
        _check_route_components(route, directives, report)
        _check_route_embeds(route, config, report)
    pages = set(registry.get("pages", []))
    for page in content.react_pages:
        if page.page.component not in pages:
            doc = load_yaml_file(page.file)
            known = listing(closest_first(page.page.component, pages))
            report.error(f"unknown page component '{page.page.component}'", page.file,
                         doc.line_of(("component",)), f"use one of: {known}")


def _check_route_components(route: Route, directives: set[str], report: Report) -> None:
    """A Markdown page's components are registered in the front end."""
    if route.rendered is None:
        return
    for use in route.rendered.components:
        if use.name not in directives:
            report.error(f"unknown component '{use.name}'", route.source, use.line,
                         f"use one of: {listing(closest_first(use.name, directives))} (registered in "
                         "frontend/src/registry.json)")


def _check_route_embeds(route: Route, config: SiteConfig, report: Report) -> None:
    """A Markdown page's `<iframe>`s are from hosts `site.yaml` allows (the CSP lets only those load)."""
    if route.rendered is None:
        return
    for use in route.rendered.embeds:
        host = urlsplit(use.src).hostname or use.src
        if host not in config.embeds.hosts:
            allowed = f" (allowed: {listing(config.embeds.hosts)})" if config.embeds.hosts else ""
            report.error(f"an <iframe> from {host}, which site.yaml does not allow{allowed}", use.file, use.line,
                         f"if you trust {host}, add it to site.yaml's embeds.hosts (embeds: {{hosts: [{host}]}}); "
                         "else link to the page instead of embedding it")


def _yaml_references(document: YamlDocument) -> tuple[list[tuple[str, Path, int]], list[CodeSpan]]:
    """What the link and API-call checks read in a YAML file (the site configuration, a React page):
    its internal links (`to:`, and `href:` to a path), with their lines, and its code (`code:`)."""
    file = document.file
    found: list[tuple[str, Path, int]] = []
    code: list[CodeSpan] = []

    def visit(node: Any, where: tuple[str | int, ...]) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if where == () and key == "redirects":
                    continue  # checked with the redirects (docsite.redirects), once
                if key in ("to", "href") and isinstance(value, str) and value.startswith("/"):
                    found.append((value, file, document.line_of((*where, key))))
                elif key == "code" and isinstance(value, str):
                    block = "\n" in value  # a block scalar (`code: |`) starts on the next line
                    code.append(CodeSpan(document.line_of((*where, key)) + block, value, block))
                else:
                    visit(value, (*where, key))
        elif isinstance(node, list):
            for index, item in enumerate(node):
                visit(item, (*where, index))

    visit(document.data, ())
    return found, code

