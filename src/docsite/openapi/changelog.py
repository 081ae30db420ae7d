"""What changed between two versions of a spec: operations, parameters, request and response fields,
enum values, each change marked breaking or not.

The versions are files: the current spec (`content/specs/<api>.yaml`) and the earlier versions kept
in `content/specs/history/<api>/<version>.yaml` (content/README.md says why files, not git history).
Both are resolved (`$ref`s followed, `allOf` merged, each `oneOf`/`anyOf` variant walked) and
compared as flat sets: operations by method and path, parameters by place and name, a body's
fields by their path (`items[].seatId`), success and error statuses by code.

Breaking means a client written against the older version can fail against the newer one:

- an operation, a parameter, a request or response field, or a response status removed;
- a new required parameter or request field, an optional one becoming required;
- a response field becoming optional (it may now be missing);
- a type changed (unless a request now accepts more, or a response now sends less);
- an enum value a client may send (a parameter's, a request field's) removed.

Adding an enum value to a response is not marked breaking (clients are told to accept values they
do not know, as Stripe's and most API policies say). Only `paths` are compared: webhooks and
descriptions are what the version's notes (`info.x-changelog`) tell.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from docsite.openapi.resolver import Location, Resolver, SpecError
from docsite.openapi.specs import METHODS, ApiSpec, version_key

Direction = Literal["request", "response"]
Segment = str | list[Any]  # a text, or a content-tree element (["code", None, text])


@dataclass(frozen=True)
class Change:
    kind: Literal["added", "removed", "changed"]
    breaking: bool
    operation: str  # "GET /catalog/v1/events"
    text: tuple[Segment, ...]

    def data(self) -> dict[str, Any]:
        return {"kind": self.kind, "breaking": self.breaking, "operation": self.operation, "text": list(self.text)}


@dataclass
class _Field:
    types: tuple[str, ...]
    required: bool
    enum: tuple[Any, ...] | None


@dataclass
class _Operation:
    parameters: dict[tuple[str, str], _Field] = field(default_factory=dict)
    request: dict[str, _Field] | None = None  # None: no JSON request body
    responses: dict[str, dict[str, _Field] | None] = field(default_factory=dict)  # status -> its JSON fields
    deprecated: bool = False


def diff(old: ApiSpec, new: ApiSpec) -> list[Change]:
    """The changes from `old` to `new`, breaking ones first, each in the order of the new spec's paths."""
    before, after = _operations(old), _operations(new)
    changes: list[Change] = []
    for key, operation in after.items():
        if key not in before:
            changes.append(Change("added", False, key, ("New operation.",)))
            continue
        changes += _operation_changes(key, before[key], operation)
    changes += [Change("removed", True, key, ("Operation removed.",)) for key in before
                if key not in after]
    return sorted(changes, key=lambda change: not change.breaking)


def _operation_changes(key: str, old: _Operation, new: _Operation) -> list[Change]:
    out: list[Change] = []
    if new.deprecated and not old.deprecated:
        out.append(Change("changed", False, key, ("Deprecated: plan to stop calling it.",)))
    for (place, name), param in new.parameters.items():
        label: tuple[Segment, ...] = (f"{place} parameter ", _code(name))
        before = old.parameters.get((place, name))
        if before is None:
            kind = "New required " if param.required else "New optional "
            out.append(Change("added", param.required, key, (kind, *label, ".")))
        else:
            out += _field_changes(key, label, before, param, "request")
    out += [Change("removed", True, key, (f"{place.capitalize()} parameter ", _code(name), " removed."))
            for place, name in old.parameters if (place, name) not in new.parameters]
    if new.request is not None and old.request is not None:
        out += _fields_changes(key, "request field", old.request, new.request, "request")
    elif new.request is not None:
        out.append(Change("added", True, key, ("Takes a JSON request body.",)))
    elif old.request is not None:
        out.append(Change("removed", True, key, ("No longer takes a JSON request body.",)))
    for status, fields in new.responses.items():
        if status not in old.responses:
            out.append(Change("added", False, key, ("New response ", _code(status), ".")))
            continue
        previous = old.responses[status]
        if fields is not None and previous is not None:
            out += _fields_changes(key, f"{status} response field", previous, fields, "response")
    out += [Change("removed", status.startswith("2"), key, ("Response ", _code(status), " removed."))
            for status in old.responses if status not in new.responses]
    return out


