"""Attack dice in the Cairn-style rules: which dice, which one counts, minus armour.

Cairn, "Combat":

    "The attacker rolls their weapon die and subtracts the target's armor, then
    deals the remaining total to their opponent's HP. Unarmed attacks always do
    1d4 damage."

    "If multiple attackers target the same foe, roll all damage dice and keep
    the single highest result." (the same for two weapons)

    "impaired [...] roll 1d4 damage regardless of the attacks damage die";
    "enhanced, allowing the attacker to roll 1d12 damage instead".

    "No one can have more than 3 Armor."

    "Attacks against detachments by individuals are impaired (excluding blast
    damage). Attacks against individuals by detachments are enhanced and deal
    blast damage."

The Grit variant (Cairn, Rules Summary: Combat) adds a condition to hit:

    "The attacker rolls their weapon die, equal to or under an Ability. When
    successful, subtract the roll from the target's Armour, then deal the
    remaining total as harm to their Grit."

This module builds the dice of an attack (:func:`plan_attack`), rolls them
(:func:`roll_damage`) and gives the exact distribution of damage after armour
(:func:`damage_dist`, from :mod:`rules_py.core.dist`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules_py.cairn.rulesets import GRIT, rule_set
from rules_py.cairn.saves import ABILITY_MAX, ABILITY_MIN, EFFORT_HARM_DIE
from rules_py.core import dist
from rules_py.core.errors import RulesInputError, require_choice, require_int
from rules_py.core.rng import Rng

__all__ = [
    "AGAINST_DETACHMENT_NOTE",
    "ATTACKERS",
    "BLAST_TARGETS_NOTE",
    "BY_DETACHMENT_NOTE",
    "EFFORT_NOTE",
    "ENHANCED_DIE",
    "GRIT_ARMOUR_NOTE",
    "GRIT_HIT_NOTE",
    "GRIT_SHARED_ABILITY_NOTE",
    "IMPAIRED_DIE",
    "MAX_ARMOR",
    "MAX_BLAST_TARGETS",
    "MAX_DICE",
    "MISS",
    "MODIFIERS",
    "MODIFIER_SCOPE_NOTE",
    "NO_SECOND",
    "TARGETS",
    "UNARMED",
    "UNARMED_DIE",
    "UNARMED_NOTE",
    "WEAPON_DICE",
    "AttackPlan",
    "AttackSpec",
    "BlastTargets",
    "DamageRoll",
    "after_armor",
    "attack_spec",
    "blast_targets",
    "check_armor",
    "damage_dist",
    "hits",
    "judge_damage",
    "kept_dist",
    "kept_value",
    "miss_chance",
    "parse_dice_list",
    "parse_die",
    "plan_attack",
    "roll_blast_targets",
    "roll_damage",
    "roll_effort_harm",
]

WEAPON_DICE = (4, 6, 8, 10, 12)
UNARMED_DIE = 4
IMPAIRED_DIE = 4
ENHANCED_DIE = 12
MAX_ARMOR = 3
MAX_DICE = 12  # weapons plus other attackers: more than a table ever rolls at once
MAX_BLAST_TARGETS = 12  # as many as a d12 blast can catch when its die is rolled for them
UNARMED = "unarmed"  # the weapon choice of a fist
NO_SECOND = "none"  # no second weapon
MISS = 0  # the kept value of a Grit attack whose every die rolled over the ability

MODIFIERS = ("none", "impaired", "enhanced")
ATTACKERS = ("individual", "detachment")
TARGETS = ("pc", "npc", "detachment")

UNARMED_NOTE = "Unarmed attacks always roll a d4, even when enhanced."
MODIFIER_SCOPE_NOTE = "Impaired or enhanced applies to every die of the attack."
GRIT_HIT_NOTE = (
    "Grit variant: a die hits when it is equal to or under the ability; the highest hitting "
    "die is kept."
)
GRIT_ARMOUR_NOTE = (
    "Grit variant: the Armour takes its share of the roll and the rest is harm "
    "(roll minus Armour, never below 0); the Armour itself is not lost."
)
GRIT_SHARED_ABILITY_NOTE = "Every attacker's die is compared with the one ability entered."
EFFORT_NOTE = "Effort: the attacker takes 1d6 effort harm first, then rolls one extra die."
AGAINST_DETACHMENT_NOTE = "An individual attacking a detachment is impaired (blast excepted)."
BY_DETACHMENT_NOTE = "A detachment attacking an individual is enhanced and deals blast damage."


@dataclass(frozen=True)
class AttackSpec:
    """What the attacker brings, before the rules change any die."""

    rules: str
    weapons: tuple[int, ...]  # die sizes: main weapon, second weapon, other attackers
    unarmed: bool = False  # the main weapon is a fist: always d4
    modifier: str = "none"
    blast: bool = False
    attacker: str = "individual"
    target: str = "pc"
    effort: bool = False  # Grit variant only
    ability: int | None = None  # Grit variant: each die must roll equal to or under it


@dataclass(frozen=True)
class AttackPlan:
    """The dice actually rolled and why."""

    rules: str
    dice: tuple[int, ...]
    modifier: str
    blast: bool
    effort: bool
    hit_limit: int | None  # Grit variant: highest face that hits
    notes: tuple[str, ...]


def attack_spec(
    rules: str,
    weapon: str,
    second: str = NO_SECOND,
    others: str = "",
    *,
    modifier: str = "none",
    blast: bool = False,
    attacker: str = "individual",
    target: str = "pc",
    effort: bool = False,
    ability: int | None = None,
) -> AttackSpec:
    """An attack as a form writes it: a weapon ("d8" or "unarmed"), a second weapon
    ("none" or a die), other attackers' dice as text.

    An effort and the attacker's ability are rules of the Grit variant only: under
    the other rule sets they are ignored (their fields are hidden there).
    """
    grit = rule_set(rules).key == GRIT
    unarmed = weapon == UNARMED
    dice = [UNARMED_DIE if unarmed else parse_die(weapon, "weapon")]
    if second != NO_SECOND:
        dice.append(parse_die(second, "second"))
    dice += parse_dice_list(others)
    return AttackSpec(
        rules=rules,
        weapons=tuple(dice),
        unarmed=unarmed,
        modifier=modifier,
        blast=blast,
        attacker=attacker,
        target=target,
        effort=effort and grit,
        ability=ability if grit else None,
    )


def parse_die(text: str, field: str) -> int:
    """ "d8" (or "D8", "1d8", "8") -> 8; only the weapon dice d4-d12."""
    cleaned = text.strip().lower().removeprefix("1d").removeprefix("d")
    allowed = ", ".join(f"d{s}" for s in WEAPON_DICE)
    if cleaned.isascii() and cleaned.isdigit() and int(cleaned) in WEAPON_DICE:
        return int(cleaned)
    raise RulesInputError(field, f"Each die must be one of: {allowed} (got {text.strip()!r}).")


def parse_dice_list(text: str, field: str = "others") -> tuple[int, ...]:
    """Other attackers' dice, e.g. "d6, d8 d8": separated by commas, plus signs or spaces."""
    parts = text.replace(",", " ").replace("+", " ").split()
    if len(parts) > MAX_DICE:
        raise RulesInputError(field, f"At most {MAX_DICE} other attackers (got {len(parts)}).")
    return tuple(parse_die(part, field) for part in parts)


