"""How the built site is delivered: one set of rules for every server.

The build writes the rules into `build/` as the two files Netlify- and Cloudflare-Pages-style hosts
read, and the other servers read the same files, so the rules cannot drift apart:

    _headers     headers by path pattern: security headers (CSP...) on every path, immutable caching
                 on /assets/* (file names carry a content hash)
    _redirects   moved pages (docsite.redirects): `/old-path /new-path 301`

- the preview server (docsite.servers.preview) parses both and applies them;
- `docsite deploy nginx` (docsite.outputs.nginx) turns both into an nginx server block.

What the two files cannot say is the same everywhere: a response without a Cache-Control from
`_headers` gets `no-cache` (stored, revalidated on every use: HTML, page data, search indexes);
the `/*` rule's headers go on every answer, errors included; a compressible file is served from
its precompressed `.br` or `.gz` twin (written here, at build time) with `Content-Encoding` and
`Vary: Accept-Encoding`, and a twin asked for by name answers 404 (`twin_of`); a single byte range
of a file sent uncompressed gets 206; types come from `content_type`.
"""

from __future__ import annotations

import base64
import hashlib
import mimetypes
import os
import re
import stat
import subprocess
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import ExitStack, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import brotli

from docsite.urls import origin

if TYPE_CHECKING:  # the Precompressor's process imports this module: not the site's model
    from docsite.config import SiteConfig
    from docsite.redirects import Redirect

HEADERS_FILE = "_headers"
REDIRECTS_FILE = "_redirects"
RULE_FILES = (HEADERS_FILE, REDIRECTS_FILE)  # read by servers, never served

ScriptHashes = Callable[[Path], frozenset[str]]  # a page's inline scripts' CSP hashes

IMMUTABLE = "public, max-age=31536000, immutable"
MAX_URL_BYTES = 4096  # longer request paths answer 414; no route comes close
HEADER_TIMEOUT = 10.0  # seconds for a client to send its request headers, then it is dropped
REVALIDATE = "no-cache"
HASHED_ASSETS = "/assets/*"

# Compressible files, by extension; smaller files are not worth a second request's worth of bytes.
COMPRESSIBLE = frozenset({".html", ".js", ".mjs", ".css", ".json", ".xml", ".svg", ".txt", ".yaml", ".yml",
                          ".map", ".webmanifest", ".ico", ".md"})
MIN_COMPRESS_BYTES = 512
BEST_BROTLI = 11
BROTLI_QUALITY = 6
BEST_GZIP = 9
GZIP_LEVEL = 5
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))  # in order of preference

_TYPES = {".yaml": "application/yaml", ".yml": "application/yaml", ".js": "text/javascript",
          ".mjs": "text/javascript", ".json": "application/json", ".map": "application/json",
          ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml", ".ico": "image/x-icon",
          ".woff2": "font/woff2", ".webp": "image/webp", ".avif": "image/avif", ".md": "text/markdown",
          # archives, by their last suffix (Python names `x.tar.gz` application/x-tar, encoded with gzip:
          # served without Content-Encoding, that would be the wrong type; nginx's types go by suffix)
          ".gz": "application/gzip", ".tgz": "application/gzip", ".bz2": "application/x-bzip2",
          ".xz": "application/x-xz", ".zst": "application/zstd"}


# Browser features no page of the site uses (the widget simulator's frame included: its payments are
# simulated), denied to the site and every frame in it. The clipboard is not listed: copy buttons use it.
DENIED_FEATURES = ("accelerometer", "autoplay", "camera", "display-capture", "geolocation", "gyroscope", "hid",
                   "idle-detection", "magnetometer", "microphone", "midi", "payment", "publickey-credentials-get",
                   "screen-wake-lock", "serial", "usb", "xr-spatial-tracking")
PERMISSIONS_POLICY = ", ".join(f"{feature}=()" for feature in DENIED_FEATURES)
HSTS = "Strict-Transport-Security"


