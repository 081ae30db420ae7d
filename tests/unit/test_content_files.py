"""Only regular files inside the content folder are read (docsite.content_files), for every kind of
input: a symbolic link out of the folder, a dangling one, a folder named like a page, a FIFO or a
socket is one clear error naming the path, from the builder and from `docsite check`; never an
internal error, never a hang; nothing from outside the folder reaches the build."""

from __future__ import annotations

import os
import socket
import stat
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from docsite.build import Paths
from docsite.cli import app
from docsite.content_files import check_folder, content_files, kind_of, read_bytes
from docsite.errors import BuildError
from docsite.servers.incremental import DevBuilder, Sources
from docsite.writing.files import static_files
from tests.conftest import FRONTEND, time_limit
from tests.unit.sitefiles import configure, doc, load, route_data, write

runner = CliRunner()
MARKER = "OUTSIDE-MARKER-7f3a9c"  # in the file outside the content folder: never in any output


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    return write(tmp_path / "outside" / "secret.md", f"---\ntitle: {MARKER}\n---\n\n{MARKER}\n")


# Every kind of input, as a path in the content folder (with what the site needs to read it there).
def _plain(content: Path) -> None:
    pass


def _french(content: Path) -> None:
    configure(content, i18n={"defaultLocale": "en", "locales": ["en", "fr"]})
    (content / "i18n" / "fr").mkdir(parents=True, exist_ok=True)


FRENCH_DOCS = "i18n/fr/docusaurus-plugin-content-docs/current"


def _released(content: Path) -> None:
    write(content / "versions.json", '["1.0"]')
    write(content / "versioned_docs" / "version-1.0" / "intro.md", doc("Intro 1.0", "slug: /\n"))
    write(content / "versioned_sidebars" / "version-1.0-sidebars.yaml", "docs:\n  - intro\n")


INPUTS: dict[str, tuple[str, Callable[[Path], None]]] = {
    "doc": ("docs/leak.md", _plain),
    "post": ("blog/2024-01-02-leak.md", _plain),
    "page": ("pages/leak.md", _plain),
    "react page": ("pages/leak.yaml", _plain),
    "spec": ("specs/leak.yaml", _plain),
    "static file": ("static/files/leak.txt", _plain),
    "authors": ("blog/authors.yaml", _plain),
    "category file": ("docs/guide/_category_.yaml", _plain),
    "sidebars": ("sidebars.yaml", _plain),
    "config": ("site.yaml", _plain),
    "translation": ("i18n/fr/docusaurus-plugin-content-docs/current/intro.md", _french),
    "versioned doc": ("versioned_docs/version-1.0/leak.md", _released),
    "versions.json": ("versions.json", _plain),
}


def _only_problem(content: Path, path: Path) -> str:
    with pytest.raises(BuildError) as error, time_limit(60):
        load(content)
    assert [p.file for p in error.value.problems] == [path], [str(p) for p in error.value.problems]
    [problem] = error.value.problems
    assert not problem.message.startswith("internal error") and problem.fix
    return problem.message


@pytest.mark.parametrize("kind", INPUTS)
def test_a_symbolic_link_out_of_the_content_folder_is_refused(kind: str, mini_site: Path, secret: Path) -> None:
    where, prepare = INPUTS[kind]
    prepare(mini_site)
    link = mini_site / where
    link.parent.mkdir(parents=True, exist_ok=True)
    link.unlink(missing_ok=True)
    link.symlink_to(secret)
    assert _only_problem(mini_site, link) == f"a symbolic link to {secret.resolve()}, outside the content folder"


def test_a_linked_folder_out_of_the_content_folder_is_refused(mini_site: Path, secret: Path) -> None:
    link = mini_site / "docs" / "more"
    link.symlink_to(secret.parent, target_is_directory=True)
    assert _only_problem(mini_site, link) == f"a symbolic link to {secret.parent.resolve()}, outside the content folder"


