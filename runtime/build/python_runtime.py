"""Build step: Python for the browser, shipped into a built site.

Run by ``python -m runtime.build`` after the page build (see
``runtime/README.md``), it writes into the site:

- ``pyodide/<version>/``: Pyodide's files from the pinned npm package (a new
  version gets a new path, so no browser mixes two versions);
- ``assets/rp/py/``: the ``rules_py`` wheel, built by the standard build
  backend and made reproducible; the lock file naming it with its sha256;
  and, from ``make_snapshot.mjs`` (Pyodide under Node), the standard library
  with ``.pyc``, the ``rules_py`` ``.pyc`` and the packed memory snapshot the
  worker restores (``snapshot.bin``, its format in ``runtime/worker/snapshot.js``),
  with its gzipped copy ``snapshot.bin.gz``, which the worker asks for where
  the host sent ``snapshot.bin`` without encoding it (a host that does not
  negotiate: see :mod:`runtime.build.precompress`);
- the build's manifest (:mod:`runtime.build.manifest`), naming all of the
  above with sizes and digests.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

from runtime.build.manifest import RuntimeManifest, shipped, write_manifest
from runtime.build.precompress import gzip_copy

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
# Pyodide's WebAssembly, under the name its loader (and worker/worker.js) asks for.
WASM_NAME = "pyodide.asm.wasm"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", WASM_NAME, "python_stdlib.zip")
PACKAGE_NAME = "rules-py"
# 1980-01-01, the earliest time a zip can hold: the wheel's files carry it, so
# the bytes depend on the sources only.
FIXED_EPOCH = 315532800
FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
# What the package build reads: nothing else is copied, so stray files of a
# working tree (build/, caches) never end up in the wheel.
BUILD_INPUTS = ("pyproject.toml", "rules_py")


PY_DIR = "assets/rp/py"
SNAPSHOT_FILE = "snapshot.bin"
SNAPSHOT_GZIP_FILE = "snapshot.bin.gz"

__all__ = [
    "WASM_NAME",
    "RuntimeBuildError",
    "build_python_files",
    "build_wheel",
    "lock_file",
    "normalise_zip",
    "project_version",
    "pyodide_version",
    "ship",
]


class RuntimeBuildError(RuntimeError):
    pass


def pyodide_version() -> str:
    manifest = PYODIDE_PACKAGE / "package.json"
    if not manifest.exists():
        raise RuntimeBuildError("node_modules/pyodide is missing: run `make deps` first.")
    version: str = json.loads(manifest.read_text())["version"]
    return version


def project_version() -> str:
    version: str = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    return version


def normalise_zip(path: Path) -> None:
    """Rewrite a zip with its members in sorted order, a fixed time and fixed
    permissions: the same files give the same bytes."""
    with zipfile.ZipFile(path) as source:
        members = sorted((info.filename, source.read(info)) for info in source.infolist())
    # RECORD goes last, as wheel tools write it.
    members.sort(key=lambda item: (item[0].endswith(".dist-info/RECORD"), item[0]))
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as target:
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=FIXED_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            target.writestr(info, data, compresslevel=9)


def build_wheel(out_dir: Path, source: Path = ROOT) -> Path:
    """Build the ``rules_py`` wheel with the standard build backend (``pip
    wheel``, setuptools) from a clean copy of the sources; return its path.
    ``SOURCE_DATE_EPOCH`` fixes the times the backend writes and
    :func:`normalise_zip` the order and permissions, so two builds of the same
    sources are the same bytes."""
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="rules-py-build-") as scratch:
        tree = Path(scratch) / "src"
        tree.mkdir()
        for name in BUILD_INPUTS:
            origin = source / name
            if origin.is_dir():
                shutil.copytree(
                    origin, tree / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
                )
            else:
                shutil.copy2(origin, tree / name)
        built = Path(scratch) / "dist"
        environment = {**os.environ, "SOURCE_DATE_EPOCH": str(FIXED_EPOCH)}
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", str(tree), "--no-deps", "--quiet",
             "--disable-pip-version-check", "--no-cache-dir", "-w", str(built)],
            check=True, env=environment, stdout=subprocess.DEVNULL,
        )
        (wheel,) = built.glob("*.whl")
        normalise_zip(wheel)
        target = out_dir / wheel.name
        shutil.copyfile(wheel, target)
    return target


def _copy_if_changed(source: Path, target: Path) -> None:
    if target.exists() and target.stat().st_size == source.stat().st_size and (
        target.stat().st_mtime >= source.stat().st_mtime
    ):
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, target)


def lock_file(wheel: Path) -> dict[str, object]:
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


def ship(site: Path) -> RuntimeManifest:
    """Pyodide, the wheel, the lock file and the Python files into ``site``;
    the manifest naming them. Returns the manifest."""
    version = pyodide_version()
    for name in PYODIDE_FILES:
        _copy_if_changed(PYODIDE_PACKAGE / name, site / "pyodide" / version / name)
    py_dir = site / PY_DIR
    if py_dir.exists():
        shutil.rmtree(py_dir)  # no wheel of an older version stays behind
    wheel = build_wheel(py_dir)
    lock = py_dir / "pyodide-lock.json"
    lock.write_text(json.dumps(lock_file(wheel), indent=1))
    build_python_files(wheel, py_dir)
    # The same bytes as precompress.py's gzip copy, which leaves it as it is.
    (py_dir / SNAPSHOT_GZIP_FILE).write_bytes(gzip_copy((py_dir / SNAPSHOT_FILE).read_bytes()))
    snapshot = shipped(site, py_dir / SNAPSHOT_FILE, versioned=True)
    manifest = RuntimeManifest(
        pyodide_version=version,
        package_name=PACKAGE_NAME,
        # What a normal start downloads that the snapshot path does not:
        # weighed against the rest of a slow snapshot (worker.js, snapshotPace).
        normal_start_bytes=(PYODIDE_PACKAGE / "python_stdlib.zip").stat().st_size
        + wheel.stat().st_size,
        lock_file=shipped(site, lock, versioned=False),
        wheel=shipped(site, wheel, versioned=True),
        stdlib_pyc=shipped(site, py_dir / "python_stdlib-pyc.zip", versioned=True),
        rules_pyc=shipped(site, py_dir / "rules_py-pyc.zip", versioned=True),
        snapshot=snapshot,
        snapshot_gzip=shipped(site, py_dir / SNAPSHOT_GZIP_FILE, versioned=True),
    )
    write_manifest(site, manifest)
    return manifest


def build_python_files(wheel: Path, py_dir: Path) -> None:
    """The .pyc zips and the packed snapshot of ``wheel`` into ``py_dir``
    (by ``make_snapshot.mjs``): the same wheel, the same bytes."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeBuildError("Node.js is required to build the Python snapshot.")
    subprocess.run([node, str(HERE / "make_snapshot.mjs"), str(wheel), str(py_dir)],
                   cwd=ROOT, check=True)
