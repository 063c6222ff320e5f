"""The site offline and its updates: after one visit every page and roller
works with the network off, and a new build is offered as a reload, never
mixed into the open page. Each test opens a cold profile of its own with
service workers allowed (the shared profile blocks them)."""

from __future__ import annotations

import re
import shutil
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, Worker, expect

from runtime.build import offline as build_offline
from tests.browser.conftest import (
    MATERIAL_RUNS,
    PHONE_WIDTH,
    PYODIDE_TIMEOUT_MS,
    press_every_roller,
    requests_to,
    search_results,
)
from tests.conftest import (
    load_serve_module,
    pages_with_rollers,
    pages_with_widget,
)

ROOT = Path(__file__).resolve().parent.parent.parent
SEED = re.compile(r"^\d+$")
RUNTIME_WORKER = "/assets/rp/worker/worker.js"
MATERIAL_SEARCH_WORKER = "/assets/javascripts/workers/search."
# Installing means caching the whole site (Pyodide and the snapshot too).
INSTALL_TIMEOUT_MS = 120_000


def _wait_until_offline_ready(page: Page) -> str:
    """Waits until the service worker controls the page with every file
    cached; returns the name of its cache."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                           timeout=INSTALL_TIMEOUT_MS)
    names: list[str] = page.evaluate("caches.keys()")
    return next(name for name in names if name.startswith("rp-site-"))


def _text_pages(site: Path) -> list[str]:
    pages = []
    for html in sorted(site.rglob("index.html")):
        text = html.read_text("utf-8")
        if 'class="rp-widget"' not in text and html.parent != site:
            pages.append(html.parent.relative_to(site).as_posix() + "/")
    return pages


def test_every_page_and_roller_works_offline_after_one_visit(
    fresh_context: BrowserContext, base_url: str, built_site: Path
) -> None:
    page = fresh_context.new_page()
    first = pages_with_widget(built_site, "cairn.save")[0]
    page.goto(base_url + first)
    page.wait_for_selector('.rp-widget[data-state="ready"]', timeout=PYODIDE_TIMEOUT_MS)
    cache_name = _wait_until_offline_ready(page)
    # The snapshot is cached inflated: its own format's first bytes, not gzip's.
    head = page.evaluate("""async (name) => {
      const cache = await caches.open(name);
      const key = (await cache.keys()).find((request) => request.url.includes("/snapshot.bin?v="));
      return Array.from(new Uint8Array(await (await cache.match(key)).arrayBuffer()).slice(0, 8));
    }""", cache_name)
    assert bytes(head) == b"RPSNAP2\0"

    fresh_context.set_offline(True)
    try:
        # A text page never opened.
        text_page = next(p for p in _text_pages(built_site) if p != first)
        page.goto(base_url + text_page)
        expect(page.locator("h1").first).to_be_visible()
        assert page.locator("article").inner_text().strip()
        # A widget page never opened, with another roller: it starts and rolls.
        other = next(p for p in pages_with_widget(built_site, "dice.notation") if p != first)
        page.goto(base_url + other)
        widget = page.locator('.rp-widget[data-widget="dice.notation"]').first
        expect(widget).to_have_attribute("data-state", "ready", timeout=PYODIDE_TIMEOUT_MS)
        assert page.evaluate("document.documentElement.dataset.rpRuntime") == "snapshot"
        # Served from the cache with its headers: still isolated, so stale previews are stopped.
        assert page.evaluate("crossOriginIsolated") is True
        widget.locator("button.md-button--primary").click()
        expect(widget.locator('[data-role="seed"]')).to_have_text(SEED)
        # Material's instant navigation fetches pages and the sitemap: a link works too.
        target = page.evaluate("""() => {
          const links = document.querySelectorAll(".md-tabs a[href], .md-content a[href]");
          const link = Array.from(links).find((a) =>
            a.href.startsWith(location.origin) && !a.href.includes("#") &&
            a.href !== location.href && a.offsetParent !== null);
          if (!link) return null;
          link.setAttribute("data-rp-offline-link", "");
          return link.href;
        }""")
        assert target, "no link to another page on " + other
        page.locator("[data-rp-offline-link]").click()
        expect(page).to_have_url(target)
        expect(page.locator("h1").first).to_be_visible()
        # A roller page's search starts too: the worker that holds it until
        # the rollers have started comes from the cache.
        page.goto(base_url + other)
        assert any("/cairn/" in url for url in search_results(page, "fatigue"))
    finally:
        fresh_context.set_offline(False)


def test_a_returning_reader_on_a_phone_gets_every_roller_page_from_the_service_worker(
    fresh_context: BrowserContext, base_url: str, built_site: Path
) -> None:
    """The other browser tests block service workers (so that page.route
    sees every request): here every page with rollers comes from the
    service worker, as on a reader's second visit, on a phone's screen.
    Each roller answers a press, the page stays within the screen with
    every result drawn (a long line in one, a fact's name and value side by
    side, once pushed a page 21 px past a phone's edge), each page's search
    starts (Material's worker is loaded once the rollers are up), and no
    console error is logged."""
    page = fresh_context.new_page()
    page.set_viewport_size({"width": PHONE_WIDTH, "height": 844})
    errors: list[str] = []
    page.on("console", lambda message: errors.append(f"{page.url}: {message.text}")
            if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
    material = requests_to(page, MATERIAL_SEARCH_WORKER)
    roller_pages = pages_with_rollers(built_site)
    assert len(roller_pages) > 15
    page.goto(base_url + roller_pages[0])
    page.wait_for_selector('.rp-widget[data-state="ready"]', timeout=PYODIDE_TIMEOUT_MS)
    _wait_until_offline_ready(page)
    no_search: list[str] = []
    too_wide: list[str] = []
    for url in roller_pages:
        material.clear()
        page.goto(base_url + url)
        assert page.evaluate("navigator.serviceWorker.controller !== null"), url
        assert press_every_roller(page) == [], url
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE_WIDTH:
            too_wide.append(f"{url}: {width}px wide on a {PHONE_WIDTH}px screen")
        for _ in range(50):
            if material:
                break
            page.wait_for_timeout(100)
        if not material:
            no_search.append(url)
        # The next page's rollers start afresh (a card pool's saved hand
        # would otherwise carry over and hide its first button).
        page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    assert too_wide == []
    assert no_search == []
    assert errors == []


@pytest.fixture
def site_copy(built_site: Path) -> Iterator[tuple[Path, str]]:
    """A copy of the built site on a server of its own, to swap builds under."""
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "site"
        shutil.copytree(built_site, site)
        server = load_serve_module().make_server(site, 0, quiet=True)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        yield site, f"http://127.0.0.1:{server.server_address[1]}/"
        server.shutdown()


def test_a_new_build_is_offered_as_a_reload_never_mixed(
    fresh_context: BrowserContext, site_copy: tuple[Path, str]
) -> None:
    site, url = site_copy
    page = fresh_context.new_page()
    page.goto(url)
    old_cache = _wait_until_offline_ready(page)
    old_title = page.title()

    # Build B: a changed page, and so a new sw.js with a new cache name.
    home = site / "index.html"
    home.write_text(home.read_text("utf-8").replace("<title>", "<title>Build B: ", 1), "utf-8")
    version = build_offline.build_offline(site, "Five Tables SRD", "Five Tables", "")
    assert f"rp-site-{version}" != old_cache

    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    banner = page.locator(".rp-update")
    expect(banner).to_contain_text("A new version of this site is ready",
                                   timeout=INSTALL_TIMEOUT_MS)
    # Until the reader reloads, the open version is still the one served.
    served = page.evaluate("fetch('./').then((r) => r.text())")
    assert "<title>Build B: " not in served
    assert page.title() == old_title

    reload = banner.get_by_role("button", name="Reload")
    reload.focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page).to_have_title(re.compile("^Build B: "))
    caches = page.evaluate("caches.keys()")
    assert [name for name in caches if name.startswith("rp-site-")] == [f"rp-site-{version}"]
    expect(page.locator(".rp-update")).to_have_count(0)


def _prefix_title(html: Path, prefix: str) -> None:
    html.write_text(html.read_text("utf-8").replace("<title>", "<title>" + prefix, 1), "utf-8")


def test_a_tab_left_on_the_old_build_moves_to_the_new_one_by_a_full_load(
    fresh_context: BrowserContext, site_copy: tuple[Path, str]
) -> None:
    """One tab accepts a new build; the others, still running the old
    build's JavaScript, never take a page of the new build by Material's
    instant navigation: their next link (tab "behind") and their next move
    back (tab "back") load the new build whole."""
    site, url = site_copy
    home = (site / "index.html").read_text("utf-8")
    target = next(page for page in _text_pages(site)
                  if f'href="{page}" class="md-tabs__link"' in home)
    # Material makes each address absolute once it runs.
    link = f'a.md-tabs__link[href="{target}"], a.md-tabs__link[href="{url}{target}"]'
    accepting = fresh_context.new_page()
    accepting.goto(url)
    old_cache = _wait_until_offline_ready(accepting)
    behind, back = fresh_context.new_page(), fresh_context.new_page()
    for tab in (behind, back):
        tab.goto(url)
        tab.wait_for_function(MATERIAL_RUNS)
        assert tab.evaluate("navigator.serviceWorker.controller !== null")
    # Before the update, a link is an instant navigation (the document stays).
    back.evaluate("() => { window.rpOldDocument = true; }")
    back.locator(link).click()
    expect(back).to_have_url(url + target)
    assert back.evaluate("window.rpOldDocument") is True

    # Build B: both pages and the runtime's own script change.
    _prefix_title(site / "index.html", "Build B: ")
    _prefix_title(site / target / "index.html", "Build B: ")
    boot = site / "assets/rp/page/boot.js"
    boot.write_text(boot.read_text("utf-8") + '\nwindow.rpBuild = "B";\n', "utf-8")
    version = build_offline.build_offline(site, "Five Tables SRD", "Five Tables", "")
    assert f"rp-site-{version}" != old_cache
    accepting.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    banner = accepting.locator(".rp-update")
    expect(banner).to_contain_text("A new version of this site is ready",
                                   timeout=INSTALL_TIMEOUT_MS)
    with accepting.expect_navigation():
        banner.get_by_role("button", name="Reload").click()
    expect(accepting).to_have_title(re.compile("^Build B: "))

    for tab in (behind, back):
        expect(tab.locator(".rp-update")).to_contain_text("updated in another tab")
        tab.evaluate("() => { window.rpOldDocument = true; }")
    behind.locator(link).click()
    back.evaluate("history.back()")
    for tab, address in ((behind, url + target), (back, url)):
        expect(tab).to_have_title(re.compile("^Build B: "))
        assert tab.url == address
        # A new document, loaded as a whole, running the new build's script.
        assert tab.evaluate("window.rpOldDocument") is None
        tab.wait_for_function("() => window.rpBuild === 'B'")  # once the module has run
        loads = tab.evaluate("performance.getEntriesByType('navigation').map((n) => n.name)")
        assert loads == [address]


def test_the_first_visit_runs_the_roller_once_more_from_the_cache(
    fresh_context: BrowserContext, base_url: str, built_site: Path
) -> None:
    """Once the service worker has taken the first visit's page, a spare run
    of the roller's worker, served from its cache, answers and ends (so the
    next visit finds the compiled code); the page's own runtime goes on. A
    visit the service worker controls from the start makes no spare run,
    and its worker reads the snapshot and the wasm from the cache itself:
    neither is asked of the service worker or the network."""
    page = fresh_context.new_page()
    workers: list[str] = []
    closed: list[str] = []

    def follow(worker: Worker) -> None:
        if RUNTIME_WORKER in worker.url:  # not the search's worker
            workers.append(worker.url)
            worker.on("close", lambda gone: closed.append(gone.url))

    page.on("worker", follow)
    from_service_worker: list[str] = []
    page.on("response", lambda response: from_service_worker.append(response.url)
            if response.from_service_worker else None)
    widget_page = pages_with_widget(built_site, "cairn.save")[0]
    page.goto(base_url + widget_page)
    widget = page.locator('.rp-widget[data-widget="cairn.save"]').first
    expect(widget).to_have_attribute("data-state", "ready", timeout=PYODIDE_TIMEOUT_MS)
    _wait_until_offline_ready(page)
    expect(page.locator("html")).to_have_attribute("data-rp-spare-run", "answered",
                                                   timeout=PYODIDE_TIMEOUT_MS)
    page.wait_for_timeout(500)
    assert len(workers) == 2
    assert closed == [workers[1]]
    assert any(RUNTIME_WORKER in url for url in from_service_worker), from_service_worker
    assert any("pyodide.asm.mjs" in url for url in from_service_worker), from_service_worker
    # The page's own runtime still answers.
    widget.locator("button.md-button--primary").click()
    expect(widget.locator('[data-role="seed"]')).to_have_text(SEED)

    second = fresh_context.new_page()
    asked: list[str] = []
    second.on("request", lambda request: asked.append(request.url))
    second.goto(base_url + widget_page)
    expect(second.locator('.rp-widget[data-widget="cairn.save"]').first).to_have_attribute(
        "data-state", "ready", timeout=PYODIDE_TIMEOUT_MS)
    second.wait_for_timeout(2000)
    assert second.locator("html").get_attribute("data-rp-spare-run") is None
    assert len([worker for worker in second.workers if RUNTIME_WORKER in worker.url]) == 1
    assert second.locator("html").get_attribute("data-rp-runtime") == "snapshot"
    assert any("pyodide.asm.mjs" in url for url in asked), asked  # the worker's own imports
    assert not [url for url in asked if "/snapshot.bin" in url or "pyodide.asm.wasm" in url], asked
