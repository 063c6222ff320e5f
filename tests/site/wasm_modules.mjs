// What compileSmallModulesOnce (runtime/worker/wasm-modules.js) does to
// WebAssembly.Module under Node: prints the facts test_wasm_modules.py checks.
// Usage: node wasm_modules.mjs
import { compileSmallModulesOnce, SMALL_MODULE_BYTES } from "../../runtime/worker/wasm-modules.js";

// A module importing e.f of the given signature and exporting it as f, the
// shape of Emscripten's wrappers; `name` pads a custom section to grow it.
/**
 * @param {number[]} params value types of the parameters (0x7f: i32)
 * @param {number} pad bytes of a custom section added at the end
 */
function wrapper(params, pad = 0) {
  const type = [0x01, 0x60, params.length, ...params, 0x00];
  const bytes = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    0x01, type.length, ...type,
    0x02, 0x07, 0x01, 0x01, 0x65, 0x01, 0x66, 0x00, 0x00,
    0x07, 0x05, 0x01, 0x01, 0x66, 0x00, 0x00];
  if (pad) bytes.push(0x00, pad + 2, 0x01, 0x78, ...new Array(pad).fill(0x61));
  return Uint8Array.from(bytes);
}

const counter = compileSmallModulesOnce(WebAssembly);
const one = new WebAssembly.Module(wrapper([0x7f]));
const again = new WebAssembly.Module(wrapper([0x7f]));
const other = new WebAssembly.Module(wrapper([0x7f, 0x7f]));
const large = wrapper([0x7f], SMALL_MODULE_BYTES - 18); // a section size of one byte
const largeOnce = new WebAssembly.Module(large);
const largeAgain = new WebAssembly.Module(large);
/** @type {number[]} */
const heard = [];
const first = new WebAssembly.Instance(one, { e: { f: (/** @type {number} */ x) => heard.push(x) } });
const second = new WebAssembly.Instance(again, { e: { f: (/** @type {number} */ x) => heard.push(-x) } });
/** @type {(x: number) => void} */ (first.exports.f)(3);
/** @type {(x: number) => void} */ (second.exports.f)(4);
const broken = Uint8Array.from([0x00, 0x61, 0x73, 0x6d, 0x02, 0x00, 0x00, 0x00]);
const refusals = [0, 1].map(() => {
  try {
    new WebAssembly.Module(broken);
    return "compiled";
  } catch (error) {
    return /** @type {Error} */ (error).constructor.name;
  }
});
console.log(JSON.stringify({
  sameForEqualBytes: one === again,
  otherForOtherBytes: one !== other,
  largeEachTime: largeOnce !== largeAgain && large.length > SMALL_MODULE_BYTES,
  instanceOf: [one, other, largeOnce].every((module) => module instanceof WebAssembly.Module),
  exports: WebAssembly.Module.exports(one).map((entry) => entry.name),
  customSections: WebAssembly.Module.customSections(largeOnce, "x").length,
  ownInstances: first !== second && first.exports.f !== second.exports.f,
  heard,
  refusals,
  compiles: counter.compiles(),
}));
