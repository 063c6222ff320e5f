"""Cairn, Might and Heart and the Grit variant in the party: what a hit, a scar,
Fatigue, rest and recovery do to a character, with the texts' numbers."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules_py import web
from rules_py.cairn import attack, bestiary, recovery, saves, scars
from rules_py.cairn.characters import (
    CairnCharacter,
    GritCharacter,
    Item,
    MightHeartCharacter,
    ScarRecord,
    creature_named,
    foe_from_creature,
)
from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.party import changes, members
from rules_py.party.events import Outcome
from rules_py.party.games import game


def made(key: str, member_id: str, name: str, fields: dict[str, Any]) -> Any:
    """A member of ``key`` with ``fields``, read back as stored input is."""
    member = members.with_fields(members.new_member(game(key), member_id, name), **fields)
    return members.read_member(members.member_json(member))


def cairn(**fields: Any) -> CairnCharacter:
    found: CairnCharacter = made("cairn", "bea", "Bea", fields)
    return found


def might_heart(**fields: Any) -> MightHeartCharacter:
    found: MightHeartCharacter = made("might-heart", "ada", "Ada", fields)
    return found


def grit(**fields: Any) -> GritCharacter:
    found: GritCharacter = made("grit", "gus", "Gus", fields)
    return found


def scar(
    total: int, name: str, waiting: str = "", score: str = "", rule: str = "", amount: int = 0
) -> ScarRecord:
    return ScarRecord(total, name, waiting, score, rule, amount)


def event(member: Any, name: str, seed: int = 0, **values: Any) -> Outcome:
    rules = members.rules_of(member)
    chosen = rules.event(name)
    checked = {f.name: f.validate(values.get(f.name, f.default)) for f in chosen.fields}
    outcome = chosen.handler(member, checked, Rng(seed))
    # Whatever an event returns is a member the sheet accepts, and its changes
    # turn the member before into it and back.
    found = changes.outcome_changes(member, outcome)
    assert changes.apply(member, found) == outcome.after
    assert changes.undo(outcome.after, found) == member
    return outcome


def changed(member: Any, outcome: Outcome) -> dict[str, tuple[Any, Any]]:
    return {c.field: (c.before, c.after) for c in changes.outcome_changes(member, outcome)}


# ------------------------------------------------------------------ Cairn


def test_bea_and_the_wood_troll_club() -> None:
    """Cairn, "Attacking & Damage": Bea has 5 HP; the club rolls a 4; 1 off for
    her leather armor leaves her 2 HP."""
    bea = cairn(hp=5, max_hp=5, armor=1)
    outcome = event(bea, "hit", rolled=4)
    assert changed(bea, outcome) == {"hp": (5, 2)}
    assert outcome.lines[0] == "Rolled 4 \u2212 Armour 1 = 3 damage."
    assert changes.outcome_changes(bea, outcome)[0].why == "3 damage: HP 2 left"


@pytest.mark.parametrize(("seed", "critical"), [(0, True), (3, False)])
def test_damage_past_hp_goes_to_str_and_a_str_save(seed: int, critical: bool) -> None:
    """"Damage that reduces a target's HP below zero decreases a target's STR by
    the amount remaining. They must then make a STR save to avoid critical damage.\""""
    pc = cairn(hp=3, strength=10, max_strength=10)
    roll = Rng(seed).die(saves.SAVE_DIE)  # the save is the first die of the hit
    assert saves.judge_save(5, roll).passed is not critical
    outcome = event(pc, "hit", seed, rolled=8)
    expected: dict[str, tuple[Any, Any]] = {"hp": (3, 0), "strength": (10, 5)}
    if critical:
        expected["critical"] = (False, True)
    assert changed(pc, outcome) == expected
    assert f"STR save: rolled {roll} against 5" in " ".join(outcome.lines)
    state = game("cairn").derive(outcome.after)["state"]
    assert state == (["Critical damage: can only crawl until stabilized"] if critical else [])


@pytest.mark.parametrize(("seed", "max_hp"), [(2, 5), (4, 3)])
def test_hp_exactly_zero_scars_a_pc_and_the_scar_changes_max_hp(seed: int, max_hp: int) -> None:
    """Rattling Blow (total 2): "Roll 1d6. If the total is higher than your max
    HP, take the new result." Seed 2 rolls a 5, seed 4 a 1."""
    pc = cairn(hp=2, max_hp=3)
    outcome = event(pc, "hit", seed, rolled=2)
    after = outcome.after
    assert after.hp == 0
    assert after.max_hp == max_hp
    assert after.scars == (scar(2, "Rattling Blow"),)
    assert outcome.lines[-1].startswith("1d6 against max HP: ")