def content_type(name: str) -> str:
    """The media type a file is served with (no charset: servers add it to text types)."""
    suffix = Path(name).suffix.lower()
    return _TYPES.get(suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"


def compressible(path: str | os.PathLike[str]) -> bool:
    """Whether the file at `path` (or of that name) gets `.br`/`.gz` twins, by its extension."""
    return os.path.splitext(path)[1].lower() in COMPRESSIBLE


def twin_of(path: str) -> str | None:
    """The file whose precompressed twin `path` would be (`x.html` for `x.html.br`), else None.
    Servers answer 404 to a twin asked for by name: its bytes are only ever sent as the encoding of
    its file (a `.tar.gz` download is no twin: `.tar` files are not compressed)."""
    for _, suffix in ENCODINGS:
        if path.endswith(suffix) and compressible(path[: -len(suffix)]):
            return path[: -len(suffix)]
    return None


# -- precompression ---------------------------------------------------------------------------------

def precompress(root: Path, brotli_quality: int = BROTLI_QUALITY, gzip_level: int = GZIP_LEVEL) -> int:
    """Write `x.br` and `x.gz` beside every compressible file of `root` worth compressing, unless
    both are newer than it already. Returns how many files were compressed.

    Brotli's best quality (11) costs 60 times quality 6 for 11 % fewer bytes: the build uses 11 for
    the front end's assets, compressed once per front-end build, and 6 for pages, data and indexes
    (16 MB in 0.6 s here). gzip is for clients without brotli: the best level (9) for the assets,
    `GZIP_LEVEL` (5) for the rest, as 9 costs half as much time again as 6 for 1 % fewer bytes, and 6
    a quarter more than 5 for 1 % fewer (a docs page of 110 KB: 1.4 against 1.1 ms). zlib and brotli
    release the GIL: threads use every core."""
    files = [p for p in root.rglob("*") if _to_compress(p)]
    _compress_all(files, brotli_quality, gzip_level)
    return len(files)


def precompress_untwinned(folders: Iterable[tuple[Path, set[str]]]) -> int:
    """`precompress` for a build's staging folder, whose folders and their files' names are given:
    the compressible files worth compressing that lack a twin. There, each file is written once and
    its twins after it (by the prerender, by a `Precompressor`, or linked from a previous build for
    the same bytes: docsite.writing.reuse), so twins that are there are fresh: only names are read, where
    `precompress` reads every file's and twin's times. Returns how many files were compressed."""
    files = [folder / name for folder, names in folders for name in names
             if compressible(name) and name not in RULE_FILES
             and not all(name + suffix in names for _, suffix in ENCODINGS)]
    files = [path for path in files if _to_compress(path)]
    _compress_all(files, BROTLI_QUALITY, GZIP_LEVEL)
    return len(files)


def _compress_all(files: list[Path], brotli_quality: int, gzip_level: int) -> None:
    with ThreadPoolExecutor() as pool:
        for _ in pool.map(lambda path: _compress(path, brotli_quality, gzip_level), files):
            pass


class Precompressor:
    """`precompress` file by file while the build goes on, in a process of its own: a build gives
    it each data file as it writes it, while Node prerenders the pages (and compresses those itself,
    from the HTML it holds: frontend/scripts/prerender.mjs), so both cores are busy. Leaving the
    block waits for every file given; the final `precompress_untwinned` of the folder then finds
    their twins there.

    The process shares no interpreter lock with the builder, whose thread writes the page data
    Node waits for: compressing on the builder's own threads, six of them took the lock and the
    cores from that thread (a loop writing 3,000 data files took 5.5 s beside them instead of 0.8,
    and 0.8 beside this process at a lower priority). It runs at the builder's priority: at a
    lower one, on a machine busy with other work, it got so little of the cores that the build
    waited for it at the end (1,000 pages: 14 s against 11 s)."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[bytes] | None = None  # started by `start` or with the first file

    def start(self) -> None:
        """Start the process now, so that it is ready for the first file (about 0.1 s)."""
        if self._process is None:
            # unbuffered: each name reaches the process as it is given (buffered, a warm build's few
            # files, the search index among them, waited in the buffer for the end of the build)
            self._process = subprocess.Popen([sys.executable, "-m", "docsite.outputs.delivery"], stdin=subprocess.PIPE,
                                             stderr=subprocess.PIPE, bufsize=0)

    def add(self, path: Path) -> None:
        if compressible(path) and path.name not in RULE_FILES:  # the rest is checked by the process
            self.start()
            assert self._process is not None and self._process.stdin is not None
            self._process.stdin.write(os.fsencode(path) + b"\0")

    def __enter__(self) -> Precompressor:
        return self

    def __exit__(self, failed: type[BaseException] | None, *exc: object) -> None:
        if self._process is None:
            return
        assert self._process.stdin is not None and self._process.stderr is not None
        if failed is not None:  # a failed build's staging is deleted next
            self._process.kill()
        with suppress(OSError):  # the process stopped: it says why
            self._process.stdin.close()
        errors = self._process.stderr.read().decode(errors="replace").strip()
        if self._process.wait() != 0 and failed is None:  # a file that could not be compressed fails the build
            raise OSError(f"precompression failed: {errors}")


def _compress_given(paths: int) -> None:
    """The Precompressor's process: compress each file named on the file descriptor `paths`
    (NUL-terminated), on a thread per core; an error ends the process (status 1, the trace on stderr)."""
    failed: list[Future[None]] = []  # a future is kept only when it failed (10,000 pages: 30,000 files)

    def keep_failed(future: Future[None]) -> None:
        if future.exception() is not None:
            failed.append(future)

    with ThreadPoolExecutor(os.cpu_count()) as pool:
        left = b""  # the start of a name whose end is in the next read
        while read := os.read(paths, 1 << 16):
            *names, left = (left + read).split(b"\0")
            for path in (Path(os.fsdecode(name)) for name in names):
                if not _to_compress(path):
                    continue
                # a large file's twins on two threads: the search index, the last file written, is
                # compressed at the end of the build, where nothing else is left to do
                suffixes = [suffix for _, suffix in ENCODINGS]
                for part in [[suffix] for suffix in suffixes] if path.stat().st_size > CHUNK_BYTES else [suffixes]:
                    pool.submit(_compress, path, BROTLI_QUALITY, GZIP_LEVEL, part).add_done_callback(keep_failed)
    for future in failed:
        future.result()


def _to_compress(path: Path) -> bool:
    """A compressible file worth compressing whose twins are missing or older (its name is
    checked first: most files of a build are twins, and a name costs no system call)."""
    if not compressible(path) or path.name in RULE_FILES:
        return False
    try:
        status = path.stat()
    except OSError:
        return False
    return stat.S_ISREG(status.st_mode) and status.st_size >= MIN_COMPRESS_BYTES and not _fresh_twins(path, status)


def _fresh_twins(path: Path, status: os.stat_result) -> bool:
    modified = status.st_mtime_ns
    for _, suffix in ENCODINGS:
        try:
            if path.with_name(path.name + suffix).stat().st_mtime_ns < modified:
                return False
        except OSError:  # no twin
            return False
    return True


def _compress(path: Path, brotli_quality: int, gzip_level: int, suffixes: Iterable[str] = (".gz", ".br")) -> None:
    """Write `path`'s twins (those of `suffixes`). The file is read a chunk at a time and each
    chunk given to every compressor (the bytes are those of compressing the file in one piece); a
    large file's twins are written as they are made, under a temporary name renamed when complete
    (the search index of 10,000 pages is 83 MB: held whole with its twins, it was 120 MB more at
    the build's peak)."""
    streams = {suffix: _compressor(path, suffix, brotli_quality, gzip_level) for suffix in suffixes}
    twins = {suffix: path.with_name(path.name + suffix) for suffix in streams}
    with path.open("rb") as source:
        chunk = source.read(CHUNK_BYTES)
        if len(chunk) < CHUNK_BYTES:  # the whole file
            for suffix, (compress, finish) in streams.items():
                twins[suffix].write_bytes(compress(chunk) + finish())
            return
        partial = {suffix: twin.with_name(twin.name + PARTIAL) for suffix, twin in twins.items()}
        with ExitStack() as files:
            outputs = {suffix: files.enter_context(file.open("wb")) for suffix, file in partial.items()}
            while chunk:
                for suffix, (compress, _) in streams.items():
                    outputs[suffix].write(compress(chunk))
                chunk = source.read(CHUNK_BYTES)
            for suffix, (_, finish) in streams.items():
                outputs[suffix].write(finish())
    for suffix, file in partial.items():
        file.replace(twins[suffix])


PARTIAL = ".docsite-part"  # a large file's twin being written


def _compressor(path: Path, suffix: str, brotli_quality: int,
                gzip_level: int) -> tuple[Callable[[bytes], bytes], Callable[[], bytes]]:
    """The functions that compress a chunk, then end the stream, for `path`'s twin `suffix`."""
    if suffix == ".gz":
        # a gzip stream whose header has mtime 0 (gzip.compress(mtime=0)'s bytes): the same input
        # gives the same bytes, so rebuilding an unchanged site changes nothing
        gz = zlib.compressobj(gzip_level, zlib.DEFLATED, GZIP_STREAM)
        return gz.compress, gz.flush
    mode = brotli.MODE_TEXT if content_type(path.name).startswith("text/") else brotli.MODE_GENERIC
    br = brotli.Compressor(mode=mode, quality=brotli_quality)
    return br.process, br.finish


CHUNK_BYTES = 1 << 20  # read at a time by `_compress`
GZIP_STREAM = 31  # zlib's window bits for a gzip stream (16 + 15: the largest window)


# -- the rules --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class HeaderRule:
    pattern: str  # `/*`, `/assets/*` or an exact path
    headers: tuple[tuple[str, str], ...]

    def matches(self, path: str) -> bool:
        if self.pattern.endswith("*"):
            return path.startswith(self.pattern[:-1])
        return path == self.pattern


@dataclass(frozen=True)
class Rules:
    headers: list[HeaderRule] = field(default_factory=list)
    redirects: dict[str, tuple[str, int]] = field(default_factory=dict)  # old path -> (location, status)
    not_found: dict[str, str] = field(default_factory=dict)  # a section (/specification/) -> its 404 page

    def not_found_page(self, path: str) -> str:
        """The not-found page for `path`: its closest section's own, else the site's `/404.html`."""
        sections = [section for section in self.not_found if path.startswith(section)]
        return self.not_found[max(sections, key=len)] if sections else "/404.html"

    def headers_for(self, path: str) -> dict[str, str]:
        """The headers of a response for `path` (without the base URL), defaults included."""
        found: dict[str, str] = {}
        for rule in self.headers:
            if rule.matches(path):
                found.update(rule.headers)
        found.setdefault("Cache-Control", REVALIDATE)
        return found

    def every_answer(self) -> dict[str, str]:
        """The headers every answer carries, whatever its path or status: the `/*` rule's."""
        return {name: value for rule in self.headers if rule.pattern == "/*" for name, value in rule.headers}

    def redirect_for(self, path: str) -> tuple[str, int] | None:
        return self.redirects.get(path.rstrip("/") or "/")


def security_headers(config: SiteConfig, html_files: Iterable[Path], script_urls: Iterable[str] = (),
                     image_urls: Iterable[str] = (), api_origins: Iterable[str] = (),
                     hashes_of: ScriptHashes | None = None, wasm: bool = False) -> list[tuple[str, str]]:
    return [
        ("Content-Security-Policy", content_security_policy(config, html_files, script_urls, image_urls,
                                                            api_origins, hashes_of, wasm)),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "strict-origin-when-cross-origin"),
        ("X-Frame-Options", "SAMEORIGIN"),
        ("Permissions-Policy", PERMISSIONS_POLICY),
        *([(HSTS, hsts)] if (hsts := config.hsts()) else []),
    ]


def content_security_policy(config: SiteConfig, html_files: Iterable[Path], script_urls: Iterable[str] = (),
                            image_urls: Iterable[str] = (), api_origins: Iterable[str] = (),
                            hashes_of: ScriptHashes | None = None, wasm: bool = False) -> str:
    """The site's own files, the inline scripts of its pages by hash, and exactly the third parties
    the configuration names: web analytics, the help-desk widget, search analytics, and the scripts
    React pages load (`script_urls`: the widget test page's widget); and the hosts the API pages'
    "Try it" panels call (`api_origins`: the specs' servers and token endpoints, from
    docsite.openapi.tryit.connect_origins), for requests only; the hosts pages may embed in an <iframe>
    (`embeds.hosts`), as frames only. `wasm`: WebAssembly compiled (`'wasm-unsafe-eval'`: Pagefind's
    search, docsite.search.pagefind), which allows no JavaScript `eval`."""
    scripts, connect, images, frames = ["'self'"], ["'self'"], ["'self'", "data:"], ["'self'"]
    if wasm:
        scripts.append("'wasm-unsafe-eval'")
    if config.analytics.trackingId:  # gtag.js, and the hits it sends (Google's CSP guide for GA4)
        scripts.append("https://www.googletagmanager.com")
        ga = ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com"]
        connect += ga
        images += ga
    for url in [config.helpDesk.scriptUrl, *script_urls]:
        if url:
            host = origin(url)
            for sources in (scripts, connect, images, frames):
                sources.append(host)
    if config.search.analytics:  # autocomplete's Insights plugin loads search-insights from jsDelivr
        scripts.append("https://cdn.jsdelivr.net")
        connect += ["https://insights.algolia.io", "https://insights.us.algolia.io", "https://insights.de.algolia.io"]
    images += [origin(url) for url in image_urls]
    frames += [f"https://{host}" for host in config.embeds.hosts]  # the pages' <iframe> embeds
    connect += api_origins
    scripts += sorted(inline_script_hashes(html_files, hashes_of or file_script_hashes))
    directives = {
        "default-src": ["'self'"],
        "script-src": scripts,
        "style-src": ["'self'", "'unsafe-inline'"],  # the entry's CSS is inlined; React writes style attributes
        "img-src": images,
        "font-src": ["'self'", "data:"],
        "connect-src": connect,
        "frame-src": frames,
        "worker-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'self'"],
    }
    return "; ".join(f"{name} {' '.join(dict.fromkeys(sources))}" for name, sources in directives.items())


