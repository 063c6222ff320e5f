"""Between the blows: Fatigue and deprivation, rest, recovery, stabilizing,
and a scar's effect when what it waits for comes.

Cairn, "Deprivation & Fatigue": "A PC deprived of a crucial need (such as
food or rest) is unable to recover HP or ability scores. Anyone deprived for
more than a day adds Fatigue to their inventory, one for each day. Each
Fatigue occupies one slot and lasts until they are able to recuperate (such
as a full night's rest in a safe spot)." Might and Heart adds: "A Deprived PC
cannot recover HP, Attributes, or item slots from Fatigue", and "If a
character is forced to add Fatigue to their inventory but they have no free
slots, they must drop an item from their inventory."

Cairn, "Healing": "Resting for a few moments and having a drink of water
restores lost HP [...]. Ability loss (see Critical Damage) can usually be
restored with a week's rest facilitated by a healer". Recovery week by week
(Might and Heart) or day by day (the Grit variant) is
:func:`rules_py.cairn.recovery.recover`; a Grit re-roll is
:func:`rules_py.cairn.grit.roll_grit`.
"""

from __future__ import annotations

from dataclasses import replace

from rules_py.cairn import grit, recovery
from rules_py.cairn.attack import roll_effort_harm
from rules_py.cairn.characters.hits import (
    ABILITY_FIELDS,
    Character,
    apply_scar_effect,
    take_damage,
)
from rules_py.cairn.characters.records import CairnCharacter, GritCharacter, MightHeartCharacter
from rules_py.cairn.rulesets import GRIT
from rules_py.cairn.scars import DEPRIVING_SCARS, DOOMED, ScarEffect
from rules_py.core.errors import RulesInputError, require_int
from rules_py.core.rng import Rng
from rules_py.party.events import Outcome
from rules_py.party.members import with_fields

__all__ = [
    "CAIRN_DEPRIVED_RULE",
    "CAIRN_RECUPERATE_NOTE",
    "CAIRN_WEEK_RULE",
    "FATIGUE_REASONS",
    "FULL_SLOTS_NOTE",
    "MIGHT_HEART_DEPRIVED_RULE",
    "SCAR_DEPRIVATION_NOTE",
    "Carrier",
    "add_fatigue",
    "choose_advancement",
    "drop_item",
    "eat_leycap",
    "effort",
    "grit_rest",
    "recover_ability",
    "recuperate",
    "rest",
    "set_deprived",
    "settle_scar",
    "slots_used",
    "stabilize",
    "week_of_rest",
]

Carrier = CairnCharacter | MightHeartCharacter

CAIRN_DEPRIVED_RULE = (
    "A PC deprived of a crucial need (such as food or rest) is unable to recover HP or "
    "ability scores."
)
MIGHT_HEART_DEPRIVED_RULE = (
    "A Deprived PC cannot recover HP, Attributes, or item slots from Fatigue."
)
CAIRN_WEEK_RULE = (
    "Ability loss (see Critical Damage) can usually be restored with a week's rest "
    "facilitated by a healer or other appropriate source of expertise."
)
FULL_SLOTS_NOTE = (
    "No free slot for Fatigue: drop an item first (Might and Heart's rule; Cairn is silent "
    "and the same is done)."
)
CAIRN_RECUPERATE_NOTE = (
    "Fatigue lasts until the PC can recuperate: in Cairn as in Might and Heart, a deprived "
    "PC cannot (they lack the rest it needs)."
)
SCAR_DEPRIVATION_NOTE = (
    "Walloped and Mortal Wound deprive the PC until their effect comes (after the rest, upon "
    "recovery)."
)
FATIGUE_REASONS = (
    ("spell", "Cast a spell"),
    ("deprived", "Another day deprived"),
    ("fiction", "Events in the fiction"),
)


def slots_used(member: Carrier) -> int:
    """Items' slots plus one for each Fatigue."""
    return sum(item.slots for item in member.items) + member.fatigue


