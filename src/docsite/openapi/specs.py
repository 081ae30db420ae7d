"""The OpenAPI files of `content/specs/`: loaded and validated on every build, offered for download.

Every spec is validated (validation.py); a spec with a problem is reported (file, JSON pointer,
line, fix), which fails the build. A spec the site cannot read gets no page and stops the run
after the content is loaded (build.py): every call and link to it would fail too.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import signal
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docsite.cache import ResultCache, cached
from docsite.content_files import read_bytes
from docsite.errors import BuildError, Problem, Report
from docsite.markdown.text import slugify
from docsite.openapi.spec_validation import CheckedSpec, check_spec_file

DOWNLOADS = "/spec"
HISTORY = "history"  # content/specs/history/<api>/<version>.yaml: the earlier versions a changelog compares
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


@dataclass
class ApiSpec:
    name: str          # file stem: catalog
    file: Path
    document: dict[str, Any]
    lines: dict[str, int] = field(default_factory=dict)  # JSON pointer -> line
    digest: str = ""  # of the file's bytes: what the builder caches its work on this spec by

    @property
    def route(self) -> str:
        return f"/specification/{self.name}"

    @property
    def info(self) -> dict[str, Any]:
        info = self.document.get("info")
        return info if isinstance(info, dict) else {}

    @property
    def error_codes(self) -> set[str]:
        """The codes of `info.x-error-codes`: the errors this API documents."""
        return {str(entry.get("code")) for entry in self.info.get("x-error-codes") or [] if isinstance(entry, dict)}

    @property
    def enum_values(self) -> set[str]:
        """The string values of the spec's enums and consts, wherever they are written."""
        return {value for value in _enum_values(self.document) if isinstance(value, str)}

    @property
    def lists_error_codes(self) -> bool:
        """Whether the spec has its `x-error-codes` (a spec without is an error, reported once: the
        codes the docs name are not checked against it until it has them)."""
        return isinstance(self.info.get("x-error-codes"), list)

    @property
    def title(self) -> str:
        return str(self.info.get("title", self.name))

    @property
    def version(self) -> str:
        return str(self.info.get("version", ""))

    def download(self, ext: str) -> str:
        return f"{DOWNLOADS}/{self.name}.{ext}"

    def postman_download(self, environment: Environment | None = None) -> str:
        """The site path of the API's Postman collection, or of its environment file for `environment`."""
        if environment is None:
            return self.download("postman_collection.json")
        return self.download(f"{environment.slug}.postman_environment.json")

    @property
    def changelog_route(self) -> str:
        return f"{self.route}/changelog"

    @property
    def environments(self) -> list[Environment]:
        """The spec's top-level servers, as the environments an integrator switches between."""
        out: list[Environment] = []
        for index, server in enumerate(_list(self.document.get("servers"))):
            if not isinstance(server, dict) or not isinstance(server.get("url"), str):
                continue
            url = server["url"]
            variables = server.get("variables")
            for name, variable in (variables.items() if isinstance(variables, dict) else []):
                if isinstance(variable, dict):
                    url = url.replace(f"{{{name}}}", str(variable.get("default", "")))
            name = str(server.get("description") or "").strip() or f"Server {index + 1}"
            slug = slugify(name) or f"server-{index + 1}"
            if any(slug == other.slug for other in out):
                slug = f"{slug}-{index + 1}"
            out.append(Environment(slug, name, url.rstrip("/"), server["url"]))
        return out


@dataclass(frozen=True)
class Environment:
    """A server of a spec, as a Postman environment."""

    slug: str      # pre-production: its file's name
    name: str      # Pre-production: the server's description
    url: str       # the base URL, variables replaced by their defaults
    spec_url: str  # the URL as the spec writes it


# A specs folder -> the processes validating its specs into the result cache ahead of this one
# (docsite.openapi.reference.specs_ahead): load_specs waits for them, then reads their results.
_AHEAD: dict[Path, list[int]] = {}


def validating_ahead(specs_dir: Path, pids: list[int]) -> None:
    """Note that processes `pids` are validating `specs_dir`'s specs into the result cache."""
    _AHEAD[specs_dir.resolve()] = pids