def _validate(spec: AttackSpec) -> None:
    ruleset = rule_set(spec.rules)
    require_choice("modifier", "Modifier", spec.modifier, MODIFIERS)
    require_choice("attacker", "Attacker", spec.attacker, ATTACKERS)
    require_choice("target", "Target", spec.target, TARGETS)
    if not spec.weapons:
        raise RulesInputError("weapon", "An attack needs at least one die.")
    if len(spec.weapons) > MAX_DICE:
        raise RulesInputError("others", f"An attack rolls at most {MAX_DICE} dice.")
    for sides in spec.weapons:
        if sides not in WEAPON_DICE:
            raise RulesInputError("weapon", f"Weapon dice are d4 to d12 (got d{sides}).")
    if spec.effort and not ruleset.effort:
        raise RulesInputError("effort", f"Effort is not a rule of {ruleset.document}.")
    if spec.rules == GRIT:
        if spec.ability is None:
            raise RulesInputError("ability", "The Grit variant needs the attacker's ability.")
        require_int("ability", "Attacker's ability", spec.ability, ABILITY_MIN, ABILITY_MAX)
        if "detachment" in (spec.attacker, spec.target):
            raise RulesInputError(
                "target" if spec.target == "detachment" else "attacker",
                "The Rules Summary has no detachments; choose the Cairn or Might and Heart rules.",
            )


def plan_attack(spec: AttackSpec) -> AttackPlan:
    """Apply detachments, impaired/enhanced, unarmed and effort to the attacker's dice."""
    _validate(spec)
    notes: list[str] = []
    modifier, blast = spec.modifier, spec.blast
    individual_target = spec.target in ("pc", "npc")
    if spec.attacker == "individual" and spec.target == "detachment" and not blast:
        modifier = "impaired"
        notes.append(AGAINST_DETACHMENT_NOTE)
    if spec.attacker == "detachment" and individual_target:
        modifier, blast = "enhanced", True
        notes.append(BY_DETACHMENT_NOTE)
    changed = {"none": None, "impaired": IMPAIRED_DIE, "enhanced": ENHANCED_DIE}[modifier]
    dice: list[int] = []
    for index, sides in enumerate(spec.weapons):
        if index == 0 and spec.unarmed:
            dice.append(UNARMED_DIE)
            if modifier == "enhanced":
                notes.append(UNARMED_NOTE)
        else:
            dice.append(changed or sides)
    if modifier != "none" and len(dice) > 1:
        notes.append(MODIFIER_SCOPE_NOTE)
    if spec.effort:
        dice.append(dice[0])
        notes.append(EFFORT_NOTE)
    hit_limit = spec.ability if spec.rules == GRIT else None
    if hit_limit is not None:
        notes += [GRIT_HIT_NOTE, GRIT_ARMOUR_NOTE]
        if len(spec.weapons) > 1:
            notes.append(GRIT_SHARED_ABILITY_NOTE)
    return AttackPlan(
        spec.rules, tuple(dice), modifier, blast, spec.effort, hit_limit, tuple(notes)
    )


