"""Bad input a writer may feed the builder: each case is one clear error naming the file (and the
line), `docsite check` and `build` exit 1, no traceback, and the previous build stays as it was."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from docsite import content as content_module
from docsite.cli import app
from docsite.errors import BuildError
from tests.conftest import CONTENT
from tests.unit.sitefiles import doc, load, write
from tests.unit.test_openapi_validation import VALID as VALID_SPEC

runner = CliRunner()

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
    f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(8))


def not_utf8_doc(site: Path) -> tuple[Path, int, str]:
    file = site / "docs" / "intro.md"
    file.write_bytes(b"---\ntitle: Intro\ndescription: The start.\nslug: /\n---\n\nCaf\xe9 au lait.\n")
    return file, 7, "the file is not UTF-8 text: byte 57 (0xe9) is not valid UTF-8"


def not_utf8_sidebars(site: Path) -> tuple[Path, int, str]:
    file = site / "sidebars.yaml"
    file.write_bytes(b"docs:\n  - intro # r\xe9sum\xe9\n")
    return file, 2, "the file is not UTF-8 text: byte 19 (0xe9) is not valid UTF-8"


def not_utf8_config(site: Path) -> tuple[Path, int, str]:
    file = site / "site.yaml"
    file.write_bytes(file.read_bytes() + b"tagline: \xff\n")
    line = file.read_bytes().count(b"\n")
    offset = file.read_bytes().index(b"\xff")
    return file, line, f"the file is not UTF-8 text: byte {offset} (0xff) is not valid UTF-8"


def alias_bomb_front_matter(site: Path) -> tuple[Path, int, str]:
    file = write(site / "docs" / "intro.md", "---\ntitle: Intro\ndescription: The start.\nslug: /\n"
                 + BOMB + "---\n\nHello.\n")
    return file, 2, "the YAML's aliases (*name) expand to more than 100,000 values"


def alias_bomb_config(site: Path) -> tuple[Path, int, str]:
    file = site / "site.yaml"
    file.write_text(file.read_text() + "x-anchors:\n" + "".join(f"  {line}\n" for line in BOMB.splitlines()))
    return file, 1, "the YAML's aliases (*name) expand to more than 100,000 values"


def front_matter_typo(site: Path) -> tuple[Path, int, str]:
    """The doc fails to load; the sidebar entry and the navbar link to it are not reported too."""
    file = write(site / "docs" / "intro.md", "---\ntitle: Intro\ndescripton: The start.\nslug: /\n---\n\nHello.\n")
    return file, 3, "descripton: unknown key 'descripton'"


def misspelt_required_key_in_config(site: Path) -> tuple[Path, int, str]:
    """Not also "title: Field required": the unknown key names the one it misspells."""
    file = site / "site.yaml"
    file.write_text(file.read_text().replace("title: Test Site\n", "titel: Test Site\n"))
    return file, 1, "titel: unknown key 'titel'"


def misspelt_required_key_in_a_react_page(site: Path) -> tuple[Path, int, str]:
    file = write(site / "pages" / "find.yaml", "component: SearchPage\ntitel: Search\ndescription: Search the site.\n")
    return file, 2, "titel: unknown key 'titel'"


UNCLOSED_QUOTE = "YAML syntax error: found unexpected end of stream while scanning a quoted scalar"
UNCLOSED_LIST = "YAML syntax error: did not find expected ',' or ']' while parsing a flow sequence"


def unclosed_quote_in_front_matter(site: Path) -> tuple[Path, int, str]:
    """Noticed at the closing `---`: reported where the quote opens."""
    file = write(site / "docs" / "intro.md", '---\ntitle: "Intro\ndescription: The start.\nslug: /\n---\n\nHello.\n')
    return file, 2, UNCLOSED_QUOTE


def unclosed_list_in_front_matter(site: Path) -> tuple[Path, int, str]:
    """Noticed on the next line: reported where the list opens."""
    file = write(site / "docs" / "intro.md", "---\ntitle: Intro\nkeywords: [a, b\ndescription: The start.\n"
                 "slug: /\n---\n\nHello.\n")
    return file, 3, UNCLOSED_LIST


def unclosed_quote_in_config(site: Path) -> tuple[Path, int, str]:
    file = site / "site.yaml"
    text = file.read_text()
    file.write_text(text.replace("title: Test Site\n", "title: 'Test Site\n"))
    return file, 1, UNCLOSED_QUOTE


def unclosed_list_in_sidebars(site: Path) -> tuple[Path, int, str]:
    file = write(site / "sidebars.yaml", "docs:\n  - intro\n  - {type: category, label: Guides, items: [intro}\n")
    return file, 3, UNCLOSED_LIST


def unclosed_quote_in_a_react_page(site: Path) -> tuple[Path, int, str]:
    file = write(site / "pages" / "home.yaml", 'component: HomePage\ntitle: "Home\ndescription: The home page.\n')
    return file, 2, UNCLOSED_QUOTE


def unclosed_quote_in_authors(site: Path) -> tuple[Path, int, str]:
    file = write(site / "blog" / "authors.yaml", "ana:\n  name: 'Ana\n  title: Writer\n")
    return file, 2, UNCLOSED_QUOTE


def unclosed_list_in_a_spec(site: Path) -> tuple[Path, int, str]:
    spec = (CONTENT / "specs" / "catalog.yaml").read_text().replace(
        "      summary: List events\n", "      summary: [List events\n", 1)
    file = write(site / "specs" / "catalog.yaml", spec)
    return file, spec[:spec.index("[List events")].count("\n") + 1, UNCLOSED_LIST


def spec_with_schemas(site: Path, cart: str, extra: str = "") -> tuple[Path, int]:
    """The small valid spec with its Cart schema replaced by `cart` (and `extra` schemas after it):
    the file and Cart's line."""
    start = VALID_SPEC.index("    Cart:\n")
    end = VALID_SPEC.index("    Error:\n")
    text = VALID_SPEC[:start] + f"    Cart: {cart}\n" + extra + VALID_SPEC[end:]
    file = write(site / "specs" / "carts.yaml", text)
    return file, text[:start].count("\n") + 1


