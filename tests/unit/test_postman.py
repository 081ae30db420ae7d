"""Each API's Postman collection and environments (docsite.openapi.postman), imported with Postman's
own parser (the `postman-collection` package, run by frontend/scripts/postman-import.mjs), checked
against the specs of content/specs: every operation in its tag's folder, with its path variables'
examples, its request body's example and the scopes it needs; one environment per server with its
base URL and token endpoint, and the client's credentials as empty secrets."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from docsite.config import load_config
from docsite.errors import Report
from docsite.openapi.page import first_example
from docsite.openapi.postman import SCHEMA, postman_files
from docsite.openapi.reference import api_page
from docsite.openapi.resolver import Resolver
from docsite.openapi.specs import METHODS, ApiSpec, load_spec, spec_files_of
from docsite.openapi.tryit import tryit_path
from tests.conftest import CONTENT, FRONTEND


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[ApiSpec], dict[str, Any], Path]:
    """The specs, what Postman's parser read of their files (file name -> data), and the files' folder."""
    folder = tmp_path_factory.mktemp("postman")
    config = load_config(CONTENT)
    specs = []
    for file in spec_files_of(CONTENT / "specs"):
        spec = load_spec(file, Report())
        assert spec is not None
        route, files, problem = api_page(spec, config)
        assert route is not None and files is not None, problem
        tryit = json.loads(files[tryit_path(spec.name)])
        for path, data in postman_files(spec, route.data, tryit["operations"]).items():
            (folder / Path(path).name).write_bytes(data)
        specs.append(spec)
    node = shutil.which("node")
    assert node, "node is needed for the front end, and imports the collections"
    files = sorted(str(file) for file in folder.iterdir())
    run = subprocess.run([node, "scripts/postman-import.mjs", *files], cwd=FRONTEND, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    return specs, {Path(file).name: data for file, data in json.loads(run.stdout).items()}, folder


def operations(spec: ApiSpec) -> dict[tuple[str, str], dict[str, Any]]:
    """(METHOD, Postman path with :variables) -> the operation."""
    out = {}
    for path, item in spec.document["paths"].items():
        for method in METHODS:
            if method in item:
                postman_path = path.replace("{", ":").replace("}", "")
                out[(method.upper(), postman_path)] = {**item[method], "_path": path}
    return out


def test_every_operation_is_a_request_in_its_tag_folder_with_its_example_body(
        imported: tuple[list[ApiSpec], dict[str, Any], Path]) -> None:
    specs, parsed, _ = imported
    for spec in specs:
        collection = parsed[f"{spec.name}.postman_collection.json"]
        assert collection["name"] == spec.title
        assert collection["schema"] == SCHEMA
        assert collection["variables"]["baseUrl"] == spec.document["servers"][0]["url"]
        resolver = Resolver(spec.file, spec.document, spec.lines)
        expected = operations(spec)
        requests = {(r["method"], r["path"]): r for r in parsed[f"{spec.name}.postman_collection.json"]["requests"]}
        assert set(requests) == set(expected), spec.name
        tags = [tag["name"] for tag in spec.document["tags"]]
        assert collection["folders"] == [tag for tag in tags if any(op["tags"][0] == tag for op in expected.values())]
        for key, operation in expected.items():
            request = requests[key]
            assert request["folder"] == operation["tags"][0]
            assert request["name"] == operation["summary"]
            assert request["url"].startswith("{{baseUrl}}/")
            for parameter in operation.get("parameters", []):
                parameter, _ = resolver.follow(parameter, resolver.root)
                if parameter["in"] == "path":
                    assert request["variables"][parameter["name"]] == str(parameter["example"]), key
                if parameter["in"] == "query":
                    sent = [q for q in request["query"] if q["key"] == parameter["name"]]
                    assert len(sent) == 1 and sent[0]["disabled"] == (parameter.get("required") is not True), key
            if "requestBody" in operation:
                body, at = resolver.follow(operation["requestBody"], resolver.root)
                media = body["content"]["application/json"]
                example = first_example(resolver, media, at.child("content", "application/json"))
                assert json.loads(request["body"]) == example, key
                assert {"key": "Content-Type", "value": "application/json", "disabled": False} in request["headers"]
            else:
                assert request["body"] is None, key
            security = operation.get("security", spec.document["security"])
            scopes = " ".join(security[0]["oauth2"])
            assert request["auth"] == {
                "type": "oauth2", "grant_type": "client_credentials", "accessTokenUrl": "{{tokenUrl}}",
                "clientId": "{{clientId}}", "clientSecret": "{{clientSecret}}", "scope": scopes,
                "client_authentication": "body", "addTokenTo": "header", "tokenName": "Onebox token"}, key


def test_a_query_value_is_sent_encoded(imported: tuple[list[ApiSpec], dict[str, Any], Path]) -> None:
    _, parsed, _ = imported
    events = next(r for r in parsed["catalog.postman_collection.json"]["requests"] if r["path"] == "/catalog/v1/events")
    sent = {q["key"]: q["value"] for q in events["query"]}
    assert sent["from"] == "2026-03-01T00:00:00%2B01:00"  # a bare `+` would reach the server as a space


def test_each_server_is_an_environment_with_its_token_endpoint_and_empty_secrets(
        imported: tuple[list[ApiSpec], dict[str, Any], Path]) -> None:
    specs, parsed, folder = imported
    for spec in specs:
        names = {"Pre-production": "pre-production", "Production": "production"}
        assert [server["description"] for server in spec.document["servers"]] == list(names)
        for server in spec.document["servers"]:
            file = f"{spec.name}.{names[server['description']]}.postman_environment.json"
            environment = parsed[file]
            assert environment["name"] == f"{spec.title}: {server['description']}"
            assert environment["values"] == {"baseUrl": server["url"], "tokenUrl": server["x-onebox-token-url"],
                                             "clientId": "", "clientSecret": ""}
            raw = json.loads((folder / file).read_text(encoding="utf-8"))
            assert {value["key"]: value["type"] for value in raw["values"]} == {
                "baseUrl": "default", "tokenUrl": "default", "clientId": "secret", "clientSecret": "secret"}
    assert parsed["catalog.production.postman_environment.json"]["values"]["tokenUrl"] \
        == "https://auth.oneboxtds.com/oauth/token"
