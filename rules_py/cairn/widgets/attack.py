"""Widget ``cairn.attack``: roll an attack, subtract armour, and follow the damage through.

The odds preview shows the exact distribution of damage after armour and the
chance of each outcome of one hit; a roll shows every die, the one kept, and
what the damage does to the target under the chosen rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules_py.cairn import attack, harm
from rules_py.cairn.rulesets import CAIRN, CHOICES, GRIT, MIGHT_HEART, rule_set
from rules_py.cairn.saves import ABILITY_MAX, ABILITY_MIN, EFFORT_HARM_DIE, EFFORT_HARM_GOES
from rules_py.cairn.scars import ScarResult
from rules_py.core.rng import Rng
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    FormValues,
    Widget,
    bool_field,
    chance_text,
    chart,
    choice_field,
    dice,
    die_face,
    facts,
    int_field,
    line,
    note,
    outcome,
)

__all__ = ["WIDGETS"]

_WEAPON_DICE = tuple((f"d{sides}", f"d{sides}") for sides in attack.WEAPON_DICE)
WEAPONS = (*_WEAPON_DICE, (attack.UNARMED, f"Unarmed (d{attack.UNARMED_DIE})"))
SECOND_WEAPONS = ((attack.NO_SECOND, "None"), *_WEAPON_DICE)
MODIFIERS = (
    ("none", "Normal"),
    ("impaired", f"Impaired (d{attack.IMPAIRED_DIE})"),
    ("enhanced", f"Enhanced (d{attack.ENHANCED_DIE})"),
)
GOES_TO = (
    (harm.HP_TO, "HP, then STR"),
    *((ability, f"{ability} directly") for ability in harm.DIRECT_ABILITIES),
)
BLAST = {"blast": ("true",)}
CAIRN_ONLY = {"rules": (CAIRN,)}
CAIRN_PC = {"rules": (CAIRN,), "target": ("pc",)}
HP_RULES = {"rules": (CAIRN, MIGHT_HEART)}
MIGHT_HEART_ONLY = {"rules": (MIGHT_HEART,)}
GRIT_ONLY = {"rules": (GRIT,)}
_HARM_WORDS = {"physical": "Physical", "mind": "Mind", "stress": "Stress", "effort": "Effort"}


def _harm_kinds(rules: str) -> tuple[tuple[str, str], ...]:
    return tuple(
        (kind, f"{_HARM_WORDS[kind]} (to {ability})") for kind, ability in harm.HARM_KINDS[rules]
    )


def _score(
    name: str, label: str, shown_when: Mapping[str, tuple[str, ...]], default: int = 10
) -> Field:
    return int_field(name, label, default, ABILITY_MIN, ABILITY_MAX, shown_when=shown_when)


@dataclass(frozen=True)
class AttackValues(FormValues):
    rules: str
    weapon: str
    second: str
    others: str
    modifier: str
    blast: bool
    targets: int
    roll_targets: bool
    attacker: str
    target: str
    ability: int
    effort: bool
    armor: int
    hp: int
    grit: int
    max_hp: int
    goes_to: str
    strength: int
    dexterity: int
    willpower: int
    harm: str
    might: int
    heart: int
    grit_harm: str
    prowess: int
    insight: int
    resolve: int


# ---------------------------------------------------------------- from the form to the engine


def _spec(values: AttackValues) -> attack.AttackSpec:
    return attack.attack_spec(
        values.rules,
        values.weapon,
        values.second,
        values.others,
        modifier=values.modifier,
        blast=values.blast,
        attacker=values.attacker,
        target=values.target,
        effort=values.effort,
        ability=values.ability,
    )


def _target(values: AttackValues) -> harm.Target:
    return harm.target_for(
        values.rules,
        values.target,
        hp=values.hp,
        max_hp=values.max_hp,
        goes_to=values.goes_to,
        strength=values.strength,
        dexterity=values.dexterity,
        willpower=values.willpower,
        might=values.might,
        heart=values.heart,
        harm=values.harm,
        grit=values.grit,
        prowess=values.prowess,
        insight=values.insight,
        resolve=values.resolve,
        grit_harm=values.grit_harm,
    )


def _dice_text(plan: attack.AttackPlan) -> str:
    rolled = " + ".join(f"d{sides}" for sides in plan.dice)
    if plan.hit_limit is not None:
        several = "keeps the highest die" if len(plan.dice) > 1 else "hits"
        return f"Rolls {rolled} and {several} equal to or under {plan.hit_limit}."
    if len(plan.dice) == 1:
        return f"Rolls {rolled}."
    return f"Rolls {rolled} and keeps the single highest."


# ---------------------------------------------------------------- odds


def _miss_text(chance: Fraction) -> str:
    return chance_text(chance) if chance else "0% (every face is at or under the ability)"


def _odds(values: AttackValues) -> list[Block]:
    plan = attack.plan_attack(_spec(values))
    target = _target(values)
    armor = harm.armor_against(target, values.armor)
    damage = attack.damage_dist(plan, armor)
    bars = [(str(amount), chance) for amount, chance in damage.items()]
    blocks: list[Block] = [
        line(_dice_text(plan)),
        chart(
            f"Damage after {armor} armour",
            bars,
            mean=damage.mean(),
            summary=f"Exact chance of each damage total after subtracting {armor} armour.",
        ),
    ]
    if plan.hit_limit is not None:
        blocks.append(
            facts(
                [
                    (
                        "Chance to miss (every die over the ability)",
                        _miss_text(attack.miss_chance(plan)),
                    )
                ]
            )
        )
    outcomes = harm.outcome_dist(target, damage)
    blocks.append(line("What one hit does:"))
    blocks.append(
        facts(
            (label, chance_text(outcomes.prob(key)))
            for key, label in harm.outcome_labels(target)
            if outcomes.prob(key)
        )
    )
    blocks += [note(text) for text in plan.notes]
    if target.direct:
        blocks.append(note(harm.DIRECT_NOTE))
    return blocks


# ---------------------------------------------------------------- a roll


def _damage_dice(plan: attack.AttackPlan, rolled: attack.DamageRoll) -> Block:
    faces = []
    kept_index = rolled.kept_index
    for index, (face, sides) in enumerate(zip(rolled.faces, plan.dice, strict=True)):
        tags: list[str] = []
        if not attack.hits(face, plan):
            tags.append("failure")
        if len(plan.dice) > 1 or tags:
            tags.append("kept" if index == kept_index else "dropped")
        faces.append(die_face(face, sides, *tags))
    return dice("Damage dice", faces)


def _damage_line(plan: attack.AttackPlan, rolled: attack.DamageRoll, chance: str) -> str:
    if rolled.missed:
        return f"Every die rolled over the ability ({plan.hit_limit}): the attack misses."
    return (
        f"Kept {rolled.kept} \u2212 armour {rolled.armor} = {rolled.damage} damage "
        f"(a chance of {chance} for this damage)."
    )


def _scar_blocks(scar: ScarResult) -> list[Block]:
    blocks: list[Block] = [line(f"Scar {scar.scar.total}, {scar.scar.name}: {scar.scar.text}")]
    for sub in scar.rolls:
        blocks.append(dice(sub.label, [die_face(face, sub.sides) for face in sub.dice]))
        blocks.append(line(sub.result))
    return blocks


def _one_target(
    plan: attack.AttackPlan,
    armor: int,
    target: harm.Target,
    rng: Rng,
    label: str,
    notes: list[str],
) -> list[Block]:
    rolled = attack.roll_damage(plan, armor, rng)
    chance = chance_text(attack.damage_dist(plan, armor)[rolled.damage])
    result = harm.apply_harm(target, rolled.damage, rng)
    blocks: list[Block] = []
    if label:
        blocks.append(line(label))
    blocks += [_damage_dice(plan, rolled), line(_damage_line(plan, rolled, chance))]
    tone = result.tone
    blocks.append(outcome(result.headline or "Hit", tone))
    blocks += [line(text) for text in result.lines]
    if result.scar is not None:
        blocks += _scar_blocks(result.scar)
    notes += result.notes
    return blocks


def _roll(values: AttackValues, rng: Rng) -> list[Block]:
    plan = attack.plan_attack(_spec(values))
    target = _target(values)
    armor = harm.armor_against(target, values.armor)
    blocks: list[Block] = []
    notes: list[str] = list(plan.notes)
    if plan.effort:
        taken = attack.roll_effort_harm(rng)
        blocks.append(
            dice(f"Effort harm (1d{EFFORT_HARM_DIE})", [die_face(taken, EFFORT_HARM_DIE)])
        )
        blocks.append(line(f"The attacker takes {taken} harm ({EFFORT_HARM_GOES})."))
    hit = attack.blast_targets(plan, values.targets, values.roll_targets, rng)
    count = hit.count
    if hit.rolled is not None:
        blocks.append(dice(f"Targets (d{plan.dice[0]})", [die_face(hit.rolled, plan.dice[0])]))
        blocks.append(line(f"The blast catches {count} target{'s' if count != 1 else ''}."))
    for index in range(count):
        label = f"Target {index + 1}" if count > 1 else ""
        blocks += _one_target(plan, armor, target, rng, label, notes)
    if count > 1:
        notes.append(attack.BLAST_TARGETS_NOTE)
    seen: list[str] = []
    for text in notes:
        if text not in seen:
            seen.append(text)
    blocks += [note(text) for text in seen]
    return blocks


def handle(call: Call[AttackValues]) -> dict[str, Any]:
    values = call.values
    rule_set(values.rules)
    if call.action == "odds":
        return {"view": _odds(values)}
    return {"view": _roll(values, call.rng)}


def _special_dice() -> str:
    """ "d4 unarmed or impaired, d12 enhanced": the dice that replace the weapon's."""
    if attack.UNARMED_DIE == attack.IMPAIRED_DIE:
        smaller = f"d{attack.UNARMED_DIE} unarmed or impaired"
    else:
        smaller = f"d{attack.UNARMED_DIE} unarmed, d{attack.IMPAIRED_DIE} impaired"
    return f"{smaller}, d{attack.ENHANCED_DIE} enhanced"