_INLINE_SCRIPT = re.compile(r"<script(?P<attrs>(?:\s[^>]*)?)>(?P<body>.*?)</script>", re.DOTALL | re.IGNORECASE)
_DATA_TYPE = re.compile(r"""\stype=["']?application/(?:json|ld\+json)""", re.IGNORECASE)


def inline_script_hashes(html_files: Iterable[Path], hashes_of: ScriptHashes | None = None) -> set[str]:
    """`'sha256-…'` of every inline script the pages run; `hashes_of` gives a file's (a warm build
    remembers those of the files it reuses: docsite.writing.reuse.ScriptHashMemo)."""
    found: set[str] = set()
    for file in html_files:
        found |= (hashes_of or file_script_hashes)(file)
    return found


def file_script_hashes(file: Path) -> frozenset[str]:
    """`'sha256-…'` of every inline script one page runs (data blocks are not run: no hash)."""
    found: set[str] = set()
    for match in _INLINE_SCRIPT.finditer(file.read_text(encoding="utf-8")):
        attrs, body = match["attrs"], match["body"]
        if " src=" not in attrs and not _DATA_TYPE.search(attrs) and body:
            found.add(script_hash(body))
    return frozenset(found)


def script_hash(body: str) -> str:
    """The CSP source that allows an inline script with this text."""
    return f"'sha256-{base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()}'"


