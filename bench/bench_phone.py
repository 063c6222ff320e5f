"""Start-up as a phone would see it, measured in Chromium (not a test).

The same pages and method as ``bench_startup.py`` (the widget page
``cairn/rules/`` against the bare ``loadPyodide()`` page, fresh persistent
profiles, cold = a profile's first visit, warm = its second), under the
conditions of a phone, through the DevTools protocol: a 390x844 touch
screen, ``Emulation.setCPUThrottlingRate`` (4x and 6x) and
``Network.emulateNetworkConditions`` (9 Mbit/s down, 60 ms). Rounds are
interleaved (every condition, the widget page and the bare page, each
round, each round starting from the next page), and the medians are
printed with the bytes on the wire up to the first roll (encoded, as sent)
and the ratios to the bare page.

CDP slows only the page's main thread: ``setCPUThrottlingRate`` on a
worker's target answers "Operation is only supported for pages, not
workers", so the bare page, which does almost everything in its worker,
barely slows, and what the site's first roll loses under it is work on the
page's own thread. The slowing is not idle time: Chromium's throttler on
Linux (ThreadCPUThrottler) interrupts the page's thread every 200 us and
busy-waits the slowed share, so the page holds nearly a whole core even
when idle; the bench measures and prints that share. On a machine of two
cores, work run beside the page's (the worker restoring Python while the
page is parsed) then shares the one core left with the browser's other
processes: here it made the forms later and the first roll no sooner,
where a phone's spare cores would run it beside. Run with ``make bench`` (or alone:
``.venv/bin/python bench/bench_phone.py``; ``BENCH_ROUNDS`` sets the rounds).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_startup import (  # noqa: E402
    DRAWN,
    OBSERVER,
    WIDGET_PAGE,
    _median,
    await_said,
    listen,
    serve_bench_site,
    serve_site,
)
from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

__all__ = ["CONDITIONS", "Condition", "arm_tap", "interleaved_visits", "main", "open_phone"]

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))
MOBILE_LINK: dict[str, object] = {"offline": False, "latency": 60,
                                  "downloadThroughput": 9_000_000 / 8,
                                  "uploadThroughput": 3_000_000 / 8}
# Said by the page once its first form is drawn, in the next frame (the first
# a reader could see it in; measured at once instead, the button's box forced
# a layout of its own before the page went on, 60 to 105 ms of the page's
# thread at 4x, where in the frame it is the frame's own): the form's primary
# button, brought into view, and its centre, where the bench taps at once,
# from the binding itself. Neither a poll nor Playwright's tap of an element:
# each poll is a task on the page's thread, which at 4x waits behind the
# page's own, and a round trip through Playwright's driver (one every 5 ms
# took 0.15 to 0.2 of a core of this machine's two while the page loads);
# Playwright's tap first compiles its injected script and waits for two
# animation frames with the button still. Together they once put 0.7 s
# between the form drawn and the tap, counted as the site's.
FORM_DRAWN_SIGNAL = """
(() => {
  const observer = new MutationObserver(() => {
    const form = document.querySelector('%s');
    if (!form) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const button = form.querySelector("button.md-button--primary");
      button.scrollIntoView({block: "center"});
      const box = button.getBoundingClientRect();
      window.__clickedAt = performance.now();
      window.rpBenchFormDrawn({x: box.left + box.width / 2, y: box.top + box.height / 2});
    });
  });
  const start = () => observer.observe(document.documentElement,
    {subtree: true, childList: true, attributes: true});
  if (document.documentElement) start();
  else document.addEventListener("readystatechange", start, {once: true});
})();
""" % DRAWN  # noqa: UP031 (the page's script has braces of its own)
# A tap that no roll follows within this (it landed while the page moved under
# it, on a busy machine) loses its round, which is counted and left out.
TAP_ANSWER_S = 30


@dataclass(frozen=True)
class Condition:
    label: str
    cpu: float
    link: dict[str, object] | None
    linger_s: float  # the first visit stays open this long (the service worker installs)


CONDITIONS = (
    Condition("processor 4x slower, local link", 4, None, 5),
    Condition("processor 6x slower, local link", 6, None, 5),
    Condition("processor 4x slower, 9 Mbit/s down, 60 ms", 4, MOBILE_LINK, 10),
)
# Goals of the phone conditions (the issue "The first roll on a phone").
WARM_ROLL_AT_4X_S = 0.8
FORM_AT_6X_S = 1.0
COLD_ROLL_RATIO_OVER_LINK = 0.75
COLD_BYTES_OVER_LINK = 7e6


@dataclass(frozen=True)
class PhoneVisit:
    form: float | None
    done: float
    bytes_to_done: int  # encoded bytes of every response finished by the first roll


def open_phone(playwright: Playwright, profile: str) -> BrowserContext:
    """Chromium on ``profile`` with a phone's screen: 390x844, touch."""
    return playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
        device_scale_factor=3)


