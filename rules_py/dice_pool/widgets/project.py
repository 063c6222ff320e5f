"""Widget ``dice_pool.project``: a project's scale and the obstruction roll (d10 dice pool)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules_py.at_table import AtTable
from rules_py.dice_pool import projects
from rules_py.dice_pool.characters.at_rolls import GAME, rating_named
from rules_py.dice_pool.tables import (
    ObstructionRow,
    ScaleShift,
    group_magnitudes,
    natures,
    obstructions,
    oppositions,
    repairs,
    world_scales,
)
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    FormValues,
    Widget,
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
    table,
)

__all__ = ["WIDGETS"]

TONES = {
    "critical": "good",
    "success": "good",
    "alteration": "neutral",
    "problem": "bad",
    "major": "bad",
}


@dataclass(frozen=True)
class ProjectValues(FormValues):
    kind: str
    affects: str
    dots: int
    nature: str
    opposition: str
    repair: str
    ability: int
    ability_name: str


def _scale(values: ProjectValues) -> projects.ProjectScale:
    return projects.project_scale(
        values.kind,
        affects=values.affects,
        dots=values.dots,
        nature=values.nature,
        opposition=values.opposition,
        repair=values.repair,
    )


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"\u2212{-value}"


def _scale_blocks(built: projects.ProjectScale) -> list[Block]:
    (first_label, first_value), *rest = built.parts
    terms = f"{first_label} {first_value}" + "".join(
        f" {'+' if value >= 0 else chr(0x2212)} {label} {abs(value)}" for label, value in rest
    )
    asked = str(built.asked) if built.asked >= 0 else f"\u2212{-built.asked}"
    total = f"{asked}, so {built.scale}" if built.floored else str(built.scale)
    blocks: list[Block] = [line(f"Project Scale: {terms} = {total}.")]
    if built.floored:
        blocks.append(
            note(f"Repair or alteration lowers the scale to a minimum of {projects.MIN_SCALE}.")
        )
    if built.needs_keystone:
        blocks.append(
            line(
                f"Scale {built.scale}: a Keystone Resource must be actively sought out, "
                "unique to the project."
            )
        )
        if built.beyond_keystone_text:
            blocks.append(note(projects.KEYSTONE_RULE))
    return blocks


def _row_label(row: ObstructionRow) -> str:
    """Just the totals ("0-3"): the chart's label column is narrow; the table names rows."""
    return row.span


def _chances_table(ability: int, scale: int, highlight: str | None = None) -> Block:
    chances = projects.row_chances(ability, scale)
    rows = [
        (row.span, row.plain_text, _chance(chance), _faces_for(row.key, ability, scale))
        for row, chance in chances
    ]
    index = next((i for i, (row, _) in enumerate(chances) if row.key == highlight), None)
    return table(
        f"Obstructions for 1d10 + {ability} \u2212 {scale}",
        ["Total", "Result", "Chance", "d10 faces"],
        rows,
        highlight=index,
    )


def _faces_for(key: str, ability: int, scale: int) -> str:
    faces = projects.faces_for_row(key, ability, scale)
    if not faces:
        return "none"
    return str(faces[0]) if len(faces) == 1 else f"{faces[0]}\u2013{faces[-1]}"


def _chance(chance: Fraction) -> str:
    return "0% (impossible)" if chance == 0 else chance_text(chance, projects.OBSTRUCTION_DIE)


def _odds(values: ProjectValues) -> list[Block]:
    built = _scale(values)
    ability = values.ability
    chances = projects.row_chances(ability, built.scale)
    worst_first = list(reversed(chances))
    block = chart(
        "Obstruction roll: exact chances",
        [(_row_label(row), chance) for row, chance in worst_first],
        summary=(
            f"1d10 + Ability {ability} \u2212 Scale {built.scale}: "
            + "; ".join(f"{row.span} {row.name} {_chance(chance)}" for row, chance in worst_first)
            + "."
        ),
    )
    low, high = projects.total_bounds(ability, built.scale)
    remaining = Fraction(1)
    for bar, (_, chance) in zip(block["bars"], worst_first, strict=True):
        bar["chance"] = _chance(chance)
        bar["at_least"] = _chance(remaining)
        remaining -= chance
    blocks = [
        *_scale_blocks(built),
        line(
            f"Obstruction roll: 1d10 + Ability {ability} \u2212 Scale {built.scale}, "
            f"totals {low} to {high}."
        ),
        block,
        _chances_table(ability, built.scale),
        note(projects.SCALE_RULE),
    ]
    if low < 0:
        blocks.append(note(projects.LOW_ROLL_RULE))
    return blocks


