"""What the builder reads of the content folder: regular files inside it, nothing else.

One rule for every kind of input (docs, blog, pages, specs, static, authors, sidebars, site.yaml,
i18n, versioned docs), in three functions:

- `check_folder`, run once before anything is read (docsite.stages.load): every entry of the content
  folder that is not a regular file or a folder inside it is an error naming it. A symbolic link is
  followed when its target is inside the folder; one that leads out of it (a file or a folder), that
  leads nowhere, a loop of links (`a.md` -> `b.md` -> `a.md`; folders whose links lead to each other),
  a FIFO, a socket or a device, and a folder named like a page (`x.md`) are refused.
  Nothing from outside the folder reaches a page, its `.md` twin, the search index, the feeds or a
  spec's download.
- `content_files`, how every loader lists a folder's files: regular files only, symbolic links to
  folders inside the content folder followed (once: a link to a parent folder is no loop).
- `read_bytes` / `read_text`, how every loader reads a file: its kind is read first (`os.stat`), so a
  FIFO is refused, never opened (opening one waits for a writer for ever).
"""

from __future__ import annotations

import errno
import fnmatch
import os
import stat
from pathlib import Path

from docsite.errors import BuildError, Problem

# a folder with one of these names would be listed as a page, a spec or a data file by a loader
FILE_SUFFIXES = (".md", ".mdx", ".yaml", ".yml", ".json")
STATIC_DIR = "static"  # published as it is: its folders may be named anything

_OUTSIDE_FIX = ("copy the file into the content folder, or point the link at a file inside it: the build "
                "publishes only what the content folder holds")


def kind_of(mode: int) -> str | None:
    """What a file of `mode` is, when it is neither a regular file nor a folder ("a FIFO (named
    pipe)"); None for those two."""
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device file"
    return "not a regular file"


def _not_a_file(kind: str, path: Path) -> Problem:
    return Problem(f"{kind}, not a file: the builder reads only regular files", path, None,
                   "delete it, or put a regular file in its place")


def check_folder(root: Path) -> list[Problem]:
    """Every entry below `root` (the content folder) the builder refuses to read, one problem each."""
    real_root = root.resolve()
    problems: list[Problem] = []
    folder_links: list[Path] = []  # links to folders inside `root`: checked for loops once all are known
    folders = [root]
    while folders:
        folder = folders.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError as exc:
            problems.append(Problem(f"the folder cannot be read: {exc.strerror}", folder, None,
                                    "give the builder's user permission to read it"))
            continue
        for entry in entries:  # each entry's kind from the folder's listing: no call per file
            if entry.is_symlink():
                problem = _link_problem(Path(entry.path), real_root)
                if problem is not None:
                    problems.append(problem)
                elif entry.is_dir():
                    folder_links.append(Path(entry.path))
                continue  # its target is inside the folder: it is checked where it is
            if entry.is_dir(follow_symlinks=False):
                path = Path(entry.path)
                if entry.name.endswith(FILE_SUFFIXES) and path.relative_to(root).parts[0] != STATIC_DIR:
                    problems.append(Problem(
                        f"a folder named like a file ('{entry.name}'): the builder would read it as a page or "
                        "a data file", path, None,
                        f"rename the folder so that its name does not end in {Path(entry.name).suffix}"))
                folders.append(path)
            elif not entry.is_file(follow_symlinks=False):
                try:
                    kind = kind_of(entry.stat(follow_symlinks=False).st_mode)
                except OSError:
                    continue  # deleted meanwhile
                if kind is not None:
                    problems.append(_not_a_file(kind, Path(entry.path)))
    problems += _loops(folder_links)
    return sorted(problems, key=lambda p: str(p.file))


def _loops(links: list[Path]) -> list[Problem]:
    """The links to folders that lead back to themselves through other such links (`one/to-two` ->
    `two`, `two/to-one` -> `one`: `one/to-two/to-one/to-two/...` without end), one problem each; a link
    to a folder that holds it is `_link_problem`'s. Following a link leads to every link below its
    target: a loop is a cycle of those steps."""
    places = {link: Path(os.path.realpath(link.parent)) / link.name for link in links}
    targets = {link: Path(os.path.realpath(link)) for link in links}
    leads_to = {link: [other for other in links if places[other].is_relative_to(targets[link])] for link in links}
    problems = []
    for link in links:
        seen: set[Path] = set()
        step = list(leads_to[link])
        while step and link not in seen:
            seen.update(step)
            step = [after for other in step for after in leads_to[other] if after not in seen]
        if link in seen:
            others = ", ".join(sorted(str(other) for other in seen if other != link and link in leads_to[other]))
            problems.append(Problem(
                f"a symbolic link to {targets[link]}, a folder whose links lead back to this one ({others}): "
                "the folders would hold each other without end", link, None,
                "delete one of the links, or point it at a folder that does not link back"))
    return problems


