"""Build errors and warnings that name the file, the line and the fix.

Every stage of the builder reports problems as `Problem`s. A stage that can go on after a
problem (the link checker, the content loader) collects them in a `Report` so the writer sees
every problem of a run at once; a stage that cannot raise `BuildError`.
"""

from __future__ import annotations

import difflib
import traceback
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Problem:
    """One problem in the input: what is wrong, where, and what to do about it."""

    message: str
    file: Path | None = None
    line: int | None = None
    fix: str | None = None
    severity: Severity = "error"

    @property
    def location(self) -> str:
        if self.file is None:
            return ""
        where = _display_path(self.file)
        return f"{where}:{self.line}" if self.line else where

    def __str__(self) -> str:
        text = f"{self.location}: {self.message}" if self.location else self.message
        if self.fix:
            text += f"\n  fix: {self.fix}"
        return text


LIST_LIMIT = 10  # items a message lists before "and N more"


def listing(items: Iterable[str], limit: int = LIST_LIMIT) -> str:
    """`a, b, c` — or the first `limit` of a long list and "and N more": one mistake gives a
    message a writer can read, not a page of ids."""
    shown = list(items)
    if len(shown) <= limit:
        return ", ".join(shown)
    return f"{', '.join(shown[:limit])} and {len(shown) - limit} more"


def closest_first(name: str, known: Iterable[str]) -> list[str]:
    """`known`, sorted, with the (up to three) names closest to `name` first: a capped `listing`
    of it shows the likely fix even when the list is long."""
    names = sorted(set(known))
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.5)
    return [*close, *(n for n in names if n not in close)]


def internal_error(exc: BaseException, file: Path | None = None) -> Problem:
    """An exception the builder did not expect (a bug of ours): what it was and where, in a few lines."""
    frames = traceback.extract_tb(exc.__traceback__)[-3:]
    trace = "; ".join(f"{Path(f.filename).name}:{f.lineno} in {f.name}" for f in frames)
    where = f" while processing {_display_path(file)}" if file is not None else ""
    return Problem(f"internal error{where}: {type(exc).__name__}: {exc}", file, None,
                   f"this is a bug in the site builder, not in your content: report it with this message "
                   f"(trace: {trace})")


class BuildError(Exception):
    """The input cannot be built. Carries one or more problems, all of them errors, and the warnings
    of the same run (shown with them, so a writer fixes everything in one round)."""

    def __init__(self, problems: Problem | Iterable[Problem], warnings: Iterable[Problem] = ()) -> None:
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        self.warnings = list(warnings)
        super().__init__("\n".join(str(p) for p in self.problems))

    @classmethod
    def at(cls, message: str, file: Path | None = None, line: int | None = None,
           fix: str | None = None) -> BuildError:
        return cls(Problem(message, file, line, fix))


@dataclass
class Report:
    """Problems collected over a run. `raise_if_errors` ends the run if any was an error."""

    problems: list[Problem] = field(default_factory=list)

    def error(self, message: str, file: Path | None = None, line: int | None = None,
              fix: str | None = None) -> None:
        self.problems.append(Problem(message, file, line, fix, "error"))

    def warn(self, message: str, file: Path | None = None, line: int | None = None,
             fix: str | None = None) -> None:
        self.problems.append(Problem(message, file, line, fix, "warning"))

    def extend(self, problems: Iterable[Problem]) -> None:
        self.problems.extend(problems)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "warning"]

    def raise_if_errors(self) -> None:
        if self.errors:
            raise BuildError(self.errors, self.warnings)


def _display_path(path: Path) -> str:
    """The path relative to the working directory when it is below it, else as given. Its folder is
    resolved, not the path itself: a symbolic link is named, not its target (which may be a loop)."""
    try:
        return str((path.parent.resolve() / path.name).relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):
        return str(path)
