"""Huldufolk in the party: cards played and refreshed, thresholds lost and
restored, damage, Belief; and the text's worked example, Bob the Elf against
three hexenwolves, played exchange by exchange onto the party."""

from __future__ import annotations

from typing import Any

import pytest

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.huldufolk import challenges, pools
from rules_py.huldufolk.actors import Attack
from rules_py.huldufolk.characters import Equipment, HuldufolkActor, after_exchange, after_test
from rules_py.huldufolk.characters.happenings import actor_of
from rules_py.party import changes, members
from rules_py.party.events import Outcome
from rules_py.party.games import game

RULES = game("huldufolk")


def actor(member_id: str = "bob", name: str = "Bob", **fields: Any) -> HuldufolkActor:
    member = members.with_fields(members.new_member(RULES, member_id, name), **fields)
    found: HuldufolkActor = members.read_member(members.member_json(member))
    return found


def wolf(number: int) -> HuldufolkActor:
    """A hexenwolf: a supernatural Minor Actor with a half deck and thresholds of 5."""
    return actor(
        f"wolf-{number}",
        f"Hexenwolf {number}",
        rank="minor",
        nature="supernatural",
        cards=(1, 2, 3, 4, 5),
        qualities=("Vicious",),
        foci=("Melee",),
        equipment=(Equipment("Knife", 1, False),),
    )


def event(member: Any, name: str, **values: Any) -> Outcome:
    chosen = RULES.event(name)
    checked = {f.name: f.validate(values.get(f.name, f.default)) for f in chosen.fields}
    outcome = chosen.handler(member, checked, Rng(0))
    found = changes.outcome_changes(member, outcome)
    assert changes.apply(member, found) == outcome.after
    assert changes.undo(outcome.after, found) == member
    return outcome


def changed(member: Any, outcome: Outcome) -> dict[str, tuple[Any, Any]]:
    return {c.field: (c.before, c.after) for c in changes.outcome_changes(member, outcome)}


# ---------------------------------------------------------- the worked example

WOLF_ATTACK = pools.action_pool(quality=True, focus=True, equipment=1)  # Vicious, Melee, knife
BOB_ATTACK = pools.action_pool(equipment=1)  # "his only weapon is a short sword (+1)"
BOB_DEFENCE = pools.defence_pool(quality=True, equipment=1)  # Stalwart, armored
WOLF_DEFENCE = pools.defence_pool()  # "no appropriate defensive qualities or armor"


class Table:
    """The party at the table: every exchange's changes applied to both sides."""

    def __init__(self) -> None:
        self.members = {m.id: m for m in (actor(), wolf(1), wolf(2), wolf(3))}
        self.log: list[changes.Change] = []

    def exchange(
        self, attacker: str, attack_card: int, defender: str, defence_card: int
    ) -> challenges.Exchange:
        one, two = self.members[attacker], self.members[defender]
        bob_attacks = attacker == "bob"
        result = challenges.exchange(
            actor_of(one),
            BOB_ATTACK if bob_attacks else WOLF_ATTACK,
            attack_card,
            actor_of(two),
            WOLF_DEFENCE if bob_attacks else BOB_DEFENCE,
            defence_card,
            Attack.MUNDANE,
        )
        first, second = after_exchange(one, two, result)
        found = changes.outcome_changes(one, first) + changes.outcome_changes(two, second)
        for member in changes.apply_to_party(tuple(self.members.values()), found):
            self.members[member.id] = member
        self.log += found
        return result


