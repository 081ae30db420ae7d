"""JSON Schemas (OpenAPI 3.0 and 3.1) -> the compact schema nodes the API page renders as trees.

A named schema is rendered once, into the page's schema table; wherever it is used, the node is
just `{"ref": "Cart"}` (with the annotations written beside the `$ref`, such as a description).
Every `$ref` to a schema gets a name (components keep theirs; a schema in another file or deeper in
a document is named after its title or its last pointer segment), so a recursive schema is a
reference to a name already in the table: the front end shows a "circular" marker instead of
expanding it again.

A node keeps the JSON Schema shape where it can (`properties`, `required`, `items`, `oneOf`...)
and turns the rest into what a reader needs:

    {"type": "string", "format": "date-time", "nullable": true, "readOnly": true,
     "description": <Markdown tree or plain string>, "enum": ["\\"ON_SALE\\"", ...],
     "constraints": ["1 to 100 characters"], "pattern": "^[A-Z]{3}$", "default": "20",
     "properties": {"id": {...}}, "required": ["id"], "additionalProperties": {...} | false,
     "discriminator": {"propertyName": "type", "mapping": {"NUMBERED": "NumberedSeat"}}}

Values (enum, const, default, examples) are JSON text, so `"20"` and `20` stay distinct.
`type: [string, "null"]`, OpenAPI 3.0's `nullable: true` and `oneOf: [X, {type: "null"}]` all
become `nullable: true`. `allOf` members that are objects are merged into one object.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from docsite.openapi.resolver import Location, Resolver, SpecError, components

Node = dict[str, Any]
Markdown = Callable[[str, Location], Any]  # description text -> content tree (or plain string)

COMPONENTS = "/components/schemas/"
MAX_DEPTH = 64  # inline nesting (YAML aliases can make a schema contain itself without a $ref)
_ANNOTATIONS = ("title", "description", "deprecated", "readOnly", "writeOnly", "default", "example",
                "examples", "nullable", "externalDocs")
_COMPOSITIONS = ("oneOf", "anyOf", "allOf", "not", "if", "then", "else")
_SCALAR_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string", type(None): "null"}
SHORT_EXAMPLE = 120  # longer schema examples are left to the media type's examples


def json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def node_constants(node: Any) -> Iterator[str]:
    """The string values of the enums and consts written in `node` (a schema node, or a tree of
    them such as an operation's parameters), not those of the named schemas it refers to: the
    constants it defines, each once."""
    seen: set[str] = set()
    for text in _constant_texts(node):
        value = json.loads(text)
        if isinstance(value, str) and value not in seen:
            seen.add(value)
            yield value


def _constant_texts(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        if isinstance(node.get("enum"), list):
            yield from node["enum"]
        if isinstance(node.get("const"), str):
            yield node["const"]
        for key, child in node.items():
            if key not in ("description", "example", "examples", "default"):  # text, not schemas
                yield from _constant_texts(child)
    elif isinstance(node, list):
        for child in node:
            yield from _constant_texts(child)


class SchemaTable:
    """The named schemas of one API page, and the nodes of the schemas used inline."""

    def __init__(self, resolver: Resolver, markdown: Markdown) -> None:
        self.resolver = resolver
        self.markdown = markdown
        self.names: dict[Location, str] = {}
        self.nodes: dict[str, Node] = {}
        self._pending: list[tuple[str, Location]] = []
        # the schemas whose nodes are being made, the named one and those merged into it: an
        # `allOf` member among them is a schema containing itself (`parent: {allOf: [$ref: Category]}`
        # in Category), which stays a reference ("circular"), not merged again and again
        self._inlining: list[Location] = []

    # -- the table -----------------------------------------------------------------------------

    def add_components(self) -> None:
        """Name every schema under `components.schemas`, in the order the spec lists them."""
        where = self.resolver.root.child("components", "schemas")
        for name in components(self.resolver, "schemas"):
            self.name_of(where.child(name))

    def name_of(self, where: Location) -> str:
        """The table name of the schema at `where` (given one, and queued for rendering, on first use)."""
        name = self.names.get(where)
        if name is None:
            name = self._new_name(where)
            self.names[where] = name
            self.nodes[name] = {}  # keeps the table in first-use order
            self._pending.append((name, where))
        return name

    def finish(self) -> dict[str, Node]:
        """Render every named schema (rendering one may name others) and return the table."""
        while self._pending:
            name, where = self._pending.pop(0)
            self._inlining = [where]
            self.nodes[name] = self.node(self.resolver.get(where), where)
        return self.nodes

    def _new_name(self, where: Location) -> str:
        if where.file == self.resolver.root.file and where.pointer.startswith(COMPONENTS) \
                and where.pointer.count("/") == 3:
            base = where.last
        else:
            value = self.resolver.get(where)
            title = value.get("title") if isinstance(value, dict) else None
            last = where.last
            base = (title if isinstance(title, str) and title.strip() else
                    last if last and not last.isdigit() and last not in _KEYWORDS else
                    where.file.stem)
            base = "".join(part[:1].upper() + part[1:] for part in _words(base)) or "Schema"
        name, number = base, 1
        while name in self.nodes:
            number += 1
            name = f"{base}{number}"
        return name

    # -- nodes ---------------------------------------------------------------------------------

    def node(self, schema: Any, where: Location, depth: int = 0) -> Node:
        """The node of the schema `schema`, written at `where`."""
        if depth > MAX_DEPTH:
            raise self.resolver.error(where, "the schema nests deeper than 64 levels (a YAML alias "
                                      "that contains itself?)", "use a $ref for recursive schemas")
        if schema is True or schema == {}:
            return {"type": "any"}
        if schema is False:
            return {"type": "never"}
        if not isinstance(schema, dict):
            raise self.resolver.error(where, f"a schema must be a mapping (or true/false), not {_kind(schema)}",
                                      "write the schema as a mapping such as {type: string}")
        for keyword in ("$ref", "$dynamicRef", "$recursiveRef"):
            if keyword in schema:
                return self._reference(schema, keyword, where)

        out: Node = {}
        types, nullable = self._types(schema, where)
        self._annotate(out, schema, where)
        if nullable:
            out["nullable"] = True
        self._constraints(out, schema)
        self._structure(out, schema, where, depth)
        self._compositions(out, schema, where, depth)
        if types:
            out["type"] = " | ".join(types)
        elif not any(key in out for key in ("properties", "items", "ref", *_COMPOSITIONS)):
            out["type"] = self._inferred_type(out, schema)
        return out

    def _reference(self, schema: dict[str, Any], keyword: str, where: Location) -> Node:
        ref = schema[keyword]
        target = self.resolver.target("#" + ref if keyword == "$recursiveRef" and ref == "#" else ref,
                                      where.child(keyword))
        self.resolver.get(target)  # fails here, at the $ref, when it leads nowhere
        out: Node = {"ref": self.name_of(target)}
        self._annotate(out, schema, where)  # 3.1: keywords beside $ref apply too
        if schema.get("nullable") is True:
            out["nullable"] = True
        return out

    def _types(self, schema: dict[str, Any], where: Location) -> tuple[list[str], bool]:
        value = schema.get("type")
        types = [value] if isinstance(value, str) else list(value) if isinstance(value, list) else []
        if value is not None and (not types or not all(isinstance(t, str) for t in types)):
            raise self.resolver.error(where.child("type"), f"`type` must be a name or a list of names, not {value!r}",
                                      'write `type: string` or `type: [string, "null"]`')
        nullable = "null" in types or schema.get("nullable") is True
        rest = [t for t in types if t != "null"]
        if not rest and "null" in types:
            rest = ["null"]
            nullable = False
        return rest, nullable

    def _inferred_type(self, out: Node, schema: dict[str, Any]) -> str:
        if "additionalProperties" in out or "patternProperties" in out:
            return "object"
        if "prefixItems" in out:
            return "array"
        enum = schema.get("enum")
        values: list[Any] = enum if isinstance(enum, list) else [schema["const"]] if "const" in schema else []
        kinds = {_SCALAR_TYPES.get(type(v), "object" if isinstance(v, dict) else "array") for v in values}
        kinds.discard("null")
        return " | ".join(sorted(kinds)) if kinds else "any"

    def _annotate(self, out: Node, schema: dict[str, Any], where: Location) -> None:
        if isinstance(schema.get("title"), str):
            out["title"] = schema["title"]
        if isinstance(schema.get("description"), str) and schema["description"].strip():
            out["description"] = self.markdown(schema["description"], where.child("description"))
        for flag in ("deprecated", "readOnly", "writeOnly"):
            if schema.get(flag) is True:
                out[flag] = True
        if "default" in schema:
            out["default"] = json_text(schema["default"])
        if "const" in schema:
            out["const"] = json_text(schema["const"])
        if isinstance(schema.get("enum"), list):
            out["enum"] = [json_text(value) for value in schema["enum"]]
        examples = [schema["example"]] if "example" in schema else []
        if isinstance(schema.get("examples"), list):
            examples += schema["examples"]
        short = [text for text in map(json_text, examples) if len(text) <= SHORT_EXAMPLE]
        if short:
            out["examples"] = short
        docs = schema.get("externalDocs")
        if isinstance(docs, dict) and isinstance(docs.get("url"), str):
            out["externalDocs"] = {"url": docs["url"], "description": str(docs.get("description") or docs["url"])}
        for key in ("format", "contentMediaType", "contentEncoding"):
            if isinstance(schema.get(key), str):
                out[key] = schema[key]
        if isinstance(schema.get("pattern"), str):
            out["pattern"] = schema["pattern"]

    def _constraints(self, out: Node, schema: dict[str, Any]) -> None:
        found = _constraints(schema)
        if found:
            out["constraints"] = found

    def _structure(self, out: Node, schema: dict[str, Any], where: Location, depth: int) -> None:
        properties = schema.get("properties")
        if properties is not None:
            if not isinstance(properties, dict):
                raise self.resolver.error(where.child("properties"), "`properties` must be a mapping",
                                          "write each property as `name: {schema}`")
            out["properties"] = {name: self.node(child, where.child("properties", name), depth + 1)
                                 for name, child in properties.items()}
        required = schema.get("required")
        if isinstance(required, list) and required:
            out["required"] = [str(name) for name in required]
        for keyword in ("additionalProperties", "unevaluatedProperties"):
            if keyword in schema and "additionalProperties" not in out:
                value = schema[keyword]
                if value is False:
                    out["additionalProperties"] = False
                elif value is not True or keyword == "additionalProperties":
                    out["additionalProperties"] = self.node(value, where.child(keyword), depth + 1)
        patterns = schema.get("patternProperties")
        if isinstance(patterns, dict) and patterns:
            out["patternProperties"] = {pattern: self.node(child, where.child("patternProperties", pattern), depth + 1)
                                        for pattern, child in patterns.items()}
        if isinstance(schema.get("propertyNames"), dict):
            out["propertyNames"] = self.node(schema["propertyNames"], where.child("propertyNames"), depth + 1)
        items = schema.get("items")
        if isinstance(items, list):  # draft 4 tuples (3.0 forbids them; 3.1 says prefixItems)
            out["prefixItems"] = [self.node(child, where.child("items", i), depth + 1) for i, child in enumerate(items)]
        elif items is not None:
            out["items"] = self.node(items, where.child("items"), depth + 1)
        if isinstance(schema.get("prefixItems"), list):
            out["prefixItems"] = [self.node(child, where.child("prefixItems", i), depth + 1)
                                  for i, child in enumerate(schema["prefixItems"])]
        if "contains" in schema:
            out["contains"] = self.node(schema["contains"], where.child("contains"), depth + 1)

    def _compositions(self, out: Node, schema: dict[str, Any], where: Location, depth: int) -> None:
        for keyword in ("oneOf", "anyOf"):
            members = schema.get(keyword)
            if members is None:
                continue
            if not isinstance(members, list) or not members:
                raise self.resolver.error(where.child(keyword), f"`{keyword}` must be a non-empty list of schemas",
                                          f"write `{keyword}:` as a list, one schema per item")
            nodes = [self.node(member, where.child(keyword, i), depth + 1) for i, member in enumerate(members)]
            others = [node for node in nodes if node != {"type": "null"}]
            if len(others) == 1 and len(nodes) == 2 and not out.get("properties"):
                # oneOf: [X, {type: "null"}] is "X or null"
                only = others[0]
                out.update({key: value for key, value in only.items() if key not in out})
                out["nullable"] = True
                continue
            out[keyword] = nodes
        if "discriminator" in schema:
            out["discriminator"] = self._discriminator(schema["discriminator"], where.child("discriminator"))
        members = schema.get("allOf")
        if members is not None:
            if not isinstance(members, list) or not members:
                raise self.resolver.error(where.child("allOf"), "`allOf` must be a non-empty list of schemas",
                                          "write `allOf:` as a list, one schema per item")
            merged = self._merged(members, where.child("allOf"), depth, set())
            if merged is None:
                out["allOf"] = [self.node(member, where.child("allOf", i), depth + 1)
                                for i, member in enumerate(members)]
            else:
                for key, value in merged.items():
                    if key == "properties":
                        out["properties"] = {**value, **out.get("properties", {})}
                    elif key == "required":
                        out["required"] = list(dict.fromkeys([*value, *out.get("required", [])]))
                    else:
                        out.setdefault(key, value)
        for keyword in ("not", "if", "then", "else"):
            if keyword in schema:
                out[keyword] = self.node(schema[keyword], where.child(keyword), depth + 1)

    def _merged(self, members: list[Any], where: Location, depth: int, seen: set[Location]) -> Node | None:
        """One object node for `allOf` members that are all objects; None when they are not."""
        merged: Node = {}
        for index, member in enumerate(members):
            at = where.child(index)
            value, at = self._schema_behind(member, at)
            if at in seen or at in self._inlining:
                return None  # an allOf that includes itself: show it as written
            if not isinstance(value, dict) or any(k in value for k in ("oneOf", "anyOf", "not", "items", "enum")):
                return None
            if value.get("type") not in (None, "object"):
                return None
            inner = value.get("allOf")
            if inner is not None:
                if not isinstance(inner, list):
                    return None
                nested = self._merged(inner, at.child("allOf"), depth + 1, seen | {at})
                if nested is None:
                    return None
                value = {key: item for key, item in value.items() if key != "allOf"}
                node = self._inlined(value, at, depth + 1)
                node = {**nested, **node, "properties": {**nested.get("properties", {}), **node.get("properties", {})},
                        "required": list(dict.fromkeys([*nested.get("required", []), *node.get("required", [])]))}
            else:
                node = self._inlined(value, at, depth + 1)
            for key, item in node.items():
                if key == "properties":
                    merged["properties"] = {**merged.get("properties", {}), **item}
                elif key == "required":
                    merged["required"] = list(dict.fromkeys([*merged.get("required", []), *item]))
                elif key not in ("type", "title"):
                    merged.setdefault(key, item)
        if not merged.get("properties"):
            merged.pop("properties", None)
        if not merged.get("required"):
            merged.pop("required", None)
        merged["type"] = "object"
        return merged

    def _inlined(self, schema: Any, where: Location, depth: int) -> Node:
        self._inlining.append(where)
        try:
            return self.node(schema, where, depth)
        finally:
            self._inlining.pop()

    def _schema_behind(self, member: Any, where: Location) -> tuple[Any, Location]:
        """A schema and where it is written, its `$ref` (if it is only a $ref) followed."""
        seen = {where}
        while isinstance(member, dict) and isinstance(member.get("$ref"), str):
            target = self.resolver.target(member["$ref"], where.child("$ref"))
            if target in seen:
                break
            seen.add(target)
            member, where = self.resolver.get(target), target
        return member, where

    def _discriminator(self, value: Any, where: Location) -> Node:
        if not isinstance(value, dict) or not isinstance(value.get("propertyName"), str):
            raise self.resolver.error(where, "a discriminator needs a `propertyName`",
                                      "write `discriminator: {propertyName: type, mapping: {...}}`")
        out: Node = {"propertyName": value["propertyName"]}
        mapping = value.get("mapping")
        if isinstance(mapping, dict):
            names = {}
            for key, ref in mapping.items():
                at = where.child("mapping", key)
                target = self.resolver.target(
                    ref if isinstance(ref, str) and ("#" in ref or "/" in ref or "." in ref) else f"#{COMPONENTS}{ref}",
                    at)
                self.resolver.get(target)
                names[key] = self.name_of(target)
            out["mapping"] = names
        return out


_KEYWORDS = {"schema", "items", "properties", "additionalProperties", "allOf", "oneOf", "anyOf", "not",
             "$defs", "definitions", "content", "application~1json", "application/json"}


def _words(text: str) -> list[str]:
    word, words = "", []
    for char in text:
        if char.isalnum():
            word += char
        elif word:
            words.append(word)
            word = ""
    return [*words, word] if word else words


def _kind(value: Any) -> str:
    return {str: "a string", int: "a number", float: "a number", list: "a list", bool: "a boolean"}.get(
        type(value), type(value).__name__)


def _number(value: Any) -> str:
    return json_text(value)


def _constraints(schema: dict[str, Any]) -> list[str]:
    """Readable constraints: `≥ 1`, `< 100`, `1 to 100 characters`, `unique items`..."""
    found: list[str] = []
    low, high = schema.get("minimum"), schema.get("maximum")
    ex_low, ex_high = schema.get("exclusiveMinimum"), schema.get("exclusiveMaximum")
    if isinstance(ex_low, bool):  # OpenAPI 3.0: a flag on minimum
        ex_low = low if ex_low else None
        low = None if ex_low is not None else low
    if isinstance(ex_high, bool):
        ex_high = high if ex_high else None
        high = None if ex_high is not None else high
    for value, sign in ((low, "≥"), (ex_low, ">"), (high, "≤"), (ex_high, "<")):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            found.append(f"{sign} {_number(value)}")
    if isinstance(schema.get("multipleOf"), (int, float)):
        found.append(f"multiple of {_number(schema['multipleOf'])}")
    found += _range(schema, "minLength", "maxLength", "character")
    found += _range(schema, "minItems", "maxItems", "item")
    found += _range(schema, "minProperties", "maxProperties", "property")
    found += _range(schema, "minContains", "maxContains", "matching item")
    if schema.get("uniqueItems") is True:
        found.append("unique items")
    dependent = schema.get("dependentRequired")
    if isinstance(dependent, dict):
        for name, needs in dependent.items():
            if isinstance(needs, list) and needs:
                found.append(f"with {name}: {', '.join(map(str, needs))} required")
    return found


def _range(schema: dict[str, Any], low_key: str, high_key: str, unit: str) -> list[str]:
    low, high = schema.get(low_key), schema.get(high_key)
    low = low if isinstance(low, int) and not isinstance(low, bool) else None
    high = high if isinstance(high, int) and not isinstance(high, bool) else None

    def units(count: int) -> str:
        plural = "properties" if unit == "property" else f"{unit}s"
        return unit if count == 1 else plural

    if low is not None and high is not None:
        return [f"{low} {units(high)}" if low == high else f"{low} to {high} {units(high)}"]
    if low is not None:
        return [f"at least {low} {units(low)}"] if low > 0 else []
    if high is not None:
        return [f"at most {high} {units(high)}"]
    return []


# -- examples generated from a schema ---------------------------------------------------------------

_FORMAT_EXAMPLES = {
    "date-time": "2026-03-14T21:00:00+01:00", "date": "2026-03-14", "time": "21:00:00+01:00",
    "email": "user@example.com", "uri": "https://example.com", "url": "https://example.com",
    "uuid": "3fa85f64-5717-4562-b3fc-2c963f66afa6", "hostname": "example.com", "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1", "byte": "U3dhZ2dlcg==", "password": "********", "duration": "PT15M",
}


def example_of(resolver: Resolver, schema: Any, where: Location, *, request: bool,
               seen: frozenset[Location] = frozenset(), depth: int = 0) -> Any:
    """A plausible value for `schema` when the spec gives no example: its own example, default,
    const or first enum value, else one built from its type (read-only properties left out of
    requests, write-only ones out of answers). A recursive schema stops at its second visit."""
    if not isinstance(schema, dict) or depth > 12:
        return None
    if isinstance(schema.get("$ref"), str):
        target = resolver.target(schema["$ref"], where.child("$ref"))
        if target in seen:
            return None
        return example_of(resolver, resolver.get(target), target, request=request, seen=seen | {target},
                          depth=depth + 1)
    for key in ("example", "default", "const"):
        if key in schema:
            return schema[key]
    if isinstance(schema.get("examples"), list) and schema["examples"]:
        return schema["examples"][0]
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return schema["enum"][0]
    for keyword in ("oneOf", "anyOf"):
        members = schema.get(keyword)
        if isinstance(members, list) and members:
            return example_of(resolver, members[0], where.child(keyword, 0), request=request, seen=seen,
                              depth=depth + 1)
    types = schema.get("type")
    kind = next((t for t in types if t != "null"), None) if isinstance(types, list) else types
    if isinstance(schema.get("allOf"), list):
        merged: dict[str, Any] = {}
        for index, member in enumerate(schema["allOf"]):
            part = example_of(resolver, member, where.child("allOf", index), request=request, seen=seen,
                              depth=depth + 1)
            if isinstance(part, dict):
                merged.update(part)
        if merged or kind in (None, "object"):
            return merged
    properties = schema.get("properties")
    if kind == "object" or (kind is None and isinstance(properties, dict)):
        out: dict[str, Any] = {}
        for name, child in (properties if isinstance(properties, dict) else {}).items():
            skip = "readOnly" if request else "writeOnly"
            if isinstance(child, dict) and child.get(skip) is True:
                continue
            out[name] = example_of(resolver, child, where.child("properties", name), request=request, seen=seen,
                                   depth=depth + 1)
        return out
    if kind == "array" or (kind is None and "items" in schema):
        item = example_of(resolver, schema.get("items"), where.child("items"), request=request, seen=seen,
                          depth=depth + 1)
        return [] if item is None else [item]
    if kind == "string":
        if schema.get("format") == "binary" or "contentMediaType" in schema:
            return None
        return _FORMAT_EXAMPLES.get(str(schema.get("format")), "string")
    if kind in ("integer", "number"):
        low = schema.get("minimum")
        return low if isinstance(low, (int, float)) and not isinstance(low, bool) else 0
    if kind == "boolean":
        return True
    return None


__all__ = ["Node", "SchemaTable", "SpecError", "example_of", "json_text"]
