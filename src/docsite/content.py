"""Loading what writers edit: docs, blog posts, Markdown pages and React pages.

Each Markdown file is read, its front matter validated, its body rendered to a content tree. Every
problem found on the way is collected in the `Report`, so one run lists them all.
"""

from __future__ import annotations

import datetime as dt
import difflib
import gc
import multiprocessing
import os
import pickle
import re
import subprocess
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar

from pydantic import BaseModel, ConfigDict

from docsite.cache import results
from docsite.config import CONFIG_FILE, SiteConfig
from docsite.content_files import content_files, read_bytes
from docsite.errors import BuildError, Problem, Report, internal_error, listing
from docsite.frontmatter import read_markdown_file
from docsite.frontmatter_models import BlogFrontMatter, DocFrontMatter, FrontMatter, PageFrontMatter
from docsite.markdown import DIAGRAM_LANGUAGE, Rendered, is_page_file, render_markdown, too_large
from docsite.markdown.highlight import warm_lexers
from docsite.markdown.mdx import outside, partial_path, partial_sources
from docsite.markdown.text import plain_text
from docsite.versioned_docs import CURRENT, VersionSource, version_sources
from docsite.yaml_validation import validate
from docsite.yamlfile import YamlDocument, load_yaml_file

F = TypeVar("F", bound=FrontMatter)
_DATED_NAME = re.compile(r"^(\d{4})-(\d{2})-(\d{2})-(.+)$")


@dataclass
class MarkdownSource:
    """A Markdown file, its front matter and its rendered body."""

    file: Path
    title: str
    rendered: Rendered
    front_lines: dict[str, int] = field(default_factory=dict, kw_only=True)  # front matter key -> line

    def line_of(self, key: str) -> int:
        """The line of a front matter key, for errors about its value (1 when it is not there)."""
        return self.front_lines.get(key, 1)

    @property
    def description_fallback(self) -> str:
        text = plain_text(self.rendered.tree[:3])
        return text if len(text) <= 160 else text[:157].rsplit(" ", 1)[0] + "…"


@dataclass
class Doc(MarkdownSource):
    id: str
    front: DocFrontMatter
    route: str
    last_updated: str | None = None
    path: str = ""  # the file below the content folder: `docs/authentication/index.md`
    version: str = CURRENT  # the docs version it belongs to (ids are per version)

    @property
    def description(self) -> str:
        return self.front.description or self.description_fallback

    @property
    def sidebar_label(self) -> str:
        return self.front.sidebar_label or self.title


@dataclass
class BlogPost(MarkdownSource):
    front: BlogFrontMatter
    slug: str
    date: dt.date
    route: str = ""

    @property
    def description(self) -> str:
        return self.front.description or self.description_fallback


@dataclass
class Page(MarkdownSource):
    front: PageFrontMatter
    route: str

    @property
    def description(self) -> str:
        return self.front.description or self.description_fallback


class ReactPageFile(BaseModel):
    """A site page rendered by a React component of the front end (`pages/*.yaml`)."""

    model_config = ConfigDict(extra="forbid")
    component: str
    title: str
    description: str
    keywords: list[str] = []
    image: str | None = None
    hide_footer: bool = False
    props: dict[str, Any] = {}


@dataclass
class ReactPage:
    file: Path
    route: str
    page: ReactPageFile
    document: YamlDocument  # with the line of every key: the link and API-call checks read its props


@dataclass
class Author:
    key: str
    name: str
    title: str | None = None
    url: str | None = None
    image_url: str | None = None
    file: Path | None = None  # where the author is written: authors.yaml, or a post's front matter
    line: int = 1             # the line of `image_url` (or of the author)


class AuthorFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    title: str | None = None
    url: str | None = None
    image_url: str | None = None


@dataclass
class Content:
    docs: list[Doc] = field(default_factory=list)
    drafts: list[Doc] = field(default_factory=list)
    posts: list[BlogPost] = field(default_factory=list)
    authors: dict[str, Author] = field(default_factory=dict)
    pages: list[Page] = field(default_factory=list)
    react_pages: list[ReactPage] = field(default_factory=list)
    versions: list[VersionSource] = field(default_factory=list)  # the docs versions built, current first

    def doc_index(self, version: str | None = None) -> DocIndex:
        """The docs of one version (by default the last one, at the docs root), by id."""
        name = version or self.last_version
        return DocIndex({d.id: d for d in self.docs if d.version == name},
                        frozenset(d.id for d in self.drafts if d.version == name))

    @property
    def last_version(self) -> str:
        return next((v.name for v in self.versions if v.is_last), CURRENT)


