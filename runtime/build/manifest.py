"""The build's manifest: ``assets/rp/build-manifest.json`` in the built site.

Written once, by :func:`runtime.build.python_runtime.ship`, after the page
build; read by every later step (:mod:`runtime.build.offline` takes the
files to keep inflated and the versioned addresses from it), by the worker
(``runtime/worker/worker.js`` imports it as a JSON module) and, through the
service worker's list, by the offline cache. Nothing reads a generated file
back by pattern: this is the one description of what the runtime ships.

Fields (JSON):

- ``format``: this layout's number (:data:`FORMAT`);
- ``pyodide``: ``version`` and ``index``, the folder of Pyodide's files;
- ``runtime``: ``packageName`` (the wheel's name in the lock file),
  ``normalStartBytes`` (what a normal start downloads that a restore does
  not: the worker weighs it against the rest of a slow snapshot), and one
  entry per shipped file (``lockFile``, ``wheel``, ``stdlibPyc``,
  ``rulesPyc``, ``snapshot``, ``snapshotGzip``), each ``{address, bytes,
  sha256}``: the address is the site's, with ``?v=`` and a digest of the
  content where the file may be cached for good;
- ``gzipCopies``: address -> the address of its gzipped copy, for a file
  the worker and the service worker ask for at the first address and, where
  the host sent it without encoding it (a host that does not negotiate),
  at the second, which they inflate themselves (the snapshot).

:class:`ManifestJson` and the TypedDicts it holds are this layout as types:
``to_json`` is checked against them (mypy), and the worker's import of the
manifest is typed from them (``runtime/build-manifest.d.json.ts``, written by
:mod:`runtime.build.declarations`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal, TypedDict

__all__ = [
    "FORMAT",
    "MANIFEST_ADDRESS",
    "ManifestJson",
    "PyodideJson",
    "RuntimeJson",
    "RuntimeManifest",
    "ShippedFile",
    "ShippedFileJson",
    "read_manifest",
    "shipped",
    "write_manifest",
]

FORMAT: Final = 2
MANIFEST_ADDRESS = "assets/rp/build-manifest.json"


class ShippedFileJson(TypedDict):
    """A file of the built site: its address (with `?v=` and a digest where it
    may be cached for good), its size in bytes and its sha256."""

    address: str
    bytes: int
    sha256: str


class PyodideJson(TypedDict):
    """Pyodide's version and the folder of its files (site-relative)."""

    version: str
    index: str


class RuntimeJson(TypedDict):
    """The wheel's name in the lock file, what a normal start downloads that a
    restore does not (bytes), and each file the runtime ships."""

    packageName: str
    normalStartBytes: int
    lockFile: ShippedFileJson
    wheel: ShippedFileJson
    stdlibPyc: ShippedFileJson
    rulesPyc: ShippedFileJson
    snapshot: ShippedFileJson
    snapshotGzip: ShippedFileJson


class ManifestJson(TypedDict):
    """The build manifest, `assets/rp/build-manifest.json`."""

    format: Literal[2]
    pyodide: PyodideJson
    runtime: RuntimeJson
    gzipCopies: dict[str, str]


@dataclass(frozen=True)
class ShippedFile:
    """A file of the built site: its address (site-relative), size and sha256."""

    address: str
    bytes: int
    sha256: str

    @property
    def path(self) -> str:
        """The file's path in the site (the address without its query)."""
        return self.address.split("?", 1)[0]

    def to_json(self) -> ShippedFileJson:
        return {"address": self.address, "bytes": self.bytes, "sha256": self.sha256}


@dataclass(frozen=True)
class RuntimeManifest:
    pyodide_version: str
    package_name: str
    normal_start_bytes: int
    lock_file: ShippedFile
    wheel: ShippedFile
    stdlib_pyc: ShippedFile
    rules_pyc: ShippedFile
    snapshot: ShippedFile
    snapshot_gzip: ShippedFile

    @property
    def pyodide_index(self) -> str:
        return f"pyodide/{self.pyodide_version}/"

    @property
    def files(self) -> tuple[ShippedFile, ...]:
        return (self.lock_file, self.wheel, self.stdlib_pyc, self.rules_pyc, self.snapshot,
                self.snapshot_gzip)

    @property
    def gzip_copies(self) -> dict[str, str]:
        """Address -> the address of its gzipped copy (see the module's docstring)."""
        return {self.snapshot.address: self.snapshot_gzip.address}

    def versioned_addresses(self) -> dict[str, str]:
        """Site path -> the address the runtime asks for, where it names a version."""
        return {file.path: file.address for file in self.files if "?v=" in file.address}

    def to_json(self) -> ManifestJson:
        return {
            "format": FORMAT,
            "pyodide": {"version": self.pyodide_version, "index": self.pyodide_index},
            "runtime": {
                "packageName": self.package_name,
                "normalStartBytes": self.normal_start_bytes,
                "lockFile": self.lock_file.to_json(),
                "wheel": self.wheel.to_json(),
                "stdlibPyc": self.stdlib_pyc.to_json(),
                "rulesPyc": self.rules_pyc.to_json(),
                "snapshot": self.snapshot.to_json(),
                "snapshotGzip": self.snapshot_gzip.to_json(),
            },
            "gzipCopies": self.gzip_copies,
        }


def shipped(site: Path, path: Path, versioned: bool) -> ShippedFile:
    """``path`` (inside ``site``) as a manifest entry; ``versioned`` adds
    ``?v=`` and the first 16 hex digits of its sha256 to the address."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    address = path.relative_to(site).as_posix()
    if versioned:
        address += f"?v={digest[:16]}"
    return ShippedFile(address, path.stat().st_size, digest)


def write_manifest(site: Path, manifest: RuntimeManifest) -> Path:
    target = site / MANIFEST_ADDRESS
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(manifest.to_json(), indent=1) + "\n", "utf-8")
    return target


def _file(entry: dict[str, object]) -> ShippedFile:
    address, size, sha256 = entry["address"], entry["bytes"], entry["sha256"]
    if not (isinstance(address, str) and isinstance(size, int) and isinstance(sha256, str)):
        raise ValueError(f"a damaged manifest entry: {entry}")
    return ShippedFile(address, size, sha256)


def read_manifest(site: Path) -> RuntimeManifest | None:
    """The site's manifest, or None for a site built without the runtime."""
    source = site / MANIFEST_ADDRESS
    if not source.exists():
        return None
    data = json.loads(source.read_text("utf-8"))
    if data.get("format") != FORMAT:
        raise ValueError(f"{source}: manifest format {data.get('format')}, expected {FORMAT}")
    runtime = data["runtime"]
    return RuntimeManifest(
        pyodide_version=data["pyodide"]["version"],
        package_name=runtime["packageName"],
        normal_start_bytes=runtime["normalStartBytes"],
        lock_file=_file(runtime["lockFile"]),
        wheel=_file(runtime["wheel"]),
        stdlib_pyc=_file(runtime["stdlibPyc"]),
        rules_pyc=_file(runtime["rulesPyc"]),
        snapshot=_file(runtime["snapshot"]),
        snapshot_gzip=_file(runtime["snapshotGzip"]),
    )
