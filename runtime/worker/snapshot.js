// The Python memory snapshot as the site ships it (`snapshot.bin`): only the
// pages the browser cannot make itself. Half of Python's memory is zero
// pages, and a fifth of the rest is the WebAssembly module's own data (what
// instantiating it writes), which the worker copies from the instance it
// makes: what is downloaded and copied is what remains. A host sends it in
// the best precompressed copy the browser accepts (runtime/build/precompress.py),
// or the worker reads its gzipped copy, snapshot.bin.gz, and inflates it here.
//
// This module is the format's one home: packSnapshot writes it (at build
// time, under Node, by runtime/build/make_snapshot.mjs) and sparseExpander /
// readSnapshot read it (in the worker). Before gzip, little-endian:
//   "RPSNAP2\0"                                     8 bytes
//   page size, full size, run count, module run count,
//   module offset                                   5 x uint32
//   per run, then per module run: first page, page count   2 x uint32
//   the bytes of every run, in order
// A module run's pages are the module's memory from byte (first page x page
// size - module offset) on. Every page outside a run is zero; the last page
// may be shorter than the page size (the full size need not be a multiple of it).
//
// Imported by worker.js, and under Node by the build and by
// tests/pyodide/restore_snapshot.mjs and tests/site/expand_snapshot.mjs: no DOM here.

const MAGIC = [0x52, 0x50, 0x53, 0x4e, 0x41, 0x50, 0x32, 0x00]; // "RPSNAP2\0"
const FIXED = 28; // magic + five uint32

export class SnapshotFormatError extends Error {}

export const SNAPSHOT_PAGE = 4096;

/** @typedef {[first: number, count: number]} Run pages, from `first` on */

/**
 * The header, read: page size, full size, module offset, header size and
 * the page runs shipped and copied from the module.
 * @typedef {object} Header
 * @property {number} page
 * @property {number} full
 * @property {number} moduleOffset
 * @property {number} size
 * @property {Run[]} runs
 * @property {Run[]} moduleRuns
 */

/**
 * A snapshot read: the memory, whole once fromModule(the instance's memory)
 * has copied the module's own pages in.
 * @typedef {{ memory: Uint8Array, fromModule: (moduleMemory: Uint8Array) => void }} Expanded
 */

/**
 * Ascending page numbers as runs: [first page, page count].
 * @param {number[]} pages
 * @returns {Run[]}
 */
function runsOf(pages) {
  /** @type {Run[]} */
  const runs = [];
  for (const index of pages) {
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === index) last[1] += 1;
    else runs.push([index, 1]);
  }
  return runs;
}

/**
 * @param {Uint8Array} a
 * @param {number} aStart
 * @param {Uint8Array} b
 * @param {number} bStart
 * @param {number} length
 */
function samePage(a, aStart, b, bStart, length) {
  for (let i = 0; i < length; i += 1) if (a[aStart + i] !== b[bStart + i]) return false;
  return true;
}

/**
 * @param {Uint8Array} bytes
 * @param {number} start
 * @param {number} length
 */
function zeroPage(bytes, start, length) {
  for (let i = 0; i < length; i += 1) if (bytes[start + i] !== 0) return false;
  return true;
}

/**
 * Python's memory in the format above (not yet gzipped): a zero page is left
 * out, and so is a page equal to the module's own memory (`moduleMemory`:
 * the memory as instantiating the WebAssembly module left it, found in
 * `memory` from byte `moduleOffset` on).
 * @param {Uint8Array} memory
 * @param {Uint8Array} moduleMemory
 * @param {number} moduleOffset
 * @param {number} [page]
 * @returns {Uint8Array}
 */
