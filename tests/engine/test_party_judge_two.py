"""The Way of All the Earth in the party: risk, threats, marks and finishers,
guarding, the burdened condition, rest and death, with the text's numbers."""

from __future__ import annotations

from typing import Any

import pytest

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.judge_two.characters import JudgeTwoCharacter, MarkRecord
from rules_py.party import changes, members
from rules_py.party.events import Outcome
from rules_py.party.games import game

RULES = game("judge_two")


def character(**fields: Any) -> JudgeTwoCharacter:
    member = members.with_fields(members.new_member(RULES, "vaalin", "Vaalin"), **fields)
    found: JudgeTwoCharacter = members.read_member(members.member_json(member))
    return found


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


def test_one_degree_against_no_risk_imposes_two_risk_and_a_threat() -> None:
    """"An attack with one degree of success against a defender with zero risk
    would impose two points of risk and a threat.\""""
    pc = character()
    outcome = event(pc, "attacked", degrees=1, threat="disarm")
    assert changed(pc, outcome) == {"risk": (0, 2), "threats": ([], ["disarm"])}
    assert outcome.summary == "Attacked: 1 degrees, 2 risk and one threat"


def test_one_degree_against_three_risk_imposes_three_risk_and_a_mark() -> None:
    """"But an attack with one degree of success against a defender with three
    risk would impose three points of risk and a mark.\""""
    pc = character(risk=3)
    outcome = event(pc, "attacked", degrees=1, mark="crush")
    assert changed(pc, outcome) == {
        "risk": (3, 6),
        "marks": ([], [{"mark": "crush", "form": "martial"}]),
    }
    two_threats = event(pc, "attacked", degrees=1, option=2, threat="weaken", threat2="disarm")
    assert two_threats.after.threats == ("weaken", "disarm")


def test_resistance_ignores_risk() -> None:
    """"If a character has three resistance and four risk then they add only one
    degree of success to any successful attack against them.\""""
    armoured = character(risk=4, armour="heavy")
    assert RULES.derive(armoured)["counted_risk"] == {"martial": 1, "subtle": 4, "epic": 4}
    outcome = event(armoured, "attacked", degrees=1, threat="weaken")  # 1 + 1: two degrees
    assert outcome.after.risk == 6
    bare = character(risk=4)
    finished = event(bare, "attacked", degrees=1)  # 1 + 4: five degrees, a finisher
    assert changed(bare, finished) == {"finished": ("", "martial")}
    assert RULES.derive(finished.after)["fate"] == [
        "Finished by a martial attack: dies, with the gamemaster's confirmation"
    ]


def test_risk_never_passes_twelve() -> None:
    """"Any additional risk that is imposed on a character beyond twelve is ignored.\""""
    pc = character(risk=11, armour="heavy", resolve=8)  # counted 0: two degrees, 2 risk
    assert event(pc, "attacked", degrees=2, threat="disarm").after.risk == 12


def test_guarding_costs_two_risk_and_is_refused_at_twelve() -> None:
    pc = character(risk=3)
    assert changed(pc, event(pc, "guard")) == {"risk": (3, 5)}
    with pytest.raises(RulesInputError) as caught:
        event(character(risk=12), "guard")
    assert caught.value.field == "risk"


def test_a_shield_or_composure_keeps_entangle_and_weaken_off() -> None:
    shielded = character(shield=True)
    with pytest.raises(RulesInputError) as caught:
        event(shielded, "attacked", degrees=0, threat="entangle")
    assert caught.value.message == "Vaalin's a readied shield keeps the entangle threat off."
    assert event(shielded, "attacked", degrees=0, threat="disarm").after.threats == ("disarm",)
    with pytest.raises(RulesInputError):
        event(character(), "attacked", degrees=0, form="subtle", threat="weaken")
    uncomposed = character(composed=False)
    assert event(uncomposed, "attacked", degrees=0, form="subtle", threat="weaken").after.threats


def test_a_subtle_mark_strips_composure_until_it_goes() -> None:
    pc = character(risk=3)
    marked = event(pc, "attacked", degrees=1, form="subtle", mark="afflict").after
    assert (marked.composed, marked.marks) == (False, (MarkRecord("afflict", "subtle"),))
    with pytest.raises(RulesInputError) as caught:
        event(marked, "compose")
    assert caught.value.field == "composed"
    rested = event(marked, "rest", length="short", recover="afflict").after
    assert (rested.risk, rested.marks) == (0, ())
    assert event(rested, "compose").after.composed


def test_each_mark_is_borne_once() -> None:
    pc = character(risk=3, marks=(MarkRecord("crush", "martial"),))
    with pytest.raises(RulesInputError) as caught:
        event(pc, "attacked", degrees=1, mark="crush")
    assert caught.value.field == "mark"


def test_three_marks_with_one_martial_kill_at_the_end_of_the_scene() -> None:
    marks = (
        MarkRecord("afflict", "subtle"),
        MarkRecord("crush", "martial"),
        MarkRecord("pierce", "subtle"),
    )
    assert RULES.derive(character(marks=marks))["fate"] == [
        "Three or more marks, one martial: dies at the scene's end without rest"
    ]
    subtle_only = tuple(MarkRecord(m.mark, "subtle") for m in marks)
    assert RULES.derive(character(marks=subtle_only))["fate"] == []


