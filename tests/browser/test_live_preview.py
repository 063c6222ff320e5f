"""``make dev``, the live preview (scripts/dev.py), in a copy of the project:
a saved page shows in the open browser with its rollers working (built
alone first; the full build that follows does not reload it again), a build
error is printed with its page and line while the last good build stays
served, and every answer carries the site's headers. How soon a saved page
shows is measured by bench/bench_live_preview.py."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from runtime.build.hosts import EVERY_RESPONSE
from tests.browser.conftest import (
    MATERIAL_RUNS,
    PYODIDE_TIMEOUT_MS,
    ConsoleLog,
    press_for_new_seed,
)
from tests.conftest import ROOT, load_serve_module, pages_with_widget

pytestmark = pytest.mark.browser

# What the preview is made from: the project less its builds and caches.
PROJECT = ("docs", "macros", "textdice", "site_overrides", "runtime", "rules_py", "scripts",
           "mkdocs.yml", "pyproject.toml", "package-lock.json")
# Generous: the test fails only if no reload comes at all. How soon it comes
# is measured by bench/bench_live_preview.py, never asserted.
RELOAD_TIMEOUT_MS = 60_000
# make serve's service worker caches the whole site first.
INSTALL_TIMEOUT_MS = 120_000


@dataclass
class Preview:
    url: str
    project: Path
    output: list[str] = field(default_factory=list)

    def wait_for_output(self, pattern: str, after: int, timeout: float = 60) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.output[after:]:
                if re.search(pattern, line):
                    return line
            time.sleep(0.05)
        raise AssertionError(f"no {pattern!r} in: {self.output[after:]}")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def _running(project: Path, port: int, seed: Path) -> Iterator[Preview]:
    """make dev's script of ``project`` on ``port``, until the block ends."""
    process = subprocess.Popen(
        [sys.executable, "-u", str(project / "scripts" / "dev.py"), "--port", str(port),
         "--seed", str(seed)],
        cwd=project, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    running = Preview(f"http://127.0.0.1:{port}/", project)

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            running.output.append(line.rstrip())

    threading.Thread(target=read, daemon=True).start()
    try:
        running.wait_for_output("Serving the live preview", 0, timeout=180)
        yield running
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def preview(built_site: Path) -> Iterator[Preview]:
    """make dev, run from a copy of the project; Python's part of the runtime
    taken from the built site (the same sources)."""
    with tempfile.TemporaryDirectory() as scratch:
        project = Path(scratch) / "project"
        for name in PROJECT:
            source = ROOT / name
            if source.is_dir():
                shutil.copytree(source, project / name,
                                ignore=shutil.ignore_patterns("__pycache__"))
            else:
                project.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, project / name)
        (project / "node_modules").symlink_to(ROOT / "node_modules")
        with _running(project, _free_port(), built_site) as running:
            yield running


def test_every_answer_carries_the_site_headers(preview: Preview) -> None:
    with urllib.request.urlopen(preview.url) as response:
        headers = dict(response.headers.items())
        body = response.read().decode()
    for name, value in EVERY_RESPONSE.items():
        assert headers[name] == value
    assert ('<script src="/__dev__/reload.js" data-page="index.html" data-build="1"></script>'
            '</body>') in body
    # A missing page's 404 page reloads once a build has that page.
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(preview.url + "no-such-page/")
    assert missing.value.code == 404
    assert ('<script src="/__dev__/reload.js" data-page="no-such-page/index.html" '
            'data-build="gone"></script>') in missing.value.read().decode()
    with urllib.request.urlopen(preview.url + "sw.js") as response:
        worker = response.read().decode()
    # The offline cache is off: the service worker removes itself.
    assert "registration.unregister()" in worker


def test_a_saved_page_shows_with_its_rollers_working(
    preview: Preview, built_site: Path, page: Page, console: ConsoleLog
) -> None:
    address = pages_with_widget(built_site, "cairn.save")[0]
    source = preview.project / "docs" / (address.rstrip("/") + ".md")
    if not source.exists():
        source = preview.project / "docs" / address / "index.md"
    page.goto(preview.url + address)
    expect(page.locator('.rp-widget[data-widget="cairn.save"]').first).to_have_attribute(
        "data-state", "ready", timeout=PYODIDE_TIMEOUT_MS)
    page.wait_for_function(MATERIAL_RUNS)
    page.wait_for_timeout(1000)  # the page settled, as when a contributor edits

    text = source.read_text("utf-8")
    heading = re.search(r"^# .*$", text, re.MULTILINE)
    assert heading
    marker = f"Saved at {time.time_ns()}."
    after = len(preview.output)
    source.write_text(text.replace(heading.group(0), f"{heading.group(0)}\n\n{marker}", 1))
    expect(page.get_by_text(marker)).to_be_visible(timeout=RELOAD_TIMEOUT_MS)
    # The saved page alone was built first, and served.
    preview.wait_for_output(r"Pages built in .*: reloading " + re.escape(address), after)
    widget = page.locator('.rp-widget[data-widget="cairn.save"]').first
    expect(widget).to_have_attribute("data-state", "ready", timeout=PYODIDE_TIMEOUT_MS)
    assert press_for_new_seed(widget)
    # The full build that follows makes the same page: no second reload.
    page.evaluate("() => { window.notReloaded = true; }")
    preview.wait_for_output(r"Built in .*: no page changed", after)
    assert page.evaluate("() => window.notReloaded") is True
    expect(page.get_by_text(marker)).to_be_visible()
    assert console.errors == []


