"""What damage does to a target, in each of the three rule sets.

Cairn ("Critical Damage"): damage goes to HP; "Damage that reduces a target's HP below
zero decreases a target's STR by the amount remaining. They must then make a
STR save to avoid critical damage." HP at exactly 0 gives a PC a scar.

Might and Heart ("Attribute Loss"): "Harm that reduces a target's HP below 0 decreases
the remainder from Might, for physical harm, Heart, for mind harm. They must
then make an Attribute Save and consult the Harm received on their Attributes
for Consequences" (the harm table, :func:`harm_table`, from ``data/harm.json``).

Grit variant (Cairn, Rules Summary: Harm): harm goes to Grit, then the remainder
to Prowess (physical), Insight (stress) or Resolve (effort); an Ability save
avoids critical damage, whose failure "takes them out of combat and reduces the
Ability in 1 permanently".

Readings where the texts are silent (each shown in the roller as a note):

* the save after ability loss is made against the reduced score;
* a score reduced to 0 cannot be saved against (no d20 roll is 0 or under);
* Might and Heart at 0 have no rule in their text (its one sentence on loss to
  0 speaks of STR, DEX and WIL), so the Warden decides;
* a Might and Heart detachment takes its harm on Might and "critical damage"
  is a failed save, as in Cairn.

:func:`apply_harm` resolves one hit with dice; :func:`outcome_dist` gives the
exact chance of every outcome of an attack, through :mod:`rules_py.core.dist`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Literal

from rules_py.cairn import saves as cairn
from rules_py.cairn.attack import check_armor
from rules_py.cairn.rulesets import CAIRN, GRIT, MIGHT_HEART, rule_set
from rules_py.cairn.scars import MAXIMUM_READING, TOTAL_READING, PcScores, ScarResult, roll_scar
from rules_py.core import dist
from rules_py.core.data import load_json
from rules_py.core.errors import RulesInputError, require_choice, require_int
from rules_py.core.ranges import IntRange
from rules_py.core.rng import Rng

__all__ = [
    "CAIRN_DEX_WIL_ZERO",
    "CAIRN_PC_CRITICAL",
    "DIRECT_ABILITIES",
    "DIRECT_NOTE",
    "GRIT_CRITICAL",
    "GRIT_NPC_NOTE",
    "HARM_KINDS",
    "MAX_POOL",
    "MIGHT_HEART_DETACHMENT_NOTE",
    "MIGHT_HEART_ZERO_NOTE",
    "REDUCED_SAVE_NOTE",
    "ZERO_MEANING",
    "ZERO_SAVE_NOTE",
    "HarmResult",
    "HarmRow",
    "Stage",
    "Target",
    "Tone",
    "apply_harm",
    "armor_against",
    "cairn_target",
    "chance_of",
    "check_target",
    "grit_target",
    "harm_band",
    "harm_table",
    "harmed_ability",
    "might_heart_target",
    "outcome_dist",
    "outcome_key",
    "outcome_labels",
    "stage",
    "target_for",
    "zero_meaning",
]

Tone = Literal["good", "bad", "neutral"]
MAX_POOL = 40  # HP or Grit; the text's toughest creature has 14
HARM_KINDS = {
    MIGHT_HEART: (("physical", "Might"), ("mind", "Heart")),
    GRIT: (("physical", "Prowess"), ("stress", "Insight"), ("effort", "Resolve")),
}


@dataclass(frozen=True)
class HarmRow:
    """A row of the Might and Heart harm table (Might and Heart, "Attribute Loss").

    ``written`` is the Harm column as the text writes it ("1:3", "6+").
    """

    range: IntRange
    written: str
    injury: str
    on_fail: str
    on_success: str


@cache
def harm_table() -> tuple[HarmRow, ...]:
    """The harm table, from ``data/harm.json``: the page renders the same rows."""
    return tuple(
        HarmRow(
            IntRange(raw["low"], raw["high"]),
            str(raw["written"]),
            str(raw["injury"]),
            str(raw["on_fail"]),
            str(raw["on_success"]),
        )
        for raw in load_json("cairn", "harm.json")
    )


ZERO_MEANING = {
    CAIRN: {"STR": "they die", "DEX": "they are paralyzed", "WIL": "they are delirious"},
    GRIT: {"Prowess": "death", "Insight": "condition", "Resolve": "panic"},
}
CAIRN_DEX_WIL_ZERO = (
    "Complete DEX and WIL loss renders the character unable to act until they are "
    "restored through extended rest or by extraordinary means."
)
REDUCED_SAVE_NOTE = "The save after ability loss is made against the reduced score."
ZERO_SAVE_NOTE = "A score of 0 cannot be saved against: no d20 roll is 0 or under."
MIGHT_HEART_ZERO_NOTE = (
    "This text gives no rule for Might or Heart at 0 (its sentence on loss to 0 speaks of "
    "STR, DEX and WIL); the Warden decides."
)
MIGHT_HEART_DETACHMENT_NOTE = (
    "A detachment takes harm on Might; a failed save is its critical damage, as in Cairn."
)
GRIT_NPC_NOTE = "The Rules Summary speaks of PCs; an NPC is treated the same way here."

CAIRN_PC_CRITICAL = (
    "Critical damage: the PC can do nothing but crawl weakly, grasping for life. "
    "With aid and rest they stabilize; left untreated, they die within the hour."
)
GRIT_CRITICAL = (
    "Critical damage: out of combat, and the {ability} is reduced by 1 permanently. "
    "The PC dies instantly if harmed further and cannot act until attended to; "
    "left alone, they die in one hour."
)


DIRECT_ABILITIES = ("STR", "DEX", "WIL")
DIRECT_NOTE = (
    'Damage dealt straight to an ability (such as a creature\'s "1d4 WIL damage") skips HP, '
    "armour and the save against critical damage."
)


def _cairn_zero(target: Target, ability: str) -> str:
    if target.kind == "detachment" and ability == "STR":
        return "destroyed"
    return ZERO_MEANING[CAIRN][ability]


def zero_meaning(rules: str, ability: str) -> str:
    """What a score of 0 means, in the words of the rules."""
    if rules == MIGHT_HEART:
        return MIGHT_HEART_ZERO_NOTE
    meaning = ZERO_MEANING[rules][ability]
    if rules == CAIRN:
        return f"{ability} 0: {meaning}."
    return f"{ability} at 0 means {meaning}."


def harm_band(harm: int) -> tuple[str, str, str]:
    """(injury, fail consequence, success consequence) for harm received (1 or more)."""
    for row in harm_table():
        if row.range.holds(harm):
            return row.injury, row.on_fail, row.on_success
    raise ValueError(f"harm must be at least 1, got {harm}")


# ---------------------------------------------------------------- targets


@dataclass(frozen=True)
class Target:
    """A target in any rule set. ``pool`` is HP (Grit in the Grit variant);
    ``scores`` are the abilities the rules use: STR/DEX/WIL, Might/Heart, or
    Prowess/Insight/Resolve; ``harm`` picks the ability for Might and Heart and
    for the Grit variant. ``max_hp`` only matters for Cairn's scars."""

    rules: str
    kind: str  # pc / npc / detachment
    pool: int
    scores: tuple[tuple[str, int], ...]
    harm: str = "physical"
    max_hp: int = 0
    direct: str = ""  # Cairn: an ability damaged directly ("1d4 WIL damage"), skipping HP

    def score(self, name: str) -> int:
        return dict(self.scores)[name]