def _fields_changes(key: str, what: str, old: dict[str, _Field], new: dict[str, _Field],
                    direction: Direction) -> list[Change]:
    """The changes of a body's fields; a field inside one added or removed is not listed again."""
    out: list[Change] = []
    added = [path for path in new if path not in old]
    removed = [path for path in old if path not in new]
    for path in added:
        if _inside(path, added):
            continue
        required = new[path].required and direction == "request"
        kind = "New required " if required else "New "
        out.append(Change("added", required, key, (kind, what, " ", _code(path), ".")))
    for path in removed:
        if not _inside(path, removed):
            out.append(Change("removed", True, key, (what[0].upper() + what[1:], " ", _code(path), " removed.")))
    for path, value in new.items():
        if path in old:
            out += _field_changes(key, (what + " ", _code(path)), old[path], value, direction)
    return out


def _inside(path: str, paths: list[str]) -> bool:
    return any(path != other and (path.startswith(other + ".") or path.startswith(other + "[]")) for other in paths)


def _field_changes(key: str, label: tuple[Segment, ...], old: _Field, new: _Field,
                   direction: Direction) -> list[Change]:
    out: list[Change] = []
    subject = (label[0][0].upper() + label[0][1:], *label[1:]) if isinstance(label[0], str) else label
    if old.types != new.types and old.types and new.types:
        breaking = not (_covers(new.types, old.types) if direction == "request" else _covers(old.types, new.types))
        out.append(Change("changed", breaking, key, (*subject, " type changed from ", _code(" | ".join(old.types)),
                                                     " to ", _code(" | ".join(new.types)), ".")))
    if old.required != new.required:
        breaking = new.required if direction == "request" else not new.required
        now = "now required" if new.required else "now optional"
        out.append(Change("changed", breaking, key, (*subject, f" is {now}.")))
    if old.enum is not None and new.enum is not None:
        for value in new.enum:
            if value not in old.enum:
                out.append(Change("added", False, key, (*subject, " can be ", _code(str(value)), ".")))
        for value in old.enum:
            if value not in new.enum:
                out.append(Change("removed", direction == "request", key,
                                  (*subject, " can no longer be ", _code(str(value)), ".")))
    return out


def _covers(wide: tuple[str, ...], narrow: tuple[str, ...]) -> bool:
    """Whether every value of the types `narrow` is one of `wide` (a number covers an integer)."""
    return all(kind in wide or (kind == "integer" and "number" in wide) for kind in narrow)


def _code(text: str) -> list[Any]:
    return ["code", None, text]


# -- reading a spec -------------------------------------------------------------------------------


def _operations(spec: ApiSpec) -> dict[str, _Operation]:
    resolver = Resolver(spec.file, spec.document, spec.lines)
    root = resolver.root
    out: dict[str, _Operation] = {}
    paths = spec.document.get("paths")
    for path, item in (paths.items() if isinstance(paths, dict) else []):
        item, where = resolver.follow(item, root.child("paths", path))
        if not isinstance(item, dict):
            continue
        shared = _parameters(resolver, item.get("parameters"), where.child("parameters"))
        for method in METHODS:
            operation = item.get(method)
            if not isinstance(operation, dict):
                continue
            at = where.child(method)
            op = _Operation(parameters={**shared, **_parameters(resolver, operation.get("parameters"),
                                                                   at.child("parameters"))},
                            deprecated=operation.get("deprecated") is True)
            if "requestBody" in operation:
                body, body_at = resolver.follow(operation["requestBody"], at.child("requestBody"))
                op.request = _body_fields(resolver, body, body_at)
            responses = operation.get("responses")
            for status, response in (responses.items() if isinstance(responses, dict) else []):
                response, response_at = resolver.follow(response, at.child("responses", str(status)))
                op.responses[str(status)] = _body_fields(resolver, response, response_at)
            out[f"{method.upper()} {path}"] = op
    return out


def _parameters(resolver: Resolver, value: Any, where: Location) -> dict[tuple[str, str], _Field]:
    out = {}
    for index, parameter in enumerate(value if isinstance(value, list) else []):
        parameter, at = resolver.follow(parameter, where.child(index))
        if not isinstance(parameter, dict) or "name" not in parameter:
            continue
        schema, schema_at = _schema(resolver, parameter.get("schema"), at.child("schema"))
        required = parameter.get("required") is True or parameter.get("in") == "path"
        out[(str(parameter.get("in")), str(parameter["name"]))] = _field(resolver, schema, schema_at, required)
    return out


def _body_fields(resolver: Resolver, body: Any, where: Location) -> dict[str, _Field] | None:
    """The fields of a body's JSON media type, by path ("" is the body itself); None without one."""
    content = body.get("content") if isinstance(body, dict) else None
    for media_type, media in (content.items() if isinstance(content, dict) else []):
        if (media_type == "application/json" or media_type.endswith("+json")) and isinstance(media, dict):
            fields: dict[str, _Field] = {}
            schema, at = _schema(resolver, media.get("schema"), where.child("content", media_type, "schema"))
            _walk(resolver, schema, at, "", fields, set())
            return fields
    return None