export function packSnapshot(memory, moduleMemory, moduleOffset, page = SNAPSHOT_PAGE) {
  if (!memory.length || memory.length >= 2 ** 32 || moduleOffset < 0 || moduleOffset > memory.length) {
    throw new SnapshotFormatError(`a snapshot of ${memory.length} bytes cannot be packed`);
  }
  /** @type {number[]} */
  const shipped = [];
  /** @type {number[]} */
  const fromModule = [];
  for (let index = 0; index * page < memory.length; index += 1) {
    const start = index * page;
    const length = Math.min(page, memory.length - start);
    if (zeroPage(memory, start, length)) continue;
    const own = start - moduleOffset;
    if (moduleMemory.length && own >= 0 && own + length <= moduleMemory.length &&
        samePage(memory, start, moduleMemory, own, length)) fromModule.push(index);
    else shipped.push(index);
  }
  const runs = runsOf(shipped);
  const moduleRuns = runsOf(fromModule);
  /** @type {(first: number, count: number) => number} */
  const size = (first, count) => Math.min(count * page, memory.length - first * page);
  const body = runs.reduce((sum, [first, count]) => sum + size(first, count), 0);
  const headerSize = FIXED + 8 * (runs.length + moduleRuns.length);
  const out = new Uint8Array(headerSize + body);
  out.set(MAGIC);
  const view = new DataView(out.buffer);
  [page, memory.length, runs.length, moduleRuns.length, moduleOffset]
    .forEach((value, i) => view.setUint32(8 + 4 * i, value, true));
  [...runs, ...moduleRuns].forEach(([first, count], i) => {
    view.setUint32(FIXED + 8 * i, first, true);
    view.setUint32(FIXED + 8 * i + 4, count, true);
  });
  let at = headerSize;
  for (const [first, count] of runs) {
    const length = size(first, count);
    out.set(memory.subarray(first * page, first * page + length), at);
    at += length;
  }
  return out;
}

// Takes the bytes of the uncompressed format in chunks of any size, writes
// each run straight to its place in a zero-filled buffer of the full size.
// finish() gives {memory, fromModule}: fromModule(moduleMemory) copies the
// module's pages in; the memory is whole only after it. `onStart` is given
// the same {memory, fromModule} as soon as the header is read, while the
// runs still arrive: the module's pages never overlap a run, so they may be
// copied in meanwhile (the worker instantiates Python's module then).
/**
 * @param {(started: Expanded) => void} [onStart]
 * @returns {{ push(chunk: Uint8Array): void, finish(): Expanded }}
 */
