"""The changelog's diff (docsite.openapi.changelog) on two small versions of a spec with known changes:
every kind of change, each marked breaking or not; the versions listed from the notes and the history
folder; a history file that is not an earlier version is an error naming it."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from docsite.errors import Report
from docsite.openapi.changelog import Change, diff, releases
from docsite.openapi.spec_validation import parse_spec
from docsite.openapi.specs import ApiSpec, history_problems, load_history

OLD = """\
openapi: 3.1.0
info:
  title: Shop API
  version: 1.0.0
  x-changelog:
    - {version: 1.0.0, date: "2026-01-05", changes: ["First version."]}
paths:
  /items:
    parameters:
      - {name: q, in: query, schema: {type: string}}
    get:
      parameters:
        - {name: limit, in: query, schema: {type: integer}}
        - {name: page, in: query, schema: {type: integer}}
        - {name: sort, in: query, schema: {type: string, enum: [name, price, date]}}
        - {name: X-Tenant, in: header, required: true, schema: {type: string}}
      responses:
        "200":
          description: Items.
          content:
            application/json:
              schema:
                type: object
                required: [data]
                properties:
                  data: {type: array, items: {$ref: "#/components/schemas/Item"}}
        "404": {description: None.}
    post:
      requestBody:
        content:
          application/json:
            schema: {$ref: "#/components/schemas/NewItem"}
      responses:
        "201": {description: Created., content: {application/json: {schema: {$ref: "#/components/schemas/Item"}}}}
  /items/{id}:
    delete:
      parameters:
        - {name: id, in: path, required: true, schema: {type: integer}}
      responses:
        "204": {description: Deleted.}
components:
  schemas:
    Item:
      type: object
      required: [id, name, price]
      properties:
        id: {type: integer}
        name: {type: string}
        price: {type: integer}
        status: {type: string, enum: [ACTIVE, HIDDEN]}
        legacyCode: {type: string}
        tags: {type: array, items: {type: string, enum: [new, sale]}}
    NewItem:
      type: object
      required: [name]
      properties:
        name: {type: string}
        price: {type: integer}
        colour: {type: string, enum: [red, green, blue]}
        note: {type: string}
        weight: {type: integer}
"""

NEW = """\
openapi: 3.1.0
info:
  title: Shop API
  version: 2.0.0
  x-changelog:
    - {version: 2.0.0, date: "2026-03-02", changes: ["Search by `category`; deleting is gone."]}
    - {version: 1.5.0, date: "2026-02-01", changes: ["Items carry `stock`."]}
    - {version: 1.0.0, date: "2026-01-05", changes: ["First version."]}
paths:
  /items:
    parameters:
      - {name: q, in: query, schema: {type: string}}
    get:
      deprecated: true
      parameters:
        - {name: limit, in: query, required: true, schema: {type: integer}}
        - {name: sort, in: query, schema: {type: string, enum: [name, price, popularity]}}
        - {name: X-Tenant, in: header, required: true, schema: {type: string}}
        - {name: category, in: query, required: true, schema: {type: string}}
        - {name: lang, in: query, schema: {type: string}}
      responses:
        "200":
          description: Items.
          content:
            application/json:
              schema:
                type: object
                required: [data]
                properties:
                  data: {type: array, items: {$ref: "#/components/schemas/Item"}}
        "429": {description: Slow down.}
    post:
      requestBody:
        content:
          application/json:
            schema: {$ref: "#/components/schemas/NewItem"}
      responses:
        "201": {description: Created., content: {application/json: {schema: {$ref: "#/components/schemas/Item"}}}}
  /categories:
    get:
      responses:
        "200": {description: Categories.}
components:
  schemas:
    Item:
      type: object
      required: [id, name]
      properties:
        id: {type: string}
        name: {type: string}
        price: {type: integer}
        status: {type: string, enum: [ACTIVE, HIDDEN, SOLD_OUT]}
        stock:
          type: object
          properties:
            available: {type: integer}
            reserved: {type: integer}
        tags: {type: array, items: {type: string, enum: [new]}}
        parent: {$ref: "#/components/schemas/Item"}
    NewItem:
      type: object
      required: [name, price, sku]
      properties:
        name: {type: string}
        price: {type: integer}
        colour: {type: string, enum: [red, green]}
        note: {type: [string, "null"]}
        weight: {type: number}
        sku: {type: string}
        gift: {type: boolean}
