"""Delivery rules: redirects for moved pages, the `_headers` / `_redirects` files, the CSP, and the
nginx configuration made from them (served for real by tests/e2e/test_delivery.py)."""

from __future__ import annotations

import gzip
from pathlib import Path

import brotli
import pytest
from typer.testing import CliRunner

from docsite.build import Paths, build
from docsite.cli import app
from docsite.config import SiteConfig
from docsite.errors import BuildError, Report
from docsite.openapi.specs import load_specs
from docsite.openapi.tryit import connect_origins, server_token_urls
from docsite.outputs.delivery import (
    BROTLI_QUALITY,
    ENCODINGS,
    GZIP_LEVEL,
    IMMUTABLE,
    PERMISSIONS_POLICY,
    Precompressor,
    Rules,
    content_security_policy,
    headers_file,
    inline_script_hashes,
    precompress,
    precompress_untwinned,
    read_rules,
    redirects_file,
    security_headers,
    site_rules,
    twin_of,
)
from docsite.outputs.nginx import nginx_config
from docsite.redirects import Redirect, fallback_page
from docsite.writing.files import tree_names
from tests.conftest import CONTENT, FRONTEND, LINT_OFF
from tests.unit.sitefiles import configure, doc, load, write

SITE = SiteConfig(title="T", url="https://example.com")


@pytest.fixture
def site(mini_site: Path) -> Path:
    write(mini_site / "sidebars.yaml", "docs:\n  - intro\n  - guides/new\n")
    write(mini_site / "docs" / "guides" / "new.md", doc("New", "redirect_from: /docs/guides/old\n"))
    return mini_site


# -- redirects --------------------------------------------------------------------------------------

def test_redirects_come_from_front_matter_and_site_yaml(site: Path) -> None:
    configure(site, redirects=[{"from": ["/docs/start", "/docs/begin/"], "to": "/docs/"},
                               {"from": "/old-blog", "to": "https://blog.example.com/"}])
    built, report = load(site)
    assert report.problems == []
    assert [(r.source, r.target) for r in built.redirects] == [
        ("/docs/begin", "/docs/"), ("/docs/guides/old", "/docs/guides/new"), ("/docs/start", "/docs/"),
        ("/old-blog", "https://blog.example.com/")]


def test_a_redirect_to_no_page_is_an_error_at_its_line(site: Path) -> None:
    config = (site / "site.yaml").read_text()
    (site / "site.yaml").write_text(config + "redirects:\n  - {from: /docs/start, to: /docs/nowhere}\n")
    with pytest.raises(BuildError) as error:
        load(site)
    [problem] = error.value.problems
    assert problem.file == site / "site.yaml" and problem.line == config.count("\n") + 2
    assert problem.message == "redirect from '/docs/start' to '/docs/nowhere': no page has that route"
    assert problem.fix and "full https:// URL" in problem.fix


def test_a_redirect_that_would_hide_a_page_or_repeats_or_is_no_path_is_an_error(site: Path) -> None:
    write(site / "docs" / "guides" / "two.md", doc("Two", "redirect_from: [/docs/guides/old, docs/x, /a?b]\n"))
    configure(site, redirects=[{"from": "/docs/guides/new", "to": "/docs/"}])
    with pytest.raises(BuildError) as error:
        load(site)
    messages = sorted(p.message for p in error.value.problems)
    assert messages == [
        "redirect from '/a?b': not a path of this site",
        "redirect from '/docs/guides/new': a page has this route, so the redirect would hide it",
        "redirect from '/docs/guides/old' is defined twice (also in new.md:4)",
        "redirect from 'docs/x': not a path of this site",
    ]
    assert {p.line for p in error.value.problems if p.file and p.file.name == "two.md"} == {4}


def test_a_link_to_an_old_path_works_and_warns_to_name_the_new_one(site: Path) -> None:
    page = write(site / "docs" / "linking.md", doc("Linking", body="See [the guide](/docs/guides/old).\n"))
    _, report = load(site)
    [warning] = report.warnings
    assert (warning.file, warning.line) == (page, 6)
    assert warning.message == "link to '/docs/guides/old' goes through a redirect: the page moved to '/docs/guides/new'"
    assert warning.fix == "link to '/docs/guides/new' instead"


def test_the_fallback_page_refreshes_to_the_target_as_the_policy_spells_it() -> None:
    config = SiteConfig(title="T", url="https://example.com", trailingSlash=True, baseUrl="/site/")
    page = fallback_page(Redirect("/docs/old", "/docs/new"), config)
    assert '<meta http-equiv="refresh" content="0; url=/site/docs/new/">' in page
    assert '<link rel="canonical" href="https://example.com/site/docs/new/">' in page
    assert '<meta name="robots" content="noindex">' in page


