"""runtime/build/roller_pages.py: on pages with rollers, Material's bundle is
preloaded, not run, for runtime/material/theme-later.js to run after the
rollers, and Material's search starts through runtime/material/search-worker.js,
which the build step (runtime/build/assets.py) names Material's own worker
in; other pages keep Material as it is. The step reads the pages of MkDocs
with Material and of Zensical, and a second run changes nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from runtime.build import assets, roller_pages
from tests.conftest import built_file

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
    page = roller_pages.rollers_first(ROLLER + CONFIG + BUNDLE + BOOT)
    assert _search_setting(page) == "../../assets/rp/material/search-worker.js"
    assert page.endswith(
        '<link rel="preload" as="script" href="../../assets/javascripts/bundle.a5f9d56c.min.js" '
        "data-rp-theme-later>" + BOOT
    )


def test_a_text_page_is_left_as_it_is() -> None:
    page = "<p>Only rules.</p>" + CONFIG + BUNDLE + BOOT
    assert roller_pages.rollers_first(page) == page


def test_a_second_run_changes_nothing() -> None:
    once = roller_pages.rollers_first(ROLLER + "\n" + CONFIG + "\n  " + BUNDLE + BOOT)
    assert roller_pages.rollers_first(once) == once
    assert once.count("data-rp-theme-later") == 1 and not RUN.search(once)


def test_zensical_pages_get_both_changes_and_keep_their_json() -> None:
    # Zensical writes its config without spaces, and its own bundle and worker.
    config = (
        '<script id="__config" type="application/json">{"annotate":null,"base":"../..",'
        '"search":"../../assets/javascripts/workers/search.c47bb847.min.js","tags":null}'
        "</script>"
    )
    bundle = '<script src="../../assets/javascripts/bundle.77dd0ce9.min.js"></script>'
    page = roller_pages.rollers_first(ROLLER + config + bundle + BOOT)
    assert ROLLER + config.replace(
        "assets/javascripts/workers/search.c47bb847.min.js", roller_pages.SEARCH_WRAPPER
    ) in page
    assert HELD.findall(page) == ["../../assets/javascripts/bundle.77dd0ce9.min.js"]


def test_a_roller_is_found_by_its_class_not_by_its_text() -> None:
    # A page that only writes the class's name, in prose or code, has no roller.
    prose = '<p><code>class="rp-widget"</code></p><div class="rp-widget-like"></div>'
    page = prose + CONFIG + BUNDLE
    assert roller_pages.rollers_first(page) == page
    widget = '<div data-widget="cairn.save" class="other rp-widget"></div>'
    assert HELD.search(roller_pages.rollers_first(widget + CONFIG + BUNDLE))


def test_the_built_pages_name_an_existing_search_worker(built_site: Path) -> None:
    wrapped = plain = 0
    for path, text, has_roller in _built_pages(built_site, '<script id="__config"'):
        setting = _search_setting(text)
        assert "#" not in setting, path  # a service worker's cached copy has no "#"
        if has_roller:
            assert built_file(path, setting, built_site) == built_site / roller_pages.SEARCH_WRAPPER
            wrapped += 1
        else:
            assert built_file(path, setting, built_site).is_file(), path
            plain += 1
    assert wrapped >= 10 and plain >= 10, (wrapped, plain)
    # The built wrapper names the one worker Material built.
    wrapper = (built_site / roller_pages.SEARCH_WRAPPER).read_text(encoding="utf-8")
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
