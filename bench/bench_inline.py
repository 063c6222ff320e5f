"""Dice in the text, measured in Chromium (not a test). Prints medians and
every round:

- first inline roll on a text page, warm: a fresh profile visits the text
  page (``cairn/bestiary/``, dice and no roller) and stays LINGER_S, as a
  reader would; the browser is closed; the second visit taps the first dice
  as soon as the page has loaded: tap to result, and navigation to result.
- an inline roll once the runtime is up: in that visit, TAPS more taps, each
  from the tap to its result.
- a page with 40 inline dice opens no slower than before: the same page
  (the text page with a paragraph of 40 dice mentions added) built before
  the dice rolled (``--before DIR``, a build of the previous commit) and now,
  rounds interleaved in one warm profile each: first contentful paint, the
  DOMContentLoaded and load events, from navigation.

Usage: ``python -m bench.bench_inline [--before DIR] [--site DIR]``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM, CHROMIUM_ARGS, load_serve_module  # noqa: E402
from textdice.html_walk import rewrite  # noqa: E402

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "7"))
OPEN_ROUNDS = int(os.environ.get("BENCH_OPEN_ROUNDS", "15"))
TAPS = 10
LINGER_S = 8
TEXT_PAGE = "cairn/bestiary/"
FORTY = (
    "<p>" + ", ".join(f"{n % 4 + 1}d{(4, 6, 8, 10, 12, 20)[n % 6]}" for n in range(40)) + ".</p>"
)
INLINE = 'button[data-role="inline-roll"]'
# Injected before the page's scripts (through the DevTools protocol: the CSP
# does not apply): the time of each tap and of the result that follows it.
OBSERVER = """
(() => {
  window.__taps = []; window.__results = [];
  document.addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest('button[data-role="inline-roll"]')) {
      window.__taps.push(performance.now());
    }
  }, true);
  const observer = new MutationObserver(() => {
    const seed = document.querySelector('[data-role="inline-popover"] [data-role="seed"]');
    if (seed && window.__results.length < window.__taps.length && !seed.__seen) {
      seed.__seen = true;
      window.__results.push(performance.now());
    }
  });
  const start = () => observer.observe(document.documentElement, {subtree: true, childList: true});
  if (document.documentElement) start();
  else document.addEventListener("readystatechange", start, {once: true});
})();
"""
OPEN_TIMES = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return {fcp: paint ? paint.startTime : null, dcl: nav.domContentLoadedEventEnd,
          load: nav.loadEventEnd};
}"""


def _serve(site: Path) -> tuple[object, str]:
    server = load_serve_module().make_server(site, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def _open(playwright: Playwright, profile: str, workers: bool = True) -> BrowserContext:
    return playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
        service_workers="allow" if workers else "block",
    )


def _wait(page: Page, script: str, timeout: float = 60) -> object:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = page.evaluate(script)
        if value:
            return value
        time.sleep(0.005)
    raise TimeoutError(script)


def _results(page: Page, count: int) -> list[float]:
    _wait(page, f"() => window.__results.length >= {count}")
    taps = page.evaluate("() => window.__taps")
    done = page.evaluate("() => window.__results")
    return [(b - a) / 1000 for a, b in zip(taps, done, strict=False)]


def roll_round(playwright: Playwright, base: str) -> tuple[float, float, list[float]]:
    with tempfile.TemporaryDirectory() as profile:
        context = _open(playwright, profile)
        page = context.new_page()
        page.goto(base + TEXT_PAGE)
        time.sleep(LINGER_S)
        context.close()
        context = _open(playwright, profile)
        page = context.new_page()
        page.add_init_script(OBSERVER)
        page.goto(base + TEXT_PAGE)
        page.locator(INLINE).first.click()
        first = _results(page, 1)[0]
        from_navigation = float(page.evaluate("() => window.__results[0]")) / 1000
        buttons = page.locator(INLINE)
        for index in range(TAPS):
            page.keyboard.press("Escape")
            buttons.nth(1 + index % (buttons.count() - 1)).click()
            _results(page, index + 2)
        later = _results(page, TAPS + 1)[1:]
        context.close()
        return first, from_navigation, later


def _forty_page(site: Path, dice_roll: bool) -> None:
    page = (site / TEXT_PAGE / "index.html").read_text(encoding="utf-8")
    added = rewrite(FORTY, "cairn") if dice_roll else FORTY
    page = page.replace("</article>", added + "</article>", 1)
    (site / "__bench__" / "forty").mkdir(parents=True, exist_ok=True)
    (site / "__bench__" / "forty" / "index.html").write_text(page, encoding="utf-8")


def open_rounds(playwright: Playwright, sites: dict[str, str]) -> dict[str, list[dict[str, float]]]:
    times: dict[str, list[dict[str, float]]] = {name: [] for name in sites}
    with tempfile.TemporaryDirectory() as profiles:
        contexts = {name: _open(playwright, f"{profiles}/{name}", workers=False) for name in sites}
        for name, base in sites.items():  # one visit each first: the HTTP cache is warm
            contexts[name].new_page().goto(base + "__bench__/forty/")
        for _ in range(OPEN_ROUNDS):
            for name, base in sites.items():
                page = contexts[name].new_page()
                page.goto(base + "__bench__/forty/", wait_until="load")
                page.wait_for_timeout(200)
                times[name].append(page.evaluate(OPEN_TIMES))
                page.close()
        for context in contexts.values():
            context.close()
    return times


def _median(values: list[float]) -> str:
    return f"{statistics.median(values):.3f} s"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--before", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        after = Path(scratch) / "after"
        shutil.copytree(args.site, after)
        _forty_page(after, dice_roll=True)
        server, base = _serve(after)
        firsts, navs, laters = [], [], []
        for index in range(ROUNDS):
            first, nav, later = roll_round(playwright, base)
            firsts.append(first)
            navs.append(nav)
            laters += later
            print(f"round {index + 1}: first tap to result {first:.3f} s "
                  f"(navigation to result {nav:.3f} s); later taps "
                  + ", ".join(f"{t * 1000:.0f}" for t in later) + " ms")
        print(f"first inline roll on a text page, warm, tap to result: median {_median(firsts)} "
              f"(goal <= 1.0 s); navigation to result: median {_median(navs)}")
        print(f"inline roll once the runtime is up, tap to result: median "
              f"{statistics.median(laters) * 1000:.0f} ms over {len(laters)} taps (goal <= 100 ms)")
        sites = {"now": base}
        if args.before:
            before = Path(scratch) / "before"
            shutil.copytree(args.before, before)
            _forty_page(before, dice_roll=False)
            _, sites["before"] = _serve(before)
        times = open_rounds(playwright, sites)
        for name, rows in times.items():
            for key in ("fcp", "dcl", "load"):
                values = [row[key] / 1000 for row in rows if row[key]]
                print(f"page with 40 dice, {name}: {key} median {_median(values)} "
                      f"(rounds: {', '.join(f'{v * 1000:.0f}' for v in values)} ms)")
        del server


if __name__ == "__main__":
    main()
