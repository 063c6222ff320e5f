// Generated from runtime.build.manifest by `python -m runtime.build.declarations`: do not edit.

/**
 * The build manifest, `assets/rp/build-manifest.json`.
 */
export interface ManifestJson {
  format: 2;
  pyodide: PyodideJson;
  runtime: RuntimeJson;
  gzipCopies: { [key: string]: string };
}

/**
 * Pyodide's version and the folder of its files (site-relative).
 */
export interface PyodideJson {
  version: string;
  index: string;
}

/**
 * The wheel's name in the lock file, what a normal start downloads that a
 * restore does not (bytes), and each file the runtime ships.
 */
export interface RuntimeJson {
  packageName: string;
  normalStartBytes: number;
  lockFile: ShippedFileJson;
  wheel: ShippedFileJson;
  stdlibPyc: ShippedFileJson;
  rulesPyc: ShippedFileJson;
  snapshot: ShippedFileJson;
  snapshotGzip: ShippedFileJson;
}

/**
 * A file of the built site: its address (with `?v=` and a digest where it
 * may be cached for good), its size in bytes and its sha256.
 */
export interface ShippedFileJson {
  address: string;
  bytes: number;
  sha256: string;
}

declare const json: ManifestJson;
export default json;