def arm_tap(page: Page) -> None:
    """A tap on the first drawn form's primary button as soon as the page
    says where it is (FORM_DRAWN_SIGNAL); before the page is opened."""
    page.expose_binding("rpBenchFormDrawn",
                        lambda _source, point: page.touchscreen.tap(point["x"], point["y"]))
    page.add_init_script(FORM_DRAWN_SIGNAL)


def _renderers() -> dict[int, float]:
    """Every Chromium renderer process of the machine and its processor
    seconds so far, from /proc (Linux); empty where there is no /proc."""
    found: dict[int, float] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if b"--type=renderer" not in (stat.parent / "cmdline").read_bytes():
                continue
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended meanwhile
            continue
        ticks = int(fields[11]) + int(fields[12])  # user and system time
        found[int(stat.parent.name)] = ticks / os.sysconf("SC_CLK_TCK")
    return found


def throttling_spin(playwright: Playwright, rate: float, seconds: float = 3) -> float | None:
    """The share of a core an idle page's renderer takes while CDP slows its
    thread ``rate`` times (the throttler's busy wait), or None without /proc."""
    before = set(_renderers())
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                         headless=True)
    try:
        page = browser.new_page()
        page.set_content("<p>An idle page.</p>")
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                                {"rate": rate})
        page.wait_for_timeout(500)
        start = {pid: used for pid, used in _renderers().items() if pid not in before}
        began = time.monotonic()
        page.wait_for_timeout(seconds * 1000)
        end = _renderers()
        elapsed = time.monotonic() - began
    finally:
        browser.close()
    if not start:
        return None
    return sum(end.get(pid, used) - used for pid, used in start.items()) / elapsed


def _visit(playwright: Playwright, profile: str, url: str, widget: bool,
           condition: Condition, linger: float) -> PhoneVisit | None:
    context = open_phone(playwright, profile)
    try:
        page = context.new_page()
        received: list[int] = []
        page.on("requestfinished", lambda request: received.append(
            max(request.sizes()["responseBodySize"], 0)))
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": condition.cpu})
        if condition.link:
            session.send("Network.enable")
            session.send("Network.emulateNetworkConditions", condition.link)
        page.add_init_script(OBSERVER)
        said = listen(page)
        arm_tap(page)
        deadline = time.monotonic() + 300
        page.goto(url, timeout=300_000, wait_until="commit")
        form = None
        if widget:
            form = await_said(page, said, "form", deadline, "a drawn form")
            try:
                answer_by = min(deadline, time.monotonic() + TAP_ANSWER_S)
                done = await_said(page, said, "roll", answer_by, "the first roll")
            except TimeoutError:
                return None
        else:
            done = await_said(page, said, "loaded", deadline, "loadPyodide()")
        visit = PhoneVisit(form, done, sum(received))
        page.wait_for_timeout(linger * 1000)
        return visit
    finally:
        context.close()


def interleaved_visits(playwright: Playwright, pages: list[tuple[str, str, bool]],
                       conditions: tuple[Condition, ...]
                       ) -> tuple[dict[tuple[str, str, str], list[PhoneVisit]], int]:
    """``ROUNDS`` rounds of a cold and a warm visit (a fresh profile's first
    and second) of each page (name, address, whether it has a form to tap)
    under each condition: the visits by (condition, page, "cold" or "warm"),
    and how many were lost (a tap no roll followed)."""
    visits: dict[tuple[str, str, str], list[PhoneVisit]] = {}
    lost = 0
    for round_index in range(ROUNDS):
        # Each round starts from another page: on a loaded machine the first
        # visit of a condition ran up to 0.4 s slower than the later ones,
        # which a fixed order charged to one build.
        shift = round_index % len(pages)
        for condition in conditions:
            for name, url, widget in pages[shift:] + pages[:shift]:
                with tempfile.TemporaryDirectory() as profile:
                    for kind in ("cold", "warm"):
                        visit = _visit(playwright, profile, url, widget, condition,
                                       condition.linger_s if kind == "cold" else 0)
                        if visit is None:
                            lost += 1
                            continue
                        visits.setdefault((condition.label, name, kind), []).append(visit)
    return visits, lost


def main() -> None:
    base, bench_folder, server = serve_bench_site()
    pages = [("site", base + WIDGET_PAGE, True), ("bare", base + "__bench__/bare.html", False)]
    # BENCH_BASELINE=<another build's folder>: that build's widget page too, in
    # the same rounds (a change measured against what it changes, under the
    # same load of a shared machine).
    baseline = os.environ.get("BENCH_BASELINE")
    other = None
    if baseline:
        other_base, other = serve_site(Path(baseline))
        pages.append(("baseline", other_base + WIDGET_PAGE, True))
    try:
        with sync_playwright() as playwright:
            visits, lost = interleaved_visits(playwright, pages, CONDITIONS)
            spins = {rate: throttling_spin(playwright, rate)
                     for rate in sorted({condition.cpu for condition in CONDITIONS})}
    finally:
        server.shutdown()
        if other is not None:
            other.shutdown()
        shutil.rmtree(bench_folder)
    _report(visits, lost, spins)


