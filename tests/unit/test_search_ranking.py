"""What the site search puts first, on the real site, through the front end's own engine
(frontend/src/search/engine.ts, run by tests/unit/lunrjs/rank.mjs over the built index files, as
the search worker queries them).

- A constant of the specs typed as it appears (an error code, an enum value) finds its definition
  first: the API reference's entry for the error code, or the schema or operation declaring the value.
- Ordinary queries find the page written for them among the first three results.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from docsite.build import Paths, load_site
from docsite.frontend import node
from docsite.search import search_index_files
from tests.conftest import ROOT

RANK = Path(__file__).parent / "lunrjs" / "rank.mjs"

# Enum values that are ordinary words, typed as such (sort fields, a cache directive, attendant
# fields): searched as ordinary queries, their definitions are not put first.
ORDINARY_WORDS = {"-date", "-name", "date", "document", "name", "no-store", "surname"}

# What a reader types, and the page written for it (any of them): the first three results hold it.
# Measured on this site: 29 of these 38 in the first three before definitions were indexed, 31 after.
QUERIES = {
    "refund order items": ["/docs/api-orders-mgmt/tutorials/refund-order-items"],
    "access token": ["/docs/authentication/"],
    "rate limit": ["/docs/environments"],
    "webhook signature": ["/docs/webhooks/webhooks-info"],
    "group promotion": ["/docs/api/tutorials/add-group-cart-promotion"],
    "automatic promotion": ["/docs/api/tutorials/add-automatic-cart-promotion"],
    "manual discount": ["/docs/api/tutorials/add-discount", "/docs/api/tutorials/get-available-promotions-discounts"],
    "cancellation insurance": ["/docs/api/tutorials/apply-insurance"],
    "attendant data": ["/docs/api/tutorials/add-attendant-data"],
    "print tickets pdf": ["/docs/api/tutorials/tickets-pdf"],
    "purchase flow": ["/docs/api/tutorials/purchase-flow", "/docs/api-distribution/purchase-flow"],
    "search buyers by email": ["/docs/api-customers-mgmt/tutorials/search-buyers"],
    "purchases by time range": ["/docs/api-orders-mgmt/tutorials/get-purchases-by-time-range"],
    "refunds by time range": ["/docs/api-orders-mgmt/tutorials/get-refunds-by-time-range"],
    "order details by order code": ["/docs/api-orders-mgmt/tutorials/get-order-details-by-order-code"],
    "seat availability": ["/docs/api-catalog/tutorials/session-detail", "/docs/api/tutorials/add-seats"],
    "validate a ticket at the gate": ["/docs/access-control/validate-online"],
    "offline validation": ["/docs/access-control/offline"],
    "re-entry": ["/docs/access-control/re-entry-and-duplicates"],
    "gate clock time zone": ["/docs/access-control/clocks-and-time-zones"],
    "publish a session": ["/docs/management/publish-sessions"],
    "rates and prices": ["/docs/management/rates-and-prices"],
    "pause sales": ["/docs/management/monitor-and-change-sales"],
    "channel quota": ["/docs/management/open-sales"],
    "google tag manager": ["/docs/analytics/analytics-gtm"],
    "server-side tagging": ["/docs/analytics/analytics-sgtm"],
    "install the widget": ["/docs/widget/installation"],
    "certification": ["/docs/certification", "/docs/certification_readme"],
    "shopping cart totals": ["/docs/api/tutorials/shopping-cart-details"],
    "booking to purchase": ["/docs/api/tutorials/booking-to-purchase"],
    "error body traceId": ["/docs/api/tutorials/error-codes"],
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The site's constants with the sections defining each, and the engine's answers to every query
    below (one Node run: query -> {"constant", "hits"})."""
    loaded = load_site(Paths.default(ROOT))
    out = tmp_path_factory.mktemp("search-ranking")
    files = []
    for name, data in search_index_files(loaded.search, loaded.config.search).items():
        (out / name).write_bytes(data)
        files.append(str(out / name))
    constants = {c for spec in loaded.specs for c in spec.error_codes | spec.enum_values}
    definitions = {c: {d.section_route for d in loaded.search if c in d.defines} for c in constants}

    queries = [*sorted(constants), "paused", "EXIT", *QUERIES]
    request = out / "request.json"
    request.write_text(json.dumps({"indexFiles": files, "queries": queries, "limit": 20}), encoding="utf-8")
    answer = subprocess.run([node(), str(RANK), str(request)], capture_output=True, text=True, check=False, cwd=ROOT)
    assert answer.returncode == 0, answer.stderr
    answers = {a["query"]: a for a in json.loads(answer.stdout)}
    return {"constants": constants, "definitions": definitions, "rank": lambda qs: [answers[q] for q in qs]}


