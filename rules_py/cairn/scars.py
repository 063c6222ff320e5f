"""Scars (Cairn, "Scars"): what happens when a hit leaves a PC at exactly 0 HP.

    "When an attack reduces a PC's HP to exactly 0, they are uniquely impacted.
    Look up the result on the table below based on the _total_ damage taken."

The table's words live in ``data/scars.json``; the sub-rolls each entry
calls for are rolled here. "Total damage" is read as the damage the hit dealt
after armour, which is the HP the PC had before it (1 to 12, since no damage
die is larger than a d12).

Each sub-roll that changes a score says so as data (:class:`ScarEffect`):
which score, how ("take the new result" if higher, add, or set), by how
much, and when the text says it happens ("once mended"), so a character
sheet can apply it then and not before.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from rules_py.cairn import saves as cairn
from rules_py.core.data import load_json
from rules_py.core.errors import require_int
from rules_py.core.ranges import IntRange
from rules_py.core.rng import Rng

__all__ = [
    "ADD",
    "BROKEN_LIMB",
    "DEPRIVING_SCARS",
    "DOOMED",
    "HEAD_WOUND",
    "HIGHER",
    "LASTING_SCAR",
    "MAXIMUM_READING",
    "MORTAL_WOUND",
    "SCAR_TOTALS",
    "SET",
    "TOTAL_READING",
    "WALLOPED",
    "PcScores",
    "Scar",
    "ScarEffect",
    "ScarResult",
    "SubRoll",
    "d6_results",
    "d6_rows",
    "roll_scar",
    "scar",
    "scars",
]

SCAR_TOTALS = range(1, 13)
TOTAL_READING = (
    "Scars: the total is the damage the hit dealt after armour (the HP the PC had before it)."
)
MAXIMUM_READING = (
    "Scars compare with the maximum scores; the scores entered are taken as the PC's maximums."
)

# The scars whose text holds a d6 table of its own ("Roll 1d6 | 1-2: Leg, ...").
LASTING_SCAR = 1
BROKEN_LIMB = 4
HEAD_WOUND = 6
WALLOPED = 3  # "You are deprived until you rest for a few hours."
MORTAL_WOUND = 11  # "You are deprived and out of action."
DOOMED = 12  # "If your next save against critical damage is a fail, you die horribly."
# The scars that leave the PC deprived until what they wait for comes.
DEPRIVING_SCARS = (WALLOPED, MORTAL_WOUND)

# How a sub-roll changes a score, in the text's words:
HIGHER = "higher"  # "If the total is higher than your ..., take the new result."
ADD = "add"  # "Add that amount to your max HP." / "increase your max WIL by 1d4"
SET = "set"  # "Take the new result as your max HP."
_D6_TABLE = re.compile(r"^Roll 1d6 \| (?P<rows>[^.]+)\.")
_D6_ROW = re.compile(r"^(?P<low>\d)(?:-(?P<high>\d))?: (?P<result>.+)$")


@dataclass(frozen=True)
class Scar:
    total: int
    name: str
    text: str


@dataclass(frozen=True)
class PcScores:
    """What the scar sub-rolls compare with: the maximum scores, and the
    current ones (STR, DEX, WIL) when they differ from them."""

    max_hp: int
    strength: int
    dexterity: int
    willpower: int
    current: tuple[int, int, int] | None = None

    def ability(self, name: str) -> int:
        """The maximum score of ``name`` ("STR", "DEX" or "WIL")."""
        return {"STR": self.strength, "DEX": self.dexterity, "WIL": self.willpower}[name]

    def current_ability(self, name: str) -> int:
        """The score ``name`` has now; the maximum when no current scores are given."""
        if self.current is None:
            return self.ability(name)
        return dict(zip(("STR", "DEX", "WIL"), self.current, strict=True))[name]


@dataclass(frozen=True)
class ScarEffect:
    """What a sub-roll does to a score: ``score`` is "max HP", "STR", "DEX",
    "WIL" (the scores now), "max DEX" or "max WIL"; ``rule`` is HIGHER, ADD or
    SET; ``when`` is "" for at once, else the moment the text names."""

    score: str
    rule: str
    amount: int
    when: str = ""

    def result(self, score: int) -> int:
        """The score after the effect, from the score it has when it comes."""
        if self.rule == HIGHER:
            return max(score, self.amount)
        if self.rule == ADD:
            return score + self.amount
        return self.amount


@dataclass(frozen=True)
class SubRoll:
    """One roll a scar calls for: ``dice`` is what fell, ``result`` what it
    means, ``effect`` what it does to a score (None: nothing)."""

    label: str
    sides: int
    dice: tuple[int, ...]
    result: str
    effect: ScarEffect | None = None

    @property
    def total(self) -> int:
        return sum(self.dice)


@dataclass(frozen=True)
class ScarResult:
    scar: Scar
    rolls: tuple[SubRoll, ...]


@cache
def scars() -> tuple[Scar, ...]:
    """The twelve scars, by total damage 1 to 12."""
    rows = load_json("cairn", "scars.json")
    return tuple(Scar(int(r["total"]), str(r["name"]), str(r["text"])) for r in rows)


def scar(total: int) -> Scar:
    total = require_int("total", "Total damage", total, SCAR_TOTALS.start, SCAR_TOTALS.stop - 1)
    return scars()[total - 1]


@cache
def d6_rows(total: int) -> tuple[tuple[IntRange, str], ...]:
    """The d6 table written at the start of a scar's text, read from that text.

    "Roll 1d6 | 1-2: Leg, 3-4: Arm, 5: Rib, 6: Skull." gives four rows; the page
    prints the same text, so the roll and the page cannot disagree.
    """
    found = _D6_TABLE.match(scar(total).text)
    if found is None:
        raise ValueError(f"scar {total} has no d6 table")
    rows = []
    for part in found["rows"].split(", "):
        row = _D6_ROW.match(part)
        if row is None:
            raise ValueError(f"scar {total}: cannot read {part!r}")
        low = int(row["low"])
        rows.append((IntRange(low, int(row["high"] or low)), row["result"]))
    return tuple(rows)


def d6_results(total: int) -> tuple[str, ...]:
    """What each face 1-6 of a scar's d6 table gives, in face order."""
    rows = d6_rows(total)
    results = tuple(
        next(result for span, result in rows if span.holds(face)) for face in range(1, 7)
    )
    return results


