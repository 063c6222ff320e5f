"""The target of a hit in each rule set: HP (or Grit), the abilities that take
what goes beyond, and the kind of harm; checked like typed input.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.cairn import saves as cairn
from rules_py.cairn.attack import check_armor
from rules_py.cairn.rulesets import CAIRN, GRIT, MIGHT_HEART, rule_set
from rules_py.core.errors import RulesInputError, require_choice, require_int

__all__ = [
    "DIRECT_ABILITIES",
    "HARM_KINDS",
    "HP_TO",
    "MAX_POOL",
    "Target",
    "armor_against",
    "cairn_target",
    "check_target",
    "grit_target",
    "harmed_ability",
    "might_heart_target",
    "target_for",
]

MAX_POOL = 40  # HP or Grit; the text's toughest creature has 14
HARM_KINDS = {
    MIGHT_HEART: (("physical", "Might"), ("mind", "Heart")),
    GRIT: (("physical", "Prowess"), ("stress", "Insight"), ("effort", "Resolve")),
}

DIRECT_ABILITIES = ("STR", "DEX", "WIL")


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
