// Expands a packed snapshot with the browser's own module (snapshot.js), fed
// in chunks of a given size, as the network would.
// Usage: node expand_snapshot.mjs <snapshot.js> <packed file> <chunk size> <module file> [plain]
// `plain` feeds the bytes already inflated (a host that sent Content-Encoding: gzip);
// the module file stands for the instance's memory, which fills the module's pages.
// Prints {length, sha256} of the memory, or {error} when the file is refused.
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
try {
  const snapshot = await readSnapshot(new Response(body), (loaded) => { heard = loaded; });
  snapshot.fromModule(new Uint8Array(readFileSync(moduleMemoryPath)));
  const memory = snapshot.memory;
  const sha256 = createHash("sha256").update(memory).digest("hex");
  console.log(JSON.stringify({ length: memory.length, sha256, heard }));
} catch (error) {
  console.log(JSON.stringify({ error: error.message }));
}
