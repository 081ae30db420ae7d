"""`docsite dev`: the preview server plus a watcher that rebuilds on every change.

Drafts are built. A save rebuilds only what it touches (docsite.servers.incremental). Every HTML page gets a
small script that listens to `/__docsite/events` (server-sent events): after a content change the
open page fetches its new data and re-renders in place (scroll position, open tabs and collapsibles
kept; the front end handles the `docsite:content-update` event); the page reloads itself only when
the front end's code or the site data changed, or when the page cannot update in place. After a
failed rebuild the errors are printed in the terminal, shown in a banner on the page, and the last
good build keeps being served. Search works here too: the rebuild writes the search indexes like a
production build, and open pages drop the indexes they loaded (`docsite:search-update`).

The watcher watches folders, not paths: a folder removed and created again, or moved away and back
(a `git checkout` of another branch does both), is a new folder it would never hear from. So every
`CHECK_MS` it checks that the content folder (and the front end's sources) is still the folder it
watches. When the content folder is gone, the terminal and every open page say so (the error
banner) and the last good build keeps being served; when a folder is there again, it is watched
again and the site rebuilt (which clears the banner). If the watcher itself fails (the system's
limit on watches reached, a folder it may not read), the server stops with that message and exits
non-zero: serving pages nothing updates any more would be silent.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import stat
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import uvicorn
from rich.console import Console
from rich.markup import escape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from watchfiles import Change, awatch

from docsite.build import Paths
from docsite.errors import BuildError, internal_error
from docsite.outputs.delivery import allow_script
from docsite.servers.incremental import DevBuilder
from docsite.servers.preview import create_app

EVENTS_PATH = "/__docsite/events"
CHECK_MS = 500  # how often the watcher checks that the folders it watches are still there (and the same)
_LIVE_RELOAD_SCRIPT = f"""(function(){{
var s=new EventSource('{EVENTS_PATH}?page='+encodeURIComponent(location.pathname));
function clear(){{var b=document.getElementById('__docsite_dev_error');if(b)b.remove()}}
s.addEventListener('reload',function(){{location.reload()}});
s.addEventListener('content-update',function(e){{clear();var d=JSON.parse(e.data);
if(window.dispatchEvent(new CustomEvent('docsite:content-update',{{detail:d,cancelable:true}})))location.reload()}});
s.addEventListener('search-update',function(){{window.dispatchEvent(new CustomEvent('docsite:search-update'))}});
s.addEventListener('error-report',function(e){{var b=document.getElementById('__docsite_dev_error')||
document.body.appendChild(Object.assign(document.createElement('pre'),{{id:'__docsite_dev_error'}}));
b.style.cssText='position:fixed;bottom:0;left:0;right:0;max-height:40vh;overflow:auto;margin:0;padding:1rem;'+
'background:#3d1f23;color:#fff;z-index:9999;font-size:13px';b.textContent=JSON.parse(e.data).message;
console.error(JSON.parse(e.data).message)}});}})();"""
LIVE_RELOAD = f"<script>{_LIVE_RELOAD_SCRIPT}</script>"
_KEPT_OUT = {"content-length", "content-type", "etag", "last-modified"}  # of the page, not of the rewritten one


class _Broadcaster:
    """Sends events to every open page; a page that connects while the last build failed gets the
    error at once (a tab opened after the failure shows it too). Knows the URL path each open page
    shows (the builder prerenders theirs first)."""

    def __init__(self) -> None:
        self.queues: dict[asyncio.Queue[tuple[str, str]], str] = {}  # -> the URL path of its page
        self.pages: tuple[str, ...] = ()  # the queues' pages, replaced whole: the rebuild's thread reads it
        self.error: str | None = None  # the last failed build's report, until a build succeeds

    def open_pages(self) -> tuple[str, ...]:
        return self.pages

    def send(self, event: str, data: str = "{}") -> None:
        self.error = data if event == "error-report" else None
        for queue in self.queues:
            queue.put_nowait((event, data))

    async def stream(self, page: str = "/") -> AsyncIterator[str]:
        queue: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.queues[queue] = page
        self.pages = tuple(self.queues.values())
        if self.error is not None:
            queue.put_nowait(("error-report", self.error))
        try:
            yield ": connected\n\n"
            while True:
                event, data = await queue.get()
                yield f"event: {event}\ndata: {data}\n\n"
        finally:
            self.queues.pop(queue, None)
            self.pages = tuple(self.queues.values())


def create_dev_app(paths: Paths, console: Console, builder: DevBuilder | None = None,
                   stop: Callable[[], None] | None = None) -> Starlette:
    """The dev server's app. `builder` made the build being served (a new one is made otherwise:
    its first rebuild is a complete build). When the watcher fails, `app.state.fatal` says why, and
    `stop` is called (it stops the server)."""
    broadcaster = _Broadcaster()
    dev = builder or DevBuilder(paths, console.print)
    dev.open_pages = broadcaster.open_pages
    static = create_app(paths.out)

    async def events(request: Request) -> Response:
        return StreamingResponse(broadcaster.stream(request.query_params.get("page", "/")),
                                 media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache"})

    async def rebuild(changes: set[tuple[Change, str]]) -> None:
        names = ", ".join(sorted({Path(c[1]).name for c in changes}))
        console.print(f"Changed: {names}; rebuilding..." if names else "Rebuilding...")
        try:
            update = await asyncio.to_thread(dev.rebuild)
        except Exception as exc:  # whatever fails, the server keeps watching and serving the last good build
            problems = exc.problems if isinstance(exc, BuildError) else [internal_error(exc)]
            message = "\n".join(str(p) for p in problems)
            console.print(f"[red bold]Build failed[/]; still serving the last good build.\n{message}")
            broadcaster.send("error-report", json.dumps({"message": "Build failed:\n" + message}))
            return
        result = update.result
        if result is not None:
            for warning in result.warnings:  # lint problems among them: warnings while writing
                console.print(f"[yellow]warning[/] {escape(str(warning))}", highlight=False)
            console.print(f"[green]Rebuilt[/] {result.routes} pages in {result.seconds:.2f} s.")
        broadcaster.send(*update.event())
        if finishing["running"]:
            finishing["again"] = True  # the running one goes on with this rebuild's
        else:
            finishing["running"] = True
            task = asyncio.create_task(finish())
            tasks.add(task)
            task.add_done_callback(tasks.discard)

    async def watch() -> None:
        """Rebuild on every change, watching again each folder that was removed or replaced."""
        folders = (paths.content, paths.frontend / "src")
        rebuild_now = False  # the folders were replaced: what is in them now was never built
        while True:
            watched = {folder: _identity(folder) for folder in folders}
            if watched[paths.content] is None:
                await content_back()
                rebuild_now = True
                continue
            try:  # a change, or every CHECK_MS nothing (an empty set): once the watch is in place
                async for changes in awatch(*(f for f, seen in watched.items() if seen is not None),
                                            rust_timeout=CHECK_MS, yield_on_timeout=True):
                    if any(_identity(folder) != seen for folder, seen in watched.items()):
                        break  # removed, moved or replaced: its deletion is not rebuilt
                    if changes or rebuild_now:
                        rebuild_now = False
                        await rebuild(changes)
            except OSError:
                if all(_identity(folder) == seen for folder, seen in watched.items()):
                    raise  # not a folder removed while the watch was set up
            for folder, seen in watched.items():
                if seen is not None and _identity(folder) not in (seen, None):
                    console.print(f"{escape(str(folder))} was replaced: watching it again.", highlight=False)
            rebuild_now = True

    async def content_back() -> None:
        """Say the content folder is gone, and wait until it is there again."""
        message = (f"The content folder {paths.content} was removed or moved away: still serving the last "
                   "good build. Edits are served again once it is back.")
        console.print(f"[red bold]Content folder gone[/]: {escape(message)}", highlight=False)
        broadcaster.send("error-report", json.dumps({"message": message}))
        while _identity(paths.content) is None:
            await asyncio.sleep(CHECK_MS / 1000)
        console.print(f"{escape(str(paths.content))} is back: watching it again.", highlight=False)

    async def rebuild_on_change() -> None:
        try:
            await watch()
        except Exception as exc:  # the watcher failed: pages nothing updates any more would be silent
            message = (f"The dev server cannot watch {paths.content} any more ({type(exc).__name__}: {exc}); "
                       "it stopped. Start it again with `docsite dev`.")
            console.print(f"[red bold]Stopped[/]: {escape(message)}", highlight=False)
            broadcaster.send("error-report", json.dumps({"message": message}))
            app.state.fatal = message
            if stop is not None:
                stop()

    # The search indexes and the servers' rules are written in the background, one `finish` at a
    # time: the next save is rebuilt at once (DevBuilder.finish writes nothing if a rebuild
    # succeeded meanwhile, and runs again for it).
    finishing = {"running": False, "again": False}
    tasks: set[asyncio.Task[None]] = set()

    async def finish() -> None:
        try:
            finishing["again"] = True
            while finishing["again"]:
                finishing["again"] = False
                try:
                    if await asyncio.to_thread(dev.finish):
                        broadcaster.send("search-update")
                except BuildError as exc:  # a page the open pages did not show failed to prerender
                    message = "\n".join(str(p) for p in exc.problems)
                    console.print(f"[red bold]Build failed[/]; still serving the last good build.\n{message}")
                    broadcaster.send("error-report", json.dumps({"message": "Build failed:\n" + message}))
                except Exception as exc:
                    console.print(f"[red bold]Writing the search indexes failed[/]: {internal_error(exc)}")
        finally:
            finishing["running"] = False

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        watcher = asyncio.create_task(rebuild_on_change())
        yield
        watcher.cancel()
        dev.close()

    app = Starlette(routes=[Route(EVENTS_PATH, events), Mount("/", app=LiveReload(static))], lifespan=lifespan)
    app.state.fatal = None
    return app


def _identity(folder: Path) -> tuple[int, int] | None:
    """The folder's device and inode: another folder at the same path has others. None when no
    folder is there."""
    try:
        found = os.stat(folder)
    except OSError:
        return None
    return (found.st_dev, found.st_ino) if stat.S_ISDIR(found.st_mode) else None


class LiveReload:
    """ASGI wrapper: adds the live-reload script to every HTML answer of `app`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        start: Message = {}
        body = bytearray()

        async def capture(message: Message) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
                return
            headers = {k.decode().lower(): v.decode() for k, v in start.get("headers", [])}
            if not headers.get("content-type", "").startswith("text/html"):
                if start:
                    await send(dict(start))
                    start.clear()
                await send(message)
                return
            body.extend(message.get("body", b""))
            if not message.get("more_body"):
                html = bytes(body).decode("utf-8").replace("</body>", LIVE_RELOAD + "</body>")
                kept = {name: value for name, value in headers.items() if name not in _KEPT_OUT}
                if "content-security-policy" in kept:  # the page's policy, which must let the script run
                    kept["content-security-policy"] = allow_script(kept["content-security-policy"], _LIVE_RELOAD_SCRIPT)
                await HTMLResponse(html, status_code=int(start["status"]), headers=kept)(scope, receive, send)

        if scope["type"] == "http":  # the HTML is rewritten: ask for it uncompressed (no gzip)
            scope = {**scope, "headers": [(k, v) for k, v in scope["headers"] if k.lower() != b"accept-encoding"]}
        await self.app(scope, receive, capture)


def run_dev_server(paths: Paths, host: str, port: int, console: Console) -> None:
    builder = DevBuilder(paths, console.print)
    try:
        result = builder.rebuild().result
        assert result is not None
        for warning in result.warnings:
            console.print(f"[yellow]warning[/] {escape(str(warning))}", highlight=False)
        console.print(f"[green bold]Built[/] {result.routes} pages in {result.seconds:.1f} s (drafts included).")
    except BuildError as exc:
        for problem in exc.problems:
            console.print(str(problem))
        if not (paths.out / "index.html").is_file():
            raise SystemExit(1) from exc
        console.print("[red bold]Build failed[/]; serving the last good build.")
    console.print(f"Dev server at [bold]http://{host}:{port}/[/]: edits under {paths.content} rebuild the site.")
    app = create_dev_app(paths, console, builder, stop=lambda: setattr(server, "should_exit", True))
    # Open pages hold an event stream: Ctrl+C does not wait for them to close.
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning",
                                           timeout_graceful_shutdown=1))
    server.run()
    if app.state.fatal is not None:
        raise SystemExit(1)
