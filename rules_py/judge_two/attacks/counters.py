"""Who may counter-attack after a successful defence (The Way of All the
Earth, "Counter Attacking", "Weapons" and "Scripts").

    "Close range weapons can counter close range attacks. Near range weapons
    can counter close and near range attacks. Far range weapons can counter
    near and far range attacks." "An unarmed character [...] cannot
    counterattack." "a character with a readied improvised weapon can impose
    marks and can counterattack." "Close range weapons can be thrown as a
    counterattack against near range attacks." "Any script can be used to
    counterattack subtle attacks [...] since scripts do not have traits
    comparable to range." "An unscripted character [...] cannot
    counterattack subtle attacks." "Veiled attacks cannot be counterattacked."
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules_py.core.errors import require_choice

__all__ = [
    "ATTACK_RANGES",
    "COUNTER_WEAPONS",
    "IMPROVISED_RANGE_NOTE",
    "MARTIAL_REACH",
    "SUBTLE_BOONS",
    "THROWN_COUNTER_NOTE",
    "CounterEligibility",
    "can_counter",
]

ATTACK_RANGES = ("close", "near", "far")
# Which attack ranges a readied weapon of each range counters.
MARTIAL_REACH: Mapping[str, tuple[str, ...]] = {
    "close": ("close",),
    "near": ("close", "near"),
    "far": ("near", "far"),
}
COUNTER_WEAPONS = ("none", "improvised", *MARTIAL_REACH)
SUBTLE_BOONS = ("none", "script")
IMPROVISED_RANGE_NOTE = (
    "The text gives improvised weapons no range: an object a foot or more long is "
    "counted here as a close range weapon."
)
THROWN_COUNTER_NOTE = (
    "A close range weapon thrown at a near range attacker: the throw is faint and the "
    "weapon's bold attack condition does not apply."
)


@dataclass(frozen=True)
class CounterEligibility:
    eligible: bool
    reason: str
    notes: tuple[str, ...] = ()


def can_counter(
    form: str,
    boon: str,
    attack_range: str = "close",
    *,
    veiled: bool = False,
) -> CounterEligibility:
    """Whether a successful defender may counter-attack the attacker.

    ``boon`` is the defender's readied power boon: in a martial conflict a
    weapon's range (``none``, ``improvised``, ``close``, ``near``, ``far``),
    in a subtle one ``script`` or ``none``.
    """
    require_choice("form", "Form of conflict", form, ("martial", "subtle"))
    if veiled:
        return CounterEligibility(False, "Veiled attacks cannot be counterattacked.")
    if form == "subtle":
        require_choice("boon", "Readied script", boon, SUBTLE_BOONS)
        if boon == "none":
            return CounterEligibility(
                False, "An unscripted character cannot counterattack subtle attacks."
            )
        return CounterEligibility(
            True, "Any readied script counters any subtle attack: scripts have no range."
        )
    require_choice("boon", "Readied weapon", boon, COUNTER_WEAPONS)
    attack_range = require_choice("attack_range", "Attack's range", attack_range, ATTACK_RANGES)
    if boon == "none":
        return CounterEligibility(False, "An unarmed character cannot counterattack.")
    notes: tuple[str, ...] = ()
    weapon = boon
    if boon == "improvised":
        weapon, notes = "close", (IMPROVISED_RANGE_NOTE,)
    if attack_range in MARTIAL_REACH[weapon]:
        return CounterEligibility(
            True, f"A {weapon} range weapon counters {attack_range} range attacks.", notes
        )
    if weapon == "close" and attack_range == "near":
        return CounterEligibility(
            True,
            "Close range weapons can be thrown as a counterattack against near range attacks.",
            (*notes, THROWN_COUNTER_NOTE),
        )
    reach = " and ".join(MARTIAL_REACH[weapon])
    return CounterEligibility(
        False,
        f"A {weapon} range weapon counters only {reach} range attacks, not {attack_range} ones.",
        notes,
    )