def check_armor(armor: object) -> int:
    return require_int("armor", "Armour", armor, 0, MAX_ARMOR)


def after_armor(kept: int, armor: int) -> int:
    """Damage dealt: the kept die minus armour, never below 0."""
    return max(kept - armor, 0)


def hits(face: int, plan: AttackPlan) -> bool:
    return plan.hit_limit is None or face <= plan.hit_limit


def kept_value(faces: tuple[int, ...], plan: AttackPlan) -> int:
    """The single highest die (that hits, in the Grit variant); MISS if none hits."""
    hitting = [face for face in faces if hits(face, plan)]
    return max(hitting) if hitting else MISS


@dataclass(frozen=True)
class DamageRoll:
    faces: tuple[int, ...]  # in the order of plan.dice
    kept: int  # MISS (0) when a Grit attack missed
    armor: int
    damage: int

    @property
    def missed(self) -> bool:
        return self.kept == MISS

    @property
    def kept_index(self) -> int | None:
        return None if self.missed else self.faces.index(self.kept)


def judge_damage(plan: AttackPlan, faces: tuple[int, ...], armor: int) -> DamageRoll:
    armor = check_armor(armor)
    if len(faces) != len(plan.dice) or any(
        not 1 <= face <= sides for face, sides in zip(faces, plan.dice, strict=True)
    ):
        raise ValueError("faces do not match the planned dice")
    kept = kept_value(faces, plan)
    return DamageRoll(faces, kept, armor, after_armor(kept, armor))


def roll_damage(plan: AttackPlan, armor: int, rng: Rng) -> DamageRoll:
    """Roll every die of the plan once and keep the single highest (that hits)."""
    faces = tuple(rng.die(sides) for sides in plan.dice)
    return judge_damage(plan, faces, armor)


def kept_dist(plan: AttackPlan) -> dist.Dist[int]:
    """Exact distribution of the kept die (0 for a Grit miss)."""
    per_die = [
        dist.die(sides).map(lambda face: face if hits(face, plan) else MISS) for sides in plan.dice
    ]
    return dist.highest(*per_die)


def damage_dist(plan: AttackPlan, armor: int) -> dist.Dist[int]:
    """Exact distribution of the damage after armour."""
    armor = check_armor(armor)
    return kept_dist(plan).map(lambda kept: after_armor(kept, armor))


def miss_chance(plan: AttackPlan) -> Fraction:
    """Chance that no die hits (only the Grit variant can miss)."""
    return kept_dist(plan).prob(MISS)


def roll_blast_targets(plan: AttackPlan, rng: Rng) -> int:
    """ "If unsure how many targets can be affected, roll the related damage die." """
    return rng.die(plan.dice[0])


def roll_effort_harm(rng: Rng) -> int:
    """ "A PC can chose to make an effort and, before any roll, take 1d6 harm." """
    return rng.die(EFFORT_HARM_DIE)


# Where the text is silent: every target of one blast is entered once, so each
# has the same armour and scores; the damage is rolled separately for each.
BLAST_TARGETS_NOTE = (
    "Blast: every target here has the same armour and scores; roll again for others."
)


@dataclass(frozen=True)
class BlastTargets:
    """How many targets an attack hits; ``rolled`` is the damage die rolled for it, if any."""

    count: int
    rolled: int | None = None


def blast_targets(plan: AttackPlan, targets: int, unsure: bool, rng: Rng) -> BlastTargets:
    """One target, or a blast's: the number given, or the damage die rolled when unsure.

    "Attacks with the Blast quality affect all targets in the noted area, rolling
    separately for each affected character. [...] If unsure how many targets can
    be affected, roll the related damage die for a result." (Cairn, "Blast";
    Might and Heart, "Attack Modifiers", in nearly the same words)
    """
    if not plan.blast:
        return BlastTargets(1)
    if unsure:
        count = roll_blast_targets(plan, rng)
        return BlastTargets(count, count)
    count = require_int("targets", "Targets in the blast", targets, 1, MAX_BLAST_TARGETS)
    return BlastTargets(count)
