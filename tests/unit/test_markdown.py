"""Markdown to content tree: what each construct becomes, and the errors it can raise."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from docsite.markdown import render_markdown
from docsite.markdown.code_tabs import convert_npm
from docsite.markdown.highlight import highlight_lines
from docsite.markdown.parser import markdown_parser
from docsite.markdown.text import Slugger, plain_text, plain_text_unless, slugify, walk

FILE = Path("page.md")


def render(text: str, first_line: int = 1):  # type: ignore[no-untyped-def]
    return render_markdown(text, FILE, first_line)


def find(tree: list[Any], tag: str) -> list[list[Any]]:
    return [node for node in walk(tree) if node[0] == tag]


def test_paragraphs_and_inline_formatting() -> None:
    out = render("Hello **bold** *em* `code` ~~gone~~ <kbd>Ctrl</kbd>.")
    assert out.tree == [["p", None, "Hello ", ["strong", None, "bold"], " ", ["em", None, "em"], " ",
                         ["code", None, "code"], " ", ["s", None, "gone"], " ", ["kbd", None, "Ctrl"], "."]]


def test_headings_get_stable_unique_anchors_and_hash_links() -> None:
    out = render("## Get a token\n\n## Get a token\n\n### Scopes & `limit` {#custom}\n")
    assert [h.id for h in out.headings] == ["get-a-token", "get-a-token-1", "custom"]
    assert [h.level for h in out.headings] == [2, 2, 3]
    assert out.headings[2].text == "Scopes & limit"
    h2 = out.tree[0]
    assert h2[:3] == ["h2", {"id": "get-a-token"}, "Get a token"]
    assert h2[3][1]["className"] == "hash-link" and h2[3][1]["href"] == "#get-a-token"
    assert {"get-a-token", "get-a-token-1", "custom"} <= out.anchors


def test_slugs_follow_github() -> None:
    assert slugify("Token lifetime & renewal") == "token-lifetime--renewal"
    assert slugify("  What's new? ") == "whats-new"
    assert slugify("Création d'un panier") == "création-dun-panier"
    slugger = Slugger()
    assert [slugger.slug("a"), slugger.slug("a"), slugger.slug("a-1")] == ["a", "a-1", "a-1-1"]


def test_code_blocks_are_highlighted_with_title_lines_and_numbers() -> None:
    out = render('```bash title="Get a token" {2} showLineNumbers\ncurl -X POST \\\n  -d a=1\n```\n')
    [block] = out.tree
    assert block[0] == "CodeBlock"
    props = block[1]
    assert props["language"] == "bash" and props["title"] == "Get a token" and props["showLineNumbers"]
    assert props["html"].count('<span class="line') == 2
    lines = props["html"].split("\n</span>")
    assert lines[0].startswith('<span class="line">curl') and lines[1].startswith('<span class="line highlighted">')
    assert '<span class="nv">a</span>' in props["html"]
    assert out.problems == []


def test_the_examples_test_attributes_of_a_fence_are_not_rendered_and_norun_needs_its_reason() -> None:
    out = render('```python norun="needs a real webhook delivery {1}" title="app.py" after="setup.py" args="1 2"\n'
                 'import os\n```\n\n```bash norun=""\necho\n```\n')
    first, second = out.tree
    assert set(first[1]) == {"language", "title", "html"} and first[1]["title"] == "app.py"
    assert "highlighted" not in first[1]["html"]  # the {1} of the reason is no line range
    assert second[0] == "CodeBlock" and set(second[1]) == {"language", "html"}
    assert [(p.message, p.line) for p in out.problems] == [("norun without its reason", 5)]


def test_code_block_problems_are_reported_with_their_line() -> None:
    out = render("Text\n\n```bash {5}\necho hi\n```\n\n```klingon\nx\n```\n", first_line=10)
    messages = [(p.message, p.line, p.severity) for p in out.problems]
    assert ("highlighted line 5 is outside the code block (1 lines)", 12, "error") in messages
    assert any("unknown code language 'klingon'" in m and line == 16 and s == "warning" for m, line, s in messages)


def test_code_in_a_list_item_stays_inside_it() -> None:
    out = render("1. Run this:\n   ```bash\n   ls\n   ```\n2. Done\n")
    li = find(out.tree, "li")[0]
    assert li[2] == "Run this:" and li[3][0] == "CodeBlock"


def test_admonitions_with_and_without_titles_and_nested() -> None:
    out = render(":::::tip Pro tip\nOuter\n\n:::danger\nInner\n:::\n:::::\n")
    [outer] = out.tree
    assert outer[1]["className"] == "admonition admonition-tip"
    assert outer[2][3] == "Pro tip"
    inner = find(outer[3:], "div")
    assert any(n[1] and n[1].get("className") == "admonition admonition-danger" for n in inner)
    danger = next(n for n in inner if n[1] and n[1].get("className") == "admonition admonition-danger")
    assert danger[2][3] == "Danger", "the type is the default title"
    for kind in ("note", "info", "warning"):
        assert render(f":::{kind}\nx\n:::\n").tree[0][1]["className"] == f"admonition admonition-{kind}"


def test_tabs_become_components_with_their_items() -> None:
    out = render('::::tabs groupId="language"\n:::tab cURL\nA\n:::\n:::tab Python\nB\n:::\n::::\n')
    [tabs] = out.tree
    assert tabs[0] == "Tabs"
    assert tabs[1] == {"groupId": "language", "items": [{"value": "curl", "label": "cURL"},
                                                         {"value": "python", "label": "Python"}]}
    assert [child[0] for child in tabs[2:]] == ["TabItem", "TabItem"]
    assert out.problems == []
    # the API reference's samples are cURL, Python, JavaScript, Java, PHP, C# and Go: the same values
    languages = render('::::tabs groupId="language"\n:::tab C#\nA\n:::\n:::tab Go\nB\n:::\n::::\n').tree[0]
    assert [item["value"] for item in languages[1]["items"]] == ["csharp", "go"]


def test_tab_errors() -> None:
    assert "must be directly inside" in render(":::tab Alone\nx\n:::\n").problems[0].message
    dup = render("::::tabs\n:::tab A\nx\n:::\n:::tab A\ny\n:::\n::::\n")
    assert any("same label" in p.message for p in dup.problems)
    stray = render("::::tabs\nloose text\n:::tab A\nx\n:::\n::::\n")
    assert any("only ':::tab' containers" in p.message for p in stray.problems)


def test_component_directives_keep_props_and_line() -> None:
    out = render('Intro\n\n::OperationCard{operationId="createCart" compact=true max=3}\n', first_line=4)
    assert out.tree[1] == ["OperationCard", {"operationId": "createCart", "compact": True, "max": 3}]
    [use] = out.components
    assert (use.name, use.line) == ("OperationCard", 6)
    bad = render("::Thing{oops}\n")
    assert "cannot read attributes" in bad.problems[0].message


def test_links_and_images_are_recorded_with_lines_and_external_links_are_safe() -> None:
    out = render("First line\n[a](../x.md#y) and\n[b](https://example.com)\n\n![Alt](/img/a.png)\n", 3)
    assert [(r.target, r.line) for r in out.links] == [("../x.md#y", 4), ("https://example.com", 5)]
    external = find(out.tree, "a")[1]
    assert external[1] == {"href": "https://example.com", "target": "_blank", "rel": "noopener noreferrer"}
    [image] = out.images
    assert image.target == "/img/a.png" and image.line == 7
    assert find(out.tree, "img")[0][1] == {"src": "/img/a.png", "alt": "Alt", "loading": "lazy", "decoding": "async"}


def test_tables_are_wrapped_to_scroll_and_keep_alignment() -> None:
    out = render("| a | `b` |\n|:--|--:|\n| 1 | 2 |\n")
    wrapper = out.tree[0]
    # the scroll box, a region named after the table's columns while the table overflows
    assert wrapper[:2] == ["TableWrapper", {"label": "Table with columns a, b"}]
    assert wrapper[2][0] == "table"
    assert find(out.tree, "td")[1][1] == {"style": {"textAlign": "right"}}


def test_an_empty_header_cell_is_a_data_cell() -> None:
    out = render("| | Pre-production | Production |\n|--|--|--|\n| URL | a | b |\n\n| |\n|:-:|\n| x |\n")
    first, second = find(out.tree, "thead")
    assert [cell[0] for cell in find([first], "tr")[0][2:]] == ["td", "th", "th"]  # the corner heads nothing
    assert find([first], "td")[0][2:] == []
    assert find([second], "td")[0][1] == {"style": {"textAlign": "center"}}
    assert find([first], "th") == [["th", None, "Pre-production"], ["th", None, "Production"]]
    # the corner makes the first column the rows' headers: "a" is headed by Pre-production and URL
    assert find(out.tree[0:1], "tbody")[0][2] == ["tr", None, ["th", {"scope": "row"}, "URL"], ["td", None, "a"],
                                                   ["td", None, "b"]]
    assert find([second], "th") == [] and find(out.tree[1:], "tbody")[0][2][2][0] == "td"  # one column: no row header
    assert out.tree[0][1] == {"label": "Table with columns Pre-production, Production"}
    assert out.tree[1][1] == {"label": "Table"}  # no column has a name


def test_table_scroll_boxes_are_named_after_their_section_and_columns_uniquely() -> None:
    table = "| Code | Status |\n|--|--|\n| A | 1 |\n\n"
    out = render(f"## Cart codes\n\n{table}## Ticket codes\n\n{table}{table}")
    assert [node[1]["label"] for node in find(out.tree, "TableWrapper")] == [
        "Cart codes, table with columns Code, Status", "Ticket codes, table with columns Code, Status",
        "Ticket codes, table with columns Code, Status (2)"]


def test_raw_html_spans_markdown_blocks_and_converts_attributes() -> None:
    out = render('<details>\n<summary>More</summary>\n\nHidden *md*.\n\n</details>\n\n'
                 '<div class="x" tabindex="0" style="margin-top: 4px">y</div>\n')
    details = out.tree[0]
    assert details[0] == "Details" and details[2] == ["summary", None, "More"], "rendered by the Details component"
    assert details[3] == ["p", None, "Hidden ", ["em", None, "md"], "."]
    assert out.tree[1] == ["div", {"className": "x", "tabIndex": "0", "style": {"marginTop": "4px"}}, "y"]


def test_scripts_and_event_handlers_are_refused() -> None:
    out = render('<script>alert(1)</script>\n\n<p onclick="x()">a</p>\n')
    messages = [p.message for p in out.problems]
    assert "<script> is not allowed in Markdown" in messages
    assert any("event handler attribute 'onclick'" in m for m in messages)


def test_task_lists_footnotes_and_definition_lists() -> None:
    out = render("- [x] done\n- [ ] todo\n\nText[^1].\n\nTerm\n: Definition\n\n[^1]: The note.\n")
    boxes = find(out.tree, "input")
    assert boxes[0][1]["defaultChecked"] is True and "defaultChecked" not in boxes[1][1]
    assert [box[1]["aria-label"] for box in boxes] == ["done", "todo"]  # named by the item's text
    assert find(out.tree, "sup")[0][1] == {"id": "fnref-1"}
    assert "fn-1" in out.anchors
    assert find(out.tree, "dt")[0][2] == "Term"


def test_a_task_checkbox_is_named_by_its_own_item_in_tight_loose_and_nested_lists() -> None:
    out = render("- [ ] Use `limit` and [offset](/docs/x)\n  - [x] nested\n\n"
                 "1. [ ] loose **one**\n\n2. [x] two\n\n- [ ]\n")
    labels = [(box[1] or {}).get("aria-label") for box in find(out.tree, "input")]
    assert labels == ["Use limit and offset", "nested", "loose one", "two"]
    assert find(out.tree, "li")[-1][2:] == ["[ ]"]  # not a task: nothing to name


def test_truncate_marks_the_excerpt() -> None:
    out = render("One.\n\n<!-- truncate -->\n\nTwo.\n")
    assert out.excerpt == [["p", None, "One."]]
    assert len(out.tree) == 2


def test_plain_text_skips_code_and_hash_links() -> None:
    out = render("## Title\n\nSome `code` text.\n\n```bash\nsecret\n```\n")
    assert plain_text(out.tree) == "Title Some code text."


def test_plain_text_unless_is_the_plain_text_or_none_when_an_element_is_met_at_any_depth() -> None:
    out = render(":::note\n\nSome **bold** text.\n\n:::\n\n```bash\nsecret\n```\n")
    assert plain_text_unless(out.tree, lambda element: element[0] == "h6") == plain_text(out.tree)
    assert plain_text_unless(out.tree, lambda element: element[0] == "strong") is None, "inside an admonition"
    skipped = [["p", None, "Shown."], ["style", None, ["h2", {"id": "x"}, "X"]]]  # text left out, not its elements
    assert plain_text(skipped) == "Shown."
    assert plain_text_unless(skipped, lambda element: element[0] == "h2") is None


def test_the_tree_is_json() -> None:
    out = render("# T\n\n:::note\n`x`\n:::\n")
    assert json.loads(json.dumps(out.tree)) == out.tree


def test_images_load_lazily_and_colour_mode_fragments_become_classes() -> None:
    out = render("![Light](/img/a.png#gh-light-mode-only)![Dark](/img/a-dark.png#gh-dark-mode-only)\n\n"
                 '<img src="/img/b.png" alt="B" loading="eager">\n')
    light, dark, raw = (node[1] for node in find(out.tree, "img"))
    assert light == {"src": "/img/a.png", "alt": "Light", "className": "light-only", "loading": "lazy",
                     "decoding": "async"}
    assert dark["src"] == "/img/a-dark.png" and dark["className"] == "dark-only"
    assert raw["loading"] == "eager", "a loading attribute the writer gave is kept"
    assert [r.target for r in out.images] == ["/img/a.png", "/img/a-dark.png", "/img/b.png"]


def test_details_is_a_component_with_its_summary_and_open_state() -> None:
    out = render("<details open>\n<summary>Why?</summary>\n\nBecause.\n\n</details>\n")
    [details] = out.tree
    assert details[:3] == ["Details", {"open": True}, ["summary", None, "Why?"]]
    assert plain_text(out.tree) == "Why? Because."


def test_the_tree_serializes_to_html_for_feeds() -> None:
    from docsite.markdown.serialize import to_html

    out = render('## Title\n\nSee [docs](/docs/) and ![x](/img/x.png).\n\n```json title="Answer"\n{"a": 1}\n```\n\n'
                 '::::tabs\n:::tab cURL\nA\n:::\n:::tab Python\nB\n:::\n::::\n\n'
                 "<details>\n<summary>More</summary>\n\nHidden.\n\n</details>\n\n| a |\n|:-:|\n| 1 |\n")
    html = to_html(out.tree, lambda href: "https://example.com" + href if href.startswith("/") else href)
    assert html.startswith('<h2 id="title">Title</h2><p>See <a href="https://example.com/docs/">docs</a> and '
                           '<img src="https://example.com/img/x.png" alt="x" loading="lazy" decoding="async">.</p>')
    assert '<p><strong>Answer</strong></p><pre><code class="language-json">{"a": 1}\n</code></pre>' in html
    assert "<p><strong>cURL</strong></p><p>A</p><p><strong>Python</strong></p><p>B</p>" in html
    assert "<details><summary>More</summary><p>Hidden.</p></details>" in html
    assert html.endswith('<table><thead><tr><th style="text-align: center">a</th></tr></thead>'
                         '<tbody><tr><td style="text-align: center">1</td></tr></tbody></table>')  # no scroll box


# -- math -------------------------------------------------------------------------------------------

def test_math_is_mathml_made_at_build_time_and_dollars_stay_text() -> None:
    rendered = render("Total $t = p \\times q$ for $5 and $10.\n\n$$\n\\frac{a}{b}\n$$\n")
    assert rendered.problems == []
    paragraph, block = rendered.tree
    inline = next(n for n in walk(paragraph[2:]) if n[0] == "Math")
    assert inline[1]["tex"] == "t = p \\times q" and inline[1]["display"] is False
    assert inline[1]["mathml"].startswith('<math xmlns="http://www.w3.org/1998/Math/MathML" display="inline">')
    assert "for $5 and $10." in plain_text([paragraph])
    assert block[0] == "Math" and block[1]["display"] is True and "<mfrac>" in block[1]["mathml"]


def test_math_that_cannot_render_is_an_error_at_its_line() -> None:
    rendered = render("Intro.\n\nThe ratio $\\frac{a}{b$ and $\\foo{x}$.\n", first_line=5)
    assert [(p.line, p.message) for p in rendered.problems] == [
        (7, "unbalanced braces in the math '\\frac{a}{b': 1 '{' not closed"),
        (7, "unknown TeX command \\foo in the math '\\foo{x}'"),
    ]


# -- Docusaurus habits ------------------------------------------------------------------------------

def test_every_docusaurus_admonition_kind_and_the_bracket_title_with_markdown() -> None:
    kinds = ["note", "tip", "info", "warning", "danger", "caution", "important"]
    rendered = render("".join(f":::{kind}\nText.\n:::\n\n" for kind in kinds)
                      + ":::note[Use **pre-production** `keys`]\nText.\n:::\n")
    assert rendered.problems == []
    admonitions = find(rendered.tree, "div")
    classes = [a[1]["className"] for a in admonitions if "admonition " in a[1]["className"]]
    assert classes == [f"admonition admonition-{k}" for k in [*kinds, "note"]]
    heading = find(rendered.tree, "p")[-2]
    assert heading[1] == {"className": "admonition-heading"}
    assert plain_text(heading[2:]).strip() == "Use pre-production keys"
    assert find(heading[2:], "strong") == [["strong", None, "pre-production"]]


def test_an_unclosed_container_is_an_error_at_its_opening_line() -> None:
    rendered = render("Intro.\n\n:::warning Careful\nThis never ends.\n\n## Next section\n", first_line=4)
    assert [(p.line, p.message) for p in rendered.problems] == [
        (6, "the ':::warning' container is not closed: the rest of the page went into it")]


def test_an_unknown_container_is_an_error_not_text_shown_silently() -> None:
    rendered = render(":::success\nDone.\n:::\n")
    [problem] = rendered.problems
    assert problem.line == 1 and problem.message == "unknown container ':::success': it shows as text"
    assert problem.fix and ":::caution" in problem.fix


def test_heading_ids_may_hold_dots() -> None:
    rendered = render("## Changes in 1.2 {#v1.2-changes}\n")
    assert rendered.tree[0][1] == {"id": "v1.2-changes"}


def test_theme_imports_of_supported_components_are_read_silently() -> None:
    rendered = render("import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n"
                      "import Details from '@theme/Details';\n\nimport TOCInline from '@theme/TOCInline';\n\nText.\n")
    assert rendered.problems == []
    assert rendered.tree == [["p", None, "Text."]]  # the import lines are not text
    assert render("Import the collection, then export it.\n").problems == []


def test_other_mdx_is_one_error_per_file_at_its_first_line_with_a_fix_for_docusaurus_writers() -> None:
    rendered = render("Intro.\n\nimport Chart from '@site/src/components/Chart';\nimport '../css/extra.css';\n\n"
                      "export const version = '1.2';\n\n<Chart data=\"1\" />\n\nText with <Badge>new</Badge>.\n\n"
                      "<Chart data=\"2\" />\n")
    [problem] = rendered.problems
    assert problem.line == 3
    assert problem.message == (
        "MDX this site does not run, which would be missing from the page: "
        "`import Chart from '@site/src/components/Chart';` (line 3), `import '../css/extra.css';` (line 4), "
        "`export const version = '1.2';` (line 6), <Chart> (line 8) and 2 more")
    fix = problem.fix or ""
    assert fix.startswith("write it as Markdown") and "partial (import Note from './_note.md'" in fix
    assert "<Tabs>/<TabItem>" in fix and "<TOCInline toc={toc} />" in fix and "embeds.hosts" in fix
    assert rendered.tree[0] == ["p", None, "Intro."] and "import" not in json.dumps(rendered.tree)


def test_highlight_magic_comments_mark_lines_and_are_removed() -> None:
    rendered = render("```js\nconst a = 1;\n// highlight-next-line\nconst b = 2;\n// highlight-start\nf(a);\ng(b);\n"
                      "// highlight-end\nh();\n```\n\n```python\n# highlight-next-line\nx = 1\n```\n\n"
                      "```html\n<!-- highlight-next-line -->\n<p>Hi</p>\n```\n")
    assert rendered.problems == []
    js, python, html = find(rendered.tree, "CodeBlock")
    assert "highlight-" not in js[1]["html"] + python[1]["html"] + html[1]["html"]
    lines = re.findall(r'<span class="(line(?: highlighted)?)">(.*?)\n</span>', js[1]["html"], re.S)
    assert [(cls, re.sub(r"<[^>]+>", "", text)) for cls, text in lines] == [
        ("line", "const a = 1;"), ("line highlighted", "const b = 2;"), ("line highlighted", "f(a);"),
        ("line highlighted", "g(b);"), ("line", "h();")]
    assert 'class="line highlighted"' in python[1]["html"] and 'class="line highlighted"' in html[1]["html"]
    assert [c.text for c in rendered.code] == ["const a = 1;\nconst b = 2;\nf(a);\ng(b);\nh();\n", "x = 1\n",
                                                "<p>Hi</p>\n"]


def test_an_unbalanced_highlight_start_is_an_error() -> None:
    rendered = render("```js\n// highlight-start\nconst a = 1;\n```\n")
    assert [p.message for p in rendered.problems] == ["'highlight-start' without a 'highlight-end'"]


def test_mdx_tabs_are_the_sites_tabs_and_other_mdx_components_are_errors() -> None:
    rendered = render('<Tabs groupId="language">\n<TabItem value="curl" label="cURL">\n\nWith cURL.\n\n</TabItem>\n'
                      '<TabItem value="python" label="Python" default>\n\nWith Python.\n\n</TabItem>\n</Tabs>\n\n'
                      '<BrowserWindow>Old habit.</BrowserWindow>\n')
    tabs = find(rendered.tree, "Tabs")[0]
    assert tabs[1] == {"groupId": "language", "items": [{"value": "curl", "label": "cURL"},
                                                        {"value": "python", "label": "Python"}],
                       "defaultValue": "python"}
    assert [item[1] for item in find(tabs[2:], "TabItem")] == [{"value": "curl", "label": "cURL"},
                                                               {"value": "python", "label": "Python"}]
    [problem] = rendered.problems
    assert (problem.line, problem.message) == (
        14, "MDX this site does not run, which would be missing from the page: <BrowserWindow> (line 14)")


# -- raw HTML: what React can render, or an error at its line ------------------------------------

def test_legacy_anchors_are_link_targets() -> None:
    out = render('<a name="old-anchor"></a>\n\n## Title\n\nText <a id="inline-target"></a> and '
                 '<a name="both" id="kept"></a>.\n')
    assert out.problems == []
    assert out.tree[0] == ["p", None, ["a", {"id": "old-anchor"}]], "a name is an id: getElementById finds it"
    assert {"old-anchor", "inline-target", "kept", "both"} <= out.anchors


def test_raw_html_becomes_what_react_and_the_browser_agree_on() -> None:
    out = render('<svg viewBox="0 0 10 10" width="10"><path d="M0 0" stroke-width="2" fill-rule="evenodd"/>'
                 '<use xlink:href="#a"/><linearGradient id="g" gradientUnits="userSpaceOnUse"></linearGradient>'
                 '</svg>\n\n'
                 '<table><tr><td>a<td>b</tr></table>\n\n'
                 '<ul><li>one<li>two</ul>\n\n'
                 '<div className="x" style="background: url(data:image/png;base64,AA); margin-top: 4px">y</div>\n\n'
                 '| a | b |\n|---|---|\n| x<br>y | z<br/>w |\n\n'
                 'Text <!-- a comment --> &copy; &#169; <img src="/img/a.png" alt="A"> <kbd>K</kbd>\n')
    assert out.problems == []
    svg, table, ul, div, wrapper, text = out.tree
    assert svg[2] == ["svg", {"viewBox": "0 0 10 10", "width": "10"},
                      ["path", {"d": "M0 0", "strokeWidth": "2", "fillRule": "evenodd"}],
                      ["use", {"xlinkHref": "#a"}],
                      ["linearGradient", {"id": "g", "gradientUnits": "userSpaceOnUse"}]]
    assert table == ["table", None, ["tbody", None, ["tr", None, ["td", None, "a"], ["td", None, "b"]]]]
    assert ul == ["ul", None, ["li", None, "one"], ["li", None, "two"]]
    assert div[1] == {"className": "x", "style": {"background": "url(data:image/png;base64,AA)", "marginTop": "4px"}}
    assert find(wrapper[2:], "br") == [["br", None], ["br", None]]
    assert text[2] == "Text  \u00a9 \u00a9 " and text[3][0] == "img"


UNRENDERABLE_HTML = {
    "stray end tag": ("Text\n\n</div>\n", 3, "</div> closes no open <div>"),
    "mismatched end tag": ("A <b>bold</i> word\n", 1, "</i> closes no open <i>"),
    "title": ("<title>Old title</title>\n", 1, "<title> is not allowed in Markdown"),
    "meta": ('Text\n<meta name="x" content="y">\n', 2, "<meta> is not allowed in Markdown"),
    "script": ("<script>alert(1)</script>\n", 1, "<script> is not allowed in Markdown"),
    "JSX style": ('<div style={{color: "red"}}>x</div>\n', 1,
                  "<div> has a JSX expression (={{color:…), which Markdown here does not evaluate"),
    "tag Markdown does not read for its JSX value": (
        'Text\n<Highlight color={"red"}>text</Highlight>\n', 2,
        '<Highlight> has a JSX expression ({"red"…): Markdown does not read the tag, it would show as text'),
    "attribute React drops": ('<div @click="go">x</div>\n', 1,
                              "the attribute '@click' is not allowed on <div> in Markdown's HTML"),
    "ref": ('<div ref="box">x</div>\n', 1, "the attribute 'ref' is not allowed on <div> in Markdown's HTML"),
    "event handler": ('<p onclick="x()">a</p>\n', 1,
                      "event handler attribute 'onclick' on <p> is not allowed in Markdown"),
    "javascript URL": ('<a href="javascript:alert(1)">x</a>\n', 1,
                       'href="javascript:alert(1)" on <a> is not an address a page may use'),
    "unreadable style": ('<div style="color red">x</div>\n', 1, "cannot read 'color red' in the style of <div>"),
    "important": ('<div style="color: red !important">x</div>\n', 1,
                  "'!important' in the style of <div>: browsers ignore the declaration when React sets it"),
    "block in a line of text": ("Text <div>x</div> more\n", 1, "<div> inside a paragraph: browsers end the "
                                "paragraph before it, so the page would not match what React renders"),
    "Markdown in a raw paragraph": ("<p>\n\nText\n\n</p>\n", 3, "<p> inside a paragraph: browsers end the "
                                    "paragraph before it, so the page would not match what React renders"),
    "cell outside a table": ("<td>stray</td>\n", 1, "<td> outside a <table>: browsers drop it"),
    "the site's own id": ('Text\n<span id="__docsite_data">{}</span>\n', 2,
                          'id="__docsite_data" on <span>: ids that start with "__" are the site\'s own '
                          "(the page's root and its data)"),
}


@pytest.mark.parametrize("case", UNRENDERABLE_HTML)
def test_raw_html_react_cannot_render_is_one_error_at_its_line(case: str) -> None:
    text, line, message = UNRENDERABLE_HTML[case]
    out = render(text)
    assert [(p.message, p.line) for p in out.problems] == [(message, line)]
    assert out.problems[0].fix


def test_a_snippet_repeated_across_pages_is_highlighted_once() -> None:
    code = 'curl -s https://api.example.com/v1/carts \\\n  -H "Authorization: Bearer $TOKEN"\n'
    first = render_markdown(f"```bash\n{code}```\n", Path("a.md")).tree
    hits = highlight_lines.cache_info().hits
    second = render_markdown(f"Other text.\n\n```bash\n{code}```\n", Path("b.md")).tree
    assert highlight_lines.cache_info().hits == hits + 1
    assert first[0] == second[1] and '<span class="nv">$TOKEN</span>' in first[0][1]["html"]


def test_containers_are_read_by_one_rule_tried_on_lines_starting_with_a_colon() -> None:
    ruler = markdown_parser().block.ruler
    assert [name for name in ruler.get_active_rules() if name.startswith("container_")] == ["container_note"]
    tree = render_markdown("::::tabs\n:::tab One\n:::tip[Nested]\nText\n:::\n:::\n::::\n\n:::danger\nNo\n:::\n",
                           Path("a.md")).tree
    assert [node[0] for node in tree] == ["Tabs", "div"]
    assert tree[0][2][2][1] == {"className": "admonition admonition-tip"}
    assert tree[1][1] == {"className": "admonition admonition-danger"}


# -- code blocks that become tabs (npm2yarn, code tab-blocks) and the meta nothing reads ----------

def tabs_of(tree: list[Any]) -> list[tuple[str, list[str]]]:
    """Each Tabs node as (groupId, [label: the text of its code block's lines, ...])."""
    return [(node[1]["groupId"], [f"{item[1]['label']}: {code_of(item)}" for item in node[2:]])
            for node in find(tree, "Tabs")]


def code_of(node: list[Any]) -> str:
    """The text of the code blocks in `node`."""
    return "\n".join(re.sub(r"<[^>]+>", "", block[1]["html"]).strip() for block in find([node], "CodeBlock"))


def test_an_npm2yarn_block_is_npm_yarn_and_pnpm_tabs_synced_as_docusaurus_syncs_them() -> None:
    out = render('Install it:\n\n```bash npm2yarn title="Add the packages" {2}\nnpm install\n'
                 'npm install -D typescript @types/node\nnpm run build\n```\n')
    assert tabs_of(out.tree) == [("npm2yarn", [
        "npm: npm install\nnpm install -D typescript @types/node\nnpm run build",
        "Yarn: yarn install\nyarn add --dev typescript @types/node\nyarn build",
        "pnpm: pnpm install\npnpm add -D typescript @types/node\npnpm run build"])]
    [tabs] = find(out.tree, "Tabs")
    assert tabs[1]["items"] == [{"value": "npm", "label": "npm"}, {"value": "yarn", "label": "Yarn"},
                                {"value": "pnpm", "label": "pnpm"}]
    blocks = find(out.tree, "CodeBlock")
    assert [(b[1]["language"], b[1]["title"]) for b in blocks] == [("bash", "Add the packages")] * 3
    assert all(b[1]["html"].split("\n</span>")[1].startswith('<span class="line highlighted">') for b in blocks)
    assert out.problems == []


@pytest.mark.parametrize(("npm", "yarn", "pnpm"), [
    ("npm install", "yarn install", "pnpm install"),
    ("npm i react", "yarn add react", "pnpm add react"),
    ("npm install --save-dev jest", "yarn add --dev jest", "pnpm add --save-dev jest"),
    ("npm install --save react", "yarn add react", "pnpm add react"),
    ("npm install -g docsite", "yarn global add docsite", "pnpm add -g docsite"),
    ("npm uninstall react", "yarn remove react", "pnpm remove react"),
    ("npm ci", "yarn install --frozen-lockfile", "pnpm install --frozen-lockfile"),
    ("npm run build", "yarn build", "pnpm run build"),
    ("npm run test -- --watch", "yarn run test --watch", "pnpm run test -- --watch"),
    ("npm exec tsc", "yarn tsc", "pnpm exec tsc"),
    ("npx create-docusaurus@latest site classic", "yarn dlx create-docusaurus@latest site classic",
     "pnpm dlx create-docusaurus@latest site classic"),
    ("npm init docusaurus", "yarn create docusaurus", "pnpm create docusaurus"),
    ("npm test", "yarn test", "pnpm test"),
    ("cd site && npm install && npm start", "cd site && yarn install && yarn start",
     "cd site && pnpm install && pnpm start"),
    ("echo npm install", "echo npm install", "echo npm install"),  # not a command: text
])
def test_npm_commands_convert_as_npm_to_yarn_converts_them(npm: str, yarn: str, pnpm: str) -> None:
    assert convert_npm(npm, "yarn") == (yarn, [])
    assert convert_npm(npm, "pnpm") == (pnpm, [])


def test_a_command_npm2yarn_cannot_convert_is_a_warning_and_shows_as_written() -> None:
    out = render("Text\n\n```bash npm2yarn\nnpm whoami\n```\n", first_line=5)
    assert tabs_of(out.tree)[0][1] == ["npm: npm whoami", "Yarn: npm whoami", "pnpm: npm whoami"]
    assert [(p.severity, p.line, p.message) for p in out.problems] == [  # one mistake, one warning
        ("warning", 7, "npm2yarn cannot convert `npm whoami` for Yarn and pnpm: their tabs show it as written")]


def test_consecutive_tab_blocks_are_one_set_of_tabs_labelled_by_language_or_label() -> None:
    out = render('```js tab\nconst a = 1;\n```\n\n```ts tab title="a tab in ts"\nconst a: number = 1;\n```\n\n'
                 '```bash tab={"label":"macOS"}\nbrew install x\n```\n\nBetween.\n\n'
                 '```python tab\nprint(1)\n```\n')
    assert tabs_of(out.tree) == [
        ("code-examples", ["JavaScript: const a = 1;", "TypeScript: const a: number = 1;", "macOS: brew install x"]),
        ("code-examples", ["python: print(1)"])]  # a paragraph ends a set
    first = find(out.tree, "Tabs")[0]
    assert [item["value"] for item in first[1]["items"]] == ["javascript", "typescript", "macos"]
    assert find([first], "CodeBlock")[1][1]["title"] == "a tab in ts"
    assert out.problems == []


def test_a_tab_may_span_several_blocks_and_a_span_too_long_is_an_error() -> None:
    out = render('```js tab={"span":2} title="a.js"\nA\n```\n\n```js title="a.test.js"\nB\n```\n\n'
                 '```ts tab={"span":2}\nC\n```\n\n```ts\nD\n```\n')
    [tabs] = find(out.tree, "Tabs")
    assert [[b[1].get("title") for b in find([item], "CodeBlock")] for item in tabs[2:]] == [
        ["a.js", "a.test.js"], [None, None]]
    too_long = render('```js tab={"span":3}\nA\n```\n\n```js\nB\n```\n', first_line=10)
    assert [(p.line, p.message) for p in too_long.problems] == [
        (10, "the tab 'JavaScript' spans 3 code blocks, but 2 follow it")]
    bad = render('```js tab={label:"x"}\nA\n```\n')
    assert bad.problems[0].severity == "error" and bad.problems[0].message.startswith("cannot read tab={label")
    twice = render("```js tab\nA\n```\n\n```js tab\nB\n```\n")
    assert any("same label" in p.message for p in twice.problems)


def test_code_block_meta_that_nothing_reads_is_a_warning_naming_it() -> None:
    out = render('Text\n\n```jsx live\n<b/>\n```\n\n```bash title=Setup showLineNumbers=3 noInline {1}\nls\n```\n',
                 first_line=3)
    warnings = [(p.severity, p.line, p.message.removeprefix("the code block's meta ")) for p in out.problems]
    assert warnings == [
        ("warning", 5, "'live' asks for the live editor of @docusaurus/theme-live-codeblock, which is not built in: "
                       "the block shows as code that does not run"),
        ("warning", 9, "'title=Setup' is a title without quotes: it is not read"),
        ("warning", 9, "'showLineNumbers=3' starts the line numbers at a line: here they start at 1"),
        ("warning", 9, "'noInline' is not understood here: it changes nothing")]
    assert out.problems[0].message.startswith("the code block's meta 'live'")
    assert "npm2yarn" in out.problems[3].fix and "skip-check" in out.problems[3].fix
    known = render('```bash title="t" {1} showLineNumbers norun="a reason" after="a.sh" args="1"\nls\n```\n')
    assert known.problems == []


def test_jsonc_is_highlighted_as_json_and_skip_check_marks_a_block_the_json_check_skips() -> None:
    out = render('```jsonc\n{"a": 1 // why\n}\n```\n\n```json skip-check\n{"partial": …}\n```\n')
    first = find(out.tree, "CodeBlock")[0]
    assert '<span class="nt">"a"</span>' in first[1]["html"] and '<span class="c1">// why</span>' in first[1]["html"]
    assert [(span.language, span.skip_check) for span in out.code] == [("jsonc", False), ("json", True)]
    assert out.problems == []


# -- MDX: partials, <TOCInline>, embeds ----------------------------------------------------------

def _site(tmp_path: Path, files: dict[str, str]) -> Path:
    """A content folder (site.yaml marks it: `@site/` starts there) with these files below it."""
    (tmp_path / "site.yaml").write_text("title: T\n")
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return tmp_path


def test_a_partial_is_rendered_in_place_and_its_headings_join_the_page(tmp_path: Path) -> None:
    site = _site(tmp_path, {
        "docs/_shared/_setup.md": "---\ndescription: not read\n---\n## Set up\n\nHello {props.productName}, "
                                  "read [the intro](../intro.md#start).\n\n"
                                  "import Step from '@site/docs/_step.mdx';\n\n<Step />\n",
        "docs/_step.mdx": "### A step\n\n```bash\ncurl https://api.example.com\n```\n",
    })
    page = site / "docs" / "guide.md"
    rendered = render_markdown("## Before\n\nimport Setup from './_shared/_setup.md';\n\n"
                               "<Setup productName=\"Tickets\" />\n\n## After\n\n## Set up\n", page, 3, site_root=site)
    assert rendered.problems == []
    assert [(h.id, h.level, h.line) for h in rendered.headings] == [
        ("before", 2, 3), ("set-up", 2, 7), ("a-step", 3, 7), ("after", 2, 9), ("set-up-1", 2, 11)]
    assert [node[0] for node in rendered.tree] == ["h2", "h2", "p", "h3", "CodeBlock", "h2", "h2"]
    assert plain_text([rendered.tree[2]]) == "Hello Tickets, read the intro."
    # a relative link is rewritten from the partial's folder to the page's; what later stages check
    # (links, code) is at the line that includes the partial
    [link] = rendered.links
    assert (link.target, link.line) == ("intro.md#start", 7)
    assert [(c.line, c.text) for c in rendered.code] == [(7, "curl https://api.example.com\n")]
    assert rendered.partials == [site / "docs/_shared/_setup.md", site / "docs/_step.mdx"]


def test_a_partials_problems_are_at_its_own_file_and_line(tmp_path: Path) -> None:
    site = _site(tmp_path, {"docs/_note.md": "Text.\n\n:::tip\nNever closed.\n\nUses {props.missing}.\n"})
    rendered = render_markdown("import Note from './_note.md';\n\n<Note />\n", site / "docs/page.md", 5,
                               site_root=site)
    found = sorted((p.file.name if p.file else "", p.line, p.message) for p in rendered.problems)
    assert [(file, line) for file, line, _ in found] == [("_note.md", 3), ("_note.md", 6)]
    assert found[0][2].startswith("the ':::tip' container is not closed")
    assert found[1][2] == "{props.missing} in the partial, and <Note> gives no 'missing'"


def test_a_missing_partial_is_an_error_at_its_import_line(tmp_path: Path) -> None:
    site = _site(tmp_path, {})
    rendered = render_markdown("Text.\n\nimport Note from '@site/docs/_nope.md';\n\n<Note />\n",
                               site / "docs/page.md", 4, site_root=site)
    [problem] = rendered.problems  # its use is not reported again
    assert (problem.line, problem.message) == (
        6, "the partial '@site/docs/_nope.md' does not exist: there is no docs/_nope.md")
    assert "relative to this file ('./_note.md'" in (problem.fix or "") and "@site/" in (problem.fix or "")


def test_a_partial_outside_the_content_folder_is_an_error_and_not_read(tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    site = _site(tmp_path / "site", {})
    (tmp_path / "secret.md").write_text("OUTSIDE-TEXT\n")
    rendered = render_markdown("Text.\n\nimport S from '../../secret.md';\n\n<S />\n", site / "docs/page.md", 2,
                               site_root=site)
    assert [(p.line, p.message) for p in rendered.problems] == [
        (4, "the partial '../../secret.md' is outside the content folder: it is not read")]
    assert "OUTSIDE-TEXT" not in str(rendered.tree)


def test_partials_that_include_each_other_are_an_error_naming_the_circle(tmp_path: Path) -> None:
    site = _site(tmp_path, {"docs/_a.md": "A.\n\nimport B from './_b.md';\n\n<B />\n",
                            "docs/_b.md": "B.\n\nimport A from './_a.md';\n\n<A />\n"})
    rendered = render_markdown("import A from './_a.md';\n\n<A />\n", site / "docs/page.md", 1, site_root=site)
    [problem] = rendered.problems
    assert (problem.file, problem.line) == (site / "docs/_b.md", 5)
    assert problem.message == ("partials include each other in a circle: "
                               "docs/page.md → docs/_a.md → docs/_b.md → docs/_a.md")
    assert plain_text(rendered.tree) == "A. B."


def test_toc_inline_lists_the_pages_headings_of_its_levels_nested() -> None:
    page = ("import TOCInline from '@theme/TOCInline';\n\n<TOCInline toc={toc} />\n\n## One `code`\n\n### One.a\n\n"
            "#### Deep\n\n## Two [linked](https://example.com)\n")
    rendered = render(page)
    assert rendered.problems == []
    toc = rendered.tree[0]
    assert toc == ["TOCInline", {"minHeadingLevel": 2, "maxHeadingLevel": 3}, ["ul", None,
        ["li", None, ["a", {"href": "#one-code"}, "One ", ["code", None, "code"]],
         ["ul", None, ["li", None, ["a", {"href": "#onea"}, "One.a"]]]],
        ["li", None, ["a", {"href": "#two-linked"}, "Two linked"]]]]  # a heading's link: its text
    deep = render(page.replace("toc={toc}", "toc={toc} minHeadingLevel={3} maxHeadingLevel={4}")).tree[0]
    assert [a[2] for a in find(deep[2:], "a")] == ["One.a", "Deep"]
    assert plain_text(rendered.tree).startswith("One code")  # the list is not the page's text twice
    wrong = render("<TOCInline toc={toc.filter(x)} maxHeadingLevel={9} />\n\n## A\n")
    assert [p.message for p in wrong.problems] == ["<TOCInline toc={toc.filter(x)}>: not read",
                                                   "<TOCInline maxheadinglevel={9}>: not read"]


def test_an_iframe_embed_is_sandboxed_lazy_and_recorded_for_the_host_check() -> None:
    rendered = render('Intro.\n\n<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/xyz" '
                      'frameborder="0" allow="encrypted-media; picture-in-picture" allowfullscreen></iframe>\n\n'
                      '<iframe src="https://player.vimeo.com/video/1" title="The seat map"></iframe>\n')
    assert rendered.problems == []
    first, second = find(rendered.tree, "iframe")
    assert first[1] == {"src": "https://www.youtube-nocookie.com/embed/xyz",
                        "title": "Embedded content from www.youtube-nocookie.com",
                        "allow": "encrypted-media; picture-in-picture", "allowFullScreen": True,
                        "sandbox": "allow-scripts allow-same-origin allow-presentation", "loading": "lazy"}
    assert second[1]["title"] == "The seat map"
    assert rendered.tree[1] == ["div", {"className": "embed"}, first]
    assert [(e.src, e.file, e.line) for e in rendered.embeds] == [
        ("https://www.youtube-nocookie.com/embed/xyz", FILE, 3), ("https://player.vimeo.com/video/1", FILE, 5)]


def test_an_iframe_without_an_https_address_or_with_other_attributes_is_an_error() -> None:
    rendered = render('<iframe src="http://example.com/x"></iframe>\n\n'
                      '<iframe src="https://www.youtube.com/embed/x" id="v" onload="go()"></iframe>\n')
    assert [(p.line, p.message) for p in rendered.problems] == [
        (1, '<iframe src="http://example.com/x">: an embed needs an https:// address'),
        (3, "attribute 'id' on an <iframe> is not kept"),
        (3, "attribute 'onload' on an <iframe> is not kept")]
    assert len(find(rendered.tree, "iframe")) == 1


# -- MDX: indented text, <Admonition>, <CodeBlock> ------------------------------------------------

def test_text_indented_four_spaces_is_a_paragraph_in_mdx_and_code_in_markdown() -> None:
    text = "<div>\n\n    You may think I'm just some text...\n\n</div>\n"
    assert find(render(text).tree, "CodeBlock") != []
    mdx = render_markdown(text, Path("page.mdx"))
    assert find(mdx.tree, "CodeBlock") == [] and mdx.problems == []
    assert ["p", None, "You may think I'm just some text..."] in find(mdx.tree, "p")


def test_an_admonition_component_is_the_admonition_its_container_makes() -> None:
    jsx = render('<Admonition type="tip" title="Mind the *cache*">\n\nClear it **first**.\n\n</Admonition>\n\nAfter.\n')
    container = render(":::tip[Mind the *cache*]\n\nClear it **first**.\n\n:::\n\nAfter.\n")
    assert jsx.problems == [] and jsx.tree == container.tree
    untitled = render("<Admonition type=\"danger\">Stop.</Admonition>\n")
    assert untitled.problems == [] and plain_text(find(untitled.tree, "p")[0][2:]) == "Danger"
    assert find(untitled.tree, "div")[1] == ["div", {"className": "admonition-content"}, "Stop."]


def test_an_admonition_component_of_an_unknown_type_is_an_error_naming_the_types() -> None:
    rendered = render("Intro.\n\n<Admonition type=\"hint\">\n\nText.\n\n</Admonition>\n")
    [problem] = rendered.problems
    assert problem.line == 3 and '<Admonition type="hint">' in problem.message
    assert "note, tip, info, warning, danger, caution, important" in (problem.fix or "")


def test_a_code_block_component_with_its_code_written_out_is_a_code_block() -> None:
    rendered = render('Intro.\n\n<CodeBlock language="jsx" title="/src/Hello.js" showLineNumbers>\n'
                      '{`function Hello(props) {\n  return <h1>Hello, {props.name}</h1>;\n}`}\n</CodeBlock>\n\n'
                      '<CodeBlock language="bash">npm run build</CodeBlock>\n')
    assert rendered.problems == []
    jsx, bash = find(rendered.tree, "CodeBlock")
    assert {k: v for k, v in jsx[1].items() if k != "html"} == {
        "language": "jsx", "title": "/src/Hello.js", "showLineNumbers": True}
    assert re.sub(r"<[^>]+>", "", jsx[1]["html"]).replace("&lt;", "<").replace("&gt;", ">").split("\n")[:3] == [
        "function Hello(props) {", "  return <h1>Hello, {props.name}</h1>;", "}"]
    assert [(c.text, c.language, c.line) for c in rendered.code] == [
        ("function Hello(props) {\n  return <h1>Hello, {props.name}</h1>;\n}", "jsx", 3),
        ("npm run build", "bash", 9)]
    assert bash[1]["language"] == "bash"


def test_a_code_block_component_showing_a_variable_or_left_open_is_an_error_naming_the_code_block() -> None:
    rendered = render("import Source from '!!raw-loader!./example';\n\nIntro.\n\n"
                      '<CodeBlock language="jsx">{Source}</CodeBlock>\n\n'
                      '<CodeBlock language="js">\n{`a();\n\nb();`}\n</CodeBlock>\n')
    messages = [(p.line, p.message) for p in rendered.problems]
    assert (5, "<CodeBlock> shows {Source}, which this site cannot evaluate: the code block would be missing "
               "from the page") in messages
    assert (7, "<CodeBlock> is not closed before a blank line: its code is not read") in messages
    assert find(rendered.tree, "CodeBlock") == []
