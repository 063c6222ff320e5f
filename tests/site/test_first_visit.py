"""The Link header of a page with rollers (runtime/build/first_visit.py): what
scripts/serve.py sends and what the build writes into ``_headers``. The
browser's side (the prefetch before the worker, each file sent once, none on
a returning visit) is in tests/browser/test_encodings.py."""

from __future__ import annotations

import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from runtime.build import hosts
from runtime.build.first_visit import first_visit_addresses, prefetch_link
from runtime.build.manifest import RuntimeManifest, read_manifest
from tests.conftest import pages_with_rollers


def _targets(page_url: str, link: str) -> list[str]:
    """The addresses a Link header asks to prefetch, resolved against its page."""
    targets = []
    for part in link.split(", "):
        reference, rel = part.split("; ")
        assert rel == "rel=prefetch", link
        targets.append(urllib.parse.urljoin(page_url, reference.strip("<>")))
    return targets


@pytest.fixture(scope="module")
def manifest(built_site: Path) -> RuntimeManifest:
    found = read_manifest(built_site)
    assert found is not None
    return found


@pytest.fixture(scope="module")
def site_url(serve_url: str) -> str:
    return serve_url + "/"


def _get(url: str, encoding: str) -> dict[str, str]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
    with urllib.request.urlopen(request) as response:
        return {name.lower(): value for name, value in response.headers.items()}


@pytest.mark.parametrize(("page", "expected"), [
    ("/cairn/rules/", "<../../pyodide/1/pyodide.asm.wasm>; rel=prefetch, "
                      "<../../assets/rp/py/snapshot.bin?v=0123abcd>; rel=prefetch"),
    ("/cairn/rules/index.html", "<../../pyodide/1/pyodide.asm.wasm>; rel=prefetch, "
                                "<../../assets/rp/py/snapshot.bin?v=0123abcd>; rel=prefetch"),
    ("/", "<pyodide/1/pyodide.asm.wasm>; rel=prefetch, "
          "<assets/rp/py/snapshot.bin?v=0123abcd>; rel=prefetch"),
])
def test_the_link_names_each_file_relative_to_its_page(page: str, expected: str) -> None:
    addresses = ("pyodide/1/pyodide.asm.wasm", "assets/rp/py/snapshot.bin?v=0123abcd")
    assert prefetch_link(page, addresses) == expected
    # So it holds under any path the site is served at.
    for base in ("https://example.org/", "https://example.org/srd/"):
        assert _targets(base + page.lstrip("/"), expected) == [base + a for a in addresses]


def test_the_snapshot_is_named_only_where_the_host_sends_it_encoded(
    manifest: RuntimeManifest,
) -> None:
    wasm = manifest.pyodide_index + "pyodide.asm.wasm"
    assert first_visit_addresses(manifest, snapshot_encoded=True) == (
        wasm, manifest.snapshot.address)
    assert first_visit_addresses(manifest, snapshot_encoded=False) == (wasm,)


@pytest.mark.parametrize("encoding", ["br", "zstd", "gzip"])
def test_the_server_prefetches_the_wasm_and_the_snapshot_for_a_page_with_rollers(
    built_site: Path, site_url: str, manifest: RuntimeManifest, encoding: str
) -> None:
    pages = pages_with_rollers(built_site)
    assert len(pages) >= 10
    for page in pages[:3]:
        link = _get(site_url + page, encoding)["link"]
        assert _targets(site_url + page, link) == [
            site_url + manifest.pyodide_index + "pyodide.asm.wasm",
            site_url + manifest.snapshot.address,
        ]
    # The snapshot it names comes encoded too (one that came as it is would be
    # given up by the worker for its gzipped copy: a prefetch of it wasted).
    assert _get(site_url + manifest.snapshot.address, encoding)["content-encoding"] == encoding


def test_the_server_prefetches_nothing_for_a_page_without_rollers(
    built_site: Path, site_url: str
) -> None:
    with_rollers = set(pages_with_rollers(built_site))
    without = [page for page in ("", "cairn/", "cairn/bestiary/", "credits/")
               if page not in with_rollers and (built_site / page / "index.html").exists()]
    assert len(without) >= 3
    for page in without:
        assert "link" not in _get(site_url + page, "br"), page


def test_headers_file_prefetches_the_wasm_only_on_each_page_with_rollers(
    built_site: Path, manifest: RuntimeManifest
) -> None:
    rules: dict[str, dict[str, str]] = {}
    current = ""
    for line in (built_site / hosts.HEADERS_FILE).read_text("utf-8").splitlines():
        if line and not line.startswith((" ", "#")):
            current = line
            rules.setdefault(current, {})
        elif line.strip() and not line.startswith("#"):
            name, _, value = line.strip().partition(": ")
            rules[current][name] = value
    linked = {path: headers["Link"] for path, headers in rules.items() if "Link" in headers}
    assert set(linked) == {"/" + page for page in pages_with_rollers(built_site)}
    for path, link in linked.items():
        # Netlify and Cloudflare Pages send snapshot.bin as they choose.
        assert _targets("https://example.org" + path, link) == [
            "https://example.org/" + manifest.pyodide_index + "pyodide.asm.wasm"]
