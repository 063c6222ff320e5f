"""Build step: what a host sends with each file of the site, written once.

The site's security and speed rest on a few response headers
(CONTRIBUTING.md, "Security and hosting"); this module is their one
description:

- with every response: the Content-Security-Policy, ``nosniff``, and
  cross-origin isolation (COOP and COEP: the page may then share memory with
  its worker and interrupt a stale preview);
- with the addresses whose bytes never change (the runtime's files named
  with ``?v=`` and a digest, ``pyodide/<version>/``, Material's hashed
  bundles): ``Cache-Control: immutable``, so a returning reader's browser
  asks for none of them again;
- the types a host must get right (the runtime refuses a ``.wasm`` sent as
  anything but ``application/wasm``);
- the precompressed copies the build writes beside the large files
  (:data:`PRECOMPRESSED`, :mod:`runtime.build.precompress`): a host that
  negotiates answers ``<file>`` with the best copy the browser accepts, with
  its ``Content-Encoding`` and ``Vary: Accept-Encoding``;
- on a page with rollers, the ``Link`` header of its first visit
  (:mod:`runtime.build.first_visit`).

``scripts/serve.py`` (``make serve``, the browser tests) and
``scripts/dev.py`` (``make dev``) send what :func:`headers_for` and
:data:`TYPES` say. The build writes the same rules, for the files it built,
into ``_headers`` (:func:`write_host_files`), the file Netlify and
Cloudflare Pages read, and the ``Link`` header of each page with rollers
into ``_prefetch.nginx`` and ``_prefetch.caddy``, which the snippets for
nginx and Caddy in ``hosting/`` include (they hold no list of pages); all
three are written after ``sw.js``, whose list must not name them. The
snippets for nginx, Caddy and Apache are checked against this module by
``tests/site/test_hosts.py``.
"""

from __future__ import annotations

import re
import urllib.parse
from pathlib import Path

from runtime.build.first_visit import first_visit_addresses, prefetch_link
from runtime.build.manifest import RuntimeManifest, read_manifest
from runtime.build.offline import HOST_FILES, file_list
from runtime.build.precompress import PRECOMPRESSED

__all__ = [
    "CADDY_PREFETCH_FILE",
    "CONTENT_SECURITY_POLICY",
    "EVERY_RESPONSE",
    "HEADERS_FILE",
    "HOST_FILES",
    "HOST_TYPES",
    "IMMUTABLE_CACHE",
    "IMMUTABLE_PATHS",
    "NGINX_PREFETCH_FILE",
    "PRECOMPRESSED",
    "SITEMAP_LOCATION",
    "TYPES",
    "VERSIONED_QUERY",
    "caddy_prefetch_file",
    "first_visit_links",
    "headers_file",
    "headers_for",
    "is_immutable",
    "nginx_prefetch_file",
    "page_address",
    "site_base_path",
    "write_host_files",
]

# img-src adds data: because Material's stylesheet draws its icons from data: URIs;
# 'wasm-unsafe-eval' lets the worker compile Pyodide, and nothing else.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "img-src 'self' data:"
)
EVERY_RESPONSE: dict[str, str] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    # Every file is this site's own, so cross-origin isolation blocks nothing.
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
}
IMMUTABLE_CACHE = "public, max-age=31536000, immutable"
# Addresses whose bytes never change: the runtime's files carry a digest of
# their content (?v=, matched in the query), Pyodide sits under its version,
# Material's bundles have a hash in their names (matched in the path from the
# site's root). The snippets of hosting/ quote these expressions.
VERSIONED_QUERY = re.compile(r"(^|&)v=[0-9a-f]{8,}(&|$)")
IMMUTABLE_PATHS = (
    re.compile(r"^/pyodide/[0-9][^/]*/"),
    re.compile(r"^/assets/(javascripts|stylesheets)/.*\.[0-9a-f]{8}\.min\.(js|css)$"),
)
# The types a host must send and often does not (a module script or a wasm
# of another type is refused); every snippet of hosting/ sets them.
HOST_TYPES: dict[str, str] = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".webmanifest": "application/manifest+json",
}
# What scripts/serve.py sends besides Python's defaults.
TYPES: dict[str, str] = {
    **HOST_TYPES,
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".bin": "application/octet-stream",
}
# What the build writes for hosts, named where the service worker's list
# leaves them out (runtime/build/offline.py).
HEADERS_FILE, NGINX_PREFETCH_FILE, CADDY_PREFETCH_FILE = HOST_FILES
SITEMAP_LOCATION = re.compile(r"<loc>(.*?)</loc>")


def is_immutable(address: str) -> bool:
    """True when the bytes at ``address`` (a path from the site's root, with
    any query) never change."""
    path, _, query = address.partition("?")
    return bool(VERSIONED_QUERY.search(query)) or any(
        pattern.search(path) for pattern in IMMUTABLE_PATHS
    )


def headers_for(address: str) -> dict[str, str]:
    """The headers sent with the file at ``address``, its path from the
    site's root with any query (``/pyodide/314.0.7/pyodide.asm.wasm``,
    ``/assets/rp/py/snapshot.bin?v=...``), besides its type."""
    headers = dict(EVERY_RESPONSE)
    if is_immutable(address):
        headers["Cache-Control"] = IMMUTABLE_CACHE
    return headers


