"""`python -m bench [name ...] [--pages N ...]`: run the benchmarks, print and save their results.

Each benchmark is a module of this package with `NAME`, `DESCRIPTION` and `run(args) -> dict`; list
them in BENCHMARKS. Results are printed and written to bench/results/<name>.json. Machines here are
shared and noisy: benchmarks report medians of several runs and ratios, and assert nothing.
"""

from __future__ import annotations

import argparse
import importlib
import json
import time
from pathlib import Path

BENCHMARKS = ["bench.build", "bench.weight", "bench.lighthouse", "bench.search", "bench.api_weight",
              "bench.widget_weight", "bench.serve", "bench.devloop"]
RESULTS = Path(__file__).parent / "results"


def main() -> None:
    modules = [importlib.import_module(name) for name in BENCHMARKS]
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all): "
                        + ", ".join(m.NAME for m in modules))
    parser.add_argument("--pages", type=int, nargs="+", default=[1000],
                        help="corpus sizes for the corpus-based benchmarks (default: 1000)")
    parser.add_argument("--versions", type=int, default=1,
                        help="build: docs versions of the corpus (N-1 released with `docsite version`, and current)")
    parser.add_argument("--stages", action="store_true",
                        help="build: one more cold build per size, timed stage by stage")
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement; the median is reported")
    parser.add_argument("--built", type=Path, default=None,
                        help="lighthouse, weight: serve this built site instead of building content/")
    parser.add_argument("--reuse", action="store_true",
                        help="search: measure the builds of an earlier run again when made by the same code")
    parser.add_argument("--seconds", type=int, default=None, help="duration of each load run (serve: 30)")
    args = parser.parse_args()
    RESULTS.mkdir(exist_ok=True)
    for module in modules:
        if args.names and module.NAME not in args.names:
            continue
        print(f"== {module.NAME}: {module.DESCRIPTION}")
        started = time.perf_counter()
        result = module.run(args)
        result["_seconds"] = round(time.perf_counter() - started, 1)
        versioned = f"-{args.versions}-versions" if module.NAME == "build" and args.versions > 1 else ""
        (RESULTS / f"{module.NAME}{versioned}.json").write_text(json.dumps(result, indent=2))
        print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
