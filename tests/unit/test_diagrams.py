"""Mermaid diagrams: a ```mermaid block becomes a Diagram node, rendered to SVG files in Chromium at
build time (light and dark), cached by content hash; a syntax error is an error at its line."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from docsite import chromium, diagrams
from docsite.build import Paths, load_site
from docsite.diagrams import Renderer, render_diagrams
from docsite.errors import BuildError, Report
from docsite.markdown import DiagramUse, render_markdown
from docsite.markdown.serialize import to_html
from docsite.markdown.text import walk
from docsite.routes import markdown_route
from tests.conftest import FRONTEND
from tests.unit.sitefiles import doc, write

MERMAID = FRONTEND / "node_modules" / "mermaid"
PAGE = Path("docs/flow.md")
SEQUENCE = "sequenceDiagram\n    participant S as Your server\n    participant D as Distribution API\n" \
           "    S->>D: POST /distribution/v1/carts\n    D-->>S: 201 cartId\n"
BROKEN = "sequenceDiagram\n    S->>D: hello\n    D-->>: no one to answer\n"


def renderer(tmp_path: Path) -> Renderer:
    return Renderer(MERMAID, tmp_path / "cache")


def uses(*sources: str, line: int = 10) -> list[tuple[Path, DiagramUse]]:
    return [(PAGE, DiagramUse(source, line, {"source": source})) for source in sources]


def fills(svg: str) -> set[str]:
    return set(re.findall(r"fill:\s*(#[0-9a-fA-F]{3,6})", svg))


def test_a_mermaid_block_becomes_a_diagram_node_with_its_source_and_title() -> None:
    out = render_markdown(f'Text.\n\n```mermaid title="Create a cart"\n{SEQUENCE}```\n', PAGE, 5)
    nodes = [node for node in walk(out.tree) if node[0] in ("Diagram", "CodeBlock")]
    assert nodes == [["Diagram", {"source": SEQUENCE.rstrip("\n"), "title": "Create a cart"}]]
    assert [(use.source, use.line) for use in out.diagrams] == [(SEQUENCE, 8)]  # its first source line
    assert out.diagrams[0].props is nodes[0][1]  # rendering fills in the node itself
    # its text is code: the API calls in it are checked against the specs
    assert [(span.line, span.language) for span in out.code if span.block] == [(8, "mermaid")]


def test_a_diagram_renders_to_a_light_and_a_dark_svg_file_in_the_site_palette(tmp_path: Path) -> None:
    found = uses(SEQUENCE)
    report = Report()
    rendered = render_diagrams(found, renderer(tmp_path), report)
    assert report.problems == [] and rendered.from_browser == 1
    props = found[0][1].props
    assert re.fullmatch(r"/assets/diagrams/[0-9a-f]{20}-light\.svg", props["light"])
    assert props["dark"] == props["light"].replace("-light", "-dark")
    assert set(rendered.files) == {props["light"], props["dark"]}
    light, dark = (rendered.files[props[mode]].decode() for mode in ("light", "dark"))
    for svg in (light, dark):
        assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')  # a file of its own, shown as an image
        assert f'width="{props["width"]}"' in svg and f'height="{props["height"]}"' in svg  # its intrinsic size
        assert "Your server" in svg and "POST /distribution/v1/carts" in svg
        assert "<script" not in svg and "<foreignObject" not in svg
    assert props["minWidth"] == round(props["width"] * 0.7)
    assert "#f6f7f9" in fills(light) and "#242526" in fills(dark)  # the participants' boxes


def test_a_syntax_error_is_an_error_at_its_line_in_the_markdown_file(tmp_path: Path) -> None:
    report = Report()
    render_diagrams(uses(BROKEN, line=20), renderer(tmp_path), report)
    [problem] = report.errors
    assert (problem.file, problem.line) == (PAGE, 22)  # the third line of the diagram
    assert "Mermaid syntax error: Parse error on line 3" in problem.message
    assert "Expecting" in problem.message and "    at " not in problem.message  # mermaid's words, no stack
    assert "mermaid.js.org" in problem.fix


def test_rendered_diagrams_are_cached_and_a_rebuild_needs_no_browser(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    first = uses(SEQUENCE, BROKEN)
    made = render_diagrams(first, renderer(tmp_path), Report())
    monkeypatch.setattr(chromium, "CHROMIUM", str(tmp_path / "no-chromium"))
    again = uses(SEQUENCE, BROKEN)
    report = Report()
    cached = render_diagrams(again, renderer(tmp_path), report)
    assert cached.from_browser == 0 and cached.files == made.files
    assert again[0][1].props == first[0][1].props
    [problem] = report.errors  # the cached syntax error, again, and nothing about Chromium
    assert "Parse error on line 3" in problem.message


def test_a_new_diagram_without_chromium_names_the_page_and_how_to_install_it(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chromium, "CHROMIUM", str(tmp_path / "no-chromium"))
    report = Report()
    render_diagrams(uses(SEQUENCE, line=7), renderer(tmp_path), report)
    [problem] = report.errors
    assert (problem.file, problem.line) == (PAGE, 6)  # the fence's line
    assert "Chromium" in problem.message and "make chromium" in problem.fix


def load_with_diagram(content: Path, body: str) -> Any:
    write(content / "sidebars.yaml", "docs:\n  - intro\n  - flow\n")
    write(content / "docs" / "flow.md", doc("Flow", body=body))
    return load_site(Paths(content, content.parent / "build", FRONTEND, content.parent / ".cache"))


def test_the_site_fails_at_the_diagram_line_and_its_markdown_keeps_the_mermaid_block(mini_site: Path) -> None:
    body = f"## Carts\n\nCreate one.\n\n```mermaid title=\"Carts\"\n{SEQUENCE}```\n"
    site = load_with_diagram(mini_site, body)
    route = next(r for r in site.routes if r.path == "/docs/flow")
    assert route.rendered is not None
    [diagram] = [node for node in walk(route.rendered.tree) if node[0] == "Diagram"]
    assert site.files[diagram[1]["light"]].startswith(b"<svg")  # written with the site's files
    text = site.files[markdown_route("/docs/flow")].decode()
    assert f'```mermaid title="Carts"\n{SEQUENCE}```' in text
    searched = " ".join(d.content for d in site.search if d.page.route == "/docs/flow")
    assert "Create one." in searched and "sequenceDiagram" not in searched and "participant" not in searched

    with pytest.raises(BuildError) as failed:
        load_with_diagram(mini_site, f"Intro.\n\n```mermaid\n{BROKEN}```\n")
    [problem] = failed.value.problems
    # front matter (4 lines) + blank + "Intro." + blank + fence: the diagram starts at line 9
    assert (problem.file.name, problem.line) == ("flow.md", 11)
    assert "Parse error on line 3" in problem.message


def test_feeds_get_the_source_of_a_diagram() -> None:
    node = ["Diagram", {"source": "sequenceDiagram\n    S->>D: a < b", "title": "Carts", "light": "/a.svg"}]
    assert to_html([node], lambda path: path) == (
        '<p><strong>Carts</strong></p><pre><code class="language-mermaid">sequenceDiagram\n    S-&gt;&gt;D: a &lt; b'
        "</code></pre>")


def test_a_browser_that_fails_is_an_error_naming_the_page_and_the_fix(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(sources: dict[str, str], script: Path) -> dict[str, Any]:
        raise RuntimeError("Browser closed.\n==== logs ====\n[pid=1] <gpu crashed>")

    monkeypatch.setattr(diagrams, "_render_in_thread", crash)
    report = Report()
    render_diagrams(uses(SEQUENCE, line=7), renderer(tmp_path), report)
    [problem] = report.errors
    assert (problem.file, problem.line) == (PAGE, 6)
    assert problem.message == "Chromium failed while drawing the Mermaid diagrams: Browser closed."
    assert "make chromium" in problem.fix
