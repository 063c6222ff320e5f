"""Tables of the d10 dice-pool game, rendered from ``rules_py`` data.

``{{ dice_pool_table("obstructions") }}`` prints the Obstructions table from
the same data the project roller reads, so the page and the roller agree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules_py.dice_pool import tables as data

__all__ = [
    "TABLES",
    "advantages",
    "anima",
    "dice_pool_table",
    "difficulties",
    "environmental_damage",
    "group_magnitudes",
    "key_issues",
    "limit_gains",
    "maneuvers",
    "mundane_armor",
    "obstructions",
    "register",
    "time_magnitudes",
    "world_scales",
]


def _markdown(header: Sequence[str], align: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A Markdown table; ``align`` holds one of "left", "center", "right" per column."""
    rule = {"left": "---", "center": ":-:", "right": "--:"}
    lines = [
        "| " + " | ".join(header) + " |",
        "| " + " | ".join(rule[a] for a in align) + " |",
    ]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def difficulties() -> str:
    return _markdown(
        ["Difficulty", "Description"],
        ["center", "left"],
        [
            (f"**{d.value}**", d.name + (" [Default]" if d.default else ""))
            for d in data.difficulties()
        ],
    )


def limit_gains() -> str:
    """A list rather than a table, as the rules print it."""
    return "\n".join(f"- {gain}" for gain in data.limit_gains())


def advantages() -> str:
    return _markdown(
        ["Advantage/Disadvantage", "Dice", "Difficulty"],
        ["left", "center", "center"],
        [(a.name, f"±{a.dice}", f"±{a.difficulty}") for a in data.advantage_sizes()],
    )


def anima() -> str:
    critical = "<br>".join(
        f"{band.anima} Anima for a roll of {band.span}" for band in data.anima_bands()
    )
    rows = [("Critical Roll", critical)]
    rows += [(row.source, row.text) for row in data.anima_rows()]
    return _markdown(["Gain Anima", ""], ["left", "left"], rows)


def key_issues() -> str:
    return _markdown(
        ["Key Issue Complexity", "Actions"],
        ["left", "center"],
        [(k.name, str(k.actions)) for k in data.key_issue_complexities()],
    )


def world_scales() -> str:
    return _markdown(
        ["Scale", "Project Affects Population/Terrain"],
        ["center", "left"],
        [(str(w.scale), w.affects) for w in data.world_scales()],
    )


def obstructions() -> str:
    return _markdown(
        ["Obstructions", ""],
        ["center", "left"],
        [(row.span, row.text) for row in data.obstructions()],
    )


def group_magnitudes() -> str:
    return _markdown(
        ["Magnitude", "Pop.", "Common Name", "Military Designations"],
        ["center", "right", "left", "left"],
        [
            (str(g.magnitude), f"{g.population:,}", g.common_name, g.military or "-")
            for g in data.group_magnitudes()
        ],
    )


def time_magnitudes() -> str:
    return _markdown(
        ["Magnitude", "Time"],
        ["center", "left"],
        [(str(t.magnitude), t.name) for t in data.time_magnitudes()],
    )


def environmental_damage() -> str:
    return _markdown(
        ["Environmental Damage", ""],
        ["left", "center"],
        [(e.name, str(e.damage)) for e in data.environmental_damage()],
    )


def mundane_armor() -> str:
    return _markdown(
        ["Mundane Armor", "Block", "Evasion"],
        ["left", "center", "center"],
        [(a.name, _signed(a.block), _signed(a.evasion)) for a in data.mundane_armor()],
    )


def maneuvers() -> str:
    """The Sample Maneuver Effects table; its Difficulty column is read from the
    same grades the combat helper resolves ("(3 / 5 / 8)")."""
    return _markdown(
        ["Name", "Difficulty", "Description"],
        ["left", "left", "left"],
        [(m.name, m.difficulty_text, m.description) for m in data.maneuvers()],
    )


TABLES: dict[str, Callable[[], str]] = {
    "difficulties": difficulties,
    "limit_gains": limit_gains,
    "advantages": advantages,
    "anima": anima,
    "key_issues": key_issues,
    "world_scales": world_scales,
    "obstructions": obstructions,
    "group_magnitudes": group_magnitudes,
    "time_magnitudes": time_magnitudes,
    "environmental_damage": environmental_damage,
    "mundane_armor": mundane_armor,
    "maneuvers": maneuvers,
}


def dice_pool_table(name: str) -> str:
    if name not in TABLES:
        raise ValueError(f"unknown dice-pool table {name!r} (tables: {', '.join(TABLES)})")
    return TABLES[name]()


def register(env: Any) -> None:
    env.macro(dice_pool_table)