def test_a_scar_that_waits_changes_nothing_until_it_comes() -> None:
    """Broken Limb: "Once mended, roll 2d6. If the total is higher than your max
    HP, take the new result." Seed 0 rolls 4 and 6."""
    pc = cairn(hp=4, max_hp=4)
    scarred = event(pc, "hit", 0, rolled=4).after
    assert scarred.max_hp == 4
    assert scarred.scars == (
        scar(4, "Broken Limb", "once mended", "max HP", "higher", 10),
    )
    assert game("cairn").derive(scarred)["state"] == ["Broken Limb: waits (once mended)"]
    mended = event(scarred, "scar", scar=1)
    assert changed(scarred, mended)["max_hp"] == (4, 10)
    assert mended.after.scars[0].waiting == ""
    with pytest.raises(RulesInputError) as caught:
        event(mended.after, "scar", scar=1)
    assert caught.value.field == "scar"


def test_walloped_deprives_until_the_rest_then_adds_to_max_hp() -> None:
    """"You are deprived until you rest for a few hours. Then, roll 1d6. Add that
    amount to your max HP.\""""
    pc = cairn(hp=3, max_hp=3)
    walloped = event(pc, "hit", 1, rolled=3).after
    gain = scars.roll_scar(3, scars.PcScores(3, 10, 10, 10), Rng(1)).rolls[0].total
    assert walloped.deprived and walloped.max_hp == 3
    with pytest.raises(RulesInputError) as caught:
        event(walloped, "rest")
    assert caught.value.message.startswith("A PC deprived of a crucial need")
    rested = event(walloped, "scar", scar=1).after
    assert (rested.deprived, rested.max_hp) == (False, 3 + gain)


@pytest.mark.parametrize(("seed", "survives"), [(3, True), (0, False)])
def test_doomed_waits_for_the_next_critical_damage_save(seed: int, survives: bool) -> None:
    """Doomed: "If your next save against critical damage is a fail, you die
    horribly. If you pass, roll 3d6. If the total is higher than your max HP,
    take the new result." Seed 7 rolls 4, 5, 6 for the 3d6."""
    pc = cairn(hp=12, max_hp=12)
    doomed = event(pc, "hit", 7, rolled=12).after
    assert doomed.scars[0].waiting == "if the next save against critical damage passes"
    with pytest.raises(RulesInputError):
        event(doomed, "scar", scar=1)  # only a save decides it
    outcome = event(doomed, "hit", seed, rolled=3)  # HP 0: 3 to STR, then the save
    after = outcome.after
    assert after.strength == 7
    if survives:
        assert (after.dead, after.max_hp, after.scars[0].waiting) == (False, 15, "")
    else:
        assert after.dead and after.max_hp == 12
        assert game("cairn").derive(after)["state"][0] == "Dead"
        with pytest.raises(RulesInputError) as caught:
            event(after, "hit", rolled=1)
        assert caught.value.message == "Bea is dead."