class UnknownDoc(LookupError):
    """A doc id that is neither a doc nor a draft. The message lists the ids that exist."""


@dataclass(frozen=True)
class DocIndex:
    """Docs by id, for every place that looks a doc up (sidebars, pagination, navbar items)."""

    docs: dict[str, Doc]
    draft_ids: frozenset[str] = frozenset()

    def find(self, doc_id: str) -> Doc | None:
        """The doc with this id; None for a draft (drafts are left out of production builds).

        Raises UnknownDoc, listing the ids that exist, for an id that is neither.
        """
        doc = self.docs.get(doc_id)
        if doc is None and doc_id not in self.draft_ids:
            raise UnknownDoc(doc_not_found(doc_id, list(self.docs)))
        return doc


def doc_not_found(doc_id: str, known: list[str]) -> str:
    """The message for a doc id that does not exist, listing the ids that do."""
    close = difflib.get_close_matches(doc_id, known, n=3, cutoff=0.5)
    hint = f" Did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    return f"no doc with id '{doc_id}'.{hint} Available doc ids: {listing(sorted(known))}"


# -- loading ------------------------------------------------------------------------------------

def load_content(content_dir: Path, config: SiteConfig, report: Report, *, dev: bool = False,
                 meanwhile: Callable[[], object] | None = None) -> Content:
    """Load the content. `meanwhile` is called once, in this process: while worker processes render
    the docs when there are many, else once the content is loaded. Work that does not read the
    content (the specs' validation) is done then on time this process would spend waiting."""
    pending = [meanwhile] if meanwhile else []
    content = Content(versions=version_sources(config, content_dir, report))
    docs_dir = content_dir / config.docs.path
    for version in content.versions:
        updated = _git_last_updated(version.docs_dir) if config.docs.showLastUpdateTime else {}
        loaded = [*_load_docs(content_dir, version, report, updated, pending)]
        for doc in loaded:
            (content.docs if dev or not doc.front.draft else content.drafts).append(doc)
        _check_unique_ids(loaded, report)
    blog_dir = content_dir / config.blog.path
    content.authors = _load_authors(blog_dir / "authors.yaml", report)
    content.posts = [p for p in _load_posts(blog_dir, config, report) if dev or not p.front.draft]
    content.posts.sort(key=lambda p: (p.date, p.slug), reverse=True)
    pages_dir = content_dir / "pages"
    content.pages = list(_load_pages(pages_dir, report))
    content.react_pages = list(_load_react_pages(pages_dir, report))
    for name in ("tags.yml", "tags.yaml"):
        if (docs_dir / name).is_file():
            report.error(f"docs/{name}, Docusaurus's tag definitions, is not read here", docs_dir / name, 1,
                         "write each tag in the docs' front matter, as a word or as {label: Orders API, "
                         "permalink: /orders-api}, and delete this file")
    _run(pending)
    return content


def _run(pending: list[Callable[[], object]]) -> None:
    while pending:
        pending.pop(0)()


class Loaded(NamedTuple, Generic[F]):
    front: F
    rendered: Rendered
    title: str
    lines: dict[str, int]  # front matter key -> line


def load_markdown(file: Path, model: type[F], report: Report) -> Loaded[F] | None:
    """Read `file`, validate its front matter with `model` and render its body.

    The title is the front matter's, else the leading `# Heading` (which is then removed from the
    body). Returns None when the file cannot be used; the reasons are in `report`. The result and
    its problems are cached by the file's path and bytes (docsite.cache): rendering is the heaviest
    work of a build, and a rebuild renders only the files that changed.
    """
    return _load_cached(file, model, report, _cache_key(file, model))


