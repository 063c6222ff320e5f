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
