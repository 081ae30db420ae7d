"""Property-based tests: whatever writers put in a page, its front matter, site.yaml, sidebars.yaml
or a spec, the builder answers with reported problems (`BuildError`), never with another exception
and never with an "internal error" (an exception the builder caught, which is a bug of ours).

Each test writes one random input into a small content folder and loads the whole site as a build
does (`load_site`: content, sidebars, specs, routes, links, API checks, feeds, llms, search). The
examples are generated from the syntax each file uses, so most of them reach the later stages.
Hypothesis runs a fixed number of examples, derandomized (CI sees the same ones every run), with no
deadline: the machine is shared. `--hypothesis-show-statistics` prints how many ran.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from docsite import config as config_module
from docsite import frontmatter_models
from docsite.errors import BuildError
from docsite.search import search_index_files
from tests.unit.sitefiles import load, png, write
from tests.unit.test_openapi_render import _nodes as spec_nodes
from tests.unit.test_openapi_validation import VALID as VALID_SPEC

# `PROPERTY_EXAMPLES=3000 pytest tests/unit/test_properties.py` explores: more examples, new ones each run
EXPLORE = int(os.environ.get("PROPERTY_EXAMPLES", "0"))
EXAMPLES = EXPLORE or 300
PROPERTY = settings(max_examples=EXAMPLES, deadline=None, derandomize=not EXPLORE, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                           HealthCheck.data_too_large])


def builds_or_reports(content: Path) -> None:
    """The property: the site loads, or the load raises BuildError with no internal error."""
    try:
        site, _ = load(content)
    except BuildError as error:
        internal = [str(p) for p in error.problems if p.message.startswith("internal error")]
        assert not internal, internal
        event("reported problems")  # --hypothesis-show-statistics: how many reached which end
        return
    event("built")
    json.dumps([route.data for route in site.routes])  # the page data is JSON
    search_index_files(site.search, site.config.search)


@pytest.fixture
def site(mini_site: Path) -> Path:
    """The small site, with a second doc to link to, a spec and an image: what random input refers to."""
    write(mini_site / "docs" / "guide" / "setup.md",
          "---\ntitle: Setup\ndescription: Set up.\n---\n\n## Steps\n\nDo it.\n")
    write(mini_site / "specs" / "carts.yaml", VALID_SPEC)
    write(mini_site / "docs" / "_note.md", "## Shared\n\nA {props.kind} note.\n\n<Note />\n")  # a partial
    (mini_site / "static" / "img").mkdir(parents=True)
    (mini_site / "static" / "img" / "a.png").write_bytes(png(40, 20))
    return mini_site


# -- values ------------------------------------------------------------------------------------------

def model_keys(*modules: Any) -> list[str]:
    """Every field name (and alias) of the pydantic models in `modules`: the keys writers use."""
    keys: set[str] = set()
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, BaseModel) and value is not BaseModel:
                for name, field in value.model_fields.items():
                    keys.add(field.alias or name)
    return sorted(keys)


def values(keys: list[str]) -> st.SearchStrategy[Any]:
    """YAML values: scalars of every kind, lists and mappings, keys mostly from `keys`."""
    scalars = (st.none() | st.booleans() | st.integers(-3, 10**6) | st.floats(allow_nan=True)
               | st.text(max_size=20) | st.sampled_from(["/docs/", "/docs/guide/setup", "intro", "guide/setup",
                                                        "https://example.com", "#steps", "docs", "", "/"]))
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                        | st.dictionaries(st.sampled_from(keys) | st.text(max_size=8), inner, max_size=5),
                        max_leaves=12)


def yaml_text(data: st.SearchStrategy[Any]) -> st.SearchStrategy[str]:
    """YAML that dumps a value, or (one time in five) any text at all."""
    dumped = data.map(lambda value: yaml.safe_dump(value, allow_unicode=True))
    return st.one_of(dumped, dumped, dumped, dumped, st.text(max_size=200))


# -- Markdown ----------------------------------------------------------------------------------------

PIECES = [
    "# ", "## ", "### ", "#### ", "- ", "* ", "1. ", "> ", "  ", "    ", "\t", "\n", "\n\n", "---", "***",
    "```", "```bash", "```json", '```js title="x" {1-2} showLineNumbers', "~~~", "`", "*", "**", "_", "~~",
    "[", "]", "(", ")", "[link](/docs/guide/setup)", "[rel](guide/setup.md#steps)", "[x](https://example.com)",
    "![alt](/img/a.png)", "![dark](/img/a.png#gh-dark-mode-only)", "[^1]", "[^1]: note", "{#custom-id}", "|",
    "| a | b |\n|---|---|\n| 1 | 2 |", ":::note", ":::tip[**Title**]", ":::", "::::", "::::tabs groupId=\"language\"",
    ":::tab cURL", ":::tab Python", ":::unknown", '::OperationCard{operationId="createCart"}',
    "::OperationCard{bad", "::Nope{}", "$", "$$", "$x^2$", "\\frac{a}{b}", "\\nope", "{", "}", "\\", "^", "_",
    "\\left(", "\\right)", "\\begin{matrix}", "\\end{matrix}", "\\sqrt", "$$\n",
    "<details>", "<summary>Why</summary>", "</details>", "<div>", "</div>", '<a href="/docs/">', "</a>",
    "<br>", "<kbd>K</kbd>", "<Tabs>", '<TabItem value="a" label="A">', "</TabItem>", "</Tabs>", "<Foo />",
    '<img src="/img/a.png" alt="">', "<iframe>", "<script>x</script>", '<a href="javascript:x">', "<!-- c -->",
    "<!-- truncate -->", "&amp;", "&#0;", "\u0000", "\u200b", "é", "日本", "import x from 'y'", "export const a = 1",
    "import Note from './_note.md'\n", "import Nope from '@site/docs/_nope.mdx';", "<Note />", '<Note kind="x" />',
    "<TOCInline toc={toc} />", "<TOCInline toc={toc} maxHeadingLevel={4} />", "{props.kind}", "</iframe>",
    '<iframe src="https://www.youtube.com/embed/x" title="t">', "import TOCInline from '@theme/TOCInline';",
    "// highlight-next-line", "# highlight-start", "// highlight-end", "POST /carts", "`POST /carts`",
    "curl https://api.example.com/carts -d '{\"x\": 1}'", '{"cartId": "c"}', "Term\n: Definition", "- [ ] ",
    "- [x] ", "word", "text with spaces", "https://example.com", "<", ">", "&", '"', "'",
]
markdown = st.lists(st.sampled_from(PIECES) | st.text(max_size=6), max_size=40).map("".join)


@PROPERTY
@given(body=markdown)
def test_any_markdown_page_builds_or_is_reported(site: Path, body: str) -> None:
    write(site / "docs" / "intro.md", "---\ntitle: Intro\ndescription: The start.\nslug: /\n---\n\n" + body)
    builds_or_reports(site)


# -- front matter ------------------------------------------------------------------------------------

FRONT_KEYS = model_keys(frontmatter_models)


@PROPERTY
@given(front=yaml_text(st.dictionaries(st.sampled_from(FRONT_KEYS) | st.text(max_size=8), values(FRONT_KEYS),
                                       max_size=6)))
def test_any_front_matter_builds_or_is_reported(site: Path, front: str) -> None:
    write(site / "docs" / "intro.md", f"---\n{front}\n---\n\n## Hello\n\nText.\n")
    builds_or_reports(site)


# -- site.yaml ---------------------------------------------------------------------------------------

CONFIG_KEYS = model_keys(config_module)
MINI_CONFIG = {"title": "Test Site", "url": "https://example.com",
               "themeConfig": {"navbar": {"items": [{"label": "Docs", "to": "/docs/", "position": "left"}]}}}


def changed(base: dict[str, Any], keys: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """`base` with some keys (at the top or one level down) set to random values."""
    def apply(changes: list[tuple[list[str], Any]]) -> dict[str, Any]:
        data = json.loads(json.dumps(base))
        for path, value in changes:
            target = data
            for key in path[:-1]:
                if not isinstance(target.get(key), dict):
                    target[key] = {}
                target = target[key]
            target[path[-1]] = value
        return data
    path = st.lists(st.sampled_from(keys), min_size=1, max_size=3)
    return st.lists(st.tuples(path, values(keys)), max_size=4).map(apply)


@PROPERTY
@given(text=yaml_text(changed(MINI_CONFIG, CONFIG_KEYS)))
def test_any_site_yaml_builds_or_is_reported(site: Path, text: str) -> None:
    write(site / "site.yaml", text)
    builds_or_reports(site)


# -- sidebars.yaml -----------------------------------------------------------------------------------

SIDEBAR_KEYS = ["type", "id", "label", "items", "link", "href", "dirName", "collapsed", "collapsible",
                "description", "className", "customProps", "slug", "title", "docs"]
SIDEBAR_VALUES = st.sampled_from(["doc", "category", "link", "autogenerated", "ref", "html", "generated-index",
                                  "intro", "guide/setup", "guide", "nope", "https://example.com", "/docs/"])


def sidebar_items() -> st.SearchStrategy[Any]:
    leaf = SIDEBAR_VALUES | st.none() | st.booleans() | st.integers(-1, 3) | st.text(max_size=8)
    return st.recursive(leaf, lambda inner: st.lists(inner, max_size=4)
                        | st.dictionaries(st.sampled_from(SIDEBAR_KEYS), inner, max_size=5), max_leaves=15)


@PROPERTY
@given(text=yaml_text(st.dictionaries(st.sampled_from(["docs", "other", ""]) | st.text(max_size=5),
                                      sidebar_items(), max_size=3)))
def test_any_sidebars_yaml_builds_or_is_reported(site: Path, text: str) -> None:
    write(site / "sidebars.yaml", text)
    builds_or_reports(site)


# -- OpenAPI -----------------------------------------------------------------------------------------

SPEC = json.loads(json.dumps(yaml.safe_load(VALID_SPEC), default=str))  # dates as the specs read them


SPEC_POINTERS = spec_nodes(SPEC)
SPEC_KEYS = sorted({str(p[-1]) for p in SPEC_POINTERS if isinstance(p[-1], str)} | {
    "$ref", "allOf", "oneOf", "anyOf", "not", "items", "additionalProperties", "discriminator", "nullable",
    "enum", "const", "default", "examples", "$anchor", "$id", "webhooks", "callbacks", "links", "security"})
REFS = st.sampled_from(["#/components/schemas/Cart", "#/components/schemas/CartRequest", "#/components/schemas",
                        "#/components/schemas/Nope", "#/paths", "#", "other.yaml#/X", "#cart", "https://x/y.json"])


def spec_values() -> st.SearchStrategy[Any]:
    scalars = (st.none() | st.booleans() | st.integers(-1, 600) | st.text(max_size=10)
               | st.sampled_from(["object", "array", "string", "integer", "null", "date-time", "application/json"]))
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                        | st.dictionaries(st.sampled_from(SPEC_KEYS), inner, max_size=4)
                        | REFS.map(lambda ref: {"$ref": ref}), max_leaves=10)


def mutated_spec(changes: list[tuple[tuple[Any, ...], Any]]) -> Any:
    """The small valid spec with the value at each path replaced (a path an earlier change removed
    is skipped)."""
    document = json.loads(json.dumps(SPEC))
    for path, value in changes:
        target = document
        for key in path[:-1]:
            target = target[key] if _holds(target, key) else None
        if isinstance(target, dict) or _holds(target, path[-1]):
            target[path[-1]] = value
    return document


def _holds(container: Any, key: Any) -> bool:
    return (isinstance(container, dict) and key in container) or \
        (isinstance(container, list) and isinstance(key, int) and key < len(container))


specs = st.lists(st.tuples(st.sampled_from(SPEC_POINTERS), spec_values()), min_size=1, max_size=4).map(mutated_spec)
ENDINGS: list[Callable[[Any], str]] = [lambda d: yaml.safe_dump(d, sort_keys=False), lambda d: json.dumps(d)]


@settings(PROPERTY, max_examples=EXPLORE or 150)
@given(document=specs, as_json=st.booleans())
def test_any_openapi_document_builds_or_is_reported(site: Path, document: Any, as_json: bool) -> None:
    write(site / "specs" / "carts.yaml", ENDINGS[as_json](document))
    write(site / "docs" / "intro.md", "---\ntitle: Intro\ndescription: The start.\nslug: /\n---\n\n"
          "Call `POST /carts`:\n\n```json\n{\"sessionId\": 1, \"quantity\": 2}\n```\n\n"
          '::OperationCard{operationId="createCart"}\n')
    builds_or_reports(site)


@settings(PROPERTY, max_examples=EXPLORE or 400)
@given(document=specs, version=st.sampled_from(["3.1", "3.0"]))
def test_jsonschema_rs_and_jsonschema_agree_on_a_documents_openapi_structure(document: Any, version: str) -> None:
    """validation.py asks jsonschema-rs whether a spec follows the OpenAPI schema, and walks it with
    jsonschema only when it does not: a document jsonschema finds wrong must never pass."""
    from docsite.openapi.spec_validation import _structure_validator, _well_formed

    wrong = next(iter(_structure_validator(version).iter_errors(document)), None) is not None
    event(f"{version} {'wrong' if wrong else 'well formed'}")
    assert _well_formed(document, version) is not wrong
