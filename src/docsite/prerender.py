"""The prerender of a build: every route's HTML, made by the front end's server bundle in one Node
process (frontend/scripts/prerender.mjs --stream) that lives as long as the build.

A cold build starts the process before it loads the content (`start`), so Node loads the front
end meanwhile (a warm build starts it with its first page to render, if any). It is given each
route as soon as that route's page data is written (`render`), and renders it while the builder
writes the rest of the site and makes the search indexes: the pages no longer wait for the whole
site to be written, and no core idles while the other writes. Node renders in its main thread,
and once the builder has given every page (`finish`), in a worker thread per further core too,
when many are left; with `compress`, each page is written with its `.br` and `.gz` twins
(docsite.outputs.delivery's levels), made by the thread that rendered it. `finish` waits for the last page
and returns the CSP sources of each page's inline scripts, which Node found in the HTML
(docsite.outputs.delivery.file_script_hashes).

The dev server's rebuilds use the same script's `--serve` mode instead (`DevPrerender`): one Node
process for the dev session, given a batch of routes at a time and answering when they are written.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
import threading
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from docsite.errors import BuildError
from docsite.frontend import Frontend, node
from docsite.outputs.delivery import BROTLI_QUALITY, GZIP_LEVEL, MIN_COMPRESS_BYTES

Job = dict[str, str]  # {"route", "data", "html"}: docsite.build.prerender_jobs's, paths in the site's folder
FAILED_FIX = "the message names the route; a layout crashed on that page's data"


class Prerender:
    """The build's Node process, started by `start` or with the first pages to render; `stop`, or
    leaving the `with` block, stops it unless `finish` returned."""

    def __init__(self, frontend: Frontend, *, compress: bool) -> None:
        self._frontend = frontend
        self._levels = [f"--compress={BROTLI_QUALITY},{GZIP_LEVEL},{MIN_COMPRESS_BYTES}"] if compress else []
        self._process: subprocess.Popen[str] | None = None
        self._scripts: dict[Path, frozenset[str]] = {}
        self._errors: list[str] = []
        self._readers: list[threading.Thread] = []
        self.sent = 0

    def start(self) -> None:
        """Start Node now (its front end loaded by the time pages come): a build that will render
        pages starts it before it loads the content. (A warm build may render none.)"""
        if self._process is None:
            self._process = _node(self._frontend, "--stream", *self._levels, errors=subprocess.PIPE)

    def render(self, folder: Path, jobs: Sequence[Job]) -> None:
        """Prerender `jobs` into the site's `folder` (its page data, sidebars and site data written
        there already). Raises the prerender's failure if Node stopped on an earlier page."""
        if not jobs:
            return
        self.start()
        assert self._process is not None
        if not self._readers:  # threads start now, not before the content's worker processes are forked
            self._readers = [threading.Thread(target=self._read_pages, daemon=True),
                             threading.Thread(target=self._read_errors, daemon=True)]
            for reader in self._readers:
                reader.start()
        assert self._process.stdin is not None
        lines = "".join(json.dumps({"dir": str(folder), **job}) + "\n" for job in jobs)
        try:
            self._process.stdin.write(lines)
            self._process.stdin.flush()
        except OSError:  # Node stopped: a page failed
            self._fail()
        self.sent += len(jobs)

    def finish(self, progress: Callable[[int, int], None] = lambda done, total: None) -> dict[Path, frozenset[str]]:
        """Wait for every page given; `progress(done, total)` meanwhile. Returns the inline scripts'
        CSP sources by page file. Raises BuildError naming the route of a page that failed."""
        if self._process is None:  # no page to render
            return self._scripts
        assert self._process.stdin is not None
        try:
            self._process.stdin.write('{"end": true}\n')
            self._process.stdin.close()
        except OSError:
            self._fail()
        for reader in self._readers[:1]:
            while reader.is_alive():
                progress(len(self._scripts), self.sent)
                reader.join(0.1)
        if self._process.wait() != 0:
            self._fail()
        progress(len(self._scripts), self.sent)
        return self._scripts

    def _read_pages(self) -> None:
        assert self._process is not None and self._process.stdout is not None
        for line in self._process.stdout:  # "page <file>\t<hashes>"
            if line.startswith("page "):
                page, _, hashes = line[len("page "):].rstrip("\n").partition("\t")
                self._scripts[Path(page)] = frozenset(hashes.split())

    def _read_errors(self) -> None:
        assert self._process is not None and self._process.stderr is not None
        self._errors.append(self._process.stderr.read())

    def _fail(self) -> None:
        assert self._process is not None
        self._process.wait()
        if not self._readers:
            self._read_errors()
        for reader in self._readers:
            reader.join()
        raise _failed("".join(self._errors))

    def __enter__(self) -> Prerender:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()

    def stop(self) -> None:
        """Stop Node unless it has returned (`finish`): a failed build's pages are no longer written.
        Safe to call again."""
        if self._process is None:
            return
        if self._process.poll() is None:
            self._process.kill()
            self._process.wait()
        for reader in self._readers:
            reader.join()
        for stream in (self._process.stdin, self._process.stdout, self._process.stderr):
            if stream is not None:
                with suppress(OSError):  # what stdin held for a Node that stopped
                    stream.close()


