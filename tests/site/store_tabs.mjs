// Tabs of one browser, each with its own copy of page/store.js and its own
// copy of localStorage, as Chromium keeps one per renderer: a tab's writes
// reach the shared storage, and the other tabs' copies, only after a delay,
// in order, and a tab's copy ignores another tab's change to a key while
// its own write of that key is on its way (the later write wins there).
// There are no locks (navigator.locks is missing, as on a plain-http
// address): nothing but the store's naming of changes keeps them.
//
// node store_tabs.mjs <store.js URL> <scenario> prints a JSON report.

const [storeUrl, scenario] = process.argv.slice(2);

let seed = 12345;
function random() { // a fixed sequence: the same run each time
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}
const delay = () => new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 4)));

const backend = new Map();
const tabs = [];

class TabStorage {
  constructor(tab) { this.tab = tab; this.copy = new Map(backend); this.inFlight = new Map(); this.full = false; }
  get length() { return this.copy.size; }
  key(i) { return Array.from(this.copy.keys())[i] ?? null; }
  getItem(name) { return this.copy.has(name) ? this.copy.get(name) : null; }
  setItem(name, value) {
    if (this.full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    this.copy.set(name, String(value));
    this.send(name, String(value));
  }
  removeItem(name) { this.copy.delete(name); this.send(name, null); }
  send(name, value) {
    this.inFlight.set(name, (this.inFlight.get(name) || 0) + 1);
    this.tab.outbox = this.tab.outbox.then(delay).then(() => apply(this.tab, name, value));
  }
}

// The shared storage takes a write, acknowledges it to its tab and tells the
// others, each in its own order.
function apply(source, name, value) {
  const old = backend.has(name) ? backend.get(name) : null;
  if (value === null) backend.delete(name); else backend.set(name, value);
  for (const tab of tabs) {
    tab.inbox = tab.inbox.then(delay).then(() => {
      const s = tab.storage;
      if (tab === source) {
        s.inFlight.set(name, s.inFlight.get(name) - 1);
        return;
      }
      if (!s.inFlight.get(name)) {
        if (value === null) s.copy.delete(name); else s.copy.set(name, value);
      }
      for (const listener of tab.listeners) listener({ storageArea: s, key: name, oldValue: old, newValue: value });
    });
  }
}

async function openTab() {
  const tab = { outbox: Promise.resolve(), inbox: Promise.resolve(), listeners: [] };
  tab.storage = new TabStorage(tab);
  globalThis.window = {
    localStorage: tab.storage,
    addEventListener: (type, listener) => { if (type === "storage") tab.listeners.push(listener); },
  };
  tab.store = await import(storeUrl + "?tab=" + tabs.length);
  tab.store.readKept("log"); // the module takes this tab's storage now
  tabs.push(tab);
  return tab;
}

async function settle() {
  for (let round = 0; round < 20; round++) {
    await Promise.all(tabs.flatMap((tab) => [tab.outbox, tab.inbox]));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const entry = (tab, i) => ({ time: "2026-01-01T00:00:00Z", widget: "dice.notation", title: "t", page: "/",
  pageTitle: "p", inputs: "", summary: "tab " + tab + " roll " + i, seed: String(i), link: "/" });
const stored = () => JSON.parse(backend.get("rp-kept:log")).value;

if (scenario === "two-tabs") {
  const a = await openTab();
  const b = await openTab();
  const presses = [];
  for (let i = 0; i < 50; i++) {
    for (const [n, tab] of [[0, a], [1, b]]) {
      presses.push(tab.store.updateKept("log", (entries) => [entry(n, i)].concat(entries || []).slice(0, 200)));
    }
    if (i % 5 === 0) await delay(); // some presses at once, some apart
  }
  await Promise.all(presses);
  await settle();
  const summaries = stored().map((e) => e.summary);
  console.log(JSON.stringify({
    stored: summaries.length, distinct: new Set(summaries).size,
    tabs: tabs.map((tab) => tab.store.readKept("log").length),
    same: tabs.every((tab) => JSON.stringify(tab.store.readKept("log")) === JSON.stringify(stored())),
    lostOnTheWay: 0,
  }));
} else if (scenario === "full-then-room") {
  // Storage full: the rolls stay on the page, and are kept once there is room.
  const a = await openTab();
  await a.store.updateKept("log", () => [entry(0, 0)]);
  a.storage.full = true;
  const results = [];
  for (let i = 1; i <= 3; i++) results.push(await a.store.updateKept("log", (e) => [entry(0, i)].concat(e || [])));
  const during = { results, shown: a.store.readKept("log").length, status: a.store.keptStatus() };
  a.storage.full = false;
  const after = await a.store.updateKept("log", (e) => [entry(0, 4)].concat(e || []));
  await settle();
  console.log(JSON.stringify({ during, after, stored: stored().map((e) => e.summary), status: a.store.keptStatus().state }));
} else if (scenario === "legacy") {
  // What the site kept before the store (format 0), read by today's.
  backend.set("rp-roll-log", JSON.stringify([entry(0, 1), { nonsense: true }]));
  backend.set("rp-state:/p/:huldufolk.pool:0", JSON.stringify({ version: 1, a: { hand: [1, 2] } }));
  backend.set("rp-more:dice.notation", "open");
  globalThis.URL.createObjectURL = () => "blob:test";
  const a = await openTab();
  const report = {
    log: a.store.readKept("log"),
    state: a.store.readKept("state:/p/:huldufolk.pool:0"),
    settings: a.store.readKept("settings"),
  };
  await settle();
  report.names = Array.from(backend.keys()).sort();
  report.aside = a.store.keptStatus().aside.map((e) => [e.key, e.text]);
  console.log(JSON.stringify(report));
}