def test_links_inside_the_content_folder_are_followed(mini_site: Path) -> None:
    write(mini_site / "shared" / "setup.md", doc("Shared setup"))
    write(mini_site / "shared" / "folder" / "deep.md", doc("Deep"))
    (mini_site / "docs" / "setup.md").symlink_to(mini_site / "shared" / "setup.md")
    (mini_site / "docs" / "more").symlink_to(mini_site / "shared" / "folder", target_is_directory=True)
    site, _ = load(mini_site)
    assert route_data(site, "/docs/setup")["title"] == "Shared setup"
    assert route_data(site, "/docs/more/deep")["title"] == "Deep"
    assert sorted(r.path for r in site.routes if r.path.startswith("/docs/")) == [
        "/docs/", "/docs/more/deep", "/docs/setup"]


def test_a_link_to_a_folder_that_holds_it_is_named(mini_site: Path) -> None:
    """The folder would hold itself without end: a locale's copy of the content would never finish."""
    link = mini_site / "docs" / "guide" / "loop"
    link.parent.mkdir()
    link.symlink_to(mini_site / "docs", target_is_directory=True)
    assert _only_problem(mini_site, link) == (f"a symbolic link to {(mini_site / 'docs').resolve()}, a folder that "
                                              "holds the link: it would hold itself without end")


def test_a_dangling_link_is_named(mini_site: Path) -> None:
    link = mini_site / "docs" / "gone.md"
    link.symlink_to("nowhere.md")
    assert _only_problem(mini_site, link) == "a symbolic link to nowhere.md, which does not exist"


def test_a_link_to_itself_is_named(mini_site: Path) -> None:
    """Found by test_properties.py: the locale's copy of the content failed on it (an internal error)."""
    link = mini_site / "docs" / "loop.md"
    link.symlink_to(link)
    assert _only_problem(mini_site, link) == f"a symbolic link to {link}, a loop of links that leads back to itself"


def _problems(content: Path) -> list[tuple[Path | None, str]]:
    with pytest.raises(BuildError) as error, time_limit(60):
        load(content)
    assert not [p for p in error.value.problems if p.message.startswith("internal error") or not p.fix]
    return [(p.file, p.message) for p in error.value.problems]


@pytest.mark.parametrize("where", ["docs", FRENCH_DOCS])
def test_two_links_to_each_other_are_both_named(where: str, mini_site: Path) -> None:
    _french(mini_site)
    one, two = mini_site / where / "a.md", mini_site / where / "b.md"
    one.parent.mkdir(parents=True, exist_ok=True)
    one.symlink_to("b.md")
    two.symlink_to("a.md")
    loop = "a loop of links that leads back to itself"
    assert _problems(mini_site) == [(one, f"a symbolic link to b.md, {loop}"),
                                    (two, f"a symbolic link to a.md, {loop}")]


def _linked_folders(base: Path) -> tuple[Path, Path]:
    """`base/one/to-two` -> `base/two`, `base/two/to-one` -> `base/one`: each folder holds the other
    without end (`one/to-two/to-one/to-two/...`)."""
    write(base / "one" / "p.md", doc("P"))
    write(base / "two" / "q.md", doc("Q"))
    (base / "one" / "to-two").symlink_to("../two", target_is_directory=True)
    (base / "two" / "to-one").symlink_to("../one", target_is_directory=True)
    return base / "one" / "to-two", base / "two" / "to-one"


def _folder_loop(link: Path, other: Path) -> tuple[Path, str]:
    return link, (f"a symbolic link to {link.resolve()}, a folder whose links lead back to this one ({other}): "
                  "the folders would hold each other without end")


@pytest.mark.parametrize("where", ["docs", FRENCH_DOCS, "static"])
def test_folders_linked_to_each_other_are_named(where: str, mini_site: Path) -> None:
    """Before, each page was read twice (`two/q.md` and `one/to-two/q.md`) and nothing was said."""
    _french(mini_site)
    to_two, to_one = _linked_folders(mini_site / where)
    assert _problems(mini_site) == [_folder_loop(to_two, to_one), _folder_loop(to_one, to_two)]


