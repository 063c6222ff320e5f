"""The numbers of a roll (The Way of All the Earth, "The Judge Two System"): the
die, attribute and essence ranks, challenge levels and how the environment and
proficiency move them, and the Truth faces that are guilty.
"""

from __future__ import annotations

from rules_py.core.errors import require_int

__all__ = [
    "ANY_CL_MAX",
    "ANY_CL_MIN",
    "CL_MAX",
    "CL_MIN",
    "CL_MOVE_RULE",
    "FINAL_LIGHT_MAX",
    "FINAL_LIGHT_MIN",
    "GUILTY_TRUTHS",
    "MOVED_CL_MAX",
    "MOVED_CL_MIN",
    "PROFICIENCY_RULE",
    "RANK_MAX",
    "RANK_MIN",
    "SIDES",
    "check_cl",
    "check_die",
    "check_rank",
    "final_light_rank",
    "moved_cl",
]

SIDES = 6
RANK_MIN = 0
RANK_MAX = 3
CL_MIN = 4  # "A challenge level is a number between four and eight"
CL_MAX = 8
FINAL_LIGHT_MIN = 1  # Light 1 at rank 0
FINAL_LIGHT_MAX = SIDES + RANK_MAX  # Light 6 at rank 3
# A challenge level as it is set: by the gamemaster or a power level (4 to 8),
# or, in a player-versus-player save, the attacker's Final Light (1 to 9).
ANY_CL_MIN = FINAL_LIGHT_MIN
ANY_CL_MAX = FINAL_LIGHT_MAX
# Then the environment moves it by one either way (:func:`moved_cl`): the
# engine judges against any of 0 to 10 (0 is always met, 10 never).
MOVED_CL_MIN = ANY_CL_MIN - 1
MOVED_CL_MAX = ANY_CL_MAX + 1
GUILTY_TRUTHS = (1, 2, 3)  # "If the test's Truth die is 1-3 then the test is said to be guilty"

CL_MOVE_RULE = (
    "Cover or high ground and a non-player character's use of the environment "
    "together: the text is silent; this site applies both, so they cancel."
)
PROFICIENCY_RULE = (
    "Not proficient: the attribute's rank is not added to the Light die "
    "(weapon proficiency for martial attacks, language proficiency for social "
    "tests and subtle attacks); bold conditions still apply."
)


def check_rank(value: object, field: str = "rank", label: str = "Rank") -> int:
    return require_int(field, label, value, RANK_MIN, RANK_MAX)


def check_cl(value: object, field: str = "cl", label: str = "Challenge level") -> int:
    """A challenge level to judge against, after any move by the environment."""
    return require_int(field, label, value, MOVED_CL_MIN, MOVED_CL_MAX)


def moved_cl(cl: int, *, favoured: bool = False, npc_environment: bool = False) -> int:
    """The challenge level after the environment moves it.

    The Way of All the Earth, Martial Maneuvers: "If a change in the
    environment would ever strongly benefit a character's attempted action,
    such as substantial cover would against ranged attacks or as high ground
    might against close attacks, the challenge level of the action is reduced
    by one. If a non-player character ever manipulates the environment in
    their favor in a similar manner, the challenger level of an action
    involving them is increased by one." Both at once cancel (``CL_MOVE_RULE``).
    """
    cl = require_int("cl", "Challenge level", cl, ANY_CL_MIN, ANY_CL_MAX)
    return cl - int(favoured) + int(npc_environment)


def final_light_rank(rank: int, *, proficient: bool = True) -> int:
    """The rank added to the Light die.

    The Way of All the Earth, Weapon Proficiencies: "If a character is not
    proficient in a weapon they are using then they do not add their most
    relevant attribute to their light die to form the Final Light of their
    attacks." Language Proficiencies: "Player characters only gain attribute
    bonuses to their social tests and subtle attacks when they are speaking a
    language they are proficient in".
    """
    rank = check_rank(rank)
    return rank if proficient else 0


def check_die(value: object, field: str = "dice", label: str = "A die") -> int:
    return require_int(field, label, value, 1, SIDES)