def ref_loop(site: Path) -> tuple[Path, int, str]:
    """A is `$ref: B`, B is `$ref: A`: it stands for nothing (the validator overflowed the stack)."""
    file, line = spec_with_schemas(site, "{$ref: '#/components/schemas/Basket'}",
                                   "    Basket: {$ref: '#/components/schemas/Cart'}\n")
    return file, line, ("/components/schemas/Cart/$ref: the $ref chain loops back on itself and never reaches a "
                        "definition (#/components/schemas/Cart -> #/components/schemas/Basket -> "
                        "#/components/schemas/Cart)")


def ref_to_itself(site: Path) -> tuple[Path, int, str]:
    file, line = spec_with_schemas(site, "{allOf: [{$ref: '#/components/schemas/Cart'}], description: A cart.}")
    return file, line, ("/components/schemas/Cart/allOf/0/$ref: the $ref chain loops back on itself and never "
                        "reaches a definition (#/components/schemas/Cart/allOf/0 -> #/components/schemas/Cart -> "
                        "#/components/schemas/Cart/allOf/0)")


INTRO = "---\ntitle: Intro\ndescription: The start.\nslug: /\n---\n\n"  # the body: line 6 on, its text 7 on


def nested_list(levels: int) -> str:
    return "".join("  " * level + f"- level {level}\n" for level in range(levels))


def list_nested_too_deeply(site: Path) -> tuple[Path, int, str]:
    """markdown-it dropped everything after a list ten levels deep, headings included, silently."""
    file = write(site / "docs" / "intro.md", INTRO + nested_list(51) + "\n## After the list\n")
    return file, 7 + 50, ("lists and blockquotes nest too deeply here: the parser reads 50 levels of lists "
                          "(100 of blockquotes), what is deeper would be lost")


def html_nested_too_deeply(site: Path) -> tuple[Path, int, str]:
    """Raw HTML nests without end: every later stage walks the tree recursively (RecursionError)."""
    file = write(site / "docs" / "intro.md", INTRO + "Hello.\n\n" + "<div>" * 5000 + "\n")
    return file, 9, ("elements nest more than 256 levels deep here (raw HTML that opens elements it does not "
                     "close?)")


def page_too_large(site: Path) -> tuple[Path, int, str]:
    """A page of 5.3 MB (600,000 paragraphs) overflowed the prerender's stack."""
    file = write(site / "docs" / "intro.md", INTRO + "".join(f"p{n}\n\n" for n in range(600_000)))
    return file, 6, "the page is 5.3 MB of Markdown, more than the 5 MB a page may hold"


def raw_html(html: str, message: str) -> Callable[[Path], tuple[Path, int, str]]:
    """A page whose line 9 is `html` (inside a <details> block: line 7 opens it)."""
    def case(site: Path) -> tuple[Path, int, str]:
        file = write(site / "docs" / "intro.md", INTRO + f"<details>\n<summary>More</summary>\n{html}\n</details>\n")
        return file, 9, message
    return case


def front_matter_key_with_a_bracket(site: Path) -> tuple[Path, int, str]:
    """Found by test_properties.py: a key holding '[' was taken for pydantic's union tag (IndexError)."""
    file = write(site / "docs" / "intro.md", "---\ntitle: Intro\ndescription: The start.\n'[': null\nslug: /\n---\n")
    return file, 4, "[: unknown key '['"


