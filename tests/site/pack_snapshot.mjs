// Packs memory with the runtime's own writer (snapshot.js, packSnapshot), as
// the build does, and gzips it.
// Usage: node pack_snapshot.mjs <snapshot.js> <memory file> <module file> <module offset> <page> <out>
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

const [modulePath, memoryPath, moduleMemoryPath, offset, page, outPath] = process.argv.slice(2);
const { packSnapshot } = await import(pathToFileURL(modulePath).href);
try {
  const packed = packSnapshot(new Uint8Array(readFileSync(memoryPath)),
    new Uint8Array(readFileSync(moduleMemoryPath)), Number(offset), Number(page));
  writeFileSync(outPath, gzipSync(packed, { level: 6 }));
  console.log(JSON.stringify({ ok: true }));
} catch (error) {
  console.log(JSON.stringify({ error: error.message }));
}