def test_damage_dealt_straight_to_an_ability_skips_hp_and_armour() -> None:
    """The Hooded Men's critical damage: "1d4 WIL damage"."""
    pc = cairn(armor=2)
    outcome = event(pc, "hit", rolled=3, goes_to="WIL")
    assert changed(pc, outcome) == {"willpower": (10, 7)}


def test_str_zero_is_death_and_a_dead_character_takes_no_hit() -> None:
    pc = cairn(hp=0, strength=2, max_strength=10)
    after = event(pc, "hit", rolled=5).after
    assert after.strength == 0
    assert game("cairn").derive(after)["state"] == ["STR 0: they die"]
    with pytest.raises(RulesInputError):
        event(after, "hit", rolled=1)


def test_a_detachment_and_a_foe_read_their_own_states() -> None:
    troop = cairn(kind="detachment", hp=0, strength=10)
    routed = next(
        event(troop, "hit", seed, rolled=3).after
        for seed in range(20)
        if event(troop, "hit", seed, rolled=3).after.critical
    )
    assert game("cairn").derive(routed)["state"] == [
        "Critical damage: routed or significantly weakened"
    ]
    foe = cairn(kind="npc", hp=2, max_hp=3)
    outcome = event(foe, "hit", rolled=2)
    assert outcome.after.scars == ()  # scars are for PCs
    assert "A lone foe reduced to 0 HP must now pass a WIL save (Morale)." in outcome.lines


def test_fatigue_takes_a_slot_and_needs_one_free() -> None:
    pc = cairn(slots=3, items=(Item("Spellbook", 1), Item("Scroll", 0), Item("Rope", 1)))
    tired = event(pc, "fatigue", reason="spell")
    assert changed(pc, tired) == {"fatigue": (0, 1)}
    why = changes.outcome_changes(pc, tired)[0].why
    assert why == "Cast a spell: one Fatigue, occupying one slot"
    assert game("cairn").derive(tired.after)["slots_free"] == 0
    with pytest.raises(RulesInputError) as caught:
        event(tired.after, "fatigue", reason="deprived")
    assert caught.value.field == "items"
    assert event(tired.after, "recuperate").after.fatigue == 0
    with pytest.raises(RulesInputError) as caught:
        members.read_member({**members.member_json(tired.after), "fatigue": 2})
    assert caught.value.message == "Items and Fatigue fill 4 slots; Bea has 3."


def test_deprivation_stops_rest_recuperation_and_recovery() -> None:
    pc = cairn(hp=1, fatigue=1, strength=4, deprived=True)
    for name in ("rest", "recuperate", "week_of_rest"):
        with pytest.raises(RulesInputError) as caught:
            event(pc, name)
        assert caught.value.field == "deprived"
    fed = event(pc, "deprived", deprived=False).after
    assert event(fed, "rest").after.hp == 6
    assert event(fed, "week_of_rest").after.strength == 10
    with pytest.raises(RulesInputError) as caught:
        event(fed, "week_of_rest", healer=False)
    assert caught.value.field == "healer"


def test_stabilizing_ends_critical_damage() -> None:
    pc = cairn(hp=0, critical=True)
    assert changed(pc, event(pc, "stabilize")) == {"critical": (True, False)}


def test_every_bestiary_creature_becomes_a_foe_with_its_stat_block() -> None:
    for creature in bestiary.creatures():
        foe = foe_from_creature(creature, "foe-1")
        assert members.read_member(members.member_json(foe)) == foe
        rebuilt = bestiary.Creature(
            foe.name,
            foe.max_hp,
            foe.armor,
            foe.max_strength,
            foe.max_dexterity,
            foe.max_willpower,
            None
            if not foe.weapon_dice
            else bestiary.Attack(foe.weapon, tuple(foe.weapon_dice.split("+")), foe.blast),
            foe.spellbook,
            foe.traits,
        )
        assert bestiary.statline(rebuilt) == bestiary.statline(creature)
        assert (foe.kind, foe.hp) == ("npc", creature.hp)


