// make dev's service worker (scripts/dev.py serves it as /sw.js): the site's
// offline cache is off in the live preview, so that no page is ever answered
// from an older build's cache. It removes the site's caches and itself; a
// page that an earlier worker still controlled (from `make serve` on the
// same address) is reloaded from the network.
self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith("rp-site-"))
      .map((name) => caches.delete(name)));
    await self.registration.unregister();
    for (const client of await self.clients.matchAll({ type: "window" })) {
      client.navigate(client.url);
    }
  })());
});
