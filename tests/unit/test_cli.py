"""The `docsite` command: exit codes, what it prints, and `serve` building when needed on its port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

from docsite.cli import app

runner = CliRunner()


def broken(mini_site: Path) -> Path:
    """A link to a route that does not exist (an error) and to a missing .md file (a warning)."""
    (mini_site / "docs" / "intro.md").write_text(
        "---\ntitle: Intro\ndescription: The start.\nslug: /\n---\n\n"
        "See [the guide](/docs/no-such-guide) and [setup](./setup.md).\n")
    return mini_site


def test_check_exits_zero_on_valid_content(mini_site: Path) -> None:
    result = runner.invoke(app, ["check", "--content", str(mini_site)])
    assert result.exit_code == 0, result.output
    assert "No errors." in result.output


def test_check_exits_non_zero_and_shows_errors_with_the_warnings_of_the_run(mini_site: Path) -> None:
    result = runner.invoke(app, ["check", "--content", str(broken(mini_site))])
    assert result.exit_code == 1
    output = " ".join(result.output.split())  # rich wraps long lines
    assert "intro.md:7: broken link to '/docs/no-such-guide'" in output
    assert "warning" in output and "setup.md" in output  # not held back until the error is fixed
    assert output.endswith("Check found 1 error and 1 warning.")  # it builds nothing: no build failed
    assert "Build failed" not in output and "untouched" not in output


def test_check_with_warnings_only_passes_and_counts_them(mini_site: Path) -> None:
    (mini_site / "docs" / "intro.md").write_text(
        "---\ntitle: Intro\ndescription: The start.\nslug: /\n---\n\nSee [setup](./setup.md).\n")
    warned = runner.invoke(app, ["check", "--content", str(mini_site)])
    assert warned.exit_code == 0 and " ".join(warned.output.split()).endswith("No errors, 1 warning.")


def test_build_says_its_build_failed_and_the_previous_one_stays(mini_site: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", "--content", str(broken(mini_site)), "--out", str(tmp_path / "build")])
    assert result.exit_code == 1
    output = " ".join(result.output.split())
    assert "Build failed: 1 error and 1 warning. The previous build, if any, is untouched." in output


def test_build_fails_without_touching_the_previous_build(mini_site: Path, tmp_path: Path) -> None:
    out = tmp_path / "build"
    out.mkdir()
    (out / "index.html").write_text("previous build")
    result = runner.invoke(app, ["build", "--content", str(broken(mini_site)), "--out", str(out)])
    assert result.exit_code == 1
    assert (out / "index.html").read_text() == "previous build"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_serve_builds_when_there_is_no_build_and_takes_its_port_from_port(mini_site: Path, tmp_path: Path) -> None:
    out = tmp_path / "build"
    port = _free_port()
    env = {**os.environ, "PORT": str(port)}
    server = subprocess.Popen(
        [sys.executable, "-m", "docsite.cli", "serve", "--no-rebuild", "--content", str(mini_site), "--out", str(out)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/docs/", timeout=2) as response:
                    assert response.status == 200
                    assert "Intro" in response.read().decode()
                    break
            except OSError:
                assert server.poll() is None, server.stdout.read() if server.stdout else ""
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.5)
        assert (out / "docs" / "index.html").is_file(), "--no-rebuild still builds when there is no build"
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_check_reports_for_tools_in_json(mini_site: Path) -> None:
    import json

    result = runner.invoke(app, ["check", "--content", str(broken(mini_site)), "--format", "json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False and report["summary"] == "Check found 1 error and 1 warning."
    error = next(p for p in report["problems"] if p["severity"] == "error")
    assert error["file"].endswith("intro.md") and error["line"] == 7
    assert error["message"] == "broken link to '/docs/no-such-guide': no page has the route '/docs/no-such-guide'"
    assert error["fix"]


def test_check_reports_for_github_workflows_as_annotations(mini_site: Path) -> None:
    result = runner.invoke(app, ["check", "--content", str(broken(mini_site)), "--format", "github"])
    assert result.exit_code == 1
    lines = [line for line in result.stdout.splitlines() if line.startswith("::")]
    assert len(lines) == 2
    error = next(line for line in lines if line.startswith("::error "))
    props, message = error.removeprefix("::error ").split("::", 1)
    assert props.endswith("intro.md,line=7,title=docsite")
    assert message.startswith("broken link to '/docs/no-such-guide'") and "%0Afix: " in message
    assert next(line for line in lines if line.startswith("::warning "))


def test_an_internal_error_in_check_says_check_stopped_not_that_a_build_failed(
        mini_site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from docsite import build as builder

    def crash(*args: object, **kwargs: object) -> list[object]:
        raise RuntimeError("the cache vanished")

    monkeypatch.setattr(builder, "check", crash)
    result = runner.invoke(app, ["check", "--content", str(mini_site)])
    output = " ".join(result.output.split())
    assert result.exit_code == 1
    assert "internal error: RuntimeError: the cache vanished" in output
    assert output.endswith("Check stopped on an internal error.") and "Build failed" not in output
