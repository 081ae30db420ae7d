"""The `docsite` command: build, serve, check (and dev, the live-reloading server)."""

from __future__ import annotations

import json
import os
import signal
import sys
from contextlib import nullcontext
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from docsite import build as builder
from docsite.errors import BuildError, Problem, internal_error
from docsite.openapi.reference import specs_ahead

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Build, check and serve the Onebox developer portal.")
console = Console(stderr=True)

ContentOption = Annotated[Path, typer.Option("--content", help="The content folder.")]
OutOption = Annotated[Path, typer.Option("--out", help="Where the site is written.")]
PortOption = Annotated[int | None, typer.Option("--port", help="Port to listen on (default: $PORT or 3000).")]
HostOption = Annotated[str, typer.Option("--host", help="Interface to listen on.")]

DEFAULTS = builder.Paths.default()


def _paths(content: Path, out: Path) -> builder.Paths:
    return builder.Paths(content.resolve(), out.resolve(), DEFAULTS.frontend)


class Format(StrEnum):
    text = "text"
    json = "json"
    github = "github"


FormatOption = Annotated[Format, typer.Option(
    "--format", help="text for people; json for tools (one document on stdout); github for workflow annotations.")]


def _report(problems: list[Problem], summary: str, fmt: Format, *, ok: bool) -> None:
    """The run's problems and its one-line outcome, in the chosen format."""
    if fmt is Format.json:
        sys.stdout.write(json.dumps({"ok": ok, "summary": summary, "problems": [
            {"severity": p.severity, "file": str(p.file) if p.file else None, "line": p.line,
             "message": p.message, "fix": p.fix} for p in problems]}, indent=2) + "\n")
        return
    if fmt is Format.github:
        for problem in problems:
            sys.stdout.write(_annotation(problem) + "\n")
    else:
        _print_problems(problems)
    console.print(summary, style="green" if ok else "red bold", highlight=False, markup=False)


def _annotation(problem: Problem) -> str:
    """A GitHub Actions workflow command: the problem shows on the file's line in the pull request."""
    def escape(text: str, prop: bool = False) -> str:
        text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
        return text.replace(":", "%3A").replace(",", "%2C") if prop else text

    props = [f"file={escape(os.path.relpath(problem.file), True)}"] if problem.file else []
    if problem.file and problem.line:
        props.append(f"line={problem.line}")
    props.append("title=docsite")
    message = problem.message + (f"\nfix: {problem.fix}" if problem.fix else "")
    return f"::{problem.severity} {','.join(props)}::{escape(message)}"


def _print_problems(problems: list[Problem]) -> None:
    for problem in problems:
        style = "red" if problem.severity == "error" else "yellow"
        label = "error" if problem.severity == "error" else "warning"
        where = escape(problem.location + ": ") if problem.location else ""
        console.print(f"[{style} bold]{label}[/] {where}{escape(problem.message)}", highlight=False, markup=True,
                      soft_wrap=True)
        if problem.fix:  # escaped: `[refund, orders]` in a message is text, not rich markup
            console.print(f"  [dim]fix:[/] {escape(problem.fix)}", highlight=False, soft_wrap=True)


def _internal(exc: Exception, fmt: Format = Format.text, *, checking: bool = False) -> None:
    """An exception no stage expected: one line of what and where, a short trace, exit 1. `check`
    builds nothing, so it says it stopped, not that a build failed."""
    summary = ("Check stopped on an internal error." if checking
               else "Build failed. The previous build, if any, is untouched.")
    _report([internal_error(exc)], summary, fmt, ok=False)
    raise typer.Exit(1)


def _fail(exc: BuildError, fmt: Format = Format.text, *, checking: bool = False) -> None:
    """Problems that stop the run: `build` says its build failed and the previous one stays; `check`,
    which writes nothing, says what it found."""
    found = _count(len(exc.problems), "error")
    if exc.warnings:
        found += f" and {_count(len(exc.warnings), 'warning')}"
    summary = (f"Check found {found}." if checking
               else f"Build failed: {found}. The previous build, if any, is untouched.")
    _report([*exc.warnings, *exc.problems], summary, fmt, ok=False)
    raise typer.Exit(1)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'s' if number != 1 else ''}"


def _exit_on_sigterm() -> None:
    """A build stopped with SIGTERM (a CI timeout, `kill`) cleans up as Ctrl+C does: its staging
    folder is removed and the previous build stays."""
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))


def run_build(paths: builder.Paths, *, dev: bool = False) -> builder.BuildResult:
    with nullcontext() if dev else specs_ahead(paths.content, paths.cache):  # before any thread starts
        return _run_build(paths, dev=dev)


