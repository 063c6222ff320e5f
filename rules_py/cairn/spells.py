"""The 100 Spells of Cairn (Cairn, "100 Spells"): the table and a d100 roll.

The table lives once, in ``data/spells.json`` (number, name, one-line
effect, word for word). The page renders it through a macro and the roller
reads the same tuple, so they cannot disagree.

The source links every name to an anchor of its own (``#adhere``) that the
document never defines; the site gives each row a stable id instead
(:func:`row_id`) and links nothing that does not exist.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from rules_py.core.data import load_json
from rules_py.core.rng import Rng

__all__ = [
    "MAX_QUERY",
    "SPELL_DIE",
    "TABLE_ID",
    "Spell",
    "by_name",
    "matching",
    "roll_spell",
    "row_id",
    "slug",
    "spell",
    "spells",
]

SPELL_DIE = 100
TABLE_ID = "cairn-spells"
MAX_QUERY = 60


@dataclass(frozen=True)
class Spell:
    number: int
    name: str
    effect: str

    @property
    def row_id(self) -> str:
        return row_id(self.name)


def slug(name: str) -> str:
    """ "Push/Pull" -> "push-pull": lower case, runs of other characters become one dash."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def row_id(name: str) -> str:
    """The id of a spell's row on the page, e.g. ``spell-arcane-eye``."""
    return f"spell-{slug(name)}"


@cache
def spells() -> tuple[Spell, ...]:
    """All 100 spells in table order (1 to 100)."""
    rows = load_json("cairn", "spells.json")
    return tuple(Spell(int(row["number"]), str(row["name"]), str(row["effect"])) for row in rows)


def spell(number: int) -> Spell:
    """The spell with table number ``number`` (1-100)."""
    found = spells()[number - 1]
    assert found.number == number, "the table is stored in order"
    return found


def by_name(name: str) -> Spell | None:
    """The spell called ``name`` (case-insensitive), if the table has one."""
    wanted = name.strip().casefold()
    for candidate in spells():
        if candidate.name.casefold() == wanted:
            return candidate
    return None


def roll_spell(rng: Rng) -> tuple[int, Spell]:
    """Roll d100 on the table: the die and the spell it names."""
    roll = rng.die(SPELL_DIE)
    return roll, spell(roll)


def matching(query: str) -> tuple[Spell, ...]:
    """Spells whose number, name or effect contains every word of ``query``.

    Case does not matter; an empty query matches all. A query that is a whole
    number matches the spell with that number only, so "7" finds Attract and
    not every effect mentioning 70ft.
    """
    words = query.casefold().split()
    if not words:
        return spells()
    if len(words) == 1 and words[0].isdigit():
        return tuple(s for s in spells() if s.number == int(words[0]))
    return tuple(s for s in spells() if all(w in f"{s.name} {s.effect}".casefold() for w in words))
