"""Docs agree with the specs, part two: the JSON a page shows is JSON the API sends or accepts.

calls.py checks that every call a page writes exists; this module checks the JSON around them:

- a ```json block must be valid JSON (readers copy it); ```jsonc and ```json skip-check are not checked;
- a ```json block after an API call, in the same section (no heading between them), is that call's
  request body or one of its responses (errors included), whole or an excerpt: the value of one of
  their fields or items at any depth (`"discounts in the answer"`);
- the JSON a curl command sends (`-d '{...}'`, `--data`, `--data-raw`, `--json`) is the call's
  request body, whole;
- a ```json block whose meta names a webhook (```json webhook="order.purchased"), or whose `type`
  names one, is that webhook's payload; a meta naming no webhook of any spec is an error;
- an error body (a `code` and a `message`) names an error code that the API documents in its
  `x-error-codes` (any API's, when no call precedes it), and has the shape of the API's errors.

Objects are compared strictly in OpenAPI 3.1 specs: a field the spec does not define fails like a
missing required field, a wrong type or a value outside an enum (in 3.0 specs, JSON Schema draft 4
has no `unevaluatedProperties`, so undefined fields pass). A JSON block with no call before it in
its section and no webhook `type` (analytics events, the OAuth token endpoint's answers) is only
checked for syntax.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jsonschema.exceptions import ValidationError
from jsonschema.protocols import Validator

from docsite.cache import KeptResults
from docsite.checks.api_calls import ApiCall, ApiIndex, SpecOperation
from docsite.errors import Problem, Report, closest_first, listing
from docsite.markdown import CodeSpan, Rendered
from docsite.openapi.spec_validation import (
    COMPOSITIONS,
    dereference,
    escape,
    openapi_version,
    operations,
    resolve_pointer,
    schema_validators,
    strict_document,
)
from docsite.openapi.specs import ApiSpec
from docsite.routes import Route

_CURL_BODY = re.compile(r"(?:^|\s)(?:-d|--data|--data-raw|--data-binary|--json)[\s=]+'([^']*)'")
_JSON_MEDIA = re.compile(r"^application/(?:[\w.+-]+\+)?json$|^\*/\*$")
FIX = ("correct the JSON to match the spec, or the spec if the page is right (see /specification/{api}); JSON that is "
       "not the API's is ```jsonc or ```json skip-check (not checked)")


@dataclass
class _Api:
    """One spec, ready to validate JSON: its validators over a strict copy, and what it documents."""

    spec: ApiSpec
    validator_at: Callable[[str], Validator]
    error_codes: set[str]
    error_schemas: list[str]  # pointers of the schemas of its 4xx and 5xx responses
    webhooks: dict[str, list[str]] = field(default_factory=dict)  # name -> payload schema pointers

    @classmethod
    def of(cls, spec: ApiSpec) -> _Api:
        document = spec.document
        version = openapi_version(document) or "3.1"
        strict = strict_document(document) if version == "3.1" else document
        errors = sorted({schema for pointer, _, _ in operations(document) if pointer.startswith("/paths/")
                         for status, schema in _response_schemas(document, pointer) if status[:1] in "45"})
        webhooks: dict[str, list[str]] = {}
        for pointer, name in _webhook_operations(document):
            webhooks.setdefault(name, []).extend(_body_schemas(document, pointer))
        return cls(spec, schema_validators(strict, version), spec.error_codes, errors, webhooks)

    def body_schemas(self, op: SpecOperation) -> list[str]:
        return _body_schemas(self.spec.document, _pointer(op))

    def response_schemas(self, op: SpecOperation) -> list[str]:
        return [schema for _, schema in _response_schemas(self.spec.document, _pointer(op))]

    def errors_for(self, value: Any, pointers: Iterable[str]) -> list[ValidationError] | None:
        """None when `value` validates against one of the schemas at `pointers`; else the errors
        against the closest one (the fewest errors)."""
        best: list[ValidationError] | None = None
        for pointer in pointers:
            errors = list(self.validator_at(pointer).iter_errors(value))
            if not errors:
                return None
            if best is None or len(errors) < len(best):
                best = errors
        return best or []


class _Apis:
    """The specs, as the check of one page reads them. What decides which specs a block is checked
    against (every spec's operations, webhooks' names, error codes: `outline`) is read freely; a spec
    whose schemas may be read (`candidates`, `__getitem__`) is noted in `read`, and its `_Api` made
    when first used."""

    def __init__(self, specs: list[ApiSpec]) -> None:
        self.specs = {spec.name: spec for spec in specs}
        self.webhooks = {spec.name: sorted({name for _, name in _webhook_operations(spec.document)})
                         for spec in specs}
        self.made: dict[str, _Api] = {}
        self.read: set[str] = set()

    def outline(self, index: ApiIndex) -> str:
        """Everything the check reads of the specs but the specs in `read`."""
        return repr(([(op.method, op.path, op.spec) for op in index.operations],
                     [(name, self.webhooks[name], sorted(spec.error_codes), spec.lists_error_codes)
                      for name, spec in self.specs.items()]))

    def identity(self, name: str) -> str:
        """What the spec's `_Api` is made from: its bytes' digest (its document's, for a spec not read
        from a file)."""
        spec = self.specs[name]
        if spec.digest:
            return spec.digest
        return hashlib.sha256(pickle.dumps(spec.document, protocol=pickle.HIGHEST_PROTOCOL)).hexdigest()

    def __getitem__(self, name: str) -> _Api:
        self.read.add(name)
        if name not in self.made:
            self.made[name] = _Api.of(self.specs[name])
        return self.made[name]

    def candidates(self, index: ApiIndex, call: ApiCall) -> list[SpecOperation]:
        """The operations `call` may be (its path, and its method when it says one). Their specs are
        noted as read, every one, though the check stops at the first that matches: which specs a
        page reads must follow from the outline and the page alone."""
        found = [op for op in index.matching(call.path) if call.method in (None, op.method)]
        self.read.update(op.spec for op in found)
        return found

    def webhook_owner(self, type_name: str) -> str | None:
        return next((name for name, names in self.webhooks.items() if type_name in names), None)

    def owners_of(self, code: str) -> list[str]:
        return [name for name, spec in self.specs.items() if code in spec.error_codes]


def check_json_bodies(routes: Iterable[Route], specs: list[ApiSpec], calls: dict[Path, list[ApiCall]],
                      report: Report, kept: KeptResults | None = None) -> None:
    """Report every JSON block and curl body in the routes' Markdown that the specs disagree with.
    `calls` are the API calls of each file, in line order, as `check_api_calls` found them.

    A page's problems depend on its code, its calls and headings, the specs' outline
    (`_Apis.outline`) and the specs it reads; which specs it reads, on its inputs and the outline
    alone. So they are kept (`kept`: the previous build's, as in `check_api_calls`) in two steps:
    the specs it reads by its inputs and the outline, then its problems by these and the bytes of
    the specs it reads. An edit to one spec checks again the pages that read it, and no other
    (unless the edit changed the outline: an operation, a webhook or an error code added or
    removed)."""
    if not specs:
        return
    results = kept or KeptResults(None)
    index = ApiIndex(specs)
    apis = _Apis(specs)
    outline = apis.outline(index)
    for route in routes:
        rendered, source = route.rendered, route.source
        if rendered is None or source is None:
            continue
        inputs = pickle.dumps((str(source), rendered.code, calls.get(source, []),
                               [h.line for h in rendered.headings]), protocol=pickle.HIGHEST_PROTOCOL)
        checked: list[tuple[Problem, ...]] = []  # the page's problems, once checked in this run

        def check(source: Path = source, rendered: Rendered = rendered,
                  checked: list[tuple[Problem, ...]] = checked) -> tuple[str, ...]:
            apis.read = set()
            checked.append(tuple(_check_page(source, rendered, calls, index, apis)))
            return tuple(sorted(apis.read))

        def problems(check: Callable[[], tuple[str, ...]] = check,
                     checked: list[tuple[Problem, ...]] = checked) -> tuple[Problem, ...]:
            if not checked:
                check()
            return checked[0]

        read = results.get_or_compute("json-body-specs", (outline, inputs), check)
        against = ";".join(f"{name}={apis.identity(name)}" for name in read)
        report.extend(results.get_or_compute("json-bodies", (outline, inputs, against), problems))


def _check_page(source: Path, rendered: Rendered, calls: dict[Path, list[ApiCall]], index: ApiIndex,
                apis: _Apis) -> list[Problem]:
    report = Report()
    page = _Page(source, calls.get(source, []), [h.line for h in rendered.headings], index)
    for span in rendered.code:
        if span.skip_check:  # ```json skip-check: a fragment, or JSON that is not the API's
            continue
        if span.block and span.language == "json":
            _check_block(page, span, apis, report)
        if span.block:
            for line, body, call in page.curl_bodies(span):
                _check_request(page.file, line, body, call, apis, index, report)
    return report.problems


@dataclass
class _Page:
    file: Path
    calls: list[ApiCall]  # in line order
    heading_lines: list[int]
    index: ApiIndex

    def call_before(self, line: int) -> ApiCall | None:
        """The last API call before `line` in the same section."""
        section_start = max((h for h in self.heading_lines if h < line), default=0)
        before = [call for call in self.calls if section_start < call.line < line]
        return before[-1] if before else None

    def curl_bodies(self, span: CodeSpan) -> Iterator[tuple[int, str, ApiCall]]:
        """(line, JSON text, call) of each JSON body a curl command in `span` sends."""
        for match in _CURL_BODY.finditer(span.text):
            body = match.group(1)
            line = span.line + span.text.count("\n", 0, match.start(1))
            sending = [call for call in self.calls if span.line <= call.line <= line]
            if body.lstrip()[:1] in ("{", "[") and sending:
                yield line, body, sending[-1]


def _check_block(page: _Page, span: CodeSpan, apis: _Apis, report: Report) -> None:
    try:
        value = json.loads(span.text)
    except json.JSONDecodeError as err:
        report.error(f"this json code block is not valid JSON: {err.msg}", page.file, span.line + err.lineno - 1,
                     "readers copy it: write valid JSON (no comments, no `...`); for a fragment or JSON with "
                     "comments, write ```jsonc (highlighted, not checked) or ```json skip-check")
        return
    if span.webhook is not None and apis.webhook_owner(span.webhook) is None:
        known = closest_first(span.webhook, {name for names in apis.webhooks.values() for name in names})
        report.error(f'webhook="{span.webhook}": no API spec declares this webhook', page.file, span.line,
                     f"name one of the specs' webhooks ({listing(known)}), or declare it under `webhooks` in its "
                     "spec" if known else "declare it under `webhooks` in its spec, or remove webhook=\"…\"")
        return
    name = span.webhook or (value["type"] if isinstance(value, dict) and isinstance(value.get("type"), str) else None)
    webhook = _webhook(name, apis) if name else None
    if webhook is not None:
        api, pointers = webhook
        _report(page.file, span.line, f"the `{name}` webhook payload", api.errors_for(value, pointers), api, report)
        return
    call = page.call_before(span.line)
    candidates = apis.candidates(page.index, call) if call else []
    if _is_error(value) and not _check_error_code(page.file, span.line, value, candidates, apis, report):
        return
    if candidates:
        _check_against_operations(page.file, span.line, value, call, candidates, apis, report)
    elif _is_error(value):
        owners = apis.owners_of(value["code"])
        if owners:  # none when a spec without `x-error-codes` let the code pass
            api = apis[owners[0]]
            _report(page.file, span.line, "this error body", api.errors_for(value, api.error_schemas), api, report)


def _check_against_operations(file: Path, line: int, value: Any, call: ApiCall | None,
                              candidates: list[SpecOperation], apis: _Apis, report: Report) -> None:
    """The block is a request body or a response of one of the operations, whole or an excerpt."""
    best: tuple[_Api, list[ValidationError]] | None = None
    for op in candidates:
        api = apis[op.spec]
        whole = api.body_schemas(op) + api.response_schemas(op)
        errors = api.errors_for(value, whole)
        if errors is None or api.errors_for(value, _excerpts(api.spec.document, whole)) is None:
            return
        if best is None or len(errors) < len(best[1]):
            best = (api, errors)
    if best is not None:
        shown = f"{call.method} {call.written}" if call and call.method else (call.written if call else "")
        _report(file, line, f"this JSON (after `{shown}`)", best[1], best[0], report,
                f" as a request body or a response of {_names(candidates)}, whole or in part")


def _check_request(file: Path, line: int, body: str, call: ApiCall, apis: _Apis, index: ApiIndex,
                   report: Report) -> None:
    try:
        value = json.loads(body)
    except json.JSONDecodeError as err:
        report.error(f"the JSON this curl command sends is not valid JSON: {err.msg}", file, line + err.lineno - 1,
                     "fix the JSON between the quotes")
        return
    candidates = apis.candidates(index, call)
    best: tuple[_Api, list[ValidationError]] | None = None
    for op in candidates:
        api = apis[op.spec]
        pointers = api.body_schemas(op)
        if not pointers:
            continue
        errors = api.errors_for(value, pointers)
        if errors is None:
            return
        if best is None or len(errors) < len(best[1]):
            best = (api, errors)
    if best is not None:
        _report(file, line, f"the request body this curl command sends to {_names(candidates)}", best[1], best[0],
                report)
    elif candidates:
        report.error(f"this curl command sends a JSON body, but {_names(candidates)} takes none", file, line,
                     "remove the body, or fix the call")


def _check_error_code(file: Path, line: int, value: dict[str, Any], candidates: list[SpecOperation],
                      apis: _Apis, report: Report) -> bool:
    """False (and reported) when the error body's code is not one the API (or any API) documents."""
    code = value["code"]
    scope = [apis.specs[name] for name in dict.fromkeys(op.spec for op in candidates)] or list(apis.specs.values())
    if any(code in spec.error_codes or not spec.lists_error_codes for spec in scope):
        return True
    known = closest_first(code, {c for spec in scope for c in spec.error_codes})
    where = " and ".join(spec.title for spec in scope) if candidates else "any API"  # the candidates' (read)
    report.error(f"error code `{code}` is not documented by {where}", file, line,
                 f"use one of the documented codes ({listing(known)}), or add it to `x-error-codes` of the spec")
    return False


def _report(file: Path, line: int, what: str, errors: list[ValidationError] | None, api: _Api,
            report: Report, as_what: str = "") -> None:
    if errors is None:
        return
    details = "; ".join(_describe(error) for error in errors[:3]) + ("; …" if len(errors) > 3 else "")
    report.error(f"{what} does not match the {api.spec.title} spec{as_what}: {details}", file, line,
                 FIX.format(api=api.spec.name))


def _describe(error: ValidationError) -> str:
    where = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in error.absolute_path)
    return f"{where.lstrip('.') or 'the top level'}: {error.message}"


