"""The site for machines: each page's Markdown, llms.txt and llms-full.txt."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from docsite.build import Site
from docsite.markdown.text import Node
from docsite.outputs.llms import LLMS_FULL_TXT, LLMS_TXT, has_markdown, markdown_route
from tests.conftest import CONTENT
from tests.unit.sitefiles import configure, doc, load, write

SITE = "https://developers.oneboxtds.com"


@pytest.fixture(scope="module")
def real_site() -> Site:
    site, _ = load(CONTENT)
    return site


def markdown_of(site: Site, route: str) -> str:
    return site.files[markdown_route(route)].decode()


def test_every_route_with_content_has_its_markdown(real_site: Site) -> None:
    kinds = {"doc", "docCategory", "blogPost", "page", "apiReference"}
    routes = [r for r in real_site.routes if r.kind in kinds]
    assert len(routes) > 60
    for route in routes:
        assert has_markdown(route)
        text = markdown_of(real_site, route.path)
        assert text.startswith(f'---\ntitle: "{route.title}"\n'), route.path
        assert f"\n# {route.title}\n" in text
    assert markdown_route("/docs/") == "/docs.md" and markdown_route("/") == "/index.md"
    assert not any(has_markdown(r) for r in real_site.routes if r.kind in ("react", "notFound", "blogList"))


def leaves(nodes: list[Node]) -> list[str]:
    """Every piece of text a reader sees in a content tree (heading anchors and icons left out)."""
    out: list[str] = []
    for node in nodes:
        if isinstance(node, str):
            out.append(node)
        elif node[0] == "CodeBlock":
            out.append(re.sub(r"<[^>]+>", "", str((node[1] or {}).get("html", ""))))
        elif (node[1] or {}).get("className") != "hash-link" and (node[1] or {}).get("aria-hidden") != "true":
            out.extend(leaves(node[2:]))
    return out


def words(text: str) -> list[str]:
    from html import unescape

    return re.findall(r"[\w@.$/{}:-]+", unescape(text))


def test_no_text_of_any_page_is_lost_in_its_markdown(real_site: Site) -> None:
    for route in real_site.routes:
        if route.kind not in ("doc", "blogPost", "page"):
            continue
        text = " ".join(markdown_of(real_site, route.path).split())
        for leaf in leaves(route.data["content"]):
            for line in leaf.split("\n"):
                line = " ".join(line.split())
                if line:
                    assert line in text or all(w in text for w in words(line)), (route.path, line)


def test_components_become_their_markdown_equivalent(mini_site: Path) -> None:
    write(mini_site / "sidebars.yaml", "docs:\n  - intro\n  - parts\n")
    configure(mini_site, embeds={"hosts": ["player.vimeo.com"]})
    write(mini_site / "docs" / "_note.md", "A shared note.\n")
    write(mini_site / "docs" / "parts.md", doc("Parts", body="""import Note from './_note.md';

<TOCInline toc={toc} />

Intro with [a link](/docs/) and `code`, area $a^2$.

<Note />

<iframe src="https://player.vimeo.com/video/1" title="The walkthrough"></iframe>

:::warning Mind the expiry
A cart expires after **15 minutes**.
:::

::::tabs groupId="language"
:::tab cURL
```bash title="Create a cart"
curl -X POST https://example.com/carts
```
:::
:::tab Python
```python
print("cart")
```
:::
::::

| Field | Meaning |
|---|---|
| `id` | The cart's id |

<details>
<summary>More</summary>

Hidden text.

</details>

- [x] done
- [ ] open
  1. nested step

