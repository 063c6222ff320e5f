"""Every dice mention of the rules text on the built pages is an inline roll,
or is declared below with the reason it is not.

The pages' running text is read outside code, the site's own controls and
the rollers; a dice mention is what ``rules_py.dice.inline.MENTION`` finds
there. Each inline roll's expression must also be one its page's game rolls,
read back as the browser sends it. Prints, per game, the inline rolls and
the rollable tables.
"""

from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

from rules_py.dice.inline import MENTION, SAVE_MENTION, SAVE_SCORES, interpret
from rules_py.dice.rolled_tables import TABLE_KEYS

# (page, the mention as written) -> why it stays text.
EXCEPTIONS: dict[tuple[str, str], str] = {
    # The die of a table the rules roll on, in the table's header: the
    # table's "Roll on this table" button rolls it.
    ("cairn/rules/", "2d6"): "the Reaction table's header",
    ("might-heart/rules/", "2d6"): "the Reaction table's header",
    ("might-heart/rules/", "d6"): "the Die of Fate table's header",
    ("cairn/spells/", "d100"): "the 100 Spells table's header",
    # Names, not rolls.
    ("credits/", "d10"): "the name of a game: an Exalted-style d10 dice-pool ruleset",
    ("index/", "two d6"): "a summary of Judge Two, whose two dice are judged, not added",
    ("dice/", "d8+d8"): "Cairn's notation, quoted on a page for any game",
    # Needs someone's number: the pool's size is the character's
    # Attribute + Ability (a pool rolls in the dice pool roller).
    ("dice-pool/general/", "d10s"): "(Attribute + Ability) d10s: the size is the character's",
    ("dice-pool/glossary/", "d10s"): "(Attribute + Ability) d10s: the size is the character's",
    ("dice-pool/", "d10s"): "pools of d10s: no size",
    ("index/", "d10s"): "pools of d10s, a summary: no size",
    ("rollers/", "d10s"): "a roller's summary; its size is the character's Attribute + Ability",
    # Words about dice, not a roll.
    ("dice/", "two dice"): "\"adds the two dice\": how a notation reads",
    ("rollers/", "two dice"): "the Judge Two judge's summary: that roller rolls them, judged",
}
# Pages whose dice are notation to read, not rolls: the extension leaves
# them whole (``<!-- dice: text -->``).
TEXT_PAGES = ("dice-notation/",)

SKIPPED = {"code", "pre", "script", "style", "button", "nav", "header", "footer", "kbd",
           "textarea", "select", "svg", "title", "a", "h1", "h2", "h3", "h4", "h5", "h6", "th"}
SKIPPED_CLASSES = ("rp-widget", "rp-print", "rp-table-roll", "md-sidebar", "md-header")
VOID = {"br", "img", "hr", "input", "meta", "link", "wbr", "col", "source"}


