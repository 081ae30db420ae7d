"""Each API's Postman collection (v2.1) and one Postman environment per server, made from its spec.

An integrator imports the collection and one environment, fills in the client id and secret, and
every request of the reference is there: a folder per tag, each operation with its method, its URL
on `{{baseUrl}}` with the path variables' examples, its query and header parameters (the optional
ones disabled), the request body's first example, and the OAuth 2.0 client-credentials grant on
the environment's token endpoint (`{{tokenUrl}}`) with the scopes it needs.

The requests are made from what the API page already resolved (its operations' parameters, and
the Try-it data's calls: the same examples and body as the reference's samples), so the collection
shows what the reference shows. The environments are the spec's `servers`, each with the token
endpoint its `x-onebox-token-url` names (content/specs/README.md): a client's credentials work
only in the environment that issued them, so switching environment switches both.
"""

from __future__ import annotations

import json
import uuid
from typing import Any
from urllib.parse import quote

from docsite.markdown.text import plain_text
from docsite.openapi.specs import ApiSpec, Environment
from docsite.openapi.tryit import server_token_urls

SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"
BASE_URL, TOKEN_URL, CLIENT_ID, CLIENT_SECRET = "baseUrl", "tokenUrl", "clientId", "clientSecret"
_KEPT = ":,"  # left as they are in a path or query value (readable, and meaning the same)


def postman_files(spec: ApiSpec, page: dict[str, Any], tryit: dict[str, Any]) -> dict[str, bytes]:
    """The collection and environments of `spec` (site path -> bytes), from its API page's data and
    its Try-it operations (anchor -> data)."""
    files = {spec.postman_download(): _json(collection(spec, page, tryit))}
    for environment in spec.environments:
        files[spec.postman_download(environment)] = _json(environment_file(spec, environment))
    return files


def collection(spec: ApiSpec, page: dict[str, Any], tryit: dict[str, Any]) -> dict[str, Any]:
    schemes = _schemes(spec.document)
    environments = spec.environments
    default = environments[0] if environments else None
    folders = []
    for group in page.get("groups", []):
        requests = [_request(spec, op, tryit.get(op["id"], {}), schemes) for op in group["operations"]]
        folder: dict[str, Any] = {"name": group["name"], "item": requests}
        if group.get("description"):
            folder["description"] = _text(group["description"])
        folders.append(folder)
    out: dict[str, Any] = {
        "info": {"_postman_id": _id(spec, "collection"), "name": spec.title,
                 "description": str(spec.info.get("description") or spec.info.get("summary") or ""),
                 "version": spec.version, "schema": SCHEMA},
        "item": folders,
        "variable": [{"key": BASE_URL, "value": default.url if default else "", "type": "string"},
                     {"key": TOKEN_URL, "value": _token_url(spec, default), "type": "string"}],
    }
    auth = _auth(page.get("security") or [], schemes)
    if auth is not None:
        out["auth"] = auth
    return out


def environment_file(spec: ApiSpec, environment: Environment) -> dict[str, Any]:
    values = [{"key": BASE_URL, "value": environment.url, "type": "default", "enabled": True},
              {"key": TOKEN_URL, "value": _token_url(spec, environment), "type": "default", "enabled": True},
              {"key": CLIENT_ID, "value": "", "type": "secret", "enabled": True},
              {"key": CLIENT_SECRET, "value": "", "type": "secret", "enabled": True}]
    return {"id": _id(spec, f"environment/{environment.slug}"), "name": f"{spec.title}: {environment.name}",
            "values": values, "_postman_variable_scope": "environment"}


