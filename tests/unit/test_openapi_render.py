"""The API page data of small specs that exercise every OpenAPI 3.0 and 3.1 construct, and the
clear errors (file, pointer, line, fix) of malformed ones."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from textwrap import dedent
from typing import Any

import pytest
import yaml

from docsite.config import SiteConfig, load_config
from docsite.errors import Problem
from docsite.openapi.page import ApiPageBuilder
from docsite.openapi.resolver import Location, Resolver, SpecError
from docsite.openapi.spec_validation import parse_spec
from docsite.openapi.specs import ApiSpec


@pytest.fixture
def config(mini_site: Path) -> SiteConfig:
    return load_config(mini_site)


def write(folder: Path, name: str, text: str) -> Path:
    file = folder / name
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(textwrap.dedent(text), encoding="utf-8")
    return file


def spec_of(file: Path) -> ApiSpec:
    document, lines = parse_spec(file.read_text(encoding="utf-8"), file)
    return ApiSpec(file.stem, file, document, lines)


def render(folder: Path, config: SiteConfig, text: str, name: str = "api.yaml") -> dict[str, Any]:
    return ApiPageBuilder(spec_of(write(folder, name, text)), config).page()


def failure(folder: Path, config: SiteConfig, text: str) -> Problem:
    with pytest.raises(SpecError) as caught:
        render(folder, config, text)
    return caught.value.problem


def operations(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {op["id"]: op for group in data.get("groups", []) for op in group["operations"]}


HEAD = """\
openapi: 3.1.0
info: {title: Pets API, version: 1.0.0}
servers:
  - url: https://api.example.com/{stage}
    description: Example
    variables:
      stage: {default: v1, enum: [v1, v2], description: The API's stage.}
"""


# -- $ref ----------------------------------------------------------------------------------------

def test_local_and_external_references_resolve_relative_to_the_file_that_holds_them(
        tmp_path: Path, config: SiteConfig) -> None:
    write(tmp_path, "schemas/pet.yaml", """\
        Pet:
          type: object
          required: [id]
          properties:
            id: {type: integer, format: int64}
            owner: {$ref: "common.yaml#/Owner"}
        """)
    write(tmp_path, "schemas/common.yaml", """\
        Owner:
          type: object
          properties:
            name: {type: string}
        """)
    write(tmp_path, "schemas/tag.json", json.dumps({"type": "string", "title": "Tag name"}))
    data = render(tmp_path, config, HEAD + dedent("""\
        paths:
          /pets/{petId}:
            get:
              operationId: getPet
              responses:
                '200':
                  description: The pet.
                  content:
                    application/json:
                      schema: {$ref: "schemas/pet.yaml#/Pet"}
          /tags:
            get:
              operationId: listTags
              responses:
                '200':
                  description: Tags.
                  content:
                    application/json:
                      schema:
                        type: array
                        items: {$ref: "schemas/tag.json"}
        components:
          schemas:
            Local: {$ref: "#/components/schemas/Other"}
            Other: {type: boolean}
        """))
    schemas = data["schemas"]
    assert schemas["Local"] == {"ref": "Other"}
    assert schemas["Pet"]["properties"]["owner"] == {"ref": "Owner"}
    assert schemas["Owner"]["properties"]["name"]["type"] == "string"
    assert schemas["TagName"]["type"] == "string"  # a whole file, named after its title
    ops = operations(data)
    assert ops["operation-getPet"]["responses"][0]["content"][0]["schema"] == {"ref": "Pet"}
    assert ops["operation-listTags"]["responses"][0]["content"][0]["schema"]["items"] == {"ref": "TagName"}


def test_recursive_schemas_are_references_to_their_own_name_never_expanded(
        tmp_path: Path, config: SiteConfig) -> None:
    data = render(tmp_path, config, HEAD + dedent("""\
        paths: {}
        components:
          schemas:
            Category:
              type: object
              properties:
                name: {type: string}
                parent: {$ref: "#/components/schemas/Category"}
                children: {type: array, items: {$ref: "#/components/schemas/Category"}}
            Tree:
              $ref: "#/$defs/node"
        $defs:
          node:
            $anchor: node
            type: object
            properties:
              next: {$ref: "#node"}
        """))
    category = data["schemas"]["Category"]
    assert category["properties"]["parent"] == {"ref": "Category"}
    assert category["properties"]["children"]["items"] == {"ref": "Category"}
    assert data["schemas"]["Tree"] == {"ref": "Node"}
    assert data["schemas"]["Node"]["properties"]["next"] == {"ref": "Node"}


def test_a_schema_that_contains_itself_through_all_of_stays_a_reference(
        tmp_path: Path, config: SiteConfig) -> None:
    """`parent: {allOf: [$ref: Category], description: ...}` (3.0's way to describe a $ref) inside
    Category: the member is the schema being rendered, so it stays a reference, shown as circular
    (merging it again and again failed with 'nests deeper than 64 levels')."""
    data = render(tmp_path, config, HEAD + dedent("""\
        paths: {}
        components:
          schemas:
            Category:
              type: object
              properties:
                parent: {allOf: [{$ref: "#/components/schemas/Category"}], description: The parent.}
                tree: {$ref: "#/components/schemas/Tree"}
            Tree:
              type: object
              properties:
                up: {allOf: [{$ref: "#/components/schemas/Leaf"}]}
            Leaf:
              type: object
              properties:
                back: {allOf: [{$ref: "#/components/schemas/Tree"}]}
        """))
    category = data["schemas"]["Category"]
    assert category["properties"]["parent"] == {"description": "The parent.", "allOf": [{"ref": "Category"}]}
    tree = data["schemas"]["Tree"]["properties"]["up"]  # Leaf merged in, its way back to Tree a reference
    assert tree["properties"]["back"] == {"allOf": [{"ref": "Tree"}]}


def test_a_yaml_alias_that_contains_itself_is_an_error_not_an_endless_loop(tmp_path: Path) -> None:
    from docsite.openapi.spec_validation import validate_spec_file
    file = write(tmp_path, "api.yaml", HEAD + dedent("""\
        paths: {}
        components:
          schemas:
            Loop: &loop
              type: object
              properties:
                again: *loop
        """))
    problem, = validate_spec_file(file)
    assert "alias is used inside the node its anchor names" in problem.message
    assert (problem.file, problem.line) == (file, 14)
    assert problem.fix is not None and "$ref" in problem.fix
    with pytest.raises(SpecError, match="is not valid YAML or JSON"):
        Resolver.from_file(file)


def test_a_schema_nested_deeper_than_64_levels_is_an_error(tmp_path: Path, config: SiteConfig) -> None:
    nested: dict[str, Any] = {"type": "string"}
    for _ in range(70):
        nested = {"type": "object", "properties": {"inner": nested}}
    text = HEAD + yaml.safe_dump({"paths": {}, "components": {"schemas": {"Deep": nested}}})
    problem = failure(tmp_path, config, text)
    assert "nests deeper than 64 levels" in problem.message and problem.fix == "use a $ref for recursive schemas"


def test_a_chain_of_refs_that_loops_is_reported_with_the_chain(tmp_path: Path, config: SiteConfig) -> None:
    problem = failure(tmp_path, config, HEAD + dedent("""\
        paths:
          /a:
            get:
              responses:
                '200': {$ref: "#/components/responses/A"}
        components:
          responses:
            A: {$ref: "#/components/responses/B"}
            B: {$ref: "#/components/responses/A"}
        """))
    assert problem.message.startswith("/paths/~1a/get/responses/200: the $ref chain loops back on itself")
    assert problem.line == 12  # the response being rendered


@pytest.mark.parametrize(("ref", "message", "fix"), [
    ("missing.yaml#/Pet", "the referenced file does not exist", "fix the path"),
    ("#/components/schemas/Nope", "has no `Nope`", "fix the reference"),
    ("https://example.com/pet.json", "is a remote address", "save the file next to the spec"),
    ("#nothing", "has `$anchor: nothing`", "fix the anchor"),
])
def test_a_reference_that_leads_nowhere_names_the_file_pointer_line_and_fix(
        tmp_path: Path, config: SiteConfig, ref: str, message: str, fix: str) -> None:
    problem = failure(tmp_path, config, HEAD + dedent(f"""\
        paths: {{}}
        components:
          schemas:
            Broken:
              type: object
              properties:
                pet: {{$ref: "{ref}"}}
        """))
    assert message in problem.message
    assert problem.file == tmp_path / "api.yaml"
    assert problem.line == 14
    assert problem.fix is not None and problem.fix.startswith(fix)


def test_an_external_file_that_is_not_yaml_is_reported(tmp_path: Path, config: SiteConfig) -> None:
    write(tmp_path, "bad.yaml", "Pet: {type: [object\n")
    problem = failure(tmp_path, config, HEAD + dedent("""\
        paths: {}
        components:
          schemas:
            Pet: {$ref: "bad.yaml#/Pet"}
        """))
    assert "is not valid YAML or JSON" in problem.message and "bad.yaml" in problem.message
    assert problem.line == 11


def test_resolver_reads_json_pointers_with_escapes(tmp_path: Path) -> None:
    file = write(tmp_path, "a.yaml", "paths:\n  /a/{b}:\n    get: {summary: x}\n")
    resolver = Resolver.from_file(file)
    where = resolver.target("#/paths/~1a~1%7Bb%7D/get", Location(file.resolve()))
    assert resolver.get(where) == {"summary": "x"}


# -- schemas -------------------------------------------------------------------------------------

def test_schema_keywords_become_readable_facts(tmp_path: Path, config: SiteConfig) -> None:
    data = render(tmp_path, config, HEAD + dedent("""\
        paths: {}
        components:
          schemas:
            Everything:
              type: object
              description: "All of it, with **Markdown**."
              required: [id, kind]
              additionalProperties: false
              properties:
                id: {type: string, readOnly: true, pattern: "^[a-z]+$", minLength: 3, maxLength: 10, example: abc}
                secret: {type: string, writeOnly: true, format: password}
                old: {type: integer, deprecated: true, minimum: 1, exclusiveMaximum: 100, multipleOf: 5}
                kind: {const: PET}
                color: {type: [string, "null"], enum: [red, green, null], default: red}
                tags: {type: array, items: {type: string}, minItems: 1, uniqueItems: true}
                labels:
                  type: object
                  additionalProperties: {type: string}
                  patternProperties:
                    "^x-": {type: integer}
                pair: {type: array, prefixItems: [{type: string}, {type: number}]}
                maybe:
                  oneOf:
                    - {$ref: "#/components/schemas/Other"}
                    - {type: "null"}
                anything: {}
                never: false
                either: {type: [string, integer]}
            Other: {type: object, properties: {a: {type: string}}}
        """))
    node = data["schemas"]["Everything"]
    assert node["type"] == "object" and node["required"] == ["id", "kind"]
    assert node["additionalProperties"] is False
    assert node["description"][0][0] == "p"  # Markdown, rendered
    props = node["properties"]
    assert props["id"] == {"readOnly": True, "examples": ['"abc"'], "pattern": "^[a-z]+$",
                           "constraints": ["3 to 10 characters"], "type": "string"}
    assert props["secret"]["writeOnly"] is True and props["secret"]["format"] == "password"
    assert props["old"]["deprecated"] is True
    assert props["old"]["constraints"] == ["≥ 1", "< 100", "multiple of 5"]
    assert props["kind"] == {"const": '"PET"', "type": "string"}
    assert props["color"] == {"default": '"red"', "enum": ['"red"', '"green"', "null"], "nullable": True,
                              "type": "string"}
    assert props["tags"]["constraints"] == ["at least 1 item", "unique items"]
    assert props["tags"]["items"] == {"type": "string"}
    assert props["labels"]["additionalProperties"] == {"type": "string"}
    assert props["labels"]["patternProperties"] == {"^x-": {"type": "integer"}}
    assert props["pair"]["prefixItems"] == [{"type": "string"}, {"type": "number"}]
    assert props["maybe"] == {"ref": "Other", "nullable": True}
    assert props["anything"] == {"type": "any"}
    assert props["never"] == {"type": "never"}
    assert props["either"]["type"] == "string | integer"


def test_openapi_3_0_nullable_and_boolean_exclusive_bounds(tmp_path: Path, config: SiteConfig) -> None:
    data = render(tmp_path, config, """\
        openapi: 3.0.3
        info: {title: Old API, version: 1.0.0}
        paths: {}
        components:
          schemas:
            Old:
              type: object
              properties:
                n: {type: number, minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: false}
                s: {type: string, nullable: true}
                r: {allOf: [{$ref: "#/components/schemas/Other"}], nullable: true}
            Other: {type: object, properties: {a: {type: string}}}
        """)
    props = data["schemas"]["Old"]["properties"]
    assert props["n"]["constraints"] == ["> 0", "≤ 10"]
    assert props["s"] == {"nullable": True, "type": "string"}
    assert props["r"]["nullable"] is True and props["r"]["properties"] == {"a": {"type": "string"}}


def test_compositions_keep_their_discriminator_and_merge_all_of_objects(tmp_path: Path, config: SiteConfig) -> None:
    data = render(tmp_path, config, HEAD + dedent("""\
        paths: {}
        components:
          schemas:
            Seat:
              oneOf: [{$ref: "#/components/schemas/Numbered"}, {$ref: "#/components/schemas/Standing"}]
              discriminator:
                propertyName: type
                mapping: {NUMBERED: "#/components/schemas/Numbered", STANDING: Standing}
            Any:
              anyOf: [{type: string}, {type: integer}]
            Numbered:
              allOf:
                - {$ref: "#/components/schemas/Base"}
                - type: object
                  required: [row]
                  properties: {row: {type: string}}
            Standing: {allOf: [{$ref: "#/components/schemas/Base"}], description: Standing place.}
            Base:
              type: object
              required: [type]
              properties: {type: {type: string}}
            Mixed:
              allOf: [{type: string}, {minLength: 2}]
            Not: {not: {type: string}}
            Conditional:
              if: {properties: {kind: {const: A}}}
              then: {required: [a]}
              else: {required: [b]}
        """))
    schemas = data["schemas"]
    assert schemas["Seat"]["oneOf"] == [{"ref": "Numbered"}, {"ref": "Standing"}]
    assert schemas["Seat"]["discriminator"] == {"propertyName": "type",
                                                "mapping": {"NUMBERED": "Numbered", "STANDING": "Standing"}}
    assert schemas["Any"]["anyOf"] == [{"type": "string"}, {"type": "integer"}]
    assert list(schemas["Numbered"]["properties"]) == ["type", "row"]
    assert schemas["Numbered"]["required"] == ["type", "row"]
    assert schemas["Standing"]["description"] == "Standing place."
    assert schemas["Standing"]["properties"] == {"type": {"type": "string"}}
    assert len(schemas["Mixed"]["allOf"]) == 2  # not objects: shown as written
    assert schemas["Not"]["not"] == {"type": "string"}
    assert set(schemas["Conditional"]) >= {"if", "then", "else"}


# -- operations ----------------------------------------------------------------------------------

FULL = HEAD + dedent("""\
security:
  - oauth2: [pets.read]
tags:
  - {name: Pets, description: Pets and their owners.}
paths:
  /pets/{petId}:
    parameters:
      - {name: petId, in: path, required: true, description: The pet., schema: {type: integer}, example: 42}
      - {name: X-Trace, in: header, schema: {type: string}, description: Shared.}
    put:
      operationId: updatePet
      summary: Update a pet
      description: Replaces the pet.
      tags: [Pets]
      security:
        - apiKey: []
        - basic: []
      parameters:
        - {name: X-Trace, in: header, required: true, schema: {type: string}, example: abc, description: Own.}
        - name: filter
          in: query
          content:
            application/json:
              schema: {type: object, properties: {color: {type: string}}}
        - {name: session, in: cookie, schema: {type: string}, deprecated: true}
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: "#/components/schemas/Pet"}
            examples:
              small: {summary: A small pet, value: {name: Rex}}
              shared: {$ref: "#/components/examples/Big"}
          application/x-www-form-urlencoded:
            schema: {$ref: "#/components/schemas/Pet"}
          multipart/form-data:
            schema:
              type: object
              properties: {photo: {type: string, format: binary}}
            encoding:
              photo: {contentType: image/png}
      responses:
        '200':
          description: The pet.
          headers:
            X-Rate-Limit: {description: Calls left., schema: {type: integer}}
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Pet"}
            application/xml:
              schema: {$ref: "#/components/schemas/Pet"}
              example: "<pet><name>Rex</name></pet>"
          links:
            GetPet:
              operationId: getPet
              parameters: {petId: "$response.body#/id"}
            ByRef:
              operationRef: "#/paths/~1pets~1{petId}/get"
        '404': {$ref: "#/components/responses/NotFound"}
        default: {$ref: "#/components/responses/NotFound"}
      callbacks:
        onChange:
          "{$request.body#/callbackUrl}":
            post:
              requestBody:
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/Pet"}
              responses:
                '200': {description: Received.}
    get:
      operationId: getPet
      summary: Get a pet
      tags: [Unlisted]
      responses:
        '200':
          description: The pet.
          content:
            application/pdf:
              schema: {type: string, format: binary}
webhooks:
  petAdopted:
    post:
      summary: A pet was adopted
      security: []
      requestBody:
        content:
          application/json:
            schema: {$ref: "#/components/schemas/Pet"}
      responses:
        '200': {description: Received.}
components:
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        id: {type: integer, readOnly: true}
        name: {type: string}
  examples:
    Big: {summary: A big pet, value: {name: Brutus}}
  responses:
    NotFound:
      description: Not found.
      content:
        application/json:
          schema: {type: object, properties: {code: {type: string}}}
  securitySchemes:
    oauth2:
      type: oauth2
      description: Tokens.
      flows:
        clientCredentials:
          tokenUrl: https://auth.example.com/token
          scopes: {pets.read: Read pets}
    apiKey: {type: apiKey, in: header, name: X-Api-Key}
    basic: {type: http, scheme: basic}
    bearer: {type: http, scheme: bearer, bearerFormat: JWT}
    oidc: {type: openIdConnect, openIdConnectUrl: https://auth.example.com/.well-known/openid-configuration}
    mtls: {type: mutualTLS}
""")


def test_every_part_of_an_operation(tmp_path: Path, config: SiteConfig) -> None:
    data = render(tmp_path, config, FULL)
    assert [g["name"] for g in data["groups"]] == ["Pets", "Unlisted"]
    assert data["groups"][0]["id"] == "tag-pets"
    op = operations(data)["operation-updatePet"]
    assert (op["method"], op["path"], op["summary"], op["description"]) == (
        "PUT", "/pets/{petId}", "Update a pet", "Replaces the pet.")
    params = {(p["in"], p["name"]): p for p in op["parameters"]}
    assert [p["in"] for p in op["parameters"]] == ["path", "query", "header", "cookie"]
    assert params[("path", "petId")]["required"] is True and params[("path", "petId")]["example"] == "42"
    assert params[("header", "X-Trace")]["description"] == "Own."  # the operation's own wins
    assert params[("query", "filter")]["mediaType"] == "application/json"
    assert params[("query", "filter")]["schema"]["properties"] == {"color": {"type": "string"}}
    assert params[("cookie", "session")]["deprecated"] is True

    body = op["requestBody"]
    assert body["required"] is True
    assert [m["type"] for m in body["content"]] == [
        "application/json", "application/x-www-form-urlencoded", "multipart/form-data"]
    examples = body["content"][0]["examples"]
    assert [(e["name"], e["summary"]) for e in examples] == [("small", "A small pet"), ("shared", "A big pet")]
    assert "Brutus" in examples[1]["html"]
    assert body["content"][2]["encoding"] == {"photo": "image/png"}
    generated = body["content"][1]["examples"][0]
    assert generated["generated"] is True and "id" not in generated["html"]  # read-only: not in requests

    ok, missing, default = op["responses"]
    assert ok["status"] == "200" and ok["headers"][0]["name"] == "X-Rate-Limit"
    assert [m["type"] for m in ok["content"]] == ["application/json", "application/xml"]
    assert "&lt;pet" in ok["content"][1]["examples"][0]["html"]
    assert ok["links"][0] == {"name": "GetPet", "operationId": "getPet", "href": "#operation-getPet",
                              "parameters": {"petId": "$response.body#/id"}}
    assert ok["links"][1]["href"] == "#operation-getPet"
    assert missing == {"status": "404", "ref": "NotFound"} and default == {"status": "default", "ref": "NotFound"}
    assert data["responses"]["NotFound"]["description"] == "Not found."  # once, for both

    assert op["security"] == [[{"scheme": "apiKey", "scopes": []}], [{"scheme": "basic", "scopes": []}]]
    callback = op["callbacks"][0]
    assert callback["name"] == "onChange"
    assert callback["operations"][0]["path"] == "{$request.body#/callbackUrl}"
    assert callback["operations"][0]["requestBody"]["content"][0]["schema"] == {"ref": "Pet"}

    webhook = data["webhooks"][0]
    assert webhook["id"] == "webhook-post-petadopted" and webhook["webhook"] is True
    assert webhook["security"] == []  # no credentials, unlike the API
    assert "samples" not in webhook

    assert data["security"] == [[{"scheme": "oauth2", "scopes": ["pets.read"]}]]
    schemes = {s["name"]: s for s in data["securitySchemes"]}
    assert schemes["oauth2"]["flows"] == [{"name": "Client credentials", "tokenUrl": "https://auth.example.com/token",
                                           "scopes": [{"name": "pets.read", "description": "Read pets"}]}]
    assert schemes["apiKey"]["label"] == "API key in the header `X-Api-Key`"
    assert schemes["bearer"]["bearerFormat"] == "JWT"
    assert schemes["oidc"]["label"] == "OpenID Connect" and schemes["mtls"]["label"] == "Mutual TLS"
    assert data["servers"][0]["variables"] == [{"name": "stage", "default": "v1", "enum": ["v1", "v2"],
                                                "description": "The API's stage."}]


def test_code_samples_use_the_first_server_examples_and_credentials(tmp_path: Path, config: SiteConfig) -> None:
    ops = operations(render(tmp_path, config, FULL))
    tabs = ops["operation-updatePet"]["samples"]
    assert tabs[0] == "Tabs" and tabs[1]["groupId"] == "language"
    assert [item["label"] for item in tabs[1]["items"]] == ["cURL", "Python", "JavaScript", "Java", "PHP", "C#", "Go"]
    assert [tab[2][0] for tab in tabs[2:]] == ["CodeBlock", *["CodeSample"] * 6]  # the page carries cURL only
    curl = _text(tabs[2])
    assert 'curl -X PUT "https://api.example.com/v1/pets/42"' in curl
    assert "X-Api-Key: $API_KEY" in curl and 'X-Trace: abc' in curl
    assert '"name": "Rex"' in curl
    pdf = _text(ops["operation-getPet"]["samples"][2])
    assert "-o tickets.pdf" not in pdf and "-o answer.bin" in pdf


def _text(node: Any) -> str:
    """The text of a content tree node (highlighted HTML stripped)."""
    import re
    html = json.dumps(node)
    found = re.search(r'"html": "(.*?)"\}', html)
    assert found
    return re.sub(r"<[^>]+>", "", json.loads(f'"{found.group(1)}"')).replace("&quot;", '"').replace("&amp;", "&")


def test_search_sections_and_anchors_of_every_operation(tmp_path: Path, config: SiteConfig) -> None:
    route = ApiPageBuilder(spec_of(write(tmp_path, "api.yaml", FULL)), config).route()
    assert route.search == "other"
    sections = {s.anchor: s for s in route.sections or []}
    assert sections["operation-updatePet"].title == "Update a pet"
    assert sections["operation-updatePet"].text.startswith("PUT /pets/{petId} Replaces the pet.")
    assert "filter" in sections["operation-updatePet"].text
    assert {"operation-updatePet", "operation-getPet", "webhook-post-petadopted", "schema-Pet", "tag-pets",
            "authentication", "servers", "schemas"} <= route.anchors


# -- malformed specs -----------------------------------------------------------------------------

@pytest.mark.parametrize(("body", "pointer", "message"), [
    ("paths: []", "/paths", "`paths` must be a mapping"),
    ("paths:\n  /a: {get: nope}", "/paths/~1a/get", "an operation must be a mapping"),
    ("paths:\n  /a: {get: {parameters: {a: 1}}}", "/paths/~1a/get/parameters", "`parameters` must be a list"),
    ("paths:\n  /a: {get: {parameters: [{name: a}]}}", "/paths/~1a/get/parameters/0", "needs a `name` and `in`"),
    ("paths:\n  /a: {get: {responses: {'200': {description: x, content: {application/json: {schema: x}}}}}}",
     "/paths/~1a/get/responses/200/content/application~1json/schema", "a schema must be a mapping"),
    ("paths:\n  /a: {get: {security: [{nope: []}]}}", "/paths/~1a/get/security/0/nope", "no security scheme"),
    ("paths: {}\ncomponents: {schemas: {A: {oneOf: [{type: string}], discriminator: {mapping: {}}}}}",
     "/components/schemas/A/discriminator", "needs a `propertyName`"),
    ("paths: {}\ncomponents: {schemas: {A: {type: 3}}}", "/components/schemas/A/type", "`type` must be a name"),
    ("paths: {}\ncomponents: {securitySchemes: {a: {type: magic}}}", "/components/securitySchemes/a/type",
     "unknown security scheme type"),
])
def test_malformed_specs_fail_with_file_pointer_line_and_fix(tmp_path: Path, config: SiteConfig, body: str,
                                                               pointer: str, message: str) -> None:
    problem = failure(tmp_path, config, "openapi: 3.1.0\ninfo: {title: A, version: '1'}\n" + body + "\n")
    assert problem.message.startswith(f"{pointer}: ")
    assert message in problem.message
    assert problem.file == tmp_path / "api.yaml"
    assert problem.line is not None and problem.line >= 3
    assert problem.fix


def test_two_operations_with_one_operation_id_are_reported(tmp_path: Path, config: SiteConfig) -> None:
    problem = failure(tmp_path, config, HEAD + dedent("""\
        paths:
          /a: {get: {operationId: same, responses: {}}}
          /b: {get: {operationId: same, responses: {}}}
        """))
    assert "two operations have the anchor #operation-same" in problem.message


def test_the_real_specs_render_compactly(config: SiteConfig) -> None:
    from tests.conftest import CONTENT
    for file in sorted((CONTENT / "specs").glob("*.yaml")):
        data = ApiPageBuilder(spec_of(file), config).page()
        ops = list(operations(data).values())
        assert ops and all(op["id"] == f"operation-{op['operationId']}" for op in ops)
        assert all(op.get("samples") for op in ops)
        bodies = [m["schema"] for op in ops for m in op.get("requestBody", {}).get("content", [])]
        assert all("properties" not in schema for schema in bodies if "ref" in schema), file.name
        document = yaml.safe_load(file.read_text())
        assert len(data["schemas"]) == len(document["components"]["schemas"])


# -- robustness: any node of a spec replaced by a value of the wrong kind --------------------------

def _nodes(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _nodes(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _nodes(item, (*path, index))
    return found


def test_a_malformed_node_anywhere_gives_a_spec_error_never_a_crash(tmp_path: Path, config: SiteConfig) -> None:
    import copy
    document = yaml.safe_load(FULL)
    paths = _nodes(document)
    wrong_values: list[Any] = ["text", 3, None, [], ["x"], {"$ref": "#/nowhere"}, True]
    failures = []
    for path in paths:
        for wrong in wrong_values:
            broken = copy.deepcopy(document)
            parent = broken
            for key in path[:-1]:
                parent = parent[key]
            parent[path[-1]] = wrong
            file = tmp_path / "api.yaml"
            file.write_text(yaml.safe_dump(broken))
            try:
                ApiPageBuilder(spec_of(file), config).page()
            except SpecError as error:
                assert error.problem.file == file and error.problem.fix
            except Exception as error:
                failures.append(f"{path} = {wrong!r}: {type(error).__name__}: {error}")
    assert failures == [], "\n".join(failures)
