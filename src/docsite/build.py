"""The build: content in, a complete static site out, as a list of stages (docsite.stages).

    load -> resolve -> check -> generate          `load_site`: the site, or a BuildError listing every error
    write (each page prerendered by Node as soon as its data is written: docsite.prerender;
           each file compressed by a process of its own as soon as it is written: docsite.outputs.delivery)
    deliver -> swap into build/                   `build`

Everything is written to a staging folder next to `build/` and swapped in at the end, so a failed
build leaves the previous `build/` untouched. `check` runs the stages up to the checks and writes
nothing.
"""

from __future__ import annotations

import fcntl
import gc
import hashlib
import itertools
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from docsite.cache import LOCALES_DIR, Derived, builder_version, folder_digest, prune
from docsite.config import SiteConfig
from docsite.errors import BuildError, Problem, Report
from docsite.frontend import Frontend, node
from docsite.gc_pause import collection_paused
from docsite.i18n import I18N_DIR, LocaleContent, locale_content, original_problems, other_locales
from docsite.outputs.delivery import BEST_BROTLI, BEST_GZIP, Precompressor, precompress
from docsite.prerender import Prerender
from docsite.redirects import Redirect, in_locale
from docsite.stages.check import check as check_site
from docsite.stages.deliver import write_delivery
from docsite.stages.generate import generate
from docsite.stages.load import load
from docsite.stages.resolve import resolve
from docsite.stages.site import Paths, Progress, Site, no_progress
from docsite.stages.write import search_files, site_outputs, static_outputs, write_site
from docsite.writing.files import static_files
from docsite.writing.reuse import Previous, reuse_twins
from docsite.writing.staging import remove_stale_staging, staging_dir, swap_in

__all__ = ["BuildResult", "Paths", "Progress", "Site", "build", "check", "load_site", "locale_sites"]


@dataclass
class BuildResult:
    """What `build` made: its routes' count, its warnings, how long it took and where it wrote."""

    routes: int
    warnings: list[Problem]
    seconds: float
    out: Path | None
    site: Site | None = None  # what was built (the dev server compares the next rebuild with it)
    # dev builds: each other locale's site and its outputs but the HTML (static files included: its
    # content folder is a copy, laid out again by the next build), by locale name
    locales: dict[str, tuple[Site, dict[str, bytes]]] = field(default_factory=dict)


def load_site(paths: Paths, *, dev: bool = False, report: Report | None = None,
              locale: LocaleContent | None = None, build_id: str | None = None) -> Site:
    """The stages up to the written files: load, resolve, check, generate (of `locale`'s site: the
    content with its translations laid over it, docsite.i18n). Raises BuildError listing every error
    found. Outside the dev server (whose sites replace one another in its process), what it made is
    left out of the cycle collector's passes (docsite.gc_pause; `build` lets them in again when it
    returns)."""
    report = report or Report()
    frontend = Frontend(paths.frontend)
    with collection_paused(freeze=not dev):
        loaded = load(paths, report, dev=dev, locale=locale)
        site = resolve(loaded, paths, report)
        check_site(site, paths, frontend.registry(), report, dev=dev)
        generate(site, loaded, paths, report, build_id=build_id or _build_id(frontend))
        Derived.save_all()
        report.raise_if_errors()
        return site


