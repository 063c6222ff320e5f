// Material's search worker, started once the rollers of the page have
// started. On a page with rollers, the build step
// runtime/build/roller_pages.py points Material's search at this file, and
// runtime/build/assets.py writes the name of Material's own worker into the
// built copy (MATERIAL_WORKER). Building the search index
// takes a few hundred milliseconds of a phone's processor, just when Python
// starts for the first roll; so the messages Material sends are held until
// the page says "go" on the "rp-runtime" channel (search-hold.js: the
// runtime is ready or has failed, or the reader went to the search box), or
// WAIT_MS have passed, whichever comes first. Then Material's worker is
// loaded here and gets every held message, in order.
const WAIT_MS = 10000;
const MATERIAL_WORKER = "__MATERIAL_SEARCH_WORKER__"; // written by the build
/** @type {unknown[]} */
const held = [];
const channel = new BroadcastChannel("rp-runtime");
let started = false;

/** @param {MessageEvent} event */
function hold(event) {
  held.push(event.data);
}

function start() {
  if (started) return;
  started = true;
  clearTimeout(timer);
  channel.close();
  self.removeEventListener("message", hold);
  if (!/^search\.[0-9a-f]+\.min\.js$/.test(MATERIAL_WORKER)) {
    throw new Error("Not Material's search worker: " + MATERIAL_WORKER);
  }
  importScripts(new URL("../../javascripts/workers/" + MATERIAL_WORKER, self.location.href).href);
  for (const data of held.splice(0)) self.dispatchEvent(new MessageEvent("message", { data }));
}

self.addEventListener("message", hold);
channel.onmessage = (event) => {
  if (event.data === "go") start();
};
channel.postMessage("started?"); // the page's runtime may be up already
const timer = setTimeout(start, WAIT_MS);
