"""The d10 dice pool: build the pool, roll it, count successes.

    "Add together (Attribute + Ability) d10s, and roll. The number of Successes
    must be greater or equal to the difficulty of the task.
    7,8,9 is 1 success
    10 is 2 successes."

A pool is built from Attribute + Ability (or a raw number of dice), moved by
advantages and disadvantages, teamwork and anima, and read against a
difficulty. Special rolls (group, contested, NPC average) are in
:mod:`rules_py.dice_pool.special`; anima and Limit in
:mod:`rules_py.dice_pool.powers`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from rules_py.core import dist
from rules_py.core.errors import RulesInputError, require_choice, require_int
from rules_py.core.rng import Rng
from rules_py.dice_pool.powers import (
    ANIMA_DICE,
    EXCELLENCY_LIMIT,
    build_power_anima,
    critical_anima,
    solar_excellency,
    strife_successes,
)
from rules_py.dice_pool.tables import AdvantageSize, advantage_sizes, difficulties

__all__ = [
    "CONTEST_RULE",
    "CRITICAL_RULE",
    "DEFAULT_DIFFICULTY",
    "DIE",
    "DOUBLE_FACE",
    "EXTRAS_ORDER_RULE",
    "FLOOR_RULE",
    "MAX_BASE_DICE",
    "MAX_DIFFICULTY",
    "MAX_HELPERS",
    "MAX_TRAIT",
    "NO_EXTRAS",
    "NO_MODIFIER",
    "NPC_ANIMA_RULE",
    "SINGLE_FACES",
    "TEAMWORK_DICE_PER_HELPER",
    "TEAMWORK_MAX_DICE",
    "Check",
    "Extras",
    "Modifier",
    "RollKind",
    "RollResult",
    "Side",
    "Target",
    "advantage_size",
    "build_check",
    "build_power_check",
    "build_power_distribution",
    "count_successes",
    "die_distribution",
    "expected_successes",
    "face_successes",
    "judge_roll",
    "modifier",
    "modifier_choices",
    "named_modifiers",
    "player_check",
    "player_extras",
    "result_distribution",
    "roll_check",
    "roll_kind",
    "success_chance",
    "successes_distribution",
    "target_label",
    "teamwork_dice",
    "trait_parts",
    "trait_pool",
]

DIE = 10
SINGLE_FACES = (7, 8, 9)
DOUBLE_FACE = 10

MAX_TRAIT = 10  # Attribute, Ability and Essence: the roller's bounds, not the text's
MAX_BASE_DICE = 60  # a raw pool; modifiers may take it a little higher
MAX_DIFFICULTY = 60
MAX_HELPERS = 10

TEAMWORK_DICE_PER_HELPER = 2
TEAMWORK_MAX_DICE = 4
""""Describe how you are assisting, then grant +2 dice. ... Another may help,
but +4 dice is the maximum.\""""

DEFAULT_DIFFICULTY = next(d.value for d in difficulties() if d.default)
NO_MODIFIER = "none"

FLOOR_RULE = (
    "A pool cut below 0 dice rolls no dice (0 successes); a difficulty cut below 0 "
    "counts as 0, which any roll meets."
)


def face_successes(face: int) -> int:
    """Successes shown by one d10: 7, 8, 9 give one, 10 gives two."""
    face = require_int("face", "A d10 face", face, 1, DIE)
    if face == DOUBLE_FACE:
        return 2
    return 1 if face in SINGLE_FACES else 0


def count_successes(faces: Iterable[int]) -> int:
    return sum(face_successes(face) for face in faces)


# ------------------------------------------------------------------ the pool


class Side(StrEnum):
    ADVANTAGE = "advantage"
    DISADVANTAGE = "disadvantage"


class Target(StrEnum):
    """An advantage moves either the dice or the difficulty (one column of the
    table: "Moderate: +-2 Dice, +-1 Difficulty")."""

    DICE = "dice"
    DIFFICULTY = "difficulty"


@dataclass(frozen=True)
class Modifier:
    side: Side
    size: AdvantageSize
    target: Target

    @property
    def dice(self) -> int:
        """Change to the pool: an advantage adds dice, a disadvantage removes them."""
        if self.target is not Target.DICE:
            return 0
        return self.size.dice if self.side is Side.ADVANTAGE else -self.size.dice

    @property
    def difficulty(self) -> int:
        """Change to the difficulty: an advantage lowers it, a disadvantage raises it."""
        if self.target is not Target.DIFFICULTY:
            return 0
        return -self.size.difficulty if self.side is Side.ADVANTAGE else self.size.difficulty

    @property
    def label(self) -> str:
        return f"{self.size.name} {self.side.value}"


def advantage_size(key: str, field: str = "advantage") -> AdvantageSize:
    sizes = {size.key: size for size in advantage_sizes()}
    key = require_choice(field, "Advantage size", key, tuple(sizes))
    return sizes[key]


def modifier(side: str, size: str, target: str, field: str = "advantage") -> Modifier:
    """A modifier from plain words: ("advantage", "moderate", "dice")."""
    side_value = require_choice(field, "Side", side, tuple(s.value for s in Side))
    target_value = require_choice(
        f"{field}_on", "Applied to", target, tuple(t.value for t in Target)
    )
    return Modifier(Side(side_value), advantage_size(size, field), Target(target_value))


def teamwork_dice(helpers: int) -> int:
    """+2 dice per helper, +4 at most."""
    helpers = require_int("helpers", "Helpers", helpers, 0, MAX_HELPERS)
    return min(TEAMWORK_MAX_DICE, TEAMWORK_DICE_PER_HELPER * helpers)


@dataclass(frozen=True)
class Check:
    """A pool ready to roll: the dice and difficulty after every modifier,
    with the sums that made them (``*_parts``) and the values before the floor
    at zero (``asked_*``)."""

    dice: int
    difficulty: int
    asked_dice: int
    asked_difficulty: int
    dice_parts: tuple[tuple[str, int], ...]
    difficulty_parts: tuple[tuple[str, int], ...]

    @property
    def dice_floored(self) -> bool:
        return self.asked_dice < 0

    @property
    def difficulty_floored(self) -> bool:
        return self.asked_difficulty < 0


def build_check(
    base_dice: int,
    difficulty: int = DEFAULT_DIFFICULTY,
    modifiers: Iterable[Modifier] = (),
    helpers: int = 0,
    anima_dice: bool = False,
    base_parts: tuple[tuple[str, int], ...] = (),
) -> Check:
    """Sum the pool and the difficulty; neither drops below zero.

    ``base_parts`` names the terms of ``base_dice`` for the explanation
    (e.g. Attribute 3, Ability 2); by default the base is one term, "Pool".
    """
    base_dice = require_int("dice", "Dice", base_dice, 0, MAX_BASE_DICE)
    difficulty = require_int("difficulty", "Difficulty", difficulty, 0, MAX_DIFFICULTY)
    if sum(value for _, value in base_parts) != base_dice:
        base_parts = (("Pool", base_dice),)
    dice_parts: list[tuple[str, int]] = list(base_parts)
    difficulty_parts: list[tuple[str, int]] = [("Difficulty", difficulty)]
    for mod in modifiers:
        if mod.dice:
            dice_parts.append((mod.label, mod.dice))
        if mod.difficulty:
            difficulty_parts.append((mod.label, mod.difficulty))
    team = teamwork_dice(helpers)
    if team:
        dice_parts.append((f"Teamwork ({helpers} helping)", team))
    if anima_dice:
        dice_parts.append(("1 Anima spent", ANIMA_DICE))
    asked_dice = sum(value for _, value in dice_parts)
    asked_difficulty = sum(value for _, value in difficulty_parts)
    return Check(
        dice=max(0, asked_dice),
        difficulty=max(0, asked_difficulty),
        asked_dice=asked_dice,
        asked_difficulty=asked_difficulty,
        dice_parts=tuple(dice_parts),
        difficulty_parts=tuple(difficulty_parts),
    )


def trait_pool(attribute: int, ability: int) -> int:
    """(Attribute + Ability) dice."""
    attribute = require_int("attribute", "Attribute", attribute, 0, MAX_TRAIT)
    ability = require_int("ability", "Ability", ability, 0, MAX_TRAIT)
    return attribute + ability


def trait_parts(attribute: int, ability: int) -> tuple[tuple[str, int], ...]:
    """The named terms of an (Attribute + Ability) pool."""
    trait_pool(attribute, ability)
    return (("Attribute", attribute), ("Ability", ability))


# ------------------------------------------------------ the advantage menu


def modifier_choices() -> tuple[tuple[str, str], ...]:
    """Every entry of the Advantages table on either side, after "none":
    (key, label) such as ("moderate_advantage", "Moderate advantage")."""
    entries = [(NO_MODIFIER, "None")]
    for side in Side:
        entries += [
            (f"{size.key}_{side.value}", f"{size.name} {side.value}") for size in advantage_sizes()
        ]
    return tuple(entries)


def named_modifiers(key: str, target: str, field: str = "modifier") -> tuple[Modifier, ...]:
    """The modifiers a menu entry of :func:`modifier_choices` stands for (none or one)."""
    key = require_choice(field, "Advantage", key, tuple(k for k, _ in modifier_choices()))
    if key == NO_MODIFIER:
        return ()
    size, _, side = key.rpartition("_")
    return (modifier(side, size, target, field),)


def target_label(target: str, difficulty: str = "Difficulty") -> str:
    """ "Dice (moderate 2, major 4)": what each size moves on that column of the table."""
    column = Target(
        require_choice("modifier_on", "Applied to", target, tuple(t.value for t in Target))
    )
    sizes = ", ".join(
        f"{size.key} {size.dice if column is Target.DICE else size.difficulty}"
        for size in advantage_sizes()
    )
    return f"{'Dice' if column is Target.DICE else difficulty} ({sizes})"


# ------------------------------------------------------ a player's roll


class RollKind(StrEnum):
    """How the pool is read: against a difficulty, against another pool, or an
    NPC's average (:mod:`rules_py.dice_pool.special`)."""

    ROLL = "roll"
    CONTEST = "contested"
    NPC = "npc"