def cairn_target(
    kind: str,
    hp: int,
    strength: int,
    dexterity: int = 10,
    willpower: int = 10,
    max_hp: int = 0,
    direct: str = "",
) -> Target:
    scores = (("STR", strength), ("DEX", dexterity), ("WIL", willpower))
    return check_target(Target(CAIRN, kind, hp, scores, max_hp=max_hp or hp, direct=direct))


def might_heart_target(kind: str, hp: int, might: int, heart: int, harm: str) -> Target:
    return check_target(Target(MIGHT_HEART, kind, hp, (("Might", might), ("Heart", heart)), harm))


def grit_target(
    kind: str, grit: int, prowess: int, insight: int, resolve: int, harm: str
) -> Target:
    scores = (("Prowess", prowess), ("Insight", insight), ("Resolve", resolve))
    return check_target(Target(GRIT, kind, grit, scores, harm))


HP_TO = "hp"  # the "Damage goes to" choice of an ordinary hit: HP, then STR


def target_for(
    rules: str,
    kind: str,
    *,
    hp: int = 6,
    max_hp: int = 6,
    goes_to: str = HP_TO,
    strength: int = 10,
    dexterity: int = 10,
    willpower: int = 10,
    might: int = 10,
    heart: int = 10,
    harm: str = "physical",
    grit: int = 3,
    prowess: int = 10,
    insight: int = 10,
    resolve: int = 10,
    grit_harm: str = "physical",
) -> Target:
    """The target a form describes, reading only the scores ``rules`` uses.

    Max HP counts for a Cairn PC only (scars compare with it); ``goes_to`` is
    "hp" for an ordinary hit or the ability a Cairn effect damages directly.
    """
    rules = rule_set(rules).key
    if rules == CAIRN:
        return cairn_target(
            kind,
            hp=hp,
            strength=strength,
            dexterity=dexterity,
            willpower=willpower,
            max_hp=max_hp if kind == "pc" else 0,
            direct="" if goes_to == HP_TO else goes_to,
        )
    if rules == MIGHT_HEART:
        return might_heart_target(kind, hp, might, heart, harm)
    return grit_target(kind, grit, prowess, insight, resolve, grit_harm)