def test_a_loop_through_three_linked_folders_is_named_and_a_link_beside_it_is_followed(mini_site: Path) -> None:
    docs = mini_site / "docs"
    for name, target in [("a", "b"), ("b", "c"), ("c", "a")]:
        write(docs / name / f"{name}.md", doc(name.upper()))
        (docs / name / "next").symlink_to(f"../{target}", target_is_directory=True)
    (docs / "more").symlink_to("a", target_is_directory=True)  # leads into the loop, is not in it
    assert _problems(mini_site) == [_folder_loop(docs / "a" / "next", docs / "c" / "next"),
                                    _folder_loop(docs / "b" / "next", docs / "a" / "next"),
                                    _folder_loop(docs / "c" / "next", docs / "b" / "next")]


def test_the_dev_server_names_a_loop_made_while_it_runs_and_builds_again_once_it_is_gone(mini_site: Path,
                                                                                          tmp_path: Path) -> None:
    builder = DevBuilder(Paths(mini_site, tmp_path / "dev", FRONTEND), log=lambda line: None)
    try:
        builder.rebuild()
        builder.finish()
        (mini_site / "docs" / "a.md").symlink_to("b.md")
        (mini_site / "docs" / "b.md").symlink_to("a.md")
        to_two, to_one = _linked_folders(mini_site / "docs")
        with pytest.raises(BuildError) as error, time_limit(60):
            builder.rebuild()
        assert [p.file for p in error.value.problems] == [mini_site / "docs" / "a.md", mini_site / "docs" / "b.md",
                                                          to_two, to_one]
        for link in (mini_site / "docs" / "a.md", mini_site / "docs" / "b.md", to_one):
            link.unlink()
        with time_limit(60):
            builder.rebuild()
        assert (tmp_path / "dev" / "docs" / "one" / "to-two" / "q" / "index.html").is_file()
    finally:
        builder.close()


@pytest.mark.parametrize("name", ["docs/folder.md", "pages/folder.yaml", "specs/folder.yaml", "blog/authors.yaml"])
def test_a_folder_named_like_a_page_is_named(name: str, mini_site: Path) -> None:
    folder = mini_site / name
    write(folder / "inside.txt", "a file")
    message = _only_problem(mini_site, folder)
    assert message == (f"a folder named like a file ('{folder.name}'): the builder would read it as a page or "
                       "a data file")


def test_a_static_folder_may_be_named_anything(mini_site: Path) -> None:
    write(mini_site / "static" / "v1.json" / "schema.json", "{}")
    load(mini_site)
    assert static_files(mini_site / "static") == {"/v1.json/schema.json"}


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _socket(path: Path) -> None:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()


@pytest.mark.parametrize(("make", "kind"), [(_fifo, "a FIFO (named pipe)"), (_socket, "a socket")])
@pytest.mark.parametrize("where", ["docs/odd.md", "site.yaml", "specs/odd.yaml", "static/odd.bin"])
def test_a_fifo_or_a_socket_is_named_and_never_waited_on(make: Callable[[Path], None], kind: str, where: str,
                                                         mini_site: Path) -> None:
    path = mini_site / where
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    make(path)
    assert _only_problem(mini_site, path) == f"{kind}, not a file: the builder reads only regular files"


def test_a_device_file_is_named() -> None:
    assert kind_of(stat.S_IFCHR | 0o666) == "a device file"
    assert kind_of(stat.S_IFBLK | 0o660) == "a device file"
    assert kind_of(stat.S_IFREG | 0o644) is None and kind_of(stat.S_IFDIR | 0o755) is None