CONTEST_RULE = (
    "A contest has no difficulty: an advantage moves dice, and the Excellency and a "
    "Strife's minimum count only on a roll against a difficulty."
)
NPC_ANIMA_RULE = "An NPC takes its average instead of rolling, so it spends no Anima on dice."


def roll_kind(kind: str) -> RollKind:
    return RollKind(require_choice("mode", "Roll", kind, tuple(k.value for k in RollKind)))


def player_check(
    kind: str,
    base_parts: tuple[tuple[str, int], ...],
    *,
    difficulty: int = DEFAULT_DIFFICULTY,
    modifier_key: str = NO_MODIFIER,
    modifier_on: str = Target.DICE.value,
    helpers: int = 0,
    anima_dice: bool = False,
) -> Check:
    """The check of a roll of ``kind`` from the menu's choices (see :data:`CONTEST_RULE`
    and :data:`NPC_ANIMA_RULE` for what each kind leaves out)."""
    read_as = roll_kind(kind)
    if read_as is RollKind.CONTEST:
        difficulty, modifier_on = 0, Target.DICE.value
    return build_check(
        sum(value for _, value in base_parts),
        difficulty,
        named_modifiers(modifier_key, modifier_on),
        helpers=helpers,
        anima_dice=anima_dice and read_as is not RollKind.NPC,
        base_parts=base_parts,
    )


