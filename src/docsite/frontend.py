"""The React front end, seen from the builder: building it when its sources changed, the names of
its components, and prerendering routes with its server bundle.

The front end is built once (`npm ci` when node_modules is missing or stale, then `npm run build`)
and rebuilt only when a file under frontend/ that goes into it changes: content builds reuse it.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from docsite.errors import BuildError

_SOURCES = ("src", "scripts", "package.json", "package-lock.json", "vite.config.ts", "vite.widget.config.ts",
            "tsconfig.json")
_STAMP = ".source-hash"


@dataclass(frozen=True)
class Frontend:
    root: Path

    @property
    def dist(self) -> Path:
        return self.root / "dist"

    @property
    def client_dir(self) -> Path:
        return self.dist / "client"

    @property
    def prerender_script(self) -> Path:
        return self.root / "scripts" / "prerender.mjs"

    def registry(self) -> dict[str, list[str]]:
        """Component names the content may use: directives, builtin and pages."""
        data = json.loads((self.root / "src" / "registry.json").read_text(encoding="utf-8"))
        return {key: list(value) for key, value in data.items() if not key.startswith("_")}

    def source_hash(self) -> str:
        digest = hashlib.sha256()
        for name in _SOURCES:
            path = self.root / name
            files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
            for file in files:
                if file.is_file():
                    digest.update(file.relative_to(self.root).as_posix().encode())
                    digest.update(file.read_bytes())
        return digest.hexdigest()

    def is_built(self) -> bool:
        stamp = self.dist / _STAMP
        return stamp.is_file() and stamp.read_text() == self.source_hash()

    def ensure_built(self, log: Callable[[str], None] = print) -> None:
        """Install packages and build the front end if its sources changed since the last build."""
        if self.is_built():
            return
        npm = _tool("npm")
        lock = self.root / "package-lock.json"
        installed = self.root / "node_modules" / ".package-lock.json"
        if not installed.is_file() or installed.stat().st_mtime < lock.stat().st_mtime:
            log("Installing the front end's packages (npm ci)...")
            _run([npm, "ci", "--no-audit", "--no-fund"], self.root, "npm ci")
        log("Building the front end (vite build)...")
        _run([npm, "run", "build"], self.root, "the front-end build")
        (self.dist / _STAMP).write_text(self.source_hash())


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        raise BuildError.at(f"'{name}' was not found on PATH",
                            fix="install Node.js 20.19 or newer (it brings npm), then run the command again")
    return path


def node() -> str:
    return _tool("node")


def _run(command: list[str], cwd: Path, what: str) -> None:
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if result.returncode != 0:
        output = (result.stdout + result.stderr).strip().splitlines()
        tail = "\n".join(output[-25:])
        raise BuildError.at(f"{what} failed (exit status {result.returncode}):\n{tail}", cwd,
                            fix="fix the error above; `cd frontend && npm run build` reproduces it")