def test_reading_a_fifo_is_refused_without_opening_it(tmp_path: Path) -> None:
    """The loaders' reader checks the kind first: a FIFO that appears after the folder was checked
    (the dev server's next rebuild) is an error, not a wait."""
    fifo = tmp_path / "page.md"
    os.mkfifo(fifo)
    with pytest.raises(BuildError) as error, time_limit(10):
        read_bytes(fifo)
    assert error.value.problems[0].file == fifo
    (tmp_path / "folder.md").mkdir()
    with pytest.raises(BuildError, match="a folder, where the builder expects a file"):
        read_bytes(tmp_path / "folder.md")


def test_the_walker_lists_regular_files_only(tmp_path: Path) -> None:
    write(tmp_path / "a.md", "a")
    write(tmp_path / "sub" / "b.md", "b")
    os.mkfifo(tmp_path / "c.md")
    (tmp_path / "d.md").symlink_to("nowhere")
    (tmp_path / "e.md").mkdir()
    (tmp_path / "again").symlink_to(tmp_path / "sub", target_is_directory=True)
    (tmp_path / "sub" / "up").symlink_to(tmp_path, target_is_directory=True)  # a loop: not entered
    assert content_files(tmp_path, "*.md") == [tmp_path / "a.md", tmp_path / "again" / "b.md",
                                               tmp_path / "sub" / "b.md"]
    assert [p.file for p in check_folder(tmp_path)] == [tmp_path / "c.md", tmp_path / "d.md", tmp_path / "e.md",
                                                        tmp_path / "sub" / "up"]


def test_docsite_check_names_every_refused_path_and_build_publishes_nothing(mini_site: Path, secret: Path,
                                                                             tmp_path: Path) -> None:
    (mini_site / "docs" / "leak.md").symlink_to(secret)
    os.mkfifo(mini_site / "docs" / "pipe.md")
    (mini_site / "docs" / "gone.md").symlink_to("nowhere.md")
    (mini_site / "pages" / "folder.md").mkdir(parents=True)
    with time_limit(120):
        checked = runner.invoke(app, ["check", "--content", str(mini_site)])
    output = " ".join(checked.output.split())
    assert checked.exit_code == 1, checked.output
    for name in ("docs/leak.md", "docs/pipe.md", "docs/gone.md", "pages/folder.md"):
        assert name in output
    assert "Traceback" not in output and "internal error" not in output and MARKER not in output
    assert "fix: copy the file into the content folder, or point the link at a file inside it" in output
    out = tmp_path / "build"
    with time_limit(120):
        built = runner.invoke(app, ["build", "--content", str(mini_site), "--out", str(out)])
    assert built.exit_code == 1 and MARKER not in built.output
    assert not out.exists()


def test_the_dev_servers_scan_reads_no_fifo_and_no_link(mini_site: Path, secret: Path) -> None:
    """The one place the dev server reads files itself: its scan of what changed. A FIFO or a link is
    not read there; every save then reloads the whole site, whose load reports them."""
    first = Sources.scan(mini_site, None)
    assert not first.blind
    os.mkfifo(mini_site / "docs" / "pipe.md")
    (mini_site / "docs" / "leak.md").symlink_to(secret)
    with time_limit(10):
        scanned = Sources.scan(mini_site, first)
    assert scanned.blind
    assert str(mini_site / "docs" / "pipe.md") not in scanned.files
    assert str(mini_site / "docs" / "leak.md") not in scanned.files



def test_a_translation_where_the_docs_have_a_folder_is_named(mini_site: Path) -> None:
    """Found by test_properties.py: the locale's copy of the content failed on it (IsADirectoryError)."""
    _french(mini_site)
    write(mini_site / "docs" / "guide" / "setup.md", doc("Setup"))
    translation = write(mini_site / "i18n" / "fr" / "docusaurus-plugin-content-docs" / "current" / "guide", "x")
    with time_limit(120):
        result = runner.invoke(app, ["check", "--content", str(mini_site)])
    output = " ".join(result.output.split())
    assert result.exit_code == 1, result.output
    assert f"{translation.name}: the translation is a file where docs/guide is a folder" in output
    assert "Traceback" not in output and "internal error" not in output
