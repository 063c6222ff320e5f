"""Browser helpers: a fresh tab per test with its console recorded, widget
waits, the roll-and-wait-for-a-new-seed step, axe-core, and the site served
as by a host that offers one encoding."""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, Route, expect

from tests.conftest import ROOT, load_serve_module

PYODIDE_TIMEOUT_MS = 40_000
PHONE_WIDTH = 390  # the phone the browser tests hold, 390x844 CSS pixels
# What a widget shows after a press (its result and its errors), as one text:
# a press has been answered once this changes. Used by the table-flow tests
# and by bench/bench_result_distance.py.
OUTPUT_SIGNATURE = """root => [
  ...root.querySelectorAll('[data-role="result"], [data-role="error"]'),
].map(n => n.textContent.trim()).join('|')"""


@contextmanager
def host_offering(site: Path, encoding: str | None) -> Iterator[str]:
    """The site served by scripts/serve.py as a host that offers only
    ``encoding`` (None: one that does not negotiate, and sends every file as
    it is): its address."""
    serve = load_serve_module()

    class Host(serve.SiteHandler):  # type: ignore[name-defined,misc]
        def _send_compressed(self) -> bool:
            if encoding is None:
                return False
            self.headers.replace_header("Accept-Encoding", encoding)
            return bool(super()._send_compressed())

    server = serve.make_server(site, 0, quiet=True, handler=Host)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{server.base_path}"
    finally:
        server.shutdown()


class ConsoleLog:
    def __init__(self) -> None:
        self.errors: list[str] = []

    def record(self, kind: str, text: str) -> None:
        if kind == "error":
            self.errors.append(text)


@pytest.fixture
def console() -> ConsoleLog:
    return ConsoleLog()


# The session's profile is shared by every test file a process runs, in an
# order pytest-xdist chooses: what one file keeps in the site's storage (a
# party member acting, the roll log, inline rolls switched off, a deck) would
# fill or change the next file's rollers. Each file starts with the origin's
# stored data cleared; the HTTP cache, and so the warm Pyodide, stays.
@pytest.fixture(scope="module", autouse=True)
def _each_file_starts_with_nothing_kept(request: pytest.FixtureRequest) -> None:
    mine = [i for i in request.session.items if getattr(i, "module", None) is request.module]
    if not any("browser_context" in getattr(item, "fixturenames", ()) for item in mine):
        return  # the file opens profiles of its own, or none
    context: BrowserContext = request.getfixturevalue("browser_context")
    base_url: str = request.getfixturevalue("base_url")
    tab = context.new_page()
    try:
        session = context.new_cdp_session(tab)
        origin = base_url.split("/", 3)
        session.send(
            "Storage.clearDataForOrigin",
            {
                "origin": f"{origin[0]}//{origin[2]}",
                "storageTypes": "local_storage,indexeddb,cache_storage,service_workers",
            },
        )
    finally:
        tab.close()


@pytest.fixture
def page(browser_context: BrowserContext, console: ConsoleLog) -> Iterator[Page]:
    tab = browser_context.new_page()
    tab.on("console", lambda message: console.record(message.type, message.text))
    tab.on("pageerror", lambda error: console.errors.append(f"page error: {error}"))
    yield tab
    tab.close()


@pytest.fixture
def phone_page(page: Page) -> Page:
    page.set_viewport_size({"width": PHONE_WIDTH, "height": 844})
    return page


class HeldPython:
    """Holds the snapshot's download, so Python stays "starting" until released."""

    SNAPSHOT = "**/assets/rp/py/snapshot.bin*"

    def __init__(self, page: Page) -> None:
        self.held: list[Route] = []
        self.released = False
        page.route(self.SNAPSHOT, self._handle)

    def _handle(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.held.append(route)

    def wait_asked(self, page: Page, timeout_ms: int = 15_000) -> None:
        """Waits until the worker has asked for the snapshot (on a loaded
        machine it may ask only seconds after the page is drawn)."""
        for _ in range(timeout_ms // 100):
            if self.held:
                return
            page.wait_for_timeout(100)
        raise AssertionError("the snapshot was never asked for")

    def release(self) -> None:
        """Lets the held downloads go, and any asked for later (a release
        before the worker asked must not leave it waiting for good)."""
        self.released = True
        for route in self.held:
            route.continue_()


# Material's colour scheme for each system setting (mkdocs.yml's palette: the
# dark one is slate with a black primary, not slate alone).
SYSTEM_SCHEME: dict[str, Literal["light", "dark"]] = {"default": "light", "slate": "dark"}


def use_system_scheme(page: Page, scheme: str) -> None:
    """The next pages of ``page`` show Material's ``scheme`` as a reader whose
    system asks for it sees it: no colour choice stored yet (Material keeps
    one in localStorage, which the tests of a context share)."""
    page.emulate_media(color_scheme=SYSTEM_SCHEME[scheme])
    page.add_init_script(
        "Object.keys(localStorage).filter((key) => key.endsWith('.__palette'))"
        ".forEach((key) => localStorage.removeItem(key))"
    )

# Material's script runs (on a page with rollers, theme-later.js runs it once
# they have started, so it may still change the page just after "ready").
MATERIAL_RUNS = "() => typeof document$ === 'object'"


def requests_to(page: Page, part: str) -> list[str]:
    """A list that fills with the URLs of ``page``'s requests holding ``part``
    (its workers' included)."""
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url) if part in request.url else None)
    return seen