def test_a_creature_is_named_as_the_bestiary_names_it() -> None:
    assert creature_named(" wood troll ").name == "Wood Troll"
    with pytest.raises(RulesInputError) as caught:
        creature_named("Dragon")
    assert caught.value.field == "creature"
    assert "Root Goblin, Hooded Men" in caught.value.message


def test_the_wood_troll_against_a_pc_until_a_scar() -> None:
    """The Wood Troll's claws and bite (d8+d8 blast) against a PC with 1 Armour,
    hit after hit, each result applied as changes, until HP is exactly 0."""
    troll = foe_from_creature(creature_named("Wood Troll"), "troll")
    plan = attack.plan_attack(
        attack.attack_spec("cairn", "d8", "d8", blast=troll.blast, target="pc")
    )
    pc = cairn(hp=9, max_hp=9, strength=12, max_strength=12, armor=1)
    rng = Rng(11)
    log: list[changes.Change] = []
    while not pc.scars and pc.strength > 0 and not pc.critical:
        rolled = attack.roll_damage(plan, 0, rng)  # armour comes off in the hit
        before = pc
        outcome = event(pc, "hit", rng.die(10**6), rolled=rolled.kept)
        found = changes.outcome_changes(before, outcome)
        pc = changes.apply(pc, found)
        dealt = max(rolled.kept - 1, 0)
        assert pc.hp == max(before.hp - dealt, 0)
        log += found
    # Seed 11: 5 then 6 on the dice, 4 then 5 damage: 9 HP to exactly 0, and a
    # total of 5 is Diseased, whose 2d6 waits until the PC gets over it.
    scarred = "5 damage: HP exactly 0: scar (Diseased)"
    assert [(c.field, c.why) for c in log] == [
        ("hp", "4 damage: HP 5 left"),
        ("hp", scarred),
        ("scars", scarred),
    ]
    assert (pc.hp, pc.strength, pc.critical) == (0, 12, False)
    assert pc.scars == (
        scar(5, "Diseased", "when you get over it", "max HP", "higher", 5),
    )
    # Undo every hit, last first: the PC is whole again.
    whole = pc
    for change in reversed(log):
        whole = changes.undo(whole, (change,))
    assert whole == cairn(hp=9, max_hp=9, strength=12, max_strength=12, armor=1)


def test_from_bestiary_at_the_boundary() -> None:
    answer = json.loads(web.call("party.from_bestiary", '{"creature": "Boggart", "id": "bog"}'))
    foe = answer["result"]["member"]
    assert (foe["hp"], foe["dexterity"], foe["weapon_dice"], foe["id"]) == (3, 17, "", "bog")


# ------------------------------------------------------------------ Might and Heart


@pytest.mark.parametrize(
    ("hp", "rolled", "seed", "expected"),
    [
        (2, 4, 0, {"burdens": (0, 1)}),  # harm 2, Minor: "Gain Burden"
        (2, 4, 3, {}),  # Minor, passed: nothing
        (1, 5, 0, {"burdens": (0, 1), "stabilise": (False, True)}),  # harm 4, Major
        (0, 6, 0, {"conditions": (0, 1), "stabilise": (False, True)}),  # harm 6, Critical
        (0, 6, 3, {"advancements": (0, 1)}),  # Critical, passed: "Gain Advancement"
    ],
)
def test_might_and_heart_harm_table(
    hp: int, rolled: int, seed: int, expected: dict[str, tuple[Any, Any]]
) -> None:
    pc = might_heart(hp=hp, might=14, max_might=14)
    outcome = event(pc, "hit", seed, rolled=rolled, harm="physical")
    found = changed(pc, outcome)
    overflow = rolled - hp
    assert found.pop("might") == (14, 14 - overflow)
    if hp:
        assert found.pop("hp") == (hp, 0)
    assert found == expected


