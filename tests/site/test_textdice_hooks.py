"""The Markdown extension's buttons for rolls that need or change someone's
number, on the HTML the pages are made of (hover definitions, bold scores)."""

from __future__ import annotations

import re

import pytest

from textdice.html_walk import MarkError, rewrite


def _buttons(page_html: str) -> list[str]:
    return re.findall(r"<button [^>]*>", page_html)


def test_a_save_under_a_hover_definition_is_a_save() -> None:
    out = rewrite('<p>each PC must make a <abbr title="Dexterity">DEX</abbr> save to act</p>',
                  "cairn")
    (button,) = _buttons(out)
    assert 'data-expression="1d20"' in button and 'data-save="DEX"' in button
    assert 'aria-label="Roll a DEX save (d20)"' in button
    assert '<abbr title="Dexterity"><button' in out and "</button></abbr> save to act" in out


def test_the_grit_variants_bold_score_is_a_save() -> None:
    out = rewrite("<p>the PCs should make an <strong>Insight</strong> save to see</p>", "grit")
    (button,) = _buttons(out)
    assert 'data-save="Insight"' in button and 'data-game="grit"' in button
    # "an **Ability** Save" names no score.
    assert _buttons(rewrite("<p>make an <strong>Ability</strong> Save</p>", "grit")) == []


def test_minus_1d6_grit_lowers_grit_past_the_markup() -> None:
    out = rewrite(
        '<p>Deprived PCs roll <em>-1d6</em> <strong><abbr title="x">Grit</abbr></strong> '
        "when resting.</p>",
        "grit",
    )
    (button,) = _buttons(out)
    assert 'data-expression="-1d6"' in button and 'data-lowers="Grit"' in button


def test_might_and_hearts_weekly_recovery_restores() -> None:
    out = rewrite("<li>Attribute loss can usually be restored (1d6 per week)</li>", "might_heart")
    (button,) = _buttons(out)
    assert 'data-restores="Attribute"' in button


def test_saves_in_headings_and_code_stay_text() -> None:
    page = "<h2>STR save</h2><p><code>a STR save</code></p>"
    assert rewrite(page, "cairn") == page


def test_a_mark_titled_with_a_creature_is_its_attack() -> None:
    out = rewrite(
        '<p><a href="roll:" title="Wood Troll"><strong>claws and bite</strong> '
        "(d8+d8 blast)</a></p>",
        "cairn",
    )
    (button,) = _buttons(out)
    assert 'data-expression="2d8kh1"' in button and 'data-creature="Wood Troll"' in button
    assert "Wood Troll&#x27;s attack" in button
    with pytest.raises(MarkError, match="Wood Troll's attack"):
        rewrite('<p><a href="roll:" title="Wood Troll">club (d6)</a></p>', "cairn")
