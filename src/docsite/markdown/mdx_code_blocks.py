"""Docusaurus's ```` ```mdx-code-block ```` fences: their content is MDX written where an editor or
Prettier would otherwise reformat it (imports, `<Tabs>`, components). Docusaurus takes the fence
lines away and reads the content as part of the page; so does the builder, before parsing, leaving
blank lines where the fence lines were so that every problem keeps its line."""

from __future__ import annotations

import re

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})\s*(\S*)")


def unwrap_mdx_code_blocks(text: str) -> str:
    """`text` with each mdx-code-block fence's opening and closing lines blank (other fences, and
    an mdx-code-block fence inside one, are left as they are)."""
    if "mdx-code-block" not in text:
        return text
    lines = text.split("\n")
    fence: str | None = None  # an ordinary fence being read: its content is code
    unwrap: str | None = None  # the mdx-code-block fence being unwrapped
    for index, line in enumerate(lines):
        opening = _FENCE.match(line)
        if fence is not None:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence) \
                    and not line.strip()[len(opening.group(1)):]:
                fence = None
        elif unwrap is not None and line.strip() == unwrap:
            lines[index], unwrap = "", None
        elif opening and opening.group(2) == "mdx-code-block" and unwrap is None:
            lines[index], unwrap = "", opening.group(1)
        elif opening:
            fence = opening.group(1)
    return "\n".join(lines)