def _load_cached(file: Path, model: type[F], report: Report, key: tuple[str, bytes] | None) -> Loaded[F] | None:
    """`load_markdown`, the file's key and bytes read already (`_cache_key`)."""
    if key is None:
        return _load_markdown(file, model, report)  # unreadable: reported as the file's own error, uncached
    data = key[1]
    loaded, problems = results().get_or_compute(key[0], _loading(file, model), lambda: _unchanged(file, data))
    report.extend(problems)
    return _from(key[0], loaded)


def _from(key: str, loaded: Loaded[F] | None) -> Loaded[F] | None:
    """`loaded` (the result cached under `key`), its page knowing the key (`Rendered.source`)."""
    if loaded is not None:
        loaded.rendered.source = key
    return loaded


def _loading(file: Path, model: type[F]) -> Callable[[], tuple[Loaded[F] | None, list[Problem]]]:
    """What the result cache keeps for `file`: its `_load_markdown` and the problems it reported."""
    def compute() -> tuple[Loaded[F] | None, list[Problem]]:
        found = Report()
        return _load_markdown(file, model, found), found.problems
    return compute


def _unchanged(file: Path, data: bytes) -> bool:
    try:
        return read_bytes(file) == data
    except (OSError, BuildError):
        return False


def _cache_key(file: Path, model: type[F]) -> tuple[str, bytes] | None:
    """The result cache's key of a Markdown file: its path and bytes, and those of the partials it
    includes (at any depth: a partial saved renders the pages that include it again); with the bytes."""
    try:
        data = read_bytes(file)
    except (OSError, BuildError):  # reported by _load_markdown
        return None
    key = results().key("markdown", str(file), f"{model.__module__}.{model.__qualname__}", data,
                        *_partial_bytes(file, data))
    return key, data


def _partial_bytes(file: Path, data: bytes) -> Iterator[str | bytes]:
    """Each partial `file` (whose bytes are `data`) imports, at any depth, and its bytes: a missing
    one too, so that creating it renders the page again."""
    seen = {file}
    pending = [(file, data)]
    while pending:
        importer, text = pending.pop()
        for source in partial_sources(text):
            root = content_root(importer)
            path = partial_path(source, importer, root)
            if path is None or path in seen or outside(path, root):
                continue
            seen.add(path)
            try:
                partial = path.read_bytes()
            except OSError:
                partial = b""
                yield f"{path} (missing)"
            else:
                yield str(path)
            yield partial
            pending.append((path, partial))


def content_root(file: Path) -> Path | None:
    """The content folder `file` is in: the closest folder above it holding site.yaml (a partial's
    `@site/` import starts there, as Docusaurus's starts at the site's folder); None outside one."""
    for folder in file.parents:
        if (folder / CONFIG_FILE).is_file():
            return folder
    return None


def _load_markdown(file: Path, model: type[F], report: Report) -> Loaded[F] | None:
    try:
        source = read_markdown_file(file)
        front = validate(model, source.front)
    except BuildError as exc:
        report.extend(exc.problems)
        return None
    refused = too_large(source.body, file, source.body_line)
    if refused is not None:  # not loaded: no later check reads it (an empty page has no words...)
        report.extend([refused])
        return None
    try:
        # the leading heading is the title; with hide_title the layout shows no title, so the
        # heading the body wrote stays (hide_title hides the title only, as in Docusaurus)
        rendered = render_markdown(source.body, file, source.body_line,
                                   title_heading=not getattr(front, "hide_title", False), site_root=content_root(file))
    except Exception as exc:  # a bug met on this file: name it, and go on with the others
        report.extend([internal_error(exc, file)])
        return None
    report.extend(rendered.problems)
    title = front.title or rendered.title
    if not title:
        report.error("the page has no title", file, 1, "add 'title: ...' to the front matter")
        return None
    lines = {str(key[0]): line for key, line in source.front.lines.items() if len(key) == 1}
    return Loaded(front, rendered, title, lines)


# Rendering Markdown is the builder's heaviest work: large sites spread it over the machine's cores.
PARALLEL_FROM = 64


