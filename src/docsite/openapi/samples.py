"""Code samples for an operation in seven languages (cURL, Python with requests, JavaScript with
fetch, Java with java.net.http, PHP with its curl extension, C# with HttpClient, Go with net/http),
as a content tree: the same synced tabs (`groupId="language"`) and highlighted code blocks as the
guides, so choosing Go once switches every sample on the site.

Only the first language (cURL) is in the page; the others are highlighted at build time into the
API's samples file (`lazy_samples`, fetched by the browser when a reader picks one of them: the
`CodeSample` component), so that a page carries one sample per operation, not seven.

The call is built from the spec: the first server, path parameters replaced by their examples,
required query and header parameters, the credentials of the operation's first security
requirement, and the request body's first example.

The Try it panel generates the same code in the browser for the request it sent
(`frontend/src/api/tryit/samples.ts`, a port of this module): change both together;
tests/unit/test_openapi_samples.py runs the port on its test calls and compares.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from docsite.markdown.highlight import highlight_lines
from docsite.site_paths import samples_data_path

LANGUAGES = (("curl", "cURL", "bash"), ("python", "Python", "python"), ("javascript", "JavaScript", "javascript"),
             ("java", "Java", "java"), ("php", "PHP", "php"), ("csharp", "C#", "csharp"), ("go", "Go", "go"))
"""(tab value, tab label, highlighting language); the first is the one a page carries."""
WIDTH = 88
_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


class Secret(str):
    """A credential the reader fills in: a variable in the sample (`$API_KEY`, `API_KEY`), not a literal."""


@dataclass
class Call:
    """One HTTP call, as a sample makes it."""

    method: str
    url: str  # with path parameters filled in, without the query string
    query: list[tuple[str, str]] = field(default_factory=list)
    headers: list[tuple[str, str]] = field(default_factory=list)
    token: str | None = None  # "bearer": Authorization: Bearer <token>
    basic: bool = False  # HTTP basic credentials
    media_type: str | None = None
    body: Any = None
    has_body: bool = False
    answer: str = "json"  # "json", "binary", "text" or "none"


def sample(language: str, call: Call) -> str:
    """The code of `call` in `language` (a tab value of LANGUAGES)."""
    return GENERATORS[language](call)


def samples_tree(call: Call, operation: str) -> list[Any]:
    """The content tree of the samples: Tabs > TabItem > CodeBlock for the first language, and a
    CodeSample (its code fetched from the API's samples file) for each other one."""
    (first, first_label, first_language), *others = LANGUAGES
    items = [{"value": value, "label": label} for value, label, _ in LANGUAGES]
    code = highlight_lines(sample(first, call), first_language, lines=False)
    return ["Tabs", {"groupId": "language", "items": items},
            ["TabItem", {"value": first, "label": first_label},
             ["CodeBlock", {"language": first_language, "html": code}]],
            *(["TabItem", {"value": value, "label": label},
               ["CodeSample", {"language": language, "sample": value, "operation": operation}]]
              for value, label, language in others)]


def lazy_samples(call: Call) -> dict[str, str]:
    """The highlighted HTML of every language but the first (tab value -> HTML), for the samples file."""
    return {value: highlight_lines(sample(value, call), language, lines=False) for value, _, language in LANGUAGES[1:]}


def samples_path(api: str) -> str:
    """The site path of an API's samples file."""
    return f"/{samples_data_path(api)}"


def samples_file(calls: dict[str, Call]) -> bytes:
    """An API's samples file: operation anchor -> `lazy_samples` of its call."""
    data = {anchor: lazy_samples(call) for anchor, call in calls.items()}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def query_string(call: Call, secret: str = "${}") -> str:
    """The query string; a secret value becomes `secret` formatted with its name."""
    def text(value: str) -> str:
        return secret.format(value) if isinstance(value, Secret) else quote(value, safe=",:")

    return "&".join(f"{quote(name, safe='')}={text(value)}" for name, value in call.query)


def full_url(call: Call, secret: str = "${}") -> str:
    query = query_string(call, secret)
    return f"{call.url}?{query}" if query else call.url


# -- cURL -----------------------------------------------------------------------------------------

def curl(call: Call) -> str:
    lines = [f'curl -X {call.method} "{full_url(call)}"' if call.method != "GET" else f'curl "{full_url(call)}"']
    if call.token:
        lines.append('-H "Authorization: Bearer $TOKEN"')
    if call.basic:
        lines.append('-u "$USERNAME:$PASSWORD"')
    for name, value in call.headers:
        lines.append(f'-H "{name}: {"$" + value if isinstance(value, Secret) else _shell_double(value)}"')
    if call.has_body:
        media = call.media_type or "application/json"
        if media == "multipart/form-data" and isinstance(call.body, dict):
            lines += [f"-F {_shell_single(f'{name}={_form_value(value)}')}" for name, value in call.body.items()]
        elif media == "application/x-www-form-urlencoded" and isinstance(call.body, dict):
            lines += [f"--data-urlencode {_shell_single(f'{name}={_form_value(value)}')}"
                      for name, value in call.body.items()]
        elif _is_json(media):
            lines.append(f'-H "Content-Type: {media}"')
            lines.append(f"-d {_shell_single(json.dumps(call.body, indent=2, ensure_ascii=False))}")
        else:
            lines.append(f'-H "Content-Type: {media}"')
            lines.append("--data-binary @body" if not isinstance(call.body, str) else f"-d {_shell_single(call.body)}")
    if call.answer == "binary":
        lines.append(f"-o {_answer_file(call)}")
    return " \\\n  ".join(lines) + "\n"


def _answer_file(call: Call) -> str:
    """Where a sample saves a binary answer."""
    return "tickets.pdf" if call.url.endswith("pdf") else "answer.bin"


def _shell_single(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def _shell_double(text: str) -> str:
    return re.sub(r'(["\\$`])', r"\\\1", text)


def _form_value(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _is_json(media: str) -> bool:
    return media == "application/json" or media.endswith("+json")


# -- Python ---------------------------------------------------------------------------------------

def python(call: Call) -> str:
    args = [json.dumps(call.url)]
    headers = [(json.dumps("Authorization"), 'f"Bearer {TOKEN}"')] if call.token else []
    headers += [(json.dumps(name), _py_value(value)) for name, value in call.headers]
    if call.query:
        args.append("params={" + ", ".join(f"{json.dumps(k)}: {_py_value(v)}" for k, v in call.query) + "}")
    if headers:
        args.append("headers={" + ", ".join(f"{k}: {v}" for k, v in headers) + "}")
    if call.basic:
        args.append("auth=(USERNAME, PASSWORD)")
    if call.has_body:
        media = call.media_type or "application/json"
        if _is_json(media):
            args.append("json=" + _py(call.body, 4))
        elif media == "multipart/form-data" and isinstance(call.body, dict):
            args.append("files=" + _py({k: _form_value(v) for k, v in call.body.items()}, 4))
        elif isinstance(call.body, dict):
            args.append("data=" + _py(call.body, 4))
        else:
            args.append("data=" + (json.dumps(call.body) if isinstance(call.body, str) else 'open("body", "rb")'))
    args.append("timeout=10")
    call_text = f"response = requests.{call.method.lower()}(\n" + "".join(f"    {arg},\n" for arg in args) + ")\n"
    if call.method not in ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"):
        call_text = call_text.replace(f"requests.{call.method.lower()}(\n",
                                      f"requests.request(\n    {json.dumps(call.method)},\n", 1)
    out = "import requests\n\n" + call_text + "response.raise_for_status()\n"
    if call.answer == "json":
        out += "print(response.json())\n"
    elif call.answer == "binary":
        out += 'with open("answer.bin", "wb") as file:\n    file.write(response.content)\n'
    elif call.answer == "text":
        out += "print(response.text)\n"
    return out


def _py_value(value: str) -> str:
    return str(value) if isinstance(value, Secret) else json.dumps(value, ensure_ascii=False)


def _py(value: Any, indent: int) -> str:
    """`value` as a Python literal, on one line when it fits."""
    inline = _py_inline(value)
    if len(inline) + indent <= WIDTH or not isinstance(value, (dict, list)) or not value:
        return inline
    pad = " " * indent
    if isinstance(value, dict):
        inner = "".join(f"{pad}    {json.dumps(str(k), ensure_ascii=False)}: {_py(v, indent + 4)},\n"
                        for k, v in value.items())
        return "{\n" + inner + pad + "}"
    inner = "".join(f"{pad}    {_py(v, indent + 4)},\n" for v in value)
    return "[\n" + inner + pad + "]"


def _py_inline(value: Any) -> str:
    if value is None:
        return "None"
    if value is True:
        return "True"
    if value is False:
        return "False"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k), ensure_ascii=False)}: {_py_inline(v)}"
                               for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_py_inline(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


# -- JavaScript -----------------------------------------------------------------------------------

def javascript(call: Call) -> str:
    options: list[str] = []
    if call.method != "GET":
        options.append(f'method: "{call.method}"')
    headers = ["Authorization: `Bearer ${TOKEN}`"] if call.token else []
    if call.basic:
        headers.append("Authorization: `Basic ${btoa(`${USERNAME}:${PASSWORD}`)}`")
    headers += [f"{_js_key(name)}: {value if isinstance(value, Secret) else json.dumps(value, ensure_ascii=False)}"
                for name, value in call.headers]
    body = None
    if call.has_body:
        media = call.media_type or "application/json"
        if _is_json(media):
            headers.append(f'"Content-Type": "{media}"')
            body = f"JSON.stringify({_js(call.body, 2)})"
        elif media == "application/x-www-form-urlencoded" and isinstance(call.body, dict):
            body = f"new URLSearchParams({_js({k: _form_value(v) for k, v in call.body.items()}, 2)})"
        elif media == "multipart/form-data":
            body = "form"  # built above the call
        else:
            headers.append(f'"Content-Type": "{media}"')
            body = json.dumps(call.body) if isinstance(call.body, str) else "body"
    if headers:
        options.append("headers: {\n" + "".join(f"    {h},\n" for h in headers) + "  }")
    if body:
        options.append(f"body: {body}")
    prelude = ""
    if call.has_body and call.media_type == "multipart/form-data" and isinstance(call.body, dict):
        prelude = "const form = new FormData();\n" + "".join(
            f"form.append({json.dumps(k)}, {json.dumps(_form_value(v), ensure_ascii=False)});\n"
            for k, v in call.body.items()) + "\n"
    secret = any(isinstance(value, Secret) for _, value in call.query)
    url = f"`{full_url(call, '${{{}}}')}`" if secret else json.dumps(full_url(call), ensure_ascii=False)
    if options:
        fetch = f"const response = await fetch({url}, {{\n" + "".join(f"  {o},\n" for o in options) + "});\n"
    else:
        fetch = f"const response = await fetch({url});\n"
    out = prelude + fetch + "if (!response.ok) throw new Error(`HTTP ${response.status}`);\n"
    if call.answer == "json":
        out += "console.log(await response.json());\n"
    elif call.answer == "binary":
        out += "const file = await response.blob();\n"
    elif call.answer == "text":
        out += "console.log(await response.text());\n"
    return out


def _js_key(name: str) -> str:
    return name if _IDENTIFIER.match(name) else json.dumps(name, ensure_ascii=False)


def _js(value: Any, indent: int) -> str:
    """`value` as a JavaScript literal, identifier keys unquoted, on one line when it fits."""
    inline = _js_inline(value)
    if len(inline) + indent <= WIDTH or not isinstance(value, (dict, list)) or not value:
        return inline
    pad = " " * indent
    if isinstance(value, dict):
        inner = "".join(f"{pad}  {_js_key(str(k))}: {_js(v, indent + 2)},\n" for k, v in value.items())
        return "{\n" + inner + pad + "}"
    inner = "".join(f"{pad}  {_js(v, indent + 2)},\n" for v in value)
    return "[\n" + inner + pad + "]"


def _js_inline(value: Any) -> str:
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{_js_key(str(k))}: {_js_inline(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_js_inline(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


# -- shared by the compiled languages -------------------------------------------------------------

_MARK = "\0"
"""Around a secret's name in a text made with `secret=_MARK + "{}" + _MARK`: split into pieces."""
_BOUNDARY = "sample-boundary"


def _pieces(text: str) -> list[tuple[bool, str]]:
    """`text` (a URL made with secrets marked) as (is a variable, text) pieces, empty literals left out."""
    return [(index % 2 == 1, part) for index, part in enumerate(text.split(_MARK)) if part or index % 2]


def _url_pieces(call: Call) -> list[tuple[bool, str]]:
    return _pieces(full_url(call, _MARK + "{}" + _MARK))


def _value_pieces(value: str) -> list[tuple[bool, str]]:
    return [(True, str(value))] if isinstance(value, Secret) else [(False, value)]


def _joined(pieces: list[tuple[bool, str]], literal: Any, variable: Any, join: str) -> str:
    """A string expression: literals and variables (the environment's) joined by `join`."""
    return join.join(variable(text) if is_variable else literal(text) for is_variable, text in pieces) or literal("")


def _ascii(text: str) -> str:
    """A double-quoted string literal of Java and C# (JSON's escapes, non-ASCII as \\u escapes)."""
    return json.dumps(text)


def _json_text(call: Call) -> str:
    return json.dumps(call.body, indent=2, ensure_ascii=False)


def _form_text(body: dict[str, Any]) -> str:
    """A form body, URL-encoded."""
    return "&".join(f"{quote(str(k), safe='')}={quote(_form_value(v), safe='')}" for k, v in body.items())


def _body_kind(call: Call) -> str:
    """How a sample sends the body: "none", "json", "form", "multipart", "text" or "file"."""
    if not call.has_body:
        return "none"
    media = call.media_type or "application/json"
    if _is_json(media):
        return "json"
    if media == "application/x-www-form-urlencoded" and isinstance(call.body, dict):
        return "form"
    if media == "multipart/form-data" and isinstance(call.body, dict):
        return "multipart"
    return "text" if isinstance(call.body, str) else "file"


# -- Java (java.net.http, Java 11+) ---------------------------------------------------------------

def java(call: Call) -> str:
    imports = {"java.net.URI", "java.net.http.HttpClient", "java.net.http.HttpRequest", "java.net.http.HttpResponse"}
    env = 'System.getenv("{}")'.format
    lines: list[str] = []
    builder = [f".uri(URI.create({_joined(_url_pieces(call), _ascii, env, ' + ')}))"]
    if call.token:
        builder.append(f'.header("Authorization", "Bearer " + {env("TOKEN")})')
    if call.basic:
        imports |= {"java.nio.charset.StandardCharsets", "java.util.Base64"}
        lines.append(f'String credentials = {env("USERNAME")} + ":" + {env("PASSWORD")};')
        builder.append('.header("Authorization", "Basic " + Base64.getEncoder().encodeToString('
                       "credentials.getBytes(StandardCharsets.UTF_8)))")
    builder += [f".header({_ascii(name)}, {_joined(_value_pieces(value), _ascii, env, ' + ')})"
                for name, value in call.headers]
    kind, media = _body_kind(call), call.media_type or "application/json"
    publisher = "HttpRequest.BodyPublishers.noBody()"
    if kind == "json":
        text = _json_text(call).split("\n")
        lines_joined = 'String.join("\\n",\n' + ",\n".join(f"        {_ascii(line)}" for line in text) + ");"
        lines.append("String body = " + (_ascii(text[0]) + ";" if len(text) == 1 else lines_joined))
    elif kind == "form":
        media = "application/x-www-form-urlencoded"
        lines.append(f"String body = {_ascii(_form_text(call.body))};")
    elif kind == "multipart":
        media = f"multipart/form-data; boundary={_BOUNDARY}"
        parts = [f'--{_BOUNDARY}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{_form_value(v)}\r\n'
                 for k, v in call.body.items()]
        lines.append("String body = " + "\n        + ".join(_ascii(part) for part in [*parts, f"--{_BOUNDARY}--\r\n"])
                     + ";")
    elif kind == "text":
        lines.append(f"String body = {_ascii(call.body)};")
    if kind == "file":
        imports.add("java.nio.file.Path")
        publisher = 'HttpRequest.BodyPublishers.ofFile(Path.of("body"))'
    elif kind != "none":
        publisher = "HttpRequest.BodyPublishers.ofString(body)"
    if kind != "none":
        builder.append(f'.header("Content-Type", {_ascii(media)})')
    if kind == "none" and call.method in ("GET", "DELETE"):
        builder.append(f".{call.method}()")
    elif call.method in ("POST", "PUT"):
        builder.append(f".{call.method}({publisher})")
    else:
        builder.append(f".method({_ascii(call.method)}, {publisher})")
    lines.append("HttpRequest request = HttpRequest.newBuilder()\n" + "".join(
        f"        {part}\n" for part in [*builder, ".build();"]).rstrip("\n"))
    lines.append("HttpClient client = HttpClient.newHttpClient();")
    if call.answer == "binary":
        imports.add("java.nio.file.Path")
        lines.append("HttpResponse<Path> response = client.send(request, "
                     f'HttpResponse.BodyHandlers.ofFile(Path.of("{_answer_file(call)}")));')
        failure = '"HTTP " + response.statusCode()'
    else:
        lines.append("HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());")
        failure = '"HTTP " + response.statusCode() + ": " + response.body()'
    lines.append(f"if (response.statusCode() >= 400) {{\n    throw new IllegalStateException({failure});\n}}")
    if call.answer in ("json", "text"):
        lines.append("System.out.println(response.body());")
    elif call.answer == "none":
        lines.append("System.out.println(response.statusCode());")
    body = "".join(_indent(line, 8) for line in lines)
    return ("".join(f"import {name};\n" for name in sorted(imports))
            + "\npublic class Example {\n    public static void main(String[] args) throws Exception {\n"
            + body + "    }\n}\n")


def _indent(text: str, width: int) -> str:
    """Each line of `text` indented by `width` spaces, ending with a newline; a line inside a
    multi-line string literal (after _KEEP) is kept as it is."""
    return "".join((line[1:] if line.startswith(_KEEP) else " " * width + line) + "\n" for line in text.split("\n"))


_KEEP = "\1"


# -- PHP (its curl extension: no Composer) --------------------------------------------------------

def php(call: Call) -> str:
    env = "getenv('{}')".format
    lines = ["<?php", ""]
    options: list[str] = []
    if call.method == "HEAD":
        options.append("CURLOPT_NOBODY => true")
    elif call.method != "GET":
        options.append(f"CURLOPT_CUSTOMREQUEST => {_php_string(call.method)}")
    headers = [f"'Authorization: Bearer ' . {env('TOKEN')}"] if call.token else []
    headers += [f"{_php_string(name + ': ')} . {env(value)}" if isinstance(value, Secret)
                else _php_string(f"{name}: {value}") for name, value in call.headers]
    kind, media = _body_kind(call), call.media_type or "application/json"
    if kind in ("json", "text", "file"):
        headers.append(_php_string(f"Content-Type: {media}"))
    if headers:
        options.append("CURLOPT_HTTPHEADER => [\n" + "".join(f"        {h},\n" for h in headers) + "    ]")
    if call.basic:
        options.append(f"CURLOPT_USERPWD => {env('USERNAME')} . ':' . {env('PASSWORD')}")
    if kind == "json":
        lines += ["$body = <<<'JSON'", _json_text(call), "JSON;", ""]
        options.append("CURLOPT_POSTFIELDS => $body")
    elif kind in ("form", "multipart"):
        fields = "[\n" + "".join(f"        {_php_string(str(k))} => {_php_string(_form_value(v))},\n"
                                 for k, v in call.body.items()) + "    ]"
        options.append(f"CURLOPT_POSTFIELDS => {'http_build_query(' + fields + ')' if kind == 'form' else fields}")
    elif kind == "text":
        options.append(f"CURLOPT_POSTFIELDS => {_php_string(call.body)}")
    elif kind == "file":
        options.append("CURLOPT_POSTFIELDS => file_get_contents('body')")
    options.append("CURLOPT_RETURNTRANSFER => true")
    lines.append(f"$curl = curl_init({_joined(_url_pieces(call), _php_string, env, ' . ')});")
    lines.append("curl_setopt_array($curl, [\n" + "".join(f"    {o},\n" for o in options) + "]);")
    lines += ["$response = curl_exec($curl);", "if ($response === false) {",
              "    throw new RuntimeException(curl_error($curl));", "}",
              "$status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);", "curl_close($curl);",
              "if ($status >= 400) {", '    throw new RuntimeException("HTTP $status: $response");', "}"]
    if call.answer in ("json", "text"):
        lines.append("echo $response, PHP_EOL;")
    elif call.answer == "binary":
        lines.append(f"file_put_contents('{_answer_file(call)}', $response);")
    else:
        lines.append("echo $status, PHP_EOL;")
    return "\n".join(lines) + "\n"


def _php_string(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


# -- C# (HttpClient) ------------------------------------------------------------------------------

_CS_METHODS = ("GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "TRACE")


def csharp(call: Call) -> str:
    usings = {"System", "System.Net.Http", "System.Threading.Tasks"}
    env = 'Environment.GetEnvironmentVariable("{}")'.format
    method = (f"HttpMethod.{call.method.capitalize()}" if call.method in _CS_METHODS
              else f"new HttpMethod({_ascii(call.method)})")
    lines = ["var client = new HttpClient();",
             f"var request = new HttpRequestMessage({method}, {_joined(_url_pieces(call), _ascii, env, ' + ')});"]
    if call.token:
        usings.add("System.Net.Http.Headers")
        lines.append(f'request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", {env("TOKEN")});')
    if call.basic:
        usings |= {"System.Net.Http.Headers", "System.Text"}
        lines.append(f'var credentials = {env("USERNAME")} + ":" + {env("PASSWORD")};')
        lines.append('request.Headers.Authorization = new AuthenticationHeaderValue(\n'
                     '    "Basic", Convert.ToBase64String(Encoding.UTF8.GetBytes(credentials)));')
    lines += [f"request.Headers.Add({_ascii(name)}, {_joined(_value_pieces(value), _ascii, env, ' + ')});"
              for name, value in call.headers]
    kind, media = _body_kind(call), call.media_type or "application/json"
    if kind in ("json", "text"):
        usings.add("System.Text")
        text = _json_text(call) if kind == "json" else call.body
        lines.append(f'request.Content = new StringContent({_verbatim(text)}, Encoding.UTF8, {_ascii(media)});')
    elif kind == "form":
        usings.add("System.Collections.Generic")
        lines.append("request.Content = new FormUrlEncodedContent(new Dictionary<string, string>\n{\n" + "".join(
            f"    [{_ascii(str(k))}] = {_ascii(_form_value(v))},\n" for k, v in call.body.items()) + "});")
    elif kind == "multipart":
        lines.append("var form = new MultipartFormDataContent();")
        lines += [f"form.Add(new StringContent({_ascii(_form_value(v))}), {_ascii(str(k))});"
                  for k, v in call.body.items()]
        lines.append("request.Content = form;")
    elif kind == "file":
        usings |= {"System.IO", "System.Net.Http.Headers"}
        lines.append('request.Content = new ByteArrayContent(File.ReadAllBytes("body"));')
        lines.append(f"request.Content.Headers.ContentType = new MediaTypeHeaderValue({_ascii(media)});")
    lines += ["var response = await client.SendAsync(request);", "response.EnsureSuccessStatusCode();"]
    if call.answer in ("json", "text"):
        lines.append("Console.WriteLine(await response.Content.ReadAsStringAsync());")
    elif call.answer == "binary":
        usings.add("System.IO")
        lines.append(f'File.WriteAllBytes("{_answer_file(call)}", await response.Content.ReadAsByteArrayAsync());')
    else:
        lines.append("Console.WriteLine((int)response.StatusCode);")
    return ("".join(f"using {name};\n" for name in sorted(usings))
            + "\nclass Example\n{\n    static async Task Main()\n    {\n"
            + "".join(_indent(line, 8) for line in lines) + "    }\n}\n")


def _verbatim(text: str) -> str:
    """A C# verbatim string (`@"..."`, quotes doubled): a JSON body as it is written."""
    return '@"' + text.replace('"', '""').replace("\n", "\n" + _KEEP) + '"'


# -- Go (net/http) --------------------------------------------------------------------------------

_GO_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT")


def go(call: Call) -> str:
    imports = {"log", "net/http"}
    env = 'os.Getenv("{}")'.format
    lines: list[str] = []
    kind, media = _body_kind(call), call.media_type or "application/json"
    reader, payload = "nil", ""
    if kind in ("json", "text"):
        imports.add("strings")
        payload = f"const payload = {_go_raw(_json_text(call) if kind == 'json' else call.body)}\n\n"
        reader = "strings.NewReader(payload)"
    elif kind == "form":
        imports |= {"net/url", "strings"}
        lines.append("form := url.Values{}")
        lines += [f"form.Set({_go_string(str(k))}, {_go_string(_form_value(v))})" for k, v in call.body.items()]
        lines.append("body := strings.NewReader(form.Encode())")
        reader = "body"
    elif kind == "multipart":
        imports |= {"bytes", "mime/multipart"}
        lines += ["var body bytes.Buffer", "form := multipart.NewWriter(&body)"]
        lines += [f"form.WriteField({_go_string(str(k))}, {_go_string(_form_value(v))})" for k, v in call.body.items()]
        lines.append("form.Close()")
        reader = "&body"
    elif kind == "file":
        imports.add("os")
        lines += ['body, err := os.Open("body")', "if err != nil {\n\tlog.Fatal(err)\n}", "defer body.Close()"]
        reader = "body"
    method = f"http.Method{call.method.capitalize()}" if call.method in _GO_METHODS else _go_string(call.method)
    url = _joined(_url_pieces(call), _go_string, env, "+")  # gofmt's spacing in an argument list
    lines += [f"req, err := http.NewRequest({method}, {url}, {reader})", "if err != nil {\n\tlog.Fatal(err)\n}"]
    if call.token:
        lines.append(f'req.Header.Set("Authorization", "Bearer "+{env("TOKEN")})')
    if call.basic:
        lines.append(f'req.SetBasicAuth({env("USERNAME")}, {env("PASSWORD")})')
    lines += [f"req.Header.Set({_go_string(name)}, {_joined(_value_pieces(value), _go_string, env, '+')})"
              for name, value in call.headers]
    if kind == "multipart":
        lines.append('req.Header.Set("Content-Type", form.FormDataContentType())')
    elif kind == "form":
        lines.append('req.Header.Set("Content-Type", "application/x-www-form-urlencoded")')
    elif kind != "none":
        lines.append(f'req.Header.Set("Content-Type", {_go_string(media)})')
    if call.token or call.basic or any(is_variable for is_variable, _ in _url_pieces(call)) or any(
            isinstance(value, Secret) for _, value in call.headers):
        imports.add("os")
    lines += ["resp, err := http.DefaultClient.Do(req)", "if err != nil {\n\tlog.Fatal(err)\n}",
              "defer resp.Body.Close()", 'if resp.StatusCode >= 400 {\n\tlog.Fatalf("HTTP %s", resp.Status)\n}']
    if call.answer in ("json", "text"):
        imports |= {"fmt", "io"}
        lines += ["answer, err := io.ReadAll(resp.Body)", "if err != nil {\n\tlog.Fatal(err)\n}",
                  "fmt.Println(string(answer))"]
    elif call.answer == "binary":
        imports |= {"io", "os"}
        lines += [f'file, err := os.Create("{_answer_file(call)}")', "if err != nil {\n\tlog.Fatal(err)\n}",
                  "defer file.Close()", "if _, err := io.Copy(file, resp.Body); err != nil {\n\tlog.Fatal(err)\n}"]
    else:
        imports.add("fmt")
        lines.append("fmt.Println(resp.Status)")
    body = "".join("\t" + line.replace("\n", "\n\t") + "\n" for line in lines)
    return ("package main\n\nimport (\n" + "".join(f'\t"{name}"\n' for name in sorted(imports)) + ")\n\n"
            + payload + "func main() {\n" + body + "}\n")


def _go_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _go_raw(text: str) -> str:
    """A raw string literal (the text as it is written), or an interpreted one when it holds a backquote."""
    return f"`{text}`" if "`" not in text and "\r" not in text else _go_string(text)


GENERATORS = {"curl": curl, "python": python, "javascript": javascript, "java": java, "php": php, "csharp": csharp,
              "go": go}
