"""The sandbox catalogue of the portal's own edition of the sales widget (`environment: "sandbox"`).

The sandbox widget sells in the browser, with no Onebox service behind it: what it sells is this
catalogue, made at build time from the examples of the Catalog and Distribution specs (events,
sessions, venues, price zones, rates, seats, the maximum tickets per order, the cart's lifetime,
promotion codes and insurance offers), so the widget shows the same data the API reference does and
changes with it. Written beside the widget's script as `/widget/sandbox-catalogue.js`, a script that
sets `window.__oneboxSandboxCatalogue`: a script loads across origins with no CORS (an integrator's
development page, the simulators' opaque-origin sandboxed preview frame), where a JSON fetch could not.

A spec whose example the catalogue needs is missing or changed shape is an error naming the
operation, so the catalogue never silently loses part of the flow.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from docsite.errors import Report
from docsite.openapi.specs import ApiSpec

CATALOGUE_PATH = "/widget/sandbox-catalogue.js"
CATALOGUE_GLOBAL = "__oneboxSandboxCatalogue"
SEATS_PER_ROW = 12
ROWS_PER_SECTOR = 6


class _MissingExample(Exception):
    def __init__(self, spec: ApiSpec, pointer: str, what: str):
        super().__init__(what)
        self.spec, self.pointer, self.what = spec, pointer, what


def _example(spec: ApiSpec, path: str, method: str = "get", status: str = "200") -> Any:
    pointer = f"/paths/{path.replace('/', '~1')}/{method}"
    operation = spec.document.get("paths", {}).get(path, {}).get(method)
    if not isinstance(operation, dict):
        raise _MissingExample(spec, pointer, f"{method.upper()} {path} is not in the spec")
    if status == "request":
        media = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    else:
        media = operation.get("responses", {}).get(status, {}).get("content", {}).get("application/json", {})
    if "example" in media:
        return media["example"]
    for example in (media.get("examples") or {}).values():  # the first of the named examples
        if isinstance(example, dict) and isinstance(example.get("$ref"), str):
            example = spec.document.get("components", {}).get("examples", {}).get(example["$ref"].rsplit("/", 1)[-1])
        if isinstance(example, dict) and "value" in example:
            return example["value"]
    raise _MissingExample(spec, pointer, f"{method.upper()} {path} has no {status} example")


def catalogue_script(catalogue: dict[str, Any]) -> bytes:
    """The catalogue as the script the widget loads."""
    data = json.dumps(catalogue, ensure_ascii=False, separators=(",", ":"))
    return f"window.{CATALOGUE_GLOBAL}={data};\n".encode()


def sandbox_catalogue(specs: list[ApiSpec], report: Report) -> dict[str, Any] | None:
    """The catalogue, or None when the site has no Catalog or Distribution spec (no sandbox then)."""
    by_name = {spec.name: spec for spec in specs}
    catalog, distribution = by_name.get("catalog"), by_name.get("distribution")
    if catalog is None or distribution is None:
        return None
    try:
        return _catalogue(catalog, distribution)
    except _MissingExample as missing:
        report.error(f"the widget's sandbox catalogue needs an example: {missing.what}", missing.spec.file,
                     missing.spec.lines.get(missing.pointer),
                     "keep the example of this operation (the sandbox widget sells what the examples show)")
    except (KeyError, TypeError, ValueError, IndexError) as error:
        report.error(f"the widget's sandbox catalogue could not read the specs' examples: {type(error).__name__} "
                     f"{error}", catalog.file, None,
                     "keep the examples of the catalog operations in the shape of their schemas")
    return None


def _catalogue(catalog: ApiSpec, distribution: ApiSpec) -> dict[str, Any]:
    events_example = _example(catalog, "/catalog/v1/events")["data"]
    sessions_examples = [*_example(catalog, "/catalog/v1/events/{eventId}/sessions")["data"],
                         *_example(catalog, "/catalog/v1/sessions")["data"]]
    session_detail = _example(catalog, "/catalog/v1/sessions/{sessionId}")
    zones = _example(catalog, "/catalog/v1/sessions/{sessionId}/price-zones")["data"]
    rates = _example(catalog, "/catalog/v1/sessions/{sessionId}/rates")["data"]
    availability = _example(catalog, "/catalog/v1/sessions/{sessionId}/availability")
    seat_example = _example(catalog, "/catalog/v1/sessions/{sessionId}/availability/seats")
    cart = _example(distribution, "/distribution/v1/carts", "post", "201")
    code_request = _example(distribution, "/distribution/v1/carts/{cartId}/promotions/code", "post", "request")
    code_cart = _example(distribution, "/distribution/v1/carts/{cartId}/promotions/code", "post")
    insurance = _example(distribution, "/distribution/v1/carts/{cartId}/insurance-offers")["data"]

    currency = zones[0]["prices"][0]["price"]["currency"]
    events = [{"id": e["id"], "name": e["name"], "category": e["category"], "entity": e["entity"]["name"]}
              for e in events_example]
    known_events = {e["id"] for e in events}
    sessions: dict[int, dict[str, Any]] = {}
    for s in sessions_examples:
        if s["id"] in sessions or s["event"]["id"] not in known_events:
            continue
        sessions[s["id"]] = {
            "id": s["id"], "eventId": s["event"]["id"], "name": s["name"], "startDate": s["startDate"],
            "timeZone": s["timeZone"], "venue": {"id": s["venue"]["id"], "name": s["venue"]["name"],
                                                 "city": s["venue"]["city"]},
            "seating": s["seating"],
        }
    available = {z["priceZoneId"]: z["available"] for z in availability["priceZones"]}
    price_zones = [{"id": z["id"], "name": z["name"], "seating": z["seating"], "color": z["color"],
                    "prices": {str(p["rateId"]): p["price"]["amount"] for p in z["prices"]},
                    **({"available": available.get(z["id"], 0)} if z["seating"] == "GENERAL_ADMISSION" else {})}
                   for z in zones]
    for session in sessions.values():
        # A numbered session sells only the numbered zones; general admission only the others.
        session["priceZoneIds"] = [z["id"] for z in price_zones
                                   if session["seating"] == "MIXED" or z["seating"] == session["seating"]]
    # The promotion code: its code from the request, its name and percentage from the cart it gives.
    item = code_cart["items"][0]
    promotion = item["price"]["promotions"][0]
    percentage = round(100 * promotion["amount"]["amount"] / item["price"]["basePrice"]["amount"])
    created = datetime.fromisoformat(cart["createdAt"])
    expires = datetime.fromisoformat(cart["expiresAt"])
    return {
        "currency": currency,
        "events": events,
        "sessions": list(sessions.values()),
        "priceZones": price_zones,
        "rates": [{"id": r["id"], "name": r["name"], "isDefault": r["isDefault"]} for r in rates],
        "sectors": _sectors(seat_example, price_zones),
        "maxTicketsPerOrder": session_detail["limits"]["maxTicketsPerOrder"],
        "cartLifetimeSeconds": int((expires - created).total_seconds()),
        "promotionCodes": [{"code": code_request["code"].upper(), "name": promotion["name"],
                            "percentage": percentage}],
        "insurance": [{"id": o["id"], "name": o["name"], "pricePerTicket": o["pricePerTicket"]["amount"]}
                      for o in insurance],
    }


def _sectors(example: dict[str, Any], price_zones: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One sector per numbered price zone. The example's sector keeps its seats and their statuses,
    its rows completed to SEATS_PER_ROW; the other zones get a sector of the same shape, with every
    seventh seat sold."""
    statuses = {seat["seatId"]: seat["status"] for sector in example["sectors"] for row in sector["rows"]
                for seat in row["seats"]}
    by_zone = {}
    for sector in example["sectors"]:
        zone = sector["rows"][0]["seats"][0]["priceZoneId"]
        by_zone[zone] = sector
    sectors = []
    for index, zone in enumerate(z for z in price_zones if z["seating"] == "NUMBERED"):
        known = by_zone.get(zone["id"])
        sector_id = known["sectorId"] if known else 6200 + index
        first_row = int(known["rows"][0]["name"]) if known else 1
        first_seat = known["rows"][0]["seats"][0] if known else None
        # The example's seat ids read <base><row><number, two digits>: 5510713 is row 7, seat 13.
        base = (first_seat["seatId"] - first_row * 100 - int(first_seat["number"])) if first_seat else sector_id * 1000
        first_number = max(1, int(first_seat["number"]) - 4) if first_seat else 1
        rows = []
        for r in range(ROWS_PER_SECTOR):
            row = first_row + r
            seats = []
            for number in range(first_number, first_number + SEATS_PER_ROW):
                seat_id = base + row * 100 + number
                default = "SOLD" if (row * SEATS_PER_ROW + number) % 7 == 0 else "AVAILABLE"
                seats.append({"id": seat_id, "number": str(number), "status": statuses.get(seat_id, default)})
            rows.append({"name": str(row), "seats": seats})
        sectors.append({"id": sector_id, "name": known["name"] if known else zone["name"],
                        "priceZoneId": zone["id"], "rows": rows})
    return sectors
