"""`docsite dev`'s rebuilds: only what a change touches is written and prerendered.

The first build (and a build after the front end's code changed) is a complete build, staged and
swapped in like a production build. Each later rebuild loads the site again (parsed Markdown and the
API pages come from docsite.cache, so only changed files are rendered), makes every output in memory,
and compares it with the previous rebuild's: the files that differ are written, the files that are
gone deleted, and only the routes whose HTML can differ are prerendered, by a Node process kept warm
between rebuilds:

- a route whose page data changed (its text, its title, its previous/next neighbours, a category
  index listing it...: all of it is in its data);
- every route of a sidebar whose data changed;
- every route when the site data changed (navbar, footer, site.yaml).

A page's HTML is a function of exactly these (and of the front end's code, which a full build
follows), so the output equals a complete build of the same content; `tests/unit/test_incremental.py`
checks it on random sequences of edits. The search indexes and the servers' rules (`_headers`,
`_redirects`) are brought up to date after the open pages were told (`finish`): nothing a page shows
waits for them.

A rebuild that fails writes nothing: its error is raised as in a complete build (the same messages),
and the last good output keeps being served.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from docsite.build import (
    BuildResult,
    Paths,
    Site,
    build,
    load_site,
    prerender_jobs,
    search_files,
    site_outputs,
    write_delivery,
)
from docsite.errors import BuildError, Report
from docsite.frontend import Frontend, node
from docsite.output import html_path, page_data_path, sidebar_data_path, static_files, write_bytes
from docsite.routes import Route

NEW_SUFFIX = ".docsite-new"  # a page prerendered by a rebuild that has not succeeded yet


@dataclass
class Update:
    """What a rebuild changed, for the open pages: `reload` when the front end's code changed (or
    the site data: navbar, footer); else the routes whose data changed and the sidebars."""

    reload: bool
    routes: list[str] = field(default_factory=list)
    sidebars: list[str] = field(default_factory=list)
    result: BuildResult | None = None

    def event(self) -> tuple[str, str]:
        if self.reload:
            return "reload", "{}"
        return "content-update", json.dumps({"routes": self.routes, "sidebars": self.sidebars})


class WarmPrerender:
    """The front end's prerender script in `--serve` mode: one Node process for the dev session,
    restarted when the front end is rebuilt."""

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
            errors = self._stop()
            raise BuildError.at(f"prerendering failed:\n{errors.strip()}",
                                fix="the message names the route; a layout crashed on that page's data")
        answer = json.loads(line)
        if not answer["ok"]:
            raise BuildError.at(f"prerendering failed:\n{str(answer['error']).strip()}",
                                fix="the message names the route; a layout crashed on that page's data")

    def _started(self) -> subprocess.Popen[str]:
        if self.process is None or self.process.poll() is not None:
            # stderr goes to a file: a pipe nobody reads would block the process once full
            self.errors = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the process
            self.process = subprocess.Popen([node(), str(self.frontend.prerender_script), "--serve"],
                                            cwd=self.frontend.root, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=self.errors, text=True, encoding="utf-8")
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


class DevBuilder:
    """The dev server's builds: complete when needed, incremental otherwise."""

    def __init__(self, paths: Paths, log: Callable[[str], None] = print) -> None:
        self.paths = paths
        self.log = log
        self.frontend = Frontend(paths.frontend)
        self.prerenderer = WarmPrerender(self.frontend)
        # One id for the session: the site data (which holds it) changes only when the content does.
        self.build_id = time.strftime("%Y%m%d%H%M%S") + "-dev"
        self.frontend_hash: str | None = None
        self.files: dict[str, bytes] = {}  # the last good output (but the HTML and the front end's files)
        self.html: dict[str, str] = {}  # route -> its HTML file
        self.site: Site | None = None
        self.pending: Site | None = None  # a rebuild whose search indexes and rules are not written yet

    def rebuild(self) -> Update:
        started = time.perf_counter()
        frontend_hash = self.frontend.source_hash()
        if self.site is None or frontend_hash != self.frontend_hash or not self.paths.out.is_dir():
            return self._complete(frontend_hash)
        report = Report()
        site = load_site(self.paths, dev=True, report=report, build_id=self.build_id)
        files = _static(site) | site_outputs(site)
        changed = {path for path, data in files.items() if self.files.get(path) != data}
        removed = set(self.files) - set(files)
        html = {job["route"]: job["html"] for job in prerender_jobs(site)}
        sidebars = sorted(sid for sid in site.sidebars.sidebars if sidebar_data_path(sid) in changed)
        everything = "_data/site.json" in changed
        jobs = [self._job(site, route) for route in site.routes
                if everything or route.path not in self.html or html[route.path] != self.html[route.path]
                or _data_file(route.path) in changed or _sidebar_of(route.data) in sidebars]
        try:
            self.prerenderer.render(self.paths.out, site.site_data, jobs)
        except BaseException:
            _discard_new(self.paths.out, jobs)
            raise
        out = self.paths.out
        for path in sorted(changed):
            write_bytes(out / path, files[path])
        for job in jobs:
            (out / (job["html"] + NEW_SUFFIX)).replace(out / job["html"])
        stale = {*(self.html[route] for route in set(self.html) - set(html)), *removed} - set(html.values())
        for path in stale:
            (out / path).unlink(missing_ok=True)
        self.files, self.html, self.site, self.pending = files, html, site, site
        routes = sorted(route.path for route in site.routes if _data_file(route.path) in changed)
        result = BuildResult(len(site.routes), report.warnings, time.perf_counter() - started, out, site)
        return Update(everything, routes, sidebars, result)

    def finish(self) -> bool:
        """Write what no page waits for: the search indexes, then the servers' rules. True when the
        search indexes changed."""
        site, self.pending = self.pending, None
        if site is None:
            return False
        indexes = search_files(site)
        changed = [path for path, data in indexes.items() if self.files.get(path) != data]
        for path in changed:
            write_bytes(self.paths.out / path, indexes[path])
        self.files.update(indexes)
        write_delivery(site, self.paths.out, lambda stage, done, total: None, compress=False)
        return bool(changed)

    def close(self) -> None:
        self.prerenderer.close()

    def _complete(self, frontend_hash: str) -> Update:
        result = build(self.paths, dev=True, log=self.log, build_id=self.build_id)
        assert result.site is not None
        self.prerenderer.close()  # a new front end: the warm process loads its bundle again
        self.frontend_hash = self.frontend.source_hash() if self.frontend.is_built() else frontend_hash
        site = result.site
        self.files = _static(site) | site_outputs(site) | search_files(site)
        self.html = {job["route"]: job["html"] for job in prerender_jobs(site)}
        self.site, self.pending = site, None
        return Update(True, result=result)

    def _job(self, site: Site, route: Route) -> dict[str, Any]:
        sidebar_id = _sidebar_of(route.data)
        sidebar = site.sidebars.sidebars.get(sidebar_id) if sidebar_id else None
        return {"route": route.path, "html": html_path(route.path, site.config.trailingSlash), "page": route.data,
                "sidebar": sidebar.to_json() if sidebar is not None else None}


def _static(site: Site) -> dict[str, bytes]:
    return {path.lstrip("/"): (site.static_dir / path.lstrip("/")).read_bytes()
            for path in static_files(site.static_dir)}


def _data_file(route: str) -> str:
    return page_data_path(route)


def _sidebar_of(data: dict[str, Any]) -> str | None:
    doc = data.get("doc")
    sidebar = doc.get("sidebar") if isinstance(doc, dict) else None
    return sidebar if isinstance(sidebar, str) else None


def _discard_new(out: Path, jobs: list[dict[str, Any]]) -> None:
    for job in jobs:
        (out / (job["html"] + NEW_SUFFIX)).unlink(missing_ok=True)