def sidebar_type_not_a_name(site: Path) -> tuple[Path, int, str]:
    """Found by test_properties.py: `type: []` was looked up as a key (TypeError: unhashable)."""
    file = write(site / "sidebars.yaml", "docs:\n  - intro\n  - type: []\n")
    return file, 3, "unknown sidebar item type '[]'"


def sidebars_js_syntax_error(site: Path) -> tuple[Path, int, str]:
    (site / "sidebars.yaml").unlink()
    file = write(site / "sidebars.js", "const sidebars = {\n  docs: ['intro',\n};\nmodule.exports = sidebars;\n")
    return file, 3, "sidebars.js failed when run by Node: SyntaxError: Unexpected token '}'"


def two_sidebars_files(site: Path) -> tuple[Path, int, str]:
    file = write(site / "sidebars.json", '{"docs": ["intro"]}\n')
    return file, 1, "two sidebars files: sidebars.yaml and sidebars.json; the builder reads one"


def sidebar_shorthand_meant_as_a_category(site: Path) -> tuple[Path, int, str]:
    file = write(site / "sidebars.yaml", "docs:\n  - intro\n  - label: Guides\n    items: [intro]\n")
    return file, 3, ("'label' is not a list of items: a mapping without a 'type' is Docusaurus's categories "
                     "shorthand, {Label: [items]}, where each key is a category's label")


def spec_with(site: Path, old: str, new: str) -> tuple[Path, int]:
    """The small valid spec with `old` replaced by `new`: the file and the line of `new`."""
    text = VALID_SPEC.replace(old, new)
    return write(site / "specs" / "carts.yaml", text), text[:text.index(new)].count("\n") + 1


def spec_ref_not_a_string(site: Path) -> tuple[Path, int, str]:
    """Found by test_properties.py: openapi-spec-validator failed on `$ref: [1]` (AttributeError)."""
    file, line = spec_with(site, "{$ref: '#/components/schemas/CartRequest'}", "{$ref: [1]}")
    return file, line, ("/paths/~1carts/post/requestBody/content/application~1json/schema/$ref: $ref must be a "
                        "string, not [1]")


def spec_properties_null(site: Path) -> tuple[Path, int, str]:
    """Found by test_properties.py: openapi-spec-validator failed on `properties: null` (KeyError)."""
    file, line = spec_with_schemas(site, "\n      type: object\n      properties: null")
    return file, line + 2, "/components/schemas/Cart/properties: None is not of type 'object'"


def empty_math(site: Path) -> tuple[Path, int, str]:
    """Found by test_properties.py: `$$$$` made latex2mathml fail (NoAvailableTokensError, an internal error)."""
    file = write(site / "docs" / "intro.md", INTRO + "Hello.\n\n$$$$\n")
    return file, 9, "empty math: nothing between the dollar signs"


def math_latex2mathml_cannot_read(site: Path) -> tuple[Path, int, str]:
    file = write(site / "docs" / "intro.md", INTRO + "The square $x^$ of x.\n")
    return file, 7, "cannot read the math 'x^': a ^ or _ has nothing after it"


def error_example_code_not_a_string(site: Path) -> tuple[Path, int, str]:
    """Found by test_properties.py: an error example whose `code` is a list was looked up (TypeError)."""
    file, line = spec_with(site, "example: {code: SESSION_NOT_FOUND,", "example: {code: [],")
    return file, line, ("/paths/~1carts/post/responses/404/content/application~1json/example/code: [] is not of "
                        "type 'string'")


def comma_in_a_flow_mapping_of_a_spec(site: Path) -> tuple[Path, int, str]:
    """`{..., description: The cart id, as given.}`: the comma cuts the text, `as given.` becomes a
    keyword (with no value), which JSON Schema allows."""
    file, line = spec_with(site, "{type: string, description: The cart id.}",
                           "{type: string, description: The cart id, as given.}")
    return file, line, ("/components/schemas/Cart/properties/cartId/as given.: `as given.` is read as a schema "
                        "keyword with no value: in a {...} mapping, an unquoted comma ends the text before it")


def spec_history_file_named_for_another_version(site: Path) -> tuple[Path, int, str]:
    """The current spec copied into the history folder as the previous version, its `info.version` unchanged."""
    write(site / "specs" / "carts.yaml", VALID_SPEC)
    file = write(site / "specs" / "history" / "carts" / "1.0.0.yaml", VALID_SPEC)
    return file, 4, "this earlier version of the Carts API says `info.version: 1.1.0`, but its file is named 1.0.0.yaml"