def test_bob_against_three_hexenwolves() -> None:
    """Huldufolk, "Example of Mundane Defense", three rounds of it."""
    table = Table()
    # Round 1: each wolf plays its 5 (11); Bob answers with his 2, 3 and 4 (11 each).
    for number, card in ((1, 2), (2, 3), (3, 4)):
        result = table.exchange(f"wolf-{number}", 5, "bob", card)
        assert (result.attack_total, result.defence_total, result.hit) == (11, 11, False)
    assert table.members["bob"].mundane == 2
    # Bob swings with his 10 (11) against the first wolf's Ace (6): beaten by 5, two damage.
    result = table.exchange("bob", 10, "wolf-1", 1)
    assert (result.attack_total, result.defence_total, result.damage) == (11, 6, 2)
    assert table.members["wolf-1"].damage == 2
    # Round 2: two wolves play their 4s (10); Bob his 5 and 6 (11).
    for number, card in ((2, 5), (3, 6)):
        result = table.exchange(f"wolf-{number}", 4, "bob", card)
        assert (result.attack_total, result.defence_total, result.hit) == (10, 11, False)
    # Bob's Ace (2) against the second wolf's 3 (8).
    result = table.exchange("bob", 1, "wolf-2", 3)
    assert (result.attack_total, result.defence_total, result.hit) == (2, 8, False)
    # Round 3: threshold 0, defence 4 + Ace = 5; the wolves' 2 and 3 (8 and 9) hit for 1 each.
    for number, card in ((2, 2), (3, 3)):
        result = table.exchange(f"wolf-{number}", card, "bob", 1)
        assert (result.defence_total, result.hit, result.damage) == (5, True, 1)
    # Bob's 9 (10) against the second wolf, threshold 4 and only an Ace (5).
    result = table.exchange("bob", 9, "wolf-2", 1)
    assert (result.attack_total, result.defence_total, result.damage) == (10, 5, 2)

    bob = table.members["bob"]
    assert (bob.cards, bob.mundane, bob.damage) == ((1, 7, 8), 0, 2)
    assert RULES.derive(bob)["spent"] == [2, 3, 4, 5, 6, 9, 10]
    assert (table.members["wolf-2"].cards, table.members["wolf-2"].mundane) == ((1,), 3)
    # Every change taken back, last first: the table as it began.
    start = Table().members
    for change in reversed(table.log):
        member = table.members[change.who]
        table.members[change.who] = changes.undo(member, (change,))
    assert table.members == start


# ---------------------------------------------------------- one thing at a time


def test_a_card_played_is_spent_but_the_ace_is_kept() -> None:
    bob = actor()
    assert changed(bob, event(bob, "play", card=7, what="test")) == {
        "cards": ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [1, 2, 3, 4, 5, 6, 8, 9, 10])
    }
    assert event(bob, "play", card=1).after == bob
    spent = event(bob, "play", card=7).after
    with pytest.raises(RulesInputError) as caught:
        event(spent, "play", card=7)
    assert caught.value.message.startswith("The 7 has been spent.")


def test_defending_lowers_the_threshold_the_attack_opposes() -> None:
    bob = actor()
    mundane = event(bob, "defend", card=3, attack="mundane")
    assert changed(bob, mundane) == {
        "cards": ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [1, 2, 4, 5, 6, 7, 8, 9, 10]),
        "mundane": (5, 4),
    }
    assert event(bob, "defend", card=1, attack="supernatural").after.supernatural == 4
    tired = actor(fatigued=True)
    assert event(tired, "defend", card=1, attack="mundane").after.mundane == 3  # Life 4: 2
    assert event(tired, "defend", card=1, attack="supernatural").after.supernatural == 4


def test_initiative_sets_a_card_aside_until_the_combat_ends() -> None:
    bob = actor()
    ready = event(bob, "initiative", card=9).after
    assert (ready.cards, ready.set_aside) == ((1, 2, 3, 4, 5, 6, 7, 8, 10), (9,))
    with pytest.raises(RulesInputError) as caught:
        event(ready, "play", card=9)
    assert "set aside as the initiative card" in caught.value.message
    assert event(ready, "end_combat").after == bob
    with pytest.raises(RulesInputError):
        event(bob, "end_combat")


def test_back_in_the_fight_refreshes_spent_cards() -> None:
    """Alleviate 5: "Refresh one low card (A-5) for the target character. Spend:
    Refresh all low cards for the target, or one high card (6-10) Burn: Refresh
    another character's entire deck.\""""
    bob = actor(cards=(1, 4, 6, 9))
    one = event(bob, "refresh", power="back_in_the_fight", card=3)
    assert changed(bob, one) == {"cards": ([1, 4, 6, 9], [1, 3, 4, 6, 9])}
    low = event(bob, "refresh", power="back_in_the_fight_spend_low").after
    assert low.cards == (1, 2, 3, 4, 5, 6, 9)
    burn = event(bob, "refresh", power="back_in_the_fight_burn").after
    assert burn.cards == tuple(range(1, 11))
    with pytest.raises(RulesInputError) as caught:
        event(bob, "refresh", power="back_in_the_fight", card=7)
    assert caught.value.field == "power_card"
    minor = actor(rank="minor", nature="supernatural", cards=(1,))
    with pytest.raises(RulesInputError) as caught:
        event(minor, "refresh", power="back_in_the_fight_spend_high", card=6)
    assert "has no high card" in caught.value.message


