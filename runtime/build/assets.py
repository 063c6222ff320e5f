"""Build step: the runtime's own files into the built site.

The browser runtime's JavaScript and CSS live in ``runtime/`` by role
(``page/``, ``worker/``, ``offline/``, ``material/``, ``styles/``, and
``contract/``, the messages both page and worker import; see
``runtime/README.md``); the site serves each folder under ``assets/rp/``
as it is, so their relative imports hold. Type declarations (``*.d.ts``)
are for the type check only and stay out of the site. The service worker's source is
written to the site's root by :mod:`runtime.build.offline` instead: its
scope is the whole site.

The page's modules and the worker's are then bundled, each into its entry
(:mod:`runtime.build.bundles`, after the Python step, which writes the build
manifest the worker's bundle holds).

Material's search worker is also named here, in the built copy of
``material/search-worker.js`` (which loads it once the rollers have
started): a name carried in the worker's address (after a ``#``) would be
lost when the service worker answers from its cache.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

__all__ = [
    "ASSET_FOLDERS",
    "PARTY_CATALOG",
    "SEARCH_WRAPPER",
    "copy_runtime",
    "name_material_search_worker",
    "write_party_catalog",
]

RUNTIME = Path(__file__).resolve().parent.parent
ASSET_FOLDERS = ("page", "worker", "offline", "material", "styles", "contract")
SITE_FOLDER = "assets/rp"
# The offline folder's service worker goes to the root, through offline.py.
NOT_COPIED = {"offline/sw.js"}
SEARCH_WRAPPER = "assets/rp/material/search-worker.js"
# Every game's character sheet and events (rules_py.web.party_catalog), which
# the party panel draws its forms from; fetched by page/party/catalog.js.
PARTY_CATALOG = "assets/rp/party-catalog.json"
# The wrapper's line naming Material's worker: a mark in the source, the
# worker's name in the built copy.
WORKER_NAME_LINE = re.compile(r'const MATERIAL_WORKER = "[^"\n]*";')


def copy_runtime(site: Path) -> list[str]:
    """Copies the runtime's asset folders into ``site``; returns the site
    paths written. A folder's old copy is replaced whole, so a file removed
    from the source is gone from the site too."""
    written: list[str] = []
    for folder in ASSET_FOLDERS:
        target = site / SITE_FOLDER / folder
        if target.exists():
            shutil.rmtree(target)
        for source in sorted((RUNTIME / folder).rglob("*")):
            relative = source.relative_to(RUNTIME).as_posix()
            if not source.is_file() or relative in NOT_COPIED or source.name.endswith(".d.ts"):
                continue
            destination = site / SITE_FOLDER / relative
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, destination)
            written.append(f"{SITE_FOLDER}/{relative}")
    written.append(write_party_catalog(site))
    return written


def write_party_catalog(site: Path) -> str:
    """Writes the party's catalog, from the same rules_py the site ships."""
    from rules_py import web

    target = site / PARTY_CATALOG
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(web.party_catalog_json(), encoding="utf-8")
    return PARTY_CATALOG


def name_material_search_worker(site: Path) -> str:
    """Writes the name of Material's search worker into the built wrapper;
    returns it. Exactly one such worker must have been built."""
    built = site / "assets/javascripts/workers"
    workers = sorted(path.name for path in built.glob("search.*.min.js"))
    if len(workers) != 1:
        raise ValueError(f"expected one Material search worker in {site}, found {workers}")
    wrapper = site / SEARCH_WRAPPER
    source = wrapper.read_text(encoding="utf-8")
    if len(WORKER_NAME_LINE.findall(source)) != 1:
        raise ValueError(f"{wrapper} does not name Material's worker in one line")
    named = f'const MATERIAL_WORKER = "{workers[0]}";'
    wrapper.write_text(WORKER_NAME_LINE.sub(named, source), encoding="utf-8")
    return workers[0]
