"""What an API page's "Try it" panels need beyond the page data, in a file of its own that the
browser fetches when a reader first opens a panel (`/_data/tryit/<api>.json`), so the page's
first load carries none of it:

- per operation (by anchor): its parameters with the values the code samples use, the call the
  samples make (samples.Call as JSON: the panel's prefilled request, and the same call its own
  code samples are generated from), the request body's JSON Schema and each response's;
- the spec's `components.schemas`, which those schemas `$ref` (`#/components/schemas/<Name>`);
- each server's token endpoint (`tokenUrls`: server URL -> its `x-onebox-token-url`), so the panel
  posts client credentials only to the token endpoint of the environment selected.

`connect_origins` lists the hosts the panels may call: every server of the specs, every server's
token endpoint and every OAuth2 flow's. The site's Content-Security-Policy (`connect-src`,
docsite.outputs.delivery) is made from it, so the hosts a reader's browser may reach are the specs' and
nothing else.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from docsite.openapi.samples import Call, Secret
from docsite.openapi.specs import METHODS
from docsite.site_paths import tryit_data_path
from docsite.urls import origin

_FLOW_URLS = ("tokenUrl", "refreshUrl")
TOKEN_URL = "x-onebox-token-url"
"""The extension on a server naming its environment's token endpoint (content/specs/README.md)."""


def tryit_path(api: str) -> str:
    """The site path of an API's Try-it data."""
    return f"/{tryit_data_path(api)}"


def call_data(call: Call) -> dict[str, Any]:
    """A samples.Call as JSON; a secret query or header value is `{"secret": "API_KEY"}`."""
    def value(text: str) -> Any:
        return {"secret": str(text)} if isinstance(text, Secret) else text

    out: dict[str, Any] = {"method": call.method, "url": call.url,
                           "query": [[name, value(v)] for name, v in call.query],
                           "headers": [[name, value(v)] for name, v in call.headers],
                           "token": call.token is not None, "basic": call.basic, "answer": call.answer}
    if call.has_body:
        out["mediaType"] = call.media_type
        out["body"] = call.body
    return out


def tryit_file(operations: dict[str, dict[str, Any]], document: dict[str, Any]) -> bytes:
    schemas = (document.get("components") or {}).get("schemas") or {}
    data = {"operations": operations, "components": {"schemas": schemas}, "tokenUrls": server_token_urls(document)}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str).encode()


def server_token_urls(document: dict[str, Any]) -> dict[str, str]:
    """Each server's URL (as the spec writes it, variables unexpanded) -> its token endpoint, for
    the servers (top level, path item, operation) that name one in `x-onebox-token-url`."""
    return {str(server["url"]): server[TOKEN_URL] for server in _servers(document)
            if isinstance(server.get("url"), str) and isinstance(server.get(TOKEN_URL), str)}


def connect_origins(documents: Iterable[dict[str, Any]]) -> list[str]:
    """The origins of every server (top level, path item, operation), then of every server's token
    endpoint and OAuth2 flow's token endpoint, of the specs' documents: where "Try it" sends
    requests. Server variables take each of their values; relative server URLs are the site's own
    ('self')."""
    found: dict[str, None] = {}
    documents = list(documents)
    for urls in ([url for d in documents for url in _server_urls(_servers(d))],
                 [url for d in documents for url in _token_urls(d)]):
        for url in urls:
            if url.startswith(("https://", "http://")):
                found[origin(url)] = None
    return list(found)


def _servers(document: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every server object of the document: top level, then each path item's and operation's."""
    lists = [document.get("servers")]
    for item in (document.get("paths") or {}).values():
        if isinstance(item, dict):
            lists.append(item.get("servers"))
            lists += [item[method].get("servers") for method in METHODS if isinstance(item.get(method), dict)]
    for servers in lists:
        yield from (server for server in (servers if isinstance(servers, list) else []) if isinstance(server, dict))


def _token_urls(document: dict[str, Any]) -> Iterator[str]:
    yield from server_token_urls(document).values()
    schemes = (document.get("components") or {}).get("securitySchemes") or {}
    for scheme in schemes.values():
        flows = scheme.get("flows") if isinstance(scheme, dict) else None
        for flow in (flows.values() if isinstance(flows, dict) else []):
            if isinstance(flow, dict):
                yield from (str(flow[key]) for key in _FLOW_URLS if isinstance(flow.get(key), str))


def _server_urls(servers: Iterable[dict[str, Any]]) -> Iterator[str]:
    for server in servers:
        urls = [str(server.get("url", ""))]
        variables = server.get("variables")
        for name, variable in (variables.items() if isinstance(variables, dict) else []):
            if isinstance(variable, dict):
                values = [str(v) for v in variable.get("enum") or [variable.get("default", "")]]
                urls = [url.replace(f"{{{name}}}", value) for url in urls for value in values]
        yield from urls