def build(paths: Paths, *, dev: bool = False, progress: Progress = no_progress,
          log: Callable[[str], None] = print, build_id: str | None = None) -> BuildResult:
    """Build the site of `paths.content` into `paths.out`: `load_site` (every locale's), then `_write`
    (write, prerender, deliver, swap). Raises BuildError listing every error; `paths.out` is then
    as it was. `dev`: the dev server's first build (nothing compressed, nothing reused, lint
    problems as warnings); `log`: where the front end's build speaks."""
    started = time.perf_counter()
    report = Report()
    frontend = Frontend(paths.frontend)
    # What a warm build reuses (docsite.writing.reuse). Not the dev server's: it keeps one build id for its
    # session, so a build after a change to the front end's code would find every page's inputs unchanged.
    previous = Previous(paths.out if paths.out.is_dir() and not dev else None)
    with Prerender(frontend, compress=not dev) as node:
        if previous.root is None and frontend.is_built():  # every page to render: Node loads the front
            node.start()  # end while the content loads (a warm build starts it with its first page, if any)
        progress("Loading content", 0, 1)
        site = load_site(paths, dev=dev, report=report, build_id=build_id)
        if not dev:
            _keep_from_collection()
        progress("Loading content", 1, 1)
        frontend.ensure_built(log)
        if not dev:  # the assets' twins, made once per front-end build and copied with the assets
            precompress(frontend.client_dir, BEST_BROTLI, BEST_GZIP)
        locales = _write(paths, site, frontend, previous, node, dev, report, progress)
    prune(paths.cache)
    return BuildResult(len(site.routes), report.warnings, time.perf_counter() - started, paths.out, site, locales)


def _write(paths: Paths, site: Site, frontend: Frontend, previous: Previous, node: Prerender, dev: bool,
           report: Report, progress: Progress) -> dict[str, tuple[Site, dict[str, bytes]]]:
    """`build`'s writing: each locale's site into its folder of a staging folder (what `previous`
    has reused), its pages prerendered as their data is written, then swapped into `paths.out`.
    Returns the dev server's other locales (`BuildResult.locales`)."""
    remove_stale_staging(paths.out)
    locales: dict[str, tuple[Site, dict[str, bytes]]] = {}
    staging = staging_dir(paths.out)
    if staging.exists():
        shutil.rmtree(staging)
    try:
        with Precompressor() as early:  # what is written is compressed while Node renders the pages
            compress = early.add if not dev else None
            if not dev:
                early.start()
            locale_redirects: list[Redirect] = []
            others = locale_sites(paths, site.config, dev, report, build_id=site.site_data["buildId"])
            for name, part in itertools.chain([("", site)], others):  # each locale's site in its folder
                folder, prior = staging / name, previous.folder(name)
                given: set[Path] = set()  # compressed as written, or being rendered with their twins
                rendered = write_site(part, folder, frontend, progress, prior, partial(_given, given, compress),
                                      node.render)
                given.update(folder / job["html"] for job in rendered)
                if compress is not None:
                    if prior.root is not None and prior.same_code(folder):
                        left = reuse_twins(prior, folder, given)  # the unchanged files' twins linked
                    else:
                        left = [folder / path.lstrip("/") for path in sorted(static_files(part.static_dir))]
                    for path in left:
                        compress(path)
                if name:
                    locale_redirects += in_locale(part.redirects, name)
                    if dev:
                        locales[name] = (part, static_outputs(part) | site_outputs(part) | search_files(part))
            scripts = node.finish(lambda done, total: progress("Prerendering pages", done, total))
        write_delivery(site, staging, progress, compress=not dev, locale_redirects=locale_redirects,
                       scripts=scripts)
        swap_in(staging, paths.out)
    finally:
        node.stop()  # a failed build's pages are no longer written in the staging folder it removes
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
        gc.unfreeze()
    return locales


def check(paths: Paths) -> list[Problem]:
    """Validate config and content (every locale's) without writing anything. Returns the warnings."""
    report = Report()
    site = load_site(paths, report=report)
    for _ in locale_sites(paths, site.config, False, report):
        pass
    return report.warnings