"""


def spec(folder: Path, name: str, text: str) -> ApiSpec:
    file = folder / name
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(textwrap.dedent(text), encoding="utf-8")
    document, lines = parse_spec(file.read_text(encoding="utf-8"), file)
    return ApiSpec(file.stem, file, document, lines)


def said(change: Change) -> str:
    """The change's text as a reader sees it, code in backticks."""
    return "".join(part if isinstance(part, str) else f"`{part[2]}`" for part in change.text)


@pytest.fixture
def changes(tmp_path: Path) -> dict[tuple[str, str], bool]:
    """(operation, text) -> breaking, for the changes from OLD to NEW."""
    found = diff(spec(tmp_path, "old/shop.yaml", OLD), spec(tmp_path, "shop.yaml", NEW))
    assert len({(c.operation, said(c)) for c in found}) == len(found), "no change is listed twice"
    assert [c.breaking for c in found] == sorted((c.breaking for c in found), reverse=True), "breaking ones first"
    return {(c.operation, said(c)): c.breaking for c in found}


EXPECTED = {
    # operations
    ("GET /categories", "New operation."): False,
    ("DELETE /items/{id}", "Operation removed."): True,
    ("GET /items", "Deprecated: plan to stop calling it."): False,
    # parameters (a path item's shared ones are the operation's too: `q` is unchanged)
    ("GET /items", "New required query parameter `category`."): True,
    ("GET /items", "New optional query parameter `lang`."): False,
    ("GET /items", "Query parameter `page` removed."): True,
    ("GET /items", "Query parameter `limit` is now required."): True,
    ("GET /items", "Query parameter `sort` can be `popularity`."): False,
    ("GET /items", "Query parameter `sort` can no longer be `date`."): True,
    # responses
    ("GET /items", "New response `429`."): False,
    ("GET /items", "Response `404` removed."): False,
    # response fields ($ref'd schemas; a field inside a new one is not listed again; a schema that
    # contains itself is walked once)
    ("GET /items", "New 200 response field `data[].stock`."): False,
    ("GET /items", "New 200 response field `data[].parent`."): False,
    ("GET /items", "200 response field `data[].legacyCode` removed."): True,
    ("GET /items", "200 response field `data[].id` type changed from `integer` to `string`."): True,
    ("GET /items", "200 response field `data[].price` is now optional."): True,
    ("GET /items", "200 response field `data[].status` can be `SOLD_OUT`."): False,
    ("GET /items", "200 response field `data[].tags[]` can no longer be `sale`."): False,
    ("POST /items", "New 201 response field `stock`."): False,
    ("POST /items", "New 201 response field `parent`."): False,
    ("POST /items", "201 response field `legacyCode` removed."): True,
    ("POST /items", "201 response field `id` type changed from `integer` to `string`."): True,
    ("POST /items", "201 response field `price` is now optional."): True,
    ("POST /items", "201 response field `status` can be `SOLD_OUT`."): False,
    ("POST /items", "201 response field `tags[]` can no longer be `sale`."): False,
    # request fields
    ("POST /items", "New required request field `sku`."): True,
    ("POST /items", "New request field `gift`."): False,
    ("POST /items", "Request field `price` is now required."): True,
    ("POST /items", "Request field `colour` can no longer be `blue`."): True,
    ("POST /items", "Request field `note` type changed from `string` to `null | string`."): False,
    ("POST /items", "Request field `weight` type changed from `integer` to `number`."): False,
}


def test_every_kind_of_change_is_found_and_marked_breaking_or_not(changes: dict[tuple[str, str], bool]) -> None:
    assert changes == EXPECTED


def test_a_spec_compared_with_itself_has_no_change(tmp_path: Path) -> None:
    assert diff(spec(tmp_path, "a/shop.yaml", NEW), spec(tmp_path, "shop.yaml", NEW)) == []


