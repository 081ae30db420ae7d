"""Validate one OpenAPI spec file and report every problem with its JSON pointer and line.

`validate_spec_file` runs these stages in order and stops after a stage that leaves the
document too broken for the next one:

1. YAML: syntax errors, duplicate keys, keys that YAML reads as something other than a string
   (an unquoted `200:` response code). Dates stay strings, as JSON sees them.
2. References: every `$ref` is local (`#/...`, the specs are self-contained) and resolves.
3. OpenAPI: openapi-spec-validator, picked by the document's `openapi` field (3.0 or 3.1): the
   document's structure first, then its semantics (schemas, parameters, operation ids).
4. Examples: every example (media types, parameters, headers, schemas) validates against its
   schema, local `$ref`s resolved, formats (`date-time`, `email`...) checked.
5. Conventions of `content/specs/README.md` a machine can check: operations have an operationId,
   summary, description and tags; parameters a description and example; request bodies and
   success responses an example; `x-error-codes` and `x-changelog` are complete; error examples
   use listed codes; webhooks (3.1's `webhooks`) have a payload, a 2xx answer and `x-retries`.

Every problem names the file, the JSON pointer of the node and the node's line.
`check_spec_file` also returns the parsed document and the line of every pointer in it, so the
reference renderer (resolver.py) reads each spec once.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema_rs
import yaml
from jsonschema import FormatChecker, _keywords
from jsonschema.exceptions import ValidationError, best_match
from jsonschema.protocols import Validator
from jsonschema.validators import extend, validator_for
from jsonschema_path import SchemaPath
from jsonschema_specifications import REGISTRY as METASCHEMAS
from openapi_schema_validator import (
    OAS30Validator,
    OAS31Validator,
    oas30_format_checker,
    oas31_format_checker,
)
from openapi_spec_validator import OpenAPIV30SpecValidator, OpenAPIV31SpecValidator
from openapi_spec_validator.schemas import schema_v30, schema_v31
from openapi_spec_validator.validation import keywords
from openapi_spec_validator.validation.validators import SpecValidator
from referencing import Registry
from referencing.jsonschema import DRAFT4, DRAFT202012

from docsite.content_files import read_text
from docsite.errors import BuildError, Problem, listing
from docsite.yamlfile import yaml_syntax_problem

try:
    from yaml import CSafeLoader as _SafeLoader
except ImportError:  # PyYAML built without libyaml
    from yaml import SafeLoader as _SafeLoader  # type: ignore[assignment]

__all__ = ["CheckedSpec", "check_spec_file", "dereference", "escape", "line_of", "openapi_version", "operations",
           "parse_spec", "resolve_pointer", "schema_validators", "strict_document", "validate_spec_file"]

HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
GENERIC_ERROR_CODES = (
    ("INVALID_REQUEST", 400),
    ("UNAUTHORIZED", 401),
    ("FORBIDDEN", 403),
    ("NOT_FOUND", 404),
    ("CONFLICT", 409),
    ("RATE_LIMIT_EXCEEDED", 429),
    ("INTERNAL_ERROR", 500),
    ("SERVICE_UNAVAILABLE", 503),
)
DOCUMENT_URI = "urn:docsite:openapi-document"
_SCHEMA_KEYWORDS_WITH_VALUES = ("example", "examples", "default", "const", "enum")
COMPOSITIONS = ("allOf", "oneOf", "anyOf")  # the keywords whose parts make one schema together
DRAFTS = {"3.1": DRAFT202012, "3.0": DRAFT4}  # the JSON Schema dialect of each OpenAPI schema

Example = tuple[str, str, Any]  # (schema pointer, example pointer, example value)

FIX_EXAMPLE = "make the example match the schema, or fix the schema"
FIX_OPENAPI = "make this node follow the OpenAPI {version} specification (https://spec.openapis.org/oas/v{version})"


@dataclass
class CheckedSpec:
    """A spec file once checked: its document (None when it cannot be parsed), the line of every
    JSON pointer in it, its problems (empty when it is valid) and whether it can be used anyway."""

    file: Path
    document: Any = None
    lines: dict[str, int] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    # The document is OpenAPI the site can read (its YAML, references and structure are sound), even
    # when an example or a convention is wrong: its operations still serve the docs' checks.
    usable: bool = False


def validate_spec_file(path: Path) -> list[Problem]:
    """Every problem of the OpenAPI file at `path`; an empty list when it is valid."""
    return check_spec_file(path).problems


def check_spec_file(path: Path) -> CheckedSpec:
    """Parse and validate the OpenAPI file at `path`."""
    try:
        text = read_text(path)
    except BuildError as err:
        return CheckedSpec(path, problems=err.problems)
    except OSError as err:
        return CheckedSpec(path, problems=[Problem(f"cannot read the spec: {err}", path, fix="check the file")])
    try:
        root, document = parse_spec_yaml(text)
    except RecursiveAliasError as err:
        line = err.problem_mark.line + 1 if err.problem_mark else None
        return CheckedSpec(path, problems=[Problem(str(err.problem), path, line,
                                                   "for a schema that contains itself, use a $ref such as "
                                                   "$ref: '#/components/schemas/Category'")])
    except yaml.YAMLError as err:
        return CheckedSpec(path, problems=[yaml_syntax_problem(err, path)])

    report = _Report(path, root)
    checked = CheckedSpec(path, None, report.lines, report.problems)
    if not isinstance(document, dict):
        report.add("", "the document is not a YAML mapping", "start the file with `openapi: 3.1.0`")
        return checked
    checked.document = document = _with_string_keys(document)

    version = openapi_version(document)
    if version is None:
        report.add("/openapi", f"unsupported `openapi` version {document.get('openapi')!r}",
                   "set `openapi: 3.1.0` (3.0.x is also accepted)")
        return checked

    # A reference or OpenAPI problem leaves the document too broken for the later stages.
    stages = ((_check_references, True), (_check_openapi, True),
              (_check_examples, False), (_check_stray_keywords, False), (_check_conventions, False))
    for stage, stops_the_run in stages:
        before = len(report.problems)
        stage(document, version, report)
        if stops_the_run and len(report.problems) > before:
            break
    else:
        checked.usable = True
    return checked


def parse_spec(text: str, file: Path) -> tuple[Any, dict[str, int]]:
    """The document in `text` as the checks see it (string keys, dates kept as strings) and the
    line of every JSON pointer in it. Raises yaml.YAMLError on a syntax error."""
    root, document = parse_spec_yaml(text)
    lines = _Report(file, root).lines if root is not None else {}
    return _with_string_keys(document), lines


def line_of(lines: dict[str, int], pointer: str) -> int | None:
    """The line of `pointer`, or of its nearest parent that has one."""
    while pointer not in lines and pointer:
        pointer = pointer.rsplit("/", 1)[0]
    return lines.get(pointer)


class _Report:
    """Problems of one file; `add` finds the line of a JSON pointer (or of its nearest parent)."""

    def __init__(self, file: Path, root: yaml.Node | None) -> None:
        self.file = file
        self.lines: dict[str, int] = {}
        self.problems: list[Problem] = []
        if root is not None:
            self.lines[""] = root.start_mark.line + 1
            self._map_lines(root, "")

    def add(self, pointer: str, message: str, fix: str) -> None:
        """Report a problem at `pointer`, once (a shared example can be checked from several places)."""
        problem = Problem(f"{pointer or '/'}: {message}", self.file, self.line_of(pointer), fix)
        if problem not in self.problems:
            self.problems.append(problem)

    def line_of(self, pointer: str) -> int | None:
        return line_of(self.lines, pointer)

    def _map_lines(self, node: yaml.Node, pointer: str) -> None:
        """Record the line of every node below `node`; report duplicate and non-string keys."""
        if isinstance(node, yaml.MappingNode):
            seen: set[str] = set()
            for key, value in node.value:
                child = f"{pointer}/{escape(str(key.value))}"
                line = key.start_mark.line + 1
                if key.value in seen:
                    self.problems.append(Problem(
                        f"{child}: duplicate key {key.value!r} (YAML keeps only the last one)",
                        self.file, line, "remove or merge the duplicate key"))
                elif key.tag not in ("tag:yaml.org,2002:str", "tag:yaml.org,2002:merge"):
                    self.problems.append(Problem(
                        f"{child}: the key {key.value} is read as {key.tag.rsplit(':', 1)[-1]}, not a string",
                        self.file, line, f"quote the key: '{key.value}':"))
                seen.add(key.value)
                self.lines.setdefault(child, line)
                self._map_lines(value, child)
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                child = f"{pointer}/{index}"
                self.lines.setdefault(child, item.start_mark.line + 1)
                self._map_lines(item, child)


# --- Stage 1: YAML ---------------------------------------------------------------------------

class _SpecLoader(_SafeLoader):
    """The safe loader without the timestamp resolver: `2026-03-14` stays a string, as in JSON."""


_SpecLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in _SafeLoader.yaml_implicit_resolvers.items()
}


class RecursiveAliasError(yaml.MarkedYAMLError):
    """A YAML alias used inside the node its anchor names: the document would be endless."""

    def __init__(self, mark: yaml.Mark) -> None:
        super().__init__(problem="a YAML alias is used inside the node its anchor names, which makes the "
                                 "document endless", problem_mark=mark)


def parse_spec_yaml(text: str) -> tuple[yaml.Node | None, Any]:
    """The composed node tree (for line numbers) and the document built from it, parsed once."""
    loader = _SpecLoader(text)
    try:
        root = loader.get_single_node()
        if root is not None:
            _check_acyclic(root, set())
        document = loader.construct_document(root) if root is not None else None
    finally:
        loader.dispose()
    return root, document


def _check_acyclic(node: yaml.Node, ancestors: set[int]) -> None:
    if not isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
        return
    ancestors.add(id(node))
    children = [(key.start_mark, value) for key, value in node.value] if isinstance(node, yaml.MappingNode) \
        else [(item.start_mark, item) for item in node.value]
    for mark, child in children:
        if id(child) in ancestors:
            raise RecursiveAliasError(mark)
        _check_acyclic(child, ancestors)
    ancestors.discard(id(node))


def _with_string_keys(value: Any) -> Any:
    """`value` with every mapping key as a string (non-string keys were reported already)."""
    if isinstance(value, dict):
        return {str(key): _with_string_keys(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_with_string_keys(item) for item in value]
    return value


def openapi_version(document: Mapping[str, Any]) -> str | None:
    """"3.0" or "3.1" from the `openapi` field, None for anything else."""
    match = re.fullmatch(r"(3\.[01])\.\d+", str(document.get("openapi", "")))
    return match.group(1) if match else None


# --- Stage 2: references ---------------------------------------------------------------------

def _check_references(document: dict[str, Any], version: str, report: _Report) -> None:
    for pointer, ref in _walk_refs(document, ""):
        if not isinstance(ref, str):
            report.add(pointer, f"$ref must be a string, not {json.dumps(ref, default=str)}",
                       "write it like '#/components/schemas/Cart'")
        elif not ref.startswith("#/"):
            report.add(pointer, f"$ref {ref!r} points outside this file",
                       "specs are self-contained: copy the definition under `components` "
                       "and reference it as `#/components/...`")
        elif resolve_pointer(document, ref[1:]) is _MISSING:
            report.add(pointer, f"$ref {ref!r} does not resolve",
                       "fix the reference or add the missing component")
    if not report.problems:
        _check_reference_loops(document, report)


# Keywords whose schemas apply to the same value as the schema that holds them: following them
# never goes down into the value, so a loop through them (and `$ref`s) never ends. A loop through
# `properties`, `items` and the like is a legitimate recursive schema (a category with
# subcategories), rendered as "circular".
_IN_PLACE = ("allOf", "anyOf", "oneOf")
_IN_PLACE_ONE = ("not", "if", "then", "else")


def _check_reference_loops(document: dict[str, Any], report: _Report) -> None:
    """A `$ref` chain that comes back to where it started (A is `$ref: B`, B is `$ref: A`, a schema
    that is `allOf: [$ref: itself]`) stands for nothing: every tool that resolves it loops forever.
    Each loop is reported once, at the `$ref` of its first member in the document."""
    reported: set[frozenset[str]] = set()
    for pointer, _ in _walk_refs(document, ""):
        loop = _reference_loop(document, pointer.removesuffix("/$ref"))
        if loop is None or frozenset(loop) in reported:
            continue
        reported.add(frozenset(loop))
        first = next(i for i, node in enumerate(loop) if "$ref" in _get(document, node))
        loop = loop[first:] + loop[:first]  # from a member that is a $ref: the error is reported there
        chain = " -> ".join(f"#{node}" for node in [*loop, loop[0]])
        report.add(f"{loop[0]}/$ref",
                   f"the $ref chain loops back on itself and never reaches a definition ({chain})",
                   "make one of these references point at an actual definition; a schema that contains "
                   "itself does it through `properties` or `items`, e.g. children: {type: array, items: "
                   "{$ref: '#/components/schemas/Category'}}")


def _reference_loop(document: dict[str, Any], start: str) -> list[str] | None:
    """The loop of in-place references reached from the node at `start`, as the pointers of its
    members (from the first member met), or None when following them ends."""
    path: list[str] = []
    on_path: dict[str, int] = {}
    done: set[str] = set()
    # an explicit stack (a chain may be long): (pointer, its successors not yet followed)
    stack: list[tuple[str, Iterator[str]]] = []

    def enter(pointer: str) -> list[str] | None:
        if pointer in on_path:
            return path[on_path[pointer]:]
        if pointer in done:
            return None
        on_path[pointer] = len(path)
        path.append(pointer)
        stack.append((pointer, _in_place_successors(document, pointer)))
        return None

    loop = enter(start)
    while stack and loop is None:
        pointer, successors = stack[-1]
        following = next(successors, None)
        if following is None:
            stack.pop()
            path.pop()
            del on_path[pointer]
            done.add(pointer)
            continue
        loop = enter(following)
    return loop


def _in_place_successors(document: dict[str, Any], pointer: str) -> Iterator[str]:
    node = _get(document, pointer)
    if not isinstance(node, dict):
        return
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#") and resolve_pointer(document, ref[1:]) is not _MISSING:
        yield ref[1:]
    for key in _IN_PLACE:
        if isinstance(node.get(key), list):
            yield from (f"{pointer}/{key}/{index}" for index in range(len(node[key])))
    for key in _IN_PLACE_ONE:
        if isinstance(node.get(key), dict):
            yield f"{pointer}/{key}"


def _walk_refs(value: Any, pointer: str) -> Iterator[tuple[str, Any]]:
    """Every `$ref` and its value (a string, if the spec is right)."""
    if isinstance(value, dict):
        for key, item in value.items():
            child = f"{pointer}/{escape(key)}"
            if key == "$ref":
                yield child, item
            else:
                yield from _walk_refs(item, child)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _walk_refs(item, f"{pointer}/{index}")


# --- Stage 3: OpenAPI structure and semantics ------------------------------------------------

def _check_openapi(document: dict[str, Any], version: str, report: _Report) -> None:
    validator = _locating_validator(version)(document)
    fix = FIX_OPENAPI.format(version="3.1.0" if version == "3.1" else "3.0.3")
    structure_errors = [] if _well_formed(document, version) \
        else list(_structure_validator(version).iter_errors(document))
    for error in structure_errors:
        _add_validation_error(report, "", error, fix)
    if structure_errors:
        return  # the semantic checks assume a well-formed document
    before = len(report.problems)
    try:
        for error in validator.root_validator(validator.schema_path):
            # These errors are located along the path the validator walked, through `$ref`s.
            where, message = _describe("", error)
            report.add(_through_refs(document, where), message, fix)
    except _Unreadable as unreadable:
        where = _through_refs(document, "".join(f"/{escape(str(part))}" for part in unreadable.parts))
        if any(problem.message.startswith(where) for problem in report.problems[before:]):
            return  # the node's mistake is reported already
        report.add(where, "cannot be read as OpenAPI: a value in it has the wrong type "
                   f"({type(unreadable.error).__name__}: {_shorten(str(unreadable.error), 80)})",
                   f"{fix}; a schema's `properties` is a mapping of names to schemas, `items` a schema, "
                   "`required` a list of names")


class _Unreadable(Exception):
    """openapi-spec-validator failed on a node whose shape it assumed (`properties: null`): where."""

    def __init__(self, parts: tuple[Any, ...], error: BaseException) -> None:
        super().__init__(str(error))
        self.parts = parts
        self.error = error


def _well_formed(document: dict[str, Any], version: str) -> bool:
    """Whether the document follows the OpenAPI schema, by jsonschema-rs: a fifth of a spec's
    validation in jsonschema (0.36 s of CPU for this site's six) against a millisecond, the answer
    being the same (both implement JSON Schema 2020-12 and draft 4, formats as annotations). Only a
    spec found wrong is walked by jsonschema, whose errors say where and what."""
    try:
        return bool(_fast_structure_validator(version).is_valid(document))
    except (ValueError, TypeError, OverflowError):  # a value jsonschema-rs cannot take: jsonschema decides
        return False


@lru_cache(maxsize=2)
def _fast_structure_validator(version: str) -> Any:
    return jsonschema_rs.validator_for(dict(schema_v31 if version == "3.1" else schema_v30), validate_formats=False)


@lru_cache(maxsize=2)
def _structure_validator(version: str) -> Validator:
    """The validator of the OpenAPI schema itself, with its references crawled once.

    openapi-spec-validator's own validator resolves every `$dynamicRef` of the 3.1 schema by
    crawling its registry again (the registry is immutable, so nothing is remembered): five times
    slower on our specs. Crawling once up front gives the same answers.
    """
    schema = dict(schema_v31 if version == "3.1" else schema_v30)
    validator_class = _declared_fields_first(validator_for(schema))
    uri = str(schema.get("$id") or schema.get("id"))
    resource = DRAFTS[version].create_resource(schema)
    registry = METASCHEMAS.with_resource(uri, resource).crawl()
    return validator_class(schema, registry=registry)


@lru_cache(maxsize=4)
def _declared_fields_first(validator_class: type[Validator]) -> type[Validator]:
    """`validator_class` whose `unevaluatedProperties` skips its search for the fields the schema
    evaluates (every `$ref`, `allOf` branch and `if` of it walked again, with a validation of the
    value for each branch) when the schema's own `properties` and `patternProperties` declare every
    field of the value.

    That search is a tenth of the structure and example checks: the OpenAPI 3.1 schema closes every object
    with `unevaluatedProperties: false`, as the examples' strict schemas do (strict_document). A field
    these declare is evaluated whatever its value (jsonschema's search counts it so), so the answer is
    the same: no error."""
    return extend(validator_class, {"unevaluatedProperties": _unevaluated_properties})  # type: ignore[no-any-return]


def _unevaluated_properties(validator: Validator, unevaluated: Any, instance: Any,
                            schema: Mapping[str, Any]) -> Iterator[ValidationError]:
    if validator.is_type(instance, "object"):
        properties, patterns = schema.get("properties"), schema.get("patternProperties")
        declared = properties if isinstance(properties, Mapping) else {}
        matching = patterns if isinstance(patterns, Mapping) else {}
        if all(key in declared or any(re.search(pattern, key) for pattern in matching) for key in instance):
            return iter(())
    return _keywords.unevaluatedProperties(validator, unevaluated, instance, schema)  # type: ignore[no-any-return]


def _add_validation_error(report: _Report, pointer: str, error: ValidationError, fix: str) -> None:
    """Report a jsonschema error found in the value at `pointer`, at the node it is about."""
    report.add(*_describe(pointer, error), fix)


def _describe(pointer: str, error: ValidationError) -> tuple[str, str]:
    """The pointer and message of `error` (for oneOf/anyOf, of the branch that came closest)."""
    if error.context:
        error = best_match([error])
    where = pointer + "".join(f"/{escape(str(part))}" for part in error.absolute_path)
    if error.validator in ("unevaluatedProperties", "additionalProperties") and isinstance(error.instance, dict):
        # at the first field that is not allowed: an example can be forty lines long
        unexpected = [key for key in error.instance if repr(key) in error.message]
        where += f"/{escape(str(unexpected[0]))}" if unexpected else ""
    return where, _shorten(error.message)


def _through_refs(document: Any, pointer: str) -> str:
    """`pointer` with every `$ref` met on the way replaced by its target: where the node is written."""
    resolved, value = "", document
    for part in pointer.split("/")[1:] if pointer else []:
        if isinstance(value, dict) and isinstance(value.get("$ref"), str) and part != "$ref":
            resolved, value = dereference(document, resolved)
        resolved += f"/{part}"
        value = resolve_pointer(document, resolved)
    return resolved


def _locating_validator(version: str) -> type[SpecValidator]:
    """The spec validator for `version`, whose semantic errors carry the path of their node.

    openapi-spec-validator's keyword validators (schemas, parameters, operations...) report
    errors without saying where they are. Each keyword validator here is a subclass that
    prefixes its errors' paths with the location it was called on; the innermost one wins.
    """
    base = OpenAPIV31SpecValidator if version == "3.1" else OpenAPIV30SpecValidator
    located = {name: _locating(_remembering(cls) if issubclass(cls, keywords.SchemaValidator) else cls)
               for name, cls in base.keyword_validators.items()}
    return type(f"Locating{base.__name__}", (base,), {"keyword_validators": located})


# The schemas found valid against their dialect's metaschema: (library validator class, dialect,
# the digest of the schema as JSON). Checking a schema against the metaschema is most of the semantic stage
# (a few hundred schemas per spec, each walked through the whole 2020-12 metaschema); a third of
# them are the same few schemas again (`{type: integer, format: int64}`, an API's Error body in
# every spec), and an edited spec has all its schemas but the edited ones checked already.
# Only valid schemas are remembered: an invalid one is checked again, its error made afresh.
_VALID_SCHEMAS: set[tuple[str, str, str]] = set()
_VALID_SCHEMAS_MAX = 50_000  # some 15 MB at most


def _remembering(cls: type[keywords.KeywordValidator]) -> type[keywords.KeywordValidator]:
    """The schema keyword validator `cls`, its metaschema check skipped for a schema found valid before."""

    def _validate_schema_meta(self: Any, schema: SchemaPath, schema_value: Any) -> Any:
        key = _schema_key(self, schema, schema_value)
        if key is not None and key in _VALID_SCHEMAS:
            return None
        error = super(subclass, self)._validate_schema_meta(schema, schema_value)
        if error is None and key is not None:
            if len(_VALID_SCHEMAS) >= _VALID_SCHEMAS_MAX:
                _VALID_SCHEMAS.clear()
            _VALID_SCHEMAS.add(key)
        return error

    subclass: type[keywords.KeywordValidator] = type(
        f"Remembering{cls.__name__}", (cls,), {"_validate_schema_meta": _validate_schema_meta})
    return subclass


def _schema_key(validator: Any, schema: SchemaPath, schema_value: Any) -> tuple[str, str, str] | None:
    """What a schema's metaschema check depends on: the library's validator (its OpenAPI version), the
    schema's JSON Schema dialect and the schema itself. None when it cannot be told (the check
    then runs, and reports what is wrong)."""
    try:
        dialect = validator._get_schema_dialect_id(schema, schema_value) \
            if hasattr(validator, "_get_schema_dialect_id") else ""
        text = json.dumps(schema_value, sort_keys=True, allow_nan=False)
    except (ValueError, TypeError):
        return None
    library_class = next(c for c in type(validator).__mro__ if c.__module__ == keywords.__name__)
    digest = hashlib.sha256(text.encode()).hexdigest()  # the dev server keeps these for its lifetime
    return f"{library_class.__module__}.{library_class.__qualname__}", str(dialect), digest


def _locating(cls: type[keywords.KeywordValidator]) -> type[keywords.KeywordValidator]:
    # A value validator checks a schema's `default` against the schema it is called with.
    suffix = ["default"] if issubclass(cls, keywords.ValueValidator) else []

    def __call__(self: Any, *args: Any, **kwargs: Any) -> Iterator[ValidationError]:
        node = next((arg for arg in args if isinstance(arg, SchemaPath)), None)
        try:
            for error in super(subclass, self).__call__(*args, **kwargs):
                if node is not None and not getattr(error, "docsite_located", False):
                    error.path.extendleft(reversed([*node.parts, *suffix]))
                    error.docsite_located = True
                yield error
        except (KeyError, IndexError, TypeError, AttributeError, ValueError, RecursionError) as error:
            # the innermost validator met a node of a shape it did not expect: say which node
            raise _Unreadable(tuple(node.parts) if node is not None else (), error) from None

    subclass: type[keywords.KeywordValidator] = type(
        f"Locating{cls.__name__}", (cls,), {"__call__": __call__})
    return subclass


# --- Stage 4: examples -----------------------------------------------------------------------

def _check_examples(document: dict[str, Any], version: str, report: _Report) -> None:
    """Every example against its schema, as strictly as the docs' JSON (bodies.py): in 3.1, a field
    the schema does not define fails."""
    validator_at = schema_validators(strict_document(document) if version == "3.1" else document, version)
    for schema_pointer, example_pointer, value in _examples(document):
        for error in validator_at(schema_pointer).iter_errors(value):
            _add_validation_error(report, example_pointer, error, FIX_EXAMPLE)


def strict_document(document: dict[str, Any]) -> dict[str, Any]:
    """A copy of a 3.1 document in which every object schema (one with `properties`, or made of
    `allOf` pieces) allows no other field: `unevaluatedProperties: false`. Not the pieces of a whole:
    the whole sees the fields its pieces define, a piece alone sees only its own. The pieces are
    `allOf`'s parts, and `oneOf`'s and `anyOf`'s beside fields of the whole's own; otherwise each of
    those is a whole alternative (`anyOf: [Attendant, null]`), closed by itself."""
    strict = copy.deepcopy(document)
    parts = {part["$ref"][1:] for part in _composition_parts(strict) if isinstance(part.get("$ref"), str)}

    def walk(value: Any, pointer: str, part: bool) -> None:
        if isinstance(value, dict):
            if (any(key in value for key in _OWN_FIELDS) and not part and pointer not in parts
                    and "additionalProperties" not in value and "unevaluatedProperties" not in value):
                value["unevaluatedProperties"] = False
            for key, child in value.items():
                if key not in _SCHEMA_KEYWORDS_WITH_VALUES:
                    walk(child, f"{pointer}/{escape(str(key))}", _pieces(value, key))
        elif isinstance(value, list):
            for i, child in enumerate(value):
                walk(child, f"{pointer}/{i}", part)

    walk(strict, "", False)
    return strict


_OWN_FIELDS = ("properties", "patternProperties", "allOf")  # a schema that defines fields (allOf: its pieces)


def _pieces(schema: dict[str, Any], key: str) -> bool:
    """Whether the schemas of `schema[key]` are pieces of `schema`, not whole alternatives."""
    return key == "allOf" or (key in COMPOSITIONS and any(own in schema for own in _OWN_FIELDS))


def _composition_parts(value: Any) -> Iterator[dict[str, Any]]:
    """The schemas that are pieces of a whole, wherever they are."""
    if isinstance(value, dict):
        for key in COMPOSITIONS:
            parts = value.get(key)
            if isinstance(parts, list) and _pieces(value, key):
                yield from (part for part in parts if isinstance(part, dict))
        for key, child in value.items():
            if key not in _SCHEMA_KEYWORDS_WITH_VALUES:
                yield from _composition_parts(child)
    elif isinstance(value, list):
        for child in value:
            yield from _composition_parts(child)


def schema_validators(document: dict[str, Any], version: str) -> Callable[[str], Validator]:
    """A factory of validators for the schemas of `document`: pointer -> validator of the schema
    there, local `$ref`s resolved and formats checked, in the dialect of the OpenAPI version."""
    validator_class, specification, formats = (
        (_declared_fields_first(OAS31Validator), DRAFT202012, oas31_format_checker) if version == "3.1"
        else (OAS30Validator, DRAFT4, oas30_format_checker)
    )
    registry: Registry[Any] = Registry().with_resource(DOCUMENT_URI, specification.create_resource(document))
    format_checker = _format_checker(formats)

    def validator_at(pointer: str) -> Validator:
        return validator_class({"$ref": f"{DOCUMENT_URI}#{pointer}"}, registry=registry,
                               format_checker=format_checker)
    return validator_at


def _format_checker(openapi_formats: FormatChecker) -> FormatChecker:
    """JSON Schema's formats (date-time, date, email, uri...) plus OpenAPI's (int64, binary...)."""
    checker = FormatChecker()
    checker.checkers = {**checker.checkers, **openapi_formats.checkers}
    return checker


def _examples(document: dict[str, Any]) -> Iterator[Example]:
    """(schema pointer, example pointer, example value) for every example, where it is written.

    Objects given as `$ref` are skipped where they are used and checked where they are defined
    (under `components`), so each example is checked once.
    """
    for operation_pointer, path_item_pointer, operation in operations(document):
        for parameters_pointer in (f"{path_item_pointer}/parameters", f"{operation_pointer}/parameters"):
            for index, parameter in enumerate(_get(document, parameters_pointer) or []):
                yield from _parameter_examples(document, f"{parameters_pointer}/{index}", parameter)
        if isinstance(operation.get("requestBody"), dict):
            yield from _body_examples(document, f"{operation_pointer}/requestBody", operation["requestBody"])
        for status, response in (operation.get("responses") or {}).items():
            response_pointer = f"{operation_pointer}/responses/{escape(status)}"
            yield from _response_examples(document, response_pointer, response)

    components = document.get("components") or {}
    for kind, examples_of in (("parameters", _parameter_examples), ("headers", _parameter_examples),
                              ("requestBodies", _body_examples), ("responses", _response_examples)):
        for name, item in (components.get(kind) or {}).items():
            yield from examples_of(document, f"/components/{kind}/{escape(name)}", item)
    for name, schema in (components.get("schemas") or {}).items():
        yield from _schema_examples(f"/components/schemas/{escape(name)}", schema)


def _parameter_examples(document: dict[str, Any], pointer: str, parameter: Any) -> Iterator[Example]:
    """Examples of a parameter or a header object (they have the same shape)."""
    if not isinstance(parameter, dict) or "$ref" in parameter:
        return
    if "schema" in parameter:
        yield from _media_examples(document, pointer, parameter)
    yield from _content_examples(document, pointer, parameter)


def _body_examples(document: dict[str, Any], pointer: str, body: Any) -> Iterator[Example]:
    if isinstance(body, dict) and "$ref" not in body:
        yield from _content_examples(document, pointer, body)


def _response_examples(document: dict[str, Any], pointer: str, response: Any) -> Iterator[Example]:
    if not isinstance(response, dict) or "$ref" in response:
        return
    yield from _content_examples(document, pointer, response)
    for name, header in (response.get("headers") or {}).items():
        yield from _parameter_examples(document, f"{pointer}/headers/{escape(name)}", header)


def _content_examples(document: dict[str, Any], pointer: str, owner: dict[str, Any]) -> Iterator[Example]:
    for media_type, media in (owner.get("content") or {}).items():
        yield from _media_examples(document, f"{pointer}/content/{escape(media_type)}", media)


def _media_examples(document: dict[str, Any], pointer: str, media: Any) -> Iterator[Example]:
    """`example` and `examples.*.value` of a media type, parameter or header that has a schema."""
    if not isinstance(media, dict) or "schema" not in media:
        return
    schema_pointer = f"{pointer}/schema"
    if "example" in media:
        yield schema_pointer, f"{pointer}/example", media["example"]
    for name, example in (media.get("examples") or {}).items():
        example_pointer = f"{pointer}/examples/{escape(name)}"
        if isinstance(example, dict) and isinstance(example.get("$ref"), str):
            example_pointer = example["$ref"][1:]
            example = resolve_pointer(document, example_pointer)
        if isinstance(example, dict) and "value" in example:
            yield schema_pointer, f"{example_pointer}/value", example["value"]


def _schema_examples(pointer: str, schema: Any) -> Iterator[Example]:
    """`example` (and 3.1 `examples`) of a schema and of the schemas nested in it."""
    if not isinstance(schema, dict) or "$ref" in schema:
        return
    if "example" in schema:
        yield pointer, f"{pointer}/example", schema["example"]
    if isinstance(schema.get("examples"), list):
        for index, value in enumerate(schema["examples"]):
            yield pointer, f"{pointer}/examples/{index}", value
    for keyword in ("properties", "patternProperties", "$defs"):
        for name, child in (schema.get(keyword) or {}).items():
            yield from _schema_examples(f"{pointer}/{keyword}/{escape(name)}", child)
    for keyword in ("items", "additionalProperties", "not"):
        yield from _schema_examples(f"{pointer}/{keyword}", schema.get(keyword))
    for keyword in ("allOf", "anyOf", "oneOf", "prefixItems"):
        for index, child in enumerate(schema.get(keyword) or []):
            yield from _schema_examples(f"{pointer}/{keyword}/{index}", child)


# --- Stage 4b: YAML that reads as something else -----------------------------------------------

# Every keyword of a Schema Object: JSON Schema's (2020-12, and draft 4's for OpenAPI 3.0) and OpenAPI's.
SCHEMA_KEYWORDS = frozenset((
    "$schema", "$id", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor",
    "$vocabulary", "$comment", "$defs", "definitions", "id",
    "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "dependencies", "prefixItems",
    "items", "additionalItems", "contains", "properties", "patternProperties", "additionalProperties",
    "propertyNames", "unevaluatedItems", "unevaluatedProperties",
    "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
    "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
    "maxProperties", "minProperties", "required", "dependentRequired", "format", "contentEncoding",
    "contentMediaType", "contentSchema", "title", "description", "default", "deprecated", "readOnly",
    "writeOnly", "examples",
    "discriminator", "xml", "externalDocs", "example", "nullable",
))
_SUBSCHEMA = ("items", "additionalItems", "additionalProperties", "unevaluatedItems", "unevaluatedProperties",
              "not", "if", "then", "else", "contains", "propertyNames", "contentSchema")
_SUBSCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_SUBSCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems", "items")
_NOT_OPENAPI = ("example", "examples", "default", "const", "enum", "value")  # values, not OpenAPI objects


def _check_stray_keywords(document: dict[str, Any], version: str, report: _Report) -> None:
    """A schema keyword no one knows, with no value: the tail of a text cut at a comma in a flow
    mapping (`{type: integer, description: The status, repeated.}` reads `repeated.` as a keyword).
    JSON Schema allows unknown keywords, so nothing else would say that the description was cut.
    One problem per cut text, at its first stray keyword."""
    for pointer, schema in _schemas(document):
        text: tuple[str, str] | None = None  # the last keyword with a text, and its text
        stray: list[str] = []
        for key, value in [*schema.items(), ("", "")]:  # the empty text ends the last run
            if value is None and key not in SCHEMA_KEYWORDS and not key.startswith("x-"):
                stray.append(key)
                continue
            if stray:
                whole = f"{text[0]}: {json.dumps(', '.join([text[1], *stray]), ensure_ascii=False)}" if text \
                    else json.dumps(", ".join(["...", *stray]), ensure_ascii=False)
                report.add(f"{pointer}/{escape(stray[0])}",
                           f"{listing([f'`{key}`' for key in stray])} "
                           f"{'is read as a schema keyword' if len(stray) == 1 else 'are read as schema keywords'} "
                           "with no value: in a {...} mapping, an unquoted comma ends the text before it",
                           f"quote the text that holds the comma ({whole}), or write the schema one keyword "
                           "per line")
                stray = []
            text = (key, value) if isinstance(value, str) else None


def _schemas(document: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(pointer, schema) for every Schema Object written in `document` (a `$ref`'s target where it is
    written, not where it is referred to), the schemas nested in them included."""
    def schemas_in(value: Any, pointer: str) -> Iterator[tuple[str, dict[str, Any]]]:
        if isinstance(value, dict):
            yield pointer, value
            for key in _SUBSCHEMA:
                yield from schemas_in(value.get(key), f"{pointer}/{key}")
            for key in _SUBSCHEMA_MAPS:
                children = value.get(key)
                for name, child in children.items() if isinstance(children, dict) else ():
                    yield from schemas_in(child, f"{pointer}/{key}/{escape(str(name))}")
            for key in _SUBSCHEMA_LISTS:
                children = value.get(key)
                for index, child in enumerate(children) if isinstance(children, list) else ():
                    yield from schemas_in(child, f"{pointer}/{key}/{index}")

    def objects(value: Any, pointer: str) -> Iterator[tuple[str, dict[str, Any]]]:
        if isinstance(value, dict):
            for key, child in value.items():
                where = f"{pointer}/{escape(str(key))}"
                if key == "schema" or pointer == "/components/schemas":
                    yield from schemas_in(child, where)
                elif key not in _NOT_OPENAPI and not str(key).startswith("x-"):
                    yield from objects(child, where)
        elif isinstance(value, list):
            for index, child in enumerate(value):
                yield from objects(child, f"{pointer}/{index}")

    yield from objects(document, "")


# --- Stage 5: project conventions (content/specs/README.md) ---------------------------------

def _check_conventions(document: dict[str, Any], version: str, report: _Report) -> None:
    _check_operations(document, report)
    _check_parameters(document, report)
    _check_bodies_and_responses(document, report)
    _check_webhooks(document, report)
    _check_error_codes(document, report)
    _check_changelog(document, report)


def _check_operations(document: dict[str, Any], report: _Report) -> None:
    declared_tags = {tag.get("name") for tag in document.get("tags") or []}
    for index, tag in enumerate(document.get("tags") or []):
        if not tag.get("description"):
            report.add(f"/tags/{index}", f"the tag {tag.get('name')!r} has no description",
                       "describe what the tag's operations are for")
    first_use: dict[str, str] = {}
    for pointer, _, operation in operations(document):
        operation_id = operation.get("operationId")
        if not operation_id:
            report.add(pointer, "the operation has no operationId",
                       "add an operationId: camelCase, verb first (listEvents, getEvent, createCart)")
        elif operation_id in first_use:
            report.add(f"{pointer}/operationId",
                       f"operationId {operation_id!r} is already used by {first_use[operation_id]}",
                       "give every operation its own operationId")
        else:
            first_use[operation_id] = pointer
            if not re.fullmatch(r"[a-z][a-zA-Z0-9]*", operation_id):
                report.add(f"{pointer}/operationId", f"operationId {operation_id!r} is not camelCase",
                           "write it camelCase, verb first (listEvents, getEvent, createCart)")
        summary = operation.get("summary")
        if not summary:
            report.add(pointer, "the operation has no summary",
                       "add a summary: sentence case, no final dot (List events)")
        elif str(summary).endswith("."):
            report.add(f"{pointer}/summary", "the summary ends with a dot", "remove the final dot")
        if not operation.get("description"):
            report.add(pointer, "the operation has no description",
                       "describe what the call does, when to call it and what to watch for")
        if not operation.get("tags"):
            report.add(pointer, "the operation has no tags", "add one of the tags declared at the top level")
        for index, tag in enumerate(operation.get("tags") or []):
            if tag not in declared_tags:
                report.add(f"{pointer}/tags/{index}", f"the tag {tag!r} is not declared in `tags`",
                           "declare it (with a description) in `tags`, or use a declared one")


def _check_parameters(document: dict[str, Any], report: _Report) -> None:
    pointers = [f"/components/parameters/{escape(name)}"
                for name in (document.get("components") or {}).get("parameters") or {}]
    for operation_pointer, path_item_pointer, _ in operations(document):
        for parameters_pointer in (f"{path_item_pointer}/parameters", f"{operation_pointer}/parameters"):
            pointers += [f"{parameters_pointer}/{index}"
                         for index in range(len(_get(document, parameters_pointer) or []))]
    for pointer in dict.fromkeys(pointers):
        parameter = _get(document, pointer)
        if not isinstance(parameter, dict) or "$ref" in parameter:
            continue
        name = parameter.get("name")
        if not parameter.get("description"):
            report.add(pointer, f"the parameter {name!r} has no description",
                       "describe what it does and its default")
        if "example" not in parameter and not parameter.get("examples"):
            report.add(pointer, f"the parameter {name!r} has no example", "add an `example`")


def _check_bodies_and_responses(document: dict[str, Any], report: _Report) -> None:
    for pointer, _, operation in operations(document):
        if "requestBody" in operation:
            body_pointer, body = dereference(document, f"{pointer}/requestBody")
            _check_media_examples(document, body_pointer, body, "request body", report)
        for status, _response in (operation.get("responses") or {}).items():
            if status.startswith("2") and status != "204":
                response_pointer, response = dereference(document, f"{pointer}/responses/{escape(status)}")
                _check_media_examples(document, response_pointer, response, f"{status} response", report)


def _check_webhooks(document: dict[str, Any], report: _Report) -> None:
    """A webhook says what it sends (a request body: the payload), what the receiver answers (a 2xx
    response) and what happens when it does not (`x-retries`, Markdown, rendered as "Retries")."""
    for pointer, item, operation in operations(document):
        if not item.startswith("/webhooks/"):
            continue
        if "requestBody" not in operation:
            report.add(pointer, "the webhook has no requestBody", "describe its payload: a `requestBody` with the "
                       "JSON schema of the body the platform sends and an example")
        responses = operation.get("responses")
        if not any(str(status).startswith("2") for status in (responses if isinstance(responses, dict) else {})):
            report.add(pointer, "the webhook has no 2xx response",
                       "say what the receiver answers and how fast (\"200\": description: Any 2xx within 10 seconds "
                       "acknowledges the event)")
        retries = operation.get("x-retries")
        if not isinstance(retries, str) or not retries.strip():
            report.add(f"{pointer}/x-retries" if "x-retries" in operation else pointer,
                       "the webhook has no `x-retries`" if "x-retries" not in operation
                       else "`x-retries` must be Markdown text",
                       "say when a delivery is retried, how often and for how long, and what happens after the last "
                       "attempt (`x-retries: |` then the text; a YAML anchor shares it between webhooks)")


def _check_media_examples(document: dict[str, Any], pointer: str, owner: Any, what: str,
                          report: _Report) -> None:
    """Each media type of a request body or success response has a schema and an example."""
    if not isinstance(owner, dict):
        return
    for media_type, media in (owner.get("content") or {}).items():
        media_pointer = f"{pointer}/content/{escape(media_type)}"
        if "schema" not in media:
            report.add(media_pointer, f"the {what} ({media_type}) has no schema", "add a `schema`")
            continue
        _, schema = dereference(document, f"{media_pointer}/schema")
        is_binary = isinstance(schema, dict) and (
            schema.get("format") == "binary" or "contentMediaType" in schema)
        if not is_binary and "example" not in media and not media.get("examples"):
            report.add(media_pointer, f"the {what} ({media_type}) has no example",
                       "add an `example` or named `examples` with realistic values")


def _check_error_codes(document: dict[str, Any], report: _Report) -> None:
    """`x-error-codes`: complete entries, no duplicates, generic codes first; error examples listed."""
    entries = document.get("info", {}).get("x-error-codes")
    if not isinstance(entries, list):
        report.add("/info", "`x-error-codes` is missing",
                   "list every error code the API answers: [{code, status, description}], generic ones first")
        return
    statuses: dict[str, int] = {}
    for index, entry in enumerate(entries):
        pointer = f"/info/x-error-codes/{index}"
        if not isinstance(entry, dict):
            report.add(pointer, "the entry is not a mapping", "write it as {code, status, description}")
            continue
        code, status, description = entry.get("code"), entry.get("status"), entry.get("description")
        if not isinstance(code, str) or not re.fullmatch(r"[A-Z][A-Z0-9_]*", code):
            report.add(pointer, f"the error code {code!r} is missing or not UPPER_SNAKE_CASE",
                       "set `code` (SESSION_NOT_FOUND)")
            continue
        if not isinstance(status, int) or not 400 <= status <= 599:
            report.add(pointer, f"{code}: `status` {status!r} is not an HTTP error status",
                       "set `status` (400-599)")
        if not isinstance(description, str) or not description.strip():
            report.add(pointer, f"{code}: no `description`",
                       "say when the API answers this code and what to do")
        if code in statuses:
            report.add(pointer, f"{code} is listed twice", "keep one entry per code")
        statuses[code] = status if isinstance(status, int) else 0
    listed = [(entry.get("code"), entry.get("status")) for entry in entries[:len(GENERIC_ERROR_CODES)]
              if isinstance(entry, dict)]
    if listed != list(GENERIC_ERROR_CODES):
        expected = ", ".join(f"{code} {status}" for code, status in GENERIC_ERROR_CODES)
        report.add("/info/x-error-codes", "the list does not start with the generic error codes",
                   f"start it with, in this order: {expected}")

    for _, example_pointer, value in _examples(document):
        if not (isinstance(value, dict) and {"code", "message", "status", "traceId"} <= value.keys()):
            continue
        code = value["code"]
        if not isinstance(code, str):
            continue  # not a code: the example's schema reports it (`code` is a string in the error body)
        if code not in statuses:
            report.add(f"{example_pointer}/code", f"the error code {code!r} is not in `x-error-codes`",
                       "add it to `info.x-error-codes` or use a listed code")
        elif statuses[code] and value["status"] != statuses[code]:
            report.add(f"{example_pointer}/status",
                       f"{code} is listed with status {statuses[code]}, the example says {value['status']!r}",
                       "make the example's status match `x-error-codes`")


def _check_changelog(document: dict[str, Any], report: _Report) -> None:
    entries = document.get("info", {}).get("x-changelog")
    if not isinstance(entries, list) or not entries:
        report.add("/info", "`x-changelog` is missing",
                   "add `x-changelog`, newest first: [{version, date: YYYY-MM-DD, changes: [...]}]")
        return
    for index, entry in enumerate(entries):
        pointer = f"/info/x-changelog/{index}"
        if not isinstance(entry, dict):
            report.add(pointer, "the entry is not a mapping", "write it as {version, date, changes}")
            continue
        if not isinstance(entry.get("version"), str):
            report.add(pointer, "the entry has no `version`", "set the version it describes (1.2.0)")
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(entry.get("date", ""))):
            report.add(pointer, f"the entry's `date` {entry.get('date')!r} is not YYYY-MM-DD",
                       "set `date: YYYY-MM-DD`")
        changes = entry.get("changes")
        if not isinstance(changes, list) or not changes or not all(isinstance(c, str) for c in changes):
            report.add(pointer, "the entry's `changes` is not a non-empty list of texts", "list what changed")
    latest = entries[0].get("version") if isinstance(entries[0], dict) else None
    current = document.get("info", {}).get("version")
    if latest != current:
        report.add("/info/x-changelog/0",
                   f"the newest changelog entry is {latest!r}, `info.version` is {current!r}",
                   "put the newest version first and keep it equal to `info.version`")


