"""Combat in the d10 dice-pool game: the decisive strike and its numbers.

    "DECISIVE STRIKE: Attack with an appropriate (Attribute + Ability) dice pool,
    adding (Weapon Acc). If it matches or exceeds DV, you hit and deal the excess
    of successes rolled, plus your Base Damage: (Roll - DV) + (Base Damage)"

The strike is an ordinary check (:func:`rules_py.dice_pool.build_check`) whose
difficulty is the target's DV, so advantages and teamwork apply as anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules_py.core import dist
from rules_py.core.errors import RulesInputError, require_choice, require_int
from rules_py.core.rng import Rng
from rules_py.dice_pool.pool import (
    DIE,
    MAX_TRAIT,
    NO_EXTRAS,
    Check,
    Extras,
    Modifier,
    RollResult,
    build_check,
    count_successes,
    result_distribution,
    successes_distribution,
    trait_parts,
)
from rules_py.dice_pool.powers import DEFEAT_HEALTH
from rules_py.dice_pool.tables import (
    Armor,
    EnvironmentalDamage,
    environmental_damage,
    group_magnitudes,
    mundane_armor,
)

__all__ = [
    "ARMOR_FLOOR_RULE",
    "ENVIRONMENT_RULE",
    "GROUP_ACCURACY_PER_MAGNITUDE",
    "GROUP_ATTACK_RULE",
    "GROUP_DAMAGE_PER_MAGNITUDE",
    "GROUP_DICE_PER_MAGNITUDE",
    "GROUP_HEALTH_PER_MAGNITUDE",
    "MAX_ACCURACY",
    "MAX_BASE_DAMAGE",
    "MAX_COMBATANTS",
    "MAX_DV",
    "MAX_HEALTH",
    "ORDER_TIE_RULE",
    "STRIFE_ACCURACY",
    "STRIFE_DAMAGE_BASE",
    "STRIFE_DAMAGE_PER_ESSENCE",
    "WEAPON_NOTE",
    "Defences",
    "FirstChance",
    "GroupBonus",
    "Hurt",
    "Order",
    "OrderRoll",
    "StrikeProfile",
    "StrikeResult",
    "armor",
    "armored",
    "check_dv",
    "check_magnitude",
    "damage_distribution",
    "environmental",
    "environmental_hit",
    "first_chance",
    "group_bonus",
    "hit_chance",
    "hit_damages",
    "order_pool",
    "roll_order",
    "strife_base_damage",
    "strike",
    "strike_check",
    "strike_damage",
    "strike_profile",
    "take_damage",
]

MAX_ACCURACY = 10
MAX_DV = 20
MAX_BASE_DAMAGE = 40

STRIFE_ACCURACY = 4
STRIFE_DAMAGE_BASE = 3
STRIFE_DAMAGE_PER_ESSENCE = 2
""""Strikes have +4 Acc, 3+(Essence)x2 Base Damage.\""""

GROUP_HEALTH_PER_MAGNITUDE = 5
GROUP_DAMAGE_PER_MAGNITUDE = 1
GROUP_ACCURACY_PER_MAGNITUDE = 1
GROUP_DICE_PER_MAGNITUDE = 1
""""Add 5 Health for every Magnitude Scale increment. Add 1 Damage, 1 Accuracy,
and +1 Dice on an action for every Magnitude Scale increment.\""""

WEAPON_NOTE = (
    "The text's Mundane Weapons table is empty: take Accuracy and Base Damage from your table."
)

GROUP_ATTACK_RULE = (
    "A group's attack takes both its Accuracy and its extra dice: "
    "+2 dice and +1 damage for each Magnitude."
)


def strife_base_damage(essence: int) -> int:
    """A Strife strike's Base Damage: 3 + Essence x 2."""
    essence = require_int("essence", "Essence", essence, 0, 100)
    return STRIFE_DAMAGE_BASE + STRIFE_DAMAGE_PER_ESSENCE * essence


@dataclass(frozen=True)
class GroupBonus:
    """What a group of minor characters gains for its Magnitude."""

    magnitude: int
    health: int
    damage: int
    accuracy: int
    dice: int


def check_magnitude(magnitude: int) -> int:
    top = group_magnitudes()[-1].magnitude
    return require_int("magnitude", "Group Magnitude", magnitude, 0, top)


def group_bonus(magnitude: int) -> GroupBonus:
    magnitude = check_magnitude(magnitude)
    return GroupBonus(
        magnitude=magnitude,
        health=GROUP_HEALTH_PER_MAGNITUDE * magnitude,
        damage=GROUP_DAMAGE_PER_MAGNITUDE * magnitude,
        accuracy=GROUP_ACCURACY_PER_MAGNITUDE * magnitude,
        dice=GROUP_DICE_PER_MAGNITUDE * magnitude,
    )


