"""Build step: ship the browser runtime into a built site (after ``mkdocs build``).

    python scripts/build_runtime.py [--site site]

A step of its own, run by the Makefile and by the tests that build the site,
rather than an mkdocs hook, so any site generator can sit in front of it. It
writes into the site:

- ``pyodide/<version>/``: Pyodide's files from the pinned npm package (a new
  version gets a new path, so no browser mixes two versions);
- ``assets/rp/py/``: the ``rules_py`` wheel, built by the standard build
  backend and made reproducible; the lock file naming it with its sha256;
  and, from ``scripts/runtime_snapshot.mjs`` (Pyodide under Node), the
  standard library with ``.pyc``, the ``rules_py`` ``.pyc`` and the memory
  snapshot the worker restores, shipped as ``snapshot.gz``: only its pages
  that are neither zero nor the WebAssembly module's own, gzipped
  (:func:`pack_snapshot`; the format is described in
  ``site_overrides/assets/rp/snapshot.js``, which expands it);
- ``assets/rp/paths.js``: where the worker finds all of the above, each
  address carrying a digest of its content so a new build is never mixed
  with a cached old one.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PACKAGE_NAME = "rules-py"
# 1980-01-01, the earliest time a zip can hold: the wheel's files carry it, so
# the bytes depend on the sources only.
FIXED_EPOCH = 315532800
FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
# What the package build reads: nothing else is copied, so stray files of a
# working tree (build/, caches) never end up in the wheel.
BUILD_INPUTS = ("pyproject.toml", "rules_py")


# The sparse snapshot: see site_overrides/assets/rp/snapshot.js.
SNAPSHOT_MAGIC = b"RPSNAP2\0"
SNAPSHOT_PAGE = 4096
SNAPSHOT_FILE = "snapshot.gz"
# Written by scripts/runtime_snapshot.mjs beside snapshot.bin: Python's
# memory as WebAssembly.instantiate left it (the module's own data), and
# where Python's memory begins in snapshot.bin.
MODULE_MEMORY_FILE = "snapshot-module.bin"
MODULE_OFFSET_FILE = "snapshot-module.json"


class RuntimeBuildError(RuntimeError):
    pass


def _runs(pages: list[int]) -> list[list[int]]:
    """Ascending page numbers as runs: [first page, page count]."""
    runs: list[list[int]] = []
    for index in pages:
        if runs and runs[-1][0] + runs[-1][1] == index:
            runs[-1][1] += 1
        else:
            runs.append([index, 1])
    return runs


def pack_snapshot(memory: bytes, page: int = SNAPSHOT_PAGE, module: bytes = b"",
                  module_offset: int = 0) -> bytes:
    """Python's memory snapshot, gzipped, without what the browser has already:
    a zero page is left out, and so is a page equal to the module's own memory
    (``module``: the memory as instantiating the WebAssembly module left it,
    found in ``memory`` from byte ``module_offset`` on), which the worker
    copies from the instance it has just made. About half of the memory is
    zero pages, and a fifth of the rest the module's own data (its
    constants, mostly): the browser downloads, inflates and copies only
    what remains. The header lists the runs of shipped pages and of module
    pages (first page, page count); then come the shipped pages' bytes."""
    if not memory or len(memory) >= 2**32 or not 0 <= module_offset <= len(memory):
        raise RuntimeBuildError(f"a snapshot of {len(memory)} bytes cannot be packed")
    zero = bytes(page)
    shipped: list[int] = []
    from_module: list[int] = []
    for index in range(-(-len(memory) // page)):
        start = index * page
        chunk = memory[start:start + page]
        if chunk == zero[: len(chunk)]:
            continue
        own = start - module_offset
        if module and own >= 0 and module[own:own + len(chunk)] == chunk:
            from_module.append(index)
        else:
            shipped.append(index)
    runs, module_runs = _runs(shipped), _runs(from_module)
    header = SNAPSHOT_MAGIC + struct.pack("<5I", page, len(memory), len(runs), len(module_runs),
                                          module_offset)
    header += b"".join(struct.pack("<2I", first, count) for first, count in runs + module_runs)
    body = b"".join(memory[first * page:(first + count) * page] for first, count in runs)
    return gzip.compress(header + body, compresslevel=6, mtime=0)


def unpack_snapshot(packed: bytes, module: bytes = b"") -> bytes:
    """The memory again, from :func:`pack_snapshot`'s bytes and the module's
    own memory (for the tests; the browser expands it with snapshot.js)."""
    data = gzip.decompress(packed)
    if data[:8] != SNAPSHOT_MAGIC:
        raise RuntimeBuildError("not a sparse snapshot")
    page, full, count, module_count, module_offset = struct.unpack_from("<5I", data, 8)
    memory = bytearray(full)
    table = 28
    offset = table + 8 * (count + module_count)
    for index in range(count + module_count):
        first, pages = struct.unpack_from("<2I", data, table + 8 * index)
        start = first * page
        length = min(pages * page, full - start)
        if index < count:
            memory[start:start + length] = data[offset:offset + length]
            offset += length
        else:
            own = start - module_offset
            if own < 0 or own + length > len(module):
                raise RuntimeBuildError("the module's memory does not cover the snapshot's")
            memory[start:start + length] = module[own:own + length]
    if offset != len(data):
        raise RuntimeBuildError("a damaged sparse snapshot")
    return bytes(memory)


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


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def _paths_js(version: str, py_dir: Path, wheel: Path) -> str:
    def versioned(path: Path) -> str:
        return f"{path.relative_to(py_dir.parent).as_posix()}?v={_digest(path)}"

    entries = {
        "PYODIDE_VERSION": json.dumps(version),
        "PYODIDE_INDEX_URL": f'new URL("../../pyodide/{version}/", import.meta.url).href',
        "LOCK_FILE_URL": 'new URL("py/pyodide-lock.json", import.meta.url).href',
        "PACKAGE_NAME": json.dumps(PACKAGE_NAME),
        "WHEEL_URL": f"new URL({json.dumps(versioned(wheel))}, import.meta.url).href",
    }
    for name, file in (("STDLIB_PYC_URL", "python_stdlib-pyc.zip"), ("PYC_URL", "rules_py-pyc.zip"),
                       ("SNAPSHOT_URL", SNAPSHOT_FILE)):
        entries[name] = f"new URL({json.dumps(versioned(py_dir / file))}, import.meta.url).href"
    # What a normal start downloads that the snapshot path does not: weighed
    # against the rest of a slow snapshot (worker.js, snapshotPace).
    stdlib = PYODIDE_PACKAGE / "python_stdlib.zip"
    entries["NORMAL_START_BYTES"] = str(stdlib.stat().st_size + wheel.stat().st_size)
    lines = ["// Written by the site build (scripts/build_runtime.py)."]
    lines += [f"export const {name} = {value};" for name, value in entries.items()]
    return "\n".join(lines) + "\n"


def ship(site: Path) -> None:
    version = pyodide_version()
    for name in PYODIDE_FILES:
        _copy_if_changed(PYODIDE_PACKAGE / name, site / "pyodide" / version / name)
    assets = site / "assets" / "rp"
    py_dir = assets / "py"
    if py_dir.exists():
        shutil.rmtree(py_dir)  # no wheel of an older version stays behind
    wheel = build_wheel(py_dir)
    (py_dir / "pyodide-lock.json").write_text(json.dumps(lock_file(wheel), indent=1))
    build_python_files(wheel, py_dir)
    (assets / "paths.js").write_text(_paths_js(version, py_dir, wheel))


def build_python_files(wheel: Path, py_dir: Path) -> None:
    """The .pyc zips and the packed snapshot of ``wheel`` into ``py_dir``
    (by ``scripts/runtime_snapshot.mjs``): the same wheel, the same bytes."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeBuildError("Node.js is required to build the Python snapshot.")
    subprocess.run(
        [node, str(ROOT / "scripts" / "runtime_snapshot.mjs"), str(wheel), str(py_dir)],
        cwd=ROOT, check=True,
    )
    raw = py_dir / "snapshot.bin"
    module = py_dir / MODULE_MEMORY_FILE
    layout = py_dir / MODULE_OFFSET_FILE
    module_offset = json.loads(layout.read_text())["memoryOffset"]
    (py_dir / SNAPSHOT_FILE).write_bytes(
        pack_snapshot(raw.read_bytes(), module=module.read_bytes(), module_offset=module_offset))
    for file in (raw, module, layout):
        file.unlink()  # the site ships the packed file only


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", default=ROOT / "site", type=Path)
    args = parser.parse_args()
    if not (args.site / "index.html").exists():
        raise SystemExit(f"{args.site}/index.html is missing: run `mkdocs build` first.")
    ship(args.site)


if __name__ == "__main__":
    main()
