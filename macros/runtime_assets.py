"""Ship the browser runtime into the built site (run after every build).

- Pyodide's files, from the pinned npm package, under ``pyodide/<version>/``:
  a new version gets a new path, so no browser mixes two versions.
- The ``rules_py`` wheel and a lock file naming it with its sha256, so
  ``loadPyodide({lockFileURL, packages})`` verifies what it installs.
- ``assets/rp/paths.js``: where the worker finds both.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tomllib
from pathlib import Path

from macros.wheel import build_wheel

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PACKAGE_NAME = "rules-py"


class RuntimeAssetsError(RuntimeError):
    pass


def pyodide_version() -> str:
    manifest = PYODIDE_PACKAGE / "package.json"
    if not manifest.exists():
        raise RuntimeAssetsError(
            "node_modules/pyodide is missing: run `make site` (it runs `npm ci`) first."
        )
    version: str = json.loads(manifest.read_text())["version"]
    return version


def project_version() -> str:
    version: str = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    return version


def pyodide_dir_name() -> str:
    return f"pyodide/{pyodide_version()}"


def _copy_if_changed(source: Path, target: Path) -> None:
    if target.exists() and target.stat().st_size == source.stat().st_size and (
        target.stat().st_mtime >= source.stat().st_mtime
    ):
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, target)


def _lock_file(wheel: Path) -> dict[str, object]:
    upstream = json.loads((PYODIDE_PACKAGE / "pyodide-lock.json").read_text())
    entry = {
        "name": PACKAGE_NAME,
        "version": project_version(),
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": ["rules_py"],
        "depends": [],
        "unvendored_tests": False,
    }
    return {"info": upstream["info"], "packages": {PACKAGE_NAME: entry}}


def ship(site_dir: str) -> None:
    site = Path(site_dir)
    version = pyodide_version()
    for name in PYODIDE_FILES:
        _copy_if_changed(PYODIDE_PACKAGE / name, site / "pyodide" / version / name)
    py_dir = site / "assets" / "rp" / "py"
    wheel = build_wheel(ROOT / "rules_py", PACKAGE_NAME, project_version(), py_dir)
    (py_dir / "pyodide-lock.json").write_text(json.dumps(_lock_file(wheel), indent=1))
    (site / "assets" / "rp" / "paths.js").write_text(
        "// Written by the site build (macros/runtime_assets.py).\n"
        "export const PYODIDE_INDEX_URL = "
        f'new URL("../../pyodide/{version}/", import.meta.url).href;\n'
        'export const LOCK_FILE_URL = new URL("py/pyodide-lock.json", import.meta.url).href;\n'
        f'export const PACKAGE_NAME = "{PACKAGE_NAME}";\n'
    )
