"""The API reference in the build: specs validated on every build, operation cards, the docs-vs-specs
check, and the routes (search sections, anchors) the rest of the site uses."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from docsite.build import Paths, check, load_site
from docsite.errors import BuildError
from tests.conftest import CONTENT, FRONTEND, LINT_RULES_OFF
from tests.unit.sitefiles import configure


def paths(content: Path) -> Paths:
    return Paths(content, content.parent / "build", FRONTEND)


def errors_of(content: Path) -> list[str]:
    with pytest.raises(BuildError) as caught:
        check(paths(content))
    return [str(problem) for problem in caught.value.problems]


def add_doc(content: Path, body: str) -> Path:
    """A short doc that uses the API reference (the lint rules, which it does not meet, are off)."""
    configure(content, lint=LINT_RULES_OFF)
    doc = content / "docs" / "api-test.md"
    doc.write_text("---\ntitle: API test\ndescription: A page that uses the API reference.\n---\n\n" + body)
    return doc


def test_a_spec_problem_fails_the_build_naming_the_file_and_pointer(site_copy: Callable[[], Path]) -> None:
    content = site_copy()
    spec = content / "specs" / "customers.yaml"
    spec.write_text(spec.read_text().replace("operationId: searchBuyers", "operationId: SearchBuyers", 1))
    problems = errors_of(content)
    assert any("customers.yaml:" in p and "/paths/~1customers-mgmt~1v1~1buyers/get/operationId" in p
               and "is not camelCase" in p for p in problems), problems


def test_operation_cards_resolve_and_an_unknown_operation_id_fails(site_copy: Callable[[], Path]) -> None:
    content = site_copy()
    add_doc(content, '::OperationCard{operationId="refundOrderItems"}\n\n::OperationCard{operationId="refundOrder"}\n')
    problems = errors_of(content)
    assert len([p for p in problems if "OperationCard" in p]) == 1
    message = next(p for p in problems if "OperationCard" in p)
    assert "docs/api-test.md:8: OperationCard: no operation with operationId 'refundOrder'" in message
    assert "Did you mean refundOrderItems" in message

    add_doc(content, '::OperationCard{operationId="refundOrderItems"}\n')
    site = load_site(paths(content))
    route = next(r for r in site.routes if r.path == "/docs/api-test")
    card = route.data["content"][0]
    assert card[0] == "OperationCard"
    assert card[1] == {"operationId": "refundOrderItems", "method": "POST",
                       "path": "/orders-mgmt/v1/orders/{orderCode}/refunds", "summary": card[1]["summary"],
                       "href": "/specification/orders#operation-refundOrderItems", "api": "Orders Management API"}


def test_an_api_call_no_spec_defines_fails_the_build_with_file_and_line(site_copy: Callable[[], Path]) -> None:
    content = site_copy()
    add_doc(content, "Refund with `POST /orders-mgmt/v1/order/{orderCode}/refunds`.\n\n"
                     "```bash\ncurl -X DELETE https://api.pre.oneboxtds.com/catalog/v1/events/4521\n```\n")
    problems = [p for p in errors_of(content) if "API call" in p]
    assert len(problems) == 2
    assert "docs/api-test.md:6: API call `POST /orders-mgmt/v1/order/{orderCode}/refunds`" in problems[0]
    assert "did you mean `POST /orders-mgmt/v1/orders/{orderCode}/refunds` (Orders Management API)?" in problems[0]
    assert "docs/api-test.md:9: API call `DELETE https://api.pre.oneboxtds.com/catalog/v1/events/4521`" in problems[1]


def test_api_pages_give_search_one_section_per_operation_and_their_anchors(site_copy: Callable[[], Path]) -> None:
    content = site_copy()
    add_doc(content, "[Refunds](/specification/orders#operation-refundOrderItems), "
                     "[orders](/specification/orders#schema-Order), [gone](/specification/orders#operation-nope)\n")
    site = load_site(paths(content))
    orders = next(r for r in site.routes if r.path == "/specification/orders")
    assert orders.kind == "apiReference" and orders.search == "other"
    refund = next(s for s in orders.sections or [] if s.anchor == "operation-refundOrderItems")
    assert refund.title == "Refund order items"
    assert refund.text.startswith("POST /orders-mgmt/v1/orders/{orderCode}/refunds ")
    assert "orderCode" in refund.text
    webhook = next(s for s in orders.sections or [] if s.anchor == "operation-notifyOrderPurchased")
    assert webhook.title == "Order purchased"
    assert {"operation-refundOrderItems", "schema-Order", "error-REFUND_NOT_ALLOWED", "tag-refunds"} <= orders.anchors
    warnings = check(paths(content))
    broken = [w for w in warnings if "broken anchor" in w.message]
    assert len(broken) == 1 and "operation-nope" in broken[0].message


def test_each_api_has_try_it_data_for_its_operations_and_none_for_its_webhooks() -> None:
    """What the Try it panels fetch: per operation, every parameter with its example, the samples'
    call, and its bodies' JSON Schemas (shared responses followed), with the schemas they refer to."""
    site = load_site(paths(CONTENT))
    data = json.loads(site.files["/_data/tryit/orders.json"])
    refund = data["operations"]["operation-refundOrderItems"]
    assert refund["parameters"][0] == {"in": "path", "name": "orderCode", "required": True, "value": "OB4K7Q2M9X"}
    assert refund["call"]["method"] == "POST" and refund["call"]["token"] is True
    assert refund["call"]["url"] == "https://api.pre.oneboxtds.com/orders-mgmt/v1/orders/OB4K7Q2M9X/refunds"
    assert refund["call"]["mediaType"] == "application/json" and "body" in refund["call"]
    assert refund["request"] and refund["responses"]["401"] == {"$ref": "#/components/schemas/Error"}
    assert "Error" in data["components"]["schemas"]
    assert "operation-notifyOrderPurchased" not in data["operations"]  # a webhook is not called, it calls
    assert {f"/_data/tryit/{spec.name}.json" for spec in site.specs} <= set(site.files)
    for spec in site.specs:  # each environment's token endpoint, which the panel posts credentials to
        assert json.loads(site.files[f"/_data/tryit/{spec.name}.json"])["tokenUrls"] == {
            "https://api.pre.oneboxtds.com": "https://auth.pre.oneboxtds.com/oauth/token",
            "https://api.oneboxtds.com": "https://auth.oneboxtds.com/oauth/token"}, spec.name
