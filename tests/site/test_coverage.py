"""Nothing lost: the words of each rule document are on its game's pages.

For each seed, the distinct words of the document (case-folded runs of letters
and digits, markup ignored) are compared with the words of the built pages of
its game. At least 99% of them must be there; the rest are the export's
leftovers (a web form's "Leave a Comment", a theme's "back to index" link).
"""

from __future__ import annotations

import html
import re
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

import pytest

# Byte-identical copies of the rule documents (see seeds/README.md).
SEEDS = Path(__file__).resolve().parent / "seeds"
REQUIRED = 0.99

# seed file -> the docs/ folder of its game
GAMES = {
    "000_aa84eb02c2a8899d.txt": "huldufolk",
    "001_1d266a67ac4cd020.txt": "might-heart",
    "002_aeac26da3f65491c.txt": "dice-pool",
    "003_3b14dcc01156fbed.txt": "judge-two",
    "004_7596d8979f75def8.txt": "cairn",
}


def words(text: str) -> set[str]:
    """Distinct case-folded words: maximal runs of letters and decimal digits.

    Superscript footnote numbers are not digits here (Unicode category No), so
    "challenge¹" counts as the word "challenge".
    """
    kept = "".join(
        char if unicodedata.category(char)[0] == "L" or unicodedata.category(char) == "Nd" else " "
        for char in text.casefold()
    )
    return set(kept.split())


def without_markup(source: str) -> str:
    """The text of a seed without its Jekyll/Kramdown/HTML/TeX markup."""
    text = re.sub(r"\A---\n.*?\n---\n", "", source, flags=re.S)  # front matter
    # the theme's table of contents: <details>...- TOC {:toc}</details>
    text = re.sub(r"<details[^>]*>(?:(?!</details>).)*\{:toc\}\s*</details>", "", text, flags=re.S)
    text = re.sub(r"\{:[^}]*\}", "", text)  # Kramdown attribute lists
    text = re.sub(r"<[^>]+>", " ", text)  # HTML tags
    text = re.sub(r"\]\([^)]*\)", "]", text)  # link targets
    text = re.sub(r"\\[A-Za-z]+", " ", text)  # TeX commands such as \text
    return html.unescape(text)


class ArticleText(HTMLParser):
    """Collects the rules text of a page: its article (Material's md-content)
    without scripts, styles and rollers (elements marked data-search-exclude),
    so a roller's help text cannot stand in for the rules."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0  # element depth inside the article, 0 = outside
        self.skipped_at = 0  # depth of the skipped element we are in, 0 = none
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if not self.depth:
            if tag == "article" and "md-content__inner" in (attributes.get("class") or "").split():
                self.depth = 1
            return
        if tag in VOID:
            return
        self.depth += 1
        skipped = tag in ("script", "style") or "data-search-exclude" in attributes
        if skipped and not self.skipped_at:
            self.skipped_at = self.depth

    def handle_endtag(self, tag: str) -> None:
        if not self.depth or tag in VOID:
            return
        if self.depth == self.skipped_at:
            self.skipped_at = 0
        self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth and not self.skipped_at:
            self.parts.append(data)


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


def article_text(page: Path) -> str:
    parser = ArticleText()
    parser.feed(page.read_text(encoding="utf-8"))
    return " ".join(parser.parts)


def test_tokenizer_splits_markup_and_footnote_numbers() -> None:
    sentence = "Qualities apply a +3 to any challenge¹ (see **saves**)"
    expected = {"qualities", "apply", "a", "3", "to", "any", "challenge", "see", "saves"}
    assert words(sentence) == expected
    markup = "[Adhere](#adhere) &#124; $$1d10 + (\\text{Ability})$$"
    assert words(without_markup(markup)) == {"adhere", "1d10", "ability"}


@pytest.mark.parametrize("seed", sorted(GAMES))
def test_game_pages_hold_99_percent_of_the_seed_words(
    seed: str, built_site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = words(without_markup((SEEDS / seed).read_text(encoding="utf-8")))
    assert len(source) > 300, "the seed should have hundreds of distinct words"

    pages = sorted((built_site / GAMES[seed]).rglob("index.html"))
    assert len(pages) >= 3, f"expected the pages of {GAMES[seed]}/ in the built site"
    on_site: set[str] = set()
    for page in pages:
        on_site |= words(article_text(page))

    missing = sorted(source - on_site)
    coverage = 1 - len(missing) / len(source)
    with capsys.disabled():
        print(
            f"\n{seed} -> {GAMES[seed]}/: {coverage:.2%} of {len(source)} distinct words"
            f" on {len(pages)} pages; missing: {', '.join(missing) or 'none'}"
        )
    assert coverage >= REQUIRED, f"{GAMES[seed]}/ lacks {missing}"
