"""Huldufolk tables rendered from ``rules_py`` data: the pages and the card pool
builder read the same records, so they cannot disagree.

Macros (Markdown out, so footnote references in it still work):

- ``huldufolk_challenge_ratings(footnotes={"18-30": "10"})``: the bands of
  challenge ratings, with a footnote reference after a band's text;
- ``huldufolk_pool("test" | "defence")``: what a pool consists of;
- ``huldufolk_belief_ranks()``: the ranks of Belief in the rules' words, and a
  summary table of the same records;
- ``huldufolk_powers(path="Alleviat")``: the powers that refresh cards or
  restore thresholds (all, or those whose name starts with ``path``), as the
  card pool builder's Use power applies them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_py.huldufolk.pools import DEFENCE_COMPONENTS, POOL_COMPONENTS
from rules_py.huldufolk.powers import refresh_effects, restore_effects
from rules_py.huldufolk.tables import BeliefRank, belief_ranks, challenge_bands

__all__ = [
    "belief_ranks_markdown",
    "challenge_ratings_table",
    "pool_table",
    "powers_table",
    "register",
]


def _cell(text: str) -> str:
    """Table cells keep their words; a literal pipe would split the cell."""
    return text.replace("|", "\\|")


def challenge_ratings_table(footnotes: Mapping[str, str] | None = None) -> str:
    notes = dict(footnotes or {})
    known = {band.band for band in challenge_bands()}
    unknown = set(notes) - known
    if unknown:
        raise ValueError(f"no challenge-rating band {sorted(unknown)}; bands: {sorted(known)}")
    rows = ["| Challenge rating | Description |", "| --- | --- |"]
    for band in challenge_bands():
        text = band.text
        if band.band in notes:  # the rules set the footnote number before the full stop
            mark = f"[^{notes[band.band]}]"
            text = f"{text[:-1]}{mark}." if text.endswith(".") else f"{text}{mark}"
        rows.append(f"| {_cell(band.band)} | {_cell(text)} |")
    return "\n".join(rows)


def pool_table(kind: str = "test") -> str:
    components = {"test": POOL_COMPONENTS, "defence": DEFENCE_COMPONENTS}
    if kind not in components:
        raise ValueError(f"pool kind must be 'test' or 'defence', not {kind!r}")
    rows = ["| Component | Bonus |", "| --- | --- |"]
    for component, bonus in components[kind]:
        rows.append(f"| {_cell(component)} | {'<br>'.join(_cell(text) for text in bonus)} |")
    return "\n".join(rows)


def _level(value: int | None, suffix: str = " or below") -> str:
    return "\u2014" if value is None else f"level {value}{suffix}"


def _free(rank: BeliefRank) -> str:
    text = _level(rank.free_up_to_level)
    # Ranks 4 and 5 name only what they add; what rank 3 grants carries over.
    return text if any("use them freely" in line for line in rank.text) else f"{text} (as Knight)"


def belief_ranks_markdown() -> str:
    lines: list[str] = []
    for rank in belief_ranks():
        lines.append(f"- Rank {rank.rank} ({rank.title})")
        lines.extend(f"    - {text}" for text in rank.text)
    lines += [
        "",
        "| Rank | Title | Powers used freely | Spend Belief to use (Burn for spend effects) "
        "| Spend effects without expenditure | Personal Influence | Territorial Influence |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for rank in belief_ranks():
        lines.append(
            f"| {rank.rank} | {rank.title} | {_free(rank)} "
            f"| {_level(rank.spend_to_use_level, '')} "
            f"| {_level(rank.free_spend_effects_up_to_level)} "
            f"| {rank.personal_influence_m} m | {rank.territorial_influence_km} km |"
        )
    lines += [
        "",
        "The summary reads ranks 4 and 5 as keeping what rank 3 grants: "
        "the text lists only what they add.",
    ]
    return "\n".join(lines)


def _amount(points: int | None) -> str:
    return "to its base" if points is None else f"+{points}, up to its base"


def powers_table(path: str | None = None) -> str:
    header = ["| Power | What it does in the card pool builder |", "| --- | --- |"]
    powers: list[tuple[str, str]] = []
    for effect in refresh_effects():
        count = "every spent card" if effect.count is None else "one spent card"
        span = f"{effect.cards.low}-{effect.cards.high}".replace("1-", "Ace-", 1)
        powers.append((effect.power, f"{count} from {span} returns to the hand"))
    for restoring in restore_effects():
        kinds = " or ".join(kind.value for kind in restoring.thresholds)
        who = "a Minor Actor's " if restoring.minor_only else ""
        powers.append((restoring.power, f"{who}{kinds} threshold {_amount(restoring.points)}"))
    rows = [
        f"| {_cell(power)} | {_cell(text)} |"
        for power, text in powers
        if path is None or power.startswith(path)
    ]
    if not rows:
        raise ValueError(f"no Huldufolk power starts with {path!r}")
    return "\n".join(header + rows)


def register(env: Any) -> None:
    @env.macro  # type: ignore[untyped-decorator]
    def huldufolk_challenge_ratings(footnotes: Mapping[str, str] | None = None) -> str:
        return challenge_ratings_table(footnotes)

    @env.macro  # type: ignore[untyped-decorator]
    def huldufolk_pool(kind: str = "test") -> str:
        return pool_table(kind)

    @env.macro  # type: ignore[untyped-decorator]
    def huldufolk_belief_ranks() -> str:
        return belief_ranks_markdown()

    @env.macro  # type: ignore[untyped-decorator]
    def huldufolk_powers(path: str | None = None) -> str:
        return powers_table(path)
