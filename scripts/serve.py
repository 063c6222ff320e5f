"""Serve the built site on 127.0.0.1 as a static host would, with the CSP.

The headers are the point: ``.wasm`` as ``application/wasm`` (the runtime
refuses another type), the Content-Security-Policy the site promises to work
under, cross-origin isolation (COOP and COEP: the page may then share memory
with its worker and interrupt a stale preview), gzip for compressible files
when the client accepts it (the wasm shrinks to a third; the memory snapshot
comes gzipped already), and ``Cache-Control: immutable`` for the addresses
that change with their content (``?v=``, ``pyodide/<version>/``, Material's
hashed bundles). Standard library
only. ``make serve`` and the browser tests both use this server.

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
import re
import threading
from pathlib import Path
from typing import Any, ClassVar

# img-src adds data: because Material's stylesheet draws its icons from data: URIs.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "img-src 'self' data:"
)
ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
}
EXTRA_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".bin": "application/octet-stream",
}
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
# Addresses whose bytes never change: the runtime's files carry a digest of
# their content (?v=), Pyodide sits under its version, Material's bundles
# have a hash in their names. A returning reader's browser uses its copy
# without asking again (one round trip less for each, on every start-up).
IMMUTABLE = re.compile(
    r"\?(.*&)?v=[0-9a-f]{8,}(&|$)"
    r"|^/pyodide/[0-9][^/]*/"
    r"|^/assets/(javascripts|stylesheets)/.*\.[0-9a-f]{8}\.min\.(js|css)$"
)


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


def accepts_gzip(header: str | None) -> bool:
    """True when an Accept-Encoding header allows gzip (q=0 refuses it)."""
    for part in (header or "").split(","):
        coding, _, params = part.strip().partition(";")
        if coding.strip().lower() in {"gzip", "*"}:
            quality = params.strip()
            return not (quality.startswith("q=") and float(quality[2:] or 0) == 0)
    return False


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **EXTRA_TYPES,
    }

    gzip_cache: ClassVar[_GzipCache] = _GzipCache()

    def do_GET(self) -> None:
        if self.path.split("?")[0] == "/sitemap.xml":
            self._send_local_sitemap()
            return
        if self._send_compressed():
            return
        super().do_GET()

    def _send_compressed(self) -> bool:
        """Send the file gzipped if it is worth it and the client accepts it."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path) or not accepts_gzip(self.headers.get("Accept-Encoding")):
            return False
        content_type = self.guess_type(path)
        if not content_type.startswith(COMPRESSIBLE_TYPES):
            return False
        stat = os.stat(path)
        modified = email.utils.formatdate(stat.st_mtime, usegmt=True)
        if self.headers.get("If-Modified-Since") == modified:
            self.send_response(304)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return True
        body = self.gzip_cache.get(path)
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", modified)
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        if self.command != "HEAD":
            # A reader who navigates away drops the connection mid-file.
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self.wfile.write(body)
        return True

    def copyfile(self, source: Any, outputfile: Any) -> None:
        # A reader who navigates away, or a worker that gives up a download
        # (the snapshot on a slow link), drops the connection mid-file.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().copyfile(source, outputfile)

    def do_HEAD(self) -> None:
        if self._send_compressed():
            return
        super().do_HEAD()

    def _send_local_sitemap(self) -> None:
        sitemap = Path(self.directory) / "sitemap.xml"
        if not sitemap.exists():
            self.send_error(404)
            return
        text = sitemap.read_text(encoding="utf-8")
        locations = re.findall(r"<loc>(.*?)</loc>", text)
        if locations:
            home = min(locations, key=len)  # the site's root page is the shortest address
            text = text.replace(home, f"http://{self.headers.get('Host', '127.0.0.1')}/")
        body = text.encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self) -> None:
        if IMMUTABLE.search(self.path):
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        self.send_header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        self.send_header("X-Content-Type-Options", "nosniff")
        # Cross-origin isolation: lets the page share memory with its worker,
        # which is how a stale odds preview is interrupted (worker-link.js).
        # Every file is this site's own, so nothing is blocked by it.
        for name, value in ISOLATION_HEADERS.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if self.server.quiet:  # type: ignore[attr-defined]
            return
        super().log_message(format, *args)


def make_server(site_dir: Path, port: int, quiet: bool = False) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(SiteHandler, directory=str(site_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.quiet = quiet  # type: ignore[attr-defined]
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dir", default="site", type=Path)
    parser.add_argument("--port", default=8000, type=int)
    args = parser.parse_args()
    server = make_server(args.dir, args.port)
    print(f"Serving {args.dir}/ on http://127.0.0.1:{args.port}/ (Ctrl+C to stop)")
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