# -- the rules files --------------------------------------------------------------------------------

def test_the_rules_files_read_back_as_written(tmp_path: Path) -> None:
    rules = site_rules(SITE, [], [Redirect("/docs/old", "/docs/new")], not_found=["/specification/404"])
    (tmp_path / "_headers").write_text(headers_file(rules))
    (tmp_path / "_redirects").write_text(redirects_file(rules))
    assert read_rules(tmp_path) == rules
    assert rules.headers_for("/assets/app-1a2b.js")["Cache-Control"] == IMMUTABLE
    assert rules.headers_for("/docs/new")["Cache-Control"] == "no-cache"
    assert rules.redirect_for("/docs/old/") == ("/docs/new", 301)
    assert "/specification/* /specification/404.html 404" in redirects_file(rules)
    assert rules.not_found_page("/specification/catalog/x") == "/specification/404.html"
    assert rules.not_found_page("/specificationx") == rules.not_found_page("/docs/x") == "/404.html"
    assert read_rules(tmp_path / "missing") == Rules()


def test_hsts_is_a_setting_on_by_default_for_an_https_site_and_permissions_are_denied() -> None:
    def headers(url: str, hsts: dict[str, object] | None = None) -> dict[str, str]:
        config = SiteConfig.model_validate({"title": "T", "url": url, "delivery": {"hsts": hsts or {}}})
        return dict(security_headers(config, []))

    assert headers("https://example.com")["Strict-Transport-Security"] == "max-age=31536000"
    assert "Strict-Transport-Security" not in headers("http://localhost:3000"), "HTTP only: no HSTS"
    assert "Strict-Transport-Security" not in headers("https://example.com", {"enabled": False})
    assert headers("https://example.com", {"maxAge": 600, "includeSubDomains": True})[
        "Strict-Transport-Security"] == "max-age=600; includeSubDomains"
    assert headers("https://example.com", {"includeSubDomains": True, "preload": True})[
        "Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    policy = headers("https://example.com")["Permissions-Policy"]
    assert policy == PERMISSIONS_POLICY
    for feature in ["camera", "microphone", "geolocation", "payment", "usb"]:
        assert f"{feature}=()" in policy.split(", ")
    assert "clipboard-write" not in policy, "copy buttons write to the clipboard"


def test_twins_are_known_by_name() -> None:
    assert twin_of("docs/x/index.html.br") == "docs/x/index.html"
    assert twin_of("search-index.json.gz") == "search-index.json"
    assert twin_of("downloads/sdk.tar.gz") is None and twin_of("index.html") is None


def test_the_csp_allows_exactly_the_configured_third_parties() -> None:
    bare = content_security_policy(SITE, [])
    assert "https://" not in bare
    configured = SiteConfig.model_validate({
        "title": "T", "url": "https://example.com", "analytics": {"trackingId": "G-1"},
        "helpDesk": {"scriptUrl": "https://help.example.net/loader.js"},
        "search": {"analytics": {"appId": "A", "apiKey": "k", "indexName": "i"}}})
    csp = dict(part.split(" ", 1) for part in content_security_policy(configured, []).split("; "))
    assert csp["script-src"] == ("'self' https://www.googletagmanager.com https://help.example.net "
                                 "https://cdn.jsdelivr.net")
    assert "https://insights.algolia.io" in csp["connect-src"] and "https://help.example.net" in csp["frame-src"]
    assert csp["frame-ancestors"] == "'self'" and csp["object-src"] == "'none'"


def test_the_csp_lets_the_allowed_embeds_load_as_frames_only() -> None:
    hosts = ["www.youtube-nocookie.com", "player.vimeo.com"]
    config = SiteConfig.model_validate({"title": "T", "url": "https://example.com", "embeds": {"hosts": hosts}})
    csp = dict(part.split(" ", 1) for part in content_security_policy(config, []).split("; "))
    assert csp["frame-src"] == "'self' https://www.youtube-nocookie.com https://player.vimeo.com"
    assert all(host not in csp[name] for host in hosts for name in ("script-src", "img-src", "connect-src"))


def test_the_csp_lets_requests_reach_the_specs_servers_and_token_endpoints_and_nothing_else() -> None:
    specs = load_specs(CONTENT / "specs", Report())
    hosts = connect_origins(spec.document for spec in specs)
    # both environments' API hosts, then both environments' token endpoints (Try it posts client
    # credentials to the selected server's own)
    assert hosts == ["https://api.pre.oneboxtds.com", "https://api.oneboxtds.com",
                     "https://auth.pre.oneboxtds.com", "https://auth.oneboxtds.com"]
    csp = dict(part.split(" ", 1) for part in content_security_policy(SITE, [], api_origins=hosts).split("; "))
    assert csp["connect-src"] == "'self' " + " ".join(hosts)
    assert all(host not in csp[name] for host in hosts for name in ("script-src", "img-src", "frame-src"))


def test_the_hosts_try_it_may_call_come_from_every_server_and_token_endpoint_of_the_specs() -> None:
    document = {
        "servers": [{"url": "https://{region}.example.com/v1", "variables": {
            "region": {"default": "eu", "enum": ["eu", "us"]}}, "x-onebox-token-url": "https://login.example.com/t"},
            {"url": "/relative"}],
        "paths": {"/a": {"servers": [{"url": "https://path.example.com", "x-onebox-token-url": "/token"}],
                         "get": {"servers": [{"url": "http://127.0.0.1:8080/mock",
                                              "x-onebox-token-url": "http://127.0.0.1:8080/oauth/token"}]}}},
        "components": {"securitySchemes": {"oauth": {"type": "oauth2", "flows": {"clientCredentials": {
            "tokenUrl": "https://auth.example.com/token", "refreshUrl": "https://auth.example.com/refresh"}}}}},
    }

    assert connect_origins([document]) == [
        "https://eu.example.com", "https://us.example.com", "https://path.example.com", "http://127.0.0.1:8080",
        "https://login.example.com", "https://auth.example.com"]
    assert server_token_urls(document) == {"https://{region}.example.com/v1": "https://login.example.com/t",
                                           "https://path.example.com": "/token",
                                           "http://127.0.0.1:8080/mock": "http://127.0.0.1:8080/oauth/token"}


def test_a_second_specs_token_endpoint_is_allowed_and_a_server_without_one_adds_no_host() -> None:
    pre = {"servers": [{"url": "https://api.pre.example.com", "x-onebox-token-url": "https://auth.pre.example.com/t"}]}
    pro = {"servers": [{"url": "https://api.example.com", "x-onebox-token-url": "https://auth.example.com/t"},
                       {"url": "https://api.pre.example.com/v2"}]}
    assert connect_origins([pre, pro]) == ["https://api.pre.example.com", "https://api.example.com",
                                           "https://auth.pre.example.com", "https://auth.example.com"]
    assert connect_origins([{"servers": [{"url": "https://api.example.com"}]}]) == ["https://api.example.com"]


def test_inline_scripts_are_allowed_by_hash_and_data_blocks_need_none(tmp_path: Path) -> None:
    page = write(tmp_path / "index.html", '<script>var a = 1;</script><script type="application/json">{}</script>'
                 '<script type="application/ld+json">{}</script><script type="module" src="/assets/a.js"></script>')
    # sha256("var a = 1;"), base64
    assert inline_script_hashes([page]) == {"'sha256-+dZ6udsWxNVoGfScAq7t5IIF5UJb4F6RhjbN6oe1p4w='"}


def test_precompress_writes_twins_once_for_files_worth_it(tmp_path: Path) -> None:
    write(tmp_path / "page.html", "<p>text</p>" * 100)
    write(tmp_path / "tiny.css", "a{}")
    (tmp_path / "photo.png").write_bytes(b"\x89PNG" * 500)
    assert precompress(tmp_path) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page.html", "page.html.br", "page.html.gz",
                                                          "photo.png", "tiny.css"]
    assert precompress(tmp_path) == 0, "twins newer than their file are kept"


