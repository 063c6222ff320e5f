"""View blocks: the small JSON objects a widget answers with, defined once.

A handler's view is a list of blocks, each a JSON object with a ``type`` and
the fields of its type; the browser runtime draws them without knowing any
rules (``runtime/page/blocks.js``) and the command line prints them
(:mod:`rules_py.text_view`). Each block type is one ``TypedDict`` below,
:data:`AnyBlock` is the union of them all, and each helper builds its block
as that type (so mypy checks every field it writes). Widget code passes the
result on as a plain JSON object (:data:`Block`): some rewrite a chart's
figures after the helper made it. :func:`block_problems` checks a block
against its type at run time, and the engine tests run it on every view of
every widget.

The browser's side is typed against the same definition:
``runtime/contract/blocks.d.ts`` is written from this module by
``python -m runtime.build.declarations``, and the type check of the runtime
(``make lint``) fails when a block type has no renderer there, a renderer
draws a type Python does not define, or reads a field its block lacks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal, NotRequired, TypedDict, cast, get_args

from rules_py.core.json_shape import discriminant, shape_problems

__all__ = [
    "BLOCK_TYPES",
    "READABLE_DENOMINATOR",
    "AnyBlock",
    "AtLeastFields",
    "Block",
    "ChartBar",
    "ChartBlock",
    "ChoiceOption",
    "ChoicesBlock",
    "CopyBlock",
    "DiceBlock",
    "DieFace",
    "FactsBlock",
    "FilterRowsBlock",
    "FocusElementBlock",
    "LineBlock",
    "NoteBlock",
    "OutcomeBlock",
    "StepBlock",
    "TableBlock",
    "Tone",
    "at_least_fields",
    "block_problems",
    "blocks_by_type",
    "chance_text",
    "chart",
    "choices",
    "copy_text",
    "dice",
    "die_face",
    "facts",
    "filter_rows",
    "focus_element",
    "fraction_text",
    "line",
    "note",
    "option",
    "outcome",
    "percent",
    "step",
    "table",
]

Tone = Literal["good", "bad", "neutral"]


# ---------------------------------------------------------------- the blocks


class OutcomeBlock(TypedDict):
    """The headline of a result, coloured by its tone."""

    type: Literal["outcome"]
    text: str
    tone: Tone


class LineBlock(TypedDict):
    """One line of the result."""

    type: Literal["line"]
    text: str


class NoteBlock(TypedDict):
    """A rules note: what the text says, or what this site chose where it is silent."""

    type: Literal["note"]
    text: str


class DieFace(TypedDict):
    """One die: its value, its sides, and tags such as "kept" or "dropped"."""

    value: int
    sides: int
    tags: list[str]


class DiceBlock(TypedDict):
    """Dice as faces, each tag a class and spoken."""

    type: Literal["dice"]
    label: str
    dice: list[DieFace]


class FactsBlock(TypedDict):
    """A definition list: ``items`` holds ``[name, value]`` pairs."""

    type: Literal["facts"]
    items: list[list[str]]


class TableBlock(TypedDict):
    """A table of text cells; ``highlight`` is a row index, or None."""

    type: Literal["table"]
    caption: str
    columns: list[str]
    rows: list[list[str]]
    highlight: int | None


class AtLeastFields(TypedDict):
    """A chart bar's chance of "this or more", in the forms the chart shows."""

    at_least: str
    at_least_percent: str
    at_least_fraction: str


class ChartBar(TypedDict):
    """One bar of the odds chart. ``chance`` is the full text ("60% (3/5)");
    ``percent`` and ``fraction`` are its parts, apart so that a narrow
    screen drops the fraction first. ``width`` runs from 0 to 1 against the
    tallest bar. The ``at_least`` fields come with ordered results; a bar
    that groups several results says what "or more" means (``at_least_label``)."""

    label: str
    chance: str
    percent: str
    fraction: str
    width: float
    highlight: bool
    at_least: NotRequired[str]
    at_least_percent: NotRequired[str]
    at_least_fraction: NotRequired[str]
    at_least_label: NotRequired[str]


class ChartBlock(TypedDict):
    """The odds chart. ``summary`` is what a screen reader hears first;
    ``marks`` (with any highlighted bar) says what the mark means."""

    type: Literal["chart"]
    title: str
    bars: list[ChartBar]
    summary: str
    marks: NotRequired[str]
    mean: NotRequired[str]


