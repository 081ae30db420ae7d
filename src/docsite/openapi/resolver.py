"""Follow `$ref`s through an OpenAPI document and the files it references.

A `$ref` is resolved relative to the file that contains it:

    $ref: "#/components/schemas/Cart"          this file, at a JSON pointer
    $ref: "schemas/cart.yaml"                  a whole file (YAML or JSON)
    $ref: "schemas/common.yaml#/Money"         a pointer inside another file
    $ref: "#money"                             a schema's `$anchor` (or `$dynamicAnchor`) in this file
    $ref: "https://example.com/money.json"     a schema whose `$id` is this URI, in a loaded file

Remote files are never fetched. Every value the renderer reads comes with its `Location` (file and
JSON pointer), so a problem anywhere names the file, the pointer, the line and the fix; a chain of
`$ref`s that loops on itself is an error, never an endless loop.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urldefrag

import yaml

from docsite.content_files import read_text
from docsite.errors import BuildError, Problem
from docsite.openapi.spec_validation import escape, line_of, parse_spec

_URI = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)


@dataclass(frozen=True)
class Location:
    """Where a value is written: a file and a JSON pointer inside it."""

    file: Path
    pointer: str = ""

    def child(self, *keys: str | int) -> Location:
        return Location(self.file, self.pointer + "".join(f"/{escape(str(key))}" for key in keys))

    @property
    def last(self) -> str:
        """The pointer's last segment, unescaped: `Cart` for `#/components/schemas/Cart`."""
        return self.pointer.rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~")

    def __str__(self) -> str:
        return f"{self.file.name}#{self.pointer}"


