"""The rules text's rolls at the table: a save the text names uses the actor's
score, and a roll that changes someone carries the changes the engine's
events make (Cairn, "Attacking & Damage": "The Wood Troll roars, swinging its
club at Bea, who has 5 HP. [...] the Warden rolls a 4. They subtract 1 to
account for Bea's leather armor, leaving Bea with 2 HP remaining")."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rules_py.at_table import party_rng
from rules_py.cairn import saves
from rules_py.cairn.characters.hits import take_hit
from rules_py.cairn.characters.text_rolls import MIGHT_HEART_READING, RESTORE_READING
from rules_py.core import notation
from rules_py.core.rng import Rng
from rules_py.dice import inline
from rules_py.party.changes import outcome_changes, read_changes
from rules_py.party.members import read_member
from tests.engine.web_calls import call as _call
from tests.engine.web_calls import new_member as _member
from tests.engine.web_calls import ok as _ok


def _texts(result: dict[str, Any]) -> list[str]:
    return [str(block.get("text") or block.get("label") or "") for block in result["view"]]


def _inline(
    game: str, expression: str, seed: int | None, actor: Any = None, target: Any = None,
    action: str = "roll", **hooks: str,
) -> dict[str, Any]:
    request: dict[str, Any] = {"action": action, "game": game, "expression": expression, **hooks}
    if seed is not None:
        request["seed"] = str(seed)
    if actor is not None or target is not None:
        request["party"] = {"actor": actor, "target": target}
    return _ok("dice.inline", request)


def _rolled(expression: str, seed: int) -> int:
    """The total the text's dice show for ``seed`` (the roll's own stream)."""
    return notation.roll(notation.parse(expression), Rng(seed)).total


def _seed_where(expression: str, total: int) -> int:
    return next(seed for seed in range(10_000) if _rolled(expression, seed) == total)


# ------------------------------------------------------------------ what a mention is

SAVE_SENTENCES = [
    # page's game, the text (and what follows it past markup), the mention, the save
    ("cairn", "At the start of combat, each PC must make a DEX save to act", "", "DEX save", "DEX"),
    ("cairn", "They must then make a STR save to avoid critical damage.", "", "STR save", "STR"),
    ("cairn", "the Warden may require a PC to make a WIL save to avoid", "", "WIL save", "WIL"),
    ("might_heart", "each PC must make a DEX save in order to act.", "", "DEX save", "DEX"),
    ("might_heart", "Enemies must pass a WIL save to avoid fleeing", "", "WIL save", "WIL"),
    # The Grit page sets the score in bold: "should make an **Insight** save".
    ("grit", "Insight", " save to see if they go before", "Insight", "Insight"),
]


@pytest.mark.parametrize(("game", "text", "after", "written", "save"), SAVE_SENTENCES)
def test_the_texts_saves_are_inline_rolls(
    game: str, text: str, after: str, written: str, save: str
) -> None:
    (mention,), refused = inline.find(game, text, after)
    assert refused == ()
    assert mention.written == written
    assert (mention.roll.kind, mention.roll.expression, mention.roll.save) == ("save", "1d20", save)
    assert mention.roll.hooks == {"save": save}
    # The button's data reads back into the same roll (the browser's path).
    assert inline.interpret(game, "1d20", save=save) == mention.roll


def test_words_that_are_not_a_save_of_the_page_stay_text() -> None:
    assert inline.find("cairn", "an Insight save", "")[0] == ()  # not a Cairn score
    assert inline.find("might_heart", "with all their might save the day")[0] == ()
    assert inline.find("cairn", "Saves: a save is a roll")[0] == ()
    assert inline.find("judge_two", "a STR save")[0] == ()
    # "an **Ability** Save": no score named, no roll.
    assert inline.find("grit", "Ability", " Save to avoid critical damage")[0] == ()


def test_a_minus_roll_lowers_the_score_named_after_it() -> None:
    (mention,), _ = inline.find("grit", "Deprived PCs roll -1d6", " Grit when resting.")
    assert (mention.roll.expression, mention.roll.lowers) == ("-1d6", "Grit")
    (plain,), _ = inline.find("grit", "roll -1d6", " when resting")
    assert plain.roll.lowers == ""


def test_might_and_hearts_week_of_recovery_restores_an_attribute() -> None:
    text = "Attribute loss can usually be restored (1d6 per week), facilitated by a healer"
    (mention,), _ = inline.find("might_heart", text)
    assert (mention.roll.expression, mention.roll.restores) == ("1d6", "Attribute")
    # Cairn's text restores by a week with a healer, no dice: nothing there to read.
    (cairn,), _ = inline.find("cairn", "restored (1d6 per week)")
    assert cairn.roll.restores == ""


@pytest.mark.parametrize(
    "hooks",
    [
        {"save": "Insight"},  # not a Cairn score
        {"save": "STR", "creature": "Wood Troll"},  # one number at a time
        {"creature": "Dragon"},
        {"creature": "Wood Troll"},  # its attack is 2d8kh1, not 1d20
        {"lowers": "STR"},
        {"restores": "Attribute"},  # Cairn restores with no dice
        {"save": "S" * 41},
    ],
)
def test_a_tampered_inline_request_gets_the_normal_error(hooks: dict[str, str]) -> None:
    answer = _call("dice.inline", {"action": "roll", "game": "cairn", "expression": "1d20",
                                   **hooks, "seed": "1"})
    assert answer["ok"] is False
    assert answer["error"]["field"] in {"save", "creature", "expression", "lowers", "restores"}
    assert answer["error"]["message"]


# ------------------------------------------------------------------ saves


def _cairn_passes(score: int, face: int) -> bool:
    """Cairn, Saves, as its sentences read: the second method."""
    if face == 1:
        return True
    if face == 20:
        return False
    return face <= score


@pytest.mark.parametrize("seed", range(12))
def test_a_save_with_the_actor_uses_their_score(seed: int) -> None:
    aldo = _member("cairn", "Aldo", strength=12, max_strength=12)
    result = _inline("cairn", "1d20", seed, actor=aldo, save="STR")
    face = Rng(seed).die(20)
    verdict = "passes" if _cairn_passes(12, face) else "fails"
    assert f"Aldo's STR 12: rolled {face}, {verdict}." in _texts(result)
    assert "changes" not in result
    # Without the party the same seed rolls the same d20 and says what it needs.
    alone = _texts(_inline("cairn", "1d20", seed, save="STR"))
    assert any(text.startswith(f"Rolled {face}: ") for text in alone)
    assert "Choose who acts in the party to use their STR." in alone


@pytest.mark.parametrize(
    ("game", "member_game", "scores", "save", "score", "expected"),
    [
        ("cairn", "cairn", {"strength": 12, "max_strength": 12}, "STR", 12, Fraction(12, 20)),
        ("cairn", "cairn", {"strength": 20, "max_strength": 20}, "STR", 20, Fraction(19, 20)),
        ("cairn", "cairn", {"dexterity": 1, "max_dexterity": 1}, "DEX", 1, Fraction(1, 20)),
        ("might_heart", "might-heart", {"might": 9, "max_might": 9}, "DEX", 9, Fraction(9, 20)),
        ("might_heart", "might-heart", {"heart": 20, "max_heart": 20}, "WIL", 20, Fraction(1)),
        ("grit", "grit", {"insight": 13, "max_insight": 13}, "Insight", 13, Fraction(13, 20)),
    ],
)
def test_the_exact_odds_of_a_save_use_the_actors_score(
    game: str, member_game: str, scores: dict[str, int], save: str, score: int,
    expected: Fraction,
) -> None:
    actor = _member(member_game, "Aldo", **scores)
    texts = _texts(_inline(game, "1d20", None, actor=actor, action="odds", save=save))
    named = {"cairn": save, "grit": save}.get(game) or {"DEX": "Might", "WIL": "Heart"}[save]
    rules = {"cairn": "cairn", "might_heart": "might-heart", "grit": "grit"}[game]
    assert saves.pass_chance(score, rules) == expected
    # The second method: every d20 face, by the text's sentences.
    faces = [face for face in range(1, 21) if (
        _cairn_passes(score, face) if game == "cairn" else face <= score)]
    assert Fraction(len(faces), 20) == expected
    percent = f"{float(expected * 100):.0f}%" if (expected * 100).denominator == 1 else ""
    assert any(
        text.startswith(f"Aldo's {named} {score}: passes {percent}") and
        f"({expected * 20}/20)" in text for text in texts
    ), texts
    assert (MIGHT_HEART_READING in texts) == (game == "might_heart")


def test_with_no_actor_the_odds_are_given_for_every_score() -> None:
    result = _inline("cairn", "1d20", None, action="odds", save="WIL")
    (chart,) = [block for block in result["view"] if block["type"] == "chart"]
    bars = {bar["label"]: Fraction(bar["fraction"]) for bar in chart["bars"]}
    assert bars == {
        str(score): Fraction(sum(_cairn_passes(score, face) for face in range(1, 21)), 20)
        for score in range(1, 21)
    }


# ------------------------------------------------------------------ a bestiary attack


def test_the_wood_trolls_attack_on_bea_is_the_texts_example() -> None:
    bea = _member("cairn", "Bea", hp=5, max_hp=5, armor=1)
    seed = _seed_where("2d8kh1", 4)
    result = _inline("cairn", "2d8kh1", seed, target=bea, creature="Wood Troll")
    texts = _texts(result)
    assert "Total: 4" in texts
    assert "Rolled 4 \u2212 Armour 1 = 3 damage." in texts
    changes = read_changes(result["changes"])
    assert [(c.field, c.before, c.after) for c in changes] == [("hp", 5, 2)]
    after = _ok("party.apply", {"member": bea, "changes": result["changes"]})["member"]
    assert after["hp"] == 2
    back = _ok("party.undo", {"member": after, "changes": result["changes"]})["member"]
    assert back["hp"] == 5


def test_damage_past_hp_takes_str_and_calls_for_the_critical_damage_save() -> None:
    bea = _member("cairn", "Bea", hp=2, max_hp=5, armor=1, strength=12, max_strength=12)
    seed = _seed_where("2d8kh1", 8)
    result = _inline("cairn", "2d8kh1", seed, target=bea, creature="Wood Troll")
    # The same hit through the party's own event: the second path.
    expected = take_hit(read_member(bea), 8, party_rng(Rng(seed)))
    assert read_changes(result["changes"]) == outcome_changes(read_member(bea), expected)
    fields = {c.field: (c.before, c.after) for c in read_changes(result["changes"])}
    assert fields["hp"] == (2, 0)
    assert fields["strength"] == (12, 7)  # 8 - 1 Armour = 7: 2 off HP, 5 off STR
    assert any("STR" in text and "save" in text for text in _texts(result))


def test_the_attack_with_no_target_changes_nobody() -> None:
    result = _inline("cairn", "2d8kh1", 3, creature="Wood Troll")
    assert "changes" not in result
    assert "Choose a target in the party to hit them with Wood Troll's attack." in _texts(result)
    # The dice are the same with the party or without (a share link replays them).
    bea = _member("cairn", "Bea", hp=5, max_hp=5)
    with_party = _inline("cairn", "2d8kh1", 3, target=bea, creature="Wood Troll")
    assert result["view"][0] == with_party["view"][0]


# ------------------------------------------------------------------ Grit and recovery


@pytest.mark.parametrize("seed", range(6))
def test_minus_1d6_grit_is_the_deprived_actors_rest(seed: int) -> None:
    cole = _member("grit", "Cole", grit=4, deprived=True)
    result = _inline("grit", "-1d6", seed, actor=cole, lowers="Grit")
    less = -_rolled("-1d6", seed)
    again = party_rng(Rng(seed)).die(6)
    changes = result.get("changes", [])
    grit_after = max(again - less, 0)
    assert [(c["field"], c["from"], c["to"]) for c in changes] == (
        [] if grit_after == 4 else [("grit", 4, grit_after)]
    )
    assert f"Grit: {again} \u2212 {less} = {grit_after}." in _texts(result)


def test_minus_1d6_grit_leaves_an_actor_who_is_not_deprived() -> None:
    cole = _member("grit", "Cole", grit=4, deprived=False)
    result = _inline("grit", "-1d6", 2, actor=cole, lowers="Grit")
    assert "changes" not in result
    assert any("is not Deprived" in text for text in _texts(result))


@pytest.mark.parametrize("seed", range(6))
def test_a_week_of_recovery_restores_the_attribute_that_lost_more(seed: int) -> None:
    dora = _member("might-heart", "Dora", might=4, max_might=10, heart=9, max_heart=10)
    result = _inline("might_heart", "1d6", seed, actor=dora, restores="Attribute")
    gain = _rolled("1d6", seed)
    assert [(c["field"], c["from"], c["to"]) for c in result["changes"]] == [
        ("might", 4, min(4 + gain, 10))
    ]
    assert RESTORE_READING in _texts(result)


def test_recovery_needs_a_loss_and_heeds_deprivation() -> None:
    whole = _member("might-heart", "Dora")
    assert "changes" not in _inline("might_heart", "1d6", 1, actor=whole, restores="Attribute")
    hungry = _member("might-heart", "Dora", heart=3, deprived=True)
    result = _inline("might_heart", "1d6", 1, actor=hungry, restores="Attribute")
    assert "changes" not in result
    assert any("Nothing recovered" in text for text in _texts(result))
