"""What a host sends ahead to a page with rollers: ``Link: rel=prefetch``.

On a first visit over a mobile link the first roll is bound by bytes, and
the worker asks for the two large files it needs, Pyodide's wasm and the
memory snapshot, only once the page has been parsed, ``boot.js`` has run and
the worker's thread has started: about 1 s after the navigation at 4x slowed
processor. A ``Link`` header with ``rel=prefetch`` on the page's response
asks for them as the page arrives; the worker's own requests then read the
HTTP cache's entries as they fill (the same addresses, so nothing comes
twice). Measured on ``cairn/rules/``, cold visits at 4x over the 9 Mbit/s
link, 3 interleaved rounds: the first roll at 6.35 s against 6.98 s, the
form at 0.90 against 0.71 s (the page's own files share the link); see
``runtime/README.md``, step 2.

Which files, and where:

- the wasm always: every start needs it, whatever the host sends;
- the snapshot only where the host sends it encoded (one that negotiates:
  ``scripts/serve.py``, Caddy and nginx with the build's copies). A host that
  sends ``snapshot.bin`` as it is (GitHub Pages; Netlify and Cloudflare Pages
  compress by their own types) makes the worker stop it and read
  ``snapshot.bin.gz`` instead, so a prefetch of it would bring 13 MB for
  nothing. ``_headers`` (Netlify, Cloudflare Pages) names the wasm only.

The service worker keeps each page without this header (``offline/sw.js``),
so a returning reader's visit, whose files come from its cache, prefetches
nothing.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable

from runtime.build.manifest import RuntimeManifest
from runtime.build.python_runtime import WASM_NAME

__all__ = ["first_visit_addresses", "prefetch_link"]


def first_visit_addresses(manifest: RuntimeManifest, snapshot_encoded: bool) -> tuple[str, ...]:
    """The addresses (from the site's root, as the worker asks for them) a
    page with rollers prefetches: the wasm, and the snapshot where the host
    sends it encoded."""
    wasm = manifest.pyodide_index + WASM_NAME
    return (wasm, manifest.snapshot.address) if snapshot_encoded else (wasm,)


def prefetch_link(page: str, addresses: Iterable[str]) -> str:
    """The ``Link`` header's value for the page at ``page`` (its path from
    the site's root, ``/cairn/rules/``): each address relative to the page,
    so the header holds under any path the site is served at."""
    folder = page if page.endswith("/") else posixpath.dirname(page) + "/"
    links = []
    for address in addresses:
        path, _, query = address.partition("?")
        relative = posixpath.relpath("/" + path.lstrip("/"), folder)
        links.append(f"<{relative}{'?' + query if query else ''}>; rel=prefetch")
    return ", ".join(links)
