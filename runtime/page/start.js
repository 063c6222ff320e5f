// The earliest start of Python on a page with rollers: main.html loads this
// module `async` at the top of the page's head there only, so the worker
// starts while the page itself still loads, not after it. It imports
// nothing: a module with imports runs only once all of them have arrived,
// and then waits its turn on the page's busy thread (the worker started
// 0.2 s later on a warm visit with the processor slowed 4x). It makes the
// worker and keeps what the worker says until worker-link.js takes both
// over (takeEarlyWorker), when boot.js starts the runtime; nothing said
// before then is lost.

/** @type {Event[]} */
const said = [];
/** @param {Event} event */
const keep = (event) => {
  if (event.type === "error") event.preventDefault(); // worker-link.js tells the reader
  said.push(event);
};
try {
  const worker = new Worker(new URL("../worker/worker.js", import.meta.url), { type: "module" });
  worker.addEventListener("message", keep);
  worker.addEventListener("error", keep);
  globalThis.rpEarlyWorker = {
    worker,
    said,
    release: () => {
      worker.removeEventListener("message", keep);
      worker.removeEventListener("error", keep);
    },
  };
} catch {
  // A browser that refuses the worker: worker-link.js tries again, and says so.
}
