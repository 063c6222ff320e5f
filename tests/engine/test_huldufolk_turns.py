"""Huldufolk turns in initiative order, contests of attack pools, and the size
of the saved table (Huldufolk, Miscellaneous Mechanics: Initiative; Magic
System: Resolving Magical Conflicts)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rules_py import web
from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.huldufolk.actors import Attack, Nature, new_actor
from rules_py.huldufolk.cards import Rank
from rules_py.huldufolk.challenges import contest_winner
from rules_py.huldufolk.odds import contesting, opponent_total
from rules_py.huldufolk.play import (
    AUTO,
    LOG_MAX,
    STATE_CHARS_MAX,
    Table,
    acting_side,
    choose_initiative_card,
    differs_from_form,
    end_combat,
    fresh_table,
    from_json,
    initiative_chooser,
    next_to_act,
    play_contest,
    play_fight_card,
    start_initiative,
    to_json,
)
from rules_py.huldufolk.pools import action_pool, defence_pool

NAMES = {"a": "Bob", "b": "Wolf"}


def table() -> Table:
    return fresh_table(
        new_actor("Bob", Rank.MAJOR, Nature.SUPERNATURAL),
        new_actor("Wolf", Rank.MINOR, Nature.SUPERNATURAL),
    )


def in_combat(bob_card: int, wolf_card: int) -> Table:
    tbl = start_initiative(table())
    assert initiative_chooser(tbl) == "a"
    tbl, _ = choose_initiative_card(tbl, "a", bob_card, Rng(1))
    assert initiative_chooser(tbl) == "b"
    tbl, result = choose_initiative_card(tbl, "b", wolf_card, Rng(1))
    assert result is not None
    return tbl


def attack(tbl: Table, side: str, card: int, defence: int) -> Table:
    attacker = acting_side(tbl, side)
    tbl, waiting = play_fight_card(
        tbl, attacker, card, action_pool(), defence_pool(), Attack.MUNDANE
    )
    assert waiting is None
    assert acting_side(tbl, AUTO) == attacker  # the face-down card decides who attacks
    tbl, result = play_fight_card(
        tbl, attacker, defence, action_pool(), defence_pool(), Attack.MUNDANE
    )
    assert result is not None
    return tbl


def test_the_higher_initiative_card_acts_first_then_the_turn_passes() -> None:
    tbl = in_combat(2, 4)  # the wolf's 4 beats Bob's 2
    assert tbl.order == ("b", "a")
    assert next_to_act(tbl) == "b"
    assert acting_side(tbl, AUTO) == "b"
    tbl = attack(tbl, AUTO, 5, 3)
    assert next_to_act(tbl) == "a"
    tbl = attack(tbl, AUTO, 1, 1)
    assert next_to_act(tbl) == "b"  # round two
    assert tbl.log[-1].startswith("Bob attacks Wolf")


def test_choosing_the_attacker_by_hand_does_not_move_the_turn() -> None:
    tbl = in_combat(2, 4)
    tbl = attack(tbl, "a", 1, 1)  # Bob attacks out of turn
    assert next_to_act(tbl) == "b"
    assert acting_side(tbl, "a") == "a"


def test_out_of_combat_side_a_attacks_and_the_order_is_gone_after_it() -> None:
    assert next_to_act(table()) is None
    assert acting_side(table(), AUTO) == "a"
    tbl = end_combat(attack(in_combat(2, 4), AUTO, 5, 3))
    assert next_to_act(tbl) is None and tbl.turn == 0
    with pytest.raises(RulesInputError) as caught:
        initiative_chooser(tbl)
    assert caught.value.field == "initiative"


def test_a_face_down_card_of_the_other_attack_is_refused_by_field() -> None:
    tbl = in_combat(2, 4)
    tbl, _ = play_fight_card(tbl, "b", 5, action_pool(), defence_pool(), Attack.MUNDANE)
    with pytest.raises(RulesInputError) as caught:
        play_fight_card(tbl, "a", 3, action_pool(), defence_pool(), Attack.MUNDANE)
    assert caught.value.field == "attacker"


def test_the_turn_survives_the_saved_form() -> None:
    tbl = attack(in_combat(2, 4), AUTO, 5, 3)
    again = from_json(json.loads(json.dumps(to_json(tbl))), NAMES)
    assert again == tbl and next_to_act(again) == "a"


def test_a_test_compares_decks_a_fight_also_thresholds() -> None:
    bob = new_actor("Bob", Rank.MAJOR, Nature.SUPERNATURAL)
    patron = new_actor("Bob", Rank.MAJOR, Nature.SUPERNATURAL, 20, 20)
    assert not differs_from_form(bob, patron, fight=False)
    assert differs_from_form(bob, patron, fight=True)


# ---------------------------------------------------------------- contests


def test_a_contest_goes_to_the_higher_pool_and_a_tie_is_a_stand_off() -> None:
    assert contest_winner(12, 11) == 0
    assert contest_winner(11, 12) == 1
    assert contest_winner(11, 11) is None
    bill = action_pool(quality=True, focus=True)  # Quality +3 and a Focus +2
    sally = action_pool(quality=True, equipment=2)
    tbl, result = play_contest(table(), (bill, sally), 6, 5)
    assert result.totals == (11, 10) and result.winner == 0
    assert tbl.log[-1] == "Contest: Bob 6 for 11 against Wolf 5 for 10; Bob prevails."
    tbl, tie = play_contest(tbl, (bill, sally), 1, 1)
    assert tie.totals == (6, 5 + 1) and tie.winner is None
    assert "a tie: a stand-off, neither prevails" in tbl.log[-1]
    # both cards spent, the Aces kept; nobody defended, so no threshold dropped
    assert tbl.a.hand.cards == (1, 2, 3, 4, 5, 7, 8, 9, 10)
    assert tbl.b.hand.cards == (1, 2, 3, 4)
    assert tbl.a.mundane.current == 5 and tbl.b.mundane.current == 5
    with pytest.raises(RulesInputError) as caught:
        play_contest(tbl, (bill, sally), 6, 2)
    assert caught.value.field == "card"


def test_contest_odds_match_counting_every_pair() -> None:
    mine, theirs = (1, 3, 6, 9), (1, 2, 5)
    odds = contesting(4, mine, opponent_total(6, theirs))
    for row in odds.cards:
        wins = sum(4 + row.card > 6 + other for other in theirs)
        ties = sum(4 + row.card == 6 + other for other in theirs)
        assert row.chance == Fraction(wins, len(theirs))
        assert row.tie == Fraction(ties, len(theirs))
    assert odds.row(3).tie == Fraction(1, 3)  # 7 against the 1's 7


# ---------------------------------------------------------------- saved size


def _request(state: object) -> str:
    form = {"action": "odds", "a_name": "N" * 30, "b_name": "M" * 30, "mode": "fight"}
    return json.dumps({**form, "state": state})


def test_the_largest_saved_table_stays_well_within_the_request_limits() -> None:
    long_a = new_actor("A" * 30, Rank.MAJOR, Nature.SUPERNATURAL, 20, 20)
    long_b = new_actor("B" * 30, Rank.MAJOR, Nature.SUPERNATURAL, 20, 20)
    tbl = fresh_table(long_a, long_b)
    tbl = start_initiative(tbl)
    tbl, _ = choose_initiative_card(tbl, "a", 9, Rng(3))
    tbl, _ = choose_initiative_card(tbl, "b", 9, Rng(3))  # a tie: the longest entry
    entry = tbl.log[-1]
    tbl = Table(tbl.a, tbl.b, 10_000, 10_000, tbl.order, None, (entry,) * LOG_MAX)
    state = to_json(tbl)
    size = len(json.dumps(state))
    assert size <= STATE_CHARS_MAX // 2
    assert STATE_CHARS_MAX * 2 <= web.MAX_REQUEST_CHARS
    result = json.loads(web.call("huldufolk.pool", _request(state)))
    assert result["ok"] and result["result"]["notice"] == ""


def test_an_oversized_or_deep_saved_table_is_discarded_with_the_notice() -> None:
    state = to_json(table())
    oversized = {**state, "log": ["x" * 1_500] * LOG_MAX}  # 60,000 characters
    deep: object = []
    for _ in range(web.MAX_JSON_DEPTH - 6):  # the deepest a request may be
        deep = [deep]
    nested = {**state, "pending": {"kind": "exchange", "attacker": "a", "picks": [deep]}}
    huge = {**state, "a": {**state["a"], "name": "x" * 60_000}}
    for broken in (oversized, nested, huge):
        request = _request(broken)
        assert len(request) <= web.MAX_REQUEST_CHARS
        response = json.loads(web.call("huldufolk.pool", request))
        assert response["ok"], response
        result = response["result"]
        assert result["notice"].startswith("The saved decks could not be used")
        assert len(json.dumps(result["state"])) < 2_000  # replaced by a fresh table
