"""The sparse snapshot format: packed by scripts/build_runtime.py, expanded
in the browser by site_overrides/assets/rp/snapshot.js (run here under Node,
fed in chunks of many sizes) and, as a second method, by the build's own
``unpack_snapshot``. Both must give back the exact memory, and a damaged file
must be refused (the worker then falls back to a normal load)."""

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

from tests.conftest import ROOT, load_build_runtime_module

SNAPSHOT_JS = ROOT / "site_overrides" / "assets" / "rp" / "snapshot.js"
EXPAND = ROOT / "tests" / "site" / "expand_snapshot.mjs"
build = load_build_runtime_module()


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


def _expand(packed: bytes, tmp_path: Path, chunk: int, plain: bool = False) -> dict[str, object]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is required to run snapshot.js")
    file = tmp_path / "snapshot.gz"
    file.write_bytes(packed)
    args = [node, str(EXPAND), str(SNAPSHOT_JS), str(file), str(chunk)]
    if plain:
        args.append("plain")
    run = subprocess.run(args, capture_output=True, text=True, timeout=120, check=True)
    result: dict[str, object] = json.loads(run.stdout)
    return result


@pytest.mark.parametrize("chunk", [1, 7, 24, 4096, 65536])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_browser_expands_exactly_what_the_build_packed(
    tmp_path: Path, chunk: int, seed: int
) -> None:
    memory = _memory(page=64, pages=40, tail=13, seed=seed)
    packed = build.pack_snapshot(memory, page=64)
    found = _expand(packed, tmp_path, chunk)
    assert found == {"length": len(memory), "sha256": hashlib.sha256(memory).hexdigest(),
                     "heard": len(packed)}
    assert build.unpack_snapshot(packed) == memory


def test_zero_pages_are_left_out_and_a_host_that_inflates_it_is_fine(tmp_path: Path) -> None:
    page = 64
    memory = bytes(page * 3) + b"\x01" + bytes(page - 1) + bytes(page * 5) + b"\x02" * 10
    packed = build.pack_snapshot(memory, page=page)
    data = gzip.decompress(packed)
    assert data[:8] == b"RPSNAP1\0"
    assert struct.unpack_from("<4I", data, 8) == (page, len(memory), 2, 0)
    assert struct.unpack_from("<4I", data, 24) == (3, 1, 9, 1)
    assert len(data) == 24 + 16 + page + 10  # only the two non-zero pages (the last one short)
    found = _expand(packed, tmp_path, 5, plain=True)
    assert found["sha256"] == hashlib.sha256(memory).hexdigest()


def _damaged(packed: bytes, change: str) -> bytes:
    data = bytearray(gzip.decompress(packed))
    if change == "magic":
        data[0] = ord("X")
    elif change == "truncated":
        data = data[:-1]
    elif change == "extra":
        data += b"\x00"
    elif change == "map":
        struct.pack_into("<2I", data, 24, 10_000, 1)  # a run past the end of memory
    return gzip.compress(bytes(data))


@pytest.mark.parametrize("change", ["magic", "truncated", "extra", "map"])
def test_a_damaged_snapshot_is_refused(tmp_path: Path, change: str) -> None:
    memory = _memory(page=64, pages=10, tail=0, seed=3)
    found = _expand(_damaged(build.pack_snapshot(memory, page=64), change), tmp_path, 100)
    assert "error" in found and "snapshot" in str(found["error"])


def test_the_built_site_ships_the_packed_snapshot_only(built_site: Path) -> None:
    py = built_site / "assets" / "rp" / "py"
    assert not (py / "snapshot.bin").exists()
    memory = build.unpack_snapshot((py / "snapshot.gz").read_bytes())
    assert len(memory) > 10_000_000
    assert "snapshot.gz?v=" in (built_site / "assets" / "rp" / "paths.js").read_text()
