"""Lists and tables of The Way of All the Earth, rendered from ``rules_py`` data.

``{{ judge_two_table("outcomes") }}`` prints the Action Resolution Summary
from the same data the Judge Two judge reads, so the page and the roller
agree word for word.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules_py.judge_two.tables import tables

__all__ = [
    "RENDERERS",
    "armor",
    "attack_bands",
    "attributes",
    "challenge_levels",
    "disguises",
    "essences",
    "judge_two_table",
    "outcomes",
    "register",
]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _markdown(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    lines += ["| " + " | ".join(_cell(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def outcomes() -> str:
    """The Action Resolution Summary: outcome, condition, result."""
    return _markdown(
        ["Outcome", "Truth and Final Light", "Result"],
        [(f"**{row.name}**", row.condition, row.text) for row in tables().outcomes],
    )


def attributes() -> str:
    return "\n".join(f"- **{trait.name}:** {trait.summary}" for trait in tables().attributes)


def essences() -> str:
    return "\n".join(f"- **{trait.name}:** {trait.summary}" for trait in tables().essences)


def challenge_levels() -> str:
    return "\n".join(
        f"- **CL {row.cl}:** {row.description} {row.examples}" for row in tables().challenge_levels
    )


def attack_bands() -> str:
    """The three bands of attack consequences, one paragraph each, as the text has them."""
    return "\n\n".join(band.text for band in tables().attack_bands)


def _burden(on: str) -> str:
    return {"failure": "a failure", "guilty_failure": "a guilty failure"}[on]


def armor() -> str:
    """Martial vital boons: the resistance the attack roller counts, and when they burden."""
    return _markdown(
        ["Armor", "Martial resistance", "Burdened when an attack is", "Rule"],
        [
            (f"**{row.label}**", str(row.resistance), _burden(row.burdened_on), row.text)
            for row in tables().armour
        ],
    )


def disguises() -> str:
    """Disguises: when each burdens the character, as the judge reads it."""
    return _markdown(
        ["Disguise", "Burdened when an attack is", "Rule"],
        [(f"**{row.label}**", _burden(row.burdened_on), row.text) for row in tables().disguises],
    )


RENDERERS: dict[str, Callable[[], str]] = {
    "outcomes": outcomes,
    "attributes": attributes,
    "essences": essences,
    "challenge_levels": challenge_levels,
    "attack_bands": attack_bands,
    "armor": armor,
    "disguises": disguises,
}


def judge_two_table(name: str) -> str:
    if name not in RENDERERS:
        raise ValueError(
            f"judge_two_table: unknown table {name!r} (tables: {', '.join(RENDERERS)})"
        )
    return RENDERERS[name]()


def register(env: Any) -> None:
    env.macro(judge_two_table)