def player_extras(
    kind: str, *, excellency_ability: int | None = None, strife_essence: int | None = None
) -> Extras:
    """The Excellency and a Strife's minimum, on a roll against a difficulty only."""
    if roll_kind(kind) is not RollKind.ROLL:
        return NO_EXTRAS
    return Extras(excellency_ability=excellency_ability, strife_essence=strife_essence)


def build_power_check(essence: int, favored: int) -> Check:
    """Build Power: "Roll (Essence + Favored Ability)", no difficulty."""
    essence = require_int("essence", "Essence", essence, 0, MAX_TRAIT)
    favored = require_int("favored", "Favored Ability", favored, 0, MAX_TRAIT)
    return build_check(
        essence + favored,
        0,
        base_parts=(("Essence", essence), ("Favored Ability", favored)),
    )


def build_power_distribution(essence: int, favored: int) -> dist.Dist[int]:
    """Exact chances of the Anima a Build Power roll gains."""
    dice = build_power_check(essence, favored).dice
    return successes_distribution(dice).map(build_power_anima)


# ------------------------------------------------------------- the roll


@dataclass(frozen=True)
class Extras:
    """What may change a roll's successes after the dice land.

    ``excellency_ability``: the Solar Excellency, "Gain (Ability) Successes" for
    1 Limit. ``strife_essence``: a Strife's "guaranteed (Essence) minimum
    successes". The minimum applies to the dice, then the Excellency adds.
    """

    excellency_ability: int | None = None
    strife_essence: int | None = None

    def apply(self, rolled: int) -> int:
        total = rolled
        if self.strife_essence is not None:
            total = strife_successes(total, self.strife_essence)
        if self.excellency_ability is not None:
            total = solar_excellency(total, self.excellency_ability)
        return total

    @property
    def limit_gain(self) -> int:
        return EXCELLENCY_LIMIT if self.excellency_ability is not None else 0


