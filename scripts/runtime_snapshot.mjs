// Build step, run by scripts/build_runtime.py under Node with the pinned npm
// pyodide: everything Python-side the browser worker loads besides the wheel.
//
//   node scripts/runtime_snapshot.mjs <wheel> <out dir>
//
// writes into <out dir>:
// - python_stdlib-pyc.zip: Pyodide's standard library with a .pyc beside the
//   .py of every module the rollers use, compiled by Pyodide's own Python
//   (3.14) as unchecked hash-based .pyc, which zipimport loads without the
//   source mtime (the normal load, when the snapshot cannot be used);
// - rules_py-pyc.zip: rules_py/**/__pycache__/*.cpython-314.pyc, the same way,
//   unpacked over the installed wheel;
// - snapshot.bin: a memory snapshot of Python with every rules_py module and
//   every data table loaded, restored by the worker with no rules_py file
//   (build_runtime.py then ships it packed, as snapshot.gz, leaving out the
//   pages equal to snapshot-module.bin: the memory as instantiating the
//   WebAssembly module left it; snapshot-module.json says where Python's
//   memory begins in snapshot.bin). It is made on
//   the .pyc zip above (no compiling: a smaller, cleaner memory) and restored
//   on an empty zip: every module the rollers use is in memory already, and
//   Pyodide's own standard library zip is downloaded only for an import that
//   needs it (see the finder below).
import { loadPyodide } from "pyodide";
import nodeCrypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [wheelPath, outDir] = process.argv.slice(2);
if (!wheelPath || !outDir) {
  console.error("usage: node scripts/runtime_snapshot.mjs <wheel> <out dir>");
  process.exit(2);
}
const wheel = new Uint8Array(readFileSync(wheelPath));
const quiet = { stdout: () => {}, stderr: (text) => console.error(text) };

// The same wheel gives the same snapshot, byte for byte: a build that
// changes only the text keeps the snapshot's address (its ?v= digest), and a
// reader's offline cache keeps its 4.8 MB instead of downloading them again.
// What Python's memory would take from this machine is made fixed: the hash
// secret (PYTHONHASHSEED=0: dicts and sets laid out alike), the randomness
// read while it starts (mimalloc's keys, the random module's state: a fixed
// stream here), and the clock (file times, and caches keyed by them). None
// of it is a secret kept from the reader, who downloads this memory anyway;
// rolls take fresh seeds from the browser's crypto.getRandomValues at each
// call (rules_py/core/rng.py), never from memory.
let clock = Date.UTC(2020, 0, 1);
Date.now = () => (clock += 1);
performance.now = () => (clock += 1) - Date.UTC(2020, 0, 1);
let randomState = 0x2545f491;
nodeCrypto.randomFillSync = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i += 1) {
    randomState ^= randomState << 13; // xorshift32
    randomState ^= randomState >>> 17;
    randomState ^= randomState << 5;
    bytes[i] = randomState & 0xff;
  }
  return view;
};
const reproducible = { ...quiet, env: { PYTHONHASHSEED: "0" } };

// What a page may run: every rules_py module imported, every data table
// read, the catalog, and every widget once with its defaults. The snapshot
// is made after this, so a restored Python needs no rules_py file at all (a
// snapshot holds memory, not files); the standard library stays reachable in
// the zip the worker loads.
const WARM_UP = `
import importlib, json, os
import rules_py
import rules_py.web as web
from rules_py import registry
from rules_py.core.data import load_json
_root = os.path.dirname(rules_py.__file__)
for _folder, _dirs, _files in sorted(os.walk(_root)):
    _dirs.sort()
    _package = os.path.relpath(_folder, os.path.dirname(_root)).replace(os.sep, ".")
    for _file in sorted(_files):
        if _file.endswith(".py") and _file != "__main__.py":
            _name = _package if _file == "__init__.py" else f"{_package}.{_file[:-3]}"
            importlib.import_module(_name)
        elif _file.endswith(".json") and os.path.basename(_folder) == "data":
            load_json(_package.split(".")[1], _file)
web.catalog_json()
for _name in registry.names():
    _answer = json.loads(web.call(_name, "{}"))
    if not _answer["ok"]:
        raise RuntimeError(f"{_name}: {_answer['error']}")
del _root, _folder, _dirs, _files, _package, _file, _name, _answer
`;

const COMPILE = `
import importlib.util, io, marshal, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def _pyc(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))

def _stdlib():
    archive = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
    used = sorted(
        name for name, module in sys.modules.items()
        if (getattr(getattr(module, "__spec__", None), "origin", None) or "").startswith(archive + "/")
    )
    fixed = (1980, 1, 1, 0, 0, 0)
    out = io.BytesIO()
    with zipfile.ZipFile(archive) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        members = {info.filename: info for info in source.infolist()}
        added = {}
        for name in used:
            origin = sys.modules[name].__spec__.origin
            inner = origin[len(archive) + 1:]
            if inner.endswith(".py") and inner in members:
                added[inner[:-3] + ".pyc"] = _pyc(source.read(inner), origin)
        for filename in sorted(set(members) | set(added)):
            info = zipfile.ZipInfo(filename, date_time=fixed)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            data = added[filename] if filename in added else source.read(members[filename])
            target.writestr(info, data)
    return out.getvalue(), len(added)

def _rules_py():
    import rules_py
    site = os.path.dirname(os.path.dirname(rules_py.__file__))
    tag = sys.implementation.cache_tag
    fixed = (1980, 1, 1, 0, 0, 0)
    out = io.BytesIO()
    count = 0
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for folder, dirs, files in sorted(os.walk(os.path.join(site, "rules_py"))):
            dirs.sort()
            for file in sorted(files):
                if not file.endswith(".py"):
                    continue
                path = os.path.join(folder, file)
                with open(path, "rb") as handle:
                    pyc = _pyc(handle.read(), path)
                relative = os.path.relpath(os.path.join(folder, "__pycache__", f"{file[:-3]}.{tag}.pyc"), site)
                info = zipfile.ZipInfo(relative, date_time=fixed)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                target.writestr(info, pyc)
                count += 1
    return out.getvalue(), count

_stdlib_zip, _stdlib_count = _stdlib()
_rules_zip, _rules_count = _rules_py()
`;

