// make dev's live reload (scripts/dev.py adds this script to every page it
// serves): the page reloads when a new build of the site is served. The
// server names its current build when the stream opens and after each
// rebuild; this page knows the build it came from (data-build), so a
// rebuild made while the stream was closed is caught when it reopens.
// Hidden tabs close their stream: each open one holds a connection, and a
// browser allows six per host.
(() => {
  const built = document.currentScript.dataset.build;
  let events = null;

  function open() {
    if (events) return;
    events = new EventSource("/__dev__/events");
    events.addEventListener("build", (event) => {
      if (event.data !== built) location.reload();
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
