"""What happens to a character of the d10 dice-pool game, by the engine's
rules: damage and Defeat, Limit and the break, Anima gained and spent, motes
spent, and rest.

"DEFEAT: Characters at 5 Health will start to want to surrender. Exalts gain
1 Limit for being defeated." "Break on 10 Limit, or early if encountering a
particularly stressful situation. (Roll 1d10. If less than current limit,
you break.)" "REST: Regain 15 Health and all motes over a full night's rest.
Accumulated anima dissipates. Or: 2 Health, 1 Motes regained per hour."
Every number comes from :mod:`rules_py.dice_pool.powers` and
:mod:`rules_py.dice_pool.combat`.
"""

from __future__ import annotations

from dataclasses import replace

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.dice_pool import combat, powers
from rules_py.dice_pool.characters.records import PoolCharacter
from rules_py.party.events import Outcome

__all__ = [
    "ANIMA_SOURCES",
    "ANIMA_SPENDS",
    "ANIMA_SPEND_NOTE",
    "BREAK_NOTE",
    "DEFEAT_NOTE",
    "LIMIT_REASONS",
    "break_checked",
    "end_break",
    "gain_anima",
    "gain_limit",
    "health_max",
    "hurt",
    "rest_hours",
    "rest_night",
    "spend_anima",
    "spend_motes",
    "stressful",
]

DEFEAT_NOTE = (
    "Defeat: an Exalt gains 1 Limit when damage first brings Health to 5 or less (the text "
    "ties defeat to 5 Health)."
)
BREAK_NOTE = (
    "The text does not say what breaking does to Limit: the break is marked and Limit kept; "
    "when the break is over, Limit starts again from 0."
)
ANIMA_SPEND_NOTE = (
    "Anima is spent from what has accumulated first, then from Stunt/Roleplay anima, which "
    "rest does not take."
)
LIMIT_REASONS = (
    ("excellency", "Using the Excellency"),
    ("flaw", "Encountering their flaw trigger"),
    ("intimacy", "Working against their Intimacy"),
    ("other", "Other"),
)
ANIMA_SOURCES = (
    ("critical", "Critical Roll (successes)"),
    ("stunt", "Stunt/Roleplay"),
    ("build_power", "Build Power (successes)"),
)
ANIMA_SPENDS = (
    ("dice", f"{powers.ANIMA_DICE} dice on an action"),
    ("strife", "A Strife"),
    ("motes", "In place of motes"),
    ("other", "Other (a Charm, an Anima Ability)"),
)


def health_max(member: PoolCharacter) -> int:
    """Max Health, with a group's 5 for each Magnitude."""
    return min(member.max_health + combat.group_bonus(member.magnitude).health, combat.MAX_HEALTH)


def _exalt(member: PoolCharacter, what: str) -> None:
    if not member.exalt:
        raise RulesInputError("exalt", f"{what} is for Exalts; {member.name} is not one.")


def _limit_after(member: PoolCharacter, amount: int) -> PoolCharacter:
    limit = powers.gain_limit(member.limit, amount)
    return replace(member, limit=limit, broken=member.broken or powers.breaks_outright(limit))


def hurt(member: PoolCharacter, damage: int, why: str) -> Outcome:
    """Health down by ``damage`` (never below 0); an Exalt newly defeated gains Limit."""
    hurt_by = combat.take_damage(member.health, damage)
    after = replace(member, health=hurt_by.after)
    lines = [f"Health {hurt_by.before} \u2212 {hurt_by.damage} = {hurt_by.after}."]
    newly = hurt_by.defeated and member.health > powers.DEFEAT_HEALTH
    if newly:
        lines.append("At 5 Health or less: they will start to want to surrender.")
        if member.exalt:
            after = _limit_after(after, powers.DEFEAT_LIMIT)
            lines.append(f"Defeated: Limit {member.limit} to {after.limit}.")
            if after.broken and not member.broken:
                lines.append("Limit 10: they break.")
    return Outcome(after, f"{why}: {damage} damage", tuple(lines), (DEFEAT_NOTE,))


def gain_limit(member: PoolCharacter, amount: int, reason: str) -> Outcome:
    _exalt(member, "Limit")
    after = _limit_after(member, amount)
    label = dict(LIMIT_REASONS)[reason]
    lines = [f"Limit {member.limit} + {amount} = {after.limit}."]
    if after.broken and not member.broken:
        lines.append("Limit 10: they break.")
    return Outcome(after, f"{label}: Limit {after.limit}", tuple(lines))