class RulesText(HTMLParser):
    """The article's running text, the inline rolls and table rolls in it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.in_article = 0
        self.skip: list[str] = []
        self.text: list[str] = []
        self.headings: list[str] = []
        self.inline: list[tuple[str, str, str]] = []  # game, expression, label
        self.hooks: list[dict[str, str]] = []  # each inline roll's data-save and the like
        self.tables: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "article":
            self.in_article += 1
        if found.get("data-role") == "inline-roll":
            self.inline.append(
                (found.get("data-game") or "", found.get("data-expression") or "",
                 found.get("aria-label") or "")
            )
            self.hooks.append({
                name: found.get(f"data-{name}") or ""
                for name in ("save", "lowers", "restores", "creature")
            })
        if found.get("data-role") == "table-roll":
            self.tables.append(found.get("data-table") or "")
        if tag in VOID:
            return
        classes = found.get("class") or ""
        if self.skip or tag in SKIPPED or any(c in classes.split() for c in SKIPPED_CLASSES):
            self.skip.append(tag)
        if tag in ("p", "li", "td", "dd", "dt", "div", "tr"):
            self.text.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.in_article -= 1
        if self.skip and self.skip[-1] == tag:
            self.skip.pop()

    def handle_data(self, data: str) -> None:
        if self.in_article and not self.skip:
            self.text.append(data)
        elif self.in_article and self.skip and self.skip[0] in ("th", "h1", "h2", "h3", "h4"):
            self.headings.append(data)


def page_name(site: Path, html: Path) -> str:
    return html.parent.relative_to(site).as_posix().replace(".", "index") + "/"


def read_pages(site: Path) -> dict[str, RulesText]:
    pages = {}
    for html in sorted(site.rglob("index.html")):
        if "assets" in html.parts:
            continue
        parser = RulesText()
        parser.feed(html.read_text(encoding="utf-8"))
        pages[page_name(site, html)] = parser
    return pages


def test_every_dice_mention_rolls_or_is_declared(built_site: Path) -> None:
    undeclared = []
    used = set()
    for name, page in read_pages(built_site).items():
        if name in TEXT_PAGES:
            assert not page.inline, f"{name} is a page of notation: no inline rolls"
            continue
        text = "".join(page.text) + "\n" + "\n".join(page.headings)
        for match in MENTION.finditer(text):
            key = (name, match.group(0))
            if key in EXCEPTIONS:
                used.add(key)
            else:
                undeclared.append((name, match.group(0), text[max(0, match.start() - 40) :
                                                              match.end() + 20]))
    assert undeclared == []
    assert set(EXCEPTIONS) - used == set(), "an exception no page needs any more"


def test_every_inline_roll_is_one_its_game_rolls(built_site: Path) -> None:
    per_game: Counter[str] = Counter()
    for name, page in read_pages(built_site).items():
        for (game, expression, label), hooks in zip(page.inline, page.hooks, strict=True):
            # Raises on a roll the game does not make, or a save it has not.
            found = interpret(game, expression, **hooks)
            assert found.label in label, (name, expression, label)
            per_game[game] += 1
    print("\ninline rolls per game:", dict(sorted(per_game.items())))
    assert per_game["cairn"] and per_game["judge_two"] and per_game["might_heart"]


# Saves of the Cairn family's text that stay text: (page, as written) -> why.
SAVE_EXCEPTIONS: dict[tuple[str, str], str] = {}
GAME_OF_PAGE = {"cairn/grit/": "grit", "might-heart/": "might_heart", "cairn/": "cairn"}


def test_every_save_the_text_names_rolls_or_is_declared(built_site: Path) -> None:
    undeclared = []
    per_save: Counter[str] = Counter()
    for name, page in read_pages(built_site).items():
        game = next((g for prefix, g in GAME_OF_PAGE.items() if name.startswith(prefix)), None)
        if game is None:
            continue
        per_save.update(hooks["save"] for hooks in page.hooks if hooks["save"])
        for match in SAVE_MENTION.finditer("".join(page.text)):
            key = (name, match.group(0))
            if match.group(1) in SAVE_SCORES[game] and key not in SAVE_EXCEPTIONS:
                undeclared.append(key)
    assert undeclared == []
    print("\nsaves in the text:", dict(sorted(per_save.items())))
    # Cairn's DEX, STR and WIL; Might and Heart's DEX and WIL; the Grit variant's Insight.
    assert set(per_save) == {"DEX", "STR", "WIL", "Insight"}


def test_the_tables_the_rules_roll_on_have_a_button(built_site: Path) -> None:
    found: Counter[str] = Counter()
    for name, page in read_pages(built_site).items():
        for key in page.tables:
            found[key] += 1
            assert key in TABLE_KEYS, (name, key)
    print("\ntable rolls:", dict(sorted(found.items())))
    # Reaction on the Cairn and the Might and Heart rules; the Die of Fate; 100 Spells.
    assert found == {"reaction": 2, "fate": 1, "spells": 1}
