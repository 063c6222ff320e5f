"""scripts/serve.py, the server of ``make serve`` and of the browser tests:
MIME types, gzip when the client accepts it, and the CSP on every answer."""

from __future__ import annotations

import gzip
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT, load_serve_module

FILES = {
    "index.html": b"<!doctype html><title>t</title>" + b"<p>text</p>" * 200,
    "app.js": b"console.log('x');\n" * 200,
    "mod.mjs": b"export const x = 1;\n" * 200,
    "data.json": b'{"a": [' + b"1, " * 500 + b"1]}",
    "core.wasm": b"\x00asm\x01\x00\x00\x00" + bytes(5000),
    "site.webmanifest": b'{"name": "' + b"x" * 2000 + b'"}',
    "memory.bin": bytes(20000),
    "archive.zip": b"PK\x03\x04" + bytes(3000),
}


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root: Path = tmp_path_factory.mktemp("served")
    for name, body in FILES.items():
        (root / name).write_bytes(body)
    server = load_serve_module().make_server(root, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def _get(url: str, encoding: str | None) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url)
    if encoding is not None:
        request.add_header("Accept-Encoding", encoding)
    with urllib.request.urlopen(request) as response:
        return {key.lower(): value for key, value in response.headers.items()}, response.read()


@pytest.mark.parametrize(
    ("name", "mime"),
    [
        ("index.html", "text/html"),
        ("app.js", "text/javascript"),
        ("mod.mjs", "text/javascript"),
        ("data.json", "application/json"),
        ("core.wasm", "application/wasm"),
        ("site.webmanifest", "application/manifest+json"),
        ("memory.bin", "application/octet-stream"),
    ],
)
def test_compressible_files_are_gzipped_with_their_type(
    server_url: str, name: str, mime: str
) -> None:
    headers, body = _get(server_url + name, "gzip, deflate, br")
    assert headers["content-type"].split(";")[0] == mime
    assert headers["content-encoding"] == "gzip"
    assert headers["vary"] == "Accept-Encoding"
    assert int(headers["content-length"]) == len(body) < len(FILES[name])
    assert gzip.decompress(body) == FILES[name]
    assert "script-src 'self' 'wasm-unsafe-eval'" in headers["content-security-policy"]


@pytest.mark.parametrize("encoding", [None, "identity", "gzip;q=0", "br"])
def test_no_gzip_unless_the_client_accepts_it(server_url: str, encoding: str | None) -> None:
    headers, body = _get(server_url + "core.wasm", encoding)
    assert "content-encoding" not in headers
    assert headers["content-type"] == "application/wasm"
    assert body == FILES["core.wasm"]


def test_archives_are_sent_as_they_are(server_url: str) -> None:
    headers, body = _get(server_url + "archive.zip", "gzip")
    assert "content-encoding" not in headers
    assert headers["content-type"] == "application/zip"
    assert body == FILES["archive.zip"]
    assert "default-src 'self'" in headers["content-security-policy"]


def test_a_directory_address_serves_its_index_gzipped(server_url: str) -> None:
    headers, body = _get(server_url, "gzip")
    assert headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == FILES["index.html"]


@pytest.mark.parametrize(
    ("address", "immutable"),
    [
        ("core.wasm?v=0123456789abcdef", True),
        ("app.js?x=1&v=0123456789abcdef", True),
        ("core.wasm", False),
        ("index.html", False),
        ("app.js?v=latest", False),
    ],
)
def test_only_addresses_that_change_with_their_content_are_cached_for_good(
    server_url: str, address: str, immutable: bool
) -> None:
    headers, _ = _get(server_url + address, "gzip")
    assert ("immutable" in headers.get("cache-control", "")) is immutable


def test_pyodide_and_hashed_bundles_are_cached_for_good() -> None:
    immutable = load_serve_module().is_immutable
    assert immutable("/pyodide/314.0.7/pyodide.asm.wasm")
    assert immutable("/assets/javascripts/bundle.a5f9d56c.min.js")
    assert immutable("/assets/stylesheets/main.57a0d79d.min.css")
    assert not immutable("/assets/rp/page/boot.js")
    assert not immutable("/assets/rp/py/pyodide-lock.json")
    assert not immutable("/cairn/rules/")


