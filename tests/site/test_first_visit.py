"""The Link header of a page with rollers (runtime/build/first_visit.py): what
scripts/serve.py sends, and what the build writes into ``_headers`` and into
the files nginx and Caddy include (``_prefetch.nginx``, ``_prefetch.caddy``). The
browser's side (the prefetch before the worker, each file sent once, none on
a returning visit) is in tests/browser/test_encodings.py."""

from __future__ import annotations

import re
import urllib.parse
import urllib.request
from collections.abc import Callable
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


def test_a_client_that_accepts_no_encoding_is_sent_the_wasm_only(
    built_site: Path, site_url: str, manifest: RuntimeManifest
) -> None:
    # It gets the snapshot as it is, which the worker gives up for its
    # gzipped copy: a prefetch of it would be wasted.
    page = pages_with_rollers(built_site)[0]
    headers = _get(site_url + page, "identity")
    assert "content-encoding" not in headers
    assert _targets(site_url + page, headers["link"]) == [
        site_url + manifest.pyodide_index + "pyodide.asm.wasm"]
    assert "content-encoding" not in _get(site_url + manifest.snapshot.address, "identity")


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


def _nginx_map(text: str) -> Callable[[str], str]:
    """``_prefetch.nginx``'s map as nginx reads it: the value of the first
    regular expression that matches the address, else the default."""
    assert re.search(r'^map \$uri \$srd_prefetch \{\n    default "";$', text, re.M)
    entries = re.findall(r'^    "~([^"]+)" "([^"]+)";$', text, re.M)
    assert entries
    return lambda uri: next((link for pattern, link in entries if re.search(pattern, uri)), "")


def _caddy_links(text: str) -> dict[str, str]:
    """``_prefetch.caddy``: each path its matcher names, with its Link."""
    paths = dict(re.findall(r"^@(\w+) path (.+)$", text, re.M))
    links = dict(re.findall(r'^header @(\w+) Link "([^"]+)"$', text, re.M))
    assert paths and set(paths) == set(links)
    return {path: links[name] for name, listed in paths.items() for path in listed.split()}


def test_the_nginx_and_caddy_files_prefetch_what_the_server_does_on_each_page_with_rollers(
    built_site: Path, site_url: str
) -> None:
    # Both hosts send the snapshot from the build's copies, encoded for every
    # browser: the wasm and the snapshot, as scripts/serve.py sends them.
    nginx = _nginx_map((built_site / hosts.NGINX_PREFETCH_FILE).read_text("utf-8"))
    caddy = _caddy_links((built_site / hosts.CADDY_PREFETCH_FILE).read_text("utf-8"))
    pages = pages_with_rollers(built_site)
    assert len(pages) >= 10
    for page in pages:
        served = _get(site_url + page, "gzip")["link"]
        for address in ("/" + page, "/" + page + "index.html"):
            assert nginx(address) == served, address
            assert caddy[address] == served, address
    assert len(caddy) == 2 * len(pages)
    for address in ("/", "/cairn/", "/credits/index.html", "/assets/rp/page/boot.js",
                    "/x/cairn/rules/", "/cairn/rules/index.htm"):
        assert nginx(address) == "", address


def test_the_service_worker_lists_none_of_the_files_for_hosts(built_site: Path) -> None:
    for name in hosts.HOST_FILES:
        assert (built_site / name).is_file(), name
        assert name not in (built_site / "sw.js").read_text("utf-8"), name


def test_under_a_sub_path_the_nginx_and_caddy_files_match_the_pages_there() -> None:
    # A build for SITE_URL=https://example.org/srd/ is served at /srd/.
    links = [("/cairn/rules/", "<../../w.wasm>; rel=prefetch")]
    nginx = _nginx_map(hosts.nginx_prefetch_file(links, "/srd/"))
    assert nginx("/srd/cairn/rules/") == nginx("/srd/cairn/rules/index.html") == links[0][1]
    assert nginx("/cairn/rules/") == nginx("/srd/cairn/") == ""
    caddy = _caddy_links(hosts.caddy_prefetch_file(links, "/srd/"))
    assert caddy == {"/srd/cairn/rules/": links[0][1], "/srd/cairn/rules/index.html": links[0][1]}
