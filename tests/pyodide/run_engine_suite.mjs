// Runs tests/engine inside Pyodide under Node: the same test files, the same
// rules_py wheel the site ships, Python 3.14 instead of CI's CPython.
// Usage: node run_engine_suite.mjs <wheels dir> <rules_py wheel> <tests/engine dir>
import { loadPyodide } from "pyodide";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const [wheelsDir, rulesWheel, testsDir] = process.argv.slice(2);
const pyodide = await loadPyodide();
// Raw writes keep pytest's progress dots on one line.
pyodide.setStdout({ write: (bytes) => { process.stdout.write(bytes); return bytes.length; } });
pyodide.setStderr({ write: (bytes) => { process.stderr.write(bytes); return bytes.length; } });

const wheels = readdirSync(wheelsDir).filter((name) => name.endsWith(".whl"));
for (const name of wheels) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(join(wheelsDir, name))), "wheel");
}
pyodide.unpackArchive(new Uint8Array(readFileSync(rulesWheel)), "wheel");

const target = "/home/pyodide/tests/engine";
pyodide.FS.mkdirTree(target);
pyodide.FS.writeFile("/home/pyodide/tests/__init__.py", "");
for (const name of readdirSync(testsDir)) {
  if (name.endsWith(".py")) {
    pyodide.FS.writeFile(join(target, name), readFileSync(join(testsDir, name), "utf8"));
  }
}

const code = pyodide.runPython(`
import os, sys, pytest
os.chdir("/home/pyodide")
sys.path.insert(0, "/home/pyodide")
print("python", sys.version.split()[0], "on", sys.platform)
int(pytest.main(["-q", "-p", "no:cacheprovider", "tests/engine"]))
`);
process.exit(code);