def _roll(values: ProjectValues, call: Call[ProjectValues]) -> list[Block]:
    built = _scale(values)
    result = projects.roll_obstruction(values.ability, built.scale, call.rng)
    row = result.row
    blocks: list[Block] = [
        dice("Obstruction d10", [die_face(result.roll, projects.OBSTRUCTION_DIE)]),
        outcome(f"{row.name.upper()} ({row.span})", TONES[row.key]),  # type: ignore[arg-type]
        line(row.plain_text),
        facts(
            [
                ("d10", str(result.roll)),
                ("Ability", _signed(result.ability)),
                ("Project Scale", _signed(-result.scale)),
                ("Total", str(result.total)),
            ]
        ),
    ]
    if result.below_table:
        blocks.append(note(projects.LOW_ROLL_RULE))
    blocks.append(line("The player describes the problem and solution."))
    blocks.extend(_scale_blocks(built))
    blocks.append(_chances_table(result.ability, result.scale, highlight=row.key))
    return blocks


def handle(call: Call[ProjectValues]) -> dict[str, Any]:
    if call.action == "odds":
        return {"view": _odds(call.values)}
    return {"view": _roll(call.values, call)}


def _shift_choices(rows: tuple[ScaleShift, ...], none_key: str) -> list[tuple[str, str]]:
    return [
        (row.key, row.label if row.key == none_key else f"{row.label} ({_signed(row.shift)})")
        for row in rows
    ]


def _affects_choices() -> list[tuple[str, str]]:
    return [(row.affects.lower(), f"{row.affects} (scale {row.scale})") for row in world_scales()]


def _affects_help() -> str:
    """The populations of the Group Magnitudes that share the terrains' names."""
    populations = {g.common_name: g.population for g in group_magnitudes()}
    sizes = [
        f"{row.affects} {populations[row.affects]:,}"
        for row in world_scales()
        if row.affects in populations
    ]
    return "Populations (Group Magnitudes): " + ", ".join(sizes) + "."


def _fields() -> tuple[Field, ...]:
    return (
        choice_field(
            "kind",
            "Project",
            [("world", "World Project"), ("merit", "Merit Project")],
        ),
        choice_field(
            "affects",
            "Affects (population or terrain)",
            _affects_choices(),
            help=_affects_help(),
            shown_when={"kind": ("world",)},
        ),
        int_field(
            "dots",
            "Merit dots",
            1,
            1,
            projects.MAX_MERIT_DOTS,
            help="The Scale of a Merit Project is equal to its dots.",
            shown_when={"kind": ("merit",)},
        ),
        choice_field("nature", "Nature", _shift_choices(natures(), "natural")),
        choice_field("opposition", "Opposition", _shift_choices(oppositions(), "none")),
        choice_field(
            "repair",
            "Repairing or altering",
            _shift_choices(repairs(), "none"),
            help=f"Lowers the scale, to a minimum of {projects.MIN_SCALE}.",
        ),
        int_field(
            "ability",
            "Ability",
            3,
            0,
            projects.MAX_ABILITY,
            help="The Ability that mitigates the obstruction.",
        ),
        Field(
            "ability_name",
            "Ability's name",
            "text",
            "",
            max_length=40,
            help="Craft, Lore...: the acting party member's rating is filled in.",
        ),
    )


def fill(table: AtTable) -> dict[str, dict[str, Any]]:
    """The acting member's rating in the Ability the form names."""
    actor = table.of_game(GAME).actor
    name = str(table.form.get("ability_name", ""))
    rating = None if actor is None else rating_named(actor, name, "ability")
    if rating is None:
        return {"values": {}, "from": {}}
    return {"values": {"ability": rating}, "from": {"ability": f"{actor.name}'s {name.strip()}"}}


def _hand_roll() -> str:
    """The roll, then the Obstructions table in the text's words, row by row."""
    rows = " ".join(f"{row.span}: {_sentence(row.plain_text)}" for row in obstructions())
    return (
        f"Roll 1d{projects.OBSTRUCTION_DIE}, add the Ability and subtract the Project Scale, "
        f"and read the total: {rows}"
    )


def _sentence(text: str) -> str:
    return text if text.endswith(".") else f"{text}."


WIDGETS = (
    Widget(
        name="dice_pool.project",
        title="Project roller",
        summary=(
            "Build a project's scale and roll the obstruction: "
            f"1d{projects.OBSTRUCTION_DIE} + Ability - Project Scale."
        ),
        hand_roll=_hand_roll(),
        fields=_fields(),
        values=ProjectValues,
        actions=(
            Action("roll", "Roll the obstruction"),
            Action("odds", "Odds", auto=True, random=False),
        ),
        handler=handle,
        fill=fill,
    ),
)
