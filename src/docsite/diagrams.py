"""Mermaid diagrams (```` ```mermaid ```` blocks), rendered at build time to SVG files.

Mermaid lays a diagram out by measuring its text in a real browser (getBBox), which jsdom and
happy-dom cannot do, so the builder renders every diagram in headless Chromium (Debian's
/usr/bin/chromium, driven by Playwright) with the `mermaid` package of the front end's
node_modules: once with a light theme and once with a dark one, each written to
`/assets/diagrams/<hash>-<mode>.svg` (immutable, like every hashed asset). The page shows them as two
images and CSS shows the one of the colour mode (`.light-only` / `.dark-only`); the hidden one loads
lazily, so it is fetched only when the reader switches modes. Readers download no diagram code.

Why files and not inline SVG: a diagram's two SVGs weigh 60 to 80 KB; inline, they were in the HTML
and again in the page's data, which then passed the 64 KB that is inlined for hydration, costing
every page with a diagram a second request before it hydrated. As images they cost the page a few
hundred bytes, and the visible one 5 to 7 KB compressed.

Rendering costs a browser start and mermaid's 5 MB bundle (about 3 s), so results are cached by
content hash (mermaid's version, the render settings and the source) in `.docsite-cache/diagrams/`:
a rebuild that changes no diagram starts no browser, and a site without diagrams never needs
Chromium. A diagram mermaid cannot parse is an error at its line in the Markdown file, with
mermaid's message; the error is cached too, so `docsite check` repeats it without a browser.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from docsite import chromium
from docsite.cache import mark_used
from docsite.chromium import CHROMIUM_FLAGS
from docsite.errors import Report
from docsite.markdown import DiagramUse

# Arial's metrics (Liberation Sans is metric-compatible and is what Debian has): the layout measured
# here fits the text where readers' browsers draw it, on every system that has Arial or Helvetica.
FONT = 'Arial, "Liberation Sans", Helvetica, sans-serif'
# Changing how diagrams are made outside the settings below (the script that renders them): bump
# this so the cache is not reused. The settings themselves are part of every cache key.
RENDERER_VERSION = "3"
# Diagrams are drawn at their natural size up to the column's width (50 rem, 800 px), and shrink
# below it to 70 % at most: 14 px text and narrow participant boxes keep a four-participant
# sequence diagram with API paths near the column's width.
SETTINGS: dict[str, Any] = {
    "fontSize": 14,
    "sequence": {"width": 120, "height": 50, "actorMargin": 40, "boxMargin": 8, "messageFontSize": 14,
                 "noteFontSize": 14, "actorFontSize": 14, "messageMargin": 32,
                 "diagramMarginX": 8, "diagramMarginY": 8},
    "flowchart": {"padding": 12, "htmlLabels": False},
    "htmlLabels": False,  # SVG text, not HTML in foreignObject: the files are shown as images
}
MIN_SCALE = 0.7
FIX_SYNTAX = "correct the diagram (Mermaid syntax: https://mermaid.js.org/intro/syntax-reference.html)"

# The site's palette (frontend/src/styles/tokens.css) as mermaid's `base` theme variables.
THEMES: dict[str, dict[str, Any]] = {
    "light": {"darkMode": False, "background": "#ffffff", "fontFamily": FONT,
              "primaryColor": "#f6f7f9", "primaryBorderColor": "#b9bec5", "primaryTextColor": "#1c1e21",
              "secondaryColor": "#fdeced", "tertiaryColor": "#ffffff", "lineColor": "#555b63",
              "textColor": "#1c1e21", "noteBkgColor": "#fff6db", "noteBorderColor": "#b7791f",
              "noteTextColor": "#1c1e21", "actorBkg": "#f6f7f9", "actorBorder": "#b9bec5",
              "signalColor": "#1c1e21", "signalTextColor": "#1c1e21", "labelBoxBkgColor": "#f6f7f9",
              "activationBkgColor": "#fdeced", "activationBorderColor": "#c8102e"},
    "dark": {"darkMode": True, "background": "#1b1b1d", "fontFamily": FONT,
             "primaryColor": "#242526", "primaryBorderColor": "#5a5d62", "primaryTextColor": "#e3e3e3",
             "secondaryColor": "#3a2428", "tertiaryColor": "#1b1b1d", "lineColor": "#b4b8be",
             "textColor": "#e3e3e3", "noteBkgColor": "#3a3015", "noteBorderColor": "#e0a93b",
             "noteTextColor": "#e3e3e3", "actorBkg": "#242526", "actorBorder": "#5a5d62",
             "signalColor": "#e3e3e3", "signalTextColor": "#e3e3e3", "labelBoxBkgColor": "#242526",
             "activationBkgColor": "#3a2428", "activationBorderColor": "#ff5c72"},
}

# Runs in the page: parse and render in both themes (an error is returned, not thrown), and size the
# SVG by its viewBox so the file has an intrinsic size.
_RENDER_JS = """
async ([id, source, themes, settings]) => {
  const result = {};
  try {
    await mermaid.parse(source);
    for (const [mode, themeVariables] of Object.entries(themes)) {
      const prefix = `${id}-${mode}`;
      mermaid.initialize({ ...settings, startOnLoad: false, securityLevel: 'strict', theme: 'base',
                           themeVariables, fontFamily: themeVariables.fontFamily, deterministicIds: true,
                           deterministicIDSeed: prefix });
      const { svg } = await mermaid.render(prefix, source);
      const root = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
      const box = root.viewBox.baseVal;
      root.removeAttribute('style');
      root.setAttribute('width', String(Math.ceil(box.width)));
      root.setAttribute('height', String(Math.ceil(box.height)));
      result[mode] = new XMLSerializer().serializeToString(root);
      result.width = Math.ceil(box.width);
      result.height = Math.ceil(box.height);
    }
  } catch (error) {
    return { error: String(error && error.message || error) };
  }
  return result;
}
"""
_ERROR_LINE = re.compile(r"\bline (\d+)")
_STACK = re.compile(r"\n\s+at .*", re.DOTALL)


@dataclass(frozen=True)
class Renderer:
    """Where mermaid and the cache are."""

    mermaid_dir: Path  # frontend/node_modules/mermaid
    cache_dir: Path

    @property
    def script(self) -> Path:
        return self.mermaid_dir / "dist" / "mermaid.min.js"

    @cached_property
    def setup(self) -> str:
        """What every diagram's rendering depends on besides its source."""
        version = json.loads((self.mermaid_dir / "package.json").read_text(encoding="utf-8"))["version"]
        return json.dumps([version, RENDERER_VERSION, THEMES, SETTINGS], sort_keys=True)

    def key(self, source: str) -> str:
        digest = hashlib.sha256()
        for part in (self.setup, source):
            digest.update(part.encode())
            digest.update(b"\0")
        return digest.hexdigest()


