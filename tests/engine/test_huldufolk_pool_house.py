"""Demesne 5, Not in My House, Spend, in the card pool builder: the defence
card stays in the defender's deck (the party's deck when the defender is a
party member), the threshold still drops, and the Spend costs the
defender's Belief by rank; refused against a mundane attack and when the
Belief is short, with nothing changed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules_py import web
from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.actors import Attack, Nature, new_actor
from rules_py.huldufolk.cards import Rank
from rules_py.huldufolk.challenges import exchange
from rules_py.huldufolk.demesne import house_cost, house_costs_by_rank
from rules_py.huldufolk.pools import ActionPool, DefencePool
from tests.engine.test_huldufolk_pool_party import applied, call, member


def raw(request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(web.call("huldufolk.pool", json.dumps(request)))
    return answer


def test_the_engine_keeps_the_card_and_lowers_the_threshold() -> None:
    ada = new_actor("Ada", Rank.MAJOR, Nature.SUPERNATURAL)
    wen = new_actor("Wen", Rank.MAJOR, Nature.SUPERNATURAL)
    result = exchange(
        ada, ActionPool(), 6, wen, DefencePool(), 7, Attack.SUPERNATURAL, keep_card=True
    )
    assert 7 in result.defender.hand.cards and 6 not in result.attacker.hand.cards
    assert (result.threshold_before, result.threshold_after) == (5, 4)
    assert result.card_kept and not result.hit  # 6 against 5 + 7
    with pytest.raises(RulesInputError) as caught:
        exchange(ada, ActionPool(), 6, wen, DefencePool(), 7, Attack.MUNDANE, keep_card=True)
    assert caught.value.field == "keep_card"


def test_the_cost_by_rank() -> None:
    # Rank 1 cannot purchase a level 5 power; Rank 2 "must spend Belief to use
    # them, or Burn Belief to access their spend effects"; from Rank 3 a Spend spends one.
    with pytest.raises(RulesInputError) as caught:
        house_cost(1)
    assert caught.value.field == "keep_card"
    assert (house_cost(2).spent, house_cost(2).burned) == (0, 1)
    assert [(house_cost(r).spent, house_cost(r).burned) for r in (3, 4, 5)] == [(1, 0)] * 3
    assert house_costs_by_rank() == (
        "Rank 1: cannot use it; Rank 2: one Belief burned; Rank 3: one Belief spent; "
        "Rank 4: one Belief spent; Rank 5: one Belief spent"
    )


FIGHT = {"mode": "fight", "attacker": "a", "attack_kind": "supernatural", "keep_card": True}


def test_the_party_target_keeps_its_card_and_pays_belief() -> None:
    wen = member("Wen", cards=[1, 2, 7], belief=3, belief_to_spend=2)
    # Face down first (the attacker's card), then Wen's 7: the exchange resolves.
    first = call({**FIGHT, "action": "play", "pick": 6, "party": {"target": wen}})
    assert "changes" not in first
    result = call(
        {**FIGHT, "action": "play", "pick": 7, "party": {"target": wen}, "state": first["state"]}
    )
    fields = {c["field"]: (c["from"], c["to"]) for c in result["changes"]}
    assert fields == {"supernatural": (5, 4), "belief_to_spend": (2, 1)}  # the 7 stays
    assert "apply" not in result
    view = json.dumps(result["view"])
    assert "Wen: Not in My House, one Belief spent" in view
    assert "6 for 6 against 7 (kept: Not in My House) for 12, held" in view
    wen = applied(wen, result)
    assert wen["cards"] == [1, 2, 7] and wen["belief_to_spend"] == 1


def test_without_the_party_the_cost_is_said_by_rank() -> None:
    result = call({**FIGHT, "action": "play", "card": 9, "defence_card": 10})
    view = json.dumps(result["view"])
    assert "Foe: Not in My House costs Rank 1: cannot use it; Rank 2: one Belief burned" in view
    assert result["state"]["b"]["hand"] == list(range(1, 11))  # the 10 is kept
    assert "it is a Defended challenge" in view


def test_refusals_change_nothing() -> None:
    poor = member("Wen", belief=3, belief_to_spend=0)
    answer = raw(
        {**FIGHT, "action": "play", "card": 9, "defence_card": 10, "party": {"target": poor}}
    )
    assert answer["ok"] is False and answer["error"]["field"] == "keep_card"
    assert "Wen has 0 Belief to spend" in answer["error"]["message"]
    freeholder = member("Wen", belief=1, belief_to_spend=3)
    answer = raw(
        {**FIGHT, "action": "play", "card": 9, "defence_card": 10, "party": {"target": freeholder}}
    )
    assert answer["error"]["field"] == "keep_card"
    assert "cannot purchase a level 5 power" in answer["error"]["message"]
    # The box is read only against a supernatural attack, where it is shown.
    result = call(
        {**FIGHT, "attack_kind": "mundane", "action": "play", "card": 9, "defence_card": 10}
    )
    assert 10 not in result["state"]["b"]["hand"]
