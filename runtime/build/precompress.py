"""Build step: precompressed copies of the site's large files.

A cold visit over a mobile link is bound by bytes, and the largest files
compress far better ahead of time than a server does on the fly: brotli at
quality 11 makes Pyodide's wasm 2.7 MB where gzip makes it 3.5 MB, and the
memory snapshot 3.1 MB where gzip makes it 4.3 MB. Beside every compressible
file of at least :data:`MIN_BYTES` the build writes ``<file>.br`` (brotli,
quality 11), ``<file>.zst`` (zstd, level 19) and ``<file>.gz`` (gzip, level
9), each only when it is smaller than the file. A host that negotiates
(``scripts/serve.py``, nginx, Caddy, Apache with the snippets of
``hosting/``) answers a request for ``<file>`` with the best copy the
browser's ``Accept-Encoding`` allows, sent with ``Content-Encoding`` and
``Vary: Accept-Encoding``; the browser decodes it, so the page, the worker and
the service worker see the file's own bytes whichever copy came. A host that
does not negotiate sends ``<file>`` as it is, and the copies cost only
disk. A copy is never older than its file (``scripts/serve.py`` sends none
that is: a file written again by hand is not answered with its old copy).

The copies are not files of the site for the service worker (its list
leaves them out, :func:`is_copy`): it caches each file once, decoded.

Compressing everything takes 140 s of one core (brotli at quality 11 is
most of it), so the copies are made on every core at once, the
largest first, and each is kept in ``.cache/precompressed/`` under the digest
of what it was made from: a build whose wasm or snapshot did not change
compresses nothing again. Build time only: ``brotli`` and ``zstandard`` come
from PyPI (the ``site`` extra).
"""

from __future__ import annotations

import gzip
import hashlib
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "ENCODINGS",
    "MIN_BYTES",
    "PRECOMPRESSED",
    "Encoding",
    "compressible",
    "encoding_of_copy",
    "gzip_copy",
    "is_copy",
    "precompress_site",
]

ROOT = Path(__file__).resolve().parent.parent.parent
CACHE = ROOT / ".cache" / "precompressed"
# Below this, a copy saves less than a round trip's worth of bytes.
MIN_BYTES = 16 * 1024
# The precompressed copies beside a large file, by Content-Encoding and the
# suffix of the copy, best first: brotli at quality 11 is the smallest (the
# wasm: 2.74 MB, against 2.89 with zstd at level 19 and 3.53 with gzip). Hosts
# (runtime/build/hosts.py, scripts/serve.py, hosting/) serve them in this order.
PRECOMPRESSED: tuple[tuple[str, str], ...] = (("br", ".br"), ("zstd", ".zst"), ("gzip", ".gz"))
# What is worth compressing: text, Pyodide's wasm and modules, the raw memory
# snapshot. Zip archives, wheels and images are compressed already.
COMPRESSIBLE_SUFFIXES = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".xml", ".svg",
                         ".txt", ".bin", ".webmanifest")


@dataclass(frozen=True)
class Encoding:
    """A ``Content-Encoding``, the suffix of its copies, and how they are made."""

    name: str
    suffix: str
    compress: Callable[[bytes], bytes]


def gzip_copy(data: bytes) -> bytes:
    """The gzip copy (level 9, no time stamp: the same bytes, the same copy)."""
    return gzip.compress(data, compresslevel=9, mtime=0)


def _brotli(data: bytes) -> bytes:
    import brotli  # type: ignore[import-untyped]  # (used here only: serve.py needs none)

    return bytes(brotli.compress(data, quality=11))


def _zstd(data: bytes) -> bytes:
    import zstandard

    return zstandard.ZstdCompressor(level=19).compress(data)


_COMPRESSORS: dict[str, Callable[[bytes], bytes]] = {
    "br": _brotli, "zstd": _zstd, "gzip": gzip_copy}
# In the hosts' order of preference (hosts.PRECOMPRESSED): the smallest first.
ENCODINGS = tuple(Encoding(name, suffix, _COMPRESSORS[name]) for name, suffix in PRECOMPRESSED)
_BY_NAME = {encoding.name: encoding for encoding in ENCODINGS}


