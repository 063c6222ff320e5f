// The earliest start of Python on a page with rollers: main.html loads this
// module `async` from the page's head there only, so the worker starts and
// the catalog is asked for while the page itself still loads, not after it.
// boot.js then finds the same worker and catalog (one instance of each
// module per page).
import { loadCatalog } from "./catalog.js";
import { startRuntime } from "./worker-link.js";

startRuntime();
loadCatalog().catch(() => {}); // boot.js tells a failure, and fetches again