def test_a_staging_folder_is_compressed_where_twins_are_missing(tmp_path: Path) -> None:
    """What the build's last sweep compresses: only by the names in the folders, no file's times."""
    write(tmp_path / "done.html", "<p>text</p>" * 100)
    precompress(tmp_path)
    write(tmp_path / "done.html", "<p>text</p>" * 100)  # newer than its twins: trusted all the same
    write(tmp_path / "docs" / "page.html", "<p>text</p>" * 100)
    write(tmp_path / "docs" / "tiny.css", "a{}")
    write(tmp_path / "_headers", "/*\n  X-Frame-Options: SAMEORIGIN\n" * 50)
    (tmp_path / "photo.png").write_bytes(b"\x89PNG" * 500)
    twin = tmp_path / "done.html.br"
    made = twin.stat().st_mtime_ns
    assert precompress_untwinned(tree_names(tmp_path)) == 1
    assert sorted(p.name for p in (tmp_path / "docs").iterdir()) == ["page.html", "page.html.br", "page.html.gz",
                                                                     "tiny.css"]
    assert twin.stat().st_mtime_ns == made and not (tmp_path / "_headers.gz").exists()



def test_the_precompressor_compresses_each_file_given_in_a_process_of_its_own(tmp_path: Path) -> None:
    """What a build gives it as it writes: the files worth it get their twins (the same bytes as
    `precompress`'s), the others none; the block ends once every file given is done."""
    pages = [write(tmp_path / "docs" / f"page-{n}.html", f"<p>text {n}</p>" * 100) for n in range(300)]
    large = write(tmp_path / "llms-full.txt", "".join(f"line {n} of a long text\n" for n in range(200_000)))
    small = write(tmp_path / "tiny.css", "a{}")
    with Precompressor() as early:
        for path in [*pages, large, small, tmp_path / "_headers"]:
            early.add(path)
    assert not small.with_name("tiny.css.br").exists()
    for made in (pages[0], large):  # a large file is read a chunk at a time, its two twins on two threads
        again = write(tmp_path / "again" / made.name, made.read_text())
        precompress(again.parent)
        assert all(made.with_name(made.name + suffix).read_bytes() == again.with_name(again.name + suffix)
                   .read_bytes() for _, suffix in ENCODINGS)
    assert all(page.with_name(page.name + suffix).is_file() for page in pages for _, suffix in ENCODINGS)
    text = large.read_bytes()  # read a chunk at a time, compressed as in one piece
    assert large.with_name("llms-full.txt.gz").read_bytes() == gzip.compress(text, GZIP_LEVEL, mtime=0)
    assert large.with_name("llms-full.txt.br").read_bytes() == brotli.compress(text, brotli.MODE_TEXT, BROTLI_QUALITY)
    assert not list(tmp_path.glob("*.docsite-part"))


