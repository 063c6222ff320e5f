"""The site's headers on every host, from one source (runtime/build/hosts.py):
the ``_headers`` file of the build (Netlify, Cloudflare Pages) and the
snippets of ``hosting/`` (nginx, Caddy, Apache) give every file of the build
the headers ``scripts/serve.py`` sends with it. Where nginx, Caddy or Apache
is installed, each serves the built site with its snippet and is compared
with ``scripts/serve.py`` file by file."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

from runtime.build import hosts
from runtime.build.offline import file_list
from runtime.build.roller_pages import has_rollers
from tests.conftest import ROOT, load_serve_module, pages_with_rollers

HOSTING = ROOT / "hosting"
POLICY = [name.lower() for name in (*hosts.EVERY_RESPONSE, "Cache-Control")]
MISSING = "/no-such-page/"


def _addresses(site: Path) -> list[str]:
    """Every file of the build by the address the site asks for it."""
    return ["/" + address.removeprefix("./") for address in file_list(site)
            if address not in hosts.HOST_FILES]


def _head(url: str, encoding: str = "identity") -> tuple[int, dict[str, str]]:
    request = urllib.request.Request(url, method="HEAD", headers={"Accept-Encoding": encoding})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}


def _policy(headers: dict[str, str]) -> dict[str, str]:
    return {name: headers[name] for name in POLICY if name in headers}


@pytest.fixture(scope="module")
def served_policy(built_site: Path, serve_url: str) -> dict[str, tuple[int, dict[str, str]]]:
    """What scripts/serve.py answers for each address: status and headers."""
    return {address: _head(serve_url + address)
            for address in [*_addresses(built_site), MISSING]}


# --- _headers -----------------------------------------------------------------


def _headers_rules(text: str) -> list[tuple[str, dict[str, str]]]:
    rules: list[tuple[str, dict[str, str]]] = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if not line.startswith(" "):
            rules.append((line.strip(), {}))
            continue
        name, _, value = line.strip().partition(":")
        rules[-1][1][name.strip().lower()] = value.strip()
    return rules


def _netlify_headers(rules: list[tuple[str, dict[str, str]]], path: str) -> dict[str, str]:
    """The headers Netlify and Cloudflare Pages send with ``path``: those of
    every rule that matches it (an exact path, or a prefix ending in *)."""
    found: dict[str, str] = {}
    for pattern, headers in rules:
        if pattern == path or (pattern.endswith("*") and path.startswith(pattern[:-1])):
            for name, value in headers.items():
                assert name not in found, f"{path}: two rules set {name}"
                found[name] = value
    return found


def test_headers_file_gives_every_file_the_policy_the_server_sends(
    built_site: Path, served_policy: dict[str, tuple[int, dict[str, str]]]
) -> None:
    rules = _headers_rules((built_site / hosts.HEADERS_FILE).read_text("utf-8"))
    immutable = 0
    for address in _addresses(built_site):
        status, served = served_policy[address]
        assert status == 200, address
        path = address.split("?", 1)[0]  # these hosts never match a query
        # (A page with rollers also has its Link: tests/site/test_first_visit.py.)
        assert _policy(_netlify_headers(rules, path)) == _policy(served), address
        immutable += "cache-control" in served
    # Pyodide's four files, the runtime's four versioned ones, Material's bundles.
    assert immutable >= 10


def test_the_builds_roller_pages_are_the_addresses_the_host_files_name(built_site: Path) -> None:
    # The build hands write_host_files the pages it found with rollers, as
    # page_address names them; they must be the addresses the site serves
    # those pages at.
    found = {hosts.page_address(built_site, path) for path in built_site.rglob("*.html")
             if has_rollers(path.read_text("utf-8"))}
    assert "/cairn/rules/" in found
    assert found == {"/" + page for page in pages_with_rollers(built_site)}
    assert hosts.page_address(built_site, built_site / "index.html") == "/"
    assert hosts.page_address(built_site, built_site / "404.html") == "/404.html"


def test_the_service_worker_never_asks_for_the_headers_file(built_site: Path) -> None:
    # Netlify and Cloudflare Pages do not serve it: asked for, it would fail
    # the service worker's install.
    source = (built_site / "sw.js").read_text("utf-8")
    build = json.loads(re.search(r"const BUILD = (\{.*?\});\n", source, re.DOTALL).group(1))  # type: ignore[union-attr]
    assert "index.html" in build["files"] or "./" in build["files"]
    assert hosts.HEADERS_FILE not in build["files"]


def test_a_second_build_over_the_same_site_does_not_list_the_headers_file(tmp_path: Path) -> None:
    # The build writes the headers file after sw.js; run again over the same
    # site (the live preview, a rebuild), it finds the file the first run wrote.
    (tmp_path / "index.html").write_text("<p>Rules</p>", "utf-8")
    (tmp_path / hosts.HEADERS_FILE).write_text("/*\n  X-Content-Type-Options: nosniff\n", "utf-8")
    assert set(file_list(tmp_path)) == {"./"}


def test_a_build_while_a_bench_runs_does_not_list_the_benchs_pages(tmp_path: Path) -> None:
    # The bench writes its pages into the built site and removes them after:
    # listed, they would fail the service worker's install once gone.
    (tmp_path / "index.html").write_text("<p>Rules</p>", "utf-8")
    bench = tmp_path / "__bench__"
    bench.mkdir()
    (bench / "bare.html").write_text("<p>bare</p>", "utf-8")
    # Only the site's own top folder is skipped: a page may have that name.
    (tmp_path / "rules" / "__bench__").mkdir(parents=True)
    (tmp_path / "rules" / "__bench__" / "index.html").write_text("<p>A page</p>", "utf-8")
    assert set(file_list(tmp_path)) == {"./", "rules/__bench__/"}


def test_the_server_sends_the_one_source() -> None:
    serve = load_serve_module()
    assert serve.CONTENT_SECURITY_POLICY == hosts.CONTENT_SECURITY_POLICY
    for extension, mime in hosts.TYPES.items():
        assert serve.SiteHandler.extensions_map[extension] == mime


# --- the snippets ---------------------------------------------------------------

# How each snippet sets a header (name, value) and a type (type, extension).
SNIPPET_HEADERS = {
    "nginx.conf": re.compile(r'add_header ([\w-]+) "([^"]*)"'),
    "Caddyfile": re.compile(r'^\s*(?:header @\w+ )?([A-Z][\w-]+) "([^"]*)"$', re.MULTILINE),
    "apache.conf": re.compile(r'Header (?:always )?set ([\w-]+) "([^"]*)"'),
}
SNIPPET_TYPES: dict[str, Callable[[str], dict[str, str]]] = {
    "nginx.conf": lambda text: {
        "." + ext: mime for block in re.findall(r"\btypes \{([^}]*)\}", text)
        for mime, ext in re.findall(r"([\w/+.-]+) (\w+);", block)
    },
    "Caddyfile": lambda text: {
        "." + ext: mime for ext, mime in re.findall(
            r"@\w+ path \*\.(\w+)\n\s*header @\w+ Content-Type \"([^\"]+)\"", text)
    },
    "apache.conf": lambda text: {
        ext: mime for mime, ext in re.findall(r"AddType ([\w/+.-]+) (\.\w+)", text)
    },
}


@pytest.mark.parametrize("snippet", sorted(SNIPPET_HEADERS))
def test_each_snippet_sets_the_headers_of_the_one_source(snippet: str) -> None:
    text = (HOSTING / snippet).read_text("utf-8")
    headers = dict(SNIPPET_HEADERS[snippet].findall(text))
    headers.pop("Content-Type", None)  # Caddy's types: checked below
    if "Cache-Control" not in headers:  # nginx takes it from its map
        values = set(re.findall(r'^\s*"~[^"]+" "([^"]+)";$', text, re.MULTILINE))
        assert len(values) == 1, values
        headers["Cache-Control"] = values.pop()
    assert headers == {**hosts.EVERY_RESPONSE, "Cache-Control": hosts.IMMUTABLE_CACHE}


@pytest.mark.parametrize("snippet", sorted(SNIPPET_HEADERS))
def test_each_snippet_quotes_the_addresses_cached_for_good(snippet: str) -> None:
    text = (HOSTING / snippet).read_text("utf-8")
    for pattern in (hosts.VERSIONED_QUERY, *hosts.IMMUTABLE_PATHS):
        assert pattern.pattern in text, (snippet, pattern.pattern)


@pytest.mark.parametrize("snippet", sorted(SNIPPET_TYPES))
def test_each_snippet_sets_the_types_a_host_gets_wrong(snippet: str) -> None:
    text = (HOSTING / snippet).read_text("utf-8")
    assert SNIPPET_TYPES[snippet](text) == hosts.HOST_TYPES


def test_the_snippets_that_list_no_pages_take_the_builds_links() -> None:
    """nginx and Caddy send the Link of a first visit from the files the build
    writes into the site (tests/site/test_first_visit.py checks them)."""
    nginx = (HOSTING / "nginx.conf").read_text("utf-8")
    assert re.search(rf"^include /srv/srd/site/{hosts.NGINX_PREFETCH_FILE};$", nginx, re.M)
    assert re.search(r"^    add_header Link \$srd_prefetch;$", nginx, re.M)
    caddy = (HOSTING / "Caddyfile").read_text("utf-8")
    assert re.search(rf"^\timport /srv/srd/site/{hosts.CADDY_PREFETCH_FILE}$", caddy, re.M)


def test_the_snippets_that_can_serve_the_precompressed_copies_do() -> None:
    """Caddy serves every copy of the build, best first; nginx its gzipped
    ones (brotli with a module Debian ships apart); Apache gzips on the fly."""
    caddy = (HOSTING / "Caddyfile").read_text("utf-8")
    order = " ".join(name for name, _ in hosts.PRECOMPRESSED)
    assert re.search(rf"file_server \{{\s*precompressed {order}\s*\}}", caddy)
    nginx = (HOSTING / "nginx.conf").read_text("utf-8")
    assert re.search(r"^\s*gzip_static on;$", nginx, re.M)
    assert re.search(r"^\s*gzip_vary on;$", nginx, re.M)
    assert re.search(r"^\s*# brotli_static on;$", nginx, re.M)


# --- the snippets, served -------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _binary(name: str) -> Path | None:
    found = os.environ.get(name.upper()) or shutil.which(name) or shutil.which(
        name, path="/usr/sbin:/usr/local/sbin")
    return Path(found) if found else None


def _nginx(binary: Path, site: Path, port: int, scratch: Path) -> list[str]:
    prefix = binary.resolve().parents[2]
    mime_types = prefix / "etc/nginx/mime.types"
    snippet = (HOSTING / "nginx.conf").read_text("utf-8")
    snippet = snippet.replace("listen 80;", f"listen 127.0.0.1:{port};")
    snippet = snippet.replace("/srv/srd/site", str(site))
    if mime_types.exists():
        snippet = snippet.replace("/etc/nginx/mime.types", str(mime_types))
    temp = " ".join(f"{kind}_temp_path {scratch}/{kind};"
                    for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    config = scratch / "nginx.conf"
    config.write_text(f"daemon off; pid {scratch}/nginx.pid; error_log stderr;\n"
                      f"events {{}}\nhttp {{ access_log off; {temp}\n{snippet}\n}}\n")
    return [str(binary), "-p", str(scratch), "-c", str(config)]


def _caddy(binary: Path, site: Path, port: int, scratch: Path) -> list[str]:
    snippet = (HOSTING / "Caddyfile").read_text("utf-8")
    snippet = snippet.replace(":80 {", f"http://127.0.0.1:{port} {{")
    snippet = snippet.replace("/srv/srd/site", str(site))
    config = scratch / "Caddyfile"
    config.write_text("{\n\tadmin off\n}\n" + snippet)
    return [str(binary), "run", "--adapter", "caddyfile", "--config", str(config)]


def _apache(binary: Path, site: Path, port: int, scratch: Path) -> list[str]:
    modules = binary.resolve().parents[1] / "lib/apache2/modules"
    snippet = (HOSTING / "apache.conf").read_text("utf-8")
    snippet = snippet.replace("<VirtualHost *:80>", f"<VirtualHost 127.0.0.1:{port}>")
    snippet = snippet.replace("/srv/srd/site", str(site))
    loaded = "\n".join(f"LoadModule {name}_module {modules}/mod_{name}.so" for name in (
        "mpm_event", "authz_core", "mime", "headers", "deflate", "filter", "dir"))
    config = scratch / "httpd.conf"
    config.write_text(
        f"ServerRoot {scratch}\nServerName localhost\nListen 127.0.0.1:{port}\n{loaded}\n"
        f"PidFile {scratch}/httpd.pid\nErrorLog /dev/stderr\nTypesConfig /etc/mime.types\n"
        f"DirectoryIndex index.html\n{snippet}\n")
    return [str(binary), "-X", "-f", str(config)]


SERVERS = {"nginx": _nginx, "caddy": _caddy, "apache2": _apache}
LINKED = {"nginx", "caddy"}  # the servers whose snippet sends a first visit's Link


@pytest.mark.parametrize("server", sorted(SERVERS))
def test_each_snippet_serves_the_headers_the_server_sends(
    server: str, built_site: Path, serve_url: str,
    served_policy: dict[str, tuple[int, dict[str, str]]],
) -> None:
    binary = _binary(server)
    if binary is None:
        pytest.skip(f"{server} is not installed (set {server.upper()}=/path/to/{server})")
    port = _free_port()
    with tempfile.TemporaryDirectory() as scratch:
        command = SERVERS[server](binary, built_site, port, Path(scratch))
        # Caddy keeps its state under the home folder: a scratch one.
        environment = {**os.environ, "HOME": scratch, "XDG_DATA_HOME": scratch,
                       "XDG_CONFIG_HOME": scratch}
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   env=environment)
        try:
            url = f"http://127.0.0.1:{port}"
            for _ in range(100):
                if process.poll() is not None:
                    pytest.fail(f"{server} stopped: {process.stdout.read().decode()}")  # type: ignore[union-attr]
                try:
                    urllib.request.urlopen(url + "/").close()
                    break
                except OSError:
                    time.sleep(0.1)
            for address, (status, served) in served_policy.items():
                got_status, got = _head(url + address)
                assert got_status == status, (server, address)
                assert _policy(got) == _policy(served), (server, address)
                extension = os.path.splitext(address.split("?")[0])[1]
                if extension in hosts.HOST_TYPES:
                    assert got["content-type"] == hosts.HOST_TYPES[extension], address
            if server in LINKED:
                # A first visit's Link, to a browser that takes gzip at least.
                for page in pages_with_rollers(built_site):
                    served = _head(serve_url + "/" + page, "gzip")[1]["link"]
                    assert _head(url + "/" + page, "gzip")[1].get("link") == served, page
                assert "link" not in _head(url + "/credits/", "gzip")[1]
            with urllib.request.urlopen(url + "/") as home:
                assert b"Five Tables" in home.read()
            try:
                urllib.request.urlopen(url + MISSING)
                pytest.fail("a missing page was found")
            except urllib.error.HTTPError as missing:
                assert missing.code == 404
                assert missing.read() == (built_site / "404.html").read_bytes()
        finally:
            process.terminate()
            process.wait(timeout=10)