export function sparseExpander(onStart = () => {}) {
  let pending = new Uint8Array(0); // header bytes until the header is whole
  /** @type {Header | null} */
  let header = null;
  let out = new Uint8Array(0); // the memory, once the header is read
  let run = 0; // index of the run being filled
  let filled = 0; // bytes of that run written so far
  /**
   * @param {Header} header
   * @param {Run} run
   */
  const runLength = ({ page, full }, [first, count]) => Math.min(count * page, full - first * page);
  /**
   * @param {DataView} view
   * @param {number} at
   * @param {number} count
   * @param {number} next the first page a run may start at
   * @param {number} page
   * @param {number} full
   * @returns {Run[]}
   */
  const readRuns = (view, at, count, next, page, full) => {
    /** @type {Run[]} */
    const runs = [];
    for (let i = 0; i < count; i += 1) {
      const first = view.getUint32(at + 8 * i, true);
      const pages = view.getUint32(at + 8 * i + 4, true);
      if (first < next || !pages || (first + pages - 1) * page >= full) {
        throw new SnapshotFormatError("a damaged snapshot page map");
      }
      runs.push([first, pages]);
      next = first + pages;
    }
    return runs;
  };
  /**
   * @param {Uint8Array} bytes
   * @returns {Header | null} null until the bytes hold the whole header
   */
  const readHeader = (bytes) => {
    if (bytes.length < FIXED) return null;
    for (let i = 0; i < MAGIC.length; i += 1) {
      if (bytes[i] !== MAGIC[i]) throw new SnapshotFormatError("not a sparse snapshot");
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const [page, full, count, moduleCount, moduleOffset] = [8, 12, 16, 20, 24].map((at) => view.getUint32(at, true));
    if (!page || !full || count + moduleCount > Math.ceil(full / page) || moduleOffset > full) {
      throw new SnapshotFormatError("a damaged snapshot header");
    }
    const size = FIXED + 8 * (count + moduleCount);
    if (bytes.length < size) return null;
    const runs = readRuns(view, FIXED, count, 0, page, full);
    // Module pages come after the module offset and never overlap a shipped page.
    const moduleRuns = readRuns(view, FIXED + 8 * count, moduleCount, Math.ceil(moduleOffset / page), page, full);
    const shipped = new Uint8Array(Math.ceil(full / page)); // 1: the page is in the file
    for (const [first, pages] of runs) shipped.fill(1, first, first + pages);
    if (moduleRuns.some(([first, pages]) => shipped.subarray(first, first + pages).includes(1))) {
      throw new SnapshotFormatError("a damaged snapshot page map");
    }
    return { page, full, moduleOffset, size, runs, moduleRuns };
  };
  /**
   * @param {Header} header
   * @param {Uint8Array} moduleMemory
   */
  const fromModule = (header, moduleMemory) => {
    for (const moduleRun of header.moduleRuns) {
      const start = moduleRun[0] * header.page;
      const length = runLength(header, moduleRun);
      const own = start - header.moduleOffset;
      if (own + length > moduleMemory.length) {
        throw new SnapshotFormatError("a snapshot for another WebAssembly module");
      }
      out.set(moduleMemory.subarray(own, own + length), start);
    }
  };
  return {
    push(chunk) {
      let data = chunk;
      if (!header) {
        const joined = new Uint8Array(pending.length + chunk.length);
        joined.set(pending);
        joined.set(chunk, pending.length);
        header = readHeader(joined);
        if (!header) {
          pending = joined;
          return;
        }
        pending = new Uint8Array(0);
        out = new Uint8Array(header.full);
        data = joined.subarray(header.size);
        const known = header;
        onStart({ memory: out, fromModule: (moduleMemory) => fromModule(known, moduleMemory) });
      }
      const { runs, page } = header;
      let offset = 0;
      while (offset < data.length) {
        if (run >= runs.length) throw new SnapshotFormatError("a snapshot with bytes after its last page");
        const length = runLength(header, runs[run]);
        const take = Math.min(length - filled, data.length - offset);
        out.set(data.subarray(offset, offset + take), runs[run][0] * page + filled);
        offset += take;
        filled += take;
        if (filled === length) {
          run += 1;
          filled = 0;
        }
      }
    },
    finish() {
      const whole = header;
      if (!whole || run !== whole.runs.length) throw new SnapshotFormatError("a truncated snapshot");
      return { memory: out, fromModule: (moduleMemory) => fromModule(whole, moduleMemory) };
    },
  };
}

// The snapshot from a fetch() response, expanded: {memory, fromModule} (see
// sparseExpander; fromModule is called with the instance's memory as soon as
// the module is instantiated, before Pyodide restores the memory), once
// every byte has come; `onStart` gets the same as soon as the header has
// (sparseExpander). `onBytes(loaded)` hears the bytes as they arrive (as sent: gzipped). A host
// that adds `Content-Encoding: gzip` to a .gz file has the browser inflate
// it already, and the service worker keeps it inflated in its cache; the
// first bytes tell which.
/**
 * @param {Response} response
 * @param {(loaded: number) => void} [onBytes]
 * @param {(started: Expanded) => void} [onStart]
 * @returns {Promise<Expanded>}
 */
export async function readSnapshot(response, onBytes = () => {}, onStart = () => {}) {
  if (!response.body) throw new SnapshotFormatError("an empty snapshot");
  const reader = response.body.getReader();
  let loaded = 0;
  // The first two bytes (gzip's magic or not), however the body is cut.
  let head = new Uint8Array(0);
  while (head.length < 2) {
    const { done, value } = await reader.read();
    if (done) break;
    const joined = new Uint8Array(head.length + value.length);
    joined.set(head);
    joined.set(value, head.length);
    head = joined;
  }
  if (!head.length) throw new SnapshotFormatError("an empty snapshot");
  const wire = new ReadableStream({
    start(controller) {
      loaded += head.length;
      onBytes(loaded);
      controller.enqueue(head);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      loaded += value.length;
      onBytes(loaded);
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  const plain = (gzipped ? wire.pipeThrough(new DecompressionStream("gzip")) : wire).getReader();
  const expander = sparseExpander(onStart);
  try {
    for (;;) {
      const { done, value } = await plain.read();
      if (done) break;
      expander.push(value);
    }
    return expander.finish();
  } catch (error) {
    plain.cancel().catch(() => {}); // a damaged file: stop downloading it
    throw error;
  }
}
