"""Powers used outside an attack in a fight of one against several: Swift
Vengeance, Bodyguard and the healing powers; and the storyteller's moves
(a fighter out of the fight, a new round, rest)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.harm import heal_limits, power, split_heal
from rules_py.huldufolk.melee.attacks import charge
from rules_py.huldufolk.melee.christi import CHRISTI_KEYS, CHRISTI_NOTE, persona_christi
from rules_py.huldufolk.melee.fighters import Guard, Melee

__all__ = [
    "AID_POWERS",
    "CHRISTI_NOTE",
    "GUARD_NOTE",
    "VENGEANCE_NOTE",
    "new_round",
    "rest",
    "toggle_out",
    "use_aid",
]

AID_POWERS = (
    "vengeance",
    "vengeance_spend",
    "bodyguard",
    "bodyguard_spend",
    "regeneration",
    "regeneration_spend",
    "field_medic",
    "field_medic_spend",
    *CHRISTI_KEYS,
)
GUARD_NOTE = "Bodyguard lasts one turn: here until New round is pressed."
VENGEANCE_NOTE = "Swift Vengeance lasts an hour: here until the fight is reset."


def _heal(melee: Melee, index: int, points: int | None) -> tuple[Melee, str]:
    fighter = melee.fighters[index]
    left = 0 if points is None else max(0, fighter.damage - points)
    melee = melee.with_fighter(index, replace(fighter, damage=left))
    return melee, f"{fighter.name}: damage {fighter.damage} \u2192 {left}."


def use_aid(
    melee: Melee,
    user: int,
    key: str,
    target: int,
    heals: Sequence[tuple[int, int]],
    proper_function: bool,
    keep: Collection[str] = (),
) -> Melee:
    """``user`` uses power ``key``; ``target`` for Bodyguard and Field Medic,
    ``heals`` the (fighter, points) of a split Field Medic Spend, ``keep``
    the effects In Persona Christi's Spend or Burn leaves on its user."""
    if melee.pending is not None:
        raise RulesInputError("aid", "An attack is under way: its defenders choose first.")
    if key not in AID_POWERS:
        raise RulesInputError("aid", "Attacks are made with Attack, not Use power.")
    chosen = power(key)
    who = melee.standing(user, "attacker")
    lines: list[str] = []
    if key.startswith("vengeance"):
        melee = melee.with_fighter(
            user, replace(who, vengeance="spend" if "spend" in key else "plain")
        )
        lines.append(f"{who.name} is wrapped in Swift Vengeance.")
    elif key.startswith("bodyguard"):
        guarded = melee.standing(target, "target")
        if target == user:
            raise RulesInputError("target", "A bodyguard guards someone else.")
        if who.guard is not None:
            raise RulesInputError(
                "attacker", f"{who.name} is guarded: Bodyguard cannot be chained."
            )
        melee = melee.with_fighter(target, replace(guarded, guard=Guard(user, "spend" in key)))
        lines.append(f"{who.name} guards {guarded.name} this turn.")
    elif key in CHRISTI_KEYS:
        melee, text = persona_christi(melee, user, key, keep)
        lines.append(text)
    else:
        limits = heal_limits(key, proper_function)
        if limits.self_only:
            wanted: Sequence[tuple[int, int | None]] = [(user, limits.each)]
        elif limits.most == 1:
            melee.standing(target, "target")
            wanted = [(target, limits.each)]
        else:
            for index, _ in heals:
                melee.standing(index, "target")
            wanted = list(split_heal(limits, heals))
        for index, points in wanted:
            melee, text = _heal(melee, index, points)
            lines.append(text)
    melee, paid = charge(melee, user, key)
    return melee.logged(f"{chosen.label}, by {who.name}: {' '.join(lines)} {paid}".strip() + ".")


def toggle_out(melee: Melee, index: int) -> Melee:
    """The storyteller's word: brought down or fled, or back in."""
    fighter = melee.fighter(index, "target")
    if melee.pending is not None:
        raise RulesInputError("target", "An attack is under way: its defenders choose first.")
    melee = melee.with_fighter(index, replace(fighter, out=not fighter.out))
    state = "back in the fight" if fighter.out else "out of the fight"
    return melee.logged(f"{fighter.name} is {state}.")


def new_round(melee: Melee) -> Melee:
    fighters = tuple(replace(f, guard=None) for f in melee.fighters)
    return replace(melee, fighters=fighters, pending=None).logged("New round: Bodyguard ends.")


def rest(melee: Melee) -> Melee:
    fighters = tuple(replace(f, actor=f.actor.rested()) for f in melee.fighters)
    return replace(melee, fighters=fighters, pending=None).logged(
        "Ten minutes' rest: every threshold restored."
    )