NO_EXTRAS = Extras()

EXTRAS_ORDER_RULE = (
    "A Strife's minimum applies to the dice first; the Excellency then adds Ability successes."
)
CRITICAL_RULE = "Critical Roll anima counts the successes the dice show, before the Excellency."


@dataclass(frozen=True)
class RollResult:
    check: Check
    faces: tuple[int, ...]
    rolled: int  # successes the dice show
    total: int  # after a Strife's minimum and the Excellency
    extras: Extras

    @property
    def succeeded(self) -> bool:
        return self.total >= self.check.difficulty

    @property
    def margin(self) -> int:
        """Successes above (positive) or below (negative) the difficulty."""
        return self.total - self.check.difficulty

    @property
    def anima(self) -> int:
        return critical_anima(self.rolled)

    @property
    def limit_gain(self) -> int:
        return self.extras.limit_gain


def judge_roll(check: Check, faces: Iterable[int], extras: Extras = NO_EXTRAS) -> RollResult:
    """Read dice already rolled against a check."""
    faces = tuple(faces)
    if len(faces) != check.dice:
        raise RulesInputError("dice", f"The pool has {check.dice} dice (got {len(faces)} faces).")
    rolled = count_successes(faces)
    return RollResult(check, faces, rolled, extras.apply(rolled), extras)


def roll_check(check: Check, rng: Rng, extras: Extras = NO_EXTRAS) -> RollResult:
    return judge_roll(check, rng.dice(check.dice, DIE), extras)


# ------------------------------------------------------------------- odds


def die_distribution() -> dist.Dist[int]:
    """Successes on one d10: 0 (faces 1-6), 1 (7-9), 2 (10)."""
    return dist.die(DIE).map(face_successes)


def successes_distribution(dice: int) -> dist.Dist[int]:
    """Exact distribution of the successes of ``dice`` d10s, by convolution."""
    dice = require_int("dice", "Dice", dice, 0, 10_000)
    return dist.sum_of(dice, die_distribution())


def result_distribution(dice: int, extras: Extras = NO_EXTRAS) -> dist.Dist[int]:
    """Successes after a Strife's minimum and the Excellency."""
    return successes_distribution(dice).map(extras.apply)


def success_chance(check: Check, extras: Extras = NO_EXTRAS) -> Fraction:
    """P(successes >= difficulty)."""
    return result_distribution(check.dice, extras).at_least(check.difficulty)


def expected_successes(dice: int) -> Fraction:
    """Half the pool: each die averages 3/10 * 1 + 1/10 * 2 = 1/2."""
    return successes_distribution(dice).mean()