def locale_sites(paths: Paths, config: SiteConfig, dev: bool, report: Report,
                 build_id: str | None = None) -> Iterator[tuple[str, Site]]:
    """The site of each locale but the default, loaded from a copy of the content with its
    translations laid over it (in the cache: `_locale_folder`). Problems name the files writers edit;
    those of untranslated pages were the default locale's, reported once. The copy may be laid out
    again once the next site is asked for: read a site's static files before (`static_outputs`)."""
    for name in other_locales(config):
        with _locale_folder(paths, name) as folder:
            content = locale_content(paths.content, name, folder / "content")
            translated = Report()
            try:
                site = load_site(replace(paths, content=content.folder), dev=dev, report=translated, locale=content,
                                 build_id=build_id)
            except BuildError as exc:
                raise BuildError(original_problems(exc.problems, content.originals),
                                 original_problems(exc.warnings, content.originals)) from None
            report.extend([p for p in original_problems(translated.warnings, content.originals)
                           if p.file is None or I18N_DIR in p.file.parts])
            yield name, site


_locale_sites = locale_sites  # the name the tests know


@contextmanager
def _locale_folder(paths: Paths, locale: str) -> Iterator[Path]:
    """The folder `locale`'s content is laid out in: the same one for a content folder from one build
    to the next, so the result cache (keyed by a file's path and bytes) serves its pages again. The
    lock keeps two builds of one content folder (the dev server and `docsite build`) from laying it
    out at the same time; its modification time tells `docsite.cache.prune` the copy is in use."""
    folder = paths.cache / LOCALES_DIR / f"{locale}-{folder_digest(paths.content)}"
    folder.parent.mkdir(parents=True, exist_ok=True)
    lock_file = folder.with_name(folder.name + ".lock")
    with lock_file.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        lock_file.touch()
        yield folder


def _given(given: set[Path], compress: Callable[[Path], None] | None, path: Path) -> None:
    """A file written: compressed at once (unless `compress` is None: the dev server's build)."""
    given.add(path)
    if compress is not None:
        compress(path)


def _keep_from_collection() -> None:
    """Leave the loaded site out of the garbage collector's full passes for the rest of the build
    (`gc.freeze`; `build` unfreezes it): writing the site and building the search index make millions
    of objects, and every full pass they set off walked the whole site again: 15 % of a warm build's
    CPU at 1,000 pages (4.2 -> 3.45 CPU-s), half the search index's time (0.4 of 0.8 s). Objects the
    site frees are still freed as they were; only reference cycles among them wait for the unfreeze
    (peak memory unchanged at 1,000 pages). Not in the dev server, whose sites replace one another in
    one process."""
    gc.freeze()


def prerender(frontend: Frontend, staging: Path, jobs: list[dict[str, str]], progress: Progress, *,
              compress: bool = False) -> dict[Path, frozenset[str]]:
    """Every job's HTML, by Node (docsite.prerender, whose `Prerender` a build feeds as it writes):
    its pages' data written in `staging` already. `compress`: with their `.br` and `.gz` twins.
    Returns the CSP sources of each page's inline scripts."""
    with Prerender(frontend, compress=compress) as node:
        node.render(staging, jobs)
        return node.finish(lambda done, total: progress("Prerendering pages", done, total))


def _build_id(frontend: Frontend) -> str:
    """The id the front end appends to its data requests (`?v=`: page data, sidebars, search
    indexes) and that every page embeds in its site data.

    It names the code, not the content: a hash of the builder's version and of the front end's
    sources. Data files are served `no-cache` (revalidated on every use, docsite.outputs.delivery), so a
    reader gets new content without a new id; the id must change only when the code that writes or
    reads the data does, so that a page of a new front end never reads data cached under an old
    one's URL. Derived from the content (a time, a process id), it would make every page's HTML
    differ on every build, and a warm build could reuse none of them (docsite.writing.reuse).

    Node counts as code too: its Brotli and zlib write the pages' twins, so a warm build after a Node
    upgrade must not reuse twins the old one wrote. Its binary's size and time stand for its version
    (asking `node --version` would start a process on every build)."""
    binary = Path(node()).resolve().stat()
    code = f"{builder_version()}\0{frontend.source_hash()}\0{binary.st_size}:{binary.st_mtime_ns}"
    return hashlib.sha256(code.encode()).hexdigest()[:16]

