"""Who has the highest prestige in a subtle conflict (The Way of All the Earth,
"Prestige").

    "The character with the highest prestige is the one who meets the most of
    the following three conditions": the wealthiest (apparent wealth), native
    to the place, and "Male characters have more prestige in public spaces and
    female characters have more prestige in private spaces." "If there is a
    tie [...] then the character with the larger and more armed crowd of
    followers breaks the tie. If after even this there is an apparent tie,
    then all of the characters [...] have low prestige". "Any characters who
    do not have the highest prestige but are allied with the character who
    does, have middle prestige. All other characters have low prestige."

    "Supernal beings [...] always have the highest prestige [...]. Priests of
    the royal cults always have a higher prestige than any other mortal
    character." Revealed shuvin "have a higher prestige than any other mortal
    character, except for priests of the royal cults, which they are
    equivalent to."
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules_py.core.errors import RulesInputError, require_choice, require_int

__all__ = [
    "CROWD_MAX",
    "EQUAL_STANDING_NOTE",
    "GENDERS",
    "HIGHEST",
    "LOW",
    "MIDDLE",
    "SPACES",
    "STANDINGS",
    "Contender",
    "PrestigeResult",
    "conditions_met",
    "prestige",
]

HIGHEST, MIDDLE, LOW = "highest", "middle", "low"
SPACES = ("public", "private")
GENDERS = ("male", "female")
# Above every mortal: supernal beings; then priests of the royal cults and
# revealed shuvin, equivalent to each other; then every other mortal.
STANDINGS: Mapping[str, int] = {"mortal": 0, "priest": 1, "shuvin": 1, "supernal": 2}
CROWD_MAX = 100_000
EQUAL_STANDING_NOTE = (
    "Between characters of equal standing (two supernal beings, a priest and a revealed "
    "shuvin) the text does not say: the three conditions and then the crowd decide here."
)


@dataclass(frozen=True)
class Contender:
    side: int
    wealthiest: bool
    native: bool
    gender: str
    crowd: int
    standing: str = "mortal"

    def __post_init__(self) -> None:
        require_choice("gender", "Gender", self.gender, GENDERS)
        require_choice("standing", "Standing", self.standing, tuple(STANDINGS))
        require_int("crowd", "Crowd of followers", self.crowd, 0, CROWD_MAX)


@dataclass(frozen=True)
class PrestigeResult:
    degrees: tuple[str, ...]  # each contender's prestige, in order
    conditions: tuple[int, ...]  # how many of the three conditions each meets
    highest: int | None  # the index of the one with the highest prestige
    reason: str


def conditions_met(contender: Contender, space: str) -> int:
    favoured = "male" if space == "public" else "female"
    return int(contender.wealthiest) + int(contender.native) + int(contender.gender == favoured)


def prestige(contenders: Sequence[Contender], space: str) -> PrestigeResult:
    space = require_choice("space", "Space", space, SPACES)
    if len(contenders) < 2:
        raise RulesInputError("characters", "A subtle conflict needs two characters or more.")
    met = tuple(conditions_met(c, space) for c in contenders)
    keys = [(STANDINGS[c.standing], met[i]) for i, c in enumerate(contenders)]
    best = max(keys)
    leaders = [i for i, key in enumerate(keys) if key == best]
    reason = f"meets {best[1]} of the three conditions"
    if best[0]:
        reason = f"stands above every mortal ({contenders[leaders[0]].standing})"
    if len(leaders) > 1:
        most = max(contenders[i].crowd for i in leaders)
        leaders = [i for i in leaders if contenders[i].crowd == most]
        reason = "breaks the tie with the larger and more armed crowd of followers"
    if len(leaders) > 1:
        return PrestigeResult(
            tuple(LOW for _ in contenders),
            met,
            None,
            "A tie even after the crowds: every character has low prestige.",
        )
    top = leaders[0]
    side = contenders[top].side
    degrees = tuple(
        HIGHEST if i == top else MIDDLE if c.side == side else LOW for i, c in enumerate(contenders)
    )
    return PrestigeResult(degrees, met, top, reason)
