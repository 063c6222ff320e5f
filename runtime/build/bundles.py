"""Build step: the page's modules, and the worker's, each as one file.

``page/boot.js`` imports about thirty modules. Served one by one, each was a
request the page's thread had to issue and a module Chromium compiled again
on every visit: a traced warm visit on a phone's processor (4x slower)
spent 173 ms of that thread issuing the preloads of the roller page's head,
and 64 to 110 ms writing V8's code cache for the modules, which Chromium
never reads back for a page's module scripts. The worker's imports (the
build manifest, ``worker/snapshot.js``, ``contract/messages.js``) are
written into it too: a module worker fetches its imports only after it has
parsed itself, one more round of requests before Python could start (this
replaces the regular expressions that inlined them before).

esbuild (``bundle.mjs``) writes each entry of :data:`BUNDLED_ENTRIES` with
every module it imports, still one ES module at the entry's address; the
build manifest, a JSON module, is written in as data once it exists (after
the Python step). The modules taken in are then removed from the site, so
no page can load a second instance of one beside its bundle's (two
workers, two stores). The sources stay modules: the type check, the Node
tests and the bundles read them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from runtime.build.assets import SITE_FOLDER

__all__ = ["BUNDLED_ENTRIES", "BundleError", "bundle", "bundle_runtime"]

HERE = Path(__file__).resolve().parent
# Under assets/rp/: the page's entry and the worker's.
BUNDLED_ENTRIES = ("page/boot.js", "worker/worker.js")


class BundleError(RuntimeError):
    """An entry could not be bundled."""


def bundle(entry: Path, root: Path) -> list[Path]:
    """Writes ``entry`` with every module it imports over ``entry``, each
    named in a comment by its path under ``root``; returns the files read,
    the entry included. Raises BundleError, leaving ``entry`` as it was."""
    node = shutil.which("node")
    if node is None:
        raise BundleError("Node.js is required to bundle the runtime's modules.")
    entry = entry.resolve()
    written = entry.with_name(entry.name + ".bundle")
    try:
        done = subprocess.run([node, str(HERE / "bundle.mjs"), str(entry), str(written)],
                              cwd=root, check=True, capture_output=True, text=True)
    except subprocess.CalledProcessError as error:
        raise BundleError(f"esbuild could not bundle {entry}:\n{error.stderr}") from error
    sys.stderr.write(done.stderr)  # esbuild's warnings, if any
    read = [(root / name).resolve() for name in json.loads(done.stdout.splitlines()[-1])]
    written.replace(entry)
    return read


def bundle_runtime(site: Path, entries: tuple[str, ...] = BUNDLED_ENTRIES) -> list[str]:
    """Bundles each of ``entries`` (under the site's ``assets/rp/``), then
    removes the modules they took in; returns the site paths removed."""
    rp = (site / SITE_FOLDER).resolve()
    read: set[Path] = set()
    for entry in entries:
        read.update(bundle(rp / entry, rp))
    removed = []
    for path in sorted(read):
        if path.suffix != ".js":  # the build manifest stays
            continue
        relative = path.relative_to(rp).as_posix()
        if relative in entries:
            continue
        path.unlink()
        removed.append(f"{SITE_FOLDER}/{relative}")
    for folder in sorted({path.parent for path in read}, reverse=True):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    return removed