CASES: dict[str, Callable[[Path], tuple[Path, int, str]]] = {
    "YAML: a quote left open in front matter": unclosed_quote_in_front_matter,
    "YAML: a list left open in front matter": unclosed_list_in_front_matter,
    "YAML: a quote left open in site.yaml": unclosed_quote_in_config,
    "YAML: a list left open in sidebars.yaml": unclosed_list_in_sidebars,
    "YAML: a quote left open in a React page": unclosed_quote_in_a_react_page,
    "YAML: a quote left open in authors.yaml": unclosed_quote_in_authors,
    "YAML: a list left open in a spec": unclosed_list_in_a_spec,
    "YAML: a comma in a flow mapping's text in a spec": comma_in_a_flow_mapping_of_a_spec,
    "front-matter typo": front_matter_typo,
    "a misspelt required key in site.yaml": misspelt_required_key_in_config,
    "a misspelt required key in a React page": misspelt_required_key_in_a_react_page,
    "non-UTF-8 Markdown": not_utf8_doc,
    "non-UTF-8 sidebars.yaml": not_utf8_sidebars,
    "non-UTF-8 site.yaml": not_utf8_config,
    "YAML alias bomb in front matter": alias_bomb_front_matter,
    "YAML alias bomb in site.yaml": alias_bomb_config,
    "$ref loop in a spec": ref_loop,
    "$ref to itself in a spec": ref_to_itself,
    "list nested 51 levels": list_nested_too_deeply,
    "raw HTML nested 5000 levels": html_nested_too_deeply,
    "5.3 MB page": page_too_large,
    "<iframe srcdoc>": raw_html('<iframe srcdoc="<script>alert(1)</script>"></iframe>',
                                "<iframe srcdoc>: an embed shows a page of an allowed host, not HTML written here"),
    "<button formaction>": raw_html('<button formaction="javascript:alert(1)">Go</button>',
                                    "<button> is not allowed in Markdown's HTML"),
    "SVG <animate values=javascript:>": raw_html(
        '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text y="20">Go</text></a></svg>',
        "<animate> is not allowed in Markdown's HTML"),
    "SVG url() to another document": raw_html(
        '<svg viewBox="0 0 10 10"><rect width="10" height="10" fill="url(https://attacker.example/x.svg#p)"/></svg>',
        'fill="url(https://attacker.example/x.svg#p)" on SVG\'s <rect>: a url() may only name an element of the page'),
    "<base href>": raw_html('<base href="https://attacker.example/">', "<base> is not allowed in Markdown"),
    "<meta http-equiv=refresh>": raw_html('<meta http-equiv="refresh" content="0; url=https://attacker.example/">',
                                          "<meta> is not allowed in Markdown"),
    "external stylesheet": raw_html('<link rel="stylesheet" href="https://attacker.example/x.css">',
                                    "<link> is not allowed in Markdown"),
    "javascript: link": raw_html('<a href="java&#x09;script:alert(1)">Go</a>',
                                 'href="java\\tscript:alert(1)" on <a> is not an address a page may use'),
    "front matter key '['": front_matter_key_with_a_bracket,
    "sidebar item type []": sidebar_type_not_a_name,
    "sidebars.js that Node cannot run": sidebars_js_syntax_error,
    "sidebars.yaml and sidebars.json": two_sidebars_files,
    "a category without its type (the shorthand)": sidebar_shorthand_meant_as_a_category,
    "$ref: [1]": spec_ref_not_a_string,
    "a spec's earlier version named for another": spec_history_file_named_for_another_version,
    "properties: null": spec_properties_null,
    "$$$$": empty_math,
    "$x^$": math_latex2mathml_cannot_read,
    "error example code: []": error_example_code_not_a_string,
    "attribute not allowed": raw_html('<span contenteditable="true">Edit me</span>',
                                      "the attribute 'contenteditable' is not allowed on <span> in Markdown's HTML"),
}


def tree_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for file in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(file.relative_to(folder).as_posix().encode() + file.read_bytes())
    return digest.hexdigest()


@pytest.mark.parametrize("case", CASES)
def test_one_clear_error_with_file_and_line(mini_site: Path, case: str) -> None:
    file, line, message = CASES[case](mini_site)
    with pytest.raises(BuildError) as error:
        load(mini_site)
    [problem] = error.value.problems
    assert (problem.file, problem.line, problem.message) == (file, line, message)
    assert problem.fix


@pytest.mark.parametrize("case", ["non-UTF-8 Markdown", "YAML alias bomb in front matter", "$ref loop in a spec",
                                  "YAML: a comma in a flow mapping's text in a spec",
                                  "list nested 51 levels", "5.3 MB page", "<base href>", "javascript: link"])
