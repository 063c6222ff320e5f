"""Widget ``judge_two.judge``: roll, then judge the dice (The Way of All the Earth).

The roll shows every legal judgment as a card; picking one sends the same
request back with the same seed (so the same dice) and the chosen judgment in
``choice``. The recommended judgment carries a badge and is never picked for
the player, except when there is nothing to judge (doubles).

The form is in :mod:`.form`, what it sets before the dice in :mod:`.settings`;
the previews in :mod:`.odds`, one character's roll in :mod:`.single`, a
group's in :mod:`.group_roll`, and what an attack imposes in
:mod:`.consequences`.
"""

from __future__ import annotations

from typing import Any

from rules_py.at_table import AtTable
from rules_py.judge_two import judging as jt
from rules_py.judge_two.widgets.judge.form import FIELDS, GROUP, SAVE, TEST, JudgeValues
from rules_py.judge_two.widgets.judge.group_roll import group_roll
from rules_py.judge_two.widgets.judge.odds import group_odds, single_odds
from rules_py.judge_two.widgets.judge.single import single_roll
from rules_py.judge_two.widgets.party_links import (
    Filled,
    attack_fill,
    judge_two_table,
    rank_on_sheet,
)
from rules_py.widget import Action, Call, Widget

__all__ = ["WIDGETS"]


def handle(call: Call[JudgeValues]) -> dict[str, Any]:
    values = call.values
    is_group = values.mode == GROUP
    if call.action == "odds":
        return {"view": group_odds(values) if is_group else single_odds(values)}
    if is_group:
        return {"view": group_roll(values, call)}
    view, found = single_roll(values, call)
    return {"view": view, "changes": found} if found else {"view": view}


def fill(table: AtTable) -> Filled:
    """In a test the one who acts attacks and the target defends; in a save
    the one who acts defends against the target's attack ("Attacks by
    non-player characters ... are resolved with a save"). Either way a
    non-player character's power level is the challenge level. The rank is
    the actor's in the attribute (a test) or essence (a save) the form names."""
    mode = table.form.get("mode", TEST)
    if mode == SAVE:
        filled = attack_fill(
            AtTable(table.target, table.actor, table.form),
            attacker={"power_level": "cl", "kind": "attacker", "risk": "attacker_risk"},
            defender={
                "risk": "risk",
                "resistance": "resistance",
                "resolve": "resolve",
                "disguised": "disguised",
            },
        )
    else:
        filled = attack_fill(
            table,
            attacker={
                "risk": "attacker_risk",
                "armour": "armor",
                "captain": "captain",
                "disguise": "disguise",
            },
            defender={
                "power_level": "cl",
                "kind": "defender",
                "risk": "risk",
                "resistance": "resistance",
                "resolve": "resolve",
                "disguised": "disguised",
                "omen": "omen",
            },
        )
    actor, _ = judge_two_table(table)
    if actor is not None and mode in (TEST, SAVE):
        trait = str(table.form.get("attribute" if mode == TEST else "essence", ""))
        trait = trait or ("Arm" if mode == TEST else "Strength")
        filled["values"]["rank"] = rank_on_sheet(actor, trait)
        filled["from"]["rank"] = f"{actor.name}'s {trait}"
    return filled


def _hand_roll() -> str:
    plain = jt.resolve_conditions(
        jt.ActionKind.TEST, bold=False, faint=False, quick=False, long=False
    )
    guilty = jt.GUILTY_TRUTHS
    return (
        f"Roll {_number(plain.dice_rolled)} {_number(jt.SIDES)}-sided dice. Choose one as the "
        "Light die and add your attribute (or essence) rank: equal to or above the challenge "
        f"level succeeds. The other is the Truth die: {guilty[0]}-{guilty[-1]} is guilty (the "
        f"gamemaster intervenes), {guilty[-1] + 1}-{jt.SIDES} innocent."
    )


def _number(count: int) -> str:
    return {2: "two", 3: "three", 6: "six"}.get(count, str(count))


WIDGETS = (
    Widget(
        name="judge_two.judge",
        title="Judge Two judge",
        summary=(
            "Roll two dice (three if bold or faint), then judge one as Light and one as "
            "Truth; every judgment is shown, with a recommendation."
        ),
        hand_roll=_hand_roll(),
        fields=FIELDS,
        values=JudgeValues,
        actions=(Action("roll", "Roll"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
        extra_keys=("choice",),
        fill=fill,
    ),
)
