// What the page's modules find on the page that the DOM library does not
// declare. For the type check only (tsconfig.page.json); never shipped.

interface MaterialDocuments {
  subscribe(next: (document: Document) => void): unknown;
}

interface MaterialLocations {
  subscribe(next: (url: URL) => void): unknown;
}

interface Window {
  /**
   * Material for MkDocs' observable of the page: the document once its
   * bundle runs, then each page of an instant navigation. Only there once
   * Material runs: read it after `themeStarted` (material/theme-later.js),
   * or test it first, as `materialRunning` does.
   */
  document$: MaterialDocuments;
  /** Material's subject of the locations its instant navigation follows (there with document$). */
  location$: MaterialLocations;
}

/** Set only by a browser test's init script, to shorten worker-link.js's answer bound. */
declare var rpTestAnswerMs: number | undefined;
/** Set only by a browser test's init script, to shorten worker-link.js's stall bound. */
declare var rpTestStallMs: number | undefined;

interface Navigator {
  /** The Network Information API, where the browser has it (Chromium). */
  readonly connection?: { readonly saveData?: boolean };
}

interface HTMLElement {
  /** A widget root's Widget (page/widget.js), for the browser tests. */
  rpWidget?: import("../page/widget.js").Widget;
}
