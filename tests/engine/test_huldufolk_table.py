"""A Huldufolk table in play: moves, and the saved form that survives a reload."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.huldufolk.actors import Attack, Nature, new_actor
from rules_py.huldufolk.cards import Rank
from rules_py.huldufolk.play import (
    SavedTableError,
    Table,
    choose_attack_card,
    choose_initiative_card,
    end_combat,
    fresh_table,
    from_json,
    play_test,
    resolve_exchange,
    rest,
    start_initiative,
    to_json,
)
from rules_py.huldufolk.pools import action_pool, defence_pool

NAMES = {"a": "Bob", "b": "Wolf"}


def table() -> Table:
    return fresh_table(
        new_actor("Bob", Rank.MAJOR, Nature.SUPERNATURAL),
        new_actor("Wolf", Rank.MINOR, Nature.MUNDANE, 3, 0),
    )


def round_trip(tbl: Table) -> Table:
    return from_json(json.loads(json.dumps(to_json(tbl))), NAMES)


moves = st.lists(
    st.tuples(
        st.sampled_from(["test", "attack", "pick", "initiative", "end", "rest"]),
        st.sampled_from(["a", "b"]),
        st.integers(1, 10),
        st.integers(1, 10),
    ),
    max_size=30,
)


@given(script=moves, seed=st.integers(0, 2**32))
def test_any_table_survives_its_saved_form(
    script: list[tuple[str, str, int, int]], seed: int
) -> None:
    tbl = table()
    rng = Rng(seed)
    for move, side, card, other_card in script:
        attacker = "a" if side == "a" else "b"
        try:
            if move == "test":
                tbl = play_test(tbl, action_pool(), card, 12, True)[0]
            elif move == "attack":
                tbl = resolve_exchange(
                    tbl, attacker, action_pool(), card, defence_pool(), other_card, Attack.MUNDANE
                )[0]
            elif move == "pick":
                tbl = choose_attack_card(tbl, attacker, card)
            elif move == "initiative":
                if tbl.pending is None or tbl.pending.kind != "initiative":
                    tbl = start_initiative(tbl)
                picker = "b" if tbl.pending and tbl.pending.picks else "a"
                tbl = choose_initiative_card(tbl, picker, card, rng)[0]
            elif move == "end":
                tbl = end_combat(tbl)
            else:
                tbl = rest(tbl)
        except RulesInputError:
            pass
        assert round_trip(tbl) == tbl
        assert tbl.a.mundane.current >= 0 and tbl.b.mundane.current >= 0
        assert 1 in tbl.a.hand.cards or 1 in tbl.a.hand.set_aside


def test_the_wolf_has_no_supernatural_threshold_to_lose() -> None:
    tbl = table()
    tbl, result = resolve_exchange(
        tbl, "a", action_pool(), 2, defence_pool(), 1, Attack.SUPERNATURAL
    )
    assert result.defence_total == 1
    assert tbl.b.supernatural is None
    assert tbl.damage_b == 1


def test_a_pending_card_must_still_be_in_hand() -> None:
    saved = to_json(choose_attack_card(table(), "a", 7))
    saved["a"]["hand"] = [1, 2, 3]
    with pytest.raises(SavedTableError):
        from_json(saved, NAMES)


def test_an_unusable_saved_table_is_a_rules_input_error_on_the_state() -> None:
    with pytest.raises(RulesInputError) as caught:
        from_json({"version": 1}, NAMES)
    error = caught.value
    assert isinstance(error, SavedTableError)
    assert error.field == "state"
    assert error.reason == "it was saved by an older version of this builder"
    assert error.message == (
        "The saved decks could not be used: it was saved by an older version of this builder."
    )
    assert str(error) == error.reason  # what the card pool builder quotes in its notice


@pytest.mark.parametrize(
    ("part", "value", "reason"),
    [
        ("rank", "huge", "a side is neither a Major nor a Minor Actor"),
        ("rank", [[1]], "a side is neither a Major nor a Minor Actor"),
        ("nature", "x", "a side is neither mundane nor supernatural"),
        ("hand", [1, 2, 11], "a side's cards are not a hand of a full deck (Ace-10)"),
        ("hand", [1, "2"], "a side's hand is unreadable"),
        ("aside", [1], "a side's cards are not a hand of a full deck (Ace-10)"),
        ("aside", "1", "a side's initiative card is unreadable"),
        ("mundane", 5, "a threshold is unreadable"),
        ("mundane", [30, 30], "a threshold is out of bounds"),
    ],
)
def test_a_broken_side_says_what_is_wrong_in_words(part: str, value: object, reason: str) -> None:
    saved = to_json(table())
    saved["a"][part] = value
    with pytest.raises(SavedTableError) as caught:
        from_json(saved, NAMES)
    assert caught.value.reason == reason


def test_end_combat_without_a_combat_is_refused() -> None:
    with pytest.raises(RulesInputError) as caught:
        end_combat(table())
    assert caught.value.message == "There is no combat to end."
