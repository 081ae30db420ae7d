"""The sandbox widget's catalogue: made from the Catalog and Distribution specs' examples, published
beside the widget's script, and an error naming the operation when an example it needs is gone."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from docsite.build import Paths, check, load_site
from docsite.errors import BuildError, Report
from docsite.outputs.widget_sandbox import CATALOGUE_GLOBAL, CATALOGUE_PATH
from tests.conftest import CONTENT, FRONTEND


def catalogue_of(content: Path) -> dict[str, Any]:
    site = load_site(Paths(content, content.parent / "build", FRONTEND), report=Report())
    script = site.files[CATALOGUE_PATH].decode()
    prefix = f"window.{CATALOGUE_GLOBAL}="
    assert script.startswith(prefix) and script.endswith(";\n")
    return dict(json.loads(script[len(prefix):-2]))


def test_the_catalogue_sells_what_the_specs_examples_show() -> None:
    catalogue = catalogue_of(CONTENT)
    assert [e["id"] for e in catalogue["events"]] == [4521, 4602]
    madrid = next(s for s in catalogue["sessions"] if s["id"] == 10871)
    assert madrid["venue"]["name"] == "WiZink Center" and madrid["timeZone"] == "Europe/Madrid"
    assert madrid["priceZoneIds"] == [801, 802, 803]  # MIXED: general admission and numbered zones
    theatre = next(s for s in catalogue["sessions"] if s["id"] == 11205)
    assert all(z["seating"] == "NUMBERED" for z in catalogue["priceZones"] if z["id"] in theatre["priceZoneIds"])
    pista = next(z for z in catalogue["priceZones"] if z["id"] == 801)
    assert pista["prices"] == {"301": 4200, "302": 3600} and pista["available"] == 812
    assert [r["name"] for r in catalogue["rates"]] == ["General", "Carnet Joven", "Infantil"]
    seats = {seat["id"]: seat["status"] for sector in catalogue["sectors"] for row in sector["rows"]
             for seat in row["seats"]}
    # The seat-availability example's seats keep their ids and statuses.
    assert (seats[5510713], seats[5510714], seats[5510715], seats[5510718]) == ("SOLD", "HELD", "AVAILABLE", "BLOCKED")
    assert catalogue["promotionCodes"] == [{"code": "MAREA10", "name": "Preventa fans 10%", "percentage": 10}]
    assert catalogue["cartLifetimeSeconds"] == 900 and catalogue["maxTicketsPerOrder"] == 8
    assert [o["pricePerTicket"] for o in catalogue["insurance"]] == [150, 290]


def edit_spec(content: Path, name: str, edit: Callable[[dict[str, Any]], None]) -> None:
    spec = content / "specs" / f"{name}.yaml"
    document = yaml.safe_load(spec.read_text())
    edit(document["paths"])
    spec.write_text(yaml.safe_dump(document, sort_keys=False, allow_unicode=True))


def test_a_changed_example_changes_the_catalogue(site_copy: Callable[[], Path]) -> None:
    content = site_copy()
    edit_spec(content, "distribution", lambda paths: paths["/distribution/v1/carts/{cartId}/promotions/code"]["post"]
              ["requestBody"]["content"]["application/json"]["example"].update(code="verano15"))
    assert catalogue_of(content)["promotionCodes"][0]["code"] == "VERANO15"


def test_named_examples_serve_as_well(site_copy: Callable[[], Path]) -> None:
    content = site_copy()

    def named(paths: dict[str, Any]) -> None:
        response = paths["/catalog/v1/sessions/{sessionId}/rates"]["get"]["responses"]["200"]
        media = response["content"]["application/json"]
        media["examples"] = {"twoRates": {"value": {"data": media.pop("example")["data"][:2]}}}

    edit_spec(content, "catalog", named)
    assert [r["name"] for r in catalogue_of(content)["rates"]] == ["General", "Carnet Joven"]


def test_a_missing_operation_is_an_error_naming_it(site_copy: Callable[[], Path]) -> None:
    content = site_copy()
    edit_spec(content, "catalog", lambda paths: paths.pop("/catalog/v1/sessions/{sessionId}/rates"))
    with pytest.raises(BuildError) as caught:
        check(Paths(content, content.parent / "build", FRONTEND))
    problems = [str(p) for p in caught.value.problems]
    assert any("sandbox catalogue needs an example: GET /catalog/v1/sessions/{sessionId}/rates is not in the spec" in p
               and "catalog.yaml:" in p for p in problems), problems
