"""Build step: the site offline and installable (the last of ``python -m runtime.build``).

It writes into the built site:

- ``manifest.webmanifest`` and its icons (``assets/rp/icons/``, PNGs drawn
  here with the standard library: a die showing five on the theme's indigo),
  so a phone can install the site;
- ``sw.js``, the service worker (``runtime/offline/sw.js``) with the list of
  every file of the build and a digest of each (not the precompressed copies
  of :mod:`runtime.build.precompress`: the browser decodes whichever copy a
  host sends, and the cache holds each file once, decoded), and the gzipped
  copy to ask for where a host sends a file without encoding it (from the
  build's manifest), injected where the source says ``"__BUILD__"``, as
  Workbox's injectManifest does; its cache is named after a digest of them
  all, so a new build replaces the old cache whole.

Standard library only.
"""

from __future__ import annotations

import hashlib
import json
import re
import struct
import zlib
from pathlib import Path

from runtime.build.manifest import read_manifest
from runtime.build.precompress import is_copy

ROOT = Path(__file__).resolve().parent.parent.parent
TEMPLATE = ROOT / "runtime" / "offline" / "sw.js"
PLACEHOLDER = '"__BUILD__"'
ICON_DIR = "assets/rp/icons"
ICON_SIZES = (192, 512)
# Material's indigo (the light scheme's primary) and its dark scheme's header.
THEME_COLOUR = "#4051b5"
BACKGROUND_COLOUR = "#ffffff"
INDIGO = (0x40, 0x51, 0xB5)
WHITE = (0xFF, 0xFF, 0xFF)
# Not part of the site a reader uses: the build's own stamp, the compressed
# sitemap (the sitemap itself is kept: instant navigation reads it), and the
# hosts' files (named here, written by build/hosts.py after sw.js; a second
# run of the build over the same site finds them, and Netlify and Cloudflare
# Pages do not serve _headers: asked for, it would fail the service worker's
# install).
HOST_FILES = ("_headers", "_prefetch.nginx", "_prefetch.caddy")
SKIPPED = {"sw.js", ".built", "sitemap.xml.gz", *HOST_FILES}
# Nor the pages a bench writes into the built site while it runs and removes
# after (bench/bench_startup.py): a build run meanwhile listed them, and the
# service worker's install then failed on their 404s, so every later visit
# came from the network.
SKIPPED_FOLDERS = {"__bench__"}

__all__ = ["HOST_FILES", "build_offline", "file_list", "icon", "manifest", "png", "site_config"]


def png(width: int, height: int, pixels: list[bytes]) -> bytes:
    """A PNG (8-bit RGB) from rows of ``width * 3`` bytes."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + row for row in pixels)  # filter type 0 for every row
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def icon(size: int) -> bytes:
    """A white die showing five on indigo, inside the safe zone of a maskable
    icon (the middle 80%), so it may be cropped to any shape."""
    face_half = size * 0.26
    corner = size * 0.06
    pip_radius = size * 0.045
    centre = size / 2
    offset = size * 0.13
    pips = [(centre, centre)] + [
        (centre + dx * offset, centre + dy * offset) for dx in (-1, 1) for dy in (-1, 1)
    ]

    def on_face(x: float, y: float) -> bool:
        dx = max(abs(x - centre) - (face_half - corner), 0.0)
        dy = max(abs(y - centre) - (face_half - corner), 0.0)
        return dx * dx + dy * dy <= corner * corner

    rows = []
    for row in range(size):
        y = row + 0.5
        line = bytearray()
        for column in range(size):
            x = column + 0.5
            colour = INDIGO
            if on_face(x, y):
                near_pip = any((x - px) ** 2 + (y - py) ** 2 <= pip_radius**2 for px, py in pips)
                colour = INDIGO if near_pip else WHITE
            line += bytes(colour)
        rows.append(bytes(line))
    return png(size, size, rows)


def manifest(site_name: str, short_name: str, description: str) -> dict[str, object]:
    icons: list[dict[str, str]] = []
    for size in ICON_SIZES:
        for purpose in ("any", "maskable"):
            icons.append({"src": f"{ICON_DIR}/icon-{size}.png", "sizes": f"{size}x{size}",
                          "type": "image/png", "purpose": purpose})
    return {
        "name": site_name,
        "short_name": short_name,
        "description": description,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": icons,
    }


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def file_list(site: Path) -> dict[str, str]:
    """Every file of the build by the address it is asked for -> its digest.
    A page ``x/index.html`` is listed as ``x/``, the address a link uses."""
    runtime = read_manifest(site)
    versioned = runtime.versioned_addresses() if runtime else {}
    files: dict[str, str] = {}
    for path in sorted(site.rglob("*")):
        if not path.is_file() or (path.name in SKIPPED and path.parent == site):
            continue
        if path.relative_to(site).parts[0] in SKIPPED_FOLDERS:
            continue
        if path.name == ".built" or "__pycache__" in path.parts or is_copy(path):
            continue
        relative = path.relative_to(site).as_posix()
        if relative == "index.html":
            address = "./"
        elif relative.endswith("/index.html"):
            address = relative[: -len("index.html")]
        else:
            address = versioned.get(relative, relative)
        files[address] = _digest(path.read_bytes())
    return files


def build_offline(site: Path, site_name: str, short_name: str, description: str) -> str:
    """Writes the icons, the manifest and sw.js; returns the cache version."""
    icon_dir = site / ICON_DIR
    icon_dir.mkdir(parents=True, exist_ok=True)
    for size in ICON_SIZES:
        target = icon_dir / f"icon-{size}.png"
        data = icon(size)
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
    (site / "manifest.webmanifest").write_text(
        json.dumps(manifest(site_name, short_name, description), indent=1) + "\n", "utf-8"
    )
    files = file_list(site)
    version = _digest(json.dumps(files, sort_keys=True).encode("utf-8"))
    runtime = read_manifest(site)
    gzip_copies = runtime.gzip_copies if runtime else {}
    build = json.dumps({"version": version, "files": files, "gzipCopies": gzip_copies},
                       indent=0, sort_keys=True)
    template = TEMPLATE.read_text("utf-8")
    if template.count(PLACEHOLDER) != 1:  # a second one (in a comment, say) would be replaced too
        raise SystemExit(f"{TEMPLATE} must hold {PLACEHOLDER} once")
    (site / "sw.js").write_text(template.replace(PLACEHOLDER, build), "utf-8")
    return version


def site_config() -> tuple[str, str]:
    """site_name and site_description of mkdocs.yml (plain lines, read without YAML)."""
    text = (ROOT / "mkdocs.yml").read_text("utf-8")
    name = re.search(r"^site_name: (.+)$", text, re.MULTILINE)
    description = re.search(r"^site_description: (.+)$", text, re.MULTILINE)
    return (name.group(1).strip() if name else "SRD",
            description.group(1).strip() if description else "")