def stressful(member: PoolCharacter, rng: Rng) -> Outcome:
    """A particularly stressful situation: the 1d10 under the Limit breaks them."""
    _exalt(member, "Limit")
    return break_checked(member, powers.roll_break_check(member.limit, rng))


def break_checked(member: PoolCharacter, check: powers.BreakCheck) -> Outcome:
    """What a break check already rolled (against ``check.limit``) does to ``member``."""
    _exalt(member, "Limit")
    if check.roll is None:
        line = f"Limit {check.limit}: the break is certain."
    else:
        verdict = "less than" if check.broke else "not less than"
        line = f"Rolled {check.roll}, {verdict} Limit {check.limit}."
    verdict = "they break" if check.broke else "they hold"
    return Outcome(
        replace(member, broken=member.broken or check.broke),
        f"A stressful situation: {verdict}",
        (line,),
        (BREAK_NOTE,),
    )


def end_break(member: PoolCharacter) -> Outcome:
    if not member.broken:
        raise RulesInputError("broken", f"{member.name} has not broken.")
    return Outcome(
        replace(member, broken=False, limit=powers.LIMIT_MIN),
        "The break is over: Limit 0",
        notes=(BREAK_NOTE,),
    )


def gain_anima(member: PoolCharacter, source: str, successes: int) -> Outcome:
    """Critical Roll (by successes), a stunt (Stunt/Roleplay anima), or Build Power."""
    _exalt(member, "Anima")
    if source == "stunt":
        gained = powers.STUNT_ANIMA
        after = replace(member, stunt_anima=min(member.stunt_anima + gained, powers.MAX_POOL))
    else:
        if source == "critical":
            gained = powers.critical_anima(successes)
        else:
            gained = powers.build_power_anima(successes)
        after = replace(member, anima=min(member.anima + gained, powers.MAX_POOL))
    label = dict(ANIMA_SOURCES)[source]
    notes = (powers.BUILD_POWER_RULE,) if source == "build_power" else ()
    return Outcome(after, f"{label}: {gained} Anima", notes=notes)


def spend_anima(member: PoolCharacter, purpose: str, amount: int) -> Outcome:
    """Anima spent: 1 for two dice, 3 for a Strife, or as many as motes it stands for."""
    _exalt(member, "Anima")
    cost = {"dice": powers.ANIMA_DICE_COST, "strife": powers.STRIFE_ANIMA_COST}.get(purpose, amount)
    held = member.anima + member.stunt_anima
    if cost > held:
        raise RulesInputError("amount", f"{member.name} holds {held} Anima; this needs {cost}.")
    from_anima = min(cost, member.anima)
    after = replace(
        member, anima=member.anima - from_anima, stunt_anima=member.stunt_anima - cost + from_anima
    )
    return Outcome(
        after, f"{dict(ANIMA_SPENDS)[purpose]}: {cost} Anima spent", notes=(ANIMA_SPEND_NOTE,)
    )


def spend_motes(member: PoolCharacter, amount: int) -> Outcome:
    _exalt(member, "Motes")
    if amount > member.motes:
        raise RulesInputError(
            "amount",
            f"{member.name} has {member.motes} motes; Anima can stand in (1 Anima per 1 Mote).",
        )
    return Outcome(replace(member, motes=member.motes - amount), f"{amount} motes spent")


def _rested(member: PoolCharacter, recovery: powers.Recovery, summary: str) -> Outcome:
    back = powers.rest(
        recovery,
        health_missing=health_max(member) - member.health,
        motes_missing=member.max_motes - member.motes,
        anima=member.anima,
        stunt_anima=member.stunt_anima,
    )
    after = replace(
        member,
        health=member.health + back.health,
        motes=member.motes + back.motes,
        anima=back.anima,
        stunt_anima=back.stunt_anima,
    )
    lines = (f"Regained {back.health} Health and {back.motes} motes.",)
    return Outcome(after, summary, lines, (powers.REST_RULE,))


def rest_night(member: PoolCharacter) -> Outcome:
    return _rested(member, powers.full_night(), "A full night's rest")


def rest_hours(member: PoolCharacter, hours: int) -> Outcome:
    return _rested(
        member, powers.hours_of_rest(hours), f"{hours} hour{'s' if hours != 1 else ''} of rest"
    )