class ChoiceOption(TypedDict):
    """A button of a choices block: pressed, it sends the last request again
    with ``request``'s keys on top."""

    label: str
    lines: list[str]
    badge: str
    selected: bool
    request: dict[str, Any]


class ChoicesBlock(TypedDict):
    """A group of buttons, each a follow-up request."""

    type: Literal["choices"]
    prompt: str
    options: list[ChoiceOption]


class StepBlock(TypedDict):
    """What the player chooses now, drawn next to the fields that set it up."""

    type: Literal["step"]
    blocks: list[AnyBlock]


class CopyBlock(TypedDict):
    """A text and a button that copies it."""

    type: Literal["copy"]
    label: str
    text: str


class FocusElementBlock(TypedDict):
    """Marks an element of the page (by id) and offers to scroll to it."""

    type: Literal["focus_element"]
    id: str


class FilterRowsBlock(TypedDict):
    """Shows only the listed rows (by id) of a table of the page."""

    type: Literal["filter_rows"]
    table: str
    visible: list[str]


AnyBlock = (
    OutcomeBlock
    | LineBlock
    | NoteBlock
    | DiceBlock
    | FactsBlock
    | TableBlock
    | ChartBlock
    | ChoicesBlock
    | StepBlock
    | CopyBlock
    | FocusElementBlock
    | FilterRowsBlock
)

# Every block's TypedDict, in the order of the union above.
BLOCK_TYPES: tuple[type, ...] = get_args(AnyBlock)


def blocks_by_type() -> dict[str, type]:
    """Each block type's name (what its ``type`` field says) -> its TypedDict."""
    tagged = discriminant(BLOCK_TYPES)
    assert tagged is not None and tagged[0] == "type", "every block has its own type"
    return {str(name): cls for name, cls in tagged[1].items()}


# A block as widget code passes it on: a JSON object (made by the helpers below).
Block = dict[str, Any]


def block_problems(block: object) -> list[str]:
    """What in ``block`` does not fit the type its ``type`` names (a missing
    or unknown field, a value of the wrong kind); [] for a sound block."""
    return shape_problems(block, AnyBlock)


# ---------------------------------------------------------------- chances as text


def percent(chance: Fraction) -> str:
    """A chance as a percentage: 3/5 -> "60%", 1/3 -> "33.33%".

    Two decimals, or more near 0% and 100% (up to six), so rounding never
    turns a possible result into 0% or an uncertain one into 100%; beyond six
    decimals it reads "< 0.000001%" or "> 99.999999%".
    """
    value = chance * 100
    if value.denominator == 1:
        return f"{value.numerator}%"
    tiny = Fraction(1, 10**6)
    if value < tiny:
        return "< 0.000001%"
    if 100 - value < tiny:
        return "> 99.999999%"
    decimals = 2
    while decimals < 6 and (round(value, decimals) == 0 or round(value, decimals) == 100):
        decimals += 1
    text = f"{float(value):.{decimals}f}".rstrip("0").rstrip(".")
    return f"{text}%"


READABLE_DENOMINATOR = 10**6  # beyond this a fraction is noise to a reader


def chance_text(chance: Fraction, over: int | None = None) -> str:
    """Percentage first, the exact fraction after it: "60% (12/20)" when ``over``
    names the natural denominator, else "60% (3/5)"; only the percentage when
    the fraction would be too long to read (a phone keeps what comes first)."""
    if over is not None and (chance * over).denominator == 1:
        return f"{percent(chance)} ({chance * over}/{over})"
    if chance.denominator > READABLE_DENOMINATOR:
        return percent(chance)
    return f"{percent(chance)} ({chance.numerator}/{chance.denominator})"


def fraction_text(chance: Fraction) -> str:
    """The exact chance as "a/b", or "" when the fraction is too long to read
    or adds nothing to the percentage (0% and 100%)."""
    if chance.denominator > READABLE_DENOMINATOR or chance.denominator == 1:
        return ""
    return f"{chance.numerator}/{chance.denominator}"


def at_least_fields(chance: Fraction) -> AtLeastFields:
    """A chart bar's chance of "this or more", in the forms the chart shows."""
    return AtLeastFields(
        at_least=chance_text(chance),
        at_least_percent=percent(chance),
        at_least_fraction=fraction_text(chance),
    )


# ---------------------------------------------------------------- helpers


def _json(block: AnyBlock) -> Block:
    """A block, checked as its type, handed on as a JSON object."""
    return cast(Block, block)


def outcome(text: str, tone: Tone = "neutral") -> Block:
    return _json(OutcomeBlock(type="outcome", text=text, tone=tone))


