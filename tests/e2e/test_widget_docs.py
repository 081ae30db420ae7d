"""The widget and its documentation agree. The installation guide's Options and Theme tokens tables
are what the sandbox widget accepts and defaults to; a buyer's whole journey in the sandbox pushes
exactly the events content/docs/analytics/analytics-events.md documents, with exactly the documented
parameters, item keys and types: an undocumented event or key fails, and so does a documented one
that the journey never emits."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from playwright.sync_api import Page, expect

from tests.conftest import CONTENT
from tests.e2e.widget import embed, preview_url, pushes, walk_purchase

INSTALLATION = CONTENT / "docs" / "widget" / "installation.md"
EVENTS = CONTENT / "docs" / "analytics" / "analytics-events.md"
TYPES: dict[str, tuple[type, ...]] = {"string": (str,), "integer": (int,), "number": (int, float),
                                      "array": (list,), "boolean": (bool,), "object": (dict,)}


def tables(markdown: str) -> dict[str, list[list[str]]]:
    """Each section's (heading's) table rows, cells without their code backticks' outer spaces."""
    found: dict[str, list[list[str]]] = defaultdict(list)
    heading = ""
    for line in markdown.splitlines():
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        elif line.startswith("|") and not re.match(r"^\|[-| ]+\|$", line):
            found[heading].append([cell.strip() for cell in line.strip("|").split("|")])
    return {name: rows[1:] for name, rows in found.items()}  # without the header row


def code(cell: str) -> str:
    return cell.strip("`")


def documented_default(cell: str, theme: dict[str, Any]) -> Any:
    if cell in ("required", "none", "the channel's default"):
        return None
    if cell == "Onebox theme":
        return theme
    return {"`true`": True, "`false`": False}.get(cell, cell.strip("`").strip('"'))


def test_every_documented_option_exists_with_its_type_and_default(page: Page, site_url: str) -> None:
    sections = tables(INSTALLATION.read_text())
    theme = {code(row[0]): (int(code(row[2])) if row[0] == "`borderRadius`" else code(row[2]))
             for row in sections["Theme tokens"]}
    embed(page, site_url, '<div id="tickets"></div>')
    spec = page.evaluate("OneboxWidget.options.map((o) => ({...o}))")
    defaults = page.evaluate("""() => {
        const w = OneboxWidget.mount(document.getElementById('tickets'), {channelId: 812, environment: 'sandbox'});
        const {environment, ...options} = w.options;  // environment was given: its default is checked below
        return options;
    }""")
    defaults["environment"] = page.evaluate("() => { const e = document.createElement('div');"
                                            " return OneboxWidget.mount(e, {channelId: 1}).options.environment; }")
    documented = sections["Options"]
    assert [code(row[0]) for row in documented] == [o["name"] for o in spec]
    for row, option in zip(documented, spec, strict=True):
        name, attribute, kind, default = code(row[0]), row[1], row[2], row[3]
        assert (code(attribute) if attribute != "none" else None) == option["attribute"], name
        enum = re.findall(r'`"([^"]+)"`', kind)
        if enum:
            assert option["kind"] == "enum" and option["values"] == enum, name
        else:
            assert option["kind"] == kind.split(" ")[0], name
        if default == "required":
            assert page.evaluate(f"""() => {{ try {{ OneboxWidget.mount(document.createElement('div'), {{}}); }}
                catch (e) {{ return e instanceof TypeError && e.message.includes('{name} is required'); }} }}""")
            continue
        expected = documented_default(default, theme)
        actual = defaults.get(name)
        assert actual == expected, f"{name}: the widget's default is {actual!r}, the docs' {default}"
        if option["default"] is not None or expected is not None:
            assert option["default"] == expected, name


def test_the_installation_guide_lists_the_events_the_reference_documents() -> None:
    listed = re.search(r"The widget emits (.+?)\. Their parameters", INSTALLATION.read_text())
    assert listed is not None
    assert re.findall(r"`(\w+)`", listed[1]) == list(documented_events())