def allow_script(csp: str, body: str) -> str:
    """`csp` with one more inline script allowed (the dev server's live-reload script)."""
    return csp.replace("script-src ", f"script-src {script_hash(body)} ", 1)


def site_rules(config: SiteConfig, html_files: list[Path], redirects: list[Redirect],
               script_urls: Iterable[str] = (), image_urls: Iterable[str] = (),
               canonical: dict[str, str] | None = None, not_found: Iterable[str] = (),
               api_origins: Iterable[str] = (), hashes_of: ScriptHashes | None = None, wasm: bool = False) -> Rules:
    """The site's rules; `canonical` maps a file that is another form of a page (a page's Markdown)
    to the page's URL, sent as `Link: <url>; rel="canonical"`; `not_found` lists the sections' own
    not-found pages (`/specification/404`); `wasm`: the pages run WebAssembly (Pagefind's search)."""
    from docsite.redirects import location  # here: the Precompressor's process imports this module
    return Rules(
        headers=[HeaderRule("/*", tuple(security_headers(config, html_files, script_urls, image_urls,
                                                             api_origins, hashes_of, wasm))),
                 HeaderRule(HASHED_ASSETS, (("Cache-Control", IMMUTABLE),)),
                 *(HeaderRule(path, (("Link", f'<{url}>; rel="canonical"'),)) for path, url in
                   sorted((canonical or {}).items()))],
        redirects={r.source: (location(r, config), 301) for r in redirects},
        not_found={route.rsplit("/", 1)[0] + "/": route + ".html" for route in sorted(not_found)},
    )


