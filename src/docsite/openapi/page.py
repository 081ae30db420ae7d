"""One API's reference page: the data `frontend/src/api/` renders, from one valid spec.

`ApiPageBuilder` turns the spec into the introduction, authentication, servers, operations grouped by
tag (parameters, request body, responses, callbacks, links, code samples), webhooks, schemas and
error codes. Named schemas and shared responses are rendered once, into tables the operations refer
to by name, so the page data stays compact. It also gathers what the build checks and indexes:
the descriptions' links, components and code, the page's anchors, one search section per operation.

Anchors (stable: guides link to them): `operation-<operationId>`, `schema-<Name>`, `tag-<slug>`,
`error-<CODE>`, and the sections `introduction`, `authentication`, `servers`, `webhooks`, `schemas`,
`errors`.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

from docsite.config import SiteConfig
from docsite.markdown import Rendered, render_markdown
from docsite.markdown.highlight import highlight_lines
from docsite.markdown.text import plain_text, slugify
from docsite.openapi.resolver import Location, Resolver, components
from docsite.openapi.samples import Call, Secret, samples_tree
from docsite.openapi.schemas import SchemaTable, example_of, json_text, node_constants
from docsite.openapi.specs import METHODS, ApiSpec, summary
from docsite.openapi.tryit import call_data
from docsite.routes import Route, SearchSection, page_meta

SECTIONS = ("introduction", "authentication", "servers", "webhooks", "schemas", "errors")
_PARAMETER_PLACES = ("path", "query", "header", "cookie")
_FLOW_LABELS = {"clientCredentials": "Client credentials", "authorizationCode": "Authorization code",
                "implicit": "Implicit", "password": "Password", "deviceAuthorization": "Device authorization"}


class ApiPageBuilder:
    """The page data of one spec, and what the build checks: links, components, anchors, search."""

    def __init__(self, spec: ApiSpec, config: SiteConfig) -> None:
        self.spec = spec
        self.config = config
        self.resolver = Resolver(spec.file, spec.document, spec.lines)
        self.root = self.resolver.root
        self.rendered = Rendered(tree=[])  # every description's links, components and code
        self.schemas = SchemaTable(self.resolver, self.markdown)
        self.responses: dict[str, Any] = {}  # shared responses (components.responses), by name
        self.anchors: dict[str, Location] = {}  # operation anchor -> its operation
        self.sections: list[SearchSection] = []
        self.top_security: list[Any] = []
        self.tryit: dict[str, dict[str, Any]] = {}  # operation anchor -> its Try-it data (docsite.openapi.tryit)
        self.calls: dict[str, Call] = {}  # operation anchor -> the call its code samples make

    def route(self) -> Route:
        data = self.page()
        anchors = {*SECTIONS, *self.rendered.anchors, *self.anchors,
                   *(group["id"] for group in data.get("groups", [])),
                   *(f"schema-{name}" for name in data.get("schemas", {})),
                   *(f"error-{error['code']}" for error in data.get("errors", []))}
        return Route(self.spec.route, "apiReference", data, self.spec.file, self.rendered,
                     search="other", anchors=anchors, sections=self.sections)

    def page(self) -> dict[str, Any]:
        spec, document = self.spec, self.resolver.document
        info = self._mapping(document.get("info"), self.root.child("info"), "info")
        self.schemas.add_components()
        intro = self.markdown(str(info.get("description") or ""), self.root.child("info", "description"))
        self.top_security = self._security(document.get("security"), self.root.child("security")) or []
        groups = self._groups()
        webhooks = [op for name, item in self._items("webhooks") for op in self._path_item(name, item, webhook=True)]
        for op in [op for group in groups for op in group["operations"]] + webhooks:
            self._search_section(op)
        data: dict[str, Any] = {
            "kind": "apiReference",
            "meta": api_page_meta(spec, self.config),
            "title": spec.title,
            "api": {**summary(spec), "openapi": str(document.get("openapi", ""))},
            "intro": intro,
            "servers": self._servers(document.get("servers"), self.root.child("servers")),
            "security": self.top_security,
            "securitySchemes": self._security_schemes(),
            "groups": groups,
            "webhooks": webhooks,
            "errors": self._error_codes(info),
            "responses": self.responses,
            "schemas": self.schemas.finish(),
        }
        for key in ("contact", "license"):
            if isinstance(info.get(key), dict):
                data[key] = {k: str(v) for k, v in info[key].items() if k in ("name", "url", "email", "identifier")}
        docs = document.get("externalDocs")
        if isinstance(docs, dict) and docs.get("url"):
            data["externalDocs"] = {"url": str(docs["url"]), "description": str(docs.get("description") or docs["url"])}
        self._definition_sections(data["schemas"], data["errors"])
        return _compact(data)

    # -- Markdown ------------------------------------------------------------------------------

    def markdown(self, text: str, where: Location) -> Any:
        """A description as a content tree; a plain one-paragraph text stays a string."""
        if not text.strip():
            return []
        line = self.resolver.line(where) or 1
        first = line + 1 if "\n" in text.strip() else line  # a block scalar starts below its key
        rendered = render_markdown(text, where.file, first)
        out = self.rendered
        out.links += rendered.links
        out.images += rendered.images
        out.components += rendered.components
        out.problems += rendered.problems
        out.anchors |= rendered.anchors
        out.code += rendered.code
        tree = rendered.tree
        if len(tree) == 1 and isinstance(tree[0], list) and tree[0][0] == "p" and tree[0][1] is None \
                and all(isinstance(child, str) for child in tree[0][2:]):
            return "".join(tree[0][2:])
        return tree

    # -- operations ----------------------------------------------------------------------------

    def _items(self, section: str) -> list[tuple[str, Any]]:
        value = self.resolver.document.get(section)
        if value is None:
            return []
        return list(self._mapping(value, self.root.child(section), f"`{section}`").items())

    def _groups(self) -> list[dict[str, Any]]:
        tags = self.resolver.document.get("tags") or []
        groups: dict[str, dict[str, Any]] = {}
        for index, tag in enumerate(tags if isinstance(tags, list) else []):
            if isinstance(tag, dict) and isinstance(tag.get("name"), str):
                groups[tag["name"]] = self._group(tag, self.root.child("tags", index))
        for path, item in self._items("paths"):
            for op in self._path_item(path, item, webhook=False):
                name = op.pop("tag")
                if name not in groups:
                    groups[name] = self._group({"name": name}, None)
                groups[name]["operations"].append(op)
        return [group for group in groups.values() if group["operations"]]

    def _group(self, tag: dict[str, Any], where: Location | None) -> dict[str, Any]:
        name = str(tag["name"])
        group: dict[str, Any] = {"id": f"tag-{slugify(name) or 'other'}",
                                 "name": str(tag.get("x-displayName") or name), "operations": []}
        if where is not None and isinstance(tag.get("description"), str):
            group["description"] = self.markdown(tag["description"], where.child("description"))
        return group

    def _path_item(self, path: str, item: Any, *, webhook: bool) -> list[dict[str, Any]]:
        where = self.root.child("webhooks" if webhook else "paths", path)
        item, where = self.resolver.follow(item, where)
        item = self._mapping(item, where, "a path item")
        shared = item.get("parameters") or []
        operations = []
        for method in METHODS:
            if method in item:
                operations.append(self._operation(path, method, item[method], where.child(method), shared,
                                                  where, webhook=webhook, servers=item.get("servers")))
        return operations

    def _operation(self, path: str, method: str, operation: Any, where: Location, shared: Any,
                   item_where: Location, *, webhook: bool, servers: Any = None,
                   callback: bool = False) -> dict[str, Any]:
        operation = self._mapping(operation, where, "an operation")
        operation_id = operation.get("operationId")
        anchor = self._anchor(operation_id, method, path, where, webhook or callback)
        tags = operation.get("tags")
        op: dict[str, Any] = {
            "id": anchor,
            "operationId": str(operation_id) if operation_id else None,
            "method": method.upper(),
            "path": path,
            "summary": str(operation.get("summary") or ""),
            "description": self.markdown(str(operation.get("description") or ""), where.child("description")),
            "deprecated": operation.get("deprecated") is True,
        }
        if not callback:
            op["tag"] = str(tags[0]) if isinstance(tags, list) and tags else "Other"
        if webhook:
            op["webhook"] = True
            op.pop("tag", None)
            if isinstance(operation.get("x-retries"), str):  # what happens when the receiver does not answer 2xx
                op["retries"] = self.markdown(operation["x-retries"], where.child("x-retries"))
        parameters = self._parameters(shared, item_where.child("parameters"), operation.get("parameters"),
                                      where.child("parameters"))
        op["parameters"] = parameters
        body_where = where.child("requestBody")
        body = None
        if "requestBody" in operation:
            body = self._request_body(operation["requestBody"], body_where)
            op["requestBody"] = body
        op["responses"] = self._responses(operation.get("responses"), where.child("responses"))
        security = self._security(operation.get("security"), where.child("security")) \
            if "security" in operation else None
        callbacks = operation.get("callbacks")
        if isinstance(callbacks, dict):
            op["callbacks"] = [self._callback(name, value, where.child("callbacks", name))
                               for name, value in callbacks.items()]
        docs = operation.get("externalDocs")
        if isinstance(docs, dict) and docs.get("url"):
            op["externalDocs"] = {"url": str(docs["url"]), "description": str(docs.get("description") or docs["url"])}
        if not webhook and not callback:
            op_servers = operation.get("servers") or servers or self.resolver.document.get("servers")
            call = self._call(op, operation, where, body, security if security is not None else self.top_security,
                              op_servers)
            op["samples"] = samples_tree(call, anchor)
            self.calls[anchor] = call
            self.tryit[anchor] = self._tryit(op, operation, where, call)
            if operation.get("servers") or servers:
                op["servers"] = self._servers(operation.get("servers") or servers, where.child("servers"))
        op = _compact(op)
        if security is not None and security != self.top_security:
            op["security"] = security  # [] (no credentials needed) is kept: it differs from absent
        return op

    def _anchor(self, operation_id: Any, method: str, path: str, where: Location, webhook: bool) -> str:
        if isinstance(operation_id, str) and operation_id:
            anchor = f"operation-{operation_id}"
        else:
            kind = "webhook" if webhook else "operation"
            anchor = f"{kind}-{method}-{re.sub(r'[^A-Za-z0-9]+', '-', path).strip('-').lower()}"
        if anchor in self.anchors:
            raise self.resolver.error(where, f"two operations have the anchor #{anchor} "
                                      f"({self.anchors[anchor]} and this one)",
                                      "give every operation its own operationId")
        self.anchors[anchor] = where
        return anchor

    def _callback(self, name: str, value: Any, where: Location) -> dict[str, Any]:
        value, where = self.resolver.follow(value, where)
        value = self._mapping(value, where, "a callback")
        operations = []
        for expression, item in value.items():
            item_where = where.child(expression)
            item, item_where = self.resolver.follow(item, item_where)
            item = self._mapping(item, item_where, "a path item")
            for method in METHODS:
                if method in item:
                    operations.append(self._operation(expression, method, item[method], item_where.child(method),
                                                      item.get("parameters") or [], item_where, webhook=False,
                                                      callback=True))
        return {"name": name, "operations": operations}

    # -- parameters, bodies, responses ---------------------------------------------------------

    def _parameters(self, shared: Any, shared_where: Location, own: Any, own_where: Location) -> list[dict[str, Any]]:
        found: dict[tuple[str, str], dict[str, Any]] = {}
        for values, where in ((shared, shared_where), (own, own_where)):
            if values is None:
                continue
            if not isinstance(values, list):
                raise self.resolver.error(where, "`parameters` must be a list", "write one parameter per list item")
            for index, value in enumerate(values):
                parameter, at = self.resolver.follow(value, where.child(index))
                parameter = self._mapping(parameter, at, "a parameter")
                name, place = parameter.get("name"), parameter.get("in")
                if not isinstance(name, str) or place not in _PARAMETER_PLACES:
                    raise self.resolver.error(at, "a parameter needs a `name` and `in` (path, query, header or "
                                              "cookie)", "add `name:` and `in:`")
                found[(place, name)] = self._parameter(parameter, at)  # the operation's own wins
        order = {place: index for index, place in enumerate(_PARAMETER_PLACES)}
        return sorted(found.values(), key=lambda p: order[p["in"]])

    def _parameter(self, parameter: dict[str, Any], where: Location, *,
                   header_name: str | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"name": header_name or parameter["name"]}
        if header_name is None:
            out["in"] = parameter["in"]
        out["required"] = parameter.get("required") is True or parameter.get("in") == "path"
        out["deprecated"] = parameter.get("deprecated") is True
        if isinstance(parameter.get("description"), str):
            out["description"] = self.markdown(parameter["description"], where.child("description"))
        schema_where = where.child("schema")
        schema = parameter.get("schema")
        content = parameter.get("content")
        if schema is None and isinstance(content, dict) and content:
            media_type, media = next(iter(content.items()))
            out["mediaType"] = media_type
            schema_where = where.child("content", media_type, "schema")
            schema = media.get("schema") if isinstance(media, dict) else None
            parameter = {**(media if isinstance(media, dict) else {}), **parameter}
        if schema is not None:
            out["schema"] = self.schemas.node(schema, schema_where)
        if "example" in parameter:
            out["example"] = json_text(parameter["example"])
        examples = self._examples_map(parameter.get("examples"), where.child("examples"), highlight=False)
        if examples:
            out["examples"] = examples
        for key in ("style", "explode", "allowReserved", "allowEmptyValue"):
            if key in parameter:
                out[key] = parameter[key]
        return _compact(out)

    def _request_body(self, value: Any, where: Location) -> dict[str, Any]:
        body, at = self.resolver.follow(value, where)
        body = self._mapping(body, at, "a request body")
        out: dict[str, Any] = {"required": body.get("required") is True}
        if isinstance(body.get("description"), str):
            out["description"] = self.markdown(body["description"], at.child("description"))
        out["content"] = self._content(body.get("content"), at.child("content"), request=True)
        return _compact(out)

    def _responses(self, value: Any, where: Location) -> list[dict[str, Any]]:
        if value is None:
            return []
        responses = self._mapping(value, where, "`responses`")
        out = []
        for status, response in responses.items():
            at = where.child(status)
            if isinstance(response, dict) and isinstance(response.get("$ref"), str):
                target, target_at = self.resolver.follow(response, at)
                if target_at.pointer.startswith("/components/responses/") and target_at.file == self.root.file:
                    name = target_at.last
                    if name not in self.responses:
                        self.responses[name] = {}  # placed first: a response cannot refer to itself
                        self.responses[name] = self._response(target, target_at)
                    out.append({"status": str(status), "ref": name})
                    continue
                response, at = target, target_at
            out.append({"status": str(status), **self._response(response, at)})
        return out

    def _response(self, value: Any, where: Location) -> dict[str, Any]:
        response = self._mapping(value, where, "a response")
        out: dict[str, Any] = {
            "description": self.markdown(str(response.get("description") or ""), where.child("description"))}
        headers = response.get("headers")
        if isinstance(headers, dict):
            out["headers"] = []
            for name, header in headers.items():
                header, at = self.resolver.follow(header, where.child("headers", name))
                out["headers"].append(self._parameter(self._mapping(header, at, "a header"), at, header_name=name))
        out["content"] = self._content(response.get("content"), where.child("content"), request=False)
        links = response.get("links")
        if isinstance(links, dict):
            out["links"] = [self._link(name, link, where.child("links", name)) for name, link in links.items()]
        return _compact(out)

    def _link(self, name: str, value: Any, where: Location) -> dict[str, Any]:
        link, at = self.resolver.follow(value, where)
        link = self._mapping(link, at, "a link")
        out: dict[str, Any] = {"name": name}
        if isinstance(link.get("operationId"), str):
            out["operationId"] = link["operationId"]
            out["href"] = f"#operation-{link['operationId']}"
        elif isinstance(link.get("operationRef"), str):
            target = self.resolver.target(link["operationRef"], at.child("operationRef"))
            operation = self._mapping(self.resolver.get(target), target, "an operation")
            out["operationRef"] = link["operationRef"]
            if operation.get("operationId"):
                out["href"] = f"#operation-{operation['operationId']}"
        if isinstance(link.get("parameters"), dict):
            out["parameters"] = {str(k): json_text(v) if not isinstance(v, str) else v
                                 for k, v in link["parameters"].items()}
        if "requestBody" in link:
            out["requestBody"] = json_text(link["requestBody"])
        if isinstance(link.get("description"), str):
            out["description"] = self.markdown(link["description"], at.child("description"))
        return out

    def _content(self, value: Any, where: Location, *, request: bool) -> list[dict[str, Any]]:
        if value is None:
            return []
        content = self._mapping(value, where, "`content`")
        out = []
        for media_type, media in content.items():
            at = where.child(media_type)
            media = self._mapping(media or {}, at, "a media type")
            entry: dict[str, Any] = {"type": media_type}
            schema = media.get("schema")
            if schema is not None:
                entry["schema"] = self.schemas.node(schema, at.child("schema"))
            examples: list[dict[str, Any]] = []
            if "example" in media:
                examples.append({"html": _highlight(media["example"], media_type)})
            examples += self._examples_map(media.get("examples"), at.child("examples"), highlight=True,
                                           media_type=media_type)
            if not examples and schema is not None and not _binary(media_type, schema):
                generated = example_of(self.resolver, schema, at.child("schema"), request=request)
                if generated is not None:
                    examples.append({"summary": "Generated from the schema",
                                     "html": _highlight(generated, media_type), "generated": True})
            if examples:
                entry["examples"] = examples
            encoding = media.get("encoding")
            if isinstance(encoding, dict):
                entry["encoding"] = {str(k): str(v.get("contentType", "")) for k, v in encoding.items()
                                     if isinstance(v, dict)}
            out.append(entry)
        return out

    def _examples_map(self, value: Any, where: Location, *, highlight: bool,
                      media_type: str = "application/json") -> list[dict[str, Any]]:
        if not isinstance(value, dict):
            return []
        out = []
        for name, example in value.items():
            example, at = self.resolver.follow(example, where.child(name))
            example = self._mapping(example, at, "an example")
            entry: dict[str, Any] = {"name": str(name)}
            if isinstance(example.get("summary"), str):
                entry["summary"] = example["summary"]
            if isinstance(example.get("description"), str):
                entry["description"] = self.markdown(example["description"], at.child("description"))
            if "value" in example:
                if highlight:
                    entry["html"] = _highlight(example["value"], media_type)
                else:
                    entry["value"] = json_text(example["value"])
            elif isinstance(example.get("externalValue"), str):
                entry["externalValue"] = example["externalValue"]
            out.append(entry)
        return out

    # -- security, servers, errors -------------------------------------------------------------

    def _security(self, value: Any, where: Location) -> list[list[dict[str, Any]]] | None:
        """Alternatives (any one is enough), each a list of schemes (all are needed) with scopes."""
        if value is None:
            return None
        if not isinstance(value, list):
            raise self.resolver.error(where, "`security` must be a list of requirements",
                                      "write `security: [{oauth2: [scope]}]`")
        schemes = self.components("securitySchemes")
        out = []
        for index, requirement in enumerate(value):
            at = where.child(index)
            requirement = self._mapping(requirement, at, "a security requirement")
            alternative = []
            for name, scopes in requirement.items():
                if name not in schemes:
                    raise self.resolver.error(at.child(name), f"no security scheme is named {name!r}",
                                              "declare it under components.securitySchemes, or fix the name")
                if not isinstance(scopes, list) or not all(isinstance(scope, str) for scope in scopes):
                    raise self.resolver.error(at.child(name), "the scopes of a requirement must be a list of names",
                                              f"write `{name}: [scope, ...]` (`{name}: []` when it has no scopes)")
                alternative.append({"scheme": name, "scopes": scopes})
            out.append(alternative)
        return out

    def _security_schemes(self) -> list[dict[str, Any]]:
        where = self.root.child("components", "securitySchemes")
        out = []
        for name, value in self.components("securitySchemes").items():
            scheme, at = self.resolver.follow(value, where.child(name))
            scheme = self._mapping(scheme, at, "a security scheme")
            kind = scheme.get("type")
            entry: dict[str, Any] = {"name": name, "type": str(kind)}
            if isinstance(scheme.get("description"), str):
                entry["description"] = self.markdown(scheme["description"], at.child("description"))
            if kind == "apiKey":
                entry["label"] = f"API key in the {scheme.get('in')} `{scheme.get('name')}`"
                entry["parameter"] = {"in": str(scheme.get("in")), "name": str(scheme.get("name"))}
            elif kind == "http":
                entry["label"] = f"HTTP {str(scheme.get('scheme', '')).lower()}"
                if scheme.get("bearerFormat"):
                    entry["bearerFormat"] = str(scheme["bearerFormat"])
            elif kind == "oauth2":
                entry["label"] = "OAuth 2.0"
                flows: dict[str, Any] = scheme["flows"] if isinstance(scheme.get("flows"), dict) else {}
                entry["flows"] = [
                    {"name": _FLOW_LABELS.get(flow, flow),
                     **{key: str(details[key]) for key in ("authorizationUrl", "tokenUrl", "refreshUrl",
                                                           "deviceAuthorizationUrl") if key in details},
                     "scopes": [{"name": str(scope), "description": str(text)}
                                for scope, text in self._mapping(details.get("scopes") or {},
                                                                 at.child("flows", flow, "scopes"),
                                                                 "`scopes`").items()]}
                    for flow, details in flows.items() if isinstance(details, dict)]
            elif kind == "openIdConnect":
                entry["label"] = "OpenID Connect"
                entry["openIdConnectUrl"] = str(scheme.get("openIdConnectUrl", ""))
            elif kind == "mutualTLS":
                entry["label"] = "Mutual TLS"
            else:
                raise self.resolver.error(at.child("type"), f"unknown security scheme type {kind!r}",
                                          "use apiKey, http, oauth2, openIdConnect or mutualTLS")
            out.append(entry)
        return out

    def _servers(self, value: Any, where: Location) -> list[dict[str, Any]]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.resolver.error(where, "`servers` must be a list", "write one server per list item")
        out = []
        for index, server in enumerate(value):
            server = self._mapping(server, where.child(index), "a server")
            entry: dict[str, Any] = {"url": str(server.get("url", "")),
                                     "description": str(server.get("description") or "")}
            variables = server.get("variables")
            if isinstance(variables, dict):
                entry["variables"] = [
                    _compact({"name": name, "default": str(var.get("default", "")),
                              "enum": [str(v) for v in (var["enum"] if isinstance(var.get("enum"), list) else [])],
                              "description": str(var.get("description") or "")})
                    for name, var in variables.items() if isinstance(var, dict)]
            out.append(entry)
        return out

    def _error_codes(self, info: dict[str, Any]) -> list[dict[str, Any]]:
        codes = info.get("x-error-codes")
        out = []
        for index, entry in enumerate(codes if isinstance(codes, list) else []):
            if isinstance(entry, dict) and entry.get("code"):
                where = self.root.child("info", "x-error-codes", index, "description")
                out.append({"code": str(entry["code"]), "status": entry.get("status"),
                            "description": self.markdown(str(entry.get("description") or ""), where)})
        return out

    # -- samples and search --------------------------------------------------------------------

    def _call(self, op: dict[str, Any], operation: dict[str, Any], where: Location, body: dict[str, Any] | None,
              security: list[Any], servers: Any) -> Call:
        base = ""
        if isinstance(servers, list) and servers and isinstance(servers[0], dict):
            server = servers[0]
            base = str(server.get("url", ""))
            variables = server.get("variables")
            for name, var in (variables if isinstance(variables, dict) else {}).items():
                if isinstance(var, dict):
                    base = base.replace(f"{{{name}}}", str(var.get("default", "")))
        path = op["path"]
        call = Call(op["method"], "")
        for parameter in op["parameters"]:
            value = _example_value(parameter)
            if parameter["in"] == "path":
                if value is not None:
                    path = path.replace(f"{{{parameter['name']}}}", quote(_plain(value), safe=""))
            elif not parameter.get("required") or value is None:
                continue
            elif parameter["in"] == "query":
                call.query.append((parameter["name"], _plain(value)))
            elif parameter["in"] == "header":
                call.headers.append((parameter["name"], _plain(value)))
            elif parameter["in"] == "cookie":
                call.headers.append(("Cookie", f"{parameter['name']}={_plain(value)}"))
        call.url = base.rstrip("/") + path
        for requirement in (security[0] if security else []):
            scheme = self.components("securitySchemes").get(requirement["scheme"], {})
            scheme, _ = self.resolver.follow(scheme, self.root)
            kind = scheme.get("type") if isinstance(scheme, dict) else None
            http = str(scheme.get("scheme")).lower() if kind == "http" else None
            if kind in ("oauth2", "openIdConnect") or http == "bearer":
                call.token = "bearer"
            elif http == "basic":
                call.basic = True
            elif kind == "apiKey":
                place, name = scheme.get("in"), str(scheme.get("name"))
                if place == "query":
                    call.query.append((name, Secret("API_KEY")))
                elif place != "cookie":
                    call.headers.append((name, Secret("API_KEY")))
        if body is not None and "requestBody" in operation:
            raw, at = self.resolver.follow(operation["requestBody"], where.child("requestBody"))
            content = raw.get("content") if isinstance(raw, dict) else None
            if isinstance(content, dict) and content:
                media_type = next((m for m in content if m == "application/json"), next(iter(content)))
                call.media_type = media_type
                call.has_body = True
                call.body = first_example(self.resolver, content[media_type], at.child("content", media_type))
        success = next((r for r in op["responses"] if r["status"].startswith("2")), None)
        if success is not None:
            response = self.responses.get(success["ref"], {}) if "ref" in success else success
            types = [media["type"] for media in response.get("content", [])]
            call.answer = ("none" if not types else "json" if any("json" in t for t in types)
                           else "text" if any(t.startswith("text/") for t in types) else "binary")
        return call

    def _tryit(self, op: dict[str, Any], operation: dict[str, Any], where: Location, call: Call) -> dict[str, Any]:
        """The Try-it data of an operation: every parameter with the value the samples use (none when
        it has no example), the samples' call, and the JSON Schemas of its JSON bodies as the spec
        writes them (`$ref`s into `components.schemas`, which the file carries)."""
        out: dict[str, Any] = {
            "parameters": [_compact({"in": p["in"], "name": p["name"], "required": p.get("required"),
                                     "value": _plain(value) if (value := _example_value(p)) is not None else None})
                           for p in op["parameters"]],
            "call": call_data(call),
        }
        if "requestBody" in operation:
            raw, _ = self.resolver.follow(operation["requestBody"], where.child("requestBody"))
            schema = _json_schema(raw)
            if schema is not None:
                out["request"] = schema
        responses: dict[str, Any] = {}
        for status, response in (operation.get("responses") or {}).items():
            response, _ = self.resolver.follow(response, where.child("responses", status))
            schema = _json_schema(response)
            responses[str(status)] = schema if schema is not None else {}
        out["responses"] = responses
        return out

    def _search_section(self, op: dict[str, Any]) -> None:
        """One section per operation: its summary, method, path, description and parameters' names. It
        defines the enum values written in its parameters, body and answers, and the headers it names."""
        names = " ".join(p["name"] for p in op.get("parameters", []))
        headers = [p["name"] for p in op.get("parameters", []) if p["in"] == "header"]
        headers += [h["name"] for r in op.get("responses", []) for h in r.get("headers", [])]
        defines = [*node_constants([op.get("parameters"), op.get("requestBody"), op.get("responses")]), *headers]
        self.sections.append(SearchSection(op["id"], op.get("summary") or f"{op['method']} {op['path']}",
                                           f"{op['method']} {op['path']} {_text(op.get('description'))} "
                                           f"{names}".strip(), tuple(dict.fromkeys(defines))))

    def _definition_sections(self, schemas: dict[str, Any], errors: list[dict[str, Any]]) -> None:
        """A section per named schema with enum values (its description and the values, which it
        defines) and per error code (its status and description; it defines the code): where search
        sends a query for one of those constants first, and only such a query (`definition_only`)."""
        for name, node in schemas.items():
            values = list(node_constants(node))
            if values:
                self.sections.append(SearchSection(f"schema-{name}", name, " ".join(
                    part for part in (_text(node.get("description")), " ".join(values)) if part),
                    tuple(values), definition_only=True))
        for error in errors:
            self.sections.append(SearchSection(f"error-{error['code']}", error["code"], " ".join(
                part for part in (str(error.get("status") or ""), _text(error["description"])) if part),
                (error["code"],), definition_only=True))

    # -- helpers -------------------------------------------------------------------------------

    def components(self, kind: str) -> dict[str, Any]:
        """`components.<kind>` (schemas, securitySchemes...): a mapping, empty when absent."""
        return components(self.resolver, kind)

    def _mapping(self, value: Any, where: Location, what: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.resolver.error(where, f"{what} must be a mapping, not {type(value).__name__}",
                                      "check the indentation and the OpenAPI specification for this object")
        return value


def _text(description: Any) -> str:
    """A description (a content tree, or a plain string) as plain text."""
    if not description:
        return ""
    return description if isinstance(description, str) else plain_text(description)


def _example_value(parameter: dict[str, Any]) -> str | None:
    """A parameter's example as JSON text: its own, its first named one, its schema's, its default."""
    if "example" in parameter:
        return str(parameter["example"])
    for example in parameter.get("examples", []):
        if "value" in example:
            return str(example["value"])
    schema = parameter.get("schema") or {}
    for key in ("examples", "default", "enum"):
        value = schema.get(key)
        if isinstance(value, list) and value:
            return str(value[0])
        if isinstance(value, str):
            return value
    return None


def _plain(json_value: str) -> str:
    """JSON text as it goes in a URL or header: strings without their quotes."""
    try:
        value = json.loads(json_value)
    except ValueError:
        return json_value
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return ",".join(_plain(json.dumps(v)) for v in value)
    return json.dumps(value)


def first_example(resolver: Resolver, media: Any, where: Location) -> Any:
    """A media type's first example: its `example`, its first named one, else one made from its schema."""
    if not isinstance(media, dict):
        return None
    if "example" in media:
        return media["example"]
    examples = media.get("examples")
    if isinstance(examples, dict):
        for name, example in examples.items():
            example, _ = resolver.follow(example, where.child("examples", name))
            if isinstance(example, dict) and "value" in example:
                return example["value"]
    if "schema" in media:
        return example_of(resolver, media["schema"], where.child("schema"), request=True)
    return None


