// make dev's live reload (scripts/dev.py adds this script to every page it
// serves): the page reloads when a build changes it. The server sends the
// page's version (data-page names it) when the stream opens and whenever a
// build changes it; this page knows the version it came with (data-build),
// so a build made while the stream was closed is caught when it reopens.
// Hidden tabs close their stream: each open one holds a connection, and a
// browser allows six per host.
(() => {
  const { page, build } = document.currentScript.dataset;
  let events = null;

  function open() {
    if (events) return;
    events = new EventSource(`/__dev__/events?page=${encodeURIComponent(page)}`);
    events.addEventListener("build", (event) => {
      if (event.data !== build) location.reload();
    });
  }

  function close() {
    if (events) events.close();
    events = null;
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") open();
    else close();
  });
  if (document.visibilityState === "visible") open();
})();
