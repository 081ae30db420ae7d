"""Math in Markdown, rendered at build time: `$…$` inline, `$$…$$` on lines of their own as a block.

TeX becomes MathML (latex2mathml), which browsers render natively: readers download no math
library, and the page reads the same with JavaScript off. latex2mathml accepts anything, so the
mistakes it would turn into wrong output silently are errors here: unbalanced braces, and a
command it does not know (it would print the command's name).
"""

from __future__ import annotations

import re

from latex2mathml import exceptions as latex
from latex2mathml.converter import convert

_UNKNOWN_COMMAND = re.compile(r"<m[io][^>]*>(\\[A-Za-z]+)</m[io]>")


class MathError(ValueError):
    """TeX that cannot be rendered; the message says what to fix."""


# What latex2mathml raises on TeX it cannot read, said for a writer.
_LATEX_ERRORS: dict[type[Exception], str] = {
    latex.NoAvailableTokensError: "it ends where more was expected (a command such as \\frac or \\sqrt "
                                  "without its arguments, \\left without \\right, \\begin without \\end?)",
    latex.MissingSuperScriptOrSubscriptError: "a ^ or _ has nothing after it",
    latex.DoubleSubscriptsError: "two subscripts in a row: group them, x_{a_b}",
    latex.DoubleSuperscriptsError: "two superscripts in a row: group them, x^{a^b}",
    latex.ExtraLeftOrMissingRightError: "a \\left has no \\right, or a \\right no \\left",
    latex.MissingEndError: "a \\begin{…} has no \\end{…}",
    latex.NumeratorNotFoundError: "\\frac needs {numerator}{denominator}",
    latex.DenominatorNotFoundError: "\\frac needs {numerator}{denominator}",
    latex.InvalidStyleForGenfracError: "\\genfrac's style is not 0, 1, 2 or 3",
    latex.InvalidAlignmentError: "a column alignment is not l, c or r",
}


def tex_to_mathml(tex: str, *, display: bool) -> str:
    depth = 0
    for char in re.sub(r"\\[{}]", "", tex):  # \{ and \} are braces to show, not groups
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            raise MathError(f"unbalanced braces in the math '{tex}': a '}}' closes nothing")
    if depth:
        raise MathError(f"unbalanced braces in the math '{tex}': {depth} '{{' not closed")
    if not tex.strip():
        raise MathError("empty math: nothing between the dollar signs")
    try:
        mathml = convert(tex, display="block" if display else "inline")
    except tuple(_LATEX_ERRORS) as exc:
        raise MathError(f"cannot read the math '{tex}': {_LATEX_ERRORS[type(exc)]}") from None
    unknown = _UNKNOWN_COMMAND.search(mathml)
    if unknown:
        raise MathError(f"unknown TeX command {unknown.group(1)} in the math '{tex}'")
    return mathml
