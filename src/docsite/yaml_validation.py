"""Validate YAML data with a pydantic model; every error names the file, the line and the key."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from docsite.errors import BuildError, Problem, listing
from docsite.yamlfile import Location, YamlDocument

M = TypeVar("M", bound=BaseModel)


def validate(model: type[M], doc: YamlDocument, data: Any = None, at: Location = ()) -> M:
    """Validate `data` (default: the whole document) against `model`.

    `at` is where `data` sits in the document, so that lines and key paths are right when only a
    part of the document is validated.
    """
    value = doc.data if data is None and not at else data
    try:
        return model.model_validate(value if value is not None else {})
    except ValidationError as exc:
        raise BuildError(problems_from(exc, doc, at, model)) from None


def problems_from(exc: ValidationError, doc: YamlDocument, at: Location,
                  model: type[BaseModel]) -> list[Problem]:
    problems = []
    errors = exc.errors(include_url=False)
    # A misspelt required key (`titel:`) is one mistake: the unknown key says "did you mean 'title'?",
    # and 'title' is not reported missing as well.
    misspelt = {(*err["loc"][:-1], close) for err in errors if err["type"] == "extra_forbidden"
                for close in [_closest_key(model, err["loc"])] if close}
    for err in errors:
        if err["type"] == "missing" and tuple(err["loc"]) in misspelt:
            continue
        loc: Location = (*at, *(part for part in err["loc"] if not _is_union_tag(part)))
        if err["type"] == "extra_forbidden" and _is_union_tag(err["loc"][-1]):
            loc = (*loc, err["loc"][-1])  # an unknown key, that holds '[' (`'[': x`)
        key = format_location(loc)
        message = err["msg"].removeprefix("Value error, ")
        fix = None
        if err["type"] == "extra_forbidden":
            name = str(loc[-1])
            known = _fields_at(model, err["loc"][:-1])
            close = _closest_key(model, err["loc"])
            message = f"unknown key '{name}'"
            fix = f"did you mean '{close}'?" if close else (
                f"known keys here: {listing(sorted(known))}" if known else "remove it")
        elif err["type"] == "missing":
            fix = f"add '{loc[-1]}'"
        elif err["type"] == "literal_error":
            fix = f"use {err['ctx']['expected']}" if "ctx" in err else None
        elif "fix" in err.get("ctx", {}):  # a validator's own error: PydanticCustomError(kind, message, {"fix": ...})
            fix = str(err["ctx"]["fix"])
        problems.append(Problem(f"{key}: {message}" if key else message, doc.file, doc.line_of(loc), fix))
    return problems


def _closest_key(model: type[BaseModel], loc: tuple[str | int, ...]) -> str | None:
    """The known key closest to the unknown key at `loc` (pydantic's location), if one is close."""
    close = difflib.get_close_matches(str(loc[-1]), _fields_at(model, loc[:-1]), n=1)
    return close[0] if close else None


def format_location(loc: Iterable[str | int]) -> str:
    """`("navbar", "items", 3, "to")` -> `navbar.items[3].to`."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _is_union_tag(part: str | int) -> bool:
    # pydantic puts the name of the union member it tried into `loc` ("list[FooterColumn]"): not a key
    return isinstance(part, str) and ("[" in part or part.startswith(("function-", "tagged-union")))


def _fields_at(model: type[BaseModel], loc: tuple[str | int, ...]) -> list[str]:
    """The field names of the model found by following `loc` from `model` (best effort)."""
    current: Any = model
    for part in loc:
        if isinstance(part, int) or _is_union_tag(part):
            continue
        if not (isinstance(current, type) and issubclass(current, BaseModel)):
            return []
        field = current.model_fields.get(str(part))
        if field is None:
            field = next((f for f in current.model_fields.values() if f.alias == part), None)
        if field is None:
            return []
        current = _model_in(field.annotation)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return [f.alias or name for name, f in current.model_fields.items()]
    return []


def _model_in(annotation: Any) -> Any:
    """The BaseModel inside `X`, `list[X]`, `X | None`."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()):
        found = _model_in(arg)
        if found is not None:
            return found
    return None
