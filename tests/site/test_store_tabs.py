"""page/store.js under Node, with tabs whose copies of localStorage lag behind
each other as Chromium's do and no locks at all (store_tabs.mjs): no change
is lost or applied twice, a full storage keeps the page's changes until
there is room, and what the site kept before the store is read."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest

from tests.conftest import ROOT

STORE_JS = ROOT / "runtime" / "page" / "store.js"
TABS = ROOT / "tests" / "site" / "store_tabs.mjs"


def run(scenario: str) -> Any:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    done = subprocess.run(
        [node, str(TABS), STORE_JS.as_uri(), scenario],
        capture_output=True, text=True, check=True, timeout=60,
    )
    return json.loads(done.stdout)


def test_two_tabs_with_lagging_copies_keep_all_100_rolls_once() -> None:
    report = run("two-tabs")
    assert report["stored"] == 100 and report["distinct"] == 100
    assert report["tabs"] == [100, 100] and report["same"]


def test_a_full_storage_keeps_the_rolls_on_the_page_then_in_storage() -> None:
    report = run("full-then-room")
    assert [r["reason"] for r in report["during"]["results"]] == ["full"] * 3
    assert report["during"]["shown"] == 4
    assert report["during"]["status"]["state"] == "full"
    assert report["during"]["status"]["unkept"] == {"log": 3}
    assert report["after"] == {"kept": True} and report["status"] == "kept"
    assert report["stored"] == [f"tab 0 roll {i}" for i in (4, 3, 2, 1, 0)]


def test_the_items_kept_before_the_store_are_read_and_moved() -> None:
    report = run("legacy")
    assert [e["summary"] for e in report["log"]] == ["tab 0 roll 1"]
    assert report["state"] == {"version": 1, "a": {"hand": [1, 2]}}
    assert report["settings"] == {"more:dice.notation": True}
    names = report["names"]
    assert "rp-kept:log" in names and "rp-kept:settings" in names
    assert "rp-kept:state:/p/:huldufolk.pool:0" in names
    assert not [n for n in names if n == "rp-roll-log" or n.startswith(("rp-state:", "rp-more:"))]
    # The log held one entry that is no roll: all of it is kept aside as it was.
    [(key, text)] = report["aside"]
    assert key == "log" and '{"nonsense":true}' in text