def test_contributing_quotes_the_policy_the_server_sends() -> None:
    # A host copies the policy from CONTRIBUTING.md: it must be the one the
    # tests run under.
    text = " ".join((ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8").split())
    policy = load_serve_module().CONTENT_SECURITY_POLICY
    assert f"`Content-Security-Policy: {policy}`" in text, policy


# --- precompressed copies --------------------------------------------------------

PRECOMPRESSED_FILE = b"export const table = [" + b"1, 2, 3, 5, 8, 13, " * 4000 + b"];\n"


@pytest.fixture(scope="module")
def negotiating_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A site whose large file has the build's copies beside it."""
    from runtime.build.precompress import precompress_site

    root: Path = tmp_path_factory.mktemp("negotiated")
    (root / "big.mjs").write_bytes(PRECOMPRESSED_FILE)
    (root / "small.js").write_bytes(b"console.log(1);\n" * 10)
    precompress_site(root, cache=None)
    assert {path.name for path in root.iterdir()} == {
        "big.mjs", "big.mjs.br", "big.mjs.zst", "big.mjs.gz", "small.js"}
    server = load_serve_module().make_server(root, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def _decoded(encoding: str, body: bytes) -> bytes:
    import brotli
    import zstandard

    if encoding == "br":
        return bytes(brotli.decompress(body))
    if encoding == "zstd":
        return zstandard.ZstdDecompressor().decompress(body)
    if encoding == "gzip":
        return gzip.decompress(body)
    return body


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        ("gzip, deflate, br, zstd", "br"),  # what Chromium sends: the smallest
        ("zstd, gzip", "zstd"),
        ("gzip", "gzip"),
        ("br;q=0, gzip;q=0.5, zstd", "zstd"),
        ("*", "br"),
        ("*, br;q=0", "zstd"),
        ("identity", ""),
        ("br;q=0, zstd;q=0, gzip;q=0", ""),
        (None, ""),
    ],
)
def test_a_file_with_copies_is_sent_in_the_best_encoding_accepted(
    negotiating_url: str, accept: str | None, expected: str
) -> None:
    headers, body = _get(negotiating_url + "big.mjs", accept)
    assert headers.get("content-encoding", "") == expected
    assert headers["vary"] == "Accept-Encoding"
    assert headers["content-type"] == "text/javascript"
    assert int(headers["content-length"]) == len(body)
    # Byte-identical once decoded, and the copy is the build's, not made here.
    assert _decoded(expected, body) == PRECOMPRESSED_FILE
    if expected:
        assert len(body) < len(PRECOMPRESSED_FILE) / 10


def test_the_best_copies_are_smallest_first(negotiating_url: str) -> None:
    sizes = [len(_get(negotiating_url + "big.mjs", coding)[1]) for coding in ("br", "zstd", "gzip")]
    assert sizes == sorted(sizes), sizes


def test_a_head_request_answers_as_its_get(negotiating_url: str) -> None:
    request = urllib.request.Request(negotiating_url + "big.mjs", method="HEAD",
                                     headers={"Accept-Encoding": "zstd"})
    with urllib.request.urlopen(request) as response:
        assert response.headers["Content-Encoding"] == "zstd"
        assert response.read() == b""
    _, body = _get(negotiating_url + "big.mjs", "zstd")
    assert int(response.headers["Content-Length"]) == len(body)


def test_a_small_file_is_gzipped_on_the_fly_and_still_varies(negotiating_url: str) -> None:
    headers, body = _get(negotiating_url + "small.js", "br, gzip")
    assert headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
    assert gzip.decompress(body) == b"console.log(1);\n" * 10
    headers, body = _get(negotiating_url + "small.js", None)
    assert "content-encoding" not in headers and headers["vary"] == "Accept-Encoding"


def test_accepted_encodings_reads_qualities() -> None:
    accepted = load_serve_module().accepted_encodings
    assert accepted("gzip, deflate, br, zstd") == {"br", "zstd", "gzip"}
    assert accepted("BR;Q=1.0") == {"br"}
    assert accepted("gzip;q=0.001, br;q=0") == {"gzip"}
    assert accepted("*;q=0, gzip") == {"gzip"}
    assert accepted("br;q=nonsense") == set()
    assert accepted("") == accepted(None) == set()


def test_a_copy_older_than_its_file_is_not_sent(tmp_path: Path) -> None:
    import os

    from runtime.build.precompress import precompress_site

    (tmp_path / "page.html").write_bytes(b"<p>Build A</p>" * 2000)
    precompress_site(tmp_path, cache=None)
    server = load_serve_module().make_server(tmp_path, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/page.html"
        assert _get(url, "br")[0]["content-encoding"] == "br"
        # Written again after its copies: they no longer say what it holds.
        (tmp_path / "page.html").write_bytes(b"<p>Build B</p>" * 2000)
        later = (tmp_path / "page.html.br").stat().st_mtime_ns + 1_000_000_000
        os.utime(tmp_path / "page.html", ns=(later, later))
        headers, body = _get(url, "br, gzip")
        assert headers["content-encoding"] == "gzip"
        assert gzip.decompress(body) == b"<p>Build B</p>" * 2000
    finally:
        server.shutdown()