def compressible(path: Path) -> bool:
    return path.suffix in COMPRESSIBLE_SUFFIXES


def encoding_of_copy(path: Path) -> Encoding | None:
    """The encoding of a precompressed copy (``x.wasm.br``: brotli), None
    for any other file. A copy is named after a compressible file."""
    for encoding in ENCODINGS:
        if path.name.endswith(encoding.suffix):
            original = path.with_name(path.name[: -len(encoding.suffix)])
            if compressible(original):
                return encoding
    return None


def is_copy(path: Path) -> bool:
    """True for a precompressed copy of another file of the site."""
    return encoding_of_copy(path) is not None and path.with_name(
        path.name.rsplit(".", 1)[0]).is_file()


def _kept_copy(data: bytes, encoding: Encoding, cache: Path | None) -> Path | None:
    """Where the copy of ``data`` is kept, or None without a cache."""
    if cache is None:
        return None
    return cache / f"{hashlib.sha256(data).hexdigest()}{encoding.suffix}"


def _compress_file(path: Path, name: str, kept: Path | None) -> bytes:
    """One copy of one file, made (in a process of its own) and kept."""
    body = _BY_NAME[name].compress(path.read_bytes())
    if kept is not None:
        kept.parent.mkdir(parents=True, exist_ok=True)
        temporary = kept.with_name(kept.name + f".{os.getpid()}.part")
        temporary.write_bytes(body)
        temporary.replace(kept)
    return body


def _copies(files: list[Path], cache: Path | None) -> dict[tuple[Path, str], bytes]:
    """Every encoding's copy of every file: from the cache where it holds
    one, the others made on every core, the largest files first (brotli of
    the snapshot and of the wasm alone take most of the time)."""
    bodies: dict[tuple[Path, str], bytes] = {}
    to_make: list[tuple[int, Path, str, Path | None]] = []
    for path in files:
        data = path.read_bytes()
        for encoding in ENCODINGS:
            kept = _kept_copy(data, encoding, cache)
            if kept is not None and kept.is_file():
                bodies[path, encoding.name] = kept.read_bytes()
            else:
                to_make.append((len(data), path, encoding.name, kept))
    to_make.sort(key=lambda job: (-job[0], job[2] != "br"))
    # (The pool starts its processes for the first job: none when all is kept.)
    with ProcessPoolExecutor(max_workers=len(os.sched_getaffinity(0))) as pool:
        made = {(path, name): pool.submit(_compress_file, path, name, kept)
                for _, path, name, kept in to_make}
        for key, future in made.items():
            bodies[key] = future.result()
    return bodies


def precompress_site(site: Path, cache: Path | None = CACHE) -> dict[str, dict[str, int]]:
    """Writes the copies of every large compressible file of ``site``; removes
    a copy whose file is gone or no longer gains from it. Returns, by file
    (its path in the site), its size and each copy's."""
    files = [path for path in sorted(site.rglob("*"))
             if path.is_file() and not is_copy(path) and compressible(path)]
    bodies = _copies([path for path in files if path.stat().st_size >= MIN_BYTES], cache)
    sizes: dict[str, dict[str, int]] = {}
    for path in files:
        sizes[path.relative_to(site).as_posix()] = entry = {"identity": path.stat().st_size}
        for encoding in ENCODINGS:
            target = path.with_name(path.name + encoding.suffix)
            body = bodies.get((path, encoding.name))
            if body is None or len(body) >= entry["identity"]:
                target.unlink(missing_ok=True)
                continue
            if not target.is_file() or target.read_bytes() != body:
                target.write_bytes(body)
            elif target.stat().st_mtime_ns < path.stat().st_mtime_ns:
                # The same bytes, for a file written again: still current.
                written = path.stat().st_mtime_ns
                os.utime(target, ns=(written, written))
            entry[encoding.name] = len(body)
    # A copy left from an older build of a file that is gone.
    for path in sorted(site.rglob("*")):
        kind = encoding_of_copy(path)
        if kind and not path.with_name(path.name[: -len(kind.suffix)]).is_file():
            path.unlink()
    return sizes