def load_many(files: list[Path], model: type[F], report: Report,
              meanwhile: list[Callable[[], object]] | None = None) -> list[tuple[Path, Loaded[F]]]:
    """`load_markdown` for every file, in order, in worker processes when many are not cached; the
    calls in `meanwhile` are made (and removed) while they work."""
    cache = results()
    keys = {file: _cache_key(file, model) for file in files}
    to_render = [file for file, key in keys.items() if key is None or not cache.peek(key[0])]
    done: dict[Path, tuple[Loaded[F] | None, list[Problem]]] = {}
    if len(to_render) >= PARALLEL_FROM and (os.cpu_count() or 1) >= 2:
        warm_lexers(_fence_languages(key[1] for file in to_render if (key := keys[file]) is not None))
        context = multiprocessing.get_context("fork")
        # the workers collect cycles as usual: they are forked while load_site keeps the collector off
        # (docsite.gc_pause), and rendering a page leaves cycles (about 180 objects a page here)
        with ProcessPoolExecutor(max_workers=os.cpu_count(), mp_context=context, initializer=gc.enable) as pool:
            # each result as it comes: its pickle is dropped once read (unless the cache keeps it)
            rendered = pool.map(_load_in_worker, to_render, [model] * len(to_render), chunksize=16)
            _run(meanwhile or [])  # the workers are forked: this process has no other thread then
            for file, data in zip(to_render, rendered, strict=True):
                done[file] = pickle.loads(data)
                key = keys[file]
                if cache.keep_in_memory and key is not None and _unchanged(file, key[1]):
                    cache.put(key[0], data)  # the worker stored it on disk; this process keeps it in memory
    loaded: list[tuple[Path, Loaded[F]]] = []
    for file in files:
        if file in done:
            result, problems = done[file]
            report.extend(problems)
            if (key := keys[file]) is not None:
                result = _from(key[0], result)
        else:
            result = _load_cached(file, model, report, keys[file])
        if result is not None:
            loaded.append((file, result))
    return loaded


def _load_in_worker(file: Path, model: type[F]) -> bytes:
    """`load_markdown`'s result and problems, pickled as the result cache keeps them."""
    key = _cache_key(file, model)
    if key is None:  # unreadable: reported as the file's own error, uncached
        return pickle.dumps(_loading(file, model)(), protocol=pickle.HIGHEST_PROTOCOL)
    data = key[1]
    return results().pickled(key[0], _loading(file, model), lambda: _unchanged(file, data))


_FENCE_LANGUAGE = re.compile(rb"^[ \t>]*(?:`{3,}|~{3,})[ \t]*([\w+#.-]+)", re.MULTILINE)


def _fence_languages(sources: Iterable[bytes]) -> set[str]:
    """The languages the code blocks of these pages name (their lexers are looked up once, before
    the worker processes are forked), but diagrams'."""
    names = {match.decode("utf-8", "replace").lower() for data in sources for match in _FENCE_LANGUAGE.findall(data)}
    return names - {DIAGRAM_LANGUAGE}


def _markdown_files(folder: Path) -> Iterator[Path]:
    """The pages below `folder`: `.md` and `.mdx` files but README.md, and none whose name or folder
    starts with `_` (`is_page_file`)."""
    yield from (p for p in content_files(folder, "*.md*") if p.name != "README.md"
                and is_page_file(p.relative_to(folder)))


def _load_docs(content_dir: Path, version: VersionSource, report: Report,
               updated: dict[Path, str], meanwhile: list[Callable[[], object]]) -> Iterator[Doc]:
    docs_dir = version.docs_dir
    base = version.base
    files = list(_markdown_files(docs_dir))
    for file, (front, rendered, title, lines) in load_many(files, DocFrontMatter, report, meanwhile):
        relative = file.relative_to(docs_dir).with_suffix("")
        folder = relative.parent.as_posix()
        folder = "" if folder == "." else folder
        doc_id = f"{folder}/{front.id}" if front.id and folder else (front.id or relative.as_posix())
        route = base + _doc_slug(front.slug, folder, relative.name, front.id)
        yield Doc(file, title, rendered, doc_id, front, route, updated.get(file.resolve()) if updated else None,
                  file.relative_to(content_dir).as_posix(), version.name, front_lines=lines)