@dataclass(frozen=True)
class StrikeProfile:
    """The numbers added to a pool for a strike, with where each came from."""

    accuracy_parts: tuple[tuple[str, int], ...]
    base_damage_parts: tuple[tuple[str, int], ...]

    @property
    def accuracy(self) -> int:
        return sum(value for _, value in self.accuracy_parts)

    @property
    def base_damage(self) -> int:
        return sum(value for _, value in self.base_damage_parts)


def strike_profile(
    weapon_accuracy: int,
    base_damage: int,
    *,
    strife_essence: int | None = None,
    magnitude: int = 0,
) -> StrikeProfile:
    """Accuracy and Base Damage of a strike.

    A Strife strike takes +4 Accuracy and its own Base Damage (3 + Essence x 2)
    in place of the weapon's. A group adds its Magnitude bonuses.
    """
    weapon_accuracy = require_int("accuracy", "Weapon Accuracy", weapon_accuracy, 0, MAX_ACCURACY)
    base_damage = require_int("base_damage", "Base Damage", base_damage, 0, MAX_BASE_DAMAGE)
    accuracy: list[tuple[str, int]] = [("Weapon Accuracy", weapon_accuracy)]
    damage: list[tuple[str, int]] = []
    if strife_essence is not None:
        accuracy.append(("Strife strike", STRIFE_ACCURACY))
        damage.append(("Strife strike (3 + Essence x 2)", strife_base_damage(strife_essence)))
    else:
        damage.append(("Base Damage", base_damage))
    bonus = group_bonus(magnitude)
    if bonus.magnitude:
        label = f"Magnitude {bonus.magnitude}"
        accuracy.append((f"{label} Accuracy", bonus.accuracy))
        accuracy.append((f"{label} dice", bonus.dice))
        damage.append((f"{label} Damage", bonus.damage))
    return StrikeProfile(tuple(accuracy), tuple(damage))


def check_dv(dv: int) -> int:
    return require_int("dv", "Defence Value (DV)", dv, 0, MAX_DV)


def strike_check(
    attribute: int,
    ability: int,
    profile: StrikeProfile,
    dv: int,
    modifiers: tuple[Modifier, ...] = (),
) -> Check:
    """The attack pool: "(Attribute + Ability) dice pool, adding (Weapon Acc)", with
    a Strife's and a group's Accuracy; the difficulty is the target's DV."""
    parts = (
        *trait_parts(attribute, ability),
        *((label, value) for label, value in profile.accuracy_parts if value),
    )
    return build_check(sum(value for _, value in parts), check_dv(dv), modifiers, base_parts=parts)


def hit_damages(check: Check, base_damage: int, extras: Extras = NO_EXTRAS) -> dict[int, Fraction]:
    """The chance of each damage a hit deals, hits only: a hit for 0 damage (no
    Base Damage, no excess) is kept apart from a miss."""
    return {
        total - check.difficulty + base_damage: chance
        for total, chance in result_distribution(check.dice, extras).items()
        if total >= check.difficulty
    }


def strike_damage(successes: int, dv: int, base_damage: int) -> int | None:
    """Damage of a strike: None on a miss (fewer successes than DV), else
    (successes - DV) + Base Damage."""
    successes = require_int("successes", "Successes", successes, 0, 10_000)
    dv = require_int("dv", "Defence Value (DV)", dv, 0, 10_000)
    base_damage = require_int("base_damage", "Base Damage", base_damage, 0, 10_000)
    if successes < dv:
        return None
    return successes - dv + base_damage


@dataclass(frozen=True)
class StrikeResult:
    roll: RollResult
    base_damage: int

    @property
    def hit(self) -> bool:
        return self.roll.succeeded

    @property
    def damage(self) -> int:
        """0 on a miss."""
        dealt = strike_damage(self.roll.total, self.roll.check.difficulty, self.base_damage)
        return 0 if dealt is None else dealt


def strike(roll: RollResult, base_damage: int) -> StrikeResult:
    """Read a rolled attack (its check's difficulty is the DV) as a strike."""
    return StrikeResult(roll, require_int("base_damage", "Base Damage", base_damage, 0, 10_000))


def damage_distribution(check: Check, base_damage: int, extras: Extras) -> dist.Dist[int]:
    """Exact damage of a strike; a miss deals 0."""

    def dealt(total: int) -> int:
        value = strike_damage(total, check.difficulty, base_damage)
        return 0 if value is None else value

    return result_distribution(check.dice, extras).map(dealt)


def hit_chance(check: Check, extras: Extras) -> Fraction:
    return result_distribution(check.dice, extras).at_least(check.difficulty)


# ------------------------------------------------------------ the tables


def environmental(name: str) -> EnvironmentalDamage:
    rows = {row.name: row for row in environmental_damage()}
    return rows[require_choice("environment", "Environmental damage", name, tuple(rows))]


def armor(key: str) -> Armor:
    rows = {row.key: row for row in mundane_armor()}
    return rows[require_choice("armor", "Armor", key, tuple(rows))]