class DevPrerender:
    """The front end's prerender script in `--serve` mode: one Node process for the dev session
    (docsite.servers.incremental), restarted when the front end is rebuilt."""

    def __init__(self, frontend: Frontend) -> None:
        self.frontend = frontend
        self.process: subprocess.Popen[str] | None = None
        self.errors: IO[bytes] | None = None  # the process's stderr
        self.next_id = 0

    def render(self, out: Path, site_data: dict[str, Any], jobs: list[dict[str, Any]]) -> None:
        """Write each job's HTML to `<html>.docsite-new` under `out`; raises BuildError as a
        complete build's prerender does."""
        if not jobs:
            return
        process = self._started()
        self.next_id += 1
        request = {"id": self.next_id, "dir": str(out), "site": site_data, "jobs": jobs}
        stdin, stdout = _pipes(process)
        try:
            stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
            stdin.flush()
            line = stdout.readline()
        except OSError:
            line = ""
        if not line:
            raise _failed(self._stop())
        answer = json.loads(line)
        if not answer["ok"]:
            raise _failed(str(answer["error"]))

    def _started(self) -> subprocess.Popen[str]:
        if self.process is None or self.process.poll() is not None:
            # stderr goes to a file: a pipe nobody reads would block the process once full
            self.errors = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the process
            self.process = _node(self.frontend, "--serve", errors=self.errors)
        return self.process

    def _stop(self) -> str:
        process, self.process = self.process, None
        if process is None:
            return ""
        if process.poll() is None:
            process.kill()
        process.communicate()
        if self.errors is None:
            return ""
        self.errors.seek(0)
        errors = self.errors.read().decode("utf-8", "replace")
        self.errors.close()
        return errors[-5000:]

    def close(self) -> None:
        self._stop()


def _pipes(process: subprocess.Popen[str]) -> tuple[IO[str], IO[str]]:
    assert process.stdin is not None and process.stdout is not None
    return process.stdin, process.stdout


def _node(frontend: Frontend, mode: str, *options: str, errors: int | IO[bytes]) -> subprocess.Popen[str]:
    """The front end's prerender script (frontend/scripts/prerender.mjs) in `mode`, talking JSON lines
    on its standard input and output; its standard error goes to `errors`."""
    return subprocess.Popen([node(), str(frontend.prerender_script), mode, *options], cwd=frontend.root,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors, text=True, encoding="utf-8")


def _failed(errors: str) -> BuildError:
    """What a build or rebuild raises when Node stopped on a page: its message names the route."""
    return BuildError.at(f"prerendering failed:\n{errors.strip()}", fix=FAILED_FIX)