def test_thresholds_are_restored_by_powers_and_rest() -> None:
    bob = actor(mundane=1, supernatural=2)
    second_wind = event(bob, "restore", power="second_wind", threshold="mundane")
    assert changed(bob, second_wind) == {"mundane": (1, 2)}
    full = event(bob, "restore", power="second_wind_spend", threshold="mundane").after
    assert full.mundane == 5
    with pytest.raises(RulesInputError) as caught:
        event(bob, "restore", power="caduceus", threshold="mundane")
    assert "Minor Actor only" in caught.value.message
    rested = event(bob, "rest")
    assert changed(bob, rested) == {"mundane": (1, 5), "supernatural": (2, 5)}


def test_damage_is_a_tally_healing_takes_back() -> None:
    bob = actor(damage=2)
    assert event(bob, "damage", damage=2).after.damage == 4
    assert event(bob, "heal", levels=3).after.damage == 0


def test_a_new_game_deals_the_whole_deck_again() -> None:
    bob = actor(cards=(1,), set_aside=(5,))
    assert event(bob, "new_game").after.cards == tuple(range(1, 11))
    minor = actor(rank="minor", nature="mundane", cards=(1,), supernatural_base=0, supernatural=0)
    assert event(minor, "new_game").after.cards == (1, 2, 3, 4, 5)


def test_belief_is_spent_burned_and_a_rating_lost() -> None:
    bob = actor(belief=3, belief_to_spend=1)
    assert RULES.derive(bob)["belief_title"] == (
        "Rank 3 (Knight): Personal Influence 30 m, Territorial Influence 3 km"
    )
    burned = event(bob, "belief", how="burn")
    assert changed(bob, burned) == {"belief_to_spend": (1, 0)}
    with pytest.raises(RulesInputError):
        event(burned.after, "belief", how="spend")
    assert event(bob, "lose_rank").after.belief == 2
    with pytest.raises(RulesInputError):
        event(actor(belief=0), "lose_rank")


def test_a_test_spends_its_card() -> None:
    bob = actor()
    result = challenges.undefended_test(
        actor_of(bob).hand, pools.action_pool(quality=True), 8, 12, True
    )
    outcome = after_test(bob, result)
    assert outcome.summary == "A test against CR 12: failure"  # 3 + 8 = 11
    assert 8 not in outcome.after.cards


# ---------------------------------------------------------- what is refused


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        (
            {"rank": "minor", "cards": (1, 7)},
            "cards.1",
            "A Minor Actor holds a half deck (Ace-5): there is no 7 to play.",
        ),
        ({"cards": (3, 1)}, "cards", "Cards are listed lowest first."),
        ({"cards": (1, 2), "set_aside": (2,)}, "set_aside", None),
        ({"cards": (1, 1)}, "cards.1", None),
        ({"mundane_base": 4, "mundane": 4}, "mundane_base", None),
        ({"rank": "minor", "cards": (1,), "mundane_base": 6, "mundane": 0}, "mundane_base", None),
        (
            {"mundane": 6},
            "mundane",
            "Mundane threshold cannot be more than Mundane base threshold (6 > 5).",
        ),
        (
            {"rank": "minor", "nature": "mundane", "cards": (1,)},
            "supernatural_base",
            "A mundane Minor Actor has no supernatural threshold: it stays 0.",
        ),
        ({"equipment": (Equipment("Rifle", 3, False),)}, "equipment.0.bonus", None),
        ({"qualities": ("Zeal", "Valor", "Wisdom", "Vigor")}, "qualities", None),
        ({"foci": ("a", "b", "c", "d", "e", "f")}, "foci", None),
        ({"belief": 6}, "belief", None),
    ],
)
def test_an_actor_that_breaks_the_rules_is_refused(
    fields: dict[str, Any], field: str, message: str | None
) -> None:
    with pytest.raises(RulesInputError) as caught:
        actor(**fields)
    assert caught.value.field == field
    if message is not None:
        assert caught.value.message == message


def test_a_mundane_minor_actor_defends_against_magic_at_zero() -> None:
    minor = actor(
        rank="minor", nature="mundane", cards=(1, 2), supernatural_base=0, supernatural=0
    )
    assert actor_of(minor).supernatural is None
    assert RULES.derive(minor)["actions"] == "mundane only"
    assert event(minor, "defend", card=2, attack="supernatural").after.cards == (1,)
