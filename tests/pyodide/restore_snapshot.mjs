// Restores the site's Python memory snapshot under Node, as the worker does in
// the browser, and answers rules_py.web.call requests from it.
// Usage: node restore_snapshot.mjs <site dir>   (stdin: {key: [name, request JSON text]})
// Prints {preloaded, inMemory, files, docstrings, positions, wrapperCompiles,
// early, stdlib, answers} (answers as JSON text): preloaded lists the widget
// modules in memory before any call, which only a restored snapshot can have;
// inMemory every module then; files
// says whether rules_py's files exist (they must not need to); stdlib shows
// the standard library zip brought by the first import that needs it, after
// a restore on an empty one.
// The packed file is expanded by the worker's own module (snapshot.js, the
// source of what the built worker's bundle holds).
import { loadPyodide } from "pyodide";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSnapshot, SnapshotFormatError } from "../../runtime/worker/snapshot.js";
import { compileSmallModulesOnce } from "../../runtime/worker/wasm-modules.js";

const site = process.argv[2];
const py = join(site, "assets", "rp", "py");
const packed = readFileSync(join(py, "snapshot.bin"));
const PYODIDE_VERSION = JSON.parse(readFileSync(join(site, "assets", "rp", "build-manifest.json"), "utf8")).pyodide.version;
// As in the worker: the restore starts on an empty standard library zip, and
// the first import of a module the snapshot lacks writes Pyodide's own there
// (the worker downloads it; here it is read from the site). stdlib counts
// those loads: none while the widgets answer, one for the import below.
const scratch = mkdtempSync(join(tmpdir(), "rp-restore-"));
const emptyZip = join(scratch, "empty.zip");
writeFileSync(emptyZip, new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]));
// As in the worker: the snapshot arrives in chunks, and Python's module is
// instantiated as soon as its header has come (its memory still filling);
// Pyodide's fsInit, run after that and before it copies the memory in,
// waits for the last bytes. The pages that are the module's own data are
// copied from the instance as soon as it is made. Node instantiates modules
// of its own meanwhile (undici's HTTP parser, llhttp): an instance the
// snapshot's module pages do not fit is not Python's.
const CHUNK = 1 << 16;
let offset = 0;
const body = new ReadableStream({
  async pull(controller) {
    await new Promise((resolve) => setTimeout(resolve, 2)); // a little at a time, as over a link
    if (offset >= packed.length) {
      controller.close();
      return;
    }
    controller.enqueue(new Uint8Array(packed.subarray(offset, offset + CHUNK)));
    offset += CHUNK;
  },
});
let heardStart = (/** @type {any} */ started) => {};
const started = new Promise((resolve) => { heardStart = resolve; });
let arrived = false;
const complete = readSnapshot(new Response(body), () => {}, heardStart).then((snapshot) => {
  arrived = true;
  return snapshot;
});
const instantiate = WebAssembly.instantiate;
let filled = false;
let instantiatedWhileArriving = false;
WebAssembly.instantiate = async (...args) => {
  const made = await instantiate(...args);
  const memory = (made.instance ?? made).exports.memory;
  if (!filled && memory instanceof WebAssembly.Memory) {
    const snapshot = await started;
    try {
      snapshot.fromModule(new Uint8Array(memory.buffer));
      filled = true;
      instantiatedWhileArriving = !arrived;
    } catch (error) {
      if (!(error instanceof SnapshotFormatError)) throw error;
    }
  }
  return made;
};
// As in the worker: Pyodide's small wrapper modules are compiled once each.
const wrappers = compileSmallModulesOnce(WebAssembly);
let arrivedBeforeCopy = false;
const pyodide = await loadPyodide({
  stdLibURL: emptyZip,
  _loadSnapshot: started.then((snapshot) => snapshot.memory),
  fsInit: async () => {
    await complete;
    arrivedBeforeCopy = arrived;
  },
});
WebAssembly.instantiate = instantiate;
if (!filled) throw new Error("Python's instance never came to complete the snapshot");
const wrapperCompiles = wrappers.compiles();
let stdlibLoads = 0;
globalThis.rpStandardLibraryNow = (zipPath) => {
  stdlibLoads += 1;
  pyodide.FS.writeFile(zipPath, readFileSync(join(site, "pyodide", PYODIDE_VERSION, "python_stdlib.zip")));
};
const preloaded = pyodide.runPython(
  "import sys, json; json.dumps(sorted(m for m in sys.modules if '.widgets.' in m))",
);
// Every module in memory before any call (the test checks what must not be).
const inMemory = pyodide.runPython("json.dumps(sorted(sys.modules))");
// As in the worker: no rules_py file is unpacked, everything is in memory.
const files = pyodide.runPython(
  "import os, sys; json.dumps(os.path.exists(sys.modules['rules_py'].__file__))",
);
const web = pyodide.pyimport("rules_py.web");
// stdin read as a stream: readFileSync(0) fails (EAGAIN) on a pipe holding more than it buffers.
let input = "";
for await (const chunk of process.stdin) input += chunk;
const requests = JSON.parse(input);
const answers = {};
for (const [key, [name, request]] of Object.entries(requests)) {
  answers[key] = web.call(name, request); // JSON text both ways: seeds above 2**53 stay exact
}
const loadsWhileAnswering = stdlibLoads;
// A module the snapshot lacks, and one it has but is not in the zip probed
// first (as optional modules are): only the first brings the zip. The source
// of a module from memory is read from the zip written then.
const stdlib = pyodide.runPython(`
import inspect, json, sys
before = "statistics" in sys.modules
try:
    import _rp_no_such_module
    missing_found = True
except ImportError:
    missing_found = False
import statistics
json.dumps({
    "absent_before": not before,
    "missing_found": missing_found,
    "imported": statistics.median([3, 1, 2]) == 2,
    "source": inspect.getsource(json.dumps).splitlines()[0],
})
`);
// What the build took out of the memory (in_pyodide.py, without_docstrings,
// without_function_annotations) and what it kept: the docstrings of
// Pyodide's own packages and of classes, and classes' annotations.
const docstrings = pyodide.runPython(`
import json, sys, typing, pyodide.code, rules_py.web, rules_py.widget
json.dumps({
    "function": rules_py.web.call.__doc__,
    "module": sys.modules["rules_py.web"].__doc__,
    "standard_library": json.dumps.__doc__,
    "class": rules_py.widget.Widget.__doc__,
    "pyodide": pyodide.code.eval_code.__doc__,
    "annotated_functions": sorted(
        f"{module.__name__}.{name}" for module in list(sys.modules.values())
        if module.__name__.startswith("rules_py")
        for name, value in vars(module).items()
        if callable(value) and getattr(value, "__module__", None) == module.__name__
        and not isinstance(value, type) and getattr(value, "__annotations__", None)),
    "class_fields": list(typing.get_type_hints(rules_py.widget.Widget)),
})
`);
// Code in memory, and code compiled after the restore, has line positions
// but no columns (make_snapshot.mjs, PYTHONNODEBUGRANGES).
const positions = pyodide.runPython(`
import json, rules_py.web
def columns(code):
    return sorted({str(column) for _, _, column, _ in code.co_positions()})
def lines(code):
    return any(line is not None for line, _, _, _ in code.co_positions())
json.dumps({
    "columns": {
        "rules_py": columns(rules_py.web.call.__code__),
        "standard_library": columns(json.dumps.__code__),
        "compiled_now": columns(compile("total = first + second", "<typed>", "exec")),
    },
    "lines": lines(rules_py.web.call.__code__) and lines(json.dumps.__code__),
})
`);
console.log(JSON.stringify({
  preloaded: JSON.parse(preloaded), inMemory: JSON.parse(inMemory), files: JSON.parse(files),
  docstrings: JSON.parse(docstrings),
  positions: JSON.parse(positions), wrapperCompiles,
  early: { instantiatedWhileArriving, arrivedBeforeCopy },
  stdlib: { ...JSON.parse(stdlib), loadsWhileAnswering, loads: stdlibLoads }, answers,
}));
