"""`::OperationCard{operationId="..."}` in a page: resolved in the page's tree, before its route is
made, to the operation's method, path, summary and reference link. An unknown operationId fails
the build."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

from docsite.errors import Report
from docsite.markdown import Rendered
from docsite.openapi.specs import METHODS, ApiSpec


def operation_index(specs: list[ApiSpec]) -> dict[str, dict[str, Any]]:
    index: dict[str, dict[str, Any]] = {}
    for spec in specs:
        for path, item in spec.document.get("paths", {}).items():
            for method, operation in item.items():
                if method in METHODS and isinstance(operation, dict) and operation.get("operationId"):
                    op_id = operation["operationId"]
                    index[op_id] = {
                        "operationId": op_id,
                        "method": method.upper(),
                        "path": path,
                        "summary": operation.get("summary", ""),
                        "href": f"{spec.route}#operation-{op_id}",
                        "api": spec.title,
                    }
    return index


def _an_operation_has_no_id(specs: list[ApiSpec]) -> bool:
    return any(method in METHODS and isinstance(operation, dict) and not operation.get("operationId")
               for spec in specs for item in (spec.document.get("paths") or {}).values() if isinstance(item, dict)
               for method, operation in item.items())


def resolve_operation_cards(source: Path | None, rendered: Rendered, specs: list[ApiSpec], report: Report,
                            index: dict[str, dict[str, Any]] | None = None) -> None:
    """Fill in the props of the page's operation cards (`source`: the file it was rendered from)."""
    uses = [u for u in rendered.components if u.name == "OperationCard"]
    if not uses:
        return
    index = index if index is not None else operation_index(specs)
    for use in uses:
        op_id = str(use.props.get("operationId", ""))
        found = index.get(op_id)
        if found is None and _an_operation_has_no_id(specs):
            continue  # reported with the spec: the card may name the id that operation lost
        if found is None:
            close = difflib.get_close_matches(op_id, list(index), n=3)
            hint = f" Did you mean {', '.join(close)}?" if close else ""
            report.error(f"OperationCard: no operation with operationId '{op_id}' in the API specs.{hint}",
                         source, use.line, "use an operationId from content/specs/*.yaml")
            continue
        use.props.update(found)