def test_check_and_build_exit_1_and_keep_the_previous_build(mini_site: Path, tmp_path: Path, case: str) -> None:
    out = tmp_path / "build"
    write(out / "index.html", "the previous build")
    before = tree_digest(out)
    file, line, message = CASES[case](mini_site)
    for command in (["check", "--content", str(mini_site)], ["build", "--content", str(mini_site), "--out", str(out)]):
        result = runner.invoke(app, command)
        output = " ".join(result.output.split())
        assert result.exit_code == 1, output
        assert f"{file.name}:{line}: {message}" in output
        summary = "Check found 1 error." if command[0] == "check" else "Build failed: 1 error."
        assert "Traceback" not in output and summary in output
    assert tree_digest(out) == before


def test_a_page_over_the_size_limit_gets_the_size_error_alone(mini_site: Path) -> None:
    """With the writing rules on: the page is not loaded, so no rule reads it (a 20 MB page was also
    "0 words" and "never names" the platform)."""
    config = mini_site / "site.yaml"
    config.write_text(config.read_text().split("lint:")[0])  # the default rules
    file = write(mini_site / "docs" / "intro.md", INTRO + "".join(f"p{n}\n\n" for n in range(2_000_000)))
    with pytest.raises(BuildError) as error:
        load(mini_site)
    assert [(p.file, p.message) for p in error.value.problems] == [
        (file, "the page is 18.9 MB of Markdown, more than the 5 MB a page may hold")]
    assert not error.value.warnings