ARMOR_FLOOR_RULE = "Armour's penalty stops Block and Evasion at 0 (the text gives no floor)."


@dataclass(frozen=True)
class Defences:
    block: int
    evasion: int


def armored(block: int, evasion: int, worn: str) -> Defences:
    """Block and Evasion after mundane armour's modifiers (never below 0)."""
    block = require_int("block", "Block", block, 0, MAX_DV)
    evasion = require_int("evasion", "Evasion", evasion, 0, MAX_DV)
    suit = armor(worn)
    return Defences(max(0, block + suit.block), max(0, evasion + suit.evasion))


# ---------------------------------------------------- environmental damage

ENVIRONMENT_RULE = (
    "Environmental damage is dealt as the table gives it; armour changes Block and "
    "Evasion, not damage, so it does not reduce it."
)
MAX_HEALTH = 200


@dataclass(frozen=True)
class Hurt:
    """Health after damage, and whether the character has reached Defeat."""

    before: int
    damage: int
    after: int

    @property
    def defeated(self) -> bool:
        """Defeat: "Characters at 5 Health will start to want to surrender"."""
        return self.after <= DEFEAT_HEALTH


def take_damage(health: int, damage: int) -> Hurt:
    """Health after ``damage``; it stops at 0."""
    health = require_int("health", "Health", health, 0, MAX_HEALTH)
    damage = require_int("damage", "Damage", damage, 0, 10_000)
    return Hurt(health, damage, max(0, health - damage))


def environmental_hit(name: str, health: int) -> Hurt:
    """One dose of environmental damage ("Light 3 ... Oppressive 9")."""
    return take_damage(health, environmental(name).damage)


# ------------------------------------------------------------------ order

ORDER_TIE_RULE = (
    "Tied highest rollers: the Storyteller picks the one who fits the narrative best, "
    "as the text allows."
)
MAX_COMBATANTS = 12


def order_pool(wits: int, awareness: int) -> Check:
    """The order roll: "First Player is highest (Wits + Awareness) roller"."""
    wits = require_int("wits", "Wits", wits, 0, MAX_TRAIT)
    awareness = require_int("awareness", "Awareness", awareness, 0, MAX_TRAIT)
    return build_check(wits + awareness, 0, base_parts=(("Wits", wits), ("Awareness", awareness)))


@dataclass(frozen=True)
class OrderRoll:
    name: str
    faces: tuple[int, ...]
    successes: int


@dataclass(frozen=True)
class Order:
    """Everyone's order roll, highest first (ties in the order given)."""

    rolls: tuple[OrderRoll, ...]

    @property
    def first(self) -> tuple[OrderRoll, ...]:
        """The highest rollers: one acts first, or the Storyteller picks among a tie."""
        top = self.rolls[0].successes
        return tuple(r for r in self.rolls if r.successes == top)


def roll_order(pools: tuple[tuple[str, int], ...], rng: Rng) -> Order:
    """Each combatant rolls its Wits + Awareness dice, in the order given."""
    if not 1 <= len(pools) <= MAX_COMBATANTS:
        raise RulesInputError(
            "others", f"The order roll takes 1 to {MAX_COMBATANTS} combatants (got {len(pools)})."
        )
    rolls = []
    for name, dice in pools:
        dice = require_int("others_dice", "Wits + Awareness dice", dice, 0, 2 * MAX_TRAIT)
        faces = rng.dice(dice, DIE)
        rolls.append(OrderRoll(name, faces, count_successes(faces)))
    return Order(tuple(sorted(rolls, key=lambda r: -r.successes)))


@dataclass(frozen=True)
class FirstChance:
    alone: Fraction  # your successes beat every other's
    tied: Fraction  # you share the highest roll with at least one other

    @property
    def at_top(self) -> Fraction:
        return self.alone + self.tied


def first_chance(dice: int, others: int, others_dice: int) -> FirstChance:
    """Exact chance your pool rolls highest against ``others`` pools of ``others_dice``.

    With F the others' chance to roll at most y: alone is the sum of
    P(you = y) F(y - 1)^n, and at the top (alone or tied) of P(you = y) F(y)^n.
    """
    dice = require_int("dice", "Your dice", dice, 0, 2 * MAX_TRAIT)
    others = require_int("others", "Other combatants", others, 0, MAX_COMBATANTS - 1)
    others_dice = require_int("others_dice", "Wits + Awareness dice", others_dice, 0, 2 * MAX_TRAIT)
    yours = successes_distribution(dice)
    theirs = successes_distribution(others_dice)

    def at_most(y: int) -> Fraction:
        return sum((p for v, p in theirs.items() if v <= y), Fraction(0))

    alone = sum((p * at_most(y - 1) ** others for y, p in yours.items()), Fraction(0))
    at_top = sum((p * at_most(y) ** others for y, p in yours.items()), Fraction(0))
    return FirstChance(alone, at_top - alone)
