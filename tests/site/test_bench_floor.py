"""bench/bench_floor.py's one-roller page: a built page with rollers reduced
to its first roller, its sidebars emptied, and the rest as built, so what
the bench times is the site's own head, scripts and runtime on a page that
holds nothing else."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench.bench_floor import one_roller_page
from tests.conftest import pages_with_rollers

ROLLER_START = re.compile(r'<div class="rp-widget"')
SIDEBAR_INNER = '<div class="md-sidebar__inner">'


def _closing_div(page: str, at: int) -> int:
    """Where the ``</div>`` that closes the ``div`` starting at ``at`` begins
    (counting ``div`` tags, as the page's divs hold no ``div`` in text)."""
    depth = 0
    for tag in re.finditer(r"<div\b|</div>", page[at:]):
        depth += 1 if tag.group() != "</div>" else -1
        if depth == 0:
            return at + tag.start()
    raise AssertionError(f"the div at {at} is not closed")


def _reduced_by_hand(page: str) -> str:
    """What the bench's page should be, found by counting tags instead of parsing."""
    roller_at = ROLLER_START.search(page)
    assert roller_at is not None
    roller = page[roller_at.start():_closing_div(page, roller_at.start()) + len("</div>")]
    article = re.search(r"(<article\b[^>]*>)(.*?)(</article>)", page, re.S)
    assert article is not None
    page = page[:article.start(2)] + roller + page[article.end(2):]
    for found in reversed([m.start() for m in re.finditer(re.escape(SIDEBAR_INNER), page)]):
        page = page[:found + len(SIDEBAR_INNER)] + page[_closing_div(page, found):]
    return page


@pytest.fixture(scope="module")
def roller_pages(built_site: Path) -> dict[str, str]:
    return {address: (built_site / address / "index.html").read_text(encoding="utf-8")
            for address in pages_with_rollers(built_site)}


def test_every_roller_page_becomes_its_first_roller_alone_with_empty_sidebars(
        roller_pages: dict[str, str]) -> None:
    assert "cairn/rules/" in roller_pages
    for address, page in roller_pages.items():
        reduced = one_roller_page(page)
        assert reduced == _reduced_by_hand(page), address
        assert len(ROLLER_START.findall(reduced)) == 1, address
        # The sidebars held something to take away (the navigation at least).
        assert page.count(SIDEBAR_INNER) == 2 and page.count(SIDEBAR_INNER + "</div>") < 2, address
        assert reduced.count(SIDEBAR_INNER + "</div>") == 2, address


def test_a_page_without_an_article_roller_is_refused() -> None:
    with pytest.raises(ValueError, match="no article with a roller"):
        one_roller_page("<html><body><article><p>Rules.</p></article></body></html>")
