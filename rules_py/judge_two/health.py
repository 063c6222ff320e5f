"""A character's health and status in words, and the death check at the end
of a scene (The Way of All the Earth, "Health and Status" to "Death and Dying").

"A player character's health [...] is tracked with one pool of risk points
[...] and with a series of simple status effects": the risk pool (0 to 12,
a critical state from 7), the threats and marks borne, and the burdened
condition. What each does is the text's, one line each.

"The second is if they come to the end of a scene with three or more marks,
where at least one of the marks has been imposed by a martial (or physical)
attack, and where they do not have the opportunity to immediately rest and
recover."
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules_py.core.errors import RulesInputError, require_choice, require_int
from rules_py.judge_two import statuses
from rules_py.judge_two.attacks import BURDENED_EFFECT, CRITICAL_RISK, RISK_MAX

__all__ = [
    "IMMEDIATE_REST_NOTE",
    "MARK_EFFECTS",
    "NO_REST",
    "SCENE_RESTS",
    "THREAT_EFFECTS",
    "SceneEnd",
    "scene_end",
    "status_lines",
]

THREAT_EFFECTS: Mapping[str, str] = {
    "disarm": "Disarm strips a boon from the defender's control.",
    "entangle": "Entangle binds the attacker and defender together.",
    "misdirect": "Misdirect prevents the defender from attacking the character who "
    "misdirected them.",
    "weaken": "Weaken causes all attacks against the defender to be bold until the "
    "defender's next turn.",
}
MARK_EFFECTS: Mapping[str, str] = {
    "afflict": "Afflict prevents a character from using any of their abilities and from "
    "benefiting from any of the boons they have readied.",
    "crush": "Crush forces a character to choose to either perform a deed or to perform a "
    "test on their turn.",
    "pierce": "Pierce prevents a character from imposing threats or marks with successful attacks.",
    "stricken": "Stricken prevents a character from attacking in a round until an ally's "
    "attack results in an innocent success (a player character) or an opponent's defense "
    "results in a guilty failure (a non-player character).",
}
NO_REST = "none"
SCENE_RESTS = (NO_REST, *statuses.RESTS)
IMMEDIATE_REST_NOTE = (
    "The text does not say what an immediate rest must recover: here the character "
    "lives if the marks left after that rest no longer meet the condition."
)


def status_lines(
    risk: int, threats: Sequence[str], marks: Sequence[tuple[str, str]], burdened: bool
) -> list[str]:
    """What the character's risk and each token borne does, one line each.

    ``marks`` are (mark, form of the attack that imposed it) pairs.
    """
    risk = require_int("risk", "Risk", risk, 0, RISK_MAX)
    lines = [
        f"Risk {risk} of {RISK_MAX}: each successful attack adds {risk} degrees, less "
        "resistance and resolve."
        + (f" A critical state ({CRITICAL_RISK} or more)." if risk >= CRITICAL_RISK else "")
    ]
    for threat in dict.fromkeys(threats):
        require_choice("threat", "Threat", threat, statuses.THREATS)
        lines.append(THREAT_EFFECTS[threat])
    for mark, form in marks:
        require_choice("mark", "Mark", mark, statuses.MARKS)
        require_choice("form", "Form", form, statuses.FORMS)
        lines.append(f"{MARK_EFFECTS[mark]} ({form} mark; only a short or long rest recovers it)")
    if burdened:
        lines.append(BURDENED_EFFECT)
    return lines


@dataclass(frozen=True)
class SceneEnd:
    dies: bool
    marks_left: tuple[tuple[str, str], ...]
    text: str


def scene_end(
    marks: Sequence[tuple[str, str]], rest: str = NO_REST, recover: Sequence[str] = ()
) -> SceneEnd:
    """The death check at the end of a scene, after an immediate ``rest`` if any."""
    rest = require_choice("rest", "Immediate rest", rest, SCENE_RESTS)
    names = [mark for mark, _ in marks]
    if len(set(names)) != len(names):
        raise RulesInputError("marks", "Each mark is borne once.")
    chosen = [mark for mark in recover if mark]
    if rest == NO_REST:
        if chosen:
            raise RulesInputError("recover", "Without a rest no mark is recovered.")
        left = tuple(marks)
    else:
        kept = statuses.marks_after_rest(rest, names, chosen)
        left = tuple(pair for pair in marks if pair[0] in kept)
    forms = [form for _, form in left]
    dies = statuses.dies_at_scene_end(forms)
    count = len(left)
    martial = sum(form == "martial" for form in forms)
    after = "" if rest == NO_REST else f" after a {rest} rest"
    if dies:
        text = (
            f"{count} marks{after}, {martial} of them martial: the character fades out and "
            "dies without medical attention."
        )
    elif count >= statuses.DEATH_MARKS:
        text = f"{count} marks{after}, none martial: the character lives."
    else:
        text = f"{count} mark{'s' if count != 1 else ''}{after}: the character lives."
    return SceneEnd(dies, left, text)
