"""A synthetic corpus of N realistic API-documentation pages, for the build benchmarks.

    uv run python -m bench.corpus --pages 1000 --out bench/corpus/1000

Pages have front matter, headings, paragraphs, code blocks in several languages (some in tabs),
tables, admonitions, lists and internal links to other pages of the corpus, in the proportions of
"""

from __future__ import annotations

import argparse
import random
import shutil
from pathlib import Path

from tests.conftest import CONTENT

PAGES_PER_AREA = 100
# Each resource with a GET call the specs define: the build checks the API calls pages write.
RESOURCES = {
    "event": "/catalog/v1/events", "session": "/catalog/v1/sessions", "venue": "/catalog/v1/venues",
    "price zone": "/catalog/v1/sessions/10871/price-zones", "rate": "/catalog/v1/sessions/10871/rates",
    "cart": "/distribution/v1/carts/crt_9hT4mQ2xLp7Vb3Kd", "booking": "/distribution/v1/bookings/OB4K7Q2M9X",
    "order": "/orders-mgmt/v1/orders/OB4K7Q2M9X", "refund": "/orders-mgmt/v1/refunds",
    "buyer": "/customers-mgmt/v1/buyers", "channel": "/management/v1/channels",
    "entrance": "/access-control/v1/sessions/10871/entrances", "barcode": "/access-control/v1/sessions/10871/barcodes",
    "promotion": "/distribution/v1/carts/crt_9hT4mQ2xLp7Vb3Kd/available-promotions",
    "discount": "/distribution/v1/carts/crt_9hT4mQ2xLp7Vb3Kd/available-promotions",
    "insurance offer": "/distribution/v1/carts/crt_9hT4mQ2xLp7Vb3Kd/insurance-offers",
}
VERBS = ["list", "read", "create", "update", "cancel", "search", "validate", "refund", "publish", "export"]
WORDS = ("the integration sends request answer token scope channel session price seat availability "
         "pagination offset limit field value status error retry backoff webhook signature payload "
         "environment production pre-production client buyer amount currency minor unit cart expires "
         "booking purchase ticket barcode entrance venue template rate promotion discount").split()


def _sentence(rng: random.Random, words: int) -> str:
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def _paragraph(rng: random.Random) -> str:
    return " ".join(_sentence(rng, rng.randint(8, 18)) for _ in range(rng.randint(2, 5)))


def _page(rng: random.Random, area: int, index: int, total: int) -> str:
    resource = rng.choice(list(RESOURCES))
    path = RESOURCES[resource]
    verb = rng.choice(VERBS)
    title = f"{verb.capitalize()} a {resource} ({area}.{index})"
    others = [f"/docs/area-{rng.randrange(max(1, total // PAGES_PER_AREA))}/page-{rng.randrange(PAGES_PER_AREA)}"
              for _ in range(3)]
    others = [o for o in others if _exists(o, total)]
    parts = [
        "---",
        f"title: {title}",
        f"description: How to {verb} a {resource} with the Onebox APIs, step by step, with the errors to handle.",
        f"keywords: [{resource}, {verb}, tutorial]",
        f"sidebar_label: {title}",
        f"sidebar_position: {index}",
        "---",
        "",
        _paragraph(rng),
        "",
        ":::info Before you start",
        f"You need a Onebox access token with the right scope and the id of the {resource}.",
        ":::",
        "",
        "## Request",
        "",
        _paragraph(rng),
        "",
        '::::tabs groupId="language"',
        ":::tab cURL",
        "```bash",
        f"curl -s https://api.pre.oneboxtds.com{path}?limit=20 \\",
        '  -H "Authorization: Bearer $TOKEN"',
        "```",
        ":::",
        ":::tab Python",
        "```python",
        "import requests",
        "",
        f'response = requests.get(f"{{BASE_URL}}{path}", params={{"limit": 20}},',
        '                        headers={"Authorization": f"Bearer {token}"}, timeout=10)',
        "response.raise_for_status()",
        'for item in response.json()["data"]:',
        '    print(item["id"], item["name"])',
        "```",
        ":::",
        "::::",
        "",
        "## Response",
        "",
        _paragraph(rng),
        "",
        '```json title="200 OK" {3-4}',
        "{",
        '  "data": [',
        f'    {{"id": {rng.randint(1000, 9999)}, "name": "{title}", "status": "ON_SALE"}},',
        f'    {{"id": {rng.randint(1000, 9999)}, "name": "Another {resource}", "status": "SOLD_OUT"}}',
        "  ],",
        '  "metadata": {"total": 2, "limit": 20, "offset": 0}',
        "}",
        "```",
        "",
        "### Fields",
        "",
        "| Field | Type | Description |",
        "|---|---|---|",
        *(f"| `{rng.choice(WORDS)}_{i}` | {rng.choice(['string', 'integer', 'boolean', 'object'])} | "
          f"{_sentence(rng, 9)} |" for i in range(rng.randint(4, 9))),
        "",
        "## Errors",
        "",
        *(f"- **{rng.choice(WORDS).upper()}_{rng.choice(WORDS).upper()}**: {_sentence(rng, 10)}" for _ in range(4)),
        "",
        ":::warning Rate limits",
        _paragraph(rng),
        ":::",
        "",
        "## Next steps",
        "",
        *(f"- [Related page {n + 1}]({link})" for n, link in enumerate(others)),
        "",
    ]
    return "\n".join(parts)


def _exists(route: str, total: int) -> bool:
    area, page = (int(part.split("-")[1]) for part in route.split("/")[2:4])
    return area * PAGES_PER_AREA + page < total


def generate(pages: int, out: Path, seed: int = 7) -> Path:
    """Write a content folder with `pages` docs to `out` (replaced)."""
    rng = random.Random(seed)
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(CONTENT, out)
    docs = out / "docs"
    sidebars = [(CONTENT / "sidebars.yaml").read_text(encoding="utf-8")]
    for number in range(pages):
        area, index = divmod(number, PAGES_PER_AREA)
        file = docs / f"area-{area}" / f"page-{index}.md"
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(_page(rng, area, index, pages), encoding="utf-8")
        if index == 0:
            sidebars.append(f"area-{area}:\n  - {{type: autogenerated, dirName: area-{area}}}\n")
    (out / "sidebars.yaml").write_text("".join(sidebars), encoding="utf-8")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    out = args.out or Path(__file__).parent / "corpus" / str(args.pages)
    print(generate(args.pages, out))


if __name__ == "__main__":
    main()
