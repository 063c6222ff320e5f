"""The three Cairn-style rule sets as party games: their sheets, the checks
the caps cannot make, what derives, the events that change a character, and
the choices made where the texts are silent."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_py.cairn import grit, harm
from rules_py.cairn.attack import parse_dice_list
from rules_py.cairn.characters.hits import (
    DOOMED_NOTE,
    GRIT_FURTHER_HARM_NOTE,
    GRIT_PERMANENT_NOTE,
    HEAD_WOUND_NOTE,
    RAISED_MAXIMUM_NOTE,
    SCORE_CAP_NOTE,
    Character,
    take_hit,
)
from rules_py.cairn.characters.records import CairnCharacter, GritCharacter, MightHeartCharacter
from rules_py.cairn.characters.sheets import (
    CAIRN_SHEET,
    GRIT_SHEET,
    MAX_SCARS,
    MIGHT_HEART_SHEET,
    SLOTS_NOTE,
)
from rules_py.cairn.characters.upkeep import (
    CAIRN_RECUPERATE_NOTE,
    FATIGUE_REASONS,
    FULL_SLOTS_NOTE,
    SCAR_DEPRIVATION_NOTE,
    Carrier,
    add_fatigue,
    choose_advancement,
    effort,
    grit_rest,
    recover_ability,
    recuperate,
    rest,
    set_deprived,
    settle_scar,
    slots_used,
    stabilize,
    week_of_rest,
)
from rules_py.cairn.recovery import MAX_PERIODS
from rules_py.cairn.rulesets import CAIRN, GRIT, MIGHT_HEART
from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.party.events import Event, Outcome
from rules_py.party.games import GameRules
from rules_py.widget import JsonValue, bool_field, choice_field, int_field

__all__ = [
    "CAIRN_RULES",
    "GRIT_INVENTORY_NOTE",
    "GRIT_RULES",
    "MIGHT_HEART_COUNTS_NOTE",
    "MIGHT_HEART_RULES",
]

MIGHT_HEART_COUNTS_NOTE = (
    "The text does not say what a Burden, a Condition or an Advancement does: the harm "
    "table's are counted, and none takes a slot here."
)
GRIT_INVENTORY_NOTE = (
    "The Rules Summary has no inventory, slots or Fatigue: a Grit variant character holds none."
)
_MAX_ROLLED = 99  # a damage roll, as the engine's hit takes it
_GRIT_ABILITIES = [(a, a) for a in ("Prowess", "Insight", "Resolve")]


# ------------------------------------------------------------------ checks


def _check_common(member: Character) -> None:
    if member.weapon_dice.strip():
        parse_dice_list(member.weapon_dice, "weapon_dice")
    for index, trait in enumerate(member.traits):
        if not trait.strip():
            raise RulesInputError(f"traits.{index}", f"Trait {index + 1} is blank.")


def _check_inventory(member: Carrier) -> None:
    for index, item in enumerate(member.items):
        if not item.name.strip():
            raise RulesInputError(f"items.{index}.name", f"Item {index + 1} has no name.")
    used = slots_used(member)
    if used > member.slots:
        raise RulesInputError(
            "items",
            f"Items and Fatigue fill {used} slots; {member.name} has {member.slots}.",
        )


def _check_cairn(member: CairnCharacter) -> None:
    _check_common(member)
    _check_inventory(member)
    for index, record in enumerate(member.scars):
        if bool(record.score) != bool(record.rule) or (record.waiting and not record.score):
            raise RulesInputError(
                f"scars.{index}",
                f"Scar {index + 1}: an effect that waits names its score and how it changes.",
            )


def _check_might_heart(member: MightHeartCharacter) -> None:
    _check_common(member)
    _check_inventory(member)


def _check_grit(member: GritCharacter) -> None:
    _check_common(member)


# ------------------------------------------------------------------ derived


def _slots(member: Carrier) -> dict[str, JsonValue]:
    used = slots_used(member)
    return {"slots_used": used, "slots_free": member.slots - used}


def _cairn_state(member: CairnCharacter) -> list[str]:
    words = ["Dead"] if member.dead else []
    as_target = harm.Target(CAIRN, member.kind, 0, ())
    for ability, field in (("STR", "strength"), ("DEX", "dexterity"), ("WIL", "willpower")):
        if getattr(member, field) == 0:
            words.append(f"{ability} 0: {harm.texts.cairn_zero(as_target, ability)}")
    if member.critical:
        words.append(
            {
                "pc": "Critical damage: can only crawl until stabilized",
                "detachment": "Critical damage: routed or significantly weakened",
            }.get(member.kind, "Failed a save against critical damage")
        )
    if member.deprived:
        words.append("Deprived")
    words += [f"{r.name}: waits ({r.waiting})" for r in member.scars if r.waiting]
    return words


def _derive_cairn(member: CairnCharacter) -> dict[str, JsonValue]:
    return {"state": list(_cairn_state(member)), **_slots(member)}


def _derive_might_heart(member: MightHeartCharacter) -> dict[str, JsonValue]:
    words = ["Dead"] if member.dead else []
    for ability, field in (("Might", "might"), ("Heart", "heart")):
        if getattr(member, field) == 0:
            words.append(f"{ability} 0: {harm.zero_meaning(MIGHT_HEART, ability)}")
    if member.critical:
        words.append("Critical damage: routed or significantly weakened")
    if member.stabilise:
        words.append("Stabilisation required")
    if member.deprived:
        words.append("Deprived")
    return {"state": list(words), **_slots(member)}


def _derive_grit(member: GritCharacter) -> dict[str, JsonValue]:
    words = ["Dead"] if member.dead else []
    for ability in ("Prowess", "Insight", "Resolve"):
        if getattr(member, ability.lower()) == 0:
            words.append(harm.zero_meaning(GRIT, ability))
    if member.critical:
        words.append("Out of combat: cannot act until attended to; dies if harmed further")
    if member.deprived:
        words.append("Deprived")
    return {"state": list(words)}


# ------------------------------------------------------------------ events

_ROLLED = int_field(
    "rolled",
    "Damage rolled",
    1,
    0,
    _MAX_ROLLED,
    help="The damage die as rolled; the character's Armour comes off.",
)
_GOES_TO = choice_field(
    "goes_to",
    "Damage goes to",
    [(harm.HP_TO, "HP, then STR"), *((a, f"{a} directly") for a in harm.DIRECT_ABILITIES)],
)


def _harm_kind(rules: str) -> Any:
    return choice_field(
        "harm", "Kind of harm", [(kind, kind.capitalize()) for kind, _ in harm.HARM_KINDS[rules]]
    )


def _cairn_hit(member: CairnCharacter, values: Mapping[str, Any], rng: Rng) -> Outcome:
    return take_hit(member, values["rolled"], rng, goes_to=values["goes_to"])


def _kind_hit(member: Character, values: Mapping[str, Any], rng: Rng) -> Outcome:
    return take_hit(member, values["rolled"], rng, harm_kind=values["harm"])


def _events_with_inventory() -> tuple[Event, ...]:
    return (
        Event(
            "fatigue",
            "Add Fatigue",
            (choice_field("reason", "Why", FATIGUE_REASONS),),
            lambda member, values, rng: add_fatigue(member, values["reason"]),
        ),
        Event(
            "recuperate",
            "Recuperate (a full night in a safe spot)",
            (),
            lambda member, values, rng: recuperate(member),
        ),
        Event(
            "rest", "Rest a few moments (restores HP)", (), lambda member, values, rng: rest(member)
        ),
    )


_COMMON_EVENTS = (
    Event(
        "deprived",
        "Deprived",
        (bool_field("deprived", "Deprived", True),),
        lambda member, values, rng: set_deprived(member, values["deprived"]),
    ),
    Event("stabilize", "Stabilize", (), lambda member, values, rng: stabilize(member)),
)


def _recover_event(rules: str, abilities: tuple[str, ...]) -> Event:
    unit = "Weeks" if rules == MIGHT_HEART else "Days"
    return Event(
        "recover",
        "Recover ability loss",
        (
            choice_field("ability", "Ability", [(a, a) for a in abilities]),
            int_field("periods", f"{unit} of recovery", 1, 1, MAX_PERIODS),
            bool_field("healer", "With a healer", True),
        ),
        lambda member, values, rng: recover_ability(
            member, values["ability"], values["periods"], values["healer"], rng
        ),
        random=rules == MIGHT_HEART,
    )


CAIRN_RULES = GameRules(
    key=CAIRN,
    title="Cairn",
    sheet=CAIRN_SHEET,
    record=CairnCharacter,
    check=_check_cairn,
    derive=_derive_cairn,
    events=(
        Event("hit", "Take a hit", (_ROLLED, _GOES_TO), _cairn_hit, random=True),
        *_events_with_inventory(),
        *_COMMON_EVENTS,
        Event(
            "week_of_rest",
            "A week's rest (restores ability loss)",
            (bool_field("healer", "With a healer", True),),
            lambda member, values, rng: week_of_rest(member, values["healer"]),
        ),
        Event(
            "scar",
            "A scar's effect comes",
            (int_field("scar", "Scar (number in the list)", 1, 1, MAX_SCARS),),
            lambda member, values, rng: settle_scar(member, values["scar"]),
        ),
    ),
    notes=(
        SLOTS_NOTE,
        FULL_SLOTS_NOTE,
        CAIRN_RECUPERATE_NOTE,
        SCORE_CAP_NOTE,
        RAISED_MAXIMUM_NOTE,
        HEAD_WOUND_NOTE,
        DOOMED_NOTE,
        SCAR_DEPRIVATION_NOTE,
    ),
)

MIGHT_HEART_RULES = GameRules(
    key=MIGHT_HEART,
    title="Might and Heart",
    sheet=MIGHT_HEART_SHEET,
    record=MightHeartCharacter,
    check=_check_might_heart,
    derive=_derive_might_heart,
    events=(
        Event("hit", "Take harm", (_ROLLED, _harm_kind(MIGHT_HEART)), _kind_hit, random=True),
        *_events_with_inventory(),
        *_COMMON_EVENTS,
        _recover_event(MIGHT_HEART, ("Might", "Heart")),
    ),
    notes=(SLOTS_NOTE, FULL_SLOTS_NOTE, MIGHT_HEART_COUNTS_NOTE),
)

GRIT_RULES = GameRules(
    key=GRIT,
    title="Grit variant",
    sheet=GRIT_SHEET,
    record=GritCharacter,
    check=_check_grit,
    derive=_derive_grit,
    events=(
        Event("hit", "Take harm", (_ROLLED, _harm_kind(GRIT)), _kind_hit, random=True),
        Event(
            "effort",
            "Make an effort (1d6 effort harm)",
            (),
            lambda member, values, rng: effort(member, rng),
            random=True,
        ),
        Event(
            "rest",
            "Rest a few hours and eat (re-roll Grit)",
            (),
            lambda member, values, rng: grit_rest(member, rng),
            random=True,
        ),
        *_COMMON_EVENTS,
        _recover_event(GRIT, ("Prowess", "Insight", "Resolve")),
        Event(
            "advance",
            "Choose an additional Advancement (after recovering from critical damage)",
            (choice_field("ability", "Ability that took the critical damage", _GRIT_ABILITIES),),
            lambda member, values, rng: choose_advancement(member, values["ability"]),
        ),
    ),
    notes=(
        GRIT_PERMANENT_NOTE,
        GRIT_FURTHER_HARM_NOTE,
        GRIT_INVENTORY_NOTE,
        grit.ADVANCEMENT_READING,
    ),
)