class SpecError(Exception):
    """The spec cannot be rendered: a problem with its file, line and fix."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


@dataclass
class _File:
    document: Any
    lines: dict[str, int]


class Resolver:
    """The documents of one spec (its file and every file it references) and their `$ref`s."""

    def __init__(self, file: Path, document: Any, lines: dict[str, int] | None = None) -> None:
        self.root = Location(file.resolve())
        self.document = document
        self._files: dict[Path, _File] = {self.root.file: _File(document, lines or {})}

    @classmethod
    def from_file(cls, file: Path) -> Resolver:
        """A resolver for the spec at `file`, parsed (not validated); SpecError if it cannot be read."""
        document, lines = _read(file.resolve(), None)
        return cls(file, document, lines)

    # -- reading -------------------------------------------------------------------------------

    def error(self, where: Location, message: str, fix: str) -> SpecError:
        """A SpecError at `where`, with the line of the pointer when the file is known."""
        known = self._files.get(where.file)
        line = line_of(known.lines, where.pointer) if known else None
        return SpecError(Problem(f"{where.pointer or '/'}: {message}", where.file, line, fix))

    def line(self, where: Location) -> int | None:
        known = self._files.get(where.file)
        return line_of(known.lines, where.pointer) if known else None

    def get(self, where: Location, referrer: Location | None = None) -> Any:
        """The value at `where`; SpecError (at `referrer`, the $ref, when given) if there is none."""
        value = self._file(where.file, referrer or where).document
        walked = ""
        for part in where.pointer.split("/")[1:] if where.pointer else []:
            key = unquote(part).replace("~1", "/").replace("~0", "~")
            if isinstance(value, dict) and key in value:
                value = value[key]
            elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
                value = value[int(key)]
            else:
                missing = f"{Location(where.file, walked)} has no `{key}`"
                if referrer is not None:
                    raise self.error(referrer, f"$ref to {where} does not resolve: {missing}",
                                     "fix the reference, or add the missing definition")
                raise self.error(Location(where.file, walked), f"has no `{key}` (looking for {where})",
                                 "fix the pointer, or add the missing definition")
            walked += f"/{part}"
        return value

    def follow(self, value: Any, where: Location) -> tuple[Any, Location]:
        """`value` (found at `where`) with its `$ref` chain followed: the object it stands for.

        For schemas, use `target` instead: a schema's `$ref` is a named reference, not an alias.
        """
        start, seen = where, [where]
        while isinstance(value, dict) and "$ref" in value:
            target = self.target(value["$ref"], where.child("$ref"))
            if target in seen:
                chain = " -> ".join(str(s) for s in [*seen, target])
                raise self.error(start, f"the $ref chain loops back on itself ({chain})",
                                 "make one of the references point at an actual definition")
            seen.append(target)
            value, where = self.get(target), target
        return value, where

    def target(self, ref: Any, where: Location) -> Location:
        """The location a `$ref` value (written at `where`) points at."""
        if not isinstance(ref, str) or not ref:
            raise self.error(where, f"$ref must be a non-empty string, not {ref!r}",
                             'write it like "#/components/schemas/Cart" or "common.yaml#/Money"')
        address, fragment = urldefrag(ref)
        if _URI.match(address):
            return self._by_id(address, fragment, where)
        file = (where.file.parent / unquote(address)).resolve() if address else where.file
        self._file(file, where)
        if not fragment or fragment.startswith("/"):
            target = Location(file, fragment)
            self.get(target, referrer=where)  # a $ref that leads nowhere is reported where it is written
            return target
        return self._by_anchor(file, fragment, where)

    def _file(self, file: Path, referrer: Location) -> _File:
        known = self._files.get(file)
        if known is None:
            document, lines = _read(file, (self, referrer))
            known = self._files[file] = _File(document, lines)
        return known

    def _by_anchor(self, file: Path, anchor: str, where: Location) -> Location:
        for pointer, node in _walk(self._files[file].document, ""):
            if node.get("$anchor") == anchor or node.get("$dynamicAnchor") == anchor:
                return Location(file, pointer)
        raise self.error(where, f"no schema in {file.name} has `$anchor: {anchor}`",
                         "fix the anchor, or write a JSON pointer such as #/components/schemas/Name")

    def _by_id(self, uri: str, fragment: str, where: Location) -> Location:
        for file, known in self._files.items():
            for pointer, node in _walk(known.document, ""):
                if node.get("$id") == uri:
                    return Location(file, pointer + fragment)
        raise self.error(where, f"$ref {uri!r} is a remote address: the builder does not download files",
                         "save the file next to the spec and reference it by its relative path "
                         "(common.yaml#/Money), or give a schema of this spec that `$id`")


def components(resolver: Resolver, kind: str) -> dict[str, Any]:
    """`components.<kind>` of the spec: a mapping, empty when absent; SpecError when it is not one."""
    where = resolver.root.child("components")
    value = resolver.document.get("components")
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise resolver.error(where, "`components` must be a mapping", "write `components:` with `schemas:`, "
                             "`responses:`... below it")
    found = value.get(kind)
    if found is None:
        return {}
    if not isinstance(found, dict):
        raise resolver.error(where.child(kind), f"`components.{kind}` must be a mapping of names to definitions",
                             f"write each entry of `{kind}:` as `Name: {{...}}`")
    return found


def _read(file: Path, referrer: tuple[Resolver, Location] | None) -> tuple[Any, dict[str, int]]:
    """The document at `file` (YAML or JSON) and the line of every pointer in it."""
    def fail(message: str, fix: str) -> SpecError:
        if referrer is None:
            return SpecError(Problem(message, file, None, fix))
        resolver, where = referrer
        return resolver.error(where, f"{message} ({file})", fix)

    try:
        text = read_text(file)
    except FileNotFoundError:
        raise fail("the referenced file does not exist", "fix the path: it is relative to the file "
                   "that holds the $ref") from None
    except BuildError as err:
        raise fail(err.problems[0].message, err.problems[0].fix or "") from None
    except OSError as err:
        raise fail(f"cannot read the file: {err}", "check the file") from None
    try:
        return parse_spec(text, file)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise fail(f"the file is not valid YAML or JSON{where}: {getattr(err, 'problem', err)}",
                   "fix the syntax of that file") from None


def _walk(value: Any, pointer: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every mapping below `value`, with its pointer."""
    if isinstance(value, dict):
        yield pointer, value
        for key, item in value.items():
            yield from _walk(item, f"{pointer}/{escape(str(key))}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _walk(item, f"{pointer}/{index}")