def _deprived_rule(member: Carrier) -> str:
    return (
        MIGHT_HEART_DEPRIVED_RULE
        if isinstance(member, MightHeartCharacter)
        else (CAIRN_DEPRIVED_RULE)
    )


def add_fatigue(member: Carrier, reason: str) -> Outcome:
    """One Fatigue, occupying one slot; refused while no slot is free."""
    if slots_used(member) >= member.slots:
        raise RulesInputError(
            "items",
            f"{member.name} has no free slot for Fatigue ({slots_used(member)} of "
            f"{member.slots} used): drop an item first.",
        )
    label = dict(FATIGUE_REASONS)[reason]
    return Outcome(
        replace(member, fatigue=member.fatigue + 1),
        f"{label}: one Fatigue, occupying one slot",
        notes=(FULL_SLOTS_NOTE,),
    )


def recuperate(member: Carrier) -> Outcome:
    """A full night's rest in a safe spot: every Fatigue goes."""
    if member.deprived:
        raise RulesInputError("deprived", _deprived_rule(member))
    return Outcome(
        replace(member, fatigue=0),
        "A full night's rest in a safe spot: Fatigue lifts",
        notes=(CAIRN_RECUPERATE_NOTE,),
    )


def rest(member: Carrier) -> Outcome:
    """A few moments' rest and a drink of water: lost HP restored, unless deprived."""
    if member.deprived:
        raise RulesInputError("deprived", _deprived_rule(member))
    return Outcome(replace(member, hp=member.max_hp), "A few moments' rest: lost HP restored")


def set_deprived(member: Character, deprived: bool) -> Outcome:
    summary = "Deprived of a crucial need" if deprived else "No longer deprived"
    return Outcome(replace(member, deprived=deprived), summary)


def stabilize(member: Character) -> Outcome:
    """Aid and rest (Cairn), bandages (Might and Heart), being attended to (Grit)."""
    if isinstance(member, MightHeartCharacter):
        return Outcome(replace(member, critical=False, stabilise=False), "Stabilized")
    return Outcome(replace(member, critical=False), "Stabilized")


def week_of_rest(member: CairnCharacter, healer: bool) -> Outcome:
    """Cairn: a week's rest with a healer restores ability loss."""
    if member.deprived:
        raise RulesInputError("deprived", CAIRN_DEPRIVED_RULE)
    if not healer:
        raise RulesInputError("healer", CAIRN_WEEK_RULE)
    after = replace(
        member,
        strength=member.max_strength,
        dexterity=member.max_dexterity,
        willpower=member.max_willpower,
    )
    return Outcome(after, "A week's rest with a healer: ability loss restored")


def recover_ability(
    member: MightHeartCharacter | GritCharacter,
    ability: str,
    periods: int,
    healer: bool,
    rng: Rng,
    first_rolled: int | None = None,
) -> Outcome:
    """Might and Heart's 1d6 a week, or the Grit variant's one a day, up to the
    maximum (the permanent score), through :func:`recovery.recover` (the
    first week's 1d6 is ``first_rolled`` when it was rolled already)."""
    field = ABILITY_FIELDS[ability]
    done = recovery.recover(
        member.game,
        getattr(member, field),
        getattr(member, f"max_{field}"),
        periods,
        rng,
        deprived=member.deprived,
        healer=healer,
        first_rolled=first_rolled,
    )
    if done.blocked:
        return Outcome(member, f"Nothing recovered: {done.blocked}")
    unit = recovery.period(member.game)
    gains = ", ".join(str(g) for g in done.gains) or "none needed"
    return Outcome(
        with_fields(member, **{field: done.score}),
        f"{periods} {unit}{'s' if periods != 1 else ''} of recovery: {ability} "
        f"{done.start} to {done.score}",
        lines=(f"Gains: {gains}.",),
        notes=recovery.readings(member.game),
    )


