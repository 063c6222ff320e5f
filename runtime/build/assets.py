"""Build step: the runtime's own files into the built site.

The browser runtime's JavaScript and CSS live in ``runtime/`` by role
(``page/``, ``worker/``, ``offline/``, ``material/``, ``styles/``, and
``contract/``, the messages both page and worker import; see
``runtime/README.md``); the site serves each folder under ``assets/rp/``
as it is, so their relative imports hold. Type declarations (``*.d.ts``)
are for the type check only and stay out of the site. The service worker's source is
written to the site's root by :mod:`runtime.build.offline` instead: its
scope is the whole site.

The worker's own imports are written into its built copy once the build's
manifest exists (:func:`inline_worker_imports`, after the Python step): a
module worker fetches its imports only after it has parsed itself, so each
import was one more round of requests (through the service worker, on a
warm visit) before Python could start. In the source they stay modules, which
the type check, the Node tests and ``make dev`` read as they are.

Material's search worker is also named here, in the built copy of
``material/search-worker.js`` (which loads it once the rollers have
started): a name carried in the worker's address (after a ``#``) would be
lost when the service worker answers from its cache.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

__all__ = [
    "ASSET_FOLDERS",
    "PARTY_CATALOG",
    "SEARCH_WRAPPER",
    "WORKER",
    "copy_runtime",
    "inline_worker_imports",
    "name_material_search_worker",
    "write_party_catalog",
]

RUNTIME = Path(__file__).resolve().parent.parent
ASSET_FOLDERS = ("page", "worker", "offline", "material", "styles", "contract")
SITE_FOLDER = "assets/rp"
# The offline folder's service worker goes to the root, through offline.py.
NOT_COPIED = {"offline/sw.js"}
SEARCH_WRAPPER = "assets/rp/material/search-worker.js"
WORKER = "assets/rp/worker/worker.js"
# The worker's imports: the build manifest as a JSON module, and modules by name.
JSON_IMPORT = re.compile(r'^import (\w+) from "([^"]+\.json)" with \{ type: "json" \};\n', re.M)
NAMED_IMPORT = re.compile(r'^import \{ ([\w, ]+) \} from "([^"]+\.js)";\n', re.M)
EXPORT = re.compile(r"^export (?=(async )?function |class |const |let )", re.M)
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


def _module_body(source: str, path: Path, names: list[str]) -> str:
    """A module without imports as an expression giving ``names``: its code
    in a function of its own (its other top-level names stay its own)."""
    if re.search(r"^import ", source, re.M):
        raise ValueError(f"{path} imports modules: it cannot be written into the worker")
    missing = [name for name in names if not re.search(
        rf"^export (async function|function|class|const|let) {name}\b", source, re.M)]
    if missing:
        raise ValueError(f"{path} does not export {missing}")
    body = EXPORT.sub("", source)
    return f"(() => {{\n{body}\nreturn {{ {', '.join(names)} }};\n}})()"


def inline_worker_imports(site: Path) -> list[str]:
    """Writes into the built worker the modules it imports (each in a
    function of its own) and the build's manifest (a constant); returns the
    addresses written in. Run after the Python step, which writes the manifest."""
    worker = site / WORKER
    source = worker.read_text(encoding="utf-8")
    inlined: list[str] = []

    def json_module(found: re.Match[str]) -> str:
        target = (worker.parent / found.group(2)).resolve()
        inlined.append(found.group(2))
        data = json.loads(target.read_text(encoding="utf-8"))
        return f"const {found.group(1)} = {json.dumps(data, separators=(',', ':'))};\n"

    def js_module(found: re.Match[str]) -> str:
        names = [name.strip() for name in found.group(1).split(",")]
        target = (worker.parent / found.group(2)).resolve()
        inlined.append(found.group(2))
        body = _module_body(target.read_text(encoding="utf-8"), target, names)
        return f"const {{ {', '.join(names)} }} = {body};\n"

    source = JSON_IMPORT.sub(json_module, source)
    source = NAMED_IMPORT.sub(js_module, source)
    if re.search(r"^import ", source, re.M):
        raise ValueError(f"{worker}: an import this step does not write in")
    worker.write_text(source, encoding="utf-8")
    return inlined