# --- Helpers ---------------------------------------------------------------------------------

_MISSING: Any = object()


def escape(key: str) -> str:
    """A key as a JSON pointer segment (RFC 6901)."""
    return key.replace("~", "~0").replace("/", "~1")


def resolve_pointer(document: Any, pointer: str) -> Any:
    """The value at the JSON pointer `pointer` ("" is the whole document), or `_MISSING`."""
    value = document
    for part in pointer.split("/")[1:] if pointer else []:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return _MISSING
    return value


def _get(document: Any, pointer: str) -> Any:
    value = resolve_pointer(document, pointer)
    return None if value is _MISSING else value


def dereference(document: Any, pointer: str) -> tuple[str, Any]:
    """The pointer and value of the object at `pointer`, following local `$ref`s."""
    value = _get(document, pointer)
    seen = {pointer}
    while isinstance(value, dict) and isinstance(value.get("$ref"), str) and value["$ref"].startswith("#"):
        pointer = value["$ref"][1:]
        if pointer in seen:
            break
        seen.add(pointer)
        value = _get(document, pointer)
    return pointer, value


def operations(document: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(operation pointer, path item pointer, operation) for every operation of paths and webhooks."""
    for section in ("paths", "webhooks"):
        for path, item in (document.get(section) or {}).items():
            if not isinstance(item, dict):
                continue
            item_pointer = f"/{section}/{escape(path)}"
            for method in HTTP_METHODS:
                if isinstance(item.get(method), dict):
                    yield f"{item_pointer}/{method}", item_pointer, item[method]


def _shorten(message: str, limit: int = 300) -> str:
    return message if len(message) <= limit else message[: limit - 1] + "…"
