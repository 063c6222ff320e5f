"""Widget ``cairn.grit``: roll Grit (a new PC, or after a rest), and spend it on harm or an effort.

Every rule is in :mod:`rules_py.cairn.grit` (and :mod:`rules_py.cairn.harm`
for what harm does); this module lays the results out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_py.at_table import AtTable
from rules_py.cairn import grit, harm
from rules_py.cairn.characters.at_rolls import grit_changes, grit_fill
from rules_py.cairn.saves import ABILITY_MAX, ABILITY_MIN, EFFORT_HARM_DIE, EFFORT_HARM_GOES
from rules_py.widget import (
    Action,
    Block,
    Call,
    FormValues,
    JsonValue,
    Widget,
    bool_field,
    chance_text,
    chart,
    choice_field,
    dice,
    die_face,
    facts,
    int_field,
    line,
    note,
    outcome,
)

__all__ = ["WIDGETS"]

MODES = (
    (grit.START, f"Starting Grit (1d{grit.GRIT_DIE})"),
    (grit.REST, "Rest and a meal: re-roll Grit"),
    ("harm", "Take harm"),
    (grit.EFFORT, f"Make an effort (1d{EFFORT_HARM_DIE} effort harm)"),
)
REST_ONLY = {"mode": (grit.REST,)}
HARMED = {"mode": ("harm", grit.EFFORT)}
_KINDS = tuple(
    (kind, f"{kind.capitalize()} (to {ability})") for kind, ability in harm.HARM_KINDS["grit"]
)


@dataclass(frozen=True)
class GritValues(FormValues):
    mode: str
    deprived: bool
    grit: int
    harm: int
    grit_harm: str
    score: int


def _roll_blocks(values: GritValues, call: Call[GritValues]) -> list[Block]:
    rolled = grit.roll_grit(values.mode, call.rng, values.deprived)
    blocks: list[Block] = [dice("Grit (1d6)", [die_face(rolled.rolled, grit.GRIT_DIE)])]
    if rolled.less is not None:
        blocks.append(dice("Deprived: less 1d6", [die_face(rolled.less, grit.GRIT_DIE)]))
        difference = f"{rolled.rolled} \u2212 {rolled.less}"
        if rolled.rolled >= rolled.less:
            blocks.append(line(f"{difference} = {rolled.grit}."))
        else:
            blocks.append(line(f"{difference} is below 0: Grit {rolled.grit}."))
    blocks.append(outcome(f"Grit {rolled.grit}", "good" if rolled.grit else "bad"))
    if rolled.when == grit.REST:
        blocks.append(line(f"Grit {values.grit} before the rest becomes {rolled.grit}."))
    return blocks


def _grit_odds(values: GritValues) -> list[Block]:
    odds = grit.grit_dist(values.mode, values.deprived)
    bars = [(str(value), chance) for value, chance in odds.items()]
    return [
        chart("Grit after the roll", bars, mean=odds.mean(), summary="Exact chance of each Grit.")
    ]


def _harm_story(result: harm.HarmResult) -> list[Block]:
    return [
        outcome(result.headline or "Hit", result.tone),
        *(line(text) for text in result.lines),
        *(note(text) for text in result.notes),
    ]


def _harm_odds(values: GritValues) -> list[Block]:
    effort = values.mode == grit.EFFORT
    if effort:
        kind = grit.EFFORT
        outcomes = grit.effort_outcomes(values.grit, values.score)
    else:
        kind = values.grit_harm
        outcomes = grit.harm_outcomes(values.grit, values.harm, kind, values.score)
    target = grit.harm_target(values.grit, kind, values.score)
    blocks: list[Block] = []
    if effort:
        blocks.append(line(f"An effort costs 1d{EFFORT_HARM_DIE} harm ({EFFORT_HARM_GOES})."))
    blocks.append(
        facts(
            (label, chance_text(outcomes.prob(key)))
            for key, label in harm.outcome_labels(target)
            if outcomes.prob(key)
        )
    )
    return blocks


def handle(call: Call[GritValues]) -> dict[str, Any]:
    result = _handle(call)
    if call.action == "odds":
        return result
    values = call.values
    party, changes = grit_changes(
        call.table,
        values.mode,
        values.grit,
        values.deprived,
        values.score,
        values.harm,
        values.grit_harm,
        call.rng.seed,
    )
    view = [*result["view"], *party]
    return {"view": view, "changes": changes} if changes else {"view": view}


def fill(table: AtTable) -> Mapping[str, Mapping[str, JsonValue]]:
    return grit_fill(table, table.form["mode"], table.form["grit_harm"])


def _handle(call: Call[GritValues]) -> dict[str, Any]:
    values = call.values
    mode = values.mode
    if mode in grit.WHEN:
        view = _grit_odds(values) if call.action == "odds" else _roll_blocks(values, call)
        notes = [grit.REROLL_READING] if mode == grit.REST else []
        if mode == grit.REST and values.deprived:
            notes.append(grit.DEPRIVED_READING)
        return {"view": [*view, *(note(text) for text in notes)]}
    if call.action == "odds":
        return {"view": _harm_odds(values)}
    if mode == grit.EFFORT:
        paid = grit.roll_effort(values.grit, values.score, call.rng)
        paid_view: list[Block] = [
            dice(f"Effort harm (1d{EFFORT_HARM_DIE})", [die_face(paid.taken, EFFORT_HARM_DIE)]),
            *_harm_story(paid.result),
        ]
        return {"view": paid_view}
    result = grit.take_harm(values.grit, values.harm, values.grit_harm, values.score, call.rng)
    return {"view": _harm_story(result)}


def _abilities_hit() -> str:
    """ "Prowess (physical), Insight (stress) or Resolve (effort)": where each harm goes."""
    named = [f"{ability} ({kind})" for kind, ability in harm.HARM_KINDS["grit"]]
    return f"{', '.join(named[:-1])} or {named[-1]}"


WIDGETS = (
    Widget(
        name="cairn.grit",
        title="Grit",
        summary=(
            f"Roll Grit for a new PC or after a rest (Deprived: 1d{grit.GRIT_DIE} less), and see "
            "what harm or "
            "an effort takes from Grit and then from an ability."
        ),
        hand_roll=(
            f"Roll 1d{grit.GRIT_DIE} for Grit at the start and after each rest and meal; a "
            f"Deprived PC rolls another 1d{grit.GRIT_DIE} and takes it off (never below 0). "
            f"Harm comes off Grit first; what goes below 0 comes off {_abilities_hit()}, and "
            "the PC saves with that ability against critical damage."
        ),
        fields=(
            choice_field("mode", "What happens", MODES),
            bool_field("deprived", "Deprived (lacking food or rest)", shown_when=REST_ONLY),
            int_field(
                "grit",
                "Grit now",
                3,
                0,
                harm.MAX_POOL,
                shown_when={"mode": (grit.REST, "harm", grit.EFFORT)},
            ),
            int_field("harm", "Harm taken", 1, 0, grit.MAX_HARM, shown_when={"mode": ("harm",)}),
            choice_field("grit_harm", "Kind of harm", _KINDS, shown_when={"mode": ("harm",)}),
            int_field(
                "score",
                "Score of the ability it goes to",
                10,
                ABILITY_MIN,
                ABILITY_MAX,
                shown_when=HARMED,
                help="Prowess for physical harm, Insight for stress, Resolve for effort harm.",
            ),
        ),
        values=GritValues,
        actions=(Action("roll", "Roll"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
        fill=fill,
    ),
)