def test_a_build_error_is_printed_with_its_page_and_line(
    preview: Preview, built_site: Path, page: Page
) -> None:
    source = preview.project / "docs" / "dice.md"
    text = source.read_text("utf-8")
    page.goto(preview.url + "dice/")
    title = page.title()
    after = len(preview.output)
    broken = text + "\nSee [the missing rule](no-such-page.md).\n"
    source.write_text(broken)
    line = broken.splitlines().index("See [the missing rule](no-such-page.md).") + 1
    report = preview.wait_for_output(r"no-such-page\.md", after)
    assert f"docs/dice.md, line {line}" in report
    preview.wait_for_output(r"still serving the last good one", after)
    # The page is still served, and was not reloaded onto a broken build.
    page.reload()
    assert page.title() == title
    after = len(preview.output)
    source.write_text(text + '\n{{ widget("cairn.save", attribute=99) }}\n')
    report = preview.wait_for_output(r"docs/dice\.md, line \d+: WidgetArgumentError", after)
    assert f"line {len(text.splitlines()) + 2}:" in report
    preview.wait_for_output(r"still serving the last good one", after)
    # Fixed (and a line added), the page is built and the open page reloads
    # (waited for here, so that no reload races the tab's closing).
    with page.expect_navigation(timeout=RELOAD_TIMEOUT_MS):
        source.write_text(text + "\nFixed.\n")
    # Retried: on a loaded machine the title was once read just after the
    # reload as "Loading http://…/dice/", which is not the page's.
    expect(page).to_have_title(title)
    expect(page.get_by_text("Fixed.")).to_be_visible()


_HAS_RELOAD_SCRIPT = ("() => performance.getEntriesByName("
                      "new URL('/__dev__/reload.js', location.href).href).length > 0")


def _page_of_make_serve(context: BrowserContext, built_site: Path, port: int) -> Page:
    """A page of ``make serve`` on ``port``, controlled by its service worker
    with the whole site cached, once that server has stopped."""
    server = load_serve_module().make_server(built_site, port, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    page = context.new_page()
    try:
        page.goto(f"http://127.0.0.1:{port}/dice/")
        # Activated: its cache is whole (a page is controlled as soon as the
        # worker claims it, before its activation ends).
        page.wait_for_function("() => navigator.serviceWorker.controller !== null"
                               " && navigator.serviceWorker.controller.state === 'activated'",
                               timeout=INSTALL_TIMEOUT_MS)
        assert [n for n in page.evaluate("caches.keys()") if n.startswith("rp-site-")]
    finally:
        server.shutdown()
        server.server_close()
    return page


def test_no_page_comes_from_the_offline_cache_of_make_serve(
    preview: Preview, built_site: Path, fresh_context: BrowserContext
) -> None:
    """A contributor who ran make serve on the same address: its service
    worker answered every page from its cache. Under make dev it removes
    itself and that cache, and the page is the preview's."""
    port = _free_port()
    page = _page_of_make_serve(fresh_context, built_site, port)
    with _running(preview.project, port, built_site) as second:
        # Chromium may check the registration for an update as the navigation
        # starts: then make dev's worker (which answers no fetch) has taken
        # the old one's place before the page is asked for, and the page is
        # the preview's at once. Otherwise the old cache answers this once,
        # and make dev's worker, found by the check after it, reloads the
        # page from the preview. Either way, the page shown in the end has
        # the preview's reload script.
        response = page.goto(second.url + "dice/", wait_until="commit")
        assert response is not None
        page.wait_for_function(_HAS_RELOAD_SCRIPT, timeout=RELOAD_TIMEOUT_MS)
        page.wait_for_function("async () => !(await caches.keys()).some("
                               "(name) => name.startsWith('rp-site-'))", timeout=RELOAD_TIMEOUT_MS)
        response = page.goto(second.url + "cairn/")
        assert response is not None and not response.from_service_worker
        assert response.headers["cache-control"] == "no-cache"
        assert "/__dev__/reload.js" in response.text()


def test_a_page_that_make_devs_worker_missed_is_reloaded_at_its_next_check(
    preview: Preview, built_site: Path, fresh_context: BrowserContext
) -> None:
    """The order in which Chromium checks make serve's registration as the
    navigation begins: make dev's worker takes the registration while the
    page still loads, before it can reach the page, which then shows the old
    cache's copy. The page's own check for an update (the site's offline.js
    makes one at start) must install make dev's worker again, which reloads
    it: make dev never serves the same worker twice."""
    port = _free_port()
    page = _page_of_make_serve(fresh_context, built_site, port)
    with _running(preview.project, port, built_site) as second:
        # The state that order leaves, made by failing the one reload make
        # dev's worker asks for: the old page, controlled by that worker.
        missed: list[str] = []

        def miss_once(route: Route) -> None:
            if missed:
                route.continue_()
            else:
                missed.append(route.request.url)
                route.abort("aborted")  # no error page: the old one stays

        page.route(second.url + "dice/", miss_once)
        page.evaluate("async () => { await (await navigator.serviceWorker.ready).update(); }")
        for _ in range(300):
            if missed:
                break
            page.wait_for_timeout(100)
        assert missed, "make dev's worker never reloaded the page"
        page.wait_for_timeout(500)
        assert not page.evaluate(_HAS_RELOAD_SCRIPT)
        # The page's own check, as offline.js makes it: register, then update.
        page.evaluate("""async () => {
          const registration = await navigator.serviceWorker.register('/sw.js');
          await registration.update();
        }""")
        page.wait_for_function(_HAS_RELOAD_SCRIPT, timeout=RELOAD_TIMEOUT_MS)
        assert not [n for n in page.evaluate("caches.keys()") if n.startswith("rp-site-")]
