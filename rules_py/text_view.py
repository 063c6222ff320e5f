"""View blocks as plain text, for the command line.

The browser draws the same blocks with DOM nodes (see CONTRIBUTING.md, the
widget contract); this module gives each block type a text form, so a roll
read in a terminal says what the page says.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["BAR_WIDTH", "render"]

BAR_WIDTH = 40

Block = Mapping[str, Any]


def _outcome(block: Block) -> list[str]:
    return [str(block["text"])]


def _line(block: Block) -> list[str]:
    return [str(block["text"])]


def _note(block: Block) -> list[str]:
    return [f"Note: {block['text']}"]


def _die(die: Mapping[str, Any]) -> str:
    tags = [str(tag) for tag in die.get("tags", ())]
    return f"{die['value']}" + (f" ({', '.join(tags)})" if tags else "")


def _dice(block: Block) -> list[str]:
    return [f"{block['label']}: " + ", ".join(_die(d) for d in block["dice"])]


def _facts(block: Block) -> list[str]:
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


def _table(block: Block) -> list[str]:
    caption = [str(block["caption"])] if block.get("caption") else []
    return caption + _grid(list(block["columns"]), block["rows"], block.get("highlight"))


def _chance(bar: Mapping[str, Any], prefix: str = "") -> str:
    """ "22.04% (137781/625000)": the percentage first, as the page shows it."""
    if f"{prefix}percent" not in bar:
        return str(bar["at_least" if prefix else "chance"])
    fraction = bar.get(f"{prefix}fraction")
    return f"{bar[prefix + 'percent']} ({fraction})" if fraction else str(bar[prefix + "percent"])


def _chart(block: Block) -> list[str]:
    bars = block["bars"]
    label_width = max((len(str(bar["label"])) for bar in bars), default=0)
    lines = [str(block["title"])]
    for bar in bars:
        filled = round(float(bar["width"]) * BAR_WIDTH)
        if filled == 0 and float(bar["width"]) > 0:
            filled = 1  # a chance above zero always shows
        mark = "*" if bar.get("highlight") else " "
        at_least = f"  ({_chance(bar, 'at_least_')} this or more)" if "at_least" in bar else ""
        lines.append(
            f"{mark}{str(bar['label']).rjust(label_width)} |{'#' * filled:<{BAR_WIDTH}}| "
            f"{_chance(bar)}{at_least}"
        )
    if "marks" in block:
        lines.append(f"* {block['marks']}")
    if "mean" in block:
        lines.append(f"Mean: {block['mean']}")
    return lines


def _choices(block: Block) -> list[str]:
    lines = [str(block["prompt"])]
    for option in block["options"]:
        badge = f" [{option['badge']}]" if option.get("badge") else ""
        lines.append(f"- {option['label']}{badge}")
        lines += [f"    {text}" for text in option.get("lines", ())]
    return lines


def _step(block: Block) -> list[str]:
    text = render(block["blocks"])
    return text.split("\n") if text else []


def _copy(block: Block) -> list[str]:
    return [str(block["text"])]


def _unknown(block: Block) -> list[str]:
    return [f"({block.get('type')})"]


def _page_only(block: Block) -> list[str]:
    return []  # focus_element, filter_rows: they act on the page around the widget


RENDERERS: dict[str, Callable[[Block], list[str]]] = {
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


def render(view: Iterable[Block]) -> str:
    """The blocks of one result as text, one block after another."""
    parts: list[str] = []
    for block in view:
        renderer = RENDERERS.get(str(block.get("type")), _unknown)
        lines = renderer(block)
        if lines:
            parts.append("\n".join(lines))
    return "\n".join(parts)
