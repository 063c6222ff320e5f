// One ES module of an entry and every module it imports (runtime/build/bundles.py):
// `node bundle.mjs <entry> <out>` writes the bundle to <out> and prints the
// files it read (JSON, paths as given to esbuild). JSON modules (the
// worker's build manifest) are written in as data.
//
// Each module keeps its own address: `import.meta.url` in a module becomes
// that module's address as if it were still served on its own, worked out
// from the bundle's address (the bundle takes the entry's place), so
// `new URL("../../party-catalog.json", import.meta.url)` in page/party/
// still names assets/rp/party-catalog.json. Any other use of `import.meta`
// stops the build: it would not mean the same in the bundle.
import { build } from "esbuild";
import { readFile } from "node:fs/promises";
import path from "node:path";

const [entry, out] = process.argv.slice(2);
if (!entry || !out) {
  console.error("usage: node bundle.mjs <entry> <out>");
  process.exit(2);
}
const home = path.dirname(path.resolve(entry));

/** @type {import("esbuild").Plugin} */
const ownAddress = {
  name: "own-address",
  setup(bundle) {
    bundle.onLoad({ filter: /\.js$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const other = source.match(/import\.meta(?!\.url\b)[^\n]*/);
      if (other) throw new Error(`${args.path}: "${other[0]}" cannot be bundled (only import.meta.url)`);
      const relative = path.relative(home, args.path).split(path.sep).join("/");
      const address = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: source.replaceAll("import.meta.url", address), loader: "js" };
    });
  },
};

const result = await build({
  entryPoints: [entry],
  outfile: out,
  bundle: true,
  format: "esm",
  charset: "utf8",
  metafile: true,
  plugins: [ownAddress],
  logLevel: "warning",
});
process.stdout.write(JSON.stringify(Object.keys(result.metafile.inputs)) + "\n");