def wait_ahead(specs_dir: Path, *, kill: bool = False) -> bool:
    """Wait for the processes validating `specs_dir`'s specs ahead, if any are (`kill`: stop them
    first, their work no longer wanted); whether any were."""
    pids = _AHEAD.pop(specs_dir.resolve(), None)
    for pid in pids or []:
        try:
            if kill:
                os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ChildProcessError, ProcessLookupError):  # reaped already
            pass
    return pids is not None


def spec_files_of(specs_dir: Path) -> list[Path]:
    """The spec files of `specs_dir`, in the order the site lists them."""
    return sorted(specs_dir.glob("*.yaml")) if specs_dir.is_dir() else []


def load_specs(specs_dir: Path, report: Report) -> list[ApiSpec]:
    """Every spec of `specs_dir`, validated, its problems reported. A spec whose examples or
    conventions are wrong is kept: its page, paths and operations are what the docs refer to, and
    one missing description is one error, not one per call a page makes. A spec the site cannot read
    (YAML, references, OpenAPI structure) is left out. When processes validate them ahead (a
    one-off build's: reference.specs_ahead), their results are read from the cache once they are
    done: the problems are the same, made by the same code from the same bytes."""
    wait_ahead(specs_dir)
    return [spec for file in spec_files_of(specs_dir) if (spec := load_spec(file, report)) is not None]


def load_history(spec: ApiSpec, report: Report) -> list[ApiSpec]:
    """The earlier versions of `spec` kept in `history/<api>/<version>.yaml` beside it, validated as
    specs are, oldest first; a file whose `info.version` is not its name, or not older than the
    current spec's, is reported and left out."""
    out = []
    for file in spec_files_of(spec.file.parent / HISTORY / spec.name):
        older = load_spec(file, report)
        if older is None:
            continue
        line = older.lines.get("/info/version")
        if older.version != file.stem:
            report.extend([Problem(f"this earlier version of the {spec.title} says `info.version: {older.version}`, "
                                   f"but its file is named {file.name}", file, line,
                                   f"name the file {older.version}.yaml, or write the version it holds")])
        elif version_key(older.version) >= version_key(spec.version):
            report.extend([Problem(f"version {older.version} is kept as an earlier version of the {spec.title}, "
                                   f"but the current spec ({spec.file.name}) is version {spec.version}", file, line,
                                   "keep only older versions in the history folder, or raise the current "
                                   "spec's `info.version`")])
        else:
            out.append(older)
    return sorted(out, key=lambda older: version_key(older.version))


def history_problems(specs_dir: Path) -> list[Problem]:
    """What in `specs/history/` no spec's changelog reads: a folder named for no spec file, a file
    outside the API folders."""
    folder = specs_dir / HISTORY
    names = {file.stem for file in spec_files_of(specs_dir)}
    problems = []
    for entry in sorted(folder.iterdir()) if folder.is_dir() else []:
        if entry.is_dir() and entry.name not in names:
            problems.append(Problem(f"{HISTORY}/{entry.name}/ holds earlier versions of an API that has no spec: "
                                    f"there is no {entry.name}.yaml beside {HISTORY}/", entry, None,
                                    "name the folder after its API's spec file (history/catalog/ for catalog.yaml), "
                                    "or delete it"))
        elif entry.is_file() and entry.suffix == ".yaml":
            problems.append(Problem(f"{entry.name} is not in an API's folder: its changelog would not read it",
                                    entry, None, f"move it to {HISTORY}/<api>/<version>.yaml"))
    return problems


def version_key(version: str) -> tuple[tuple[int, str], ...]:
    """A version's order: numbers compared as numbers (1.10.0 after 1.9.0)."""
    return tuple((int(part), "") if part.isdigit() else (-1, part) for part in re.split(r"[.+-]", version))


def load_spec(file: Path, report: Report) -> ApiSpec | None:
    """One spec of load_specs, its problems reported; None when the site cannot read it."""
    result, digest = _checked(file)
    report.extend(result.problems)
    if result.usable and isinstance(result.document, dict):
        # a usable spec reads no other file (a `$ref` outside it is an error): its bytes are its key
        return ApiSpec(result.file.stem, result.file, result.document, result.lines, digest)
    return None


