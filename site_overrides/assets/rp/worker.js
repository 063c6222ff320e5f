// The one Pyodide worker of a tab: loads the Python runtime from this site
// (never a CDN), installs the rules_py wheel named with its sha256 in the lock
// file, and answers {id, name, request} messages with rules_py.web.call.
// paths.js is written at build time with the Pyodide version and lock file.
import { PYODIDE_INDEX_URL, LOCK_FILE_URL, PACKAGE_NAME } from "./paths.js";

function post(message) {
  self.postMessage(message);
}

async function boot() {
  post({ type: "progress", text: "Loading the Python runtime\u2026" });
  const { loadPyodide } = await import(new URL("pyodide.mjs", PYODIDE_INDEX_URL).href);
  post({ type: "progress", text: "Starting Python\u2026" });
  const pyodide = await loadPyodide({
    indexURL: PYODIDE_INDEX_URL,
    lockFileURL: LOCK_FILE_URL,
    packages: [PACKAGE_NAME],
  });
  post({ type: "progress", text: "Loading the rules\u2026" });
  const web = pyodide.pyimport("rules_py.web");
  post({ type: "ready", catalog: web.catalog_json() });
  return web;
}

const ready = boot();
ready.catch((error) => post({ type: "failed", message: String(error && error.message || error) }));

self.addEventListener("message", async (event) => {
  const { id, name, request } = event.data;
  const web = await ready;
  post({ type: "response", id, response: web.call(name, request) });
});