// 1. A normal load: run what a page runs, then compile what it used.
const first = await loadPyodide(reproducible);
first.unpackArchive(wheel, "wheel");
first.runPython(WARM_UP);
first.runPython(COMPILE);
const globals = first.globals;
writeFileSync(join(outDir, "python_stdlib-pyc.zip"), globals.get("_stdlib_zip").toJs());
writeFileSync(join(outDir, "rules_py-pyc.zip"), globals.get("_rules_zip").toJs());
console.log(`compiled ${globals.get("_stdlib_count")} stdlib modules and ` +
  `${globals.get("_rules_count")} rules_py modules with Pyodide ${first.version}`);

// 2. The snapshot, made on the standard library just written. The memory as
// instantiating the WebAssembly module leaves it (its own data, before any
// of Pyodide's code has run) is kept too: pages of the snapshot equal to it
// are not shipped, the worker copies them from the instance it makes.
const pyc = new Uint8Array(readFileSync(join(outDir, "rules_py-pyc.zip")));
let moduleMemory = null;
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async (...args) => {
  const made = await instantiate(...args);
  const instance = made.instance ?? made;
  if (!moduleMemory) moduleMemory = new Uint8Array(instance.exports.memory.buffer).slice();
  return made;
};
const second = await loadPyodide({
  ...reproducible,
  stdLibURL: join(outDir, "python_stdlib-pyc.zip"),
  _makeSnapshot: true,
});
second.unpackArchive(wheel, "wheel");
second.unpackArchive(pyc, "zip");
second.runPython(WARM_UP + "\nimport gc\ngc.collect()\n");
// Prove the point: with the package's files gone, every module and table is
// still there (an import or a read that reached for a file would fail here).
second.runPython(`
import os, shutil, sys, rules_py, importlib
_root = os.path.dirname(rules_py.__file__)
shutil.rmtree(_root)
for _name in [m for m in sys.modules if m == "rules_py" or m.startswith("rules_py.")]:
    importlib.import_module(_name)
import rules_py.web
for _name in rules_py.registry.names():
    assert '"ok": true' in rules_py.web.call(_name, "{}"), _name
del _root, _name
`);
// The worker restores this memory on an empty zip at the standard library's
// path: what the rollers need is in memory, and the 2.5 MB of Pyodide's own
// zip would only delay the start. The first import of a standard library
// module the snapshot lacks writes that zip there first (a synchronous
// download, self.rpStandardLibraryNow in worker.js), then finds the module
// in it. Modules the zip does not have (an optional C module probed with
// try/import) are not worth the download: they are not found, as before.
second.runPython(`
import sys, zipfile

class _StandardLibraryWhenNeeded:
    _zip = next(p for p in sys.path if p.endswith(".zip"))
    _names = frozenset(n.split("/")[0].split(".")[0] for n in zipfile.ZipFile(_zip).namelist())

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        import importlib, importlib.machinery, js
        if name.partition(".")[0] not in cls._names:
            return None
        sys.meta_path.remove(cls)
        try:
            js.rpStandardLibraryNow(cls._zip)
        except Exception:
            sys.meta_path.append(cls)  # offline, say: the next import tries again
            return None
        sys.path_importer_cache.pop(cls._zip, None)
        importlib.invalidate_caches()
        return importlib.machinery.PathFinder.find_spec(name, path, target)

sys.meta_path.append(_StandardLibraryWhenNeeded)
del _StandardLibraryWhenNeeded
`);
// zipimport's cached table of contents (offsets into the zip loaded now) is
// dropped, so the first import after a restore reads the table of the zip
// that is there (zipimporter looks it up on every use).
second.runPython(`
import sys, zipimport
for _finder in list(sys.path_importer_cache.values()):
    if isinstance(_finder, zipimport.zipimporter):
        _finder.invalidate_caches()
assert not zipimport._zip_directory_cache, list(zipimport._zip_directory_cache)
del _finder
`);
const snapshot = second.makeMemorySnapshot();
WebAssembly.instantiate = instantiate;
if (!moduleMemory) throw new Error("the WebAssembly module's own memory was not seen");
writeFileSync(join(outDir, "snapshot.bin"), snapshot);
writeFileSync(join(outDir, "snapshot-module.bin"), moduleMemory);
// makeMemorySnapshot writes Python's memory last: where it begins.
writeFileSync(join(outDir, "snapshot-module.json"),
  JSON.stringify({ memoryOffset: snapshot.length - second._module.HEAPU8.length }));
console.log(`snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB`);
