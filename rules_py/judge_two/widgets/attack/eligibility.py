"""Whether the defender of ``judge_two.attack``'s counter-attack may counter at all."""

from __future__ import annotations

from rules_py.judge_two import attacks
from rules_py.judge_two.widgets.attack.form import AttackValues

__all__ = ["counter_eligibility"]


def counter_eligibility(values: AttackValues) -> attacks.CounterEligibility:
    form = "subtle" if values.conflict == "subtle" else "martial"
    boon = values.counter_boon
    if form == "subtle" and boon not in attacks.SUBTLE_BOONS:
        boon = "script"  # any readied power boon counts as the subtle one named
    elif form == "martial" and boon == "script":
        boon = "none"
    return attacks.can_counter(form, boon, values.attack_range, veiled=values.veiled)
