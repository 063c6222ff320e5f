// Loads Pyodide as the worker's fallback does (no snapshot; the site's
// standard library zip with .pyc; the wheel and its .pyc in site-packages) and prints
// which modules came from a .pyc and whether every rules_py .pyc matches its source,
// and the column positions its code has (none).
// Usage: node fallback_pyc.mjs <site dir>
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const py = join(process.argv[2], "assets", "rp", "py");
const lock = JSON.parse(readFileSync(join(py, "pyodide-lock.json"), "utf8"));
const pyodide = await loadPyodide({ stdLibURL: join(py, "python_stdlib-pyc.zip") });
const sitePackages = pyodide.runPython(
  "import sys; [p for p in sys.path if p.endswith('site-packages')][0]",
);
const wheel = readFileSync(join(py, lock.packages["rules-py"].file_name));
pyodide.unpackArchive(new Uint8Array(wheel), "wheel", { extractDir: sitePackages });
pyodide.unpackArchive(new Uint8Array(readFileSync(join(py, "rules_py-pyc.zip"))), "zip",
  { extractDir: sitePackages });
console.log(pyodide.runPython(`
import importlib.util, json, os, sys
import rules_py.web
rules_py.web.call("dice.notation", "{}")
# Frozen modules (os, io, codecs...) are compiled into the interpreter itself.
stdlib = sorted(
    n for n, m in sys.modules.items()
    if (getattr(m, "__file__", None) or "").startswith("/lib/python314.zip/")
    and getattr(m.__spec__, "origin", None) != "frozen"
)
from_pyc = sorted(n for n in stdlib if sys.modules[n].__file__.endswith(".pyc"))
checked = {}
for folder, _, files in os.walk(os.path.dirname(rules_py.__file__)):
    for file in files:
        if file.endswith(".py"):
            source_path = os.path.join(folder, file)
            with open(source_path, "rb") as handle:
                source = handle.read()
            try:
                with open(importlib.util.cache_from_source(source_path), "rb") as handle:
                    header = handle.read(16)
            except FileNotFoundError:
                checked[source_path] = "missing"
                continue
            unchecked_hash = int.from_bytes(header[4:8], "little") == 1
            matches = header[8:16] == importlib.util.source_hash(source)
            checked[source_path] = "ok" if unchecked_hash and matches else "stale"
# Compiled without column positions (make_snapshot.mjs, PYTHONNODEBUGRANGES).
columns = sorted({str(c) for code in (rules_py.web.call.__code__, json.dumps.__code__)
                  for _, _, c, _ in code.co_positions()})
json.dumps({"stdlib": stdlib, "from_pyc": from_pyc, "rules_py": checked, "columns": columns})
`));
