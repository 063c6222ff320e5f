"""Every name in the games' data files finds its page among the first three
results of the site's own search (Material's lunr search in Chromium), each
result says which game it belongs to, and "armour" finds what "armor" finds.

The names are read from ``rules_py/<game>/data/*.json`` (every ``name``,
``title`` and ``common_name``), not picked by hand. The search engine matches
words, not phrases: a name none of whose words (stop words such as "no"
aside) is on three pages or fewer ("Light", "Day", "No Armor", "Critical
Success") cannot single out one page, so those are left out, and listed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page

from runtime.build import search_index
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

NAME_KEYS = ("name", "title", "common_name")
MAX_PAGES_FOR_A_NAME = search_index.MAX_PAGES_FOR_A_NAME
TOP = 3


def data_names() -> list[str]:
    names: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in NAME_KEYS and isinstance(value, str):
                    names.add(value)
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    for path in sorted(ROOT.glob("rules_py/*/data/*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return sorted(names)


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def article_text(html: str) -> str:
    """The words of a page's article (what the search index holds), lower case."""
    start, end = html.find("<article"), html.find("</article>")
    parser = _Text()
    parser.feed(html[start:end])
    return " ".join("".join(parser.parts).split()).lower()


def pages_naming(site: Path) -> dict[str, set[str]]:
    """name -> the site-relative pages whose article holds it as whole words."""
    texts = {}
    for html in sorted(site.rglob("index.html")):
        relative = html.parent.relative_to(site).as_posix()
        texts["" if relative == "." else relative + "/"] = article_text(html.read_text("utf-8"))
    found: dict[str, set[str]] = {}
    for name in data_names():
        pattern = re.compile(r"(?<!\w)" + re.escape(name.lower()) + r"(?!\w)")
        found[name] = {page for page, text in texts.items() if pattern.search(text)}
    return found


def page_words(site: Path) -> list[set[str]]:
    """The words of each page's article."""
    return [
        set(re.findall(r"[\w']+", article_text(html.read_text("utf-8"))))
        for html in site.rglob("index.html")
    ]


@pytest.fixture(scope="module")
def named(built_site: Path) -> dict[str, set[str]]:
    return pages_naming(built_site)


@pytest.fixture(scope="module")
def distinct(built_site: Path, named: dict[str, set[str]]) -> dict[str, set[str]]:
    """The names a word search can single out (see the module's docstring)."""
    words = page_words(built_site)

    def pages_with(word: str) -> int:
        return sum(1 for page in words if word in page)

    return {
        name: pages
        for name, pages in named.items()
        if 0 < len(pages) <= MAX_PAGES_FOR_A_NAME and search_index.is_distinct(name, pages_with)
    }


def game_of_folder() -> dict[str, str]:
    """Top folder -> game, from the nav of mkdocs.yml (a section per game)."""
    games: dict[str, str] = {}
    for line in (ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nnav:\n")[1].splitlines():
        section = re.fullmatch(r"  - ([^:]+):\s*", line)
        index = re.fullmatch(r"      - ([\w-]+)/index\.md", line)
        if section:
            current = section.group(1).strip('"')
        elif index:
            games[index.group(1) + "/"] = current
    return games


@pytest.fixture(scope="module")
def search_tab(browser_context: BrowserContext, base_url: str) -> Iterator[Page]:
    tab = browser_context.new_page()
    tab.set_viewport_size({"width": 1280, "height": 900})
    tab.goto(base_url)
    yield tab
    tab.close()


def search(tab: Page, base_url: str, query: str) -> list[tuple[str, str]]:
    """(page, page title) of the results for ``query``, best first, one per page."""
    box = tab.locator("input.md-search__input")
    box.click()
    # Blank the result count first: Material writes it again with each answer,
    # so its text coming back means the results of this query are drawn.
    tab.evaluate("document.querySelector('.md-search-result__meta').textContent = ''")
    box.fill(query)
    box.press("End")  # Material searches on keyup
    tab.wait_for_function(
        "() => /matching/i.test(document.querySelector('.md-search-result__meta').textContent)"
    )
    items = tab.locator("li.md-search-result__item > a.md-search-result__link:first-child")
    found: list[tuple[str, str]] = []
    for href, title in items.evaluate_all(
        "links => links.map(link => [link.href, link.querySelector('h1, h2')?.textContent])"
    ):
        path = urlsplit(href).path.removeprefix(urlsplit(base_url).path)
        if path not in (p for p, _ in found):
            found.append((path, title.strip()))
    return found


def test_names_are_read_from_the_data_files(named: dict[str, set[str]]) -> None:
    assert {"Telekinesis", "Befuddle", "Wizard Mark", "Frost Elf", "Sundered"} <= set(named)
    assert all(named[name] for name in ("Telekinesis", "Frost Elf", "Sundered"))


def test_every_distinct_name_finds_its_page_in_the_first_three(
    named: dict[str, set[str]],
    distinct: dict[str, set[str]],
    search_tab: Page,
    base_url: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    misses = []
    games = game_of_folder()
    unlabelled = set()
    for name, pages in sorted(distinct.items()):
        results = search(search_tab, base_url, name)
        ranking = [page for page, _ in results][:TOP]
        if not pages & set(ranking):
            misses.append((name, sorted(pages), ranking))
        for page, title in results:
            game = games.get(page.split("/")[0] + "/")
            if game and game not in title:
                unlabelled.add((page, title))
    with capsys.disabled():
        left_out = sorted(set(named) - set(distinct))
        print(f"\nsearched {len(distinct)} names; left out: {', '.join(left_out)}")
    assert not misses, "\n".join(f"{n!r}: on {p}, ranked {r}" for n, p, r in misses)
    assert not unlabelled, f"results that do not name their game: {sorted(unlabelled)}"
    assert len(games) == 5, games


def test_armour_and_armor_find_the_same_rules(search_tab: Page, base_url: str) -> None:
    british = [page for page, _ in search(search_tab, base_url, "armour")]
    american = [page for page, _ in search(search_tab, base_url, "armor")]
    assert british[:5] == american[:5]
    assert "cairn/rules/" in british[:3]  # Cairn writes "Armor"
    assert "cairn/grit/" in american  # the Grit summary writes "Armour"
