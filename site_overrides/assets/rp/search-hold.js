// The page's side of search-worker.js, which holds Material's search index
// on a page with rollers: on the "rp-runtime" channel it says "go" once the
// runtime is ready or has failed (and to a search worker that asks later),
// and as soon as the reader goes to the search box (Material answers no
// query before its index is built, so the reader must not wait for Python).
import { onRuntimeStatus, runtimeStatus } from "./worker-link.js";

const SEARCH_BOX = ".md-search__input";

function settled() {
  const status = runtimeStatus();
  return Boolean(status) && (status.state === "ready" || status.state === "failed");
}

export function holdSearchForRollers() {
  if (typeof BroadcastChannel !== "function") return; // search-worker.js then waits 10 s at most
  const channel = new BroadcastChannel("rp-runtime");
  let asked = false; // the reader went to the search box (maybe before Material's worker existed)
  const go = () => channel.postMessage("go");
  onRuntimeStatus(() => { if (settled()) go(); });
  channel.onmessage = (event) => { if (event.data === "started?" && (asked || settled())) go(); };
  document.addEventListener("focusin", (event) => {
    if (event.target instanceof Element && event.target.matches(SEARCH_BOX)) {
      asked = true;
      go();
    }
  });
}
