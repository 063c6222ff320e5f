"""Python starts from the build's memory snapshot, and falls back to a normal
load when the snapshot cannot be used; either way the rollers work."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, Route

from tests.browser.conftest import open_widget, press_for_new_seed
from tests.conftest import pages_with_widget

SNAPSHOT = "**/assets/rp/py/snapshot.bin*"


def _runtime_mode(page: Page) -> str | None:
    mode: str | None = page.evaluate("() => document.documentElement.dataset.rpRuntime || null")
    return mode


def test_the_snapshot_path_reaches_ready_and_rolls(
    page: Page, base_url: str, built_site: Path
) -> None:
    snapshot_requests: list[int] = []
    page.on("response", lambda response: snapshot_requests.append(response.status)
            if "/snapshot.bin" in response.url else None)
    widget = open_widget(page, base_url + pages_with_widget(built_site, "cairn.save")[0],
                         "cairn.save")
    assert _runtime_mode(page) == "snapshot"
    assert snapshot_requests and all(status in (200, 304) for status in snapshot_requests)
    assert press_for_new_seed(widget).strip()


def _corrupt(route: Route) -> None:
    route.fulfill(status=200, body=b"\x00not a snapshot" * 4096,
                  headers={"Content-Type": "application/octet-stream"})


def _missing(route: Route) -> None:
    route.fulfill(status=404, body=b"not found", headers={"Content-Type": "text/plain"})


@pytest.mark.parametrize("serve_snapshot", [_corrupt, _missing], ids=["corrupt", "missing"])
def test_the_fallback_path_reaches_ready_and_rolls(
    page: Page, base_url: str, built_site: Path, serve_snapshot: object
) -> None:
    page.route(SNAPSHOT, serve_snapshot)  # type: ignore[arg-type]
    widget = open_widget(page, base_url + pages_with_widget(built_site, "cairn.save")[0],
                         "cairn.save")
    assert _runtime_mode(page) == "fallback"
    assert press_for_new_seed(widget).strip()
    assert widget.locator('[data-role="status"].rp-status-failed').count() == 0