def _json_schema(body: Any) -> Any:
    """The schema of a request body's or response's JSON media type, or None."""
    content = body.get("content") if isinstance(body, dict) else None
    for media_type, media in (content.items() if isinstance(content, dict) else []):
        if (media_type == "application/json" or media_type.endswith("+json")) and isinstance(media, dict):
            return media.get("schema")
    return None


def _binary(media_type: str, schema: Any) -> bool:
    if isinstance(schema, dict) and (schema.get("format") == "binary" or "contentMediaType" in schema):
        return True
    return media_type.startswith(("image/", "audio/", "video/")) or media_type in ("application/pdf",
                                                                                   "application/octet-stream")


def _highlight(value: Any, media_type: str) -> str:
    if isinstance(value, str) and "json" not in media_type:
        language = "xml" if "xml" in media_type else "yaml" if "yaml" in media_type else "text"
        return highlight_lines(value, language, lines=False)
    return highlight_lines(json.dumps(value, indent=2, ensure_ascii=False), "json", lines=False)


def _compact(data: dict[str, Any]) -> dict[str, Any]:
    """`data` without its empty values (None, False, "", [], {}): the front end reads them as absent."""
    return {key: value for key, value in data.items()
            if not (value is None or value is False or value == "" or value == [] or value == {})}


def api_page_meta(spec: ApiSpec, config: SiteConfig) -> dict[str, Any]:
    """The API page's <head>: the one part of the page the site's configuration decides (the page's
    cache key holds it: docsite.openapi.reference)."""
    summary_text = spec.info.get("summary")
    return page_meta(config, spec.route, spec.title, str(summary_text or spec.title),
                     keywords=[spec.title, "OpenAPI", "API reference"])
