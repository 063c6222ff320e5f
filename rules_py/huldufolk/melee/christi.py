"""Autocracy 5, In Persona Christi, in a fight of one against several
(Huldufolk, Magic System: Autocracy).

    "Activating this power restores the character to full health and ends
    all supernatural effects currently active upon them."
    Spend: "the character may decide which effects to remove and which
    effects to keep."
    Burn: "they may decide to exercise the essential right of travel,
    disappearing from their current scenario without a test (all other
    effects of this power still take place) and reappearing anywhere within
    their territorial boundary."

The supernatural effects a fight tracks on a fighter are Swift Vengeance and
a Bodyguard on them. Health is the damage tally: full health is no damage.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.melee.fighters import Melee

__all__ = [
    "CHRISTI_BURN_NOTE",
    "CHRISTI_KEYS",
    "CHRISTI_NOTE",
    "EFFECTS",
    "persona_christi",
]

CHRISTI_KEYS = ("christi", "christi_spend", "christi_burn")
EFFECTS = ("vengeance", "guard")  # what a fighter can keep on a Spend
CHRISTI_NOTE = (
    "In Persona Christi ends the supernatural effects on its user here: Swift Vengeance and "
    "a Bodyguard on them."
)
CHRISTI_BURN_NOTE = (
    "In Persona Christi's Burn includes its Spend (keep the effects you choose), as I am "
    "become Death's does: the text is silent."
)


def persona_christi(melee: Melee, user: int, key: str, keep: Collection[str]) -> tuple[Melee, str]:
    """``user`` at full health, its effects ended but those in ``keep`` (a
    Spend or a Burn), and gone from the fight on a Burn; and what happened."""
    if key not in CHRISTI_KEYS:
        raise RulesInputError("aid", f"{key} is not In Persona Christi.")
    unknown = set(keep) - set(EFFECTS)
    if unknown:
        raise RulesInputError("keep_vengeance", f"Effects to keep: {', '.join(EFFECTS)}.")
    if keep and key == "christi":
        raise RulesInputError(
            "keep_vengeance",
            "Only the Spend (or the Burn) chooses which effects to keep: clear the boxes or "
            "choose the Spend.",
        )
    who = melee.fighters[user]
    after = replace(who, damage=0)
    ended: list[str] = []
    if who.vengeance and "vengeance" not in keep:
        after = replace(after, vengeance="")
        ended.append("Swift Vengeance")
    if who.guard is not None and "guard" not in keep:
        after = replace(after, guard=None)
        ended.append("the Bodyguard")
    kept = [
        name
        for name, on in (("Swift Vengeance", who.vengeance), ("the Bodyguard", who.guard))
        if on and name not in ended
    ]
    # Self only: the log already says who ("..., by Ada: damage 3 -> 0").
    words = [f"damage {who.damage} \u2192 0 (full health)."]
    if ended:
        words.append(f"Ended: {' and '.join(ended)}.")
    if kept:
        words.append(f"Kept: {' and '.join(kept)}.")
    if key == "christi_burn":
        after = replace(after, out=True)
        words.append(
            f"{who.name} disappears from the fight without a test and reappears within their "
            "territorial boundary."
        )
    return melee.with_fighter(user, after), " ".join(words)