def _report(visits: dict[tuple[str, str, str], list[PhoneVisit]], lost: int,
            spins: dict[float, float | None]) -> None:
    def median(condition: Condition, name: str, kind: str, attribute: str) -> float:
        runs = visits[(condition.label, name, kind)]
        return _median([float(getattr(visit, attribute)) for visit in runs])

    print(f"Start-up on {WIDGET_PAGE} as a phone (390x844, touch), median of {ROUNDS} "
          "interleaved rounds, seconds from navigation; MB on the wire by the first roll:")
    print("CDP slows only the page's main thread (setCPUThrottlingRate on a worker answers "
          "\"Operation is only supported for pages, not workers\"): what slows is the "
          "page's own work.")
    sites = [name for name in ("site", "baseline")
             if any(key[1] == name for key in visits)]
    header = (f"{'condition':44}{'page':>9}{'form warm':>10}{'form cold':>10}{'roll warm':>10}"
              f"{'roll cold':>10}{'MB cold':>9}{'x bare warm':>12}{'x bare cold':>12}")
    if all(spin is not None for spin in spins.values()):
        shares = ", ".join(f"{spin:.2f} of a core at {rate:g}x" for rate, spin in spins.items())
        print(f"The slowing busy-waits: an idle page's renderer held {shares} (this machine "
              f"has {os.cpu_count()} cores); what runs beside the page's thread shares the rest.")
    print(header)
    for condition in CONDITIONS:
        for name in (*sites, "bare"):
            widget = name != "bare"
            ratios = [median(condition, name, kind, "done")
                      / median(condition, "bare", kind, "done") for kind in ("warm", "cold")]
            forms = (f"{median(condition, name, 'warm', 'form'):10.2f}"
                     f"{median(condition, name, 'cold', 'form'):10.2f}") if widget else " " * 20
            print(f"{condition.label if name == sites[0] else '':44}{name:>9}{forms}"
                  f"{median(condition, name, 'warm', 'done'):10.2f}"
                  f"{median(condition, name, 'cold', 'done'):10.2f}"
                  f"{median(condition, name, 'cold', 'bytes_to_done') / 1e6:9.2f}"
                  f"{ratios[0]:11.2f}x{ratios[1]:11.2f}x")
    print("(the bare page's row: its loadPyodide(), in the first-roll columns)")
    if lost:
        print(f"({lost} visits left out: a tap no roll followed within {TAP_ANSWER_S} s)")
    at4, at6, link = CONDITIONS
    warm4 = median(at4, "site", "warm", "done")
    cold4 = median(at4, "site", "cold", "done")
    form6 = median(at6, "site", "warm", "form"), median(at6, "site", "cold", "form")
    link_ratio = median(link, "site", "cold", "done") / median(link, "bare", "cold", "done")
    link_bytes = median(link, "site", "cold", "bytes_to_done")
    goals = (
        (f"4x: warm first roll <= {WARM_ROLL_AT_4X_S} s", f"{warm4:.2f} s",
         warm4 <= WARM_ROLL_AT_4X_S),
        ("4x: warm first roll no slower than cold", f"{warm4:.2f} s against {cold4:.2f} s",
         warm4 <= cold4),
        (f"9 Mbit/s: cold first roll <= {COLD_ROLL_RATIO_OVER_LINK}x the bare page's",
         f"{link_ratio:.2f}x", link_ratio <= COLD_ROLL_RATIO_OVER_LINK),
        (f"9 Mbit/s: at most {COLD_BYTES_OVER_LINK / 1e6:.0f} MB on the wire, cold",
         f"{link_bytes / 1e6:.2f} MB", link_bytes <= COLD_BYTES_OVER_LINK),
        (f"6x: form drawn within {FORM_AT_6X_S} s",
         f"warm {form6[0]:.2f} s, cold {form6[1]:.2f} s", max(form6) <= FORM_AT_6X_S),
    )
    print("Goals:")
    for goal, figure, met in goals:
        print(f"  {goal}: {figure} ({'met' if met else 'not met'})")
    print("Every round, first roll / loadPyodide() (s):")
    for (label, name, kind), runs in visits.items():
        rounds = " ".join(f"{v.done:5.2f}" for v in runs)
        print(f"  {label[:30]:30} {name:8} {kind:4} {rounds}")


if __name__ == "__main__":
    main()
