// The page's side of search-worker.js, which holds Material's search index
// on a page with rollers: on the "rp-runtime" channel it says "go" once the
// runtime is ready or has failed and every press made meanwhile is answered
// (onSettled, as for Material's script; also to a search worker that asks later),
// and as soon as the reader goes to the search box (Material answers no
// query before its index is built, so the reader must not wait for Python).
import { onSettled } from "../page/worker-link.js";

const SEARCH_BOX = ".md-search__input";

export function holdSearchForRollers() {
  if (typeof BroadcastChannel !== "function") return; // search-worker.js then waits 10 s at most
  const channel = new BroadcastChannel("rp-runtime");
  let free = false; // the runtime has settled, or the reader went to the search box
  const go = () => {
    free = true;
    channel.postMessage("go");
  };
  onSettled(go);
  channel.onmessage = (event) => { if (event.data === "started?" && free) go(); };
  document.addEventListener("focusin", (event) => {
    if (event.target instanceof Element && event.target.matches(SEARCH_BOX)) go();
  });
}
