"""Widget ``cairn.save``: a d20 save, a contest, or a save the rules call for by name.

The rule set (Cairn, Might and Heart, Grit variant) decides whether a 1 and a
20 are automatic, whether a contest is rolled, whether an effort is allowed,
and which ability the first-round save, Retreat and Morale use.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_py.cairn import saves as cairn
from rules_py.cairn.characters.at_rolls import effort_changes
from rules_py.cairn.characters.save_fill import MORALE_FILL_NOTE, fill, score_fields
from rules_py.cairn.rulesets import CAIRN, CHOICES, GRIT, RuleSet, rule_set
from rules_py.widget import (
    Action,
    Block,
    Call,
    FormValues,
    Widget,
    bool_field,
    chance_text,
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

CONTEST = {"mode": ("contest",)}
MORALE = {"mode": ("morale",)}
MODES = (
    ("save", "Single save"),
    ("contest", "Contest"),
    ("act", "First round: act"),
    ("retreat", "Retreat"),
    ("morale", "Morale"),
)
CALL_TITLES = {"act": "First-round save", "retreat": "Retreat", "morale": "Morale"}


@dataclass(frozen=True)
class SaveValues(FormValues):
    rules: str
    mode: str
    attribute: int
    rival: int
    effort: bool
    rival_effort: bool
    trigger: str
    use_leader: bool
    leader: int
    cairn_score: str
    mh_score: str
    grit_score: str


def _spans(ability: int, rules: str) -> str:
    """ "1\u201319" as a reader writes the passing faces; "none" when no face passes."""
    spans = cairn.passing_spans(ability, rules)
    if not spans:
        return "none"
    return ", ".join(span.span.replace("-", "\u2013") for span in spans)


def _side_dice(label: str, side: cairn.SideRoll) -> Block:
    faces = []
    for result in side.results:
        tags = ["success" if result.passed else "failure"]
        if len(side.results) > 1:
            tags.append("kept" if result is side.kept else "dropped")
        faces.append(die_face(result.roll, cairn.SAVE_DIE, *tags))
    return dice(label, faces)


def _rolled(side: cairn.SideRoll) -> str:
    """ "Rolled 7", or with an effort "Kept 7 of two d20s"."""
    if len(side.results) > 1:
        return f"Kept {side.roll} of two d20s"
    return f"Rolled {side.roll}"


def _effort_blocks(side: cairn.SideRoll, who: str = "") -> list[Block]:
    if side.effort_harm is None:
        return []
    return [
        dice(f"{who}Effort harm (1d6)", [die_face(side.effort_harm, cairn.EFFORT_HARM_DIE)]),
        line(
            f"{who}Effort: take {side.effort_harm} harm first ({cairn.EFFORT_HARM_GOES}), "
            "then roll two d20s and keep the best."
        ),
    ]


def _save_odds(ability: int, ruleset: RuleSet, effort: bool, label: str = "") -> list[Block]:
    chance = cairn.pass_chance(ability, ruleset.key)
    who = label or "Chance to pass"
    blocks = [
        line(f"{who} with {ability}: {chance_text(chance, cairn.SAVE_DIE)}."),
        facts([("Passing d20 faces", _spans(ability, ruleset.key))]),
    ]
    if effort:
        with_effort = cairn.pass_chance(ability, ruleset.key, effort=True)
        blocks.append(line(f"With an effort (two d20s): {chance_text(with_effort)}."))
    blocks.append(note(ruleset.save_rule))
    return blocks


def _contest_odds(first: int, second: int, ruleset: RuleSet, values: SaveValues) -> list[Block]:
    efforts = values.effort, values.rival_effort
    odds = cairn.contest_odds(first, second, ruleset.key, *efforts)
    blocks = [
        facts(
            [
                ("First side wins", chance_text(odds.first)),
                ("Second side wins", chance_text(odds.second)),
                ("Nobody wins", chance_text(odds.neither)),
            ]
        ),
    ]
    blocks += [note(text) for text in cairn.contest_notes(ruleset.key, *efforts)]
    return blocks


def _save_roll(
    ability: int, ruleset: RuleSet, effort: bool, call: Call[SaveValues]
) -> tuple[list[Block], cairn.SideRoll]:
    side = cairn.roll_side(ability, call.rng, ruleset.key, effort)
    blocks = _effort_blocks(side)
    blocks += [
        _side_dice("d20", side),
        outcome("PASS" if side.passed else "FAIL", "good" if side.passed else "bad"),
        line(f"{_rolled(side)} against {ability}. {side.kept.rule.value}"),
    ]
    return blocks, side


def _contest_roll(
    first: int, second: int, ruleset: RuleSet, call: Call[SaveValues]
) -> tuple[list[Block], cairn.SideRoll]:
    result = cairn.roll_contest(
        first,
        second,
        call.rng,
        rules=ruleset.key,
        first_effort=call.values.effort,
        second_effort=call.values.rival_effort,
    )
    opening = result.rounds[0]
    blocks = _effort_blocks(opening.first, "First side: ") + _effort_blocks(
        opening.second, "Second side: "
    )
    for number, contest_round in enumerate(result.rounds, start=1):
        suffix = f" (round {number})" if len(result.rounds) > 1 else ""
        blocks.append(_side_dice(f"First side, {first}{suffix}", contest_round.first))
        blocks.append(_side_dice(f"Second side, {second}{suffix}", contest_round.second))
    headline = {
        cairn.ContestWinner.FIRST: ("FIRST SIDE WINS", "good"),
        cairn.ContestWinner.SECOND: ("SECOND SIDE WINS", "bad"),
        cairn.ContestWinner.NEITHER: ("NOBODY WINS", "neutral"),
    }[result.winner]
    blocks.append(outcome(*headline))  # type: ignore[arg-type]
    blocks.append(line(result.explanation))
    return blocks, opening.first


def _morale_ability(values: SaveValues) -> tuple[int, str]:
    ability = cairn.morale_ability(values.attribute, values.leader, values.use_leader)
    return ability, "the leader's" if values.use_leader else "their own"


def _call_intro(mode: str, ruleset: RuleSet, values: SaveValues) -> list[Block]:
    named = ruleset.call(mode)
    blocks = [line(f"{CALL_TITLES[mode]}: a {named.ability} save. \u201c{named.quote}\u201d")]
    if mode == "morale":
        trigger = dict(cairn.MORALE_TRIGGERS)[values.trigger]
        ability, whose = _morale_ability(values)
        blocks.append(line(f"{trigger}: they save with {whose} {named.ability}, {ability}."))
        blocks.append(note(MORALE_FILL_NOTE))
    if named.note:
        blocks.append(note(named.note))
    return blocks


def _call_roll(
    mode: str, ruleset: RuleSet, call: Call[SaveValues]
) -> tuple[list[Block], cairn.SideRoll]:
    values = call.values
    ability = _morale_ability(values)[0] if mode == "morale" else values.attribute
    effort = cairn.effort_applies(mode, ruleset.key, values.effort)
    result = cairn.roll_call(mode, ability, call.rng, ruleset.key, effort)
    passed = result.side.passed
    blocks = [
        *_effort_blocks(result.side),
        _side_dice(f"{result.ability_name} save, {ability}", result.side),
        outcome("PASS" if passed else "FAIL", "good" if passed else "bad"),
        line(
            f"{_rolled(result.side)} against {ability}. "
            f"{result.side.kept.rule.value} {result.meaning}"
        ),
    ]
    return blocks, result.side


def handle(call: Call[SaveValues]) -> dict[str, Any]:
    view, first = _handle(call)
    if first is None or first.effort_harm is None:
        return {"view": view}
    # An effort's harm on the actor's sheet (the first side is the actor).
    blocks, changes = effort_changes(call.table, call.values.rules, first.effort_harm, call.rng)
    return {"view": [*view, *blocks], "changes": changes} if changes else {"view": view}


def _handle(call: Call[SaveValues]) -> tuple[list[Block], cairn.SideRoll | None]:
    """The view, and the first side's roll (None for the odds)."""
    values = call.values
    ruleset = rule_set(values.rules)
    mode = values.mode
    ability = values.attribute
    effort = cairn.effort_applies(mode, ruleset.key, values.effort)
    if mode == "contest" and not ruleset.contest_is_rolled:
        # Might and Heart: "whoever is most at risk should save"; the first side is that one.
        first = None
        if call.action == "odds":
            view = _save_odds(ability, ruleset, False, "Chance the side most at risk passes")
        else:
            view, first = _save_roll(ability, ruleset, False, call)
        return [*view, note(ruleset.contest_note)], first
    if call.action == "odds":
        if mode == "contest":
            view = _contest_odds(ability, values.rival, ruleset, values)
        elif mode == "morale":
            view = _call_intro(mode, ruleset, values)
            view += _save_odds(_morale_ability(values)[0], ruleset, False)
        elif mode in CALL_TITLES:
            view = _call_intro(mode, ruleset, values) + _save_odds(ability, ruleset, effort)
        else:
            view = _save_odds(ability, ruleset, effort)
        return view, None
    if mode == "contest":
        return _contest_roll(ability, values.rival, ruleset, call)
    if mode in CALL_TITLES:
        return _call_roll(mode, ruleset, call)
    return _save_roll(ability, ruleset, effort, call)