def test_a_file_the_precompressor_cannot_compress_fails_the_build(tmp_path: Path) -> None:
    page = write(tmp_path / "page.html", "<p>text</p>" * 100)
    (tmp_path / "page.html.gz").mkdir()  # its twin cannot be written
    with pytest.raises(OSError, match=r"precompression failed: (.|\n)*page\.html\.gz"), Precompressor() as early:
        early.add(page)


# -- nginx ------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    content = tmp_path_factory.mktemp("content")
    write(content / "site.yaml", "title: T\nurl: https://example.com\nredirects:\n  - {from: /old, to: /docs/}\n"
          + LINT_OFF)
    write(content / "sidebars.yaml", "docs:\n  - intro\n")
    write(content / "docs" / "intro.md", doc("Intro", "slug: /\n"))
    out = tmp_path_factory.mktemp("site") / "build"
    build(Paths(content, out, FRONTEND), log=lambda line: None)
    return out


def test_the_nginx_configuration_carries_the_builds_rules(built: Path) -> None:
    config = nginx_config(built, base_url="/", trailing_slash=None, listen="8080", server_name="docs.example.com")
    csp = read_rules(built).headers_for("/")["Content-Security-Policy"]
    assert f'add_header Content-Security-Policy "{csp}" always;' in config
    assert "    location = /old {\n" in config and "    location = /old/ {\n" in config
    assert "        return 301 /docs/$is_args$args;\n" in config
    assert f'add_header Cache-Control "{IMMUTABLE}" always;' in config
    assert "    text/html html;" in config and "    text/javascript js;" in config
    assert "gzip_static on;" in config and "brotli_static on;" in config and "gzip off;" in config
    assert f"root {built.resolve()};" in config and "listen 8080;" in config
    server_level = config.split("\n    location")[0]
    assert f'    add_header Content-Security-Policy "{csp}" always;' in server_level, "for answers before a location"
    assert "    if (-f $document_root$docsite_twin_of) { return 404; }\n" in server_level
    assert config.count("{") == config.count("}")


def test_deploy_nginx_prints_the_configuration_or_says_what_is_missing(built: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    printed = runner.invoke(app, ["deploy", "nginx", "--out", str(built), "--listen", "127.0.0.1:8080"])
    assert printed.exit_code == 0 and printed.stdout.startswith("# Generated by `docsite deploy nginx`")
    written = runner.invoke(app, ["deploy", "nginx", "--out", str(built), "-o", str(tmp_path / "site.conf")])
    assert written.exit_code == 0 and (tmp_path / "site.conf").read_text() == printed.stdout.replace(
        "listen 127.0.0.1:8080;", "listen 80;")
    missing = runner.invoke(app, ["deploy", "nginx", "--out", str(tmp_path / "nothing")])
    assert missing.exit_code == 1 and "is not a build (no _data/site.json)" in " ".join(missing.output.split())


def test_a_site_under_a_base_url_is_refused_with_the_way_out(built: Path) -> None:
    with pytest.raises(ValueError, match="baseUrl is /docs-site/"):
        nginx_config(built, base_url="/docs-site/", trailing_slash=None)
