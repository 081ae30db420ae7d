"""Code samples: what each language sends, that every sample of these calls is valid code (bash -n,
Python's compiler, node --check; tests/unit/test_sample_toolchains.py compiles every language's
samples of every operation of the specs), and that the Try it panel's port makes the same code."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from docsite.openapi.samples import (
    LANGUAGES,
    Call,
    Secret,
    csharp,
    curl,
    go,
    java,
    javascript,
    lazy_samples,
    php,
    python,
    sample,
    samples_tree,
)
from docsite.openapi.tryit import call_data
from tests.conftest import FRONTEND

CALLS = {
    "get with query": Call("GET", "https://api.example.com/v1/events", query=[("from", "2026-03-14T21:00:00+01:00"),
                                                                               ("ids", "1,2")], token="bearer"),
    "post json": Call("POST", "https://api.example.com/v1/carts", token="bearer", media_type="application/json",
                      body={"sessionId": 10871, "note": "it's \"quoted\"", "ok": True, "none": None,
                            "items": [{"seatId": 5510715}, {"seatId": 5510716}]}, has_body=True),
    "form": Call("POST", "https://auth.example.com/token", media_type="application/x-www-form-urlencoded",
                 body={"grant_type": "client_credentials", "scope": "a b"}, has_body=True),
    "multipart": Call("PUT", "https://api.example.com/v1/photos/1", media_type="multipart/form-data",
                      body={"title": "Rex", "size": 3}, has_body=True, basic=True),
    "api key": Call("DELETE", "https://api.example.com/v1/pets/1", headers=[("X-Api-Key", Secret("API_KEY")),
                                                                           ("X-Trace", 'a"$b')],
                    query=[("key", Secret("API_KEY"))], answer="none"),
    "binary": Call("GET", "https://api.example.com/v1/orders/OB4/tickets/pdf", token="bearer", answer="binary"),
    "text body": Call("PATCH", "https://api.example.com/v1/notes/1", media_type="text/plain", body="hello",
                      has_body=True, answer="text"),
}


def test_curl_says_the_method_headers_and_body() -> None:
    text = curl(CALLS["post json"])
    assert text.startswith('curl -X POST "https://api.example.com/v1/carts" \\\n')
    assert '-H "Authorization: Bearer $TOKEN"' in text and '-H "Content-Type: application/json"' in text
    assert "'\\''" in text  # the single quote of the body is escaped for the shell
    assert curl(CALLS["get with query"]).startswith(
        'curl "https://api.example.com/v1/events?from=2026-03-14T21:00:00%2B01:00&ids=1,2"')
    assert "--data-urlencode 'scope=a b'" in curl(CALLS["form"])
    assert "-F 'title=Rex'" in curl(CALLS["multipart"]) and '-u "$USERNAME:$PASSWORD"' in curl(CALLS["multipart"])
    key = curl(CALLS["api key"])
    assert '-H "X-Api-Key: $API_KEY"' in key and "key=$API_KEY" in key and '-H "X-Trace: a\\"\\$b"' in key


def test_python_uses_requests_with_params_json_and_auth() -> None:
    text = python(CALLS["get with query"])
    assert 'requests.get(\n    "https://api.example.com/v1/events",\n' in text
    assert 'params={"from": "2026-03-14T21:00:00+01:00", "ids": "1,2"}' in text
    assert 'headers={"Authorization": f"Bearer {TOKEN}"}' in text
    body = python(CALLS["post json"])
    assert "json={" in body and '"ok": True' in body and '"none": None' in body
    assert "auth=(USERNAME, PASSWORD)" in python(CALLS["multipart"])
    assert '"X-Api-Key": API_KEY' in python(CALLS["api key"])
    assert "response.content" in python(CALLS["binary"])


def test_javascript_uses_fetch_with_method_headers_and_body() -> None:
    text = javascript(CALLS["post json"])
    assert 'method: "POST"' in text and "Authorization: `Bearer ${TOKEN}`" in text
    assert "body: JSON.stringify(" in text and "sessionId: 10871" in text
    assert "method" not in javascript(CALLS["binary"]) and "response.blob()" in javascript(CALLS["binary"])
    assert "new FormData()" in javascript(CALLS["multipart"])
    assert "new URLSearchParams(" in javascript(CALLS["form"])
    assert "`https://api.example.com/v1/pets/1?key=${API_KEY}`" in javascript(CALLS["api key"])


@pytest.mark.parametrize("name", list(CALLS))
def test_every_sample_is_valid_code(name: str, tmp_path: Path) -> None:
    call = CALLS[name]
    shell = subprocess.run(["bash", "-n"], input=curl(call), text=True, capture_output=True)
    assert shell.returncode == 0, shell.stderr
    compile(python(call), f"{name}.py", "exec")
    node = shutil.which("node")
    assert node, "node is needed for the front end, and checks the JavaScript samples"
    script = tmp_path / "sample.mjs"
    script.write_text(javascript(call))  # top-level await: an ES module
    checked = subprocess.run([node, "--check", str(script)], text=True, capture_output=True)
    assert checked.returncode == 0, checked.stderr


def test_java_uses_java_net_http_with_the_environment_s_credentials() -> None:
    text = java(CALLS["post json"])
    assert "import java.net.http.HttpClient;" in text and "public class Example {" in text
    assert '.header("Authorization", "Bearer " + System.getenv("TOKEN"))' in text
    assert '.POST(HttpRequest.BodyPublishers.ofString(body))' in text and '"  \\"sessionId\\": 10871,",' in text
    assert '.method("PATCH", HttpRequest.BodyPublishers.ofString(body))' in java(CALLS["text body"])
    assert 'URI.create("https://api.example.com/v1/pets/1?key=" + System.getenv("API_KEY"))' in java(CALLS["api key"])
    assert 'BodyHandlers.ofFile(Path.of("tickets.pdf"))' in java(CALLS["binary"])
    assert 'String body = "grant_type=client_credentials&scope=a%20b";' in java(CALLS["form"])


def test_php_uses_the_curl_extension_with_a_nowdoc_body() -> None:
    text = php(CALLS["post json"])
    assert text.startswith("<?php\n") and "$body = <<<'JSON'\n{\n" in text and "\n}\nJSON;\n" in text
    assert "CURLOPT_CUSTOMREQUEST => 'POST'" in text and "'Authorization: Bearer ' . getenv('TOKEN')," in text
    binary = php(CALLS["binary"])
    assert "CURLOPT_CUSTOMREQUEST" not in binary and "file_put_contents('tickets.pdf'" in binary
    key = php(CALLS["api key"])
    assert "curl_init('https://api.example.com/v1/pets/1?key=' . getenv('API_KEY'))" in key
    assert "'X-Trace: a\"$b'" in key  # single quotes: no interpolation
    assert "http_build_query([" in php(CALLS["form"]) and "CURLOPT_USERPWD" in php(CALLS["multipart"])


def test_csharp_uses_httpclient_with_a_verbatim_json_body() -> None:
    text = csharp(CALLS["post json"])
    assert "new HttpRequestMessage(HttpMethod.Post, " in text and "static async Task Main()" in text
    assert 'new AuthenticationHeaderValue("Bearer", Environment.GetEnvironmentVariable("TOKEN"))' in text
    assert 'new StringContent(@"{\n  ""sessionId"": 10871,' in text  # the body's lines are not indented
    assert 'new HttpMethod("PATCH")' in csharp(CALLS["text body"])
    assert "new FormUrlEncodedContent(" in csharp(CALLS["form"])
    assert "MultipartFormDataContent" in csharp(CALLS["multipart"])


def test_go_uses_net_http_with_the_body_as_a_raw_string_constant() -> None:
    text = go(CALLS["post json"])
    assert text.startswith("package main\n\nimport (\n") and "const payload = `{\n  \"sessionId\": 10871," in text
    assert "http.NewRequest(http.MethodPost, \"https://api.example.com/v1/carts\", strings.NewReader(payload))" in text
    assert 'req.Header.Set("Authorization", "Bearer "+os.Getenv("TOKEN"))' in text  # as gofmt spaces it
    assert '"os"' not in go(CALLS["form"]) and "url.Values{}" in go(CALLS["form"])
    assert 'req.SetBasicAuth(os.Getenv("USERNAME"), os.Getenv("PASSWORD"))' in go(CALLS["multipart"])
    assert 'os.Create("tickets.pdf")' in go(CALLS["binary"])


def test_the_page_carries_the_first_language_and_the_others_come_from_the_samples_file() -> None:
    tree: list[Any] = samples_tree(CALLS["post json"], "operation-createCart")
    assert tree[0] == "Tabs" and tree[1]["groupId"] == "language"
    assert [(item["value"], item["label"]) for item in tree[1]["items"]] == [
        ("curl", "cURL"), ("python", "Python"), ("javascript", "JavaScript"), ("java", "Java"), ("php", "PHP"),
        ("csharp", "C#"), ("go", "Go")]
    first, *others = tree[2:]
    assert first[2][0] == "CodeBlock" and first[2][1]["language"] == "bash"
    assert 'class="line"' not in first[2][1]["html"]
    assert [tab[2] for tab in others] == [["CodeSample", {"language": language, "sample": value,
                                                          "operation": "operation-createCart"}]
                                          for value, _, language in LANGUAGES[1:]]
    lazy = lazy_samples(CALLS["post json"])
    assert list(lazy) == [value for value, _, _ in LANGUAGES[1:]]
    assert re.search(r'class="kn">import</span>', lazy["python"]) and 'class="line"' not in lazy["go"]


def test_the_try_it_panel_makes_the_same_code_as_the_reference(tmp_path: Path) -> None:
    """The Try it panel makes its samples in the browser with a port of this module
    (frontend/src/api/tryit/samples.ts): Vitest runs it on these calls and compares."""
    calls = {**CALLS, "non-ASCII": Call("GET", "https://api.example.com/v1/ciudad/Málaga", query=[("q", "año nuevo")])}
    cases = [{"name": name, "call": call_data(call),
              "code": {value: sample(value, call) for value, _, _ in LANGUAGES}}
             for name, call in calls.items()]
    (tmp_path / "cases.json").write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    run = subprocess.run(["npx", "vitest", "run", "src/api/tryit/samples.parity.test.ts"], cwd=FRONTEND,
                         env={**os.environ, "SAMPLES_PARITY": str(tmp_path / "cases.json")},
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-3000:]
    assert f"{len(cases) * len(LANGUAGES)} passed" in run.stdout
