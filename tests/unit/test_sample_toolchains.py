"""Every code sample of every operation of the specs in content/specs, in each of the seven languages,
is compiled or syntax-checked by that language's own toolchain: `bash -n` (cURL), Python's compiler,
`node --check` (JavaScript), `javac --release 11` (Java), `php -l` (PHP), Mono's `mcs` (C#: Debian has
no dotnet) and `go vet` and `gofmt -l` (Go). `make sample-toolchains` installs them from Debian; `make
test` runs it first.

Each toolchain runs once over all the samples where it takes many files (javac, mcs, one `go vet`
over a module of one package per sample); `php -l`, `node --check` and `bash -n` take one file each
and run in one shell loop. A failure names the spec, the operation and the compiler's message.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from docsite.config import load_config
from docsite.errors import Report
from docsite.openapi.page import ApiPageBuilder
from docsite.openapi.samples import LANGUAGES, Call, sample
from docsite.openapi.specs import load_specs
from tests.conftest import CONTENT
from tests.unit.test_openapi_samples import CALLS

Samples = dict[str, str]  # "<spec> <operation anchor>" -> code
Failures = dict[str, str]  # the same name -> the toolchain's message
TIMEOUT = 300
INSTALL = "run `make sample-toolchains` (installs them from Debian)"


@cache
def every_call() -> dict[str, Call]:
    """"<spec> <operation anchor>" -> the call its samples make, for every operation of the specs; and
    test_openapi_samples.py's calls, whose bodies (form, multipart, text, a file) and credentials
    (basic, API keys in the query and headers) the specs do not use."""
    config = load_config(CONTENT)
    out = {f"test call {name}": call for name, call in CALLS.items()}
    for spec in load_specs(CONTENT / "specs", Report()):
        builder = ApiPageBuilder(spec, config)
        builder.route()
        out.update({f"{spec.name} {anchor}": call for anchor, call in builder.calls.items()})
    return out


def every_sample(language: str) -> Samples:
    return {name: sample(language, call) for name, call in every_call().items()}


def tool(name: str) -> str:
    found = shutil.which(name)
    assert found, f"{name} checks the code samples: {INSTALL}"
    return found


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT, env=env)


def write(samples: Samples, folder: Path, file: Callable[[int], str],
          code: Callable[[int, str], str]) -> dict[str, str]:
    """Each sample in its file (`file(index)`, below `folder`); the file -> the sample's name."""
    names = {}
    for index, (name, text) in enumerate(samples.items()):
        path = folder / file(index)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(code(index, text), encoding="utf-8")
        names[file(index)] = name
    return names


def blame(output: str, names: dict[str, str], folder: Path) -> Failures:
    """The toolchain's messages, grouped by the sample whose file each names (a line naming no file
    belongs to the one before it)."""
    failures: Failures = {}
    current = None
    pattern = re.compile("|".join(re.escape(file) for file in sorted(names, key=len, reverse=True)))
    for line in output.replace(f"{folder}/", "").splitlines():
        found = pattern.search(line)
        if found:
            current = names[found.group(0)]
        if current and line.strip():
            failures[current] = failures.get(current, "") + line + "\n"
    return failures


def one_file_at_a_time(command: str, samples: Samples, folder: Path, suffix: str) -> Failures:
    """`command FILE` on each sample, in one shell; a failing one's output, prefixed with its file."""
    names = write(samples, folder, lambda index: f"sample{index}{suffix}", lambda _, text: text)
    loop = f'for f; do out=$({command} "$f" 2>&1) || printf "%s: %s\\n" "$f" "$out"; done'
    result = run(["bash", "-c", loop, "-", *names], folder)
    return blame(result.stdout + result.stderr, names, folder)


def check_curl(samples: Samples, folder: Path) -> Failures:
    return one_file_at_a_time("bash -n", samples, folder, ".sh")


def check_python(samples: Samples, folder: Path) -> Failures:
    failures = {}
    for name, text in samples.items():
        try:
            compile(text, name, "exec")
        except SyntaxError as error:
            failures[name] = f"line {error.lineno}: {error.msg}"
    return failures


def check_javascript(samples: Samples, folder: Path) -> Failures:
    tool("node")  # top-level await: each sample is an ES module
    return one_file_at_a_time("node --check", samples, folder, ".mjs")