def armor_against(target: Target, armor: int) -> int:
    """The armour that counts: none against damage dealt straight to an ability.

    Cairn's creatures deal some damage to an ability by name ("1d4 WIL damage"),
    which no armour stops; every other hit subtracts the target's armour.
    """
    armor = check_armor(armor)
    return 0 if target.direct else armor


_SCORE_FIELDS = {
    "STR": "strength",
    "DEX": "dexterity",
    "WIL": "willpower",
    "Might": "might",
    "Heart": "heart",
    "Prowess": "prowess",
    "Insight": "insight",
    "Resolve": "resolve",
}


def check_target(target: Target) -> Target:
    ruleset = rule_set(target.rules)
    kinds = ("pc", "npc") if target.rules == GRIT else ("pc", "npc", "detachment")
    require_choice("target", "Target", target.kind, kinds)
    require_int(
        "grit" if target.rules == GRIT else "hp",
        f"Target's {ruleset.protection}",
        target.pool,
        0,
        MAX_POOL,
    )
    for name, value in target.scores:
        require_int(_SCORE_FIELDS[name], f"Target's {name}", value, 1, cairn.ABILITY_MAX)
    if target.rules in HARM_KINDS:
        field = "grit_harm" if target.rules == GRIT else "harm"
        allowed = tuple(kind for kind, _ in HARM_KINDS[target.rules])
        require_choice(field, "Kind of harm", target.harm, allowed)
    if target.direct:
        if target.rules != CAIRN:
            raise RulesInputError("goes_to", "Direct ability damage is a Cairn rule here.")
        require_choice("goes_to", "Damage goes to", target.direct, DIRECT_ABILITIES)
    if target.rules == CAIRN and target.kind == "pc":
        require_int("max_hp", "Target's max HP", target.max_hp, 1, MAX_POOL)
        if target.pool > target.max_hp:
            raise RulesInputError(
                "hp", f"HP cannot be more than max HP ({target.pool} > {target.max_hp})."
            )
    return target


def harmed_ability(target: Target) -> str:
    """The ability that takes the damage beyond HP (or Grit)."""
    if target.direct:
        return target.direct
    if target.rules == CAIRN:
        return "STR"
    return dict(HARM_KINDS[target.rules])[target.harm]


# ---------------------------------------------------------------- one hit, step by step


@dataclass(frozen=True)
class Stage:
    """Everything a hit decides before any save is rolled."""

    damage: int
    pool_after: int
    overflow: int
    ability: str
    ability_after: int
    direct: bool = False

    @property
    def needs_save(self) -> bool:
        # Only damage carried over from HP calls for the save against critical damage.
        return self.overflow > 0 and self.ability_after > 0 and not self.direct


def stage(target: Target, damage: int) -> Stage:
    damage = require_int("damage", "Damage", damage, 0, 99)
    ability = harmed_ability(target)
    if target.direct:
        return Stage(
            damage=damage,
            pool_after=target.pool,
            overflow=damage,
            ability=ability,
            ability_after=max(target.score(ability) - damage, 0),
            direct=True,
        )
    overflow = max(damage - target.pool, 0)
    return Stage(
        damage=damage,
        pool_after=max(target.pool - damage, 0),
        overflow=overflow,
        ability=ability,
        ability_after=max(target.score(ability) - overflow, 0),
    )


def outcome_key(target: Target, hit: Stage, passed: bool | None) -> str:
    """The kind of outcome, named the same way for rolls and odds.

    ``passed`` is the save's result, or None where no save is rolled.
    """
    if hit.damage == 0:
        return "unhurt"
    if hit.direct:
        return "dead" if hit.ability_after == 0 else "ability"
    if hit.overflow == 0:
        return "zero" if hit.pool_after == 0 and target.rules == CAIRN else "pool"
    if target.rules == MIGHT_HEART and target.kind != "detachment":
        injury = harm_band(hit.overflow)[0].lower()
        return f"{'saved' if passed else 'failed'}-{injury}"
    if hit.ability_after == 0:
        return "dead"
    return "saved" if passed else "critical"


