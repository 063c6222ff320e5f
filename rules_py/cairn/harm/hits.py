"""One hit resolved with dice: the damage dealt, the save (and scar) it calls
for, and what follows in the words of the rule set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules_py.cairn import saves as cairn
from rules_py.cairn.harm.injuries import harm_band
from rules_py.cairn.harm.stages import Stage, outcome_key, stage
from rules_py.cairn.harm.targets import Target, check_target
from rules_py.cairn.harm.texts import (
    CAIRN_DEX_WIL_ZERO,
    CAIRN_PC_CRITICAL,
    DIRECT_NOTE,
    GRIT_CRITICAL,
    GRIT_NPC_NOTE,
    MIGHT_HEART_DETACHMENT_NOTE,
    MIGHT_HEART_ZERO_NOTE,
    REDUCED_SAVE_NOTE,
    ZERO_SAVE_NOTE,
    cairn_zero,
    zero_meaning,
)
from rules_py.cairn.rulesets import CAIRN, GRIT, MIGHT_HEART, rule_set
from rules_py.cairn.scars import MAXIMUM_READING, TOTAL_READING, PcScores, ScarResult, roll_scar
from rules_py.core.rng import Rng

__all__ = ["HarmResult", "Tone", "apply_harm"]

Tone = Literal["good", "bad", "neutral"]


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
    target: Target, hit: Stage, key: str, rng: Rng, scores: PcScores | None
) -> tuple[str, Tone, list[str], ScarResult | None]:
    scar = None
    lines: list[str] = []
    if key == "zero":
        if target.kind == "pc":
            scores = scores or PcScores(
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


def apply_harm(target: Target, damage: int, rng: Rng, scores: PcScores | None = None) -> HarmResult:
    """Deal ``damage`` (after armour) to ``target``, rolling the save (and scar) it calls for.

    ``scores``: a Cairn PC's maximum and current scores for a scar's rolls,
    when they are known (a character sheet); without them the target's
    scores are taken as its maximums (``MAXIMUM_READING``).
    """
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
        headline, tone, extra, scar = _cairn_story(target, hit, key, rng, scores)
        lines += extra
        if scar is not None:
            notes += [TOTAL_READING] if scores else [TOTAL_READING, MAXIMUM_READING]
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
        return f"{hit.ability} 0: {cairn_zero(target, hit.ability)}", "bad"
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