def _run_build(paths: builder.Paths, *, dev: bool) -> builder.BuildResult:
    _exit_on_sigterm()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True, disable=not console.is_terminal) as progress:
        tasks: dict[str, TaskID] = {}

        def report(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = progress.add_task(stage, total=total)
            progress.update(tasks[stage], completed=done, total=total)

        return builder.build(paths, dev=dev, progress=report, log=lambda line: console.print(line))


@app.command()
def build(content: ContentOption = DEFAULTS.content, out: OutOption = DEFAULTS.out,
          fmt: FormatOption = Format.text) -> None:
    """Build the whole site into the output folder (default: build/)."""
    try:
        result = run_build(_paths(content, out))
    except BuildError as exc:
        _fail(exc, fmt)
        return
    except Exception as exc:  # a bug: say so in a few lines, not with a traceback
        _internal(exc, fmt)
        return
    _report(result.warnings, f"Built {result.routes} pages into {result.out} in {result.seconds:.1f} s"
            + (f" with {len(result.warnings)} warnings" if result.warnings else "") + "." + _search_choice(result),
            fmt, ok=True)


def _search_choice(result: builder.BuildResult) -> str:
    """Which search engine the build used, and why (docsite.search.pagefind.choose_engine)."""
    site = result.site
    if site is None or not site.config.search.enabled:
        return ""
    return f" Search: {site.search_engine} ({site.search_engine_reason})."


@app.command()
def check(content: ContentOption = DEFAULTS.content, fmt: FormatOption = Format.text) -> None:
    """Validate the configuration and the content without writing anything."""
    paths = _paths(content, DEFAULTS.out)
    try:
        with specs_ahead(paths.content, paths.cache):
            warnings = builder.check(paths)
    except BuildError as exc:
        _fail(exc, fmt, checking=True)
        return
    except Exception as exc:  # a bug: say so in a few lines, not with a traceback
        _internal(exc, fmt, checking=True)
        return
    _report(warnings, "No errors" + (f", {_count(len(warnings), 'warning')}." if warnings else "."), fmt, ok=True)


@app.command()
def serve(content: ContentOption = DEFAULTS.content, out: OutOption = DEFAULTS.out,
          port: PortOption = None, host: HostOption = "127.0.0.1",
          rebuild: Annotated[bool, typer.Option(help="Build even when a build exists.")] = True) -> None:
    """Build the site, then serve it with the routing rules and headers of production."""
    from docsite.servers.preview import run

    paths = _paths(content, out)
    if rebuild or not (paths.out / "index.html").is_file():
        try:
            result = run_build(paths)
        except BuildError as exc:
            _fail(exc)
            return
        except Exception as exc:  # a bug: say so in a few lines, not with a traceback
            _internal(exc)
            return
        _print_problems(result.warnings)
        console.print(f"[green bold]Built[/] {result.routes} pages in {result.seconds:.1f} s.")
    port = port or int(os.environ.get("PORT", "3000"))
    console.print(f"Serving {paths.out} at [bold]http://{host}:{port}/[/] (Ctrl+C to stop)")
    run(paths.out, host, port)


@app.command()
def version(name: Annotated[str, typer.Argument(help="The version's name, such as 1.0.")],
            content: ContentOption = DEFAULTS.content) -> None:
    """Release the current docs as version NAME: copy docs/ and the sidebars as Docusaurus does
    (versioned_docs/version-NAME/, versioned_sidebars/version-NAME-sidebars.yaml, versions.json)."""
    from docsite.config import load_config
    from docsite.versioned_docs import cut_version

    try:
        written = cut_version(content.resolve(), load_config(content.resolve()), name)
    except BuildError as exc:
        _report(exc.problems, f"Version {name} was not created.", Format.text, ok=False)
        raise typer.Exit(1) from None
    for path in written:
        console.print(f"  wrote {path.relative_to(content.resolve())}", highlight=False, markup=False)
    console.print(f"Version {name} released: it is now the docs at the docs root; the current docs "
                  f"are 'Next', at next/.", style="green", highlight=False, markup=False)


deploy = typer.Typer(no_args_is_help=True, help="Server configuration for a build, made from its own rules.")
app.add_typer(deploy, name="deploy")


@deploy.command("nginx")
def deploy_nginx(
    out: Annotated[Path, typer.Option("--out", help="The build to serve.")] = DEFAULTS.out,
    listen: Annotated[str, typer.Option(help="nginx's listen value: a port, or address:port.")] = "80",
    server_name: Annotated[str, typer.Option("--server-name", help="The host names of the site.")] = "_",
    root: Annotated[Path | None, typer.Option(help="Where the build will be on the server (default: --out).")]
    = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to this file (default: stdout).")]
    = None,
) -> None:
    """Print an nginx server block that serves the build as the preview server does."""
    from docsite.outputs.nginx import nginx_config

    site_file = out / "_data" / "site.json"
    if not site_file.is_file():
        console.print(f"[red bold]error[/] {out} is not a build (no _data/site.json)\n  [dim]fix:[/] run "
                      "`make build` first, or name the build with --out", highlight=False)
        raise typer.Exit(1)
    site = json.loads(site_file.read_text(encoding="utf-8"))
    try:
        config = nginx_config(out, base_url=site.get("baseUrl", "/"), trailing_slash=site.get("trailingSlash"),
                              listen=listen, server_name=server_name, root=root)
    except ValueError as exc:
        console.print(f"[red bold]error[/] {exc}", highlight=False)
        raise typer.Exit(1) from exc
    if output is None:
        sys.stdout.write(config)
    else:
        output.write_text(config, encoding="utf-8")
        console.print(f"Wrote {output}: include it in nginx's http block (nginx -t checks it).")


@app.command()
def dev(content: ContentOption = DEFAULTS.content, port: PortOption = None,
        host: HostOption = "127.0.0.1") -> None:
    """Serve the site and rebuild it when content changes; open pages reload themselves."""
    from docsite.servers.dev import run_dev_server

    port = port or int(os.environ.get("PORT", "3000"))
    run_dev_server(_paths(content, DEFAULTS.out.with_name("build-dev")), host, port, console)


@app.command("code-theme-css", hidden=True)
def code_theme_css() -> None:
    """Print the code highlighting CSS (frontend/src/styles/code-theme.css)."""
    from docsite.markdown.highlight import code_theme_css as css

    sys.stdout.write(css())


if __name__ == "__main__":
    app()
