"""Serve the built site on 127.0.0.1 as a static host would, with its headers.

The headers are the point, and they are not written here: the
Content-Security-Policy the site promises to work under, ``nosniff``,
cross-origin isolation (COOP and COEP), ``Cache-Control: immutable`` for the
addresses that change with their content, and the types a host must get
right (``.wasm`` as ``application/wasm``) all come from
``runtime/build/hosts.py``, the one source the build's ``_headers`` and the
snippets of ``hosting/`` follow too. Here, as a host that negotiates: a file
with precompressed copies beside it (``<file>.br``, ``.zst``, ``.gz``, written
by ``runtime/build/precompress.py``) is answered with the best copy the
client's ``Accept-Encoding`` allows (brotli, then zstd, then gzip), with its
``Content-Encoding``; another compressible file is gzipped here when the
client accepts gzip; every compressible file is sent with ``Vary:
Accept-Encoding``; a page with rollers that goes encoded carries the
``Link`` header that prefetches the wasm and the snapshot on a first visit
(``runtime/build/first_visit.py``). And, as a static host does, the site's own ``404.html``
for an address it does not hold. Standard library and the
project only. ``make serve``, ``make dev`` (``scripts/dev.py``) and the
browser tests use this server.

The site is served under the path its build was made for (the path of
``SITE_URL``, read back from the sitemap: ``/`` when none was set), so a
build for ``https://example.org/srd/`` is served at ``/srd/`` here too, and
``/`` sends the browser there.

``sitemap.xml`` is served with its addresses moved to this server, as
``mkdocs serve`` does: Material's instant navigation only follows links
listed in the sitemap, matched with their port and path, so without this a
local copy would fall back to full page loads.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import functools
import gzip
import http.server
import os
import sys
import threading
from http import HTTPStatus
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: the project's modules are beside it
    sys.path.insert(0, str(ROOT))

from runtime.build.first_visit import first_visit_addresses, prefetch_link  # noqa: E402
from runtime.build.hosts import (  # noqa: E402
    CONTENT_SECURITY_POLICY,
    PRECOMPRESSED,
    SITEMAP_LOCATION,
    TYPES,
    headers_for,
    is_immutable,
    site_base_path,
)
from runtime.build.manifest import MANIFEST_ADDRESS, RuntimeManifest, read_manifest  # noqa: E402
from runtime.build.roller_pages import has_rollers  # noqa: E402

__all__ = [
    "CONTENT_SECURITY_POLICY",
    "SiteHandler",
    "accepted_encodings",
    "accepts_gzip",
    "is_immutable",
    "make_server",
    "site_base_path",
]

# Worth compressing: text, wasm and the memory snapshot (mostly zeros). Zip
# archives (the stdlib, the wheel) are compressed already.
COMPRESSIBLE_TYPES = (
    "text/",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "application/wasm",
    "application/xml",
    "application/octet-stream",
    "image/svg+xml",
)
GZIP_LEVEL = 6


class _RollerPages:
    """Whether a built page holds a roller, and the build's manifest, each
    read once per version of its file (a build may replace them while the
    server runs)."""

    def __init__(self) -> None:
        self._pages: dict[str, tuple[float, bool]] = {}
        self._manifests: dict[str, tuple[float, RuntimeManifest | None]] = {}  # by site
        self._lock = threading.Lock()

    def holds_roller(self, path: str) -> bool:
        modified = os.stat(path).st_mtime
        with self._lock:
            known = self._pages.get(path)
        if known is not None and known[0] == modified:
            return known[1]
        with open(path, encoding="utf-8") as source:
            answer = has_rollers(source.read())
        with self._lock:
            self._pages[path] = (modified, answer)
        return answer

    def manifest(self, site: str) -> RuntimeManifest | None:
        source = os.path.join(site, MANIFEST_ADDRESS)
        modified = os.stat(source).st_mtime if os.path.exists(source) else -1.0
        with self._lock:
            known = self._manifests.get(site)
            if known is None or known[0] != modified:
                known = (modified, read_manifest(Path(site)) if modified >= 0 else None)
                self._manifests[site] = known
            return known[1]


class _GzipCache:
    """Compressed bodies by (path, size, mtime): each file is compressed once
    per server process, not once per request (the wasm takes about a second)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._bodies: dict[tuple[str, int, int], bytes] = {}

    def get(self, path: str) -> bytes:
        stat = os.stat(path)
        key = (path, stat.st_size, stat.st_mtime_ns)
        with self._lock:
            body = self._bodies.get(key)
        if body is None:
            with open(path, "rb") as source:
                body = gzip.compress(source.read(), compresslevel=GZIP_LEVEL, mtime=0)
            with self._lock:
                self._bodies[key] = body
        return body