def _schema(resolver: Resolver, schema: Any, where: Location) -> tuple[Any, Location]:
    while isinstance(schema, dict) and isinstance(schema.get("$ref"), str):
        target = resolver.target(schema["$ref"], where.child("$ref"))
        if target == where:
            break
        schema, where = resolver.get(target), target
    return schema, where


def _walk(resolver: Resolver, schema: Any, where: Location, path: str, out: dict[str, _Field],
          seen: set[Location]) -> None:
    """The fields below `schema` (at `path`) into `out`; a schema already being walked (one that
    contains itself) is not walked again."""
    if not isinstance(schema, dict) or where in seen or path.count(".") > 32:
        return
    seen = seen | {where}
    for keyword in ("allOf", "oneOf", "anyOf"):
        for index, part in enumerate(schema.get(keyword) or []):
            part, at = _schema(resolver, part, where.child(keyword, index))
            _walk(resolver, part, at, path, out, seen)
    listed = schema.get("required")
    required: list[Any] = listed if isinstance(listed, list) else []
    properties = schema.get("properties")
    for name, value in (properties.items() if isinstance(properties, dict) else []):
        value, at = _schema(resolver, value, where.child("properties", name))
        child = f"{path}.{name}" if path else name
        found = _field(resolver, value, at, name in required)
        known = out.get(child)
        out[child] = found if known is None else _Field(known.types or found.types, known.required or found.required,
                                                        known.enum if found.enum is None else found.enum)
        _walk(resolver, value, at, child, out, seen)
    items = schema.get("items")
    if isinstance(items, dict):
        items, at = _schema(resolver, items, where.child("items"))
        child = f"{path}[]"
        if isinstance(items, dict) and (items.get("enum") is not None or "const" in items):
            out[child] = _field(resolver, items, at, True)
        _walk(resolver, items, at, child, out, seen)


def _field(resolver: Resolver, schema: Any, where: Location, required: bool) -> _Field:
    if not isinstance(schema, dict):
        return _Field((), required, None)
    kind = schema.get("type")
    types = tuple(sorted(str(t) for t in kind)) if isinstance(kind, list) else (str(kind),) if kind else ()
    if not types and isinstance(schema.get("properties"), dict):
        types = ("object",)
    enum: tuple[Any, ...] | None = None
    if isinstance(schema.get("enum"), list):
        enum = tuple(value for value in schema["enum"] if value is not None)
    elif "const" in schema:
        enum = (schema["const"],)
    if not types:  # a composition's variants' types
        for keyword in ("oneOf", "anyOf"):
            parts = schema.get(keyword)
            for index, part in enumerate(parts if isinstance(parts, list) else []):
                part, at = _schema(resolver, part, where.child(keyword, index))
                types += _field(resolver, part, at, required).types
        types = tuple(sorted(set(types)))
    return _Field(types, required, enum)


# -- versions -------------------------------------------------------------------------------------


@dataclass
class Release:
    """One version of an API on its changelog: its notes and, when the version before it is kept as a
    file, the changes computed between the two."""

    version: str
    date: str
    notes: list[tuple[str, str]]  # (Markdown text, its JSON pointer in the current spec)
    previous: str | None = None  # the version compared with
    changes: list[Change] = field(default_factory=list)


def releases(spec: ApiSpec, history: list[ApiSpec]) -> list[Release]:
    """Newest first: every version the spec's `x-changelog` lists or a history file holds, each
    compared with the file of the version before it when there is one. SpecError if a history
    file cannot be compared (a `$ref` that does not resolve)."""
    notes: dict[str, tuple[str, list[tuple[str, str]]]] = {}
    for index, entry in enumerate(spec.info.get("x-changelog") or []):
        if isinstance(entry, dict) and entry.get("version") is not None:
            changes = entry.get("changes")
            notes[str(entry["version"])] = (str(entry.get("date") or ""), [
                (str(text), f"/info/x-changelog/{index}/changes/{n}")
                for n, text in enumerate(changes if isinstance(changes, list) else [])])
    files = {older.version: older for older in history}
    files[spec.version] = spec
    versions = sorted(set(notes) | set(files), key=version_key, reverse=True)
    out = []
    for index, version in enumerate(versions):
        date, texts = notes.get(version, ("", []))
        release = Release(version, date, texts)
        previous = versions[index + 1] if index + 1 < len(versions) else None
        if version in files and previous in files:
            release.previous = previous
            release.changes = diff(files[previous], files[version])
        out.append(release)
    return out


__all__ = ["Change", "Release", "SpecError", "diff", "releases"]