def _checked(file: Path) -> tuple[CheckedSpec, str]:
    """The spec's validation, from the result cache when this file's bytes were validated before.

    Validating a spec takes a few tenths of a second. Its result depends on the file's path and bytes
    only: a `$ref` outside the file is itself an error (specs are self-contained), so no other file
    is read. An edit to one spec validates that spec alone; the others come from docsite.cache (in
    memory for the dev server, on disk for the next build)."""
    try:
        data = read_bytes(file)
    except (OSError, BuildError):
        return check_spec_file(file), ""  # reports the file as unreadable
    checked = cached(_CHECKED, _checked_key(file, data), lambda: check_spec_file(file),
                     still_valid=lambda: _same_bytes(file, data))
    return checked, hashlib.sha256(data).hexdigest()


_CHECKED = "spec-check"


def _checked_key(file: Path, data: bytes) -> tuple[str, bytes]:
    return str(file.resolve()), data


def checked_before(file: Path, cache: ResultCache) -> bool:
    """Whether `cache` holds the validation of `file` as it is now."""
    try:
        data = read_bytes(file)
    except (OSError, BuildError):
        return False
    return cache.peek(cache.key(_CHECKED, *_checked_key(file, data)))


def _same_bytes(file: Path, data: bytes) -> bool:
    """Whether `file` still holds `data` (a spec saved again while it was checked is not cached)."""
    try:
        return read_bytes(file) == data
    except (OSError, BuildError):
        return False


def spec_files(specs: list[ApiSpec]) -> dict[str, bytes]:
    """The downloads: site path -> bytes."""
    out = {}
    for spec in specs:
        out[spec.download("yaml")] = read_bytes(spec.file)
        out[spec.download("json")] = cached("spec-json", (str(spec.file), spec.digest), lambda spec=spec: json.dumps(
            spec.document, indent=2, ensure_ascii=False, default=str).encode())  # type: ignore[misc]
    return out


def summary(spec: ApiSpec) -> dict[str, Any]:
    document = spec.document
    security = document.get("security")
    scopes = sorted({scope for requirement in security if isinstance(requirement, dict)
                     for scopes in requirement.values() if isinstance(scopes, list)
                     for scope in scopes if isinstance(scope, str)}
                    ) if isinstance(security, list) else []
    return {
        "name": spec.name,
        "title": spec.title,
        "version": spec.version,
        "summary": str(spec.info.get("summary") or ""),
        "href": spec.route,
        "servers": [{"url": str(s.get("url")), "description": str(s.get("description") or "")}
                    for s in _list(document.get("servers")) if isinstance(s, dict)],
        "downloads": {"yaml": spec.download("yaml"), "json": spec.download("json")},
        "postman": {"collection": spec.postman_download(),
                    "environments": [{"name": environment.name, "href": spec.postman_download(environment)}
                                     for environment in spec.environments]},
        "changelogPage": spec.changelog_route,
        "operations": sum(1 for item in (document.get("paths") or {}).values() if isinstance(item, dict)
                          for method in item if method in METHODS),
        "tags": [str(t.get("name")) for t in _list(document.get("tags")) if isinstance(t, dict)],
        "scopes": scopes,
        "basePath": _base_path(list(document.get("paths") or {})),
    }


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _base_path(paths: list[str]) -> str:
    """The leading segments every path shares (`/catalog/v1`), parameters excluded."""
    split = [[part for part in path.split("/") if part] for path in paths]
    common: list[str] = []
    for parts in zip(*split, strict=False):
        if len(set(parts)) != 1 or parts[0].startswith("{"):
            break
        common.append(parts[0])
    if split and common and any(len(parts) == len(common) for parts in split):
        common = common[:-1]  # a path that is the prefix itself is an endpoint, not a base
    return "/" + "/".join(common) if common else ""


def _enum_values(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        if isinstance(value.get("enum"), list):
            yield from value["enum"]
        if "const" in value:
            yield value["const"]
        for child in value.values():
            yield from _enum_values(child)
    elif isinstance(value, list):
        for child in value:
            yield from _enum_values(child)
