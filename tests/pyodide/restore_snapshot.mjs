// Restores the site's Python memory snapshot under Node, as the worker does in
// the browser, and answers rules_py.web.call requests from it.
// Usage: node restore_snapshot.mjs <site dir>   (stdin: {key: [name, request JSON text]})
// Prints {preloaded, files, stdlib, answers} (answers as JSON text): preloaded
// lists the widget modules in memory before any call, which only a restored
// snapshot can have; files says whether rules_py's files exist (they must not
// need to); stdlib shows the standard library zip read right after a restore
// on another zip than the one the snapshot was made on.
// The packed file is expanded by the worker's own module (snapshot.js).
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const site = process.argv[2];
const py = join(site, "assets", "rp", "py");
const { readSnapshot } = await import(pathToFileURL(join(site, "assets", "rp", "snapshot.js")).href);
const packed = readFileSync(join(py, "snapshot.gz"));
const { PYODIDE_VERSION } = await import(pathToFileURL(join(site, "assets", "rp", "paths.js")).href);
// Pyodide's own standard library, as the site ships it (the worker's restore loads it too).
const pyodide = await loadPyodide({
  stdLibURL: join(site, "pyodide", PYODIDE_VERSION, "python_stdlib.zip"),
  _loadSnapshot: readSnapshot(new Response(packed)),
});
const preloaded = pyodide.runPython(
  "import sys, json; json.dumps(sorted(m for m in sys.modules if '.widgets.' in m))",
);
// As in the worker: no rules_py file is unpacked, everything is in memory.
const files = pyodide.runPython(
  "import os, sys; json.dumps(os.path.exists(sys.modules['rules_py'].__file__))",
);
// The snapshot was made on the .pyc zip and is restored on Pyodide's own: a
// module imported now, and the source of one imported before, must both come
// from the zip that is there.
const stdlib = pyodide.runPython(`
import inspect, json, sys
before = "statistics" in sys.modules
import statistics
json.dumps({
    "absent_before": not before,
    "imported": statistics.median([3, 1, 2]) == 2,
    "source": inspect.getsource(json.dumps).splitlines()[0],
})
`);
const web = pyodide.pyimport("rules_py.web");
const requests = JSON.parse(readFileSync(0, "utf8"));
const answers = {};
for (const [key, [name, request]] of Object.entries(requests)) {
  answers[key] = web.call(name, request); // JSON text both ways: seeds above 2**53 stay exact
}
console.log(JSON.stringify({
  preloaded: JSON.parse(preloaded), files: JSON.parse(files), stdlib: JSON.parse(stdlib), answers,
}));
