"""Widget ``judge_two.attack``: what an attack imposes, from its degrees
(The Way of All the Earth).

For a roll made at the table (the judge widget shows the same for its own
rolls): a successful attack, a group attack, guarding, a counter-attack, and
player-versus-player resolution. The form is in :mod:`.form`, each situation
in :mod:`.situations`.
"""

from __future__ import annotations

from typing import Any

from rules_py.judge_two.widgets.attack.form import FIELDS, AttackValues
from rules_py.judge_two.widgets.attack.situations import SITUATIONS
from rules_py.widget import Action, Call, Widget

__all__ = ["WIDGETS"]


def handle(call: Call[AttackValues]) -> dict[str, Any]:
    return {"view": SITUATIONS[call.values.situation](call.values)}














WIDGETS = (
    Widget(
        name="judge_two.attack",
        title="Attack consequences",
        summary=(
            "What a successful attack imposes, from its degrees, risk, resistance and resolve."
        ),
        hand_roll=(

            "Add the defender's risk, less their resistance and resolve, to the attack's "
            "degrees of success. 0-2: two risk and one threat. 3-4: three risk and one mark, or"
            " three risk and two threats. 5 or more: a finisher."

        ),
        fields=FIELDS,
        values=AttackValues,
        actions=(Action("work_out", "Work out", random=False),),
        handler=handle,
    ),
)