def test_rests_recover_risk_and_marks_as_their_length_allows() -> None:
    marks = (MarkRecord("crush", "martial"), MarkRecord("stricken", "martial"))
    pc = character(risk=9, marks=marks)
    quick = event(pc, "rest", length="quick")
    assert changed(pc, quick) == {"risk": (9, 0)}
    with pytest.raises(RulesInputError) as caught:
        event(pc, "rest", length="short", recover="crush")
    assert caught.value.message == (
        "A short rest recovers either the afflict mark or the stricken mark."
    )
    short = event(pc, "rest", length="short", recover="stricken").after
    assert short.marks == (MarkRecord("crush", "martial"),)
    long = event(pc, "rest", length="long", recover="crush", recover2="stricken").after
    assert long.marks == ()
    with pytest.raises(RulesInputError):
        event(pc, "rest", length="quick", recover="crush")


def test_counter_attacks_impose_by_the_attackers_risk() -> None:
    """"a threat of their choice on the attacker, if the attacker has six or less
    total risk, or either two threats of their choice or one mark"."""
    calm = character(risk=6)
    assert changed(calm, event(calm, "countered", threat="disarm")) == {
        "threats": ([], ["disarm"])
    }
    critical = character(risk=7)
    two = event(critical, "countered", threat="disarm", threat2="misdirect").after
    assert two.threats == ("disarm", "misdirect") and two.risk == 7
    marked = event(critical, "countered", option=2, mark="pierce").after
    assert marked.marks == (MarkRecord("pierce", "martial"),)


def test_brutes_take_no_risk_and_may_be_finished_outright() -> None:
    brute = character(kind="brute", risk=0, power_level=5)
    outcome = event(brute, "attacked", degrees=2, option=1)  # a finisher or a threat
    assert changed(brute, outcome) == {"finished": ("", "martial")}
    threat = event(brute, "attacked", degrees=2, option=2, threat="weaken", form="subtle").after
    assert (threat.risk, threat.threats) == (0, ("weaken",))  # no composure for a brute


def test_a_nemesis_takes_no_risk_until_its_omen_is_met() -> None:
    nemesis = character(kind="nemesis", power_level=8)
    assert event(nemesis, "attacked", degrees=1, threat="disarm").after.risk == 0
    met = event(nemesis, "omen", met=True).after
    assert event(met, "attacked", degrees=1, threat="disarm").after.risk == 2
    with pytest.raises(RulesInputError):
        event(character(), "omen", met=True)


@pytest.mark.parametrize(
    ("armour", "captain", "outcome", "burdened"),
    [
        ("light", False, "Guilty Failure", True),
        ("light", False, "Innocent Failure", False),
        ("heavy", False, "Innocent Failure", True),
        ("heavy", True, "Innocent Failure", False),
        ("heavy", True, "Guilty Failure", True),
        ("heavy", False, "Guilty Success", False),
    ],
)
def test_armour_burdens_on_a_failed_attack(
    armour: str, captain: bool, outcome: str, burdened: bool
) -> None:
    pc = character(armour=armour, captain=captain)
    assert event(pc, "attack_made", outcome=outcome).after.burdened is burdened


def test_the_burdened_condition_goes_after_the_next_attack() -> None:
    pc = character(armour="light", burdened=True)
    outcome = event(pc, "attack_made", outcome="Innocent Success")
    assert changed(pc, outcome) == {"burdened": (True, False)}
    assert outcome.lines == ("The burdened condition is removed following the attack.",)


def test_a_disguise_fails_at_seven_risk() -> None:
    """"a disguise will automatically fail to be persuasive if the disguised
    character ever reaches a critical state, defined as seven or more risk".\""""
    pc = character(risk=5, disguise="kind_or_gender", armour="heavy")  # 2 risk counts
    outcome = event(pc, "attacked", degrees=0, threat="misdirect")
    assert changed(pc, outcome) == {
        "risk": (5, 7),
        "threats": ([], ["misdirect"]),
        "composed": (True, False),
        "disguise": ("kind_or_gender", "none"),
    }
    assert RULES.derive(outcome.after)["critical"] is True


def test_a_threat_ends() -> None:
    pc = character(threats=("disarm", "disarm"))
    assert event(pc, "threat_ends", threat="disarm").after.threats == ("disarm",)
    with pytest.raises(RulesInputError):
        event(pc, "threat_ends", threat="weaken")


def test_essences_derive_from_attributes_and_faith_is_entered() -> None:
    pc = character(arm=3, feet=3, spirit=2, nose=1, guts=2, tongue=1, faith=2, captain=True)
    derived = RULES.derive(pc)
    assert derived["essences"] == {"Heart": 2, "Mind": 1, "Strength": 3, "Faith": 2}
    assert derived["resolve_total"] == 1  # the captain's proficiency
    assert RULES.derive(character(kind="foe", captain=True, resolve=2))["resolve_total"] == 0


def test_a_rank_outside_zero_to_three_is_refused() -> None:
    with pytest.raises(RulesInputError) as caught:
        character(arm=4)
    assert caught.value.field == "arm"
    assert caught.value.message == "Arm must be a whole number from 0 to 3 (got 4)."


def test_gaaliks_veiled_attack_imposes_two_risk_and_nothing_else() -> None:
    """The Way of All the Earth, Veiled Attacks: "Gaalik's player rolls and gets an
    innocent success. Gaalik feels his aim lock into place over his target's
    heart, imposing two risk"; veiled attacks "cannot impose threats, marks, or
    finishers, but they do impose appropriate amounts of risk"."""
    target = character(kind="foe", power_level=6)
    outcome = event(target, "attacked", degrees=1, veiled=True, threat="disarm", mark="crush")
    assert changed(target, outcome) == {"risk": (0, 2)}
    assert "Veiled attack: risk only, no threats, marks or finishers." in outcome.notes