def test_mind_harm_comes_off_heart() -> None:
    pc = might_heart(hp=1, heart=9, max_heart=9)
    outcome = event(pc, "hit", 3, rolled=3, harm="mind")
    assert changed(pc, outcome)["heart"] == (9, 7)


def test_might_and_heart_recovery_is_1d6_a_week_up_to_the_score_before() -> None:
    pc = might_heart(might=3, max_might=10)
    expected = recovery.recover("might-heart", 3, 10, 2, Rng(5)).score
    outcome = event(pc, "recover", 5, ability="Might", periods=2)
    assert outcome.after.might == expected
    deprived = might_heart(might=3, max_might=10, deprived=True)
    blocked = event(deprived, "recover", 5, ability="Might", periods=2)
    assert blocked.after == deprived
    assert blocked.summary == (
        "Nothing recovered: A Deprived PC cannot recover HP, Attributes, or item slots from "
        "Fatigue."
    )


def test_might_and_heart_fatigue_needs_a_free_slot() -> None:
    pc = might_heart(slots=1, items=(Item("Lantern", 1),))
    with pytest.raises(RulesInputError) as caught:
        event(pc, "fatigue", reason="fiction")
    assert caught.value.message.endswith("drop an item first.")


# ------------------------------------------------------------------ Grit variant


@pytest.mark.parametrize("seed", [0, 3])
def test_grit_harm_goes_to_grit_then_prowess(seed: int) -> None:
    """"Failure takes them out of combat and reduces the Ability in 1 permanently.\""""
    pc = grit(grit=3, prowess=10, max_prowess=10)
    roll = Rng(seed).die(saves.SAVE_DIE)
    passed = saves.judge_save(8, roll, "grit").passed
    outcome = event(pc, "hit", seed, rolled=5, harm="physical")
    expected: dict[str, tuple[Any, Any]] = {"grit": (3, 0)}
    if passed:
        expected["prowess"] = (10, 8)
    else:
        expected.update(
            prowess=(10, 7), max_prowess=(10, 9), critical=(False, True)
        )
    assert changed(pc, outcome) == expected


def test_grit_harmed_further_before_attended_to_dies() -> None:
    pc = grit(grit=2, critical=True)
    outcome = event(pc, "hit", rolled=1, harm="stress")
    assert changed(pc, outcome) == {"dead": (False, True)}
    assert event(pc, "hit", rolled=0, harm="stress").after == pc  # no harm, no death


def test_effort_costs_1d6_effort_harm_off_grit_then_resolve() -> None:
    pc = grit(grit=1, resolve=10, max_resolve=10)
    taken = attack.roll_effort_harm(Rng(4))
    outcome = event(pc, "effort", 4)
    assert outcome.after.grit == 0
    assert outcome.after.resolve in (10 - (taken - 1), 10 - (taken - 1) - 1)


def test_a_rest_re_rolls_grit_and_deprivation_takes_another_die() -> None:
    from rules_py.cairn import grit as grit_rules

    pc = grit(grit=6)
    rested = event(pc, "rest", 9).after
    assert rested.grit == grit_rules.roll_grit("rest", Rng(9)).grit
    hungry = grit(grit=6, deprived=True)
    assert event(hungry, "rest", 9).after.grit == grit_rules.roll_grit("rest", Rng(9), True).grit


def test_grit_ability_loss_recovers_one_a_day_to_the_permanent_score() -> None:
    pc = grit(insight=4, max_insight=6)
    assert event(pc, "recover", ability="Insight", periods=5).after.insight == 6
    assert event(pc, "recover", ability="Insight", periods=1).after.insight == 5


def test_grit_scores_at_zero_read_as_the_summary_says() -> None:
    pc = grit(prowess=0, insight=0, resolve=0)
    assert game("grit").derive(pc)["state"] == [
        "Prowess at 0 means death.",
        "Insight at 0 means condition.",
        "Resolve at 0 means panic.",
    ]