def test_a_type_narrowed_in_a_request_or_widened_in_a_response_breaks(tmp_path: Path) -> None:
    old = spec(tmp_path, "old/t.yaml", NEW)
    new_text = NEW.replace("weight: {type: number}", "weight: {type: [integer, string]}")
    new_text = new_text.replace("price: {type: integer}\n        status",
                                "price: {type: [integer, \"null\"]}\n        status")
    found = {(c.operation, said(c)): c.breaking for c in diff(old, spec(tmp_path, "t.yaml", new_text))}
    assert found == {
        ("POST /items", "Request field `weight` type changed from `number` to `integer | string`."): True,
        ("GET /items", "200 response field `data[].price` type changed from `integer` to `integer | null`."): True,
        ("POST /items", "201 response field `price` type changed from `integer` to `integer | null`."): True,
    }


def test_versions_come_from_the_notes_and_the_history_files_newest_first(tmp_path: Path) -> None:
    current = spec(tmp_path, "shop.yaml", NEW)
    older = spec(tmp_path, "history/shop/1.0.0.yaml", OLD)
    found = releases(current, [older])
    # 1.5.0's file is not kept: 2.0.0 has nothing to compare with, only its notes
    assert [(r.version, r.date, r.previous, len(r.changes)) for r in found] == [
        ("2.0.0", "2026-03-02", None, 0), ("1.5.0", "2026-02-01", None, 0), ("1.0.0", "2026-01-05", None, 0)]
    assert found[0].notes == [("Search by `category`; deleting is gone.", "/info/x-changelog/0/changes/0")]
    notes_of_1_5 = '    - {version: 1.5.0, date: "2026-02-01", changes: ["Items carry `stock`."]}\n'
    without = spec(tmp_path, "shop.yaml", NEW.replace(notes_of_1_5, ""))
    found = releases(without, [older])
    assert [(r.version, r.previous) for r in found] == [("2.0.0", "1.0.0"), ("1.0.0", None)]
    assert {(c.operation, said(c)): c.breaking for c in found[0].changes} == EXPECTED


def test_a_history_file_must_be_an_earlier_version_named_by_its_version(tmp_path: Path) -> None:
    current = spec(tmp_path, "shop.yaml", NEW)
    spec(tmp_path, "history/shop/1.0.0.yaml", OLD)
    spec(tmp_path, "history/shop/1.1.0.yaml", OLD)
    spec(tmp_path, "history/shop/3.0.0.yaml", OLD.replace("version: 1.0.0\n", "version: 3.0.0\n", 1))
    report = Report()
    kept = load_history(current, report)
    assert [older.version for older in kept] == ["1.0.0"]
    # (the minimal specs have other problems too: no descriptions, no servers)
    problems = sorted((p for p in report.problems if "earlier version" in p.message), key=lambda p: str(p.file))
    assert [(p.file.name if p.file else None, p.line) for p in problems] == [("1.1.0.yaml", 4), ("3.0.0.yaml", 4)]
    assert problems[0].message == ("this earlier version of the Shop API says `info.version: 1.0.0`, but its file "
                                   "is named 1.1.0.yaml")
    assert problems[1].message == ("version 3.0.0 is kept as an earlier version of the Shop API, but the current "
                                   "spec (shop.yaml) is version 2.0.0")
    assert all(problem.fix for problem in problems)


def test_a_history_folder_or_file_no_changelog_reads_is_an_error(tmp_path: Path) -> None:
    spec(tmp_path, "shop.yaml", NEW)
    spec(tmp_path, "history/shop/1.0.0.yaml", OLD)
    spec(tmp_path, "history/shops/1.0.0.yaml", OLD)
    spec(tmp_path, "history/1.0.0.yaml", OLD)
    problems = history_problems(tmp_path)
    assert [(p.file, p.message) for p in problems] == [
        (tmp_path / "history" / "1.0.0.yaml", "1.0.0.yaml is not in an API's folder: its changelog would not read it"),
        (tmp_path / "history" / "shops", "history/shops/ holds earlier versions of an API that has no spec: there is "
                                         "no shops.yaml beside history/")]
    assert all(problem.fix for problem in problems)
