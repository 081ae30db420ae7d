"""Math in Markdown, rendered at build time: `$…$` inline, `$$…$$` on lines of their own as a block.

TeX becomes MathML (latex2mathml), which browsers render natively: readers download no math
library, and the page reads the same with JavaScript off. latex2mathml accepts anything, so the
mistakes it would turn into wrong output silently are errors here: unbalanced braces, and a
command it does not know (it would print the command's name).
"""

from __future__ import annotations

import re

from latex2mathml.converter import convert

_UNKNOWN_COMMAND = re.compile(r"<m[io][^>]*>(\\[A-Za-z]+)</m[io]>")


class MathError(ValueError):
    """TeX that cannot be rendered; the message says what to fix."""


def tex_to_mathml(tex: str, *, display: bool) -> str:
    depth = 0
    for char in re.sub(r"\\[{}]", "", tex):  # \{ and \} are braces to show, not groups
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            raise MathError(f"unbalanced braces in the math '{tex}': a '}}' closes nothing")
    if depth:
        raise MathError(f"unbalanced braces in the math '{tex}': {depth} '{{' not closed")
    mathml = convert(tex, display="block" if display else "inline")
    unknown = _UNKNOWN_COMMAND.search(mathml)
    if unknown:
        raise MathError(f"unknown TeX command {unknown.group(1)} in the math '{tex}'")
    return mathml