def _take_higher(
    label: str,
    what: str,
    current: int,
    sides: int,
    rolled: tuple[int, ...],
    when: str = "",
) -> SubRoll:
    total = sum(rolled)
    if total > current:
        result = f"{total} is higher than {what} {current}: {what} becomes {total}."
    else:
        result = f"{total} is not higher than {what} {current}: {what} stays {current}."
    return SubRoll(label, sides, rolled, result, ScarEffect(what, HIGHER, total, when))


def _max_hp_check(
    count: int, label_when: str = "", when: str = ""
) -> Callable[[PcScores, Rng], tuple[SubRoll, ...]]:
    def roll(pc: PcScores, rng: Rng) -> tuple[SubRoll, ...]:
        label = f"{count}d6 against max HP{label_when}"
        return (_take_higher(label, "max HP", pc.max_hp, 6, rng.dice(count, 6), when),)

    return roll


def _lasting_scar(pc: PcScores, rng: Rng) -> tuple[SubRoll, ...]:
    place = rng.die(6)
    return (
        SubRoll("Where (1d6)", 6, (place,), d6_results(LASTING_SCAR)[place - 1]),
        *_max_hp_check(1)(pc, rng),
    )


def _walloped(pc: PcScores, rng: Rng) -> tuple[SubRoll, ...]:
    gain = rng.die(6)
    result = f"After a few hours' rest, max HP {pc.max_hp} + {gain} = {pc.max_hp + gain}."
    effect = ScarEffect("max HP", ADD, gain, "after a few hours' rest")
    return (SubRoll("1d6 added to max HP", 6, (gain,), result, effect),)


