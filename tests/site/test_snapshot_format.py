"""The sparse snapshot format, whose one home is runtime/worker/snapshot.js:
packed by its ``packSnapshot`` (as the build does, under Node), expanded by
its ``readSnapshot`` as in the browser (fed in chunks of many sizes, its
module pages filled from a stand-in for the instance's memory) and, as a
second method, by an independent reader written here from the format's
description (:func:`_unpack`). Both must give back the exact memory, and a
damaged file must be refused (the worker then falls back to a normal load)."""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from runtime.build.manifest import read_manifest
from tests.conftest import ROOT

SNAPSHOT_JS = ROOT / "runtime" / "worker" / "snapshot.js"
EXPAND = ROOT / "tests" / "site" / "expand_snapshot.mjs"
PACK = ROOT / "tests" / "site" / "pack_snapshot.mjs"


class DamagedSnapshot(ValueError):
    pass


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is required to run snapshot.js")
    return node


def _pack(memory: bytes, page: int, module: bytes, module_offset: int, tmp_path: Path) -> bytes:
    """The gzipped snapshot, as the build packs it (snapshot.js under Node)."""
    (tmp_path / "memory.bin").write_bytes(memory)
    (tmp_path / "module-in.bin").write_bytes(module)
    out = tmp_path / "packed.gz"
    run = subprocess.run(
        [_node(), str(PACK), str(SNAPSHOT_JS), str(tmp_path / "memory.bin"),
         str(tmp_path / "module-in.bin"), str(module_offset), str(page), str(out)],
        capture_output=True, text=True, timeout=120, check=True,
    )
    assert json.loads(run.stdout) == {"ok": True}, run.stdout
    return out.read_bytes()


def _unpack(packed: bytes, module: bytes) -> bytes:
    """The memory again, read from the format's description alone."""
    data = gzip.decompress(packed)
    if data[:8] != b"RPSNAP2\0":
        raise DamagedSnapshot("not a sparse snapshot")
    page, full, count, module_count, module_offset = struct.unpack_from("<5I", data, 8)
    memory = bytearray(full)
    offset = 28 + 8 * (count + module_count)
    for index in range(count + module_count):
        first, pages = struct.unpack_from("<2I", data, 28 + 8 * index)
        start = first * page
        length = min(pages * page, full - start)
        if index < count:
            memory[start:start + length] = data[offset:offset + length]
            offset += length
        else:
            own = start - module_offset
            if own < 0 or own + length > len(module):
                raise DamagedSnapshot("the module's memory does not cover the snapshot's")
            memory[start:start + length] = module[own:own + length]
    if offset != len(data):
        raise DamagedSnapshot("a damaged sparse snapshot")
    return bytes(memory)


def _memory(page: int, pages: int, tail: int, seed: int) -> bytes:
    """Pages that are zero, full, or zero but for one byte at either end;
    a short last page of ``tail`` bytes."""
    draw = random.Random(seed)
    out = bytearray()
    for _ in range(pages):
        kind = draw.choice(["zero", "zero", "full", "first", "last"])
        chunk = bytearray(page)
        if kind == "full":
            chunk = bytearray(draw.randbytes(page))
        elif kind == "first":
            chunk[0] = 7
        elif kind == "last":
            chunk[-1] = 9
        out += chunk
    out += draw.randbytes(tail)
    return bytes(out)


def _module_for(memory: bytes, offset: int, page: int, seed: int) -> bytes:
    """A stand-in for the instance's memory (which begins at ``offset`` of the
    snapshot): each of its pages is the snapshot's own or other bytes."""
    draw = random.Random(seed)
    out = bytearray()
    for start in range(offset, len(memory), page):
        chunk = memory[start:start + page]
        out += chunk if draw.random() < 0.5 else draw.randbytes(len(chunk))
    return bytes(out)


def _expand(packed: bytes, tmp_path: Path, chunk: int, module: bytes = b"",
            plain: bool = False) -> dict[str, object]:
    node = _node()
    file = tmp_path / "snapshot.gz"
    file.write_bytes(packed)
    module_file = tmp_path / "module.bin"
    module_file.write_bytes(module)
    args = [node, str(EXPAND), str(SNAPSHOT_JS), str(file), str(chunk), str(module_file)]
    if plain:
        args.append("plain")
    run = subprocess.run(args, capture_output=True, text=True, timeout=120, check=True)
    result: dict[str, object] = json.loads(run.stdout)
    return result


def _header(packed: bytes) -> tuple[tuple[int, ...], list[tuple[int, ...]]]:
    """(page, full, run count, module run count, module offset) and every run."""
    data = packed if packed.startswith(b"RPSNAP2\0") else gzip.decompress(packed)
    fixed = struct.unpack_from("<5I", data, 8)
    runs = [struct.unpack_from("<2I", data, 28 + 8 * i) for i in range(fixed[2] + fixed[3])]
    return fixed, runs


