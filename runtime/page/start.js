// The earliest start of Python on a page with rollers: main.html loads this
// module `async` from the page's head there only, so the worker starts while
// the page itself still loads, not after it. boot.js then finds the same
// worker (one instance of each module per page).
import { startRuntime } from "./worker-link.js";

startRuntime();
