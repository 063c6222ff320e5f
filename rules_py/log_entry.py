"""What a roll log entry says, in words: the inputs and the result in one line.

The browser's roll log only stores and shows these strings; they are made
here, from the catalog's field labels and the view a widget returned, so a
log entry reads the same as the form and the result a player saw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_py.widget import Block, Widget

__all__ = ["MAX_DICE_SHOWN", "MAX_SUMMARY_CHARS", "inputs_text", "summary_line"]

MAX_SUMMARY_CHARS = 240  # one line in a log, not the whole result
MAX_DICE_SHOWN = 12  # a 30-die pool reads as its first dice and a count


def inputs_text(widget: Widget[Any], values: Mapping[str, Any]) -> str:
    """The inputs that applied to a roll, as "Label: value" pairs.

    Fields hidden by ``shown_when`` did not apply and are left out; so are
    unticked check boxes and empty text, which say nothing a player chose.
    """
    parts: list[str] = []
    for field in widget.fields:
        if not field.applies(values):
            continue
        value = values.get(field.name, field.default)
        if field.kind == "bool":
            if value:
                parts.append(field.label)
            continue
        if field.kind == "text" and not str(value).strip():
            continue
        parts.append(f"{field.label}: {field.value_text(value)}")
    return "; ".join(parts)


def _dice_text(block: Block) -> str:
    values = [str(die["value"]) for die in block.get("dice", [])]
    shown = ", ".join(values[:MAX_DICE_SHOWN])
    if len(values) > MAX_DICE_SHOWN:
        shown += f", \u2026 ({len(values)} dice)"
    return f"{block.get('label', 'dice')}: {shown}"


def summary_line(view: Sequence[Block]) -> str:
    """The result in one line: its headline(s), then the dice that made it.

    The headline is the view's outcome blocks; a view without one (a table
    of rolled scores, say) falls back to its copy text, then its first line.
    """
    headline = [str(b["text"]) for b in view if b.get("type") == "outcome"]
    if not headline:
        headline = [str(b["text"]) for b in view if b.get("type") == "copy"][:1]
    if not headline:
        headline = [str(b["text"]) for b in view if b.get("type") == "line"][:1]
    dice = [_dice_text(b) for b in view if b.get("type") == "dice"]
    text = " \u00b7 ".join(headline)
    if dice:
        text = f"{text} ({'; '.join(dice)})" if text else "; ".join(dice)
    text = " ".join(text.split())  # one line, whatever the blocks held
    if len(text) > MAX_SUMMARY_CHARS:
        text = text[: MAX_SUMMARY_CHARS - 1].rstrip() + "\u2026"
    return text