def test_an_unexpected_exception_on_one_file_is_reported_with_that_file(mini_site: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    faulty = write(mini_site / "docs" / "faulty.md", doc("Faulty", body="Breaks the renderer."))
    render = content_module.render_markdown

    def breaks_on_one_file(text: str, file: Path, first_line: int = 1, **options: bool) -> object:
        if file == faulty:
            raise KeyError("colspan")
        return render(text, file, first_line, **options)

    monkeypatch.setattr(content_module, "render_markdown", breaks_on_one_file)
    with pytest.raises(BuildError) as error:
        load(mini_site)
    [problem] = error.value.problems
    assert problem.file == faulty
    assert problem.message.startswith("internal error while processing ") and problem.message.endswith(
        "faulty.md: KeyError: 'colspan'")
    assert problem.fix and "trace: " in problem.fix and "in breaks_on_one_file" in problem.fix


def test_an_unexpected_exception_anywhere_is_a_short_message_not_a_traceback(
        mini_site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from docsite import build as builder

    def crash(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the staging folder vanished")

    monkeypatch.setattr(builder, "write_site", crash)
    out = tmp_path / "build"
    write(out / "index.html", "the previous build")
    result = runner.invoke(app, ["build", "--content", str(mini_site), "--out", str(out)])
    output = " ".join(result.output.split())
    assert result.exit_code == 1
    assert "internal error: RuntimeError: the staging folder vanished" in output
    assert "Traceback" not in output and "The previous build, if any, is untouched." in output
    assert (out / "index.html").read_text() == "the previous build"


# -- files and the build folder ---------------------------------------------------------------------

def test_a_static_symlink_out_of_the_content_folder_is_refused(mini_site: Path, tmp_path: Path) -> None:
    secret = write(tmp_path / "outside" / "passwords.txt", "not for the site")
    link = mini_site / "static" / "files" / "passwords.txt"
    link.parent.mkdir(parents=True)
    link.symlink_to(secret)
    inside = mini_site / "static" / "files" / "intro.md"
    inside.symlink_to(mini_site / "docs" / "intro.md")  # inside the content folder: fine
    with pytest.raises(BuildError) as error:
        load(mini_site)
    [problem] = error.value.problems
    assert problem.file == link
    assert problem.message == f"a symbolic link to {secret.resolve()}, outside the content folder"


def test_a_build_swaps_in_whole_and_leaves_no_staging_behind(mini_site: Path, tmp_path: Path) -> None:
    out = tmp_path / "build"
    write(out / "index.html", "the previous build")
    stale = tmp_path / ".build.staging-999999"  # a build killed long ago: no such process
    write(stale / "index.html", "half written")
    result = runner.invoke(app, ["build", "--content", str(mini_site), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert (out / "docs" / "index.html").is_file() and not (out / "index.html").exists()  # the new build, whole
    deadline = time.monotonic() + 10  # the previous build is deleted by a process of its own, after the build
    while sorted(p.name for p in tmp_path.iterdir()) != ["build", "content"]:
        assert time.monotonic() < deadline, f"left behind: {sorted(p.name for p in tmp_path.iterdir())}"
        time.sleep(0.01)


def test_a_build_stopped_with_sigterm_removes_its_staging_and_keeps_the_previous_build(
        mini_site: Path, tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "build"
    write(out / "index.html", "the previous build")
    process = subprocess.Popen([sys.executable, "-m", "docsite.cli", "build", "--content", str(mini_site),
                                "--out", str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".build.staging-*")):
        assert process.poll() is None and time.monotonic() < deadline, "the build made no staging folder"
        time.sleep(0.01)
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 128 + signal.SIGTERM
    assert list(tmp_path.glob(".build.staging-*")) == []
    assert (out / "index.html").read_text() == "the previous build"


def test_mdx_that_an_mdx_page_cannot_run_fails_the_build_not_the_page_silently(mini_site: Path) -> None:
    body = "import Chart from '@site/src/Chart';\n\n<Chart />"
    mdx = write(mini_site / "docs" / "guide.mdx", doc("Guide", body=body))
    with pytest.raises(BuildError) as error:
        load(mini_site)
    [problem] = error.value.problems
    assert (problem.file, problem.line) == (mdx, 6)
    assert problem.message.startswith("MDX this site does not run, which would be missing from the page: ")


def test_long_lists_in_messages_are_capped() -> None:
    from docsite.content import doc_not_found
    from docsite.errors import listing

    assert listing(["a", "b"]) == "a, b"
    ids = [f"guides/page-{n:02}" for n in range(30)]
    message = doc_not_found("guides/page-1", ids)
    assert message.endswith("guides/page-09 and 20 more")
    assert "Did you mean 'guides/page-" in message  # the closest ids come first, the list is capped


def test_a_long_list_of_sidebar_ids_is_capped_with_the_closest_first(mini_site: Path) -> None:
    from docsite.config import load_config
    from docsite.content import load_content
    from docsite.errors import Report
    from docsite.sidebars import load_sidebars

    file = write(mini_site / "sidebars.yaml", "".join(f"area{n:02}: [intro]\n" for n in range(15)))
    report = Report()
    docs = load_content(mini_site, load_config(mini_site), report).doc_index()
    with pytest.raises(LookupError) as error:
        load_sidebars(file, docs, "/docs", report).find("area-07")
    assert str(error.value) == ("no sidebar with id 'area-07'. Available sidebar ids: area07, area10, area09, "
                                "area00, area01, area02, area03, area04, area05, area06 and 5 more")


def test_a_long_list_of_authors_is_capped_with_the_closest_first(mini_site: Path) -> None:
    write(mini_site / "blog" / "authors.yaml", "".join(f"writer{n:02}: {{name: W{n}}}\n" for n in range(14)))
    write(mini_site / "blog" / "2025-01-02-news.md", "---\ntitle: News\nauthors: [writer-13]\n---\n\nNews.\n")
    with pytest.raises(BuildError) as error:
        load(mini_site)
    [problem] = error.value.problems
    assert problem.fix == ("add 'writer-13' to authors.yaml, or use one of: writer13, writer12, writer11, writer00, "
                           "writer01, writer02, writer03, writer04, writer05, writer06 and 4 more")


def test_a_long_list_of_known_keys_is_capped(mini_site: Path) -> None:
    config = mini_site / "site.yaml"
    config.write_text(config.read_text() + "zzz: 1\n")
    with pytest.raises(BuildError) as error:
        load(mini_site)
    [problem] = error.value.problems
    assert problem.message == "zzz: unknown key 'zzz'"
    assert problem.fix is not None and problem.fix.startswith("known keys here: analytics, baseUrl, blog, ")
    assert problem.fix.endswith(" more")


def test_a_long_list_of_error_codes_is_capped_with_the_closest_first(site_copy: Callable[[], Path]) -> None:
    page = site_copy() / "docs" / "environments.md"
    text = page.read_text()
    page.write_text(text + "\n`GET /catalog/v1/events/{eventId}` can answer:\n\n```json\n"
                    '{"code": "EVENT_NOT_FUOND", "message": "No event 4521."}\n```\n')
    with pytest.raises(BuildError) as error:
        load(page.parent.parent)
    [problem] = error.value.problems
    assert (problem.file, problem.line) == (page, text.count("\n") + 5)  # the JSON's line
    assert problem.message == "error code `EVENT_NOT_FUOND` is not documented by Catalog API"
    assert problem.fix is not None and problem.fix.startswith("use one of the documented codes (EVENT_NOT_FOUND, ")
    assert problem.fix.endswith(" more), or add it to `x-error-codes` of the spec (rule lint.jsonBodies in site.yaml)")


# -- one mistake in a spec, one error -----------------------------------------------------------------

def _edit(file: Path, old: str, new: str) -> int:
    """Replace the first `old` in `file` with `new`; the line where `old` started."""
    text = file.read_text()
    assert old in text, old
    file.write_text(text.replace(old, new, 1))
    return text.count("\n", 0, text.index(old)) + 1


def operation_without_description(spec: Path) -> tuple[int, str]:
    text = spec.read_text()
    start = text.index("      description: |\n", text.index("operationId: listEvents"))
    end = text.index("      tags:", start)
    spec.write_text(text[:start] + text[end:])
    line = text.count("\n", 0, text.index("operationId: listEvents"))  # the line of `get:`
    return line, "/paths/~1catalog~1v1~1events/get: the operation has no description"


def invented_field_in_an_example(spec: Path) -> tuple[int, str]:
    line = _edit(spec, "                    name: Marea Alta — Gira Faro 2026\n",
                 "                    name: Marea Alta — Gira Faro 2026\n                    venueCapacity: 12000\n")
    return line + 1, ("/paths/~1catalog~1v1~1events/get/responses/200/content/application~1json/example/data/0/"
                      "venueCapacity: Unevaluated properties are not allowed ('venueCapacity' was unexpected)")


def yaml_syntax_error(spec: Path) -> tuple[int, str]:
    line = _edit(spec, "      summary: List events\n", "      summary: [List events\n")
    return line, "YAML syntax error: did not find expected ',' or ']' while parsing a flow sequence"


def broken_ref(spec: Path) -> tuple[int, str]:
    text = spec.read_text()
    ref = '        - $ref: "#/components/parameters/q"\n'
    line = _edit(spec, ref, ref.replace("/q\"", "/qq\""))
    assert text.index(ref) > text.index("operationId: listEvents")
    return line, ("/paths/~1catalog~1v1~1events/get/parameters/0/$ref: $ref '#/components/parameters/qq' "
                  "does not resolve")


def misspelt_error_codes(spec: Path) -> tuple[int, str]:
    """The docs name the catalog's codes in JSON and in the text: they wait until the spec has them."""
    _edit(spec, "  x-error-codes:", "  x-error-codez:")
    return _edit(spec, "info:", "info:"), "/info: `x-error-codes` is missing"


def operation_without_id(spec: Path) -> tuple[int, str]:
    """Seven operation cards name it: reported once, with the spec (links to its anchor warn)."""
    line = _edit(spec, "    get:\n      operationId: listEvents\n", "    get:\n")
    return line, "/paths/~1catalog~1v1~1events/get: the operation has no operationId"


SPEC_MISTAKES: dict[str, Callable[[Path], tuple[int, str]]] = {
    "an operation without a description": operation_without_description,
    "a field the schema does not define in an example": invented_field_in_an_example,
    "a YAML syntax error": yaml_syntax_error,
    "a $ref that does not resolve": broken_ref,
    "x-error-codes misspelt": misspelt_error_codes,
    "an operation without an operationId": operation_without_id,
}


@pytest.mark.parametrize("mistake", SPEC_MISTAKES)
def test_one_mistake_in_a_spec_is_one_error_not_one_per_page_that_uses_the_api(
        site_copy: Callable[[], Path], mistake: str) -> None:
    """The catalog spec is used by 30 pages (calls, operation cards, links): a spec whose example or
    convention is wrong still lends them its operations; one that cannot be read stops the run."""
    spec = site_copy() / "specs" / "catalog.yaml"
    line, message = SPEC_MISTAKES[mistake](spec)
    result = runner.invoke(app, ["check", "--content", str(spec.parent.parent), "--format", "json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["summary"].startswith("Check found 1 error")  # it was 196 errors
    [problem] = [p for p in report["problems"] if p["severity"] == "error"]
    assert (problem["file"], problem["line"]) == (str(spec), line)
    assert problem["message"].startswith(message)


def typo_in_a_linked_doc(content: Path) -> tuple[Path, int, str]:
    """environments.md is in the sidebar and the footer, and ten docs link to it."""
    doc = content / "docs" / "environments.md"
    return doc, _edit(doc, "\ndescription:", "\ndescripton:") + 1, "descripton: unknown key 'descripton'"


def typo_in_a_linked_react_page(content: Path) -> tuple[Path, int, str]:
    """The widget docs link /widget-tests."""
    page = content / "pages" / "widget-tests.yaml"
    return page, _edit(page, "\ntitle:", "\ntitel:") + 1, "titel: unknown key 'titel'"


def typo_in_authors(content: Path) -> tuple[Path, int, str]:
    """Every post names its authors."""
    authors = content / "blog" / "authors.yaml"
    return authors, _edit(authors, "  name:", "  nam:"), "laura-campos.nam: unknown key 'nam'"


CONTENT_MISTAKES: dict[str, Callable[[Path], tuple[Path, int, str]]] = {
    "a front matter typo in a doc the site links to": typo_in_a_linked_doc,
    "a typo in a React page the docs link to": typo_in_a_linked_react_page,
    "a typo in authors.yaml": typo_in_authors,
}


@pytest.mark.parametrize("mistake", CONTENT_MISTAKES)
def test_a_file_that_fails_to_load_is_one_error_not_one_per_reference(site_copy: Callable[[], Path],
                                                                      mistake: str) -> None:
    content = site_copy()
    file, line, message = CONTENT_MISTAKES[mistake](content)
    result = runner.invoke(app, ["check", "--content", str(content), "--format", "json"])
    report = json.loads(result.stdout)
    assert report["summary"].startswith("Check found 1 error.")
    [problem] = report["problems"]
    assert (problem["file"], problem["line"], problem["message"]) == (str(file), line, message)


# -- limits ------------------------------------------------------------------------------------------

def test_lists_and_blockquotes_nested_20_levels_are_built_whole(mini_site: Path, tmp_path: Path) -> None:
    """Ten levels of lists were the end of the page; 20 are built, prerendered, and what follows
    them is there."""
    quotes = "".join(">" * (level + 1) + f" quote {level}\n" + ">" * (level + 1) + "\n" for level in range(20))
    write(mini_site / "docs" / "intro.md", INTRO + nested_list(20) + "\n## After the list\n\n" + quotes
          + "\n## After the quotes\n\nThe end.\n")
    out = tmp_path / "build"
    result = runner.invoke(app, ["build", "--content", str(mini_site), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = (out / "docs" / "index.html").read_text()
    assert page.count("<ul>") == 20 and "level 19</li>" in page
    assert page.count("<blockquote>") == 20 and "quote 19" in page
    assert 'id="after-the-list"' in page and 'id="after-the-quotes"' in page and "The end." in page


def test_the_html_the_docs_use_passes_the_allowlist_unchanged(mini_site: Path) -> None:
    write(mini_site / "static" / "img" / "a.png", "")
    body = ("<details open>\n<summary>Why?</summary>\n\nBecause.\n\n</details>\n\n"
            'Press <kbd>Ctrl</kbd>+<kbd>K</kbd>.<br>Note<sup>1</sup> '
            '<a href="https://example.com/x" target="_blank" rel="noopener">out</a> <a href="/docs/">in</a> '
            '<a href="#top">top</a> <a href="mailto:help@example.com">mail</a>\n\n'
            '<img src="/img/a.png" alt="A" width="120" height="40">\n\n'
            '<table><thead><tr><th colspan="2" scope="col">A</th></tr></thead>'
            '<tbody><tr><td rowspan="2" align="right">1</td></tr></tbody></table>\n\n'
            '<div id="top" class="note" data-kind="x" aria-label="A note" style="margin-top: 4px">y</div>\n\n'
            '<Tabs groupId="language">\n<TabItem value="curl" label="cURL" default>\n\nA\n\n</TabItem>\n</Tabs>\n\n'
            "- [x] done\n")
    write(mini_site / "docs" / "intro.md", INTRO + body)
    site, report = load(mini_site)
    assert report.problems == []
    tree = json.dumps(next(r.data for r in site.routes if r.path == "/docs/")["content"])
    for kept in ('"open": true', '"target": "_blank", "rel": "noopener"', '"href": "mailto:help@example.com"',
                 '"width": "120", "height": "40"', '"colSpan": "2", "scope": "col"', '"data-kind": "x"',
                 '"aria-label": "A note"', '"style": {"marginTop": "4px"}', '"groupId": "language"',
                 '["kbd", null, "Ctrl"]', '["sup", null, "1"]', '"className": "task-list-item-checkbox"'):
        assert kept in tree, kept


def test_a_schema_that_contains_itself_through_properties_and_items_is_no_loop(mini_site: Path) -> None:
    """A category with subcategories is a recursive schema, not a $ref loop: it validates, renders
    (as circular) and checks a page's JSON against it."""
    spec_with_schemas(mini_site, "\n      type: object\n      properties:\n"
                      "        cartId: {type: string, description: The cart.}\n"
                      "        parent: {allOf: [{$ref: '#/components/schemas/Cart'}], description: The parent.}\n"
                      "        children: {type: array, items: {$ref: '#/components/schemas/Cart'}, description: Kids.}")
    write(mini_site / "docs" / "intro.md", INTRO + "Call `POST /carts`:\n\n```json\n"
          '{"cartId": "a", "parent": {"cartId": "b"}, "children": [{"cartId": "c", "children": []}]}\n```\n')
    site, report = load(mini_site)
    assert report.errors == []
    cart = next(r.data for r in site.routes if r.path == "/specification/carts")["schemas"]["Cart"]
    assert cart["properties"]["children"]["items"] == {"ref": "Cart"}
    assert cart["properties"]["parent"]["allOf"] == [{"ref": "Cart"}]
