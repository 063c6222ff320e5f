"""A hit on a character of the Cairn family: what the damage, the save it
calls for, a scar or the harm table do to the sheet.

Everything is decided by the engine: :func:`rules_py.cairn.harm.apply_harm`
takes the hit (HP or Grit first, the rest off an ability, the save against
critical damage, a Cairn PC's scar at exactly 0 HP, the Might and Heart harm
table) and this module writes what it decided onto the character.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules_py.cairn import harm
from rules_py.cairn.attack import after_armor
from rules_py.cairn.characters.records import (
    CairnCharacter,
    GritCharacter,
    MightHeartCharacter,
    ScarRecord,
)
from rules_py.cairn.characters.sheets import SCAR_SCORES
from rules_py.cairn.rulesets import CAIRN, GRIT, MIGHT_HEART
from rules_py.cairn.saves import ABILITY_MAX
from rules_py.cairn.scars import DEPRIVING_SCARS, DOOMED, PcScores, ScarEffect
from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.party.events import Outcome
from rules_py.party.members import with_fields

__all__ = [
    "ABILITY_FIELDS",
    "CONSEQUENCES",
    "DOOMED_NOTE",
    "GRIT_FURTHER_HARM_NOTE",
    "GRIT_PERMANENT_NOTE",
    "HEAD_WOUND_NOTE",
    "RAISED_MAXIMUM_NOTE",
    "SCORE_CAP_NOTE",
    "Character",
    "apply_scar_effect",
    "harm_member",
    "take_damage",
    "take_hit",
    "target_of",
]

Character = CairnCharacter | MightHeartCharacter | GritCharacter

ABILITY_FIELDS = {
    "STR": "strength",
    "DEX": "dexterity",
    "WIL": "willpower",
    "Might": "might",
    "Heart": "heart",
    "Prowess": "prowess",
    "Insight": "insight",
    "Resolve": "resolve",
}
_SCORES = {
    CAIRN: ("STR", "DEX", "WIL"),
    MIGHT_HEART: ("Might", "Heart"),
    GRIT: ("Prowess", "Insight", "Resolve"),
}

# The Might and Heart harm table's consequences, as they change the sheet.
CONSEQUENCES: dict[str, tuple[str, int | bool]] = {
    "Gain Burden": ("burdens", 1),
    "Gain Condition": ("conditions", 1),
    "Gain Advancement": ("advancements", 1),
    "Stabilisation required": ("stabilise", True),
}

GRIT_PERMANENT_NOTE = (
    "Critical damage in the Grit variant takes the point now and for good: the score and "
    "its permanent score both drop by 1."
)
GRIT_FURTHER_HARM_NOTE = (
    '"The PC will die instantly if harmed further": any harm before they are attended to '
    "(stabilized) kills them."
)
SCORE_CAP_NOTE = "A scar never raises an ability above 20 nor max HP above 40."
RAISED_MAXIMUM_NOTE = (
    "A scar that raises a maximum ability raises the score with it; one that raises max HP "
    "leaves HP as it is (rest restores it)."
)
HEAD_WOUND_NOTE = "Reorienting Head Wound: a new score above its maximum raises the maximum too."
DOOMED_NOTE = (
    "Doomed waits for the next save against critical damage: a pass takes the 3d6 if higher "
    "than max HP, a fail kills."
)


def _ability_value(member: Character, name: str) -> int:
    value: int = getattr(member, ABILITY_FIELDS[name])
    return value


def target_of(
    member: Character, goes_to: str = harm.HP_TO, harm_kind: str = "physical"
) -> harm.Target:
    """The engine's target for ``member``: its pool, scores and kind of harm.

    Scores the hit cannot reach are passed as at least 1 (the engine's target
    takes scores of 1 to 20); the score the hit reaches must not be 0 already.
    """
    pool = member.grit if isinstance(member, GritCharacter) else member.hp
    direct = "" if goes_to == harm.HP_TO else goes_to
    scores = tuple((name, _ability_value(member, name)) for name in _SCORES[member.game])
    max_hp = member.max_hp if isinstance(member, CairnCharacter) and member.kind == "pc" else 0
    target = harm.Target(member.game, member.kind, pool, scores, harm_kind, max_hp, direct)
    if direct and member.game != CAIRN:
        raise RulesInputError("goes_to", "Direct ability damage is a Cairn rule here.")
    if member.game in harm.HARM_KINDS:
        allowed = tuple(kind for kind, _ in harm.HARM_KINDS[member.game])
        if harm_kind not in allowed:
            raise RulesInputError(
                "harm", f"Kind of harm must be one of: {', '.join(allowed)} (got {harm_kind!r})."
            )
    reached = harm.harmed_ability(target)
    if dict(scores)[reached] == 0:
        raise RulesInputError(
            "goes_to" if direct else "harm", f"{member.name}'s {reached} is already 0."
        )
    lifted = tuple((name, max(value, 1)) for name, value in scores)
    return harm.check_target(replace(target, scores=lifted))


def _pc_scores(member: CairnCharacter) -> PcScores:
    return PcScores(
        member.max_hp,
        member.max_strength,
        member.max_dexterity,
        member.max_willpower,
        current=(member.strength, member.dexterity, member.willpower),
    )


def apply_scar_effect(member: CairnCharacter, effect: ScarEffect) -> CairnCharacter:
    """``member`` with a scar's effect on a score (``SCORE_CAP_NOTE``,
    ``RAISED_MAXIMUM_NOTE``, ``HEAD_WOUND_NOTE``)."""
    field = SCAR_SCORES[effect.score]
    old: int = getattr(member, field)
    top = harm.MAX_POOL if field == "max_hp" else ABILITY_MAX
    new = min(effect.result(old), top)
    changed: dict[str, int] = {field: new}
    if field == "max_hp":
        changed["hp"] = min(member.hp, new)
    elif field.startswith("max_"):
        score = field.removeprefix("max_")
        now: int = getattr(member, score)
        changed[score] = min(now + max(new - old, 0), new)
    else:
        changed[f"max_{field}"] = max(getattr(member, f"max_{field}"), new)
    return with_fields(member, **changed)


def _take_scar(member: CairnCharacter, found: harm.HarmResult) -> tuple[CairnCharacter, list[str]]:
    assert found.scar is not None
    lines = [f"Scar: {found.scar.scar.name}."]
    waiting: ScarEffect | None = None
    for roll in found.scar.rolls:
        lines.append(f"{roll.label}: {roll.result}")
        if roll.effect is None:
            continue
        if roll.effect.when:
            waiting = roll.effect
        else:
            member = apply_scar_effect(member, roll.effect)
    record = ScarRecord(
        found.scar.scar.total,
        found.scar.scar.name,
        waiting.when if waiting else "",
        waiting.score if waiting else "",
        waiting.rule if waiting else "",
        waiting.amount if waiting else 0,
    )
    deprived = member.deprived or found.scar.scar.total in DEPRIVING_SCARS
    return replace(member, scars=(*member.scars, record), deprived=deprived), lines


def _doomed(member: CairnCharacter, passed: bool) -> tuple[CairnCharacter, list[str]]:
    """The next save against critical damage after Doomed decides it."""
    for index, record in enumerate(member.scars):
        if record.total == DOOMED and record.waiting:
            if not passed:
                died = "Doomed: the save failed; the PC dies horribly."
                return replace(member, dead=True), [died]
            effect = ScarEffect(record.score, record.rule, record.amount)
            settled = replace(record, waiting="")
            member = apply_scar_effect(member, effect)
            scars = (*member.scars[:index], settled, *member.scars[index + 1 :])
            return replace(member, scars=scars), ["Doomed: the save passed; the 3d6 is taken."]
    return member, []


def _is_dead(member: Character) -> bool:
    if member.dead:
        return True
    if isinstance(member, CairnCharacter):
        return member.strength == 0
    if isinstance(member, GritCharacter):
        return member.prowess == 0
    return False


def _refuse_dead(member: Character) -> None:
    if _is_dead(member):
        raise RulesInputError("damage", f"{member.name} is dead.")


def take_damage(
    member: Character,
    damage: int,
    rng: Rng,
    *,
    goes_to: str = harm.HP_TO,
    harm_kind: str = "physical",
) -> Outcome:
    """``member`` after ``damage`` (already less armour), as the engine resolves it."""
    return harm_member(member, damage, rng, goes_to=goes_to, harm_kind=harm_kind)[1]


def harm_member(
    member: Character,
    damage: int,
    rng: Rng,
    *,
    goes_to: str = harm.HP_TO,
    harm_kind: str = "physical",
) -> tuple[harm.HarmResult | None, Outcome]:
    """The engine's resolution of ``damage`` on ``member`` (its dice, its save,
    its scar: what a roller shows) and the member after it (what it changes).
    No resolution when a Grit PC out of combat is harmed again: they die."""
    _refuse_dead(member)
    if isinstance(member, GritCharacter) and member.critical and damage > 0:
        return None, Outcome(
            replace(member, dead=True),
            f"{member.name} is harmed again before being attended to and dies",
            notes=(GRIT_FURTHER_HARM_NOTE,),
        )
    target = target_of(member, goes_to, harm_kind)
    scores = _pc_scores(member) if isinstance(member, CairnCharacter) else None
    found = harm.apply_harm(target, damage, rng, scores if member.kind == "pc" else None)
    hit = found.stage
    changed: dict[str, Any] = {}
    if not hit.direct:
        changed["grit" if isinstance(member, GritCharacter) else "hp"] = hit.pool_after
    if hit.overflow:
        changed[ABILITY_FIELDS[hit.ability]] = hit.ability_after
    after: Character = with_fields(member, **changed)
    lines = list(found.lines)
    notes = list(found.notes)
    if found.outcome == "critical":
        after = replace(after, critical=True)
        if isinstance(after, GritCharacter):
            field = ABILITY_FIELDS[hit.ability]
            after = with_fields(
                after,
                **{field: max(getattr(after, field) - 1, 0)},
                **{f"max_{field}": max(getattr(after, f"max_{field}") - 1, 1)},
            )
            notes.append(GRIT_PERMANENT_NOTE)
    if isinstance(after, MightHeartCharacter) and found.outcome.startswith(("saved-", "failed-")):
        after = _consequences(after, hit.overflow, found.outcome.startswith("saved-"))
    if isinstance(after, CairnCharacter):
        if found.scar is not None:
            after, scar_lines = _take_scar(after, found)
            lines += scar_lines
            notes += [SCORE_CAP_NOTE, RAISED_MAXIMUM_NOTE]
        if found.save is not None:
            after, doom_lines = _doomed(after, found.save.passed)
            lines += doom_lines
            if doom_lines:
                notes.append(DOOMED_NOTE)
    summary = f"{damage} damage: {found.headline}" if found.headline else f"{damage} damage"
    return found, Outcome(after, summary, (found.headline, *lines), tuple(dict.fromkeys(notes)))


def _consequences(
    member: MightHeartCharacter, harm_received: int, passed: bool
) -> MightHeartCharacter:
    """The harm table's consequences of ``harm_received`` on a failed or passed save."""
    _, on_fail, on_success = harm.harm_band(harm_received)
    text = on_success if passed else on_fail
    changed: dict[str, Any] = {}
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        field, value = CONSEQUENCES[part]
        changed[field] = value if isinstance(value, bool) else getattr(member, field) + value
    return with_fields(member, **changed)


def take_hit(
    member: Character,
    rolled: int,
    rng: Rng,
    *,
    goes_to: str = harm.HP_TO,
    harm_kind: str = "physical",
) -> Outcome:
    """A hit whose damage die rolled ``rolled``: the member's Armour comes off
    first (none against damage dealt straight to an ability), then
    :func:`take_damage`."""
    _refuse_dead(member)
    armor = harm.armor_against(target_of(member, goes_to, harm_kind), member.armor)
    damage = after_armor(rolled, armor)
    outcome = take_damage(member, damage, rng, goes_to=goes_to, harm_kind=harm_kind)
    dealt = f"Rolled {rolled} \u2212 Armour {armor} = {damage} damage."
    return replace(outcome, lines=(dealt, *outcome.lines))