def documented_events() -> dict[str, dict[str, str]]:
    """Event name -> its documented keys (common parameters included; `ecommerce.x` for the
    e-commerce object's) and their types."""
    sections = tables(EVENTS.read_text())
    common = {code(row[0]): row[1] for row in sections["Common parameters"]}
    events: dict[str, dict[str, str]] = {}
    for heading, rows in sections.items():
        match = re.fullmatch(r"([a-z_]+)(?: and ([a-z_]+))?", heading)  # "purchase", "add_to_cart and remove_from_cart"
        if not match:
            continue
        names = [name for name in match.groups() if name]
        for name in names:
            events[name] = {**common, **{code(row[0]): row[1] for row in rows}}
    return events


def documented_item_keys() -> dict[str, str]:
    return {code(row[0]): row[1] for row in tables(EVENTS.read_text())["The item object"]}


def flatten(push: dict[str, Any]) -> dict[str, Any]:
    keys = {key: value for key, value in push.items() if key != "ecommerce"}
    for key, value in (push.get("ecommerce") or {}).items():
        keys[f"ecommerce.{key}"] = value
    return keys


def journey(page: Page, site_url: str) -> list[dict[str, Any]]:
    """Every push of the sandbox journeys: the whole purchase from the event list, a cart left to
    expire, and the widget opened on one event and on one session."""
    page.clock.install()
    page.goto(preview_url(site_url, {"channelId": 812, "environment": "sandbox"}))
    order_code = walk_purchase(page)
    found = pushes(page)
    assert found[-1]["event"] == "purchase" and found[-1]["event_id"] == f"purchase_{order_code}"
    page.get_by_role("button", name="Buy more tickets").click()
    page.get_by_role("button", name="See sessions of La casa de Bernarda Alba").click()
    page.get_by_role("button", name=re.compile("Choose tickets for Madrid")).click()
    page.get_by_role("button", name="Row 7, seat 16, Grada Frontal").click()
    page.get_by_role("button", name="Add to cart").click()
    page.clock.fast_forward("15:01")
    expect(page.get_by_role("alert")).to_have_text(
        "Your cart expired and its seats were released. Choose your tickets again.")
    found = pushes(page)
    for options in ({"eventId": 4521}, {"sessionId": 10871}):
        page.goto(preview_url(site_url, {"channelId": 812, "environment": "sandbox", **options}))
        page.get_by_role("heading", level=2).wait_for()
        found += pushes(page)
    return found


def test_the_events_of_a_whole_journey_are_exactly_the_documented_ones(page: Page, site_url: str) -> None:
    events = documented_events()
    items = documented_item_keys()
    found = journey(page, site_url)
    problems: list[str] = []
    seen_keys: dict[str, set[str]] = defaultdict(set)
    seen_items: set[str] = set()
    for push in found:
        name = push["event"]
        if name not in events:
            problems.append(f"{name} is pushed but not documented")
            continue
        for key, value in flatten(push).items():
            seen_keys[name].add(key)
            if key not in events[name]:
                problems.append(f"{name}: {key} is pushed but not documented")
            elif not isinstance(value, TYPES[events[name][key]]) or (isinstance(value, bool)
                                                                     and events[name][key] != "boolean"):
                problems.append(f"{name}: {key} is {value!r}, documented as {events[name][key]}")
        for item in (push.get("ecommerce") or {}).get("items", []):
            for key, value in item.items():
                seen_items.add(key)
                if key not in items:
                    problems.append(f"{name}: item key {key} is not documented")
                elif not isinstance(value, TYPES[items[key]]):
                    problems.append(f"{name}: item {key} is {value!r}, documented as {items[key]}")
    for name, keys in events.items():
        if name not in seen_keys:
            problems.append(f"{name} is documented but never pushed")
        else:
            problems += [f"{name}: {key} is documented but never pushed" for key in keys if key not in seen_keys[name]]
    problems += [f"item key {key} is documented but never pushed" for key in items if key not in seen_items]
    assert problems == [], "\n".join(problems)
    # e-commerce events clear the previous object first, as the reference says
    raw = page.evaluate("window.dataLayer")
    for index, push in enumerate(raw):
        if "ecommerce" in push and push.get("event"):
            assert raw[index - 1] == {"ecommerce": None}, push["event"]