def _hand_roll() -> str:
    cairn_rules = rule_set(CAIRN)
    extremes = cairn_rules.save_rule  # "A 1 always passes and a 20 always fails."
    return (
        f"Roll a d{cairn.SAVE_DIE}. Equal to or under the ability passes, over it fails. "
        f"In {cairn_rules.name} {extremes[0].lower()}{extremes[1:]} In a contest, both sides "
        "save and the highest successful roll wins."
    )


WIDGETS = (
    Widget(
        name="cairn.save",
        title="Save roller",
        summary=(
            f"Roll a d{cairn.SAVE_DIE} equal to or under an ability to pass; settle a contest; "
            "or roll the "
            "first-round save, Retreat or Morale."
        ),
        hand_roll=_hand_roll(),
        fields=(
            choice_field(
                "rules",
                "Rules",
                CHOICES,
                help="Cairn; the Might and Heart rules; or the Grit variant's Rules Summary.",
                advanced=True,
            ),
            choice_field("mode", "Mode", MODES),
            int_field(
                "attribute",
                "Attribute",
                10,
                cairn.ABILITY_MIN,
                cairn.ABILITY_MAX,
                help="The score you save with (for Morale, the group's WIL or Resolve).",
            ),
            int_field(
                "rival",
                "Second side's attribute",
                10,
                cairn.ABILITY_MIN,
                cairn.ABILITY_MAX,
                shown_when=CONTEST,
            ),
            bool_field(
                "effort",
                f"Make an effort (take 1d{cairn.EFFORT_HARM_DIE} harm, "
                f"roll two d{cairn.SAVE_DIE}s, keep the best)",
                shown_when={"rules": (GRIT,), "mode": cairn.EFFORT_MODES},
            ),
            bool_field(
                "rival_effort",
                "Second side makes an effort",
                shown_when={"rules": (GRIT,), "mode": ("contest",)},
            ),
            choice_field(
                "trigger",
                "Why they save",
                cairn.MORALE_TRIGGERS,
                shown_when=MORALE,
            ),
            bool_field("use_leader", "Use their leader's score instead", shown_when=MORALE),
            int_field(
                "leader",
                "Leader's attribute",
                10,
                cairn.ABILITY_MIN,
                cairn.ABILITY_MAX,
                shown_when={"mode": ("morale",), "use_leader": ("true",)},
            ),
            *score_fields(),
        ),
        values=SaveValues,
        actions=(Action("roll", "Roll"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
        fill=fill,
    ),
)