def _doc_slug(slug: str | None, folder: str, name: str, front_id: str | None) -> str:
    """The doc's route below the docs base: `/environments`, `/authentication/`, `/`."""
    if slug is not None:
        if slug.startswith("/"):
            return slug
        return f"/{folder}/{slug}" if folder else f"/{slug}"
    if name == "index" and not front_id:
        return f"/{folder}/" if folder else "/"
    leaf = front_id or name
    return f"/{folder}/{leaf}" if folder else f"/{leaf}"


def _check_unique_ids(docs: list[Doc], report: Report) -> None:
    seen: dict[str, Doc] = {}
    for doc in docs:
        if doc.id in seen:
            report.error(f"the doc id '{doc.id}' is used twice: by {seen[doc.id].file} and by {doc.file}",
                         doc.file, 1, "give one of them another 'id' in its front matter, or rename the file")
        else:
            seen[doc.id] = doc


def _load_authors(file: Path, report: Report) -> dict[str, Author]:
    if not file.is_file():
        return {}
    try:
        doc = load_yaml_file(file)
        if not isinstance(doc.data, dict):
            raise BuildError.at("authors.yaml must map author keys to {name, title, url, image_url}", file, 1)
        authors = {}
        for key, value in doc.data.items():
            entry = validate(AuthorFile, doc, value, (key,))
            authors[str(key)] = Author(str(key), entry.name, entry.title, entry.url, entry.image_url,
                                       file, doc.line_of((key, "image_url")))
        return authors
    except BuildError as exc:
        report.extend(exc.problems)
        return {}


def _load_posts(blog_dir: Path, config: SiteConfig, report: Report) -> Iterator[BlogPost]:
    base = config.blog.routeBasePath.rstrip("/")
    for file, (front, rendered, title, lines) in load_many(list(_markdown_files(blog_dir)), BlogFrontMatter, report):
        name = file.parent.name if file.stem == "index" else file.stem
        match = _DATED_NAME.match(name)
        date: dt.date | None = None
        if front.date is not None:
            date = front.date.date() if isinstance(front.date, dt.datetime) else front.date
        elif match:
            try:
                date = dt.date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
            except ValueError:
                date = None
        if date is None:
            report.error("the blog post has no valid date", file, 1,
                         "name the file YYYY-MM-DD-slug.md or add 'date: YYYY-MM-DD' to the front matter")
            continue
        slug = (front.slug or (match.group(4) if match else name)).strip("/")
        yield BlogPost(file, title, rendered, front, slug, date, f"{base}/{slug}", front_lines=lines)


def _load_pages(pages_dir: Path, report: Report) -> Iterator[Page]:
    for file, (front, rendered, title, lines) in load_many(list(_markdown_files(pages_dir)), PageFrontMatter, report):
        yield Page(file, title, rendered, front, _page_route(file.relative_to(pages_dir)), front_lines=lines)


def _load_react_pages(pages_dir: Path, report: Report) -> Iterator[ReactPage]:
    for file in content_files(pages_dir, "*.yaml"):
        if any(part.startswith("_") for part in file.relative_to(pages_dir).parts):
            continue  # as for Markdown pages: `_` marks what is no page
        try:
            document = load_yaml_file(file)
            page = validate(ReactPageFile, document)
        except BuildError as exc:
            report.extend(exc.problems)
            continue
        yield ReactPage(file, _page_route(file.relative_to(pages_dir)), page, document)


def _page_route(relative: Path) -> str:
    """`faq.md` -> `/faq`; `contact/index.md` -> `/contact/`; `index.yaml` -> `/`."""
    parts = relative.with_suffix("").parts
    if parts[-1] == "index":
        folder = "/".join(parts[:-1])
        return f"/{folder}/" if folder else "/"
    return "/" + "/".join(parts)


def _git_last_updated(folder: Path) -> dict[Path, str]:
    """The date of the last commit that touched each file below `folder` (empty without git)."""
    if not folder.is_dir():
        return {}
    try:
        top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=folder, capture_output=True,
                             text=True, check=True).stdout.strip()
        log = subprocess.run(["git", "log", "--format=@%cI", "--name-only", "--no-renames", "--", "."],
                             cwd=folder, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return {}
    dates: dict[Path, str] = {}
    current = ""
    for line in log.splitlines():
        if line.startswith("@"):
            current = line[1:]
        elif line.strip():
            dates.setdefault((Path(top) / line).resolve(), current)
    return dates
