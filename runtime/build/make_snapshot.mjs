// Build step, run by runtime/build/python_runtime.py under Node with the
// pinned npm pyodide: everything Python-side the browser worker loads
// besides the wheel.
//
//   node runtime/build/make_snapshot.mjs <wheel> <out dir>
//
// writes into <out dir>:
// - python_stdlib-pyc.zip: Pyodide's standard library with a .pyc beside the
//   .py of every module the rollers use, compiled by Pyodide's own Python
//   (3.14) as unchecked hash-based .pyc, which zipimport loads without the
//   source mtime (the normal load, when the snapshot cannot be used);
// - rules_py-pyc.zip: rules_py/**/__pycache__/*.cpython-314.pyc, the same way,
//   unpacked over the installed wheel;
// - snapshot.bin: a memory snapshot of Python with every rules_py module and
//   every data table loaded, restored by the worker with no rules_py file,
//   packed by ../worker/snapshot.js (the format's one home); python_runtime.py
//   writes its gzipped copy, precompress.py the others. It
//   is made on the .pyc zip above (no compiling: a smaller, cleaner memory)
//   and restored on an empty zip: every module the rollers use is in memory
//   already, and Pyodide's own standard library zip is downloaded only for
//   an import that needs it (in_pyodide.py, install_standard_library_finder).
import { loadPyodide } from "pyodide";
import nodeCrypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packSnapshot } from "../worker/snapshot.js";

/** @import { PyodideAPI, PyodideConfig } from "pyodide" */

const [wheelPath, outDir] = process.argv.slice(2);
if (!wheelPath || !outDir) {
  console.error("usage: node runtime/build/make_snapshot.mjs <wheel> <out dir>");
  process.exit(2);
}
const wheel = new Uint8Array(readFileSync(wheelPath));
/** @type {Pick<PyodideConfig, "stdout" | "stderr">} */
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
// Code is compiled without column positions (PYTHONNODEBUGRANGES, `-X
// no_debug_ranges`): each code object's position table then holds lines
// only. Columns serve only the carets under a traceback's line, which no
// reader sees, and they are most of that table: with them the snapshot is
// 0.36 MB larger after brotli, the .pyc zips 0.5 MB. Both Pythons compile
// so (the .pyc, and what the snapshot compiles itself), and the setting is
// in the memory a restore brings back.
const compiled = { PYTHONNODEBUGRANGES: "1" };
const reproducible = { ...quiet, env: { PYTHONHASHSEED: "0", ...compiled } };

// The Python run inside Pyodide lives in in_pyodide.py beside this file: it
// is run in a namespace of its own in each Python, and its functions called.
const IN_PYODIDE = readFileSync(new URL("in_pyodide.py", import.meta.url), "utf8");
/**
 * @param {PyodideAPI} pyodide
 * @returns {(name: string) => any} calls in_pyodide.py's function of that name
 */
function steps(pyodide) {
  const namespace = pyodide.globals.get("dict")();
  namespace.set("__name__", "rp_snapshot_build");
  pyodide.runPython(IN_PYODIDE, { globals: namespace });
  return (name) => namespace.get(name)();
}

/**
 * Zeroes what Python's allocator holds free: a freed block keeps the bytes it
 * last held, and they would be shipped as they are, where zeros are left out
 * or compress to nothing (0.1 MB of the snapshot after brotli). Every free
 * block is taken, the largest requests first, zeroed and given back; a block
 * from beyond the heap's end (new memory, zero already) is given back at once.
 * The allocator's own words in each block (its size, its links) stay.
 * @param {{ _malloc(size: number): number, _free(at: number): void, _sbrk(change: number): number,
 *   HEAPU8: Uint8Array }} module
 */
function zeroFreedMemory(module) {
  const heapEnd = module._sbrk(0);
  /** @type {number[]} */
  const taken = [];
  for (let size = 1 << 20; size >= 16; size >>= 1) {
    for (;;) {
      const at = module._malloc(size);
      if (!at) break;
      if (at + size > heapEnd) {
        module._free(at);
        break;
      }
      module.HEAPU8.fill(0, at, at + size);
      taken.push(at);
    }
  }
  for (const at of taken) module._free(at);
}

// 1. A normal load: run what a page runs, then compile what it used.
const first = await loadPyodide(reproducible);
first.unpackArchive(wheel, "wheel");
const firstSteps = steps(first);
firstSteps("warm_up");
const [stdlibZip, stdlibCount] = firstSteps("compile_standard_library").toJs();
const [rulesZip, rulesCount] = firstSteps("compile_rules_py").toJs();
writeFileSync(join(outDir, "python_stdlib-pyc.zip"), stdlibZip);
writeFileSync(join(outDir, "rules_py-pyc.zip"), rulesZip);
console.log(`compiled ${stdlibCount} stdlib modules and ${rulesCount} rules_py modules ` +
  `with Pyodide ${first.version}`);

// 2. The snapshot, made on the standard library just written. The memory as
// instantiating the WebAssembly module leaves it (its own data, before any
// of Pyodide's code has run) is kept too: pages of the snapshot equal to it
// are not shipped, the worker copies them from the instance it makes.
const pyc = new Uint8Array(readFileSync(join(outDir, "rules_py-pyc.zip")));
/** @type {Uint8Array | null} */
let moduleMemory = null;
const instantiate = WebAssembly.instantiate;
// Bytes or a compiled module in; {module, instance}, or the instance, out.
const instantiateAny = /** @type {(...args: unknown[]) => Promise<WebAssembly.Instance
  | WebAssembly.WebAssemblyInstantiatedSource>} */ (instantiate);
WebAssembly.instantiate = /** @type {typeof instantiate} */ (async (/** @type {unknown[]} */ ...args) => {
  const made = await instantiateAny(...args);
  const instance = "instance" in made ? made.instance : made;
  const memory = /** @type {WebAssembly.Memory} */ (instance.exports.memory);
  if (!moduleMemory) moduleMemory = new Uint8Array(memory.buffer).slice();
  return made;
});
const second = await loadPyodide({
  ...reproducible,
  stdLibURL: join(outDir, "python_stdlib-pyc.zip"),
  _makeSnapshot: true,
});
second.unpackArchive(wheel, "wheel");
second.unpackArchive(pyc, "zip");
const secondSteps = steps(second);
secondSteps("warm_up");
second.pyimport("gc").collect();
secondSteps("prove_no_file_is_needed");
secondSteps("install_standard_library_finder");
secondSteps("drop_zip_tables");
// @ts-expect-error _module, Pyodide's Emscripten module, is private (the version is pinned)
zeroFreedMemory(second._module);
const snapshot = second.makeMemorySnapshot();
WebAssembly.instantiate = instantiate;
if (!moduleMemory) throw new Error("the WebAssembly module's own memory was not seen");
// Shipped packed (snapshot.js, the format's one home): without its zero
// pages and those equal to the module's own memory; makeMemorySnapshot
// writes Python's memory last, which tells where it begins.
// @ts-expect-error _module, Pyodide's Emscripten module, is private (the version is pinned)
const pythonMemory = second._module.HEAPU8.length;
const packed = packSnapshot(snapshot, moduleMemory, snapshot.length - pythonMemory);
writeFileSync(join(outDir, "snapshot.bin"), packed);
console.log(`snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB, ${(packed.length / 1e6).toFixed(1)} MB packed`);
