"""hooks/search_after_rollers.py: pages with rollers start Material's search
through assets/rp/search-worker.js, naming Material's own worker; other pages
keep Material's worker."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.conftest import ROOT, load_module

hook = load_module(ROOT / "hooks" / "search_after_rollers.py")

CONFIG = (
    '<script id="__config" type="application/json">{"base": "../..", '
    '"search": "../../assets/javascripts/workers/search.a7633da7.min.js", "tags": null}</script>'
)


def _file(page: Path, address: str, site: Path) -> Path:
    """The built file an address of ``page`` names (404.html uses absolute ones)."""
    if address.startswith("/"):
        return site / ("assets/" + address.split("/assets/", 1)[1])
    return (page.parent / address).resolve()


def _search_setting(page: str) -> str:
    config = re.search(r'<script id="__config" type="application/json">(.*?)</script>', page)
    assert config, "no Material config"
    setting: str = json.loads(config.group(1))["search"]
    return setting


def test_a_page_with_a_roller_gets_the_wrapper() -> None:
    page = '<div class="rp-widget" data-widget="cairn.save"></div>' + CONFIG
    assert _search_setting(hook.search_after_rollers(page)) == (
        "../../assets/rp/search-worker.js#search.a7633da7.min.js"
    )


def test_a_text_page_is_left_as_it_is() -> None:
    page = "<p>Only rules.</p>" + CONFIG
    assert hook.search_after_rollers(page) == page


def test_the_built_pages_name_an_existing_worker(built_site: Path) -> None:
    wrapped = plain = 0
    for path in sorted(built_site.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        if '<script id="__config"' not in text:
            continue
        setting = _search_setting(text)
        if 'class="rp-widget"' in text:
            wrapper, material = setting.split("#")
            assert _file(path, wrapper, built_site) == built_site / "assets/rp/search-worker.js"
            assert (built_site / "assets/javascripts/workers" / material).is_file(), path
            wrapped += 1
        else:
            assert "#" not in setting and _file(path, setting, built_site).is_file(), path
            plain += 1
    assert wrapped >= 10 and plain >= 10, (wrapped, plain)