def _link_problem(link: Path, real_root: Path) -> Problem | None:
    """What is wrong with the symbolic link `link` below `real_root`; None when it leads to a file or
    a folder inside it."""
    target = Path(os.path.realpath(link))
    if not target.is_relative_to(real_root):
        return Problem(f"a symbolic link to {target}, outside the content folder", link, None, _OUTSIDE_FIX)
    try:
        mode = os.stat(link).st_mode
    except OSError as exc:  # no target, or a loop
        end = "a loop of links that leads back to itself" if exc.errno == errno.ELOOP else "which does not exist"
        return Problem(f"a symbolic link to {os.readlink(link)}, {end}", link, None,
                       "point the link at a file of the content folder, or delete it")
    if stat.S_ISDIR(mode) and Path(os.path.realpath(link.parent)).is_relative_to(target):
        return Problem(f"a symbolic link to {target}, a folder that holds the link: it would hold itself without end",
                       link, None, "point the link at a folder beside it, or delete it")
    kind = kind_of(mode)
    return _not_a_file(f"a symbolic link to {kind}", link) if kind is not None else None


def content_files(folder: Path, pattern: str = "*") -> list[Path]:
    """The regular files below `folder` whose names match `pattern` (`*.md`), sorted, as `rglob`
    would list them but that a symbolic link to a folder is followed (but into a folder that holds
    it) and what is not a regular file is left out (`check_folder` reports both)."""
    found: list[Path] = []
    folders: list[tuple[Path, frozenset[str]]] = [(folder, frozenset())]  # and the real paths above it
    while folders:
        current, above = folders.pop()
        real = os.path.realpath(current)
        if real in above:
            continue  # a link to a folder that holds it: listed once
        above = above | {real}
        try:
            entries = list(os.scandir(current))
        except OSError:
            continue  # absent, or not a folder
        for entry in entries:
            if entry.is_symlink():  # followed: its target's kind (check_folder reports what is wrong)
                try:
                    mode = entry.stat().st_mode
                except OSError:
                    continue
                is_dir, is_file = stat.S_ISDIR(mode), stat.S_ISREG(mode)
            else:  # the kind from the folder's listing: no call per file
                is_dir, is_file = entry.is_dir(follow_symlinks=False), entry.is_file(follow_symlinks=False)
            if is_dir:
                folders.append((Path(entry.path), above))
            elif is_file and fnmatch.fnmatchcase(entry.name, pattern):
                found.append(Path(entry.path))
    return sorted(found)


def read_bytes(file: Path) -> bytes:
    """The bytes of the content file `file`. Raises FileNotFoundError when there is none (as
    `Path.read_bytes`), BuildError naming it when it is not a regular file (its kind is read first:
    a FIFO is not opened)."""
    mode = os.stat(file).st_mode
    if stat.S_ISDIR(mode):
        raise BuildError(Problem("a folder, where the builder expects a file", file, None,
                                 "rename the folder, or put the file in its place"))
    kind = kind_of(mode)
    if kind is not None:
        raise BuildError(_not_a_file(kind, file))
    # O_NONBLOCK: a FIFO put in the file's place since the stat is not waited on
    handle = os.open(file, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(handle, "rb") as stream:
        return stream.read()


def read_text(file: Path) -> str:
    """A content file's text (`read_bytes`). It must be UTF-8: a byte that is not is a BuildError naming
    the file, its line and the byte's offset (a missing file raises FileNotFoundError, as
    `Path.read_text`)."""
    data = read_bytes(file)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise BuildError.at(f"the file is not UTF-8 text: byte {exc.start} (0x{data[exc.start]:02x}) is not valid "
                            "UTF-8", file, line,
                            "save the file as UTF-8 (most editors: 'Save with encoding'), or retype the character "
                            "on that line") from None
    return text.removeprefix("\ufeff")  # a byte-order mark is not content