def site_base_path(site_dir: Path) -> str:
    """The path the site was built to be served at (that of ``SITE_URL``):
    that of its home page in the sitemap (the shortest address there), ``/``
    without one."""
    sitemap = site_dir / "sitemap.xml"
    if not sitemap.exists():
        return "/"
    locations = SITEMAP_LOCATION.findall(sitemap.read_text(encoding="utf-8"))
    if not locations:
        return "/"
    path = urllib.parse.urlsplit(min(locations, key=len)).path or "/"
    return path if path.endswith("/") else path + "/"


def page_address(site: Path, path: Path) -> str:
    """The address (from the site's root) of the built page at ``path`` in
    ``site``: ``/cairn/rules/`` for ``cairn/rules/index.html``."""
    relative = path.relative_to(site).as_posix()
    if relative == "index.html" or relative.endswith("/index.html"):
        relative = relative.removesuffix("index.html")
    return "/" + relative


def first_visit_links(manifest: RuntimeManifest | None, pages: list[str],
                      snapshot_encoded: bool) -> list[tuple[str, str]]:
    """Each of ``pages`` (addresses of pages with rollers) with the ``Link``
    header of its first visit: the wasm, and the snapshot too where the host
    sends it encoded (runtime/build/first_visit.py); none without a manifest."""
    if manifest is None:
        return []
    addresses = first_visit_addresses(manifest, snapshot_encoded)
    return [(page, prefetch_link(page, addresses)) for page in pages]


def headers_file(site: Path, links: list[tuple[str, str]]) -> str:
    """``_headers`` for the build in ``site``: the headers of every response
    for every path, then ``Cache-Control`` for each file the site asks for at
    an address :func:`is_immutable` accepts, then each page of ``links`` (the
    pages with rollers) with its first visit's ``Link``. These hosts match paths, never a
    query, so a file the runtime asks for with ``?v=`` gets its rule by its
    path: the site never asks for it without. Both hosts already send the
    types of :data:`TYPES`."""
    lines = [
        "# Written by python -m runtime.build (runtime/build/hosts.py): the headers",
        "# of scripts/serve.py, for Netlify and Cloudflare Pages.",
        "/*",
        *(f"  {name}: {value}" for name, value in EVERY_RESPONSE.items()),
    ]
    immutable = set()
    for address in file_list(site):
        path = "/" + address.removeprefix("./")
        if is_immutable(path):
            immutable.add(path.split("?", 1)[0])
    for path in sorted(immutable):
        lines += [path, f"  Cache-Control: {IMMUTABLE_CACHE}"]
    for page, link in links:
        lines += [page, f"  Link: {link}"]
    return "\n".join(lines) + "\n"


def nginx_prefetch_file(links: list[tuple[str, str]], base: str = "/") -> str:
    """``_prefetch.nginx``: a map from the ``$uri`` of each page of ``links``
    (``/cairn/rules/``, or ``/cairn/rules/index.html`` once nginx has found
    its index), under the site's path ``base``, to its first visit's
    ``Link``; empty for every other address, which nginx then sends no
    header for."""
    lines = [
        "# Written by python -m runtime.build (runtime/build/hosts.py): the Link header",
        "# of a first visit to each page with rollers, for hosting/nginx.conf, which",
        "# includes this file in the http context and sends $srd_prefetch as Link.",
        "map $uri $srd_prefetch {",
        '    default "";',
    ]
    for page, link in links:
        pattern = "^" + re.escape(base.rstrip("/") + page) + r"(index\.html)?$"
        lines.append(f'    "~{pattern}" "{link}";')
    return "\n".join([*lines, "}"]) + "\n"


def caddy_prefetch_file(links: list[tuple[str, str]], base: str = "/") -> str:
    """``_prefetch.caddy``: for each page of ``links``, under the site's path
    ``base``, a matcher of its two paths and its first visit's ``Link``."""
    lines = [
        "# Written by python -m runtime.build (runtime/build/hosts.py): the Link header",
        "# of a first visit to each page with rollers, for hosting/Caddyfile, which",
        "# imports this file in the site's block.",
    ]
    for number, (page, link) in enumerate(links, start=1):
        path = base.rstrip("/") + page
        lines += [f"@srd_prefetch_{number} path {path} {path}index.html",
                  f'header @srd_prefetch_{number} Link "{link}"']
    return "\n".join(lines) + "\n"


def write_host_files(site: Path, pages: list[str]) -> list[Path]:
    """Writes :data:`HOST_FILES` into ``site``; returns their paths. ``pages``:
    the addresses of the pages with rollers (:func:`page_address`), as the
    build has found them."""
    pages = sorted(pages)
    manifest = read_manifest(site)
    # Netlify and Cloudflare Pages send snapshot.bin as they choose, not from
    # its copies: the wasm only (runtime/build/first_visit.py). nginx and
    # Caddy send it from the build's copies, encoded for every browser: both.
    wasm_only = first_visit_links(manifest, pages, snapshot_encoded=False)
    links = first_visit_links(manifest, pages, snapshot_encoded=True)
    base = site_base_path(site)
    written = []
    for name, text in ((HEADERS_FILE, headers_file(site, wasm_only)),
                       (NGINX_PREFETCH_FILE, nginx_prefetch_file(links, base)),
                       (CADDY_PREFETCH_FILE, caddy_prefetch_file(links, base))):
        target = site / name
        target.write_text(text, "utf-8")
        written.append(target)
    return written
