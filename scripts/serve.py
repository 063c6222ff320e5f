"""Serve the built site on 127.0.0.1 as a static host would, with the CSP.

The headers are the point: ``.wasm`` as ``application/wasm`` (Pyodide hangs
on a wrong type) and the Content-Security-Policy the site promises to work
under. ``make serve`` and the browser tests both use this server.

``sitemap.xml`` is served with its addresses moved to this server, as
``mkdocs serve`` does: Material's instant navigation only follows links
listed in the sitemap, matched with their port and path, so without this a
local copy would fall back to full page loads.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import re
from pathlib import Path
from typing import ClassVar

# img-src adds data: because Material's stylesheet draws its icons from data: URIs.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "img-src 'self' data:"
)
EXTRA_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
    ".whl": "application/zip",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **EXTRA_TYPES,
    }

    def do_GET(self) -> None:
        if self.path.split("?")[0] == "/sitemap.xml":
            self._send_local_sitemap()
            return
        super().do_GET()

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
        self.send_header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        self.send_header("X-Content-Type-Options", "nosniff")
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