def outcome_labels(target: Target) -> tuple[tuple[str, str], ...]:
    """Every outcome of a hit on ``target`` in display order, with its label."""
    ruleset = rule_set(target.rules)
    pool = ruleset.protection
    ability = harmed_ability(target)
    if target.direct:
        return (
            ("unhurt", "No damage"),
            ("ability", f"{ability} loss"),
            ("dead", f"{ability} 0: {_cairn_zero(target, ability)}"),
        )
    labels: list[tuple[str, str]] = [("unhurt", "No damage"), ("pool", f"{pool} loss only")]
    if target.rules == CAIRN:
        exact = "HP exactly 0 (scar)" if target.kind == "pc" else "HP exactly 0"
        labels.append(("zero", exact))
    if target.rules == MIGHT_HEART and target.kind != "detachment":
        for row in harm_table():
            key = row.injury.lower()
            labels.append((f"saved-{key}", f"{row.injury} harm, save passed"))
            labels.append((f"failed-{key}", f"{row.injury} harm, save failed ({row.on_fail})"))
            if row.on_success:
                labels[-2] = (
                    f"saved-{key}",
                    f"{row.injury} harm, save passed ({row.on_success})",
                )
        return tuple(labels)
    labels.append(("saved", f"{ability} loss, save passed"))
    if target.kind == "detachment":
        labels += [("critical", "Critical damage: routed"), ("dead", f"{ability} 0: destroyed")]
    elif target.rules == GRIT:
        meaning = ZERO_MEANING[GRIT][ability]
        labels += [("critical", "Critical damage"), ("dead", f"{ability} 0: {meaning}")]
    else:
        labels += [("critical", "Critical damage"), ("dead", f"{ability} 0: dies")]
    return tuple(labels)


def _hit_outcomes(target: Target, hit: Stage) -> dist.Dist[str]:
    if not hit.needs_save:
        # Might and Heart at 0: the save cannot pass, so it is a failure.
        return dist.constant(outcome_key(target, hit, False))
    passed = cairn.pass_chance(hit.ability_after, target.rules)
    return dist.weighted(
        {
            outcome_key(target, hit, True): passed,
            outcome_key(target, hit, False): 1 - passed,
        }
    )


def outcome_dist(target: Target, damage: dist.Dist[int]) -> dist.Dist[str]:
    """Exact chance of each outcome of one hit whose damage follows ``damage``."""
    target = check_target(target)
    return damage.then(lambda amount: _hit_outcomes(target, stage(target, amount)))


@dataclass(frozen=True)
class HarmResult:
    target: Target
    stage: Stage
    save: cairn.SaveResult | None
    outcome: str
    headline: str
    tone: Tone
    lines: tuple[str, ...]
    notes: tuple[str, ...]
    scar: ScarResult | None = None


def _cairn_story(
    target: Target, hit: Stage, key: str, rng: Rng
) -> tuple[str, Tone, list[str], ScarResult | None]:
    scar = None
    lines: list[str] = []
    if key == "zero":
        if target.kind == "pc":
            scores = PcScores(
                target.max_hp, target.score("STR"), target.score("DEX"), target.score("WIL")
            )
            scar = roll_scar(hit.damage, scores, rng)
            return f"HP exactly 0: scar ({scar.scar.name})", "bad", lines, scar
        if target.kind == "npc":
            lines.append("A lone foe reduced to 0 HP must now pass a WIL save (Morale).")
        return "HP exactly 0", "neutral", lines, None
    if key == "dead":
        deaths = {
            "pc": "STR 0: the PC dies",
            "npc": "STR 0: dead",
            "detachment": "STR 0: destroyed",
        }
        return deaths[target.kind], "bad", lines, None
    if key == "critical":
        if target.kind == "pc":
            lines.append(CAIRN_PC_CRITICAL)
        elif target.kind == "detachment":
            lines.append(
                "When a detachment takes critical damage, it is routed or significantly weakened."
            )
        else:
            lines.append("Some enemies have special effects when their target fails this save.")
        headline = "Critical damage: routed" if target.kind == "detachment" else "Critical damage"
        return headline, "bad", lines, None
    return "", "neutral", lines, None