def test_every_error_code_and_enum_value_finds_its_definition_first(site: dict[str, Any]) -> None:
    constants: set[str] = site["constants"]
    assert len(constants) > 150  # the specs' error codes and enum values, not a handful
    answers = site["rank"](sorted(constants))
    assert {a["query"] for a in answers if not a["constant"]} == ORDINARY_WORDS
    misses = {}
    for answer in answers:
        if answer["constant"]:
            defined_at = site["definitions"][answer["query"]]
            assert defined_at, f"{answer['query']} is defined by no section of the API reference"
            if not answer["hits"] or answer["hits"][0] not in defined_at:
                misses[answer["query"]] = (answer["hits"][:3], sorted(defined_at)[:3])
    assert misses == {}


def test_an_error_code_lists_the_reference_entry_then_the_pages_that_explain_it(site: dict[str, Any]) -> None:
    [answer] = site["rank"](["BOOKING_ALREADY_PURCHASED"])
    hits = answer["hits"]
    assert hits[0] == "/specification/distribution#error-BOOKING_ALREADY_PURCHASED"
    assert any(hit.startswith("/docs/api-distribution/error-codes#") for hit in hits[1:6])


def test_an_enum_value_lists_the_schemas_declaring_it_first(site: dict[str, Any]) -> None:
    [answer] = site["rank"](["SOLD_OUT"])
    defined_at = site["definitions"]["SOLD_OUT"]
    assert any(route.split("#")[1].startswith("schema-") for route in defined_at)
    first = [hit for hit in answer["hits"] if hit in defined_at]
    assert answer["hits"][:len(first)] == first and len(first) == len(defined_at)


def test_the_same_word_typed_in_lower_case_is_an_ordinary_query(site: dict[str, Any]) -> None:
    [upper, lower] = site["rank"](["PAUSED", "paused"])
    assert upper["constant"] and not lower["constant"]
    assert upper["hits"][0] in site["definitions"]["PAUSED"]
    assert lower["hits"][0] not in site["definitions"]["PAUSED"]


def test_a_constant_is_not_defined_by_a_longer_one_with_its_stem(site: dict[str, Any]) -> None:
    """`EXIT` and `EXITED` have one stem, `exit`: the schema declaring only `EXITED` is no definition of `EXIT`."""
    [answer] = site["rank"](["EXIT"])
    exited_only = site["definitions"]["EXITED"] - site["definitions"]["EXIT"]
    assert exited_only and answer["hits"][0] in site["definitions"]["EXIT"]
    assert not set(answer["hits"][:len(site["definitions"]["EXIT"])]) & exited_only


def test_ordinary_queries_find_their_page_among_the_first_three(site: dict[str, Any]) -> None:
    assert len(QUERIES) >= 30
    answers = site["rank"](list(QUERIES))
    missed = {}
    for answer in answers:
        assert not answer["constant"]
        pages = [hit.split("#")[0] for hit in answer["hits"][:3]]
        if not set(pages) & set(QUERIES[answer["query"]]):
            missed[answer["query"]] = pages
    assert missed == {}