def _broken_limb(pc: PcScores, rng: Rng) -> tuple[SubRoll, ...]:
    limb = rng.die(6)
    return (
        SubRoll("Which limb (1d6)", 6, (limb,), d6_results(BROKEN_LIMB)[limb - 1]),
        *_max_hp_check(2, ", once mended", "once mended")(pc, rng),
    )


def _head_wound(pc: PcScores, rng: Rng) -> tuple[SubRoll, ...]:
    which = rng.die(6)
    ability = d6_results(HEAD_WOUND)[which - 1]
    return (
        SubRoll("Which ability (1d6)", 6, (which,), ability),
        _take_higher(
            f"3d6 against current {ability}",
            ability,
            pc.current_ability(ability),
            6,
            rng.dice(3, 6),
        ),
    )


def _ability_check(
    ability: str, label_when: str = "", when: str = ""
) -> Callable[[PcScores, Rng], tuple[SubRoll, ...]]:
    def roll(pc: PcScores, rng: Rng) -> tuple[SubRoll, ...]:
        label = f"3d6 against max {ability}{label_when}"
        return (
            _take_higher(label, f"max {ability}", pc.ability(ability), 6, rng.dice(3, 6), when),
        )

    return roll


def _wil_save_then_gain(sides: int) -> Callable[[PcScores, Rng], tuple[SubRoll, ...]]:
    def roll(pc: PcScores, rng: Rng) -> tuple[SubRoll, ...]:
        willpower = pc.current_ability("WIL")
        save = cairn.roll_save(willpower, rng)
        verdict = "passed" if save.passed else "failed"
        rolls = [SubRoll(f"WIL save against {willpower}", 20, (save.roll,), f"WIL save {verdict}.")]
        if save.passed:
            gain = rng.die(sides)
            result = f"Max WIL {pc.willpower} + {gain} = {pc.willpower + gain}."
            effect = ScarEffect("max WIL", ADD, gain)
            rolls.append(SubRoll(f"1d{sides} added to max WIL", sides, (gain,), result, effect))
        return tuple(rolls)

    return roll


def _mortal_wound(pc: PcScores, rng: Rng) -> tuple[SubRoll, ...]:
    rolled = rng.dice(2, 6)
    result = f"Upon recovery, max HP becomes {sum(rolled)} (was {pc.max_hp})."
    effect = ScarEffect("max HP", SET, sum(rolled), "upon recovery")
    return (SubRoll("2d6, the new max HP", 6, rolled, result, effect),)


def _doomed(pc: PcScores, rng: Rng) -> tuple[SubRoll, ...]:
    rolled = rng.dice(3, 6)
    total = sum(rolled)
    if total > pc.max_hp:
        after = f"max HP becomes {total}"
    else:
        after = f"{total} is not higher than max HP {pc.max_hp}, so it stays"
    result = f"Only if the next critical damage save passes: {after}. If it fails, the PC dies."
    effect = ScarEffect("max HP", HIGHER, total, "if the next save against critical damage passes")
    return (SubRoll("3d6 against max HP, if the next save passes", 6, rolled, result, effect),)


_SUB_ROLLS: dict[int, Callable[[PcScores, Rng], tuple[SubRoll, ...]]] = {
    1: _lasting_scar,
    2: _max_hp_check(1),
    3: _walloped,
    4: _broken_limb,
    5: _max_hp_check(2, ", when over it", "when you get over it"),
    6: _head_wound,
    7: _ability_check("DEX", ", after recovery", "after recovery"),
    8: _wil_save_then_gain(4),
    9: _ability_check("WIL"),
    10: _wil_save_then_gain(6),
    11: _mortal_wound,
    12: _doomed,
}


def roll_scar(total: int, pc: PcScores, rng: Rng) -> ScarResult:
    """Look up the scar for ``total`` damage and roll every sub-roll it calls for."""
    found = scar(total)
    return ScarResult(found, _SUB_ROLLS[found.total](pc, rng))
