"""The Dice notation page's table (``rules_py.core.notation.reference``) against the engine.

Each row is one roll: every spelling this site lists must parse and give the
same exact odds. Each other roller's spelling is read here as that roller
documents it (Roll20's ``>7`` is 7 or more; Foundry VTT's and
rpg-dice-roller's is 8 or more; Foundry VTT's ``r`` rerolls once, its ``rr``
until the die leaves the range) and must be the same roll as the site's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

import pytest

from rules_py.core.dist import Dist
from rules_py.core.errors import RulesInputError
from rules_py.core.notation import distribution, parse
from rules_py.core.notation.reference import FORMS, READINGS, Form

ROLLERS = ("roll20", "foundry", "rpg_dice_roller")
Point = tuple[str, int]


def spellings(form: Form, roller: str) -> tuple[str, ...]:
    found: tuple[str, ...] = getattr(form, roller)
    return found


def odds(text: str) -> dict[int, Fraction]:
    found: Dist[int] = distribution(text)
    return {value: found[value] for value in found}


# -- a reader of the other rollers' compare points, written apart from the parser

# An operator and its number, or a bare number right after !, x, r or f (one face).
POINT = re.compile(r"(?:(?<=[!xrf])|(?<=dbl))(\d+)|(>=|<=|>|<|=)(\d+)")


def points(text: str, strict: bool) -> list[Point]:
    """Each compare point of ``text`` as ``(">=" | "<=" | "=", n)``; a lone ``>``
    or ``<`` is strict (more/less than) or, when not ``strict``, inclusive."""
    found: list[Point] = []
    for bare, operator, number in POINT.findall(text):
        if bare:
            found.append(("=", int(bare)))
        elif operator == ">":
            found.append((">=", int(number) + 1) if strict else (">=", int(number)))
        elif operator == "<":
            found.append(("<=", int(number) - 1) if strict else ("<=", int(number)))
        else:
            found.append((operator, int(number)))
    return found


STRICT = {"roll20": False, "foundry": True, "rpg_dice_roller": True}
COMPARE_ROWS = [form for form in FORMS if re.search(r"[<>]=", form.write[0])]


def test_the_point_reader_reads_each_convention() -> None:
    assert points("6d10>7f1", strict=False) == [(">=", 7), ("=", 1)]
    assert points("6d10>7f1", strict=True) == [(">=", 8), ("=", 1)]
    assert points("4d6r<2", strict=False) == [("<=", 2)]
    assert points("4d6r<2", strict=True) == [("<=", 1)]
    assert points("6d10cs>=7df=1", strict=True) == [(">=", 7), ("=", 1)]
    assert points("d6x5 4d6kh3 5d8dh2 4d6d1 2d6[fire]", strict=True) == [("=", 5)]


def test_there_are_compare_rows_to_check() -> None:
    assert {form.write[0] for form in COMPARE_ROWS} >= {
        "d6!>=5", "4d6r<=2", "6d10>=7", "6d10>=7f1", "{3d6, 2d8}>=10",
    }  # fmt: skip


@pytest.mark.parametrize("form", COMPARE_ROWS, ids=lambda form: form.write[0])
@pytest.mark.parametrize("roller", ROLLERS)
def test_each_rollers_compare_points_are_the_sites(form: Form, roller: str) -> None:
    site = points(form.write[0], strict=True)
    for spelling in spellings(form, roller):
        assert points(spelling, STRICT[roller]) == site, (roller, spelling)


# -- the site's own spellings


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.write[0])
def test_every_site_spelling_parses_to_the_same_odds(form: Form) -> None:
    assert form.write, "a row needs the site's own spelling"
    first = odds(form.write[0])
    for other in form.write[1:]:
        parse(other)
        assert odds(other) == first, (form.write[0], other)


def test_rows_are_distinct_rolls() -> None:
    writes = [spelling for form in FORMS for spelling in form.write]
    assert len(writes) == len(set(writes))


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.write[0])
@pytest.mark.parametrize("roller", ROLLERS)
def test_cells_are_bare_expressions(form: Form, roller: str) -> None:
    """No commentary in a cell: a player copies it as it stands."""
    for spelling in spellings(form, roller):
        assert spelling == spelling.strip() and spelling, (roller, spelling)
        assert not re.search(r"\((?:[^()]*\s)?(?:or|is|more|less)\s", spelling), spelling


# -- each roller's spelling, translated by how that roller reads it

Rewrite = Callable[[str], str]


def _strict(text: str) -> str:
    """``>7`` -> ``>=8``, ``<2`` -> ``<=1`` (more than / less than)."""
    text = re.sub(r"(?<![<>])>(?!=)(\d+)", lambda m: f">={int(m.group(1)) + 1}", text)
    return re.sub(r"(?<![<>])<(?!=)(\d+)", lambda m: f"<={int(m.group(1)) - 1}", text)


def _inclusive(text: str) -> str:
    """``>7`` -> ``>=7``, ``<2`` -> ``<=2`` (Roll20: 7 or more, 2 or less)."""
    return re.sub(r"(?<![<>])([<>])(?!=)(\d+)", r"\1=\2", text)


def _unfloor(text: str) -> str:
    """A division rounds down here already: ``floor(2d6/2)`` is ``2d6/2``."""
    found = re.fullmatch(r"floor\((.*)\)", text)
    return found.group(1) if found else text


def _bare_reroll(text: str) -> str:
    """A bare ``r`` rerolls the lowest face (1) in Roll20 and rpg-dice-roller."""
    return re.sub(r"(?<=\d)r(?![o\d<>=])", "r1", text)


def roll20(text: str) -> str:
    # Plain text after the roll is its label.
    text = re.sub(r"^(.*?[\d\])}])\s+([A-Za-z][A-Za-z ]*)$", r"\1 # \2", text)
    return _bare_reroll(_inclusive(_unfloor(text)))


def foundry(text: str) -> str:
    text = re.sub(r"(?<=\d)x", "!", _unfloor(text))
    text = re.sub(r"(?<=\d)r(?!r|o)", "ro", text)  # r rerolls once
    text = re.sub(r"(?<=\d)rr", "r", text)  # rr until the die leaves the range
    text = re.sub(r"(?<=[\d}])cs", "", text)
    text = re.sub(r"(?<=\d)df(?=[<>=\d])", "f", text)  # deduct failures; 4df is Fate dice
    return _strict(text)


def rpg_dice_roller(text: str) -> str:
    return _bare_reroll(_strict(_unfloor(text)))


READ: dict[str, Rewrite] = {
    "roll20": roll20,
    "foundry": foundry,
    "rpg_dice_roller": rpg_dice_roller,
}


@pytest.mark.parametrize(
    ("roller", "text", "read"),
    [
        ("roll20", "d6!>5", "d6!>=5"),
        ("roll20", "4d6r<2", "4d6r<=2"),
        ("roll20", "4d6r", "4d6r1"),
        ("roll20", "1d20+5 attack", "1d20+5 # attack"),
        ("foundry", "6d10cs>=7df=1", "6d10>=7f=1"),
        ("foundry", "6d10cs>7", "6d10>=8"),
        ("foundry", "4d6r1", "4d6ro1"),
        ("foundry", "4d6rr<=2", "4d6r<=2"),
        ("foundry", "d6x5", "d6!5"),
        ("foundry", "4df", "4df"),
        ("rpg_dice_roller", "{3d6, 2d8}>9", "{3d6, 2d8}>=10"),
        ("rpg_dice_roller", "floor(2d6/2)", "2d6/2"),
    ],
)
def test_the_translations_follow_each_rollers_documentation(
    roller: str, text: str, read: str
) -> None:
    assert READ[roller](text) == read


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.write[0])
@pytest.mark.parametrize("roller", ROLLERS)
def test_each_rollers_spelling_is_the_same_roll(form: Form, roller: str) -> None:
    site = odds(form.write[0])
    for spelling in spellings(form, roller):
        assert odds(READ[roller](spelling)) == site, (roller, spelling, READ[roller](spelling))


def test_the_translations_would_catch_an_off_by_one_threshold() -> None:
    """The mistakes this table once had: Roll20's >6 for 7 or more, and a
    Foundry VTT or rpg-dice-roller >=/> slip."""
    assert odds(roll20("6d10>6")) != odds("6d10>=7")
    assert odds(roll20("{3d6, 2d8}>9")) != odds("{3d6, 2d8}>=10")
    assert odds(foundry("6d10cs>7")) != odds("6d10>=7")
    assert odds(rpg_dice_roller("d6!>5")) != odds("d6!>=5")


# -- spellings the site reads as they stand

# Accepted here but meaning another roll there; each is a row of READINGS.
READ_OTHERWISE = {("foundry", "4d6r1"): "r"}


def _accepted(text: str) -> bool:
    try:
        parse(text)
    except RulesInputError:
        return False
    return True


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.write[0])
@pytest.mark.parametrize("roller", ROLLERS)
def test_a_foreign_spelling_the_site_accepts_means_the_same(form: Form, roller: str) -> None:
    site = odds(form.write[0])
    for spelling in spellings(form, roller):
        if not _accepted(spelling):
            continue
        if (roller, spelling) in READ_OTHERWISE:
            assert odds(spelling) != site, (roller, spelling)
        else:
            assert odds(spelling) == site, (roller, spelling)


def test_each_foreign_spelling_read_otherwise_is_explained() -> None:
    topics = {reading.topic for reading in READINGS}
    cells = {(roller, s) for form in FORMS for roller in ROLLERS for s in spellings(form, roller)}
    for (roller, spelling), topic in READ_OTHERWISE.items():
        assert (roller, spelling) in cells
        assert _accepted(spelling)
        assert topic in topics


def test_foreign_spellings_the_site_refuses_are_refused_with_a_reason() -> None:
    for text in ("d6!>5", "6d10>7", "4d6rr1", "6d10cs>=7", "d6x", "floor(2d6/2)"):
        assert not _accepted(text), text