def _names(candidates: list[SpecOperation]) -> str:
    return ", ".join(f"`{op.method} {op.path}`" for op in candidates)


def _pointer(op: SpecOperation) -> str:
    return f"/paths/{escape(op.path)}/{op.method.lower()}"


def _is_error(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("code"), str) and "message" in value


def _webhook(name: str, apis: _Apis) -> tuple[_Api, list[str]] | None:
    """The spec that declares the webhook `name` and its payload schemas; None when no spec does."""
    owner = apis.webhook_owner(name)
    if owner is None:
        return None
    api = apis[owner]
    return api, api.webhooks[name]


# -- the schemas of an operation -------------------------------------------------------------------

def _webhook_operations(document: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(operation pointer, webhook name) of every webhook operation."""
    for pointer, item, _ in operations(document):
        if item.startswith("/webhooks/"):
            yield pointer, item.split("/")[2].replace("~1", "/").replace("~0", "~")


def _body_schemas(document: dict[str, Any], operation: str) -> list[str]:
    """Schema pointers of the JSON media types of the request body of the operation at `operation`."""
    return _json_media(document, f"{operation}/requestBody")


def _response_schemas(document: dict[str, Any], operation: str) -> list[tuple[str, str]]:
    """(status, schema pointer) of the JSON media types of each response of the operation."""
    responses = resolve_pointer(document, f"{operation}/responses")
    return [(str(status), schema) for status in (responses if isinstance(responses, dict) else {})
            for schema in _json_media(document, f"{operation}/responses/{escape(str(status))}")]


def _json_media(document: dict[str, Any], owner: str) -> list[str]:
    """Schema pointers of the JSON media types of the request body or response at `owner`."""
    pointer, value = dereference(document, owner)
    content = value.get("content") if isinstance(value, dict) else None
    return [f"{pointer}/content/{escape(media)}/schema" for media, media_type in (content or {}).items()
            if _JSON_MEDIA.match(media) and isinstance(media_type, dict) and "schema" in media_type]


def _excerpts(document: dict[str, Any], roots: list[str]) -> Iterator[str]:
    """Pointers of every schema nested in the schemas at `roots`: field values and items, at any depth
    (the parts of a composition are the same value as their whole: their fields are nested, not they)."""
    seen: set[str] = set()
    stack = list(roots)
    while stack:
        pointer, schema = dereference(document, stack.pop())
        if not isinstance(schema, dict) or pointer in seen:
            continue
        seen.add(pointer)
        nested = [f"{pointer}/properties/{escape(name)}" for name in schema.get("properties") or {}]
        nested += [f"{pointer}/{key}" for key in ("items", "additionalProperties") if isinstance(schema.get(key), dict)]
        yield from nested
        stack += nested
        stack += [f"{pointer}/{key}/{i}" for key in COMPOSITIONS for i, _ in enumerate(schema.get(key) or [])]