def _current_copy(path: str, copy: str) -> bool:
    """A precompressed copy there, and not older than its file: a file written
    again without its copies (a page rebuilt by hand, an edited build) is
    never answered with what it was before."""
    try:
        return os.stat(copy).st_mtime_ns >= os.stat(path).st_mtime_ns
    except FileNotFoundError:
        return False


def accepted_encodings(header: str | None) -> set[str]:
    """The content codings of :data:`PRECOMPRESSED` an Accept-Encoding header
    allows: named with a quality above 0, or left to ``*`` (q=0 refuses)."""
    qualities: dict[str, float] = {}
    for part in (header or "").split(","):
        coding, *params = (piece.strip() for piece in part.split(";"))
        if not coding:
            continue
        quality = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        qualities[coding.lower()] = quality
    star = qualities.get("*", 0.0)
    return {name for name, _ in PRECOMPRESSED if qualities.get(name, star) > 0}


def accepts_gzip(header: str | None) -> bool:
    """True when an Accept-Encoding header allows gzip (q=0 refuses it)."""
    return "gzip" in accepted_encodings(header)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    # The base class declares this an instance variable, so it cannot be a
    # ClassVar here; it is never mutated.
    extensions_map = {  # noqa: RUF012
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **TYPES,
    }

    gzip_cache: ClassVar[_GzipCache] = _GzipCache()
    roller_pages: ClassVar[_RollerPages] = _RollerPages()
    vary = False  # this answer depends on Accept-Encoding (set per request)
    link: str | None = None  # the page's Link header (set per request)
    # The path the site is served at (the server sets it: make_server).
    base_path: ClassVar[str] = "/"

    def site_address(self) -> str | None:
        """The request's address from the site's root (path and query), or
        None for an address outside the site."""
        if not self.path.startswith(self.base_path):
            return None
        return "/" + self.path[len(self.base_path):]

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.base_path):
            # Below a file, so nothing is there: the site's 404.
            return os.path.join(self.directory, "404.html", "outside-the-site")
        return super().translate_path("/" + path[len(self.base_path):])

    def do_GET(self) -> None:
        self.vary = False  # set by _send_compressed for a file whose encoding varies
        self.link = None
        if self._send_to_base():
            return
        if (self.site_address() or "").split("?")[0] == "/sitemap.xml":
            self._send_local_sitemap()
            return
        if self._send_compressed():
            return
        super().do_GET()

    def _send_to_base(self) -> bool:
        """``/`` of a site built for a sub-path, or that path without its
        final slash, sends the browser there."""
        if self.base_path == "/" or self.path.split("?")[0] not in ("/", self.base_path[:-1]):
            return False
        self.send_response(HTTPStatus.FOUND)
        self.send_header("Location", self.base_path)
        self.send_header("Content-Length", "0")
        self.end_headers()
        return True

    def _send_compressed(self) -> bool:
        """Send the best precompressed copy of the file the client accepts,
        or the file gzipped here if it is worth it and the client accepts
        gzip; False when the file goes as it is (``Vary`` still said)."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return False
        content_type = self.guess_type(path)
        if not content_type.startswith(COMPRESSIBLE_TYPES) and not any(
                _current_copy(path, path + suffix) for _, suffix in PRECOMPRESSED):
            return False
        self.vary = True
        accepted = accepted_encodings(self.headers.get("Accept-Encoding"))
        if content_type.startswith("text/html") and self.roller_pages.holds_roller(path):
            # With the page however it goes, encoded or as it is (end_headers).
            self.link = self._first_visit_link(accepted)
        encoding = self._encoding_for(path, accepted)
        if encoding is None:
            return False
        stat = os.stat(path)
        modified = email.utils.formatdate(stat.st_mtime, usegmt=True)
        if self.headers.get("If-Modified-Since") == modified:
            self.send_response(304)
            self.end_headers()
            return True
        name, copy = encoding
        if copy is None:
            body = self.gzip_cache.get(path)
        else:
            with open(copy, "rb") as source:
                body = source.read()
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Encoding", name)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", modified)
        self.end_headers()
        if self.command != "HEAD":
            # A reader who navigates away drops the connection mid-file.
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self.wfile.write(body)
        return True

    def _encoding_for(self, path: str, accepted: set[str]) -> tuple[str, str | None] | None:
        """How the file at ``path`` goes to a client that accepts ``accepted``:
        (encoding, its precompressed copy, or None to gzip here), or None
        when it goes as it is."""
        for name, suffix in PRECOMPRESSED:
            if name in accepted and _current_copy(path, path + suffix):
                return name, path + suffix
        if "gzip" in accepted and self.guess_type(path).startswith(COMPRESSIBLE_TYPES):
            return "gzip", None
        return None

    def _first_visit_link(self, accepted: set[str]) -> str | None:
        """The Link header of a page with rollers (runtime/build/first_visit.py):
        the wasm, and the snapshot when this client gets it encoded."""
        manifest = self.roller_pages.manifest(self.directory)
        if manifest is None:
            return None
        snapshot = os.path.join(self.directory, manifest.snapshot.path)
        encoded = self._encoding_for(snapshot, accepted) is not None
        page = (self.site_address() or "/").split("?")[0]
        return prefetch_link(page, first_visit_addresses(manifest, encoded))

    def copyfile(self, source: Any, outputfile: Any) -> None:
        # A reader who navigates away, or a worker that gives up a download
        # (the snapshot on a slow link), drops the connection mid-file.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().copyfile(source, outputfile)

    def do_HEAD(self) -> None:
        self.vary = False
        self.link = None
        if self._send_to_base() or self._send_compressed():
            return
        super().do_HEAD()

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A missing file answers with the site's own 404 page, as a static
        host does (GitHub Pages, Netlify, Cloudflare Pages)."""
        page = Path(self.directory) / "404.html"
        if code != HTTPStatus.NOT_FOUND or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = self.html_body(page.read_bytes())
        self.send_response(code)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self.wfile.write(body)

    def html_body(self, body: bytes) -> bytes:
        """A page as it is sent (``make dev`` adds its reload script here)."""
        return body

    def _send_local_sitemap(self) -> None:
        sitemap = Path(self.directory) / "sitemap.xml"
        if not sitemap.exists():
            self.send_error(404)
            return
        text = sitemap.read_text(encoding="utf-8")
        locations = SITEMAP_LOCATION.findall(text)
        if locations:
            # The site's root page is the shortest address; a build without
            # SITE_URL lists paths (/cairn/), one with it full addresses.
            home = min(locations, key=len)
            here = f"http://{self.headers.get('Host', '127.0.0.1')}{self.base_path}"
            text = SITEMAP_LOCATION.sub(
                lambda found: f"<loc>{here}{found.group(1)[len(home):]}</loc>", text
            )
        body = text.encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def send_response(self, code: int, message: str | None = None) -> None:
        self.status = code
        super().send_response(code, message)

    def end_headers(self) -> None:
        # Outside the site, the headers of its root; an error is never kept.
        headers = headers_for(self.site_address() or "/")
        if getattr(self, "vary", False):
            headers["Vary"] = "Accept-Encoding"
        if getattr(self, "link", None) and getattr(self, "status", 200) == 200:
            headers["Link"] = str(self.link)
        if getattr(self, "status", 200) >= 400:
            headers.pop("Cache-Control", None)
        for name, value in headers.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if self.server.quiet:  # type: ignore[attr-defined]
            return
        super().log_message(format, *args)


def make_server(
    site_dir: Path,
    port: int,
    quiet: bool = False,
    base_path: str | None = None,
    handler: type[SiteHandler] = SiteHandler,
) -> http.server.ThreadingHTTPServer:
    """A server of ``site_dir`` on 127.0.0.1:``port`` (0: any free port),
    under ``base_path`` (by default the one the site was built for)."""
    base = base_path or site_base_path(site_dir)
    serving = type(handler.__name__, (handler,), {"base_path": base})
    bound = functools.partial(serving, directory=str(site_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), bound)
    server.quiet = quiet  # type: ignore[attr-defined]
    server.base_path = base  # type: ignore[attr-defined]
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dir", default="site", type=Path)
    parser.add_argument("--port", default=8000, type=int)
    args = parser.parse_args()
    server = make_server(args.dir, args.port)
    address = f"http://127.0.0.1:{server.server_address[1]}{server.base_path}"  # type: ignore[attr-defined]
    print(f"Serving {args.dir}/ on {address} (Ctrl+C to stop)")
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