def _request(spec: ApiSpec, op: dict[str, Any], tryit: dict[str, Any], schemes: dict[str, Any]) -> dict[str, Any]:
    values = {(p["in"], p["name"]): p.get("value") for p in tryit.get("parameters", [])}
    call = tryit.get("call", {})
    path = op["path"]
    variables, query, headers = [], [], []
    for parameter in op.get("parameters", []):
        place, name = parameter["in"], parameter["name"]
        value = values.get((place, name))
        text = "" if value is None else str(value)
        if place in ("path", "query"):  # as sent: a date-time's `+` is a space in a query string unless encoded
            text = quote(text, safe=_KEPT)
        entry: dict[str, Any] = {"key": name, "value": text}
        if parameter.get("description"):
            entry["description"] = _text(parameter["description"])
        if place == "path":
            path = path.replace(f"{{{name}}}", f":{name}")
            variables.append(entry)
        elif place == "query":
            query.append({**entry, **({} if parameter.get("required") else {"disabled": True})})
        elif place == "header":
            headers.append({**entry, **({} if parameter.get("required") else {"disabled": True})})
    request: dict[str, Any] = {"method": op["method"], "header": headers}
    if "body" in call:
        media_type = str(call.get("mediaType") or "application/json")
        body = call["body"]
        is_json = "json" in media_type
        headers.append({"key": "Content-Type", "value": media_type})
        request["body"] = {"mode": "raw",
                           "raw": json.dumps(body, indent=2, ensure_ascii=False) if is_json or not isinstance(body, str)
                           else body}
        if is_json:
            request["body"]["options"] = {"raw": {"language": "json"}}
    segments = [segment for segment in path.split("/") if segment]
    query_text = "&".join(f"{q['key']}={q['value']}" for q in query if not q.get("disabled"))
    url: dict[str, Any] = {"raw": f"{{{{{BASE_URL}}}}}{path}" + (f"?{query_text}" if query_text else ""),
                           "host": [f"{{{{{BASE_URL}}}}}"], "path": segments}
    if query:
        url["query"] = query
    if variables:
        url["variable"] = variables
    request["url"] = url
    description = _operation_description(spec, op)
    if description:
        request["description"] = description
    if "security" in op:  # the operation's own requirement (another scope, or none)
        request["auth"] = _auth(op["security"], schemes) or {"type": "noauth"}
    return {"name": op.get("summary") or f"{op['method']} {op['path']}", "request": request}


def _auth(security: list[list[dict[str, Any]]], schemes: dict[str, Any]) -> dict[str, Any] | None:
    """Postman's auth for the first alternative of a requirement Postman can express; None when
    the spec requires nothing."""
    for alternative in security:
        for requirement in alternative:
            scheme = schemes.get(requirement["scheme"])
            if not isinstance(scheme, dict):
                continue
            kind = scheme.get("type")
            http = str(scheme.get("scheme", "")).lower() if kind == "http" else ""
            if kind == "oauth2":
                return {"type": "oauth2", "oauth2": _attributes({
                    "grant_type": "client_credentials", "accessTokenUrl": f"{{{{{TOKEN_URL}}}}}",
                    "clientId": f"{{{{{CLIENT_ID}}}}}", "clientSecret": f"{{{{{CLIENT_SECRET}}}}}",
                    "scope": " ".join(requirement["scopes"]), "client_authentication": "body",
                    "addTokenTo": "header", "tokenName": "Onebox token"})}
            if http == "bearer":
                return {"type": "bearer", "bearer": _attributes({"token": "{{token}}"})}
            if http == "basic":
                return {"type": "basic", "basic": _attributes({"username": "{{username}}", "password": "{{password}}"})}
            if kind == "apiKey" and scheme.get("in") in ("header", "query"):
                return {"type": "apikey", "apikey": _attributes({"key": str(scheme.get("name")), "value": "{{apiKey}}",
                                                                 "in": str(scheme["in"])})}
    return None


def _attributes(values: dict[str, str]) -> list[dict[str, str]]:
    return [{"key": key, "value": value, "type": "string"} for key, value in values.items()]


def _schemes(document: dict[str, Any]) -> dict[str, Any]:
    schemes = (document.get("components") or {}).get("securitySchemes")
    return schemes if isinstance(schemes, dict) else {}


def _token_url(spec: ApiSpec, environment: Environment | None) -> str:
    """The token endpoint of an environment: its server's `x-onebox-token-url`, else the first
    client-credentials flow's `tokenUrl`."""
    if environment is not None:
        url = server_token_urls(spec.document).get(environment.spec_url)
        if url:
            return url
    for scheme in _schemes(spec.document).values():
        flow = ((scheme.get("flows") or {}).get("clientCredentials") or {}) if isinstance(scheme, dict) else {}
        if isinstance(flow, dict) and flow.get("tokenUrl"):
            return str(flow["tokenUrl"])
    return ""


def _operation_description(spec: ApiSpec, op: dict[str, Any]) -> str:
    """The operation's description as the spec writes it (Markdown, which Postman renders)."""
    item = (spec.document.get("paths") or {}).get(op["path"])
    operation = item.get(op["method"].lower()) if isinstance(item, dict) else None
    description = operation.get("description") if isinstance(operation, dict) else None
    return description.strip() if isinstance(description, str) else _text(op.get("description"))


def _text(value: Any) -> str:
    if not value:
        return ""
    return value if isinstance(value, str) else plain_text(value)


def _id(spec: ApiSpec, what: str) -> str:
    """A stable id: importing a newer collection replaces the older one instead of adding a copy."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"docsite-postman:{spec.name}/{what}"))


def _json(value: Any) -> bytes:
    return json.dumps(value, indent=2, ensure_ascii=False).encode()
