// Expands a packed snapshot with the browser's own module (snapshot.js), fed
// in chunks of a given size, as the network would.
// Usage: node expand_snapshot.mjs <snapshot.js> <packed file> <chunk size> <module file> [plain]
// `plain` feeds the bytes already inflated (a host that sent Content-Encoding: gzip);
// the module file stands for the instance's memory, which fills the module's pages.
// Prints {length, sha256} of the memory, the bytes heard when its header was read
// (`started`, when the module's pages are copied in) and whether that memory is the
// one finished (`sameMemory`), or {error} when the file is refused.
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

const [modulePath, packedPath, chunkText, moduleMemoryPath, mode] = process.argv.slice(2);
const { readSnapshot } = await import(pathToFileURL(modulePath).href);
let bytes = new Uint8Array(readFileSync(packedPath));
if (mode === "plain") bytes = new Uint8Array(gunzipSync(bytes));
const chunk = Number(chunkText);
let offset = 0;
const body = new ReadableStream({
  pull(controller) {
    if (offset >= bytes.length) {
      controller.close();
      return;
    }
    controller.enqueue(bytes.slice(offset, offset + chunk));
    offset += chunk;
  },
});
let heard = 0;
let started = -1; // the bytes heard when the header was read
let sameMemory = false;
/** @type {Uint8Array | null} */
let early = null;
try {
  // The module's pages are copied in as soon as the header is read, while
  // the runs still arrive: the earliest the worker does it.
  const snapshot = await readSnapshot(new Response(body), (loaded) => { heard = loaded; }, (begun) => {
    started = heard;
    early = begun.memory;
    begun.fromModule(new Uint8Array(readFileSync(moduleMemoryPath)));
  });
  const memory = snapshot.memory;
  sameMemory = memory === early;
  const sha256 = createHash("sha256").update(memory).digest("hex");
  console.log(JSON.stringify({ length: memory.length, sha256, heard, started, sameMemory }));
} catch (error) {
  console.log(JSON.stringify({ error: error.message }));
}
