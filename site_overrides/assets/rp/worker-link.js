// The link to the one Pyodide worker of the tab: starts it on first use, turns
// its start-up messages into a promise of the catalog, and matches each
// response to its request by id. The module lives as long as the document, so
// Material's instant navigation keeps the same worker. Messages: see
// "The browser runtime" in CONTRIBUTING.md.

const WORKER_URL = new URL("worker.js", import.meta.url);
const START_TIMEOUT_MS = 20000;

let runtime = null; // {worker, ready: Promise<catalog>, pending: Map<id, resolve>}
let nextRequestId = 1;

// Starts the worker once; later calls return the same link. `onProgress(text)`
// (from the first call) hears the worker's start-up steps.
export function startRuntime(onProgress) {
  if (runtime) return runtime;
  const pending = new Map();
  let worker;
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error("The roller did not start within " + START_TIMEOUT_MS / 1000 +
        " seconds. The rules on this page still work; reload the page to try again."));
    }, START_TIMEOUT_MS);
    const fail = (message) => {
      clearTimeout(timer);
      reject(new Error(message));
    };
    try {
      worker = new Worker(WORKER_URL, { type: "module" });
    } catch (error) {
      fail("This browser cannot start the roller (" + error.message + ").");
      return;
    }
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      fail("The roller could not load its Python runtime. The rules on this page still work.");
    });
    worker.addEventListener("message", (event) => {
      const message = event.data;
      if (message.type === "progress") {
        if (onProgress) onProgress(message.text);
      } else if (message.type === "ready") {
        clearTimeout(timer);
        resolve(JSON.parse(message.catalog));
      } else if (message.type === "failed") {
        fail("The roller could not start: " + message.message +
          " The rules on this page still work.");
      } else if (message.type === "response") {
        const settle = pending.get(message.id);
        pending.delete(message.id);
        if (settle) settle(JSON.parse(message.response));
      }
    });
  });
  runtime = { worker, ready, pending };
  return runtime;
}

// rules_py.web.call(name, request) in the worker: resolves to the parsed
// response ({ok: true, result} or {ok: false, error}); rejects only if the
// worker never started.
export function callPython(name, request) {
  const rt = startRuntime();
  return rt.ready.then(() => new Promise((resolve) => {
    const id = nextRequestId++;
    rt.pending.set(id, resolve);
    rt.worker.postMessage({ id, name, request: JSON.stringify(request) });
  }));
}
