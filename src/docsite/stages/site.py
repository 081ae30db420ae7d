"""What the stages pass on: where the build reads and writes (`Paths`), and the site once loaded and
resolved (`Site`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docsite.cache import CACHE_DIR_NAME
from docsite.checks.links import LinkTarget
from docsite.config import SiteConfig
from docsite.content import Content
from docsite.diagrams import Renderer
from docsite.openapi.reference import ApiSpec
from docsite.redirects import Redirect
from docsite.routes import Route
from docsite.search import SearchDocument
from docsite.sidebars import Sidebars
from docsite.versions import DocsVersion

PROJECT_ROOT = Path(__file__).resolve().parents[3]


@dataclass(frozen=True)
class Paths:
    """The content read, the build written, the front end and the result cache."""

    content: Path
    out: Path
    frontend: Path = PROJECT_ROOT / "frontend"
    # what builds reuse (docsite.cache): results by content hash, rendered diagrams, locale copies
    cache: Path = PROJECT_ROOT / CACHE_DIR_NAME

    @classmethod
    def default(cls, root: Path = PROJECT_ROOT) -> Paths:
        return cls(root / "content", root / "build", root / "frontend", root / CACHE_DIR_NAME)

    def diagram_renderer(self) -> Renderer:
        return Renderer(self.frontend / "node_modules" / "mermaid", self.cache / "diagrams")


@dataclass
class Site:
    """Everything the checks and the writer need, once loaded and resolved."""

    config: SiteConfig
    content: Content
    sidebars: Sidebars
    versions: list[DocsVersion]
    specs: list[ApiSpec]
    routes: list[Route]
    site_data: dict[str, Any]
    static_dir: Path
    files: dict[str, bytes] = field(default_factory=dict)  # generated files: site path -> bytes
    search: list[SearchDocument] = field(default_factory=list)  # indexed when the site is written
    redirects: list[Redirect] = field(default_factory=list)
    version_sidebars: dict[str, Sidebars] = field(default_factory=dict)  # every docs version's
    targets: LinkTarget | None = None  # what links may point at (the dev server checks an edited page's links)
    name: str = "default"  # what its results kept between builds are filed under (docsite.cache.site_name)
    # the search engine: lunr's index files or Pagefind's bundle, and why (docsite.search.pagefind.choose_engine)
    search_engine: str = "lunr"
    search_engine_reason: str = ""


Progress = Callable[[str, int, int], None]


def no_progress(stage: str, done: int, total: int) -> None:
    return None

