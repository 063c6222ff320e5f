"""View blocks as plain text, for the command line.

The browser draws the same blocks with DOM nodes (``runtime/page/blocks.js``);
this module gives each block type of :mod:`rules_py.view_blocks` a text form,
so a roll read in a terminal says what the page says. Each renderer takes its
block's TypedDict, so mypy checks every field it reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rules_py.view_blocks import (
    AnyBlock,
    ChartBar,
    ChartBlock,
    ChoicesBlock,
    CopyBlock,
    DiceBlock,
    DieFace,
    FactsBlock,
    LineBlock,
    NoteBlock,
    OutcomeBlock,
    StepBlock,
    TableBlock,
)

__all__ = ["BAR_WIDTH", "RENDERERS", "render"]

BAR_WIDTH = 40


def _outcome(block: OutcomeBlock) -> list[str]:
    return [str(block["text"])]


def _line(block: LineBlock) -> list[str]:
    return [str(block["text"])]


def _note(block: NoteBlock) -> list[str]:
    return [f"Note: {block['text']}"]


def _die(die: DieFace) -> str:
    tags = die["tags"]
    return f"{die['value']}" + (f" ({', '.join(tags)})" if tags else "")


def _dice(block: DiceBlock) -> list[str]:
    return [f"{block['label']}: " + ", ".join(_die(d) for d in block["dice"])]


def _facts(block: FactsBlock) -> list[str]:
    return [f"{name}: {value}" for name, value in block["items"]]


def _grid(columns: list[str], rows: list[list[str]], highlight: int | None) -> list[str]:
    table = [columns, *rows]
    widths = [max(len(str(row[i])) for row in table) for i in range(len(columns))]

    def fmt(cells: Iterable[str], mark: str = "  ") -> str:
        padded = (str(cell).ljust(width) for cell, width in zip(cells, widths, strict=True))
        return (mark + "  ".join(padded)).rstrip()

    lines = [fmt(columns), "  " + "  ".join("-" * w for w in widths)]
    lines += [fmt(row, "> " if index == highlight else "  ") for index, row in enumerate(rows)]
    return lines


def _table(block: TableBlock) -> list[str]:
    caption = [str(block["caption"])] if block.get("caption") else []
    return caption + _grid(list(block["columns"]), block["rows"], block.get("highlight"))


def _chance(text: str, percent: str | None, fraction: str | None) -> str:
    """ "22.04% (137781/625000)": the percentage first, as the page shows it;
    ``text`` (the whole chance) where a widget wrote that alone."""
    if percent is None:
        return text
    return f"{percent} ({fraction})" if fraction else percent


def _bar_chance(bar: ChartBar) -> str:
    return _chance(bar["chance"], bar.get("percent"), bar.get("fraction"))


def _at_least_chance(bar: ChartBar) -> str:
    at_least = bar.get("at_least", "")
    return _chance(at_least, bar.get("at_least_percent"), bar.get("at_least_fraction"))


def _chart(block: ChartBlock) -> list[str]:
    bars = block["bars"]
    label_width = max((len(str(bar["label"])) for bar in bars), default=0)
    lines = [str(block["title"])]
    for bar in bars:
        filled = round(float(bar["width"]) * BAR_WIDTH)
        if filled == 0 and float(bar["width"]) > 0:
            filled = 1  # a chance above zero always shows
        mark = "*" if bar.get("highlight") else " "
        at_least = f"  ({_at_least_chance(bar)} this or more)" if "at_least" in bar else ""
        lines.append(
            f"{mark}{str(bar['label']).rjust(label_width)} |{'#' * filled:<{BAR_WIDTH}}| "
            f"{_bar_chance(bar)}{at_least}"
        )
    if "marks" in block:
        lines.append(f"* {block['marks']}")
    if "mean" in block:
        lines.append(f"Mean: {block['mean']}")
    return lines


def _choices(block: ChoicesBlock) -> list[str]:
    lines = [str(block["prompt"])]
    for option in block["options"]:
        badge = f" [{option['badge']}]" if option.get("badge") else ""
        lines.append(f"- {option['label']}{badge}")
        lines += [f"    {text}" for text in option["lines"]]
    return lines


def _step(block: StepBlock) -> list[str]:
    text = render(block["blocks"])
    return text.split("\n") if text else []


def _copy(block: CopyBlock) -> list[str]:
    return [str(block["text"])]


def _unknown(block: Mapping[str, Any]) -> list[str]:
    return [f"({block.get('type')})"]


def _page_only(block: AnyBlock) -> list[str]:
    return []  # focus_element, filter_rows: they act on the page around the widget


# block type -> its text form (each takes its block's TypedDict).
RENDERERS: dict[str, Callable[[Any], list[str]]] = {
    "outcome": _outcome,
    "line": _line,
    "note": _note,
    "dice": _dice,
    "facts": _facts,
    "table": _table,
    "chart": _chart,
    "choices": _choices,
    "step": _step,
    "copy": _copy,
    "focus_element": _page_only,
    "filter_rows": _page_only,
}


def render(view: Iterable[Mapping[str, Any]]) -> str:
    """The blocks of one result as text, one block after another."""
    parts: list[str] = []
    for block in view:
        renderer: Callable[[Any], list[str]] = RENDERERS.get(str(block.get("type")), _unknown)
        lines = renderer(block)
        if lines:
            parts.append("\n".join(lines))
    return "\n".join(parts)