@pytest.mark.parametrize("chunk", [1, 7, 24, 4096, 65536])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_browser_expands_exactly_what_the_build_packed(
    tmp_path: Path, chunk: int, seed: int
) -> None:
    memory = _memory(page=64, pages=40, tail=13, seed=seed)
    module = _module_for(memory, offset=24, page=64, seed=seed)
    packed = _pack(memory, 64, module, 24, tmp_path)
    (_, _, runs, module_runs, _), _ = _header(packed)
    assert runs and module_runs  # both kinds of pages are in play
    found = _expand(packed, tmp_path, chunk, module)
    started = found.pop("started")
    assert found == {"length": len(memory), "sha256": hashlib.sha256(memory).hexdigest(),
                     "heard": len(packed), "sameMemory": True}
    assert isinstance(started, int) and 0 < started <= len(packed)
    # The memory was given out (and the module's pages copied in) as soon as
    # the header was read, before the last bytes came: the worker instantiates
    # Python's module then. (Inflating so small a file gives its bytes at the
    # end: the plain bytes show it.)
    plain = _expand(packed, tmp_path, chunk, module, plain=True)
    assert plain["sha256"] == hashlib.sha256(memory).hexdigest() and plain["sameMemory"]
    assert isinstance(plain["started"], int) and isinstance(plain["heard"], int)
    assert 0 < plain["started"] <= plain["heard"]
    if chunk < plain["heard"]:
        assert plain["started"] < plain["heard"]
    assert _unpack(packed, module) == memory


def test_zero_pages_and_the_modules_own_are_left_out_and_a_host_that_inflates_it_is_fine(
    tmp_path: Path,
) -> None:
    page = 64
    memory = (bytes(page * 3) + b"\x01" + bytes(page - 1) + bytes(page * 2) + b"\x03" * page
              + bytes(page * 2) + b"\x02" * 10)
    # The instance's memory begins at byte 10: the page of 3s (page 6) is its
    # own; the page holding the 1 (page 3) is not (its byte differs there).
    module = bytearray(len(memory) - 10)
    module[6 * page - 10:7 * page - 10] = b"\x03" * page
    packed = _pack(memory, page, bytes(module), 10, tmp_path)
    data = gzip.decompress(packed)
    assert data[:8] == b"RPSNAP2\0"
    assert _header(packed) == ((page, len(memory), 2, 1, 10), [(3, 1), (9, 1), (6, 1)])
    assert len(data) == 28 + 24 + page + 10  # only the two shipped pages (the last one short)
    found = _expand(packed, tmp_path, 5, bytes(module), plain=True)
    assert found["sha256"] == hashlib.sha256(memory).hexdigest()
    # Without the module's pages, the page of 3s stays zero: they are not in the file.
    assert _unpack(packed, bytes(len(module))) != memory


def _damaged(packed: bytes, change: str) -> bytes:
    data = bytearray(gzip.decompress(packed))
    runs, module_runs = struct.unpack_from("<2I", data, 16)
    if change == "magic":
        data[0] = ord("X")
    elif change == "truncated":
        data = data[:-1]
    elif change == "extra":
        data += b"\x00"
    elif change == "map":
        struct.pack_into("<2I", data, 28, 10_000, 1)  # a run past the end of memory
    elif change == "module over a shipped page":
        first, _ = struct.unpack_from("<2I", data, 28)
        struct.pack_into("<2I", data, 28 + 8 * runs, first, 1)
    elif change == "module page before the module":
        struct.pack_into("<2I", data, 28 + 8 * runs, 0, 1)
    assert module_runs
    return gzip.compress(bytes(data))


@pytest.mark.parametrize("change", ["magic", "truncated", "extra", "map",
                                    "module over a shipped page", "module page before the module"])
def test_a_damaged_snapshot_is_refused(tmp_path: Path, change: str) -> None:
    memory = _memory(page=64, pages=10, tail=0, seed=3)
    module = _module_for(memory, offset=100, page=64, seed=4)
    packed = _pack(memory, 64, module, 100, tmp_path)
    found = _expand(_damaged(packed, change), tmp_path, 100, module)
    assert "error" in found and "snapshot" in str(found["error"])


def test_a_snapshot_for_another_module_is_refused(tmp_path: Path) -> None:
    memory = _memory(page=64, pages=10, tail=0, seed=3)
    module = _module_for(memory, offset=100, page=64, seed=4)
    packed = _pack(memory, 64, module, 100, tmp_path)
    found = _expand(packed, tmp_path, 100, module[:64])  # an instance with less memory
    assert found == {"error": "a snapshot for another WebAssembly module"}
    with pytest.raises(DamagedSnapshot):
        _unpack(packed, module[:64])


def test_the_built_site_ships_the_packed_snapshot_only(built_site: Path) -> None:
    py = built_site / "assets" / "rp" / "py"
    assert sorted(path.name for path in py.iterdir()) == [
        "pyodide-lock.json", "python_stdlib-pyc.zip", "rules_py-0.1.0-py3-none-any.whl",
        "rules_py-pyc.zip", "snapshot.bin", "snapshot.bin.br", "snapshot.bin.gz",
        "snapshot.bin.zst",
    ]
    (page, full, runs, module_runs, offset), table = _header((py / "snapshot.bin").read_bytes())
    assert module_runs == len(table) - runs
    assert full > 10_000_000 and runs and 0 < offset < page
    # Python's memory as the module left it holds much that is never written
    # again: over a megabyte of the snapshot is copied from the instance.
    assert sum(count for _, count in table[runs:]) * page > 1_000_000
    manifest = read_manifest(built_site)
    assert manifest and manifest.snapshot.address.startswith("assets/rp/py/snapshot.bin?v=")
    assert manifest.snapshot_gzip.address.startswith("assets/rp/py/snapshot.bin.gz?v=")
