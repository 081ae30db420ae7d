"""`make lint`'s check of the front end's import graph (`npm run cycles` in frontend/, dpdm) finds a
cycle however it is closed: through a lazy `import()`, through a type-only import, or through plain
imports. It runs here on small trees of its own (CYCLES_ROOT), so the check cannot quietly stop
following an edge kind, or stop failing, while the real tree keeps passing it.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.conftest import FRONTEND

CYCLES = {
    # The data layer loads a layout lazily, and the layout imports the data layer.
    "lazy import()": {
        "lib/data.ts": "export const loadLayout = () => import('../layouts/Page');\n",
        "layouts/Page.tsx": "import { loadLayout } from '../lib/data';\n"
                            "export const Page = () => <p>{String(loadLayout)}</p>;\n",
    },
    # A registry only borrows a type from the module that imports it.
    "type-only import": {
        "pages/index.ts": "import type { LayoutModule } from '../layouts/index';\n"
                          "export const pages: LayoutModule[] = [];\n",
        "layouts/index.ts": "import { pages } from '../pages/index';\n"
                            "export interface LayoutModule { module: string }\n"
                            "export const all = pages;\n",
    },
    "static imports": {
        "chrome/Navbar.tsx": "import { Brand } from './Sidebar';\nexport const Navbar = () => <Brand />;\n",
        "chrome/Sidebar.tsx": "import { Navbar } from './Navbar';\n"
                              "export const Brand = () => <b />;\nexport const Back = Navbar;\n",
    },
}

# The same edge kinds, one way only: the layer below never imports the layer above.
LAYERED = {
    "lib/data.ts": "import type { Loader } from './types';\n"
                   "let loader: Loader | null = null;\n"
                   "export const setLoader = (load: Loader) => { loader = load; };\n"
                   "export const loaded = () => loader;\n",
    "lib/types.ts": "export type Loader = () => Promise<unknown>;\n",
    "layouts/index.ts": "import { setLoader } from '../lib/data';\nsetLoader(() => import('./Page'));\n",
    "layouts/Page.tsx": "import { loaded } from '../lib/data';\nexport const Page = () => <p>{String(loaded())}</p>;\n",
}


def check_cycles(root: Path, files: dict[str, str]) -> subprocess.CompletedProcess[str]:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return subprocess.run(["npm", "run", "--silent", "cycles"], cwd=FRONTEND,
                          env={**os.environ, "CYCLES_ROOT": str(root)}, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("kind", CYCLES)
def test_a_cycle_fails_the_check_and_is_named(kind: str, tmp_path: Path) -> None:
    result = check_cycles(tmp_path, CYCLES[kind])
    assert result.returncode != 0, result.stdout
    cycle = next(line for line in result.stdout.splitlines() if line.strip().startswith("1)"))
    for name in CYCLES[kind]:
        assert name in cycle


def test_layers_that_import_only_downward_pass(tmp_path: Path) -> None:
    result = check_cycles(tmp_path, LAYERED)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no circular dependency" in result.stdout
