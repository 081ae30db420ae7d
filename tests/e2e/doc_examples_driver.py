"""Runs a page's Python examples in one interpreter (doc_examples.py writes the plan): each program
in a namespace of its own, its blocks one after another, as `python <file>` would run them.

Prints `@@done <label>` for each block that ran to its end, `@@failed <label>` for the block that
stopped its program (its traceback follows `@@error <label>` on stderr)."""

from __future__ import annotations

import json
import os
import sys
import traceback
import urllib.request
from typing import Any


def main(plan_file: str, mark_url: str) -> int:
    sys.path.insert(0, os.getcwd())
    with open(plan_file, encoding="utf-8") as handle:
        plan: list[dict[str, Any]] = json.load(handle)
    failed = 0
    for program in plan:
        namespace: dict[str, Any] = {"__name__": "__main__", "__file__": os.path.abspath(program["name"])}
        sys.argv = [program["name"], *program["args"]]
        for block in program["blocks"]:
            label = block["label"]
            with urllib.request.urlopen(mark_url + label) as answer:
                answer.read()
            try:
                exec(compile(block["code"], label, "exec"), namespace)  # the docs' own examples
            except SystemExit as stop:
                if stop.code not in (None, 0):
                    failed += 1
                    print(f"@@failed {label}", flush=True)
                    print(f"@@error {label}\nSystemExit({stop.code!r})", file=sys.stderr, flush=True)
                    break
            except BaseException:  # any error of an example is its failure
                failed += 1
                print(f"@@failed {label}", flush=True)
                print(f"@@error {label}\n{traceback.format_exc()}", file=sys.stderr, flush=True)
                break
            print(f"@@done {label}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
