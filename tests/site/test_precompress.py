"""runtime/build/precompress.py: the copies beside the large files, each
the file's own bytes once decoded, made once per content, and never a file
of the site for the service worker."""

from __future__ import annotations

import gzip
import hashlib
import os
from pathlib import Path

import brotli
import zstandard

from runtime.build import precompress
from runtime.build.offline import file_list

LARGE = b"<!doctype html><title>t</title>" + b"<p>The rules, word for word.</p>\n" * 2000


def _decode(name: str, data: bytes) -> bytes:
    if name.endswith(".br"):
        return bytes(brotli.decompress(data))
    if name.endswith(".zst"):
        return zstandard.ZstdDecompressor().decompress(data)
    return gzip.decompress(data)


def _site(root: Path) -> Path:
    (root / "page").mkdir(parents=True)
    (root / "page" / "index.html").write_bytes(LARGE)
    (root / "small.css").write_bytes(b"a { color: red; }\n")
    (root / "archive.zip").write_bytes(b"PK\x03\x04" + bytes(40_000))
    (root / "noise.bin").write_bytes(os.urandom(40_000))
    return root


def test_large_compressible_files_get_three_copies_that_decode_to_them(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    sizes = precompress.precompress_site(site, cache=tmp_path / "cache")
    page = site / "page" / "index.html"
    for suffix in (".br", ".zst", ".gz"):
        copy = page.with_name(page.name + suffix)
        assert _decode(copy.name, copy.read_bytes()) == LARGE, suffix
        assert precompress.is_copy(copy)
    entry = sizes["page/index.html"]
    assert entry["identity"] == len(LARGE)
    assert entry["br"] <= entry["zstd"] <= entry["gzip"] < len(LARGE)
    # Small files, archives, and what compressing does not shrink: no copy.
    assert sorted(p.name for p in site.iterdir() if p.is_file()) == [
        "archive.zip", "noise.bin", "small.css"]


def test_copies_are_made_once_per_content_and_follow_the_file(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    cache = tmp_path / "cache"
    precompress.precompress_site(site, cache=cache)
    digest = hashlib.sha256(LARGE).hexdigest()
    kept = sorted(p.name for p in cache.iterdir() if p.name.startswith(digest))
    assert len(kept) == 3
    # A second build reads them from the cache: a copy there is what is used.
    (cache / kept[0]).write_bytes(b"from the cache")
    precompress.precompress_site(site, cache=cache)
    suffix = "." + kept[0].rsplit(".", 1)[1]
    assert (site / "page" / f"index.html{suffix}").read_bytes() == b"from the cache"
    # A changed file gets new copies; a file gone takes its copies with it.
    (site / "page" / "index.html").write_bytes(LARGE + b"<p>More.</p>")
    precompress.precompress_site(site, cache=cache)
    copy = site / "page" / "index.html.br"
    assert _decode(copy.name, copy.read_bytes()) == LARGE + b"<p>More.</p>"
    (site / "page" / "index.html").unlink()
    precompress.precompress_site(site, cache=cache)
    assert not list((site / "page").iterdir())


def test_the_copies_are_not_files_of_the_site_for_the_service_worker(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    (site / "index.html").write_bytes(LARGE)
    precompress.precompress_site(site, cache=None)
    files = file_list(site)
    assert "page/" in files and "./" in files
    assert not [address for address in files if address.endswith((".br", ".zst", ".gz"))]


def test_the_built_site_has_copies_of_the_large_files(built_site: Path) -> None:
    for path in ("pyodide/314.0.7/pyodide.asm.wasm", "pyodide/314.0.7/pyodide.asm.mjs",
                 "assets/rp/py/snapshot.bin"):
        found = list(built_site.glob(path.replace("314.0.7", "*")))
        assert found, path
        original = found[0]
        br = original.with_name(original.name + ".br")
        assert br.is_file() and br.stat().st_size < original.stat().st_size / 2, path
    # Already compressed: sent as they are.
    assert not list(built_site.glob("**/*.zip.br"))
    assert not list(built_site.glob("**/*.whl.br"))


def test_a_file_written_again_with_the_same_bytes_keeps_current_copies(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    precompress.precompress_site(site, cache=None)
    page = site / "page" / "index.html"
    later = page.stat().st_mtime_ns + 2_000_000_000
    os.utime(page, ns=(later, later))  # the next page build writes the same bytes
    precompress.precompress_site(site, cache=None)
    for suffix in (".br", ".zst", ".gz"):
        assert page.with_name(page.name + suffix).stat().st_mtime_ns >= later, suffix
