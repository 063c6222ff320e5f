// While it starts, Pyodide puts each of its JavaScript functions that Python
// calls into WebAssembly's function table, each wrapped in a module of a few
// dozen bytes that it compiles anew (Emscripten's convertJsFunctionToWasm):
// 260 compiles at a restore, of 29 different modules. Here a small module is
// compiled once, kept by its bytes, and given again for equal bytes: a module
// is only code, and each wrapper is still an instance of its own. Larger
// modules (Python's own) are compiled as they come, and a compile that fails
// (a policy that forbids WebAssembly) fails as before and is not kept.
//
// Imported by worker.js, and under Node by tests/pyodide/restore_snapshot.mjs
// (which restores as the worker does) and tests/site/wasm_modules.mjs.

/** The largest module kept: Pyodide's wrappers are 30 to 40 bytes. */
export const SMALL_MODULE_BYTES = 128;

/**
 * Makes `wasm.Module` give one compiled module per distinct small bytes.
 * @param {typeof WebAssembly} wasm
 * @returns {{ compiles(): number }} how many small modules were compiled so far
 */
export function compileSmallModulesOnce(wasm) {
  /** @type {Map<string, WebAssembly.Module>} */
  const compiled = new Map();
  /** @type {typeof WebAssembly.Module} */
  const kept = new Proxy(wasm.Module, {
    /** @returns {WebAssembly.Module} */
    construct(target, args, newTarget) {
      const [bytes] = args;
      if (newTarget !== kept || !(bytes instanceof Uint8Array) || bytes.length > SMALL_MODULE_BYTES) {
        return Reflect.construct(target, args, newTarget);
      }
      const key = bytes.join(",");
      const known = compiled.get(key);
      if (known) return known;
      /** @type {WebAssembly.Module} */
      const module = Reflect.construct(target, args, newTarget);
      compiled.set(key, module);
      return module;
    },
  });
  wasm.Module = kept;
  return { compiles: () => compiled.size };
}
