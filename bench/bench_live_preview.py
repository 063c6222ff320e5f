"""make dev's live preview: from a saved page to the change on screen (not a test).

``make dev`` (scripts/dev.py) runs on a copy of the project, with Chromium on
a page with rollers (``cairn/rules/``). Each round waits until everything
has settled (rollers ready, the full build after the last save served), then
saves the page with a new paragraph and reads, in the reloaded page (an
init script, through the DevTools protocol, so the CSP does not apply), on
the machine's clock:

- "reload starts": the new document's navigation start;
- "shown": its first contentful paint (the page with the new paragraph);
- "rollers ready": the first roller's ``data-state`` turning "ready".

Each from the moment the save returned. Then the rebuild alone, measured in
this process on another copy (the browser idle): a saved page built over
the last full build (what the preview serves first), and the full build that
follows it (the search index, the other pages). The cores are shared: the
load average is printed with the figures. Rounds: BENCH_ROUNDS (7).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "7"))
PAGE = "cairn/rules/"
SOURCE = "docs/cairn/rules.md"
PROJECT = ("docs", "macros", "textdice", "site_overrides", "runtime", "rules_py", "scripts",
           "mkdocs.yml", "pyproject.toml", "package-lock.json")
TIMEOUT_S = 90
# Records the times of the document it runs in, on the machine's clock (ms).
RECORDER = """
(() => {
  const now = () => performance.timeOrigin + performance.now();
  window.__bench = {start: performance.timeOrigin};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "first-contentful-paint") {
        window.__bench.shown = performance.timeOrigin + entry.startTime;
      }
    }
  }).observe({type: "paint", buffered: true});
  const observer = new MutationObserver(() => {
    if (!window.__bench.ready && document.querySelector('.rp-widget[data-state="ready"]')) {
      window.__bench.ready = now();
    }
  });
  const start = () => observer.observe(document.documentElement,
    {subtree: true, attributes: true, attributeFilter: ["data-state"]});
  if (document.documentElement) start();
  else document.addEventListener("readystatechange", start, {once: true});
})();
"""


def _copy_project(into: Path) -> Path:
    for name in PROJECT:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, into / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            into.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    (into / "node_modules").symlink_to(ROOT / "node_modules")
    return into


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class _Output:
    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.lines: list[str] = []
        threading.Thread(target=self._read, args=(process,), daemon=True).start()

    def _read(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            self.lines.append(line.rstrip())

    def wait_for(self, pattern: str, after: int, timeout: float = TIMEOUT_S) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.lines[after:]:
                if found := re.search(pattern, line):
                    return found
            time.sleep(0.02)
        raise TimeoutError(f"no {pattern!r} in {self.lines[after:]}")


@contextmanager
def _preview(project: Path, port: int) -> Iterator[_Output]:
    process = subprocess.Popen(
        [sys.executable, "-u", str(project / "scripts" / "dev.py"), "--port", str(port),
         "--seed", str(ROOT / "site")],
        cwd=project, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    output = _Output(process)
    try:
        output.wait_for("Serving the live preview", 0, timeout=300)
        yield output
    finally:
        process.terminate()
        process.wait(timeout=10)


def _times(page: Page, marker: str, deadline: float) -> dict[str, float]:
    """The reloaded document's times, once it holds ``marker`` and a ready roller."""
    while time.monotonic() < deadline:
        try:
            found = page.evaluate(
                "(marker) => document.body && document.body.textContent.includes(marker)"
                " && window.__bench && window.__bench.ready && window.__bench.shown"
                " ? window.__bench : null", marker)
        except PlaywrightError:  # the page is navigating
            found = None
        if found:
            return {key: float(value) / 1000 for key, value in found.items()}
        time.sleep(0.02)
    raise TimeoutError(f"{marker!r} not shown with its rollers ready")


def _edited(text: str, marker: str) -> str:
    heading = re.search(r"^# .*$", text, re.MULTILINE)
    assert heading
    return text.replace(heading.group(0), f"{heading.group(0)}\n\n{marker}", 1)


def _browser_rounds(project: Path) -> tuple[dict[str, list[float]], list[float]]:
    source = project / SOURCE
    original = source.read_text("utf-8")
    figures: dict[str, list[float]] = {"reload starts": [], "shown": [], "rollers ready": []}
    page_builds: list[float] = []
    port = _free_port()
    with _preview(project, port) as output, sync_playwright() as playwright, \
            tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = context.new_page()
        page.add_init_script(RECORDER)
        page.goto(f"http://127.0.0.1:{port}/{PAGE}")
        _times(page, "", time.monotonic() + TIMEOUT_S)
        for n in range(ROUNDS):
            page.wait_for_timeout(1000)  # settled, as when a contributor edits
            marker = f"Saved in round {n} at {time.time_ns()}."
            after = len(output.lines)
            source.write_text(_edited(original, marker), "utf-8")
            saved = time.time()
            times = _times(page, marker, time.monotonic() + TIMEOUT_S)
            figures["reload starts"].append(times["start"] - saved)
            figures["shown"].append(times["shown"] - saved)
            figures["rollers ready"].append(times["ready"] - saved)
            built = output.wait_for(r"Pages built in ([\d.]+) s", after)
            page_builds.append(float(built.group(1)))
            output.wait_for(r"Built in .*: no page changed", after)  # not reloaded again
            print(f"  round {n + 1}: shown {figures['shown'][-1]:.2f} s, rollers ready "
                  f"{figures['rollers ready'][-1]:.2f} s", flush=True)
        context.close()
    return figures, page_builds


def _in_process(project: Path) -> tuple[list[float], list[float]]:
    """The saved page's build and the full build, timed in this process."""
    sys.path.insert(0, str(project / "scripts"))
    from dev_build import Builder  # the copy's scripts/dev_build.py

    with tempfile.TemporaryDirectory() as work:
        builder = Builder(project, Path(work), _free_port(), ROOT / "site")
        served = builder.build()
        source = project / SOURCE
        original = source.read_text("utf-8")
        pages, full = [], []
        for n in range(ROUNDS):
            source.write_text(_edited(original, f"Round {n}."), "utf-8")
            started = time.perf_counter()
            updated = builder.update([source], [source], served)
            pages.append(time.perf_counter() - started)
            assert updated is not None
            started = time.perf_counter()
            served = builder.build([source])
            full.append(time.perf_counter() - started)
        source.write_text(original, "utf-8")
    return pages, full


def _line(name: str, values: list[float]) -> str:
    return (f"{name:<28} median {statistics.median(values):.2f} s "
            f"(min {min(values):.2f}, max {max(values):.2f}, n={len(values)})")


def main() -> None:
    if not (ROOT / "site" / "assets" / "rp" / "build-manifest.json").exists():
        raise SystemExit("site/ is not built: run make site first (its Python part is reused).")
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as scratch:
        figures, page_builds = _browser_rounds(_copy_project(Path(scratch) / "browser"))
        print(f"save -> (in Chromium, {ROUNDS} edits of {SOURCE}; load average "
              f"{load[0]:.1f} before, {os.getloadavg()[0]:.1f} after, {os.cpu_count()} cores):")
        for name, values in figures.items():
            print("  " + _line(name, values))
        print("  " + _line("saved page built (server)", page_builds))
        pages, full = _in_process(_copy_project(Path(scratch) / "in-process"))
        print(f"rebuild alone, in this process (load average {os.getloadavg()[0]:.1f}):")
        print("  " + _line("saved page built", pages))
        print("  " + _line("full build after it", full))


if __name__ == "__main__":
    main()
