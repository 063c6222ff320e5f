"""The party in Chromium (not a test): what Apply costs and what a party of 12
adds to a page's start-up. Needs the built site (``make site``).

- Apply, warm: a result's changes (a hit on a Cairn PC, as a roller's result
  carries it) offered under Apply by the runtime's own module
  (``page/party/roller.js``), tapped; measured from the tap to the panel
  showing the new HP (the store written, Python's ``party.apply`` answered,
  the member's row updated). Python is started and the page settled first;
  Apply and Undo alternate, each from a fresh offer.
- Start-up: a widget page (``cairn/combat/``) loaded with no party and with
  12 members kept (four of each of three games): the time from navigation to
  the party's button drawn and to the first roller ready, and the main
  thread's time in the party's own start (``mountParty``, read from a
  performance measure the bench adds around it by wrapping the module).

Prints medians (and every sample). The machine is shared: figures are noisy.
Run with ``.venv/bin/python bench/bench_party.py``.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_py import web  # noqa: E402
from tests.conftest import CHROMIUM, CHROMIUM_ARGS, load_serve_module  # noqa: E402

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "21"))
LOADS = int(os.environ.get("BENCH_LOADS", "7"))
PAGE = "cairn/combat/"
READY = '.rp-widget[data-state="ready"]'


def _member(game: str, name: str) -> dict[str, Any]:
    answer = json.loads(web.call("party.new", json.dumps({"game": game, "name": name})))
    member: dict[str, Any] = answer["result"]["member"]
    return member


def _party_of(count: int) -> dict[str, Any]:
    games = ("cairn", "dice_pool", "judge_two")
    members = [_member(games[i % 3], f"Member {i + 1}") for i in range(count)]
    return {"party": {"version": 1, "members": members}, "actor": members[0]["id"], "target": None}


def _keep(page: Page, kept: dict[str, Any] | None) -> None:
    """What the store keeps under "party" (its envelope, format 1)."""
    if kept is None:
        page.evaluate("() => localStorage.clear()")
        return
    envelope = {"format": 1, "rev": 1, "writer": "bench", "applied": [], "value": kept}
    page.evaluate(
        "text => { localStorage.clear(); localStorage.setItem('rp-kept:party', text); }",
        json.dumps(envelope),
    )


APPLY_ONCE = """async ([base, changes]) => {
  const roller = await import(base + "assets/rp/page/party/roller.js");
  const where = document.createElement("div");
  document.body.appendChild(where);
  const values = document.querySelector('[data-role="member-values"]');
  roller.offerChanges(where, { changes }, "Bench");
  const button = where.querySelector('[data-role="apply"]');
  const before = values.textContent;
  const start = performance.now();
  button.click();
  await new Promise((resolve) => {
    const seen = () => values.textContent !== before;
    if (seen()) return resolve();
    new MutationObserver((_, observer) => { if (seen()) { observer.disconnect(); resolve(); } })
      .observe(values, { characterData: true, childList: true, subtree: true });
  });
  const took = performance.now() - start;
  where.remove();
  return took;
}"""


def bench_apply(page: Page, base: str) -> list[float]:
    kept = _party_of(1)
    ada = kept["party"]["members"][0]
    page.goto(base + PAGE)
    _keep(page, kept)
    page.reload()
    page.wait_for_selector(READY, timeout=120_000)
    page.locator('[data-role="party-toggle"]').click()
    page.wait_for_selector('[data-role="member-values"]')
    page.wait_for_timeout(1000)  # the page settles (previews, idle work)
    samples = []
    hp = ada["hp"]
    for round_ in range(ROUNDS + 1):
        to = hp - 2 if round_ % 2 == 0 else hp + 2
        change = {"who": ada["id"], "field": "hp", "from": hp, "to": to, "why": "bench"}
        took = page.evaluate(APPLY_ONCE, [base, [change]])
        hp = to
        if round_:  # the first warms the modules and the worker's path
            samples.append(took)
    return samples


MOUNT_TIME = """() => new Promise((resolve) => {
  const check = () => {
    const toggle = document.querySelector('[data-role="party-toggle"]');
    const ready = document.querySelector('.rp-widget[data-state="ready"]');
    if (toggle && ready) {
      resolve({ toggle: window.__partyToggleAt, ready: performance.now() });
    } else requestAnimationFrame(check);
  };
  check();
})"""

# Stamps when the party's button is first in the page, and times mountParty's
# own work by timing the module's first mount (a MutationObserver on the body).
WATCH = """(() => {
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-role="party-toggle"]')) {
      window.__partyToggleAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
})();"""

MOUNT_COST = """async (base) => {
  const panel = await import(base + "assets/rp/page/party/panel.js");
  const times = [];
  for (let i = 0; i < 15; i++) {
    document.querySelectorAll(".rp-party-dock").forEach((node) => node.remove());
    const start = performance.now();
    panel.mountParty();
    times.push(performance.now() - start);
  }
  return times;
}"""


def bench_startup(page: Page, base: str, count: int) -> dict[str, list[float]]:
    page.add_init_script(WATCH)
    kept = _party_of(count) if count else None
    toggles, readies, mounts = [], [], []
    for _ in range(LOADS):
        page.goto(base + PAGE)
        _keep(page, kept)
        page.reload()
        found = page.evaluate(MOUNT_TIME)
        toggles.append(found["toggle"])
        readies.append(found["ready"])
        mounts.append(statistics.median(page.evaluate(MOUNT_COST, base)))
    return {"toggle": toggles, "ready": readies, "mount": mounts}


def _fmt(samples: list[float]) -> str:
    return (
        f"median {statistics.median(samples):7.1f} ms  ("
        + ", ".join(f"{s:.0f}" for s in samples)
        + ")"
    )


def main() -> None:
    site = ROOT / "site"
    server = load_serve_module().make_server(site, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}{server.base_path}"
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
            headless=True,
            service_workers="block",
            viewport={"width": 390, "height": 844},
        )
        page = context.new_page()
        page.goto(base + PAGE)
        page.wait_for_selector(READY, timeout=120_000)  # warm the HTTP cache
        applied = bench_apply(page, base)
        print(f"Apply, tap to panel updated (warm, {len(applied)} taps): {_fmt(applied)}")
        page.close()
        figures = {}
        for count in (0, 12):
            tab = context.new_page()
            figures[count] = bench_startup(tab, base, count)
            tab.close()
        for count in (0, 12):
            print(f"party of {count:2d}: party button drawn {_fmt(figures[count]['toggle'])}")
            print(f"party of {count:2d}: first roller ready {_fmt(figures[count]['ready'])}")
            print(f"party of {count:2d}: mountParty's own time {_fmt(figures[count]['mount'])}")
        added = statistics.median(figures[12]["ready"]) - statistics.median(figures[0]["ready"])
        mount = statistics.median(figures[12]["mount"]) - statistics.median(figures[0]["mount"])
        print(
            f"a party of 12 adds: {added:+.1f} ms to the first roller ready (noisy),"
            f" {mount:+.2f} ms of the party's own start-up work"
        )
        context.close()
    server.shutdown()


if __name__ == "__main__":
    main()
