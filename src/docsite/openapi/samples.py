"""Code samples for an operation (cURL, Python with requests, JavaScript with fetch), as a content
tree: the same synced tabs (`groupId="language"`) and highlighted code blocks as the guides, so
choosing Python once switches every sample on the site.

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

LANGUAGES = (("curl", "cURL", "bash"), ("python", "Python", "python"), ("javascript", "JavaScript", "javascript"))
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


def samples_tree(call: Call) -> list[Any]:
    """The content tree of the samples: Tabs > TabItem > CodeBlock."""
    codes = {"curl": curl(call), "python": python(call), "javascript": javascript(call)}
    items = [{"value": value, "label": label} for value, label, _ in LANGUAGES]
    return ["Tabs", {"groupId": "language", "items": items},
            *(["TabItem", {"value": value, "label": label},
               ["CodeBlock", {"language": language, "html": highlight_lines(codes[value], language, lines=False)}]]
              for value, label, language in LANGUAGES)]


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
        lines.append("-o answer.bin" if not call.url.endswith("pdf") else "-o tickets.pdf")
    return " \\\n  ".join(lines) + "\n"


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
