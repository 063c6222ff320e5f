"""hooks/rollers_first.py: on pages with rollers, Material's bundle is
preloaded, not run, for runtime/material/theme-later.js to run after the
rollers, and Material's search starts through runtime/material/search-worker.js,
which the build step (runtime/build/assets.py) names Material's own worker
in; other pages keep Material as it is."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from runtime.build import assets
from tests.conftest import ROOT, built_file, load_module

hook = load_module(ROOT / "hooks" / "rollers_first.py")

CONFIG = (
    '<script id="__config" type="application/json">{"base": "../..", '
    '"search": "../../assets/javascripts/workers/search.a7633da7.min.js", "tags": null}</script>'
)
BUNDLE = '<script src="../../assets/javascripts/bundle.a5f9d56c.min.js"></script>'
BOOT = '<script src="../../assets/rp/page/boot.js" type="module"></script>'
ROLLER = '<div class="rp-widget" data-widget="cairn.save"></div>'
# The line of runtime/material/search-worker.js that the build names the worker in.
WORKER_NAME_MARK = "__MATERIAL_SEARCH_WORKER__"
RUN = re.compile(r'<script src="([^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js)"></script>')
HELD = re.compile(
    r'<link rel="preload" as="script" href="([^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js)" '
    r"data-rp-theme-later>"
)


def _built_pages(site: Path, holding: str) -> Iterator[tuple[Path, str, bool]]:
    """Each built page holding ``holding``: its path, its text, and whether it has a roller."""
    for path in sorted(site.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        if holding in text:
            yield path, text, 'class="rp-widget"' in text


def _search_setting(page: str) -> str:
    config = re.search(r'<script id="__config" type="application/json">(.*?)</script>', page)
    assert config, "no Material config"
    setting: str = json.loads(config.group(1))["search"]
    return setting


def test_a_page_with_a_roller_gets_both_changes() -> None:
    page = hook.on_post_page(ROLLER + CONFIG + BUNDLE + BOOT, None, None)
    assert _search_setting(page) == "../../assets/rp/material/search-worker.js"
    assert page.endswith(
        '<link rel="preload" as="script" href="../../assets/javascripts/bundle.a5f9d56c.min.js" '
        "data-rp-theme-later>" + BOOT
    )


def test_a_text_page_is_left_as_it_is() -> None:
    page = "<p>Only rules.</p>" + CONFIG + BUNDLE + BOOT
    assert hook.on_post_page(page, None, None) == page


def test_the_built_pages_name_an_existing_search_worker(built_site: Path) -> None:
    wrapped = plain = 0
    for path, text, has_roller in _built_pages(built_site, '<script id="__config"'):
        setting = _search_setting(text)
        assert "#" not in setting, path  # a service worker's cached copy has no "#"
        if has_roller:
            assert built_file(path, setting, built_site) == built_site / hook.SEARCH_WRAPPER
            wrapped += 1
        else:
            assert built_file(path, setting, built_site).is_file(), path
            plain += 1
    assert wrapped >= 10 and plain >= 10, (wrapped, plain)
    # The built wrapper names the one worker Material built.
    wrapper = (built_site / hook.SEARCH_WRAPPER).read_text(encoding="utf-8")
    named = re.findall(r'const MATERIAL_WORKER = "([^"]*)";', wrapper)
    assert len(named) == 1 and WORKER_NAME_MARK not in wrapper
    workers = built_site / "assets/javascripts/workers"
    assert [path.name for path in workers.glob("search.*.min.js")] == named


def test_the_wrapper_is_named_once_and_only_with_one_worker(tmp_path: Path) -> None:
    (tmp_path / "assets/rp/material").mkdir(parents=True)
    workers = tmp_path / "assets/javascripts/workers"
    workers.mkdir(parents=True)
    wrapper = tmp_path / assets.SEARCH_WRAPPER
    wrapper.write_text(f'const MATERIAL_WORKER = "{WORKER_NAME_MARK}";')
    with pytest.raises(ValueError, match="one Material search worker"):
        assets.name_material_search_worker(tmp_path)
    (workers / "search.0123abcd.min.js").write_text("")
    assert assets.name_material_search_worker(tmp_path) == "search.0123abcd.min.js"
    assert wrapper.read_text() == 'const MATERIAL_WORKER = "search.0123abcd.min.js";'
    # A build over an old one names it again; a wrapper without the line is refused.
    assert assets.name_material_search_worker(tmp_path) == "search.0123abcd.min.js"
    assert wrapper.read_text() == 'const MATERIAL_WORKER = "search.0123abcd.min.js";'
    wrapper.write_text("const held = [];")
    with pytest.raises(ValueError, match="one line"):
        assets.name_material_search_worker(tmp_path)


def test_the_built_pages_run_or_hold_an_existing_bundle(built_site: Path) -> None:
    held = ran = 0
    for path, text, has_roller in _built_pages(built_site, "assets/javascripts/bundle."):
        if has_roller:
            assert not RUN.search(text), f"{path}: Material's bundle runs with the page"
            addresses = HELD.findall(text)
            held += 1
        else:
            assert not HELD.search(text), path
            addresses = RUN.findall(text)
            ran += 1
        assert len(addresses) == 1, path
        assert built_file(path, addresses[0], built_site).is_file(), (path, addresses[0])
        # The runtime that runs it later is on the page too.
        assert "assets/rp/page/boot.js" in text, path
    assert held >= 10 and ran >= 10, (held, ran)
