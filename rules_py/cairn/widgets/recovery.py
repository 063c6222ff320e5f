"""Widget ``cairn.recovery``: win back lost attribute points, 1d6 a week (Might and Heart)
or one a day (Grit variant).

Every rule is in :mod:`rules_py.cairn.recovery`; this module lays it out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_py.at_table import AtTable
from rules_py.cairn import grit, recovery
from rules_py.cairn.characters.at_rolls import recovery_changes, recovery_fill
from rules_py.cairn.rulesets import GRIT, MIGHT_HEART, rule_set
from rules_py.cairn.saves import ABILITY_MAX
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

RULES = tuple((key, rule_set(key).name) for key in recovery.RECOVERY_RULES)


@dataclass(frozen=True)
class RecoveryValues(FormValues):
    rules: str
    current: int
    before: int
    periods: int
    healer: bool
    deprived: bool
    mh_ability: str
    grit_ability: str
    advancements: int

    @property
    def ability(self) -> str:
        return self.grit_ability if self.rules == GRIT else self.mh_ability


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def _notes(rules: str) -> list[Block]:
    return [note(text) for text in recovery.readings(rules)]


def _odds(values: RecoveryValues) -> list[Block]:
    rules, current, before, periods = values.rules, values.current, values.before, values.periods
    unit = recovery.period(rules)
    why = recovery.blocked(rules, values.deprived, values.healer)
    if why:
        return [line(f"No recovery: the score stays at {current}."), note(why)]
    scores = recovery.recovery_dist(rules, current, before, periods)
    bars = [(str(score), chance) for score, chance in scores.items()]
    full = recovery.full_recovery_chance(rules, current, before, periods)
    return [
        chart(
            f"Score after {_plural(periods, unit)}",
            bars,
            mean=scores.mean(),
            summary="Exact chance of each score after the recovery.",
        ),
        facts([(f"Back to {before} within {_plural(periods, unit)}", chance_text(full))]),
        *_notes(rules),
    ]


def _roll(values: RecoveryValues, call: Call[RecoveryValues]) -> list[Block]:
    rules = values.rules
    result = recovery.recover(
        rules,
        values.current,
        values.before,
        values.periods,
        call.rng,
        deprived=values.deprived,
        healer=values.healer,
    )
    if result.blocked:
        return [outcome(f"No recovery: stays at {result.score}", "bad"), note(result.blocked)]
    unit = recovery.period(rules)
    blocks: list[Block] = []
    if rules == MIGHT_HEART and result.gains:
        faces = [die_face(gain, recovery.RECOVERY_DIE) for gain in result.gains]
        blocks.append(dice(f"1d{recovery.RECOVERY_DIE} each {unit}", faces))
    used = len(result.gains)
    if result.restored:
        headline = f"Back to {result.score} after {_plural(used, unit)}"
    else:
        headline = f"{result.score} of {result.before} after {_plural(used, unit)}"
    blocks.append(outcome(headline, "good" if result.restored else "neutral"))
    gained = result.score - result.start
    blocks.append(line(f"{result.start} + {gained} = {result.score} (at most {result.before})."))
    if rules == GRIT:
        blocks += _advancement(values, result.restored)
    return [*blocks, *_notes(rules)]


def _advancement(values: RecoveryValues, restored: bool) -> list[Block]:
    """Grit variant: whether this recovery from critical damage opens an Advancement."""
    permanent, held = values.before, values.advancements
    if not restored:
        return [
            line(f"Not yet back to permanent {values.ability} {permanent}: no Advancement yet.")
        ]
    if grit.advancement_open(permanent, held):
        verdict = (
            f"{permanent} is equal or lower than {held} Advancements: they can choose an "
            "additional Advancement."
        )
    else:
        verdict = f"{permanent} is above {held} Advancements: no additional Advancement."
    return [
        line(f"Recovered, permanent {values.ability} {permanent}: {verdict}"),
        note(grit.ADVANCEMENT_READING),
    ]


def handle(call: Call[RecoveryValues]) -> dict[str, Any]:
    values = call.values
    if call.action == "odds":
        return {"view": _odds(values)}
    view = _roll(values, call)
    party, changes = recovery_changes(
        call.table,
        values.rules,
        values.ability,
        (values.current, values.before, values.deprived),
        values.periods,
        values.healer,
        call.rng.seed,
    )
    return {"view": [*view, *party], "changes": changes} if changes else {"view": [*view, *party]}


def fill(table: AtTable) -> Mapping[str, Mapping[str, JsonValue]]:
    form = table.form
    ability = form["grit_ability"] if form["rules"] == GRIT else form["mh_ability"]
    return recovery_fill(table, form["rules"], ability)


def _count(number: int) -> str:
    return {1: "one", 2: "two", 3: "three"}.get(number, str(number))


def _points(number: int) -> str:
    return f"{_count(number)} point{'s' if number != 1 else ''}"


WIDGETS = (
    Widget(
        name="cairn.recovery",
        title="Recovery",
        summary=(
            f"Recover lost attribute points: 1d{recovery.RECOVERY_DIE} a "
            f"{recovery.period(MIGHT_HEART)} with a healer ({rule_set(MIGHT_HEART).name}), "
            f"or {_count(recovery.GRIT_PER_DAY)} a {recovery.period(GRIT)} with a skilled healer "
            f"({rule_set(GRIT).name})."
        ),
        hand_roll=(
            f"{rule_set(MIGHT_HEART).name}: with a healer, roll 1d{recovery.RECOVERY_DIE} each "
            f"{recovery.period(MIGHT_HEART)} of recovery and add it to the attribute, up to its "
            f"score before the loss. {rule_set(GRIT).name}: {_points(recovery.GRIT_PER_DAY)} a "
            f"{recovery.period(GRIT)} with a skilled healer. A Deprived PC recovers nothing."
        ),
        fields=(
            choice_field("rules", "Rules", RULES),
            int_field("current", "Score now", 4, 0, ABILITY_MAX),
            int_field(
                "before",
                "Score before the loss",
                10,
                1,
                ABILITY_MAX,
                help="Grit variant: after critical damage, the new permanent score.",
            ),
            int_field(
                "periods",
                "Weeks (Might and Heart) or days (Grit variant) of recovery",
                1,
                1,
                recovery.MAX_PERIODS,
            ),
            bool_field("healer", "With a healer", default=True),
            bool_field("deprived", "Deprived (lacking food or rest)"),
            choice_field(
                "mh_ability",
                "Attribute",
                [("Might", "Might"), ("Heart", "Heart")],
                shown_when={"rules": (MIGHT_HEART,)},
                help="Which one: a party member's scores are filled in.",
            ),
            choice_field(
                "grit_ability",
                "Ability",
                [(a, a) for a in ("Prowess", "Insight", "Resolve")],
                shown_when={"rules": (GRIT,)},
                help="Which one: a party member's scores are filled in.",
            ),
            int_field(
                "advancements",
                "Advancements held",
                0,
                0,
                ABILITY_MAX,
                shown_when={"rules": (GRIT,)},
                help=grit.ADVANCEMENT_RULE,
            ),
        ),
        values=RecoveryValues,
        actions=(Action("roll", "Recover"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
        fill=fill,
    ),
)