WIDGETS = (
    Widget(
        name="cairn.attack",
        title="Attack roller",
        summary=(
            "Roll the damage dice, keep the single highest, subtract armour, and follow the "
            "damage through HP (or Grit) to the abilities."
        ),
        hand_roll=(
            f"Roll the weapon die ({_special_dice()}); with two weapons or "
            "several attackers roll every die and keep the single highest. Subtract the "
            f"target's armour (at most {attack.MAX_ARMOR}). Damage comes off HP; what goes "
            "below 0 comes off STR, and the target makes a STR save against critical damage."
        ),
        fields=(
            choice_field("rules", "Rules", CHOICES, advanced=True),
            choice_field("weapon", "Weapon die", WEAPONS, default="d6"),
            choice_field("second", "Second weapon (dual weapons)", SECOND_WEAPONS),
            Field(
                "others",
                "Other attackers' dice",
                "text",
                "",
                help="For example: d6, d8. Every die is rolled and the single highest counts.",
                max_length=80,
                advanced=True,
            ),
            choice_field("modifier", "Attack", MODIFIERS, advanced=True),
            bool_field("blast", "Blast (rolled separately for each target)", advanced=True),
            int_field(
                "targets", "Targets in the blast", 1, 1, attack.MAX_BLAST_TARGETS, shown_when=BLAST,
                advanced=True,
            ),
            bool_field(
                "roll_targets", "Not sure how many? Roll the damage die", shown_when=BLAST,
                advanced=True,
            ),
            choice_field(
                "attacker",
                "Attacker",
                (("individual", "An individual"), ("detachment", "A detachment")),
            ),
            choice_field(
                "target",
                "Target",
                (("pc", "A PC"), ("npc", "An NPC or monster"), ("detachment", "A detachment")),
            ),
            _score(
                "ability",
                "Attacker's ability (each die must roll equal to or under it)",
                GRIT_ONLY,
                12,
            ),
            bool_field(
                "effort",
                f"Make an effort (take 1d{EFFORT_HARM_DIE} harm, roll one extra die)",
                shown_when=GRIT_ONLY,
            ),
            int_field("armor", "Target's armour", 0, 0, attack.MAX_ARMOR),
            int_field("hp", "Target's HP", 6, 0, harm.MAX_POOL, shown_when=HP_RULES),
            int_field("grit", "Target's Grit", 3, 0, harm.MAX_POOL, shown_when=GRIT_ONLY),
            int_field("max_hp", "Target's max HP", 6, 1, harm.MAX_POOL, shown_when=CAIRN_PC),
            choice_field(
                "goes_to",
                "Damage goes to",
                GOES_TO,
                shown_when=CAIRN_ONLY,
                help='Directly: a creature\'s effect such as "1d4 WIL damage".',
            ),
            _score("strength", "Target's STR", CAIRN_ONLY),
            _score("dexterity", "Target's DEX", CAIRN_ONLY),
            _score("willpower", "Target's WIL", CAIRN_ONLY),
            choice_field(
                "harm", "Kind of harm", _harm_kinds(MIGHT_HEART), shown_when=MIGHT_HEART_ONLY
            ),
            _score("might", "Target's Might", MIGHT_HEART_ONLY),
            _score("heart", "Target's Heart", MIGHT_HEART_ONLY),
            choice_field("grit_harm", "Kind of harm", _harm_kinds(GRIT), shown_when=GRIT_ONLY),
            _score("prowess", "Target's Prowess", GRIT_ONLY),
            _score("insight", "Target's Insight", GRIT_ONLY),
            _score("resolve", "Target's Resolve", GRIT_ONLY),
        ),
        values=AttackValues,
        actions=(Action("roll", "Attack"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
    ),
)