Term
: Its definition
"""))
    site, _ = load(mini_site)
    text = markdown_of(site, "/docs/parts")
    assert text.startswith('---\ntitle: "Parts"\ndescription: "About Parts."\n---\n\n# Parts\n\nIntro')
    assert "Intro with [a link](https://example.com/docs/) and `code`, area $a^2$." in text
    assert "> **Warning** Mind the expiry\n>\n> A cart expires after **15 minutes**." in text
    assert '**cURL**\n\n```bash title="Create a cart"\ncurl -X POST https://example.com/carts\n```' in text
    assert '**Python**\n\n```python\nprint("cart")\n```' in text
    assert "| Field | Meaning |\n|---|---|\n| `id` | The cart's id |" in text
    assert "**More**\n\nHidden text." in text
    assert "- [x] done\n- [ ] open\n  1. nested step" in text
    assert "**Term**\n\nIts definition" in text
    assert "\n\nA shared note.\n\n[The walkthrough](https://player.vimeo.com/video/1)\n\n" in text


def test_an_operation_card_is_its_method_path_and_link(real_site: Site) -> None:
    text = markdown_of(real_site, "/docs/api-catalog/tutorials/events")
    reference = f"{SITE}/specification/catalog#operation-listEvents"
    assert f"`GET /catalog/v1/events`: List events ([reference]({reference}))" in text


def test_the_api_references_list_operations_parameters_and_schemas(real_site: Site) -> None:
    text = markdown_of(real_site, "/specification/catalog")
    assert "## Events\n" in text and "### List events\n\n`GET /catalog/v1/events` (operationId `listEvents`)" in text
    assert "| `q` | query | string | no | Free text, at least 2 characters" in text
    assert "### Money\n\n- `amount` (integer, required): Amount in the currency's minor unit" in text
    assert "## Error codes\n\n| Code | Status | Meaning |" in text


def test_the_api_references_list_webhooks_with_payload_answer_and_retries(real_site: Site) -> None:
    text = markdown_of(real_site, "/specification/orders")
    webhooks = text[text.index("## Webhooks\n"):text.index("## Error codes")]
    assert [line for line in webhooks.splitlines() if line.startswith("### ")] == [
        "### Order purchased", "### Order canceled", "### Refund requested", "### Refund completed"]
    assert ("### Refund completed\n\nWebhook `refund.completed`: a `POST` to your endpoint "
            "(operationId `notifyRefundCompleted`)") in webhooks
    assert "Payload (`application/json`):" in webhooks and "Request body" not in webhooks
    assert "- `200`: Received. Any 2xx answer within 10 seconds acknowledges the event" in webhooks
    assert webhooks.count("Retries: Any answer other than a 2xx within 10 seconds") == 4


def parse_llms_txt(text: str) -> dict[str, Any]:
    """The llmstxt.org format: an H1, a blockquote summary, free text, then H2 sections whose
    items are `- [name](url)` with an optional `: description`."""
    lines = text.split("\n")
    assert re.fullmatch(r"# \S.*", lines[0]), "starts with the site's name as an H1"
    assert lines[2].startswith("> "), "then a blockquote summary"
    sections: dict[str, list[tuple[str, str]]] = {}
    current: str | None = None
    for line in lines[3:]:
        if line.startswith("## "):
            current = line[3:]
            sections[current] = []
        elif current is not None and line:
            item = re.fullmatch(r"- \[([^\]]+)\]\((https://[^)]+)\)(?:: (.+))?", line)
            assert item, f"not a link item: {line!r}"
            sections[current].append((item[1], item[2]))
        else:
            assert current is not None or not line.startswith(("- ", "#")), line
    return sections


def test_llms_txt_lists_every_doc_in_sidebar_order_then_the_api_and_the_faq(real_site: Site) -> None:
    sections = parse_llms_txt(real_site.files[LLMS_TXT].decode())
    assert list(sections) == ["Docs", "API reference", "FAQ", "Optional"]
    listed = [url for _, url in sections["Docs"]]
    in_sidebar = [f"{SITE}{markdown_route(route)}" for route in real_site.sidebars.navigation]
    assert listed[: len(in_sidebar)] == in_sidebar
    docs = {f"{SITE}{markdown_route(r.path)}" for r in real_site.routes if r.kind == "doc" and r.sitemap}
    assert docs <= set(listed)
    assert len(sections["API reference"]) == 6
    assert sections["FAQ"] == [("Frequently asked questions", f"{SITE}/faq.md")]
    for url in [u for items in sections.values() for _, u in items]:
        assert url.removeprefix(SITE) in real_site.files, url


def test_llms_full_txt_has_every_doc_in_sidebar_order(real_site: Site) -> None:
    text = real_site.files[LLMS_FULL_TXT].decode()
    sources = re.findall(r"^Source: (\S+)$", text, re.M)
    first = [f"{SITE}{route}" for route in real_site.sidebars.navigation]
    assert sources[: len(first)] == first
    assert "## Before you begin" in text and "title:" not in text.split("\n", 5)[-1][:200]