def check_java(samples: Samples, folder: Path) -> Failures:
    """One javac for all: each sample's class is renamed after its file (`Example` -> `Example7`),
    as javac wants, so that they can be compiled together."""
    names = write(samples, folder, lambda index: f"Example{index}.java",
                  lambda index, text: text.replace("public class Example {", f"public class Example{index} {{", 1))
    result = run([tool("javac"), "--release", "11", "-encoding", "UTF-8", "-Xmaxerrs", "10000", "-d",
                  str(folder / "classes"), *names], folder)
    return blame(result.stdout + result.stderr, names, folder) if result.returncode else {}


def check_php(samples: Samples, folder: Path) -> Failures:
    tool("php")
    return one_file_at_a_time("php -l", samples, folder, ".php")


def check_csharp(samples: Samples, folder: Path) -> Failures:
    """One mcs for all, into a library (each sample's class renamed after its file)."""
    names = write(samples, folder, lambda index: f"Example{index}.cs",
                  lambda index, text: text.replace("\nclass Example\n", f"\nclass Example{index}\n", 1))
    result = run([tool("mcs"), "-target:library", "-r:System.Net.Http.dll", "-out:" + str(folder / "samples.dll"),
                  *names], folder)
    return blame(result.stdout + result.stderr, names, folder) if result.returncode else {}


def check_go(samples: Samples, folder: Path) -> Failures:
    """One `go vet` over a module of one package per sample (standard library only: no network), and
    `gofmt -l`: a sample gofmt would change is not as Go programmers write it."""
    (folder / "go.mod").write_text("module samples\n\ngo 1.19\n")
    names = write(samples, folder, lambda index: f"s{index}/main.go", lambda _, text: text)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(folder), "GOCACHE": str(folder / ".cache"), "GOPROXY": "off",
           "GOFLAGS": "-mod=mod", "GOTOOLCHAIN": "local"}
    vet = run([tool("go"), "vet", "./..."], folder, env)
    failures = blame(vet.stdout + vet.stderr, names, folder) if vet.returncode else {}
    unformatted = run([tool("gofmt"), "-l", "."], folder)
    for file in unformatted.stdout.split():
        name = names[file.removeprefix("./")]
        failures[name] = failures.get(name, "") + f"{file}: not formatted as gofmt formats it\n"
    return failures


CHECKS: dict[str, Callable[[Samples, Path], Failures]] = {
    "curl": check_curl, "python": check_python, "javascript": check_javascript, "java": check_java,
    "php": check_php, "csharp": check_csharp, "go": check_go}


def report(failures: Failures) -> str:
    return "\n".join(f"{name}:\n{message}" for name, message in failures.items())


@pytest.mark.parametrize("language", [value for value, _, _ in LANGUAGES])
def test_every_sample_of_every_operation_compiles(language: str, tmp_path: Path) -> None:
    samples = every_sample(language)
    assert len(samples) > 50, "the specs' operations"
    failures = CHECKS[language](samples, tmp_path)
    assert not failures, f"{len(failures)} {language} samples do not compile:\n{report(failures)}"


BROKEN = {  # a mistake a generator could make, in each language
    "curl": lambda code: code.replace('"', "", 1),
    "python": lambda code: code.replace("timeout=10,", "timeout=10", 1).replace("\n)", "\n    x", 1),
    "javascript": lambda code: code.replace("});", "}", 1).replace("fetch(", "fetch(,", 1),
    "java": lambda code: code.replace(".build();", ".build()", 1),
    "php": lambda code: code.replace("]);", "];", 1),
    "csharp": lambda code: code.replace("var response =", "var response", 1),
    "go": lambda code: code.replace("log.Fatal(err)", "log.Fatal(er)", 1),
}


@pytest.mark.parametrize("language", [value for value, _, _ in LANGUAGES])
def test_a_broken_sample_is_reported_with_its_operation_and_the_compiler_s_message(language: str,
                                                                                      tmp_path: Path) -> None:
    samples = dict(list(every_sample(language).items())[-3:])
    broken = list(samples)[1]
    samples[broken] = BROKEN[language](samples[broken])
    failures = CHECKS[language](samples, tmp_path)
    assert list(failures) == [broken], report(failures)
    assert failures[broken].strip()
