"""What the page's own thread does before the first roll, on a phone's
processor (not a test; not run by ``make bench``, which prints the timings).

One profile: a first visit (left open a while, so the service worker
installs and the spare run happens), then a warm visit traced through the
DevTools protocol (``Tracing``, the Performance panel's categories) with the
processor slowed 4x (``Emulation.setCPUThrottlingRate``, which slows only the
page's main thread) on a 390x844 touch screen. The primary button is tapped
as soon as the form is drawn; the script prints the main thread's tasks from
navigation to the first roll, by kind and by script, the longest first, and
the marks of the page: form drawn, Python ready, first roll.

``.venv/bin/python bench/trace_first_roll.py [page] [rate]`` (``cairn/rules/``, 4).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_phone import arm_tap, open_phone  # noqa: E402
from bench.bench_startup import OBSERVER, WIDGET_PAGE, await_said, listen, serve_site  # noqa: E402

__all__ = ["main", "main_thread_summary", "modules_from_code_cache", "renderer_main_threads"]

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline",
              "v8.execute", "blink.user_timing", "loading"]
# What the thread's time is spent on (the Performance panel's names).
SCRIPT_KINDS = ("FunctionCall", "EvaluateScript", "v8.compile", "v8.compileModule",
                "v8.evaluateModule")
KINDS = (*SCRIPT_KINDS, "TimerFire", "EventDispatch", "FireAnimationFrame", "ParseHTML",
         "UpdateLayoutTree", "Layout", "Paint", "PrePaint", "Layerize", "ParseAuthorStyleSheet",
         "MinorGC", "MajorGC", "FireIdleCallback", "RunMicrotasks", "HitTest",
         "HandlePostMessage", "v8.produceModuleCache", "v8.produceCache")


def renderer_main_threads(events: list[dict[str, Any]]) -> set[tuple[int, int]]:
    """The (process, thread) of each renderer's main thread in the trace."""
    return {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}


def main_thread_summary(events: list[dict[str, Any]], start_us: float, end_us: float
                        ) -> tuple[float, dict[str, float], dict[str, float]]:
    """Busy time of the renderer's main thread between two trace times: in
    all, by event kind (top-level tasks' children), and by script."""
    threads = renderer_main_threads(events)
    main = [e for e in events if (e.get("pid"), e.get("tid")) in threads and e.get("ph") == "X"
            and start_us <= e["ts"] <= end_us]
    tasks = [e for e in main if e["name"] == "RunTask"]
    busy = sum(e.get("dur", 0) for e in tasks) / 1000
    kinds: dict[str, float] = defaultdict(float)
    scripts: dict[str, float] = defaultdict(float)
    for event in main:
        if event["name"] == "RunTask":
            continue
        name = event["name"]
        data = event.get("args", {}).get("data", {}) or {}
        if name in KINDS:
            kinds[name] += event.get("dur", 0) / 1000
        url = (data.get("url") or data.get("fileName") or "").split("?")[0]
        if name in SCRIPT_KINDS and url:
            scripts["/".join(url.rsplit("/", 2)[-2:])] += event.get("dur", 0) / 1000
    return busy, dict(kinds), dict(scripts)


def modules_from_code_cache(events: list[dict[str, Any]]) -> tuple[int, int]:
    """How many of the page's modules V8 compiled from a code cache, of all
    it compiled (a warm visit that compiles them afresh produces the cache
    again: v8.produceModuleCache above)."""
    threads = renderer_main_threads(events)
    compiled = [e for e in events if e.get("name") == "v8.compileModule"
                and (e.get("pid"), e.get("tid")) in threads]
    cached = [e for e in compiled if (e.get("args", {}).get("data") or {}).get("consumedCacheSize")]
    return len(cached), len(compiled)


def main() -> None:
    page_path = sys.argv[1] if len(sys.argv) > 1 else WIDGET_PAGE
    rate = float(sys.argv[2]) if len(sys.argv) > 2 else 4
    site = Path(os.environ.get("SITE_DIR", ROOT / "site"))
    base, server = serve_site(site)
    url = base + page_path
    events: list[dict[str, Any]] = []
    done = threading.Event()
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        for visit in ("cold", "warm"):
            context = open_phone(playwright, profile)
            try:
                page = context.new_page()
                session = context.new_cdp_session(page)
                session.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                page.add_init_script(OBSERVER)
                said = listen(page)
                arm_tap(page)  # as bench_phone.py taps
                if visit == "warm":
                    session.on("Tracing.dataCollected", lambda data: events.extend(data["value"]))
                    session.on("Tracing.tracingComplete", lambda _: done.set())
                    session.send("Tracing.start", {"traceConfig": {
                        "includedCategories": CATEGORIES}, "transferMode": "ReportEvents"})
                deadline = time.monotonic() + 120
                page.goto(url, wait_until="commit")
                form = await_said(page, said, "form", deadline, "a drawn form")
                roll = await_said(page, said, "roll", deadline, "the first roll")
                if visit == "cold":
                    page.wait_for_timeout(6000)
                    continue
                session.send("Tracing.end")
                done.wait(60)
            finally:
                context.close()
    server.shutdown()
    # The trace's clock: the navigation's start is the first navigationStart mark.
    nav = [e for e in events if e.get("name") == "navigationStart"]
    start_us = min(e["ts"] for e in nav) if nav else min(e["ts"] for e in events if "ts" in e)
    end_us = start_us + roll * 1e6
    busy, kinds, scripts = main_thread_summary(events, start_us, end_us)
    print(f"{page_path}, warm visit, processor {rate:g}x slower (page thread only), "
          f"390x844 touch: form drawn {form:.2f} s, first roll {roll:.2f} s")
    print(f"Main thread busy {busy:.0f} ms of the {roll * 1000:.0f} ms to the first roll")
    print("By kind (ms):")
    for name, ms in sorted(kinds.items(), key=lambda item: -item[1])[:14]:
        print(f"  {name:40}{ms:8.0f}")
    cached, compiled = modules_from_code_cache(events)
    print(f"Modules compiled from V8's code cache: {cached} of {compiled}")
    print("By script, compile and run (ms):")
    for name, ms in sorted(scripts.items(), key=lambda item: -item[1])[:16]:
        print(f"  {name:60}{ms:8.0f}")
    Path("/tmp/first-roll-trace.json").write_text(json.dumps({"traceEvents": events}))
    print("Trace written to /tmp/first-roll-trace.json (open it in the Performance panel).")


if __name__ == "__main__":
    main()
