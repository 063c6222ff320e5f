// The global scope of the worker project's scripts (tsconfig.worker.json):
// dedicated workers, worker/worker.js and material/search-worker.js. The
// library declares `self` as any worker's scope; these are what a dedicated
// worker has, and what worker.js adds. For the type check only; never shipped.

interface WorkerGlobalScopeEventMap {
  /** A message from the page (a dedicated worker's scope has it). */
  message: MessageEvent;
}

interface WorkerGlobalScope {
  /**
   * Set by worker.js once a snapshot is restored: the standard library
   * finder the build put into Python (runtime/build/in_pyodide.py) calls it
   * to download Pyodide's zip to `zipPath`; it returns the bytes written.
   */
  rpStandardLibraryNow?: (zipPath: string) => number;
}