# -- the files --------------------------------------------------------------------------------------

def headers_file(rules: Rules) -> str:
    lines = ["# Headers by path (Netlify / Cloudflare Pages format), written by `docsite build`."]
    for rule in rules.headers:
        lines.append(rule.pattern)
        lines += [f"  {name}: {value}" for name, value in rule.headers]
    return "\n".join(lines) + "\n"


def redirects_file(rules: Rules) -> str:
    lines = ["# Moved pages (Netlify / Cloudflare Pages format), written by `docsite build`."]
    lines += [f"{source} {target} {status}" for source, (target, status) in rules.redirects.items()]
    lines += [f"{section}* {page} 404" for section, page in rules.not_found.items()]
    return "\n".join(lines) + "\n"


def read_rules(build: Path) -> Rules:
    """The rules a build carries (none for a build without the files)."""
    headers = _parse_headers(_lines(build / HEADERS_FILE))
    redirects, not_found = {}, {}
    for source, target, status in _parse_redirects(_lines(build / REDIRECTS_FILE)):
        if status == 404 and source.endswith("/*"):
            not_found[source[:-1]] = target
        else:
            redirects[source.rstrip("/") or "/"] = (target, status)
    return Rules(list(headers), redirects, not_found)


def _lines(file: Path) -> list[str]:
    if not file.is_file():
        return []
    return [line for line in file.read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")]


def _parse_headers(lines: list[str]) -> Iterator[HeaderRule]:
    pattern: str | None = None
    headers: list[tuple[str, str]] = []
    for line in [*lines, "/"]:  # a last pattern ends the last rule
        if not line[0].isspace():
            if pattern is not None:
                yield HeaderRule(pattern, tuple(headers))
            pattern, headers = line.strip(), []
        else:
            name, _, value = line.strip().partition(":")
            headers.append((name.strip(), value.strip()))


def _parse_redirects(lines: list[str]) -> Iterator[tuple[str, str, int]]:
    for line in lines:
        source, target, status = line.split()
        yield source, target, int(status)


if __name__ == "__main__":
    _compress_given(sys.stdin.fileno())
