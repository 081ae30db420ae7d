"""Versioned docs as Docusaurus writers know them: `docsite version NAME` snapshots the current docs,
and every version is built at its own path, with its own ids, sidebars, banner, search index and
sitemap entries. (The browser side is tests/e2e/test_docs_versions.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from docsite.cli import app
from docsite.errors import BuildError
from docsite.outputs.sitemap import sitemap
from docsite.search import search_index_files
from tests.unit.sitefiles import configure, doc, load, route_data, write

runner = CliRunner()


def cut(content: Path, name: str) -> None:
    result = runner.invoke(app, ["version", name, "--content", str(content)])
    assert result.exit_code == 0, result.output


@pytest.fixture
def site(mini_site: Path) -> Path:
    write(mini_site / "sidebars.yaml", "docs:\n  - intro\n  - guides/first\n")
    write(mini_site / "docs" / "guides" / "first.md", doc("First guide", body="Version one words: alpha."))
    return mini_site


def test_version_snapshots_the_docs_and_sidebars_in_docusaurus_layout(site: Path) -> None:
    cut(site, "1.0")
    assert (site / "versioned_docs" / "version-1.0" / "guides" / "first.md").read_text() == \
        (site / "docs" / "guides" / "first.md").read_text()
    assert (site / "versioned_sidebars" / "version-1.0-sidebars.yaml").read_text() == \
        (site / "sidebars.yaml").read_text()
    assert json.loads((site / "versions.json").read_text()) == ["1.0"]
    cut(site, "2.0")
    assert json.loads((site / "versions.json").read_text()) == ["2.0", "1.0"], "newest first"


def test_a_sidebars_js_is_saved_as_the_json_it_gives_as_docusaurus_does(site: Path) -> None:
    (site / "sidebars.yaml").unlink()
    write(site / "sidebars.js",
          "const guides = ['guides/first'];\nmodule.exports = {docs: ['intro', {Guides: guides}]};\n")
    cut(site, "1.0")
    saved = site / "versioned_sidebars" / "version-1.0-sidebars.json"
    assert json.loads(saved.read_text()) == {"docs": ["intro", {"Guides": ["guides/first"]}]}
    built, report = load(site)
    assert report.errors == []
    assert [item.label for item in built.version_sidebars["1.0"].find("docs").items] == ["Intro", "Guides"]


@pytest.mark.parametrize("name", ["1.0", "current", "a/b", ""])
def test_version_refuses_a_name_it_cannot_use(site: Path, name: str) -> None:
    if name == "1.0":
        cut(site, "1.0")
    result = runner.invoke(app, ["version", name, "--content", str(site)])
    assert result.exit_code == 1
    assert "was not created" in result.output and "fix:" in result.output
    assert json.loads((site / "versions.json").read_text()) == ["1.0"] if name == "1.0" else \
        not (site / "versions.json").exists()


def test_every_version_is_built_latest_at_the_root_current_at_next(site: Path) -> None:
    cut(site, "1.0")
    write(site / "docs" / "guides" / "first.md", doc("First guide", body="Version two words: beta."))
    write(site / "docs" / "guides" / "new.md", doc("New guide"))
    write(site / "sidebars.yaml", "docs:\n  - intro\n  - guides/first\n  - guides/new\n")
    built, _ = load(site)
    paths = {r.path for r in built.routes}
    assert {"/docs/", "/docs/guides/first", "/docs/next/", "/docs/next/guides/first", "/docs/next/guides/new"} <= paths
    assert "/docs/guides/new" not in paths, "1.0 has no such doc"
    released = route_data(built, "/docs/guides/first")
    current = route_data(built, "/docs/next/guides/first")
    assert released["doc"]["version"] == "1.0" and current["doc"]["version"] == "current"  # type: ignore[index]
    # sidebars, breadcrumbs, prev/next per version
    assert current["doc"]["prev"] == {"label": "Intro", "href": "/docs/next/"}  # type: ignore[index]
    assert current["doc"]["next"] == {"label": "New guide", "href": "/docs/next/guides/new"}  # type: ignore[index]
    assert released["doc"]["next"] is None  # type: ignore[index]
    # the banner on the unreleased version links to the same doc in the latest; the latest has none
    assert current["doc"]["versionInfo"] == {  # type: ignore[index]
        "name": "current", "label": "Next", "badge": True,
        "banner": {"kind": "unreleased", "latestLabel": "1.0", "latestHref": "/docs/guides/first"}}
    assert released["doc"]["versionInfo"]["banner"] is None  # type: ignore[index]
    new = route_data(built, "/docs/next/guides/new")
    assert new["doc"]["versionInfo"]["banner"]["latestHref"] == "/docs/", "not in 1.0: its root"  # type: ignore[index]
    # canonical URLs lead to the latest version
    assert current["meta"]["canonical"] == "https://example.com/docs/guides/first"  # type: ignore[index]
    assert new["meta"]["canonical"] == "https://example.com/docs/next/guides/new"  # type: ignore[index]
    # the versions data carries every version; the site data their summary
    assert [(v.name, v.path, v.is_last) for v in built.versions] == [("current", "/docs/next/", False),
                                                                      ("1.0", "/docs/", True)]
    assert built.site_data["docs"]["versions"][1] == {"name": "1.0", "label": "1.0", "path": "/docs/", "isLast": True}
    # one search index per version, with that version's words
    files = search_index_files(built.search, built.config.search)
    assert {"search-index-docs-default-current.json", "search-index-docs-default-1.0.json"} <= set(files)
    old = files["search-index-docs-default-1.0.json"].decode()
    assert "alpha" in old and "beta" not in old and "/docs/next/" not in old
    assert "beta" in files["search-index-docs-default-current.json"].decode()
    # the unreleased version is left out of the sitemap
    xml = sitemap(built.routes, built.config)
    assert "https://example.com/docs/guides/first<" in xml and "/docs/next/" not in xml


def test_three_versions_older_ones_are_unmaintained_at_their_name(site: Path) -> None:
    cut(site, "1.0")
    cut(site, "2.0")
    configure(site, docs={"versions": {"1.0": {"label": "1.0 (old)", "noIndex": True}, "2.0": {"badge": False}}})
    built, _ = load(site)
    old = route_data(built, "/docs/1.0/guides/first")
    assert old["doc"]["versionInfo"] == {  # type: ignore[index]
        "name": "1.0", "label": "1.0 (old)", "badge": True,
        "banner": {"kind": "unmaintained", "latestLabel": "2.0", "latestHref": "/docs/guides/first"}}
    assert old["meta"]["noindex"] is True  # type: ignore[index]
    assert route_data(built, "/docs/guides/first")["doc"]["versionInfo"]["badge"] is False  # type: ignore[index]
    xml = sitemap(built.routes, built.config)
    assert "/docs/1.0/" not in xml and "/docs/next/" not in xml and "/docs/guides/first<" in xml


def test_llms_txt_is_the_latest_versions_and_links_every_other_versions_own(site: Path) -> None:
    cut(site, "1.0")
    write(site / "docs" / "guides" / "first.md", doc("First guide", body="Version two words: beta."))
    cut(site, "2.0")
    write(site / "docs" / "guides" / "first.md", doc("First guide", body="Version three words: gamma."))
    built, _ = load(site)
    files = {path: data.decode() for path, data in built.files.items() if path.endswith((".txt", ".md"))}
    root = files["/llms.txt"]
    assert "https://example.com/docs/guides/first.md" in root and "/docs/1.0/guides" not in root
    assert root.split("## Other docs versions\n\n")[1].split("\n\n")[0].splitlines() == [
        "- [Docs version Next](https://example.com/docs/next/llms.txt): not yet released",
        "- [Docs version 1.0](https://example.com/docs/1.0/llms.txt): no longer maintained"]
    assert "beta" in files["/llms-full.txt"] and "alpha" not in files["/llms-full.txt"]
    old = files["/docs/1.0/llms.txt"]
    assert old.startswith("# Test Site: docs version 1.0\n")
    assert "The latest version (2.0) is https://example.com/llms.txt" in old
    assert "- [First guide](https://example.com/docs/1.0/guides/first.md)" in old and "/docs/next/" not in old
    assert "alpha" in files["/docs/1.0/llms-full.txt"] and "beta" not in files["/docs/1.0/llms-full.txt"]
    assert "gamma" in files["/docs/next/llms-full.txt"]  # unreleased, out of the sitemap, but readable
    assert "Version one words: alpha." in files["/docs/1.0/guides/first.md"]  # the pages the links lead to
    assert "gamma" in files["/docs/next/guides/first.md"]


def test_last_version_only_include_and_include_current(site: Path) -> None:
    cut(site, "1.0")
    configure(site, docs={"lastVersion": "current", "versions": {"1.0": {"path": "v1"}}})
    built, _ = load(site)
    assert {"/docs/guides/first", "/docs/v1/guides/first"} <= {r.path for r in built.routes}
    assert route_data(built, "/docs/v1/guides/first")["doc"]["versionInfo"]["banner"] is None  # type: ignore[index]
    configure(site, docs={"lastVersion": None, "versions": {}, "includeCurrentVersion": False})
    built, _ = load(site)
    assert {v.name for v in built.versions} == {"1.0"}
    assert not any(r.path.startswith("/docs/next") for r in built.routes)
    configure(site, docs={"includeCurrentVersion": True, "onlyIncludeVersions": ["1.0"]})
    built, _ = load(site)
    assert [v.name for v in built.versions] == ["1.0"]


def test_a_configured_version_that_cannot_be_built_is_an_error_at_its_line(site: Path) -> None:
    configure(site, docs={"versions": {"current": {"label": "Next"}, "1.0": {"label": "One"}}})
    with pytest.raises(BuildError) as info:
        load(site)
    [problem] = info.value.problems
    lines = (site / "site.yaml").read_text().splitlines()
    assert problem.file == site / "site.yaml" and "'1.0'" in lines[problem.line - 1]  # type: ignore[operator]
    assert "cannot be built: it is not in versions.json" in problem.message
    assert "docsite version <name>" in (problem.fix or "")


def test_a_released_version_without_its_folder_is_an_error(site: Path) -> None:
    write(site / "versions.json", '["1.0"]')
    with pytest.raises(BuildError) as info:
        load(site)
    assert "versioned_docs/version-1.0/ is missing" in str(info.value)
    configure(site, docs={"lastVersion": "2.0"})
    with pytest.raises(BuildError) as info:
        load(site)
    assert "lastVersion '2.0' is not a version" in str(info.value)


def test_two_versions_at_one_path_is_an_error_at_the_line_that_says_so(site: Path) -> None:
    cut(site, "1.0")
    configure(site, docs={"versions": {"current": {"label": "Next", "path": ""}}})
    with pytest.raises(BuildError) as info:
        load(site)
    [problem] = info.value.problems
    assert "docs versions 'current' and '1.0' are both at /docs/" in problem.message
    assert "current" in (site / "site.yaml").read_text().splitlines()[problem.line - 1]  # type: ignore[operator]


def test_links_are_checked_within_each_version(site: Path) -> None:
    write(site / "docs" / "guides" / "first.md", doc("First guide", body="See [the intro](../intro.md)."))
    cut(site, "1.0")
    built, _ = load(site)
    # a relative .md link leads to the file's route in its own version
    released = json.dumps(route_data(built, "/docs/guides/first")["content"])
    current = json.dumps(route_data(built, "/docs/next/guides/first")["content"])
    assert '"href": "/docs/"' in released and '"href": "/docs/next/"' in current
    # a broken link in a released version fails the build, naming the versioned file and line
    write(site / "versioned_docs" / "version-1.0" / "guides" / "first.md",
          doc("First guide", body="See [gone](/docs/1.0/gone)."))
    with pytest.raises(BuildError) as info:
        load(site)
    [problem] = info.value.problems
    assert problem.file == site / "versioned_docs" / "version-1.0" / "guides" / "first.md"
    assert "/docs/1.0/gone" in problem.message and problem.line == 6
