"""Threats, marks and finishers a character bears, rest, and the two ways to
die (The Way of All the Earth, "Attacks and Defenses" to "Death and Dying").

Threats: "Disarm", "Entangle", "Misdirect", "Weaken"; marks: "Afflict",
"Crush", "Pierce", "Stricken". "A character suffering from a mark can only
recover from the mark with a period of short or long rest."

"Following a quick rest player characters reduce their risk pool to zero";
a short rest also lets them "recover from either the afflict mark or the
stricken mark"; a long rest, "from any two marks of their choice".

"There are two ways for a character to die. The first is if they have a
finisher imposed on them by a martial attack or some other attack of a
physical nature. [...] The second is if they come to the end of a scene with
three or more marks, where at least one of the marks has been imposed by a
martial (or physical) attack".

Keen boons keep two threats off: "If a character has a shield readied then
they cannot have the entangle or the weaken threats imposed on them by
martial attacks"; "Composed characters cannot have the entangle or the weaken
threats imposed on them by subtle attacks". Composure is lost "if they have
a mark imposed on them by a subtle attacks".
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_py.core.errors import RulesInputError

__all__ = [
    "DEATH_MARKS",
    "FORMS",
    "KEEN_GUARDED",
    "LONG",
    "MARKS",
    "QUICK",
    "RESTS",
    "REST_MARKS",
    "SHORT",
    "SHORT_REST_MARKS",
    "THREATS",
    "dies_at_scene_end",
    "finisher_kills",
    "keen_guarded",
    "marks_after_rest",
]

THREATS = ("disarm", "entangle", "misdirect", "weaken")
MARKS = ("afflict", "crush", "pierce", "stricken")
# "three forms of resistance, one for each of the three major forms of conflict"
FORMS = ("martial", "subtle", "epic")
QUICK, SHORT, LONG = "quick", "short", "long"
RESTS = (QUICK, SHORT, LONG)
REST_MARKS = {QUICK: 0, SHORT: 1, LONG: 2}  # marks a rest of each length recovers
SHORT_REST_MARKS = ("afflict", "stricken")
KEEN_GUARDED = ("entangle", "weaken")
DEATH_MARKS = 3


def keen_guarded(threat: str, form: str, *, shield: bool, composed: bool) -> bool:
    """Whether a readied shield (martial) or composure (subtle) keeps ``threat`` off."""
    if threat not in KEEN_GUARDED:
        return False
    return (form == "martial" and shield) or (form == "subtle" and composed)


def finisher_kills(form: str) -> bool:
    """A finisher by a martial attack kills (with the gamemaster's confirmation)."""
    return form == "martial"


def dies_at_scene_end(forms: Sequence[str]) -> bool:
    """Three or more marks, one of them martial, kill at the end of the scene
    unless the character can rest and recover at once."""
    return len(forms) >= DEATH_MARKS and "martial" in forms


def marks_after_rest(length: str, borne: Sequence[str], chosen: Sequence[str]) -> tuple[str, ...]:
    """The marks still borne after a rest of ``length``, recovering ``chosen``.

    A short rest recovers one mark, the afflict or the stricken mark; a long
    rest any two; a quick rest none. Choosing fewer than allowed is fine.
    """
    allowed = REST_MARKS[length]
    if len(chosen) > allowed:
        marks = "mark" if allowed == 1 else "marks"
        raise RulesInputError("recover", f"A {length} rest recovers at most {allowed} {marks}.")
    left = list(borne)
    for mark in chosen:
        if length == SHORT and mark not in SHORT_REST_MARKS:
            raise RulesInputError(
                "recover", "A short rest recovers either the afflict mark or the stricken mark."
            )
        if mark not in left:
            raise RulesInputError("recover", f"There is no {mark} mark to recover from.")
        left.remove(mark)
    return tuple(left)
