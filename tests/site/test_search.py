"""Search finds rules by their terms: the page that defines a term ranks first.

The ranking is the one readers get: Material's own search (lunr.js in its web
worker, over the built ``search/search_index.json``) driven through the search
box of the built site in Chromium.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.browser

# query -> the pages that define the term (site-relative paths). Two pages
# only where two rule sets each define the term.
DEFINED_BY = {
    # The Judge Two System introduces the Truth die; Actions in Action defines
    # it in full (Step 3, Truth and Turns).
    "Truth die": {"judge-two/", "judge-two/actions/"},
    "Belief": {"huldufolk/belief/"},
    # Cairn and Might & Heart each define Deprived under Deprivation & Fatigue.
    "Deprived": {"cairn/rules/", "might-heart/rules/"},
    "Obstruction": {"dice-pool/projects/"},
    "Scars": {"cairn/combat/"},
    "Ace": {"huldufolk/deck-and-pools/"},
    "Demesne": {"huldufolk/miscellaneous-mechanics/"},
    "Final Light": {"judge-two/actions/"},
    "Magnitudes": {"dice-pool/magnitudes/"},
    "Platonic Exemplar": {"huldufolk/magic/creation/"},
    "Critical Damage": {"cairn/combat/"},
}


@pytest.fixture(scope="module")
def search_page(browser_context: BrowserContext) -> Iterator[Page]:
    tab = browser_context.new_page()
    tab.set_viewport_size({"width": 1280, "height": 900})
    yield tab
    tab.close()


def ranked_pages(page: Page, base_url: str, query: str) -> list[str]:
    """The pages the search box lists for ``query``, best first."""
    page.goto(base_url)
    box = page.locator("input.md-search__input")
    box.click()
    box.fill(query)
    box.press("End")  # Material searches on keyup
    page.wait_for_function(
        "() => /matching/i.test(document.querySelector('.md-search-result__meta')?.textContent)"
    )
    # One list item per page; its first link is the page itself.
    links = page.locator("li.md-search-result__item > a.md-search-result__link:first-child")
    paths = []
    for href in links.evaluate_all("links => links.map(link => link.href)"):
        path = urlsplit(href).path.removeprefix(urlsplit(base_url).path)
        if path not in paths:
            paths.append(path)
    return paths


@pytest.mark.parametrize("query", sorted(DEFINED_BY))
def test_the_page_that_defines_the_term_ranks_first(
    query: str, search_page: Page, base_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    ranking = ranked_pages(search_page, base_url, query)
    with capsys.disabled():
        print(f"\nsearch {query!r}: {', '.join('/' + path for path in ranking[:3])}")
    assert ranking, f"no result for {query!r}"
    assert ranking[0] in DEFINED_BY[query], f"{query!r} ranks {ranking[:3]}"
