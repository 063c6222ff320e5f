"""Powers that change damage and heal it (Huldufolk, Magic System: Greater Paths).

Damage (on top of a hit's 1, plus 1 for every full 5 of margin):

    Strife 2, Swift Vengeance: "foes who target the user with Melee attacks
    find themselves punished for their transgression, suffering one point of
    damage for each attack." Spend: "the Huldufolk's mundane attacks a base of
    2 damage."
    Strife 3, Entropy: "a damaging attack against a single target." Spend:
    "target 3 enemies at once. The user spends a single card for all three
    attacks, and all the attacks are resolved simultaneously."
    Strife 5, I am become Death: "harm upon all enemies [...] with a single
    attack. The defenders resist with either their mundane or supernatural
    threshold (defender's choice)." Spend: "The attacker chooses which
    threshold". Burn: "the base damage is 2."
    Augmentation 3, Bodyguard: "any damage taken by your target is instead
    inflicted upon you. (Note: This cannot be chained.)" Spend: "that damage is
    reduced by 1."

Healing, against the damage tally:

    Life 2, Regeneration: "the character can heal one level of damage."
    Spend: "healing 3 levels of damage".
    Alleviation 2, Field Medic: "healing their target for 1 point of damage
    per round." Spend: "heal up to 3 damage this round, split up among
    multiple characters". Alleviation 4, Proper Function: "Alleviation 2 power
    now heals a base of two damage to one character, and spending to heal
    gives six points".
    Autocracy 5, In Persona Christi: "restores the character to full health
    and ends all supernatural effects currently active upon them." Spend:
    "the character may decide which effects to remove and which effects to
    keep." Burn: "disappearing from their current scenario without a test
    (all other effects of this power still take place) and reappearing
    anywhere within their territorial boundary."

Demesne 5, Not in My House, Spend: "This is a Defended challenge, but the card
the Huldufolk uses is not expended by the test."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_py.core.errors import RulesInputError, require_choice
from rules_py.huldufolk.belief_cost import Use
from rules_py.huldufolk.challenges import BASE_DAMAGE

__all__ = [
    "ALL_POWERS",
    "BODYGUARD_REDUCTION",
    "BOOSTED_BASE_DAMAGE",
    "ENTROPY_TARGETS",
    "HEAL_SPLIT_NOTE",
    "PROPER_FUNCTION_BASE",
    "PROPER_FUNCTION_SPEND",
    "VENGEANCE_DAMAGE",
    "Heal",
    "Power",
    "base_damage",
    "guarded_damage",
    "heal_limits",
    "power",
    "split_heal",
]

BOOSTED_BASE_DAMAGE = 2  # Swift Vengeance's Spend, I am become Death's Burn
VENGEANCE_DAMAGE = 1  # "one point of damage for each attack"
BODYGUARD_REDUCTION = 1
ENTROPY_TARGETS = 3
PROPER_FUNCTION_BASE = 2
PROPER_FUNCTION_SPEND = 6
HEAL_SPLIT_NOTE = "A split heal goes to at most three characters here; the text says 'multiple'."


@dataclass(frozen=True)
class Power:
    """One use of a power: its path and level (for its Belief cost), which effect."""

    key: str
    power: str  # "Strife 2: Swift Vengeance"
    level: int
    use: Use
    label: str


def _power(key: str, name: str, level: int, use: Use, label: str) -> Power:
    return Power(key, name, level, use, label)


_VENGEANCE = "Strife 2: Swift Vengeance"
_ENTROPY = "Strife 3: Entropy"
_DEATH = "Strife 5: I am become Death"
_BODYGUARD = "Augmentation 3: Bodyguard"
_REGENERATION = "Life 2: Regeneration"
_MEDIC = "Alleviation 2: Field Medic"
_CHRISTI = "Autocracy 5: In Persona Christi"
_HOUSE = "Demesne 5: Not in My House"

ALL_POWERS: tuple[Power, ...] = (
    _power("attack", "An attack", 1, Use.PLAIN, "A plain attack (no power)"),
    _power("entropy", _ENTROPY, 3, Use.PLAIN, "Entropy: one target, supernatural"),
    _power("entropy_spend", _ENTROPY, 3, Use.SPEND, "Entropy, Spend: three targets, one card"),
    _power("death", _DEATH, 5, Use.PLAIN, "I am become Death: foes in Personal Influence"),
    _power("death_spend", _DEATH, 5, Use.SPEND, "I am become Death, Spend: attacker's threshold"),
    _power("death_burn", _DEATH, 5, Use.BURN, "I am become Death, Burn: base 2; Territorial too"),
    _power("vengeance", _VENGEANCE, 2, Use.PLAIN, "Swift Vengeance: melee attackers take 1"),
    _power("vengeance_spend", _VENGEANCE, 2, Use.SPEND, "Swift Vengeance, Spend: base damage 2"),
    _power("bodyguard", _BODYGUARD, 3, Use.PLAIN, "Bodyguard: take the target's damage"),
    _power("bodyguard_spend", _BODYGUARD, 3, Use.SPEND, "Bodyguard, Spend: 1 less damage"),
    _power("regeneration", _REGENERATION, 2, Use.PLAIN, "Regeneration: heal 1 (self)"),
    _power("regeneration_spend", _REGENERATION, 2, Use.SPEND, "Regeneration, Spend: heal 3"),
    _power("field_medic", _MEDIC, 2, Use.PLAIN, "Field Medic: heal 1 (2 with Proper Function)"),
    _power(
        "field_medic_spend",
        _MEDIC,
        2,
        Use.SPEND,
        "Field Medic, Spend: heal 3 in all (6 with Proper Function)",
    ),
    _power("christi", _CHRISTI, 5, Use.PLAIN, "In Persona Christi: full health (self)"),
    _power(
        "christi_spend",
        _CHRISTI,
        5,
        Use.SPEND,
        "In Persona Christi, Spend: full health, keep the effects you choose",
    ),
    _power(
        "christi_burn",
        _CHRISTI,
        5,
        Use.BURN,
        "In Persona Christi, Burn: full health, gone from the fight",
    ),
    _power("house_spend", _HOUSE, 5, Use.SPEND, "Not in My House, Spend: defend, card kept"),
)


def power(key: object, field: str = "power") -> Power:
    known = {p.key: p for p in ALL_POWERS}
    return known[require_choice(field, "Power", key, tuple(known))]


def guarded_damage(damage: int, spend: bool) -> int:
    """Damage a bodyguard takes in place of the one guarded."""
    return max(0, damage - BODYGUARD_REDUCTION) if spend else damage


def base_damage(boosted: bool) -> int:
    return BOOSTED_BASE_DAMAGE if boosted else BASE_DAMAGE


@dataclass(frozen=True)
class Heal:
    """How much one use heals: at most ``each`` per character, ``total`` in all,
    among ``most`` characters; ``self_only`` for the powers that heal the user."""

    each: int | None  # None: all of it (In Persona Christi)
    total: int | None
    most: int
    self_only: bool


def heal_limits(key: str, proper_function: bool) -> Heal:
    if key == "regeneration":
        return Heal(1, 1, 1, True)
    if key == "regeneration_spend":
        return Heal(3, 3, 1, True)
    if key == "field_medic":
        amount = PROPER_FUNCTION_BASE if proper_function else 1
        return Heal(amount, amount, 1, False)
    if key == "field_medic_spend":
        amount = PROPER_FUNCTION_SPEND if proper_function else 3
        return Heal(amount, amount, ENTROPY_TARGETS, False)
    if key in ("christi", "christi_spend", "christi_burn"):
        return Heal(None, None, 1, True)
    raise RulesInputError("power", f"{key} does not heal.")


def split_heal(limits: Heal, wanted: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """``wanted`` (who, points) pairs checked against ``limits``; zero points dropped."""
    given = tuple((who, points) for who, points in wanted if points)
    if not given:
        raise RulesInputError("heal_1", "Heal at least 1 point.")
    whom = [who for who, _ in given]
    if len(set(whom)) != len(whom):
        raise RulesInputError("target_2", "Each character appears once in a split heal.")
    if len(given) > limits.most:
        raise RulesInputError("target_2", "This use heals one character only.")
    if limits.total is not None:
        total = sum(points for _, points in given)
        if total > limits.total:
            raise RulesInputError(
                "heal_1", f"This use heals at most {limits.total} in all (asked for {total})."
            )
    return given