def line(text: str) -> Block:
    return _json(LineBlock(type="line", text=text))


def note(text: str) -> Block:
    """A one-line rules note: what the text says, or what this site chose."""
    return _json(NoteBlock(type="note", text=text))


def die_face(value: int, sides: int, *tags: str) -> dict[str, Any]:
    """One die; tags such as "kept", "dropped", "success", "double", "best"."""
    return dict(DieFace(value=value, sides=sides, tags=list(tags)))


def dice(label: str, faces: Iterable[Mapping[str, Any]]) -> Block:
    # The faces are die_face()'s; block_problems checks them in the tests.
    return _json(DiceBlock(type="dice", label=label, dice=[cast(DieFace, face) for face in faces]))


def facts(items: Iterable[tuple[str, str]]) -> Block:
    return _json(FactsBlock(type="facts", items=[[name, value] for name, value in items]))


def table(
    caption: str,
    columns: Sequence[str],
    rows: Iterable[Sequence[str]],
    highlight: int | None = None,
) -> Block:
    return _json(
        TableBlock(
            type="table",
            caption=caption,
            columns=list(columns),
            rows=[list(row) for row in rows],
            highlight=highlight,
        )
    )


def chart(
    title: str,
    bars: Sequence[tuple[str, Fraction]],
    *,
    highlight: Iterable[str] = (),
    marks: str = "",
    mean: Fraction | None = None,
    cumulative: bool = True,
    summary: str = "",
) -> Block:
    """The accessible odds chart: bars with exact chances, optional mean, and
    for each bar the chance of that result or more (when outcomes are ordered).

    ``highlight`` names the bars to mark and ``marks`` is the legend that says
    what the mark means ("Most likely: 13", "Succeeds: 3 or more"), so a mark
    is never taken for the result just rolled.
    ``summary`` is the one sentence a screen reader hears before the data table.
    """
    marked = set(highlight)
    if marked and not marks:
        raise ValueError("a chart that marks bars says what the mark means (marks=...)")
    rendered: list[ChartBar] = []
    remaining = sum((chance for _, chance in bars), Fraction(0))
    top = max((chance for _, chance in bars), default=Fraction(0))
    for label, chance in bars:
        # "percent" and "fraction" apart, so a narrow screen shows the
        # percentage first and drops the fraction, never the other way round.
        bar = ChartBar(
            label=label,
            chance=chance_text(chance),
            percent=percent(chance),
            fraction=fraction_text(chance),
            width=float(chance / top) if top else 0.0,
            highlight=label in marked,
        )
        if cumulative:
            bar = {**bar, **at_least_fields(remaining)}
        remaining -= chance
        rendered.append(bar)
    block = ChartBlock(type="chart", title=title, bars=rendered, summary=summary)
    if marked:
        block["marks"] = marks
    if mean is not None:
        block["mean"] = f"{float(mean):.3g}" if mean.denominator != 1 else str(mean.numerator)
    return _json(block)


def choices(prompt: str, options: Iterable[Mapping[str, Any]]) -> Block:
    """Buttons that send a follow-up request: each option is made by ``option``."""
    made = [cast(ChoiceOption, choice) for choice in options]  # option()'s, checked in the tests
    return _json(ChoicesBlock(type="choices", prompt=prompt, options=made))


def step(blocks: Iterable[Block]) -> Block:
    """What the player chooses now (a turn line, a hand of cards): drawn where
    the widget's ``step_before`` says, else in place."""
    made = [cast(AnyBlock, block) for block in blocks]  # the helpers', checked in the tests
    return _json(StepBlock(type="step", blocks=made))


def option(
    label: str,
    request: Mapping[str, Any],
    *,
    lines: Sequence[str] = (),
    badge: str = "",
    selected: bool = False,
) -> dict[str, Any]:
    return dict(
        ChoiceOption(
            label=label, lines=list(lines), badge=badge, selected=selected, request=dict(request)
        )
    )


def copy_text(label: str, text: str) -> Block:
    return _json(CopyBlock(type="copy", label=label, text=text))


def focus_element(element_id: str) -> Block:
    """Scroll to an element of the page (e.g. a spell's table row) and mark it."""
    return _json(FocusElementBlock(type="focus_element", id=element_id))


def filter_rows(table_id: str, visible: Iterable[str]) -> Block:
    """Show only the listed rows (by id) of a table on the page."""
    return _json(FilterRowsBlock(type="filter_rows", table=table_id, visible=list(visible)))