def settle_scar(member: CairnCharacter, number: int) -> Outcome:
    """The moment a scar's effect waited for has come ("once mended")."""
    number = require_int("scar", "Scar", number, 1, max(len(member.scars), 1))
    if not member.scars:
        raise RulesInputError("scar", f"{member.name} has no scar.")
    record = member.scars[number - 1]
    if not record.waiting:
        raise RulesInputError("scar", f"{record.name}: nothing waits.")
    if record.total == DOOMED:
        raise RulesInputError(
            "scar", "Doomed waits for the next save against critical damage; a hit decides it."
        )
    after = apply_scar_effect(member, ScarEffect(record.score, record.rule, record.amount))
    scars = list(after.scars)
    scars[number - 1] = replace(record, waiting="")
    deprived = after.deprived and record.total not in DEPRIVING_SCARS
    return Outcome(
        replace(after, scars=tuple(scars), deprived=deprived),
        f"{record.name}: {record.waiting}",
        notes=(SCAR_DEPRIVATION_NOTE,),
    )


def grit_rest(member: GritCharacter, rng: Rng, less_rolled: int | None = None) -> Outcome:
    """A few hours' rest and a meal: Grit re-rolled (1d6, less 1d6 when
    deprived; that die is ``less_rolled`` when it was rolled already)."""
    rolled = grit.roll_grit(grit.REST, rng, member.deprived, less_rolled)
    less = f" \u2212 {rolled.less}" if rolled.less is not None else ""
    return Outcome(
        replace(member, grit=rolled.grit),
        f"A few hours' rest and a meal: Grit re-rolled to {rolled.grit}",
        lines=(f"Grit: {rolled.rolled}{less} = {rolled.grit}.",),
        notes=(grit.REROLL_READING, grit.DEPRIVED_READING)
        if member.deprived
        else (grit.REROLL_READING,),
    )


def effort(member: GritCharacter, rng: Rng) -> Outcome:
    """An effort's price before the roll: 1d6 effort harm, off Grit then Resolve."""
    if member.game != GRIT:
        raise RulesInputError("event", "Effort is a rule of the Grit variant only.")
    taken = roll_effort_harm(rng)
    outcome = take_damage(member, taken, rng, harm_kind=grit.EFFORT)
    return replace(outcome, summary=f"Effort: 1d6 effort harm, {outcome.summary}")


def choose_advancement(member: GritCharacter, ability: str) -> Outcome:
    """An additional Advancement, open when the ability's permanent score (after
    critical damage) is at most the Advancements held (Rules Summary: Harm)."""
    permanent: int = getattr(member, f"max_{ABILITY_FIELDS[ability]}")
    if not grit.advancement_open(permanent, member.advancements):
        raise RulesInputError(
            "ability",
            f"Permanent {ability} {permanent} is above {member.name}'s {member.advancements} "
            f"Advancements: no additional Advancement ({grit.ADVANCEMENT_RULE})",
        )
    return Outcome(
        replace(member, advancements=member.advancements + 1),
        f"Permanent {ability} {permanent}, {member.advancements} Advancements: "
        "an additional Advancement",
        notes=(grit.ADVANCEMENT_READING,),
    )


def drop_item(member: Carrier, name: str) -> Outcome:
    """An item dropped to make room (Might and Heart: "they must drop an item")."""
    wanted = name.strip().lower()
    for index, item in enumerate(member.items):
        if item.name.strip().lower() == wanted and wanted:
            items = (*member.items[:index], *member.items[index + 1 :])
            return Outcome(replace(member, items=items), f"Dropped {item.name} to make room")
    carried = ", ".join(item.name for item in member.items) or "nothing"
    raise RulesInputError(
        "drop_item", f"{member.name} carries no {name.strip() or 'item so named'} ({carried})."
    )


def eat_leycap(member: CairnCharacter, passed: bool) -> Outcome:
    """Cairn's leycap: a Fatigue lost; a failed WIL save leaves the PC deprived."""
    after = replace(member, fatigue=max(member.fatigue - 1, 0))
    if not passed:
        return Outcome(replace(after, deprived=True), "A leycap: WIL save failed, deprived")
    return Outcome(after, "A leycap: a Fatigue lost, the addiction resisted")