@dataclass
class Rendered:
    files: dict[str, bytes] = field(default_factory=dict)  # site path -> SVG, for every diagram of the site
    from_browser: int = 0  # how many diagrams were not in the cache


def render_diagrams(uses: Iterable[tuple[Path, DiagramUse]], renderer: Renderer, report: Report) -> Rendered:
    """Render every diagram, from the cache or in Chromium, fill in its node's props and return its
    files; report syntax errors at their line."""
    out = Rendered()
    pending: dict[str, list[tuple[Path, DiagramUse]]] = {}
    found: dict[str, dict[str, Any]] = {}
    uses = list(uses)
    if not uses:
        return out
    if not renderer.script.is_file():
        file, use = uses[0]
        report.error("this page has a Mermaid diagram, and the mermaid package is not installed", file, use.line - 1,
                     "install the front end's packages: make setup (or npm ci in frontend/)")
        return out
    for file, use in uses:
        key = renderer.key(use.source)
        cached = _read_cache(renderer.cache_dir, key)
        if cached is not None:
            found[key] = cached
        else:
            pending.setdefault(key, []).append((file, use))
    if pending:
        if not Path(chromium.CHROMIUM).is_file():
            file, use = next(iter(pending.values()))[0]
            report.error(f"Mermaid diagrams are drawn in Chromium at build time, and {chromium.CHROMIUM} is missing",
                         file, use.line - 1, "install it: make chromium (apt-get install chromium)")
            return out
        sources = {key: group[0][1].source for key, group in pending.items()}
        try:
            results = _render_in_chromium(sources, renderer.script)
        except Exception as exc:  # Playwright's errors: Chromium would not start, or crashed
            file, use = next(iter(pending.values()))[0]
            report.error(f"Chromium failed while drawing the Mermaid diagrams: {str(exc).splitlines()[0]}",
                         file, use.line - 1, f"check that `{chromium.CHROMIUM} --headless --no-sandbox "
                         "--dump-dom about:blank` runs; `make chromium` installs it")
            return out
        for key, result in results.items():
            _write_cache(renderer.cache_dir, key, result)
            found[key] = result
        out.from_browser = sum(len(group) for group in pending.values())
    for file, use in uses:
        key = renderer.key(use.source)
        result = found[key]
        if "error" in result:
            message, line = _syntax_error(str(result["error"]))
            report.error(f"Mermaid syntax error: {message}", file, use.line + line - 1, FIX_SYNTAX)
            continue
        for mode in THEMES:
            path = f"/assets/diagrams/{key[:20]}-{mode}.svg"
            out.files[path] = str(result[mode]).encode()
            use.props[mode] = path
        width = int(result["width"])
        use.props.update(width=width, height=int(result["height"]), minWidth=round(width * MIN_SCALE))
    return out


def _render_in_chromium(sources: dict[str, str], script: Path) -> dict[str, dict[str, Any]]:
    """Render in a thread of its own: Playwright's sync API refuses a thread that runs an asyncio
    loop (the dev server's, a test's)."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(_render_in_thread, sources, script).result()


def _render_in_thread(sources: dict[str, str], script: Path) -> dict[str, dict[str, Any]]:
    from playwright.sync_api import sync_playwright  # only sites with uncached diagrams need it

    results: dict[str, dict[str, Any]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium.CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            page = browser.new_page()
            page.add_script_tag(path=str(script))
            for key, source in sources.items():
                results[key] = page.evaluate(_RENDER_JS, [f"diagram-{key[:10]}", source, THEMES, SETTINGS])
        finally:
            browser.close()
    return results


def _syntax_error(message: str) -> tuple[str, int]:
    """Mermaid's message without its stack, and the line of the diagram it names (1 if none)."""
    message = _STACK.sub("", message).strip()
    match = _ERROR_LINE.search(message)
    return message, int(match.group(1)) if match else 1


def _read_cache(folder: Path, key: str) -> dict[str, Any] | None:
    try:
        data = json.loads((folder / f"{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    mark_used(folder / f"{key}.json")
    complete = {*THEMES, "width", "height"} <= data.keys() if isinstance(data, dict) else False
    return data if isinstance(data, dict) and ("error" in data or complete) else None


def _write_cache(folder: Path, key: str, result: dict[str, Any]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    temporary = folder / f"{key}.json.tmp"
    temporary.write_text(json.dumps(result), encoding="utf-8")
    temporary.replace(folder / f"{key}.json")