def apply_harm(target: Target, damage: int, rng: Rng) -> HarmResult:
    """Deal ``damage`` (after armour) to ``target``, rolling the save (and scar) it calls for."""
    target = check_target(target)
    hit = stage(target, damage)
    save = cairn.roll_save(hit.ability_after, rng, target.rules) if hit.needs_save else None
    key = outcome_key(target, hit, None if save is None else save.passed)
    pool = rule_set(target.rules).protection
    lines: list[str] = []
    notes: list[str] = []
    if hit.damage and hit.direct:
        before = target.score(hit.ability)
        lines.append(f"{hit.ability} {before} \u2212 {hit.damage} = {hit.ability_after}.")
        notes.append(DIRECT_NOTE)
    elif hit.damage:
        if hit.overflow:
            lines.append(
                f"{pool} {target.pool} \u2212 {hit.damage}: {pool} 0, {hit.overflow} left over."
            )
        else:
            lines.append(f"{pool} {target.pool} \u2212 {hit.damage} = {hit.pool_after}.")
    if hit.overflow and not hit.direct:
        before = target.score(hit.ability)
        lines.append(f"{hit.ability} {before} \u2212 {hit.overflow} = {hit.ability_after}.")
        notes.append(REDUCED_SAVE_NOTE)
    if save is not None:
        verdict = "passed" if save.passed else "failed"
        lines.append(
            f"{hit.ability} save: rolled {save.roll} against {hit.ability_after}, {verdict}."
        )
    elif hit.overflow and hit.ability_after == 0 and target.rules == MIGHT_HEART:
        notes.append(ZERO_SAVE_NOTE)

    headline = ""
    tone: Tone = "neutral"
    scar: ScarResult | None = None
    if key == "unhurt":
        headline, tone = "No damage", "good"
    elif hit.direct:
        headline, tone = _direct_story(target, hit, key, lines)
    elif key == "pool":
        headline = f"{pool} {hit.pool_after} left"
    elif target.rules == CAIRN:
        headline, tone, extra, scar = _cairn_story(target, hit, key, rng)
        lines += extra
        if scar is not None:
            notes += [TOTAL_READING, MAXIMUM_READING]
    elif target.rules == MIGHT_HEART:
        headline, tone = _might_heart_story(target, hit, key, lines, notes)
    else:
        headline, tone = _grit_story(target, hit, key, lines, notes)
    if key == "saved":
        headline, tone = f"{hit.ability} {hit.ability_after}: save passed", "neutral"
    return HarmResult(target, hit, save, key, headline, tone, tuple(lines), tuple(notes), scar)


def _direct_story(target: Target, hit: Stage, key: str, lines: list[str]) -> tuple[str, Tone]:
    if key == "dead":
        if hit.ability in ("DEX", "WIL"):
            lines.append(CAIRN_DEX_WIL_ZERO)
        return f"{hit.ability} 0: {_cairn_zero(target, hit.ability)}", "bad"
    return f"{hit.ability} {hit.ability_after} left", "neutral"


def _might_heart_story(
    target: Target, hit: Stage, key: str, lines: list[str], notes: list[str]
) -> tuple[str, Tone]:
    if target.kind == "detachment":
        notes.append(MIGHT_HEART_DETACHMENT_NOTE)
        if key == "dead":
            return f"{hit.ability} 0: destroyed", "bad"
        if key == "critical":
            lines.append(
                "When a detachment takes critical damage, it is routed or significantly weakened."
            )
            return "Critical damage: routed", "bad"
        return "", "neutral"
    injury, on_fail, on_success = harm_band(hit.overflow)
    if hit.ability_after == 0:
        notes.append(MIGHT_HEART_ZERO_NOTE)
    passed = key.startswith("saved")
    consequence = on_success if passed else on_fail
    lines.append(
        f"Harm {hit.overflow} on {hit.ability}: {injury} injury. "
        + (f"Consequence: {consequence}." if consequence else "No consequence on a success.")
    )
    if passed:
        return f"{injury} injury, save passed" + (f": {on_success}" if on_success else ""), (
            "good" if on_success else "neutral"
        )
    return f"{injury} injury: {on_fail}", "bad"


def _grit_story(
    target: Target, hit: Stage, key: str, lines: list[str], notes: list[str]
) -> tuple[str, Tone]:
    if target.kind == "npc":
        notes.append(GRIT_NPC_NOTE)
    if key == "dead":
        notes.append(ZERO_SAVE_NOTE)
        return zero_meaning(GRIT, hit.ability), "bad"
    if key == "critical":
        lines.append(GRIT_CRITICAL.format(ability=hit.ability))
        return f"Critical damage: permanent {hit.ability} \u22121", "bad"
    return "", "neutral"


def chance_of(outcomes: dist.Dist[str], keys: tuple[str, ...]) -> Fraction:
    return outcomes.where(lambda key: key in keys)