def press_every_roller(page: Page) -> list[str]:
    """Waits until every roller of the page is ready, presses each one's
    primary button, and returns the labels of those that drew nothing (no
    result, error or notice)."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('.rp-widget')]"
        ".every((root) => root.dataset.state === 'ready')",
        timeout=PYODIDE_TIMEOUT_MS,
    )
    silent = []
    for widget in page.locator(".rp-widget").all():
        button = widget.locator("button.md-button--primary:visible").first
        button.click()
        # The click queued the action (Widget.run): wait until it is drawn.
        widget.evaluate("(root) => root.rpWidget.queue")
        answer = widget.locator('[data-role="result"], [data-role="error"], .rp-notice')
        if not "".join(answer.all_inner_texts()).strip():
            silent.append(button.inner_text())
    return silent


def search_results(page: Page, query: str) -> list[str]:
    """The addresses Material's search lists for ``query``, typed into its box."""
    box = page.locator("input.md-search__input")
    box.click()
    box.fill(query)
    box.press("End")  # Material searches on keyup
    links = page.locator("li.md-search-result__item > a.md-search-result__link")
    expect(links.first).to_be_visible(timeout=10_000)
    return [str(href) for href in links.evaluate_all("links => links.map(link => link.href)")]


def open_widget(page: Page, url: str, widget: str) -> Locator:
    """Go to ``url`` and wait until the first widget named ``widget`` is ready
    and Material's script runs."""
    page.goto(url)
    return ready_widget(page, widget)


def ready_widget(page: Page, widget: str) -> Locator:
    """The first widget named ``widget`` on the open page, once it is ready
    and Material's script runs."""
    selector = f'.rp-widget[data-widget="{widget}"]'
    page.wait_for_selector(f'{selector}[data-state="ready"]', timeout=PYODIDE_TIMEOUT_MS)
    page.wait_for_function(MATERIAL_RUNS, timeout=10_000)
    return page.locator(selector).first


# A widget at rest (widget.js): no odds preview waiting for its timer,
# nothing asked of Python, no draw held for a press; with ``previewed``, the
# preview sent at idle once Python is ready has been sent too. A preview's
# drawing follows Python's answer in the same task, so at rest it is drawn.
AT_REST = """([root, previewed]) => {
  const widget = root.rpWidget;
  return (!previewed || widget.previewed) && widget.autoTimer === null
    && widget.busy === 0 && !widget.pressing && !widget.heldDraws.length;
}"""


def wait_until_at_rest(widget: Locator, previewed: bool = False, timeout: float = 20_000) -> None:
    """Until ``widget`` is at rest (AT_REST): read from the widget, not timed,
    as a fixed wait ends too soon on a loaded machine."""
    widget.page.wait_for_function(AT_REST, arg=[widget.element_handle(), previewed],
                                  timeout=timeout)


def press_for_new_seed(widget: Locator, button: str = "button.md-button--primary",
                       timeout: float | None = None) -> str:
    """Press a widget's rolling button, wait for a result with a new seed
    (``timeout`` ms, else Playwright's default), return it."""
    seeds = widget.locator('[data-role="seed"]')
    before = seeds.all_inner_texts()
    widget.locator(button).first.click()
    expect(seeds).not_to_have_text(before or ["\u0000"], timeout=timeout)
    return seeds.inner_text()


def judge_once(judge: Locator) -> str:
    """Roll Judge Two's judge, take the recommended judgment (doubles judge
    themselves), and return the result's text."""
    press_for_new_seed(judge, 'button[data-action="roll"]', timeout=PYODIDE_TIMEOUT_MS)
    result = judge.locator('[data-role="result"]')
    badge = result.locator(".rp-choice:has(.rp-badge)")
    if badge.count():
        badge.click()
    # The judgment is a follow-up request: Python answers it as it did the roll.
    expect(result.locator(".rp-outcome")).to_be_visible(timeout=PYODIDE_TIMEOUT_MS)
    return result.inner_text()


_PAGES_SERVING_AXE: weakref.WeakSet[Page] = weakref.WeakSet()


def run_axe(page: Page, scope: str = "document") -> list[dict[str, Any]]:
    """Serious and critical axe-core violations within ``scope`` (a CSS selector
    or "document"). axe is served from the site's own origin: the CSP allows
    scripts from 'self' only."""
    if page not in _PAGES_SERVING_AXE:  # one route per tab, however many pages it audits
        axe_source = (ROOT / "node_modules" / "axe-core" / "axe.min.js").read_text()

        def serve_axe(route: Route) -> None:
            route.fulfill(body=axe_source, content_type="text/javascript")

        page.route("**/__axe__/axe.min.js", serve_axe)
        _PAGES_SERVING_AXE.add(page)
    page.add_script_tag(url="/__axe__/axe.min.js")
    target = "document" if scope == "document" else repr(scope)
    found = page.evaluate(f"axe.run({target}, {{resultTypes: ['violations']}})")
    return [v for v in found["violations"] if v["impact"] in ("serious", "critical")]


def describe_violations(violations: list[dict[str, Any]]) -> list[tuple[str, str, int]]:
    return [(v["id"], v["help"], len(v["nodes"])) for v in violations]
