"""Widget ``judge_two.attack``: what an attack imposes, from its degrees
(The Way of All the Earth).

For a roll made at the table (the judge widget shows the same for its own
rolls): a successful attack, a group attack, guarding, a counter-attack, and
player-versus-player resolution. The form is in :mod:`.form`, each situation
in :mod:`.situations`.
"""

from __future__ import annotations

from typing import Any

from rules_py.judge_two.tables import AttackBandRow, BandOption, tables
from rules_py.judge_two.widgets.attack.form import FIELDS, AttackValues
from rules_py.judge_two.widgets.attack.party import fill, situation_changes
from rules_py.judge_two.widgets.attack.situations import SITUATIONS
from rules_py.widget import Action, Call, Widget

__all__ = ["WIDGETS"]


def handle(call: Call[AttackValues]) -> dict[str, Any]:
    view = SITUATIONS[call.values.situation](call.values)
    found, shown = situation_changes(call.values, call.table)
    result: dict[str, Any] = {"view": view + shown}
    if found:
        result["changes"] = found
    return result


def _bands() -> str:
    """ "0-2: two risk and one threat. [...] 5 or more: a finisher.", from the table."""
    return " ".join(f"{_band_span(row)}: {_band_options(row)}." for row in tables().attack_bands)


def _band_span(row: AttackBandRow) -> str:
    return f"{row.range.low} or more" if row.range.high is None else row.range.span


def _band_options(row: AttackBandRow) -> str:
    return ", or ".join(_option_words(option) for option in row.options)


def _option_words(option: BandOption) -> str:
    if option.finisher:
        return "a finisher"
    parts = [f"{_number(option.risk)} risk"] if option.risk else []
    parts += [_counted(option.threats, "threat")] if option.threats else []
    parts += [_counted(option.marks, "mark")] if option.marks else []
    return " and ".join(parts)


def _number(count: int) -> str:
    return {1: "one", 2: "two", 3: "three", 4: "four"}.get(count, str(count))


def _counted(count: int, noun: str) -> str:
    return f"{_number(count)} {noun}{'s' if count != 1 else ''}"


WIDGETS = (
    Widget(
        name="judge_two.attack",
        title="Attack consequences",
        summary="What a successful attack imposes, from its degrees, risk, resistance and resolve.",
        hand_roll=(
            "Add the defender's risk, less their resistance and resolve, to the attack's "
            f"degrees of success. {_bands()}"
        ),
        fields=FIELDS,
        values=AttackValues,
        actions=(Action("work_out", "Work out", random=False),),
        handler=handle,
        fill=fill,
    ),
)
