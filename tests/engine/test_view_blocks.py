"""Every view a widget answers with fits the block types of rules_py.view_blocks.

The helpers build each block as its TypedDict (mypy checks them); widget code
then passes blocks on as JSON and may rewrite them (a chart's figures), so
the views themselves are checked here, field by field, at run time.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from typing import Any, get_args

from rules_py import registry, web
from rules_py.view_blocks import (
    BLOCK_TYPES,
    AnyBlock,
    block_problems,
    blocks_by_type,
    chart,
    step,
)
from rules_py.widget import line


def _answers(name: str, request: dict[str, Any]) -> dict[str, Any] | None:
    response = json.loads(web.call(name, json.dumps(request)))
    return response["result"] if response["ok"] else None


def _blocks(view: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for block in view:
        yield block
        if block.get("type") == "step":
            yield from _blocks(block["blocks"])


def every_view() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Each action of each widget with its defaults, and each choice those
    views offer, pressed once (with the state the view left)."""
    for name, widget in registry.all_widgets().items():
        for action in widget.actions:
            request: dict[str, Any] = {"action": action.name, "seed": "1"}
            result = _answers(name, request)
            if result is None:
                continue
            yield f"{name} {action.name}", result["view"]
            for block in _blocks(result["view"]):
                if block.get("type") != "choices":
                    continue
                for choice in block["options"]:
                    follow_up = {**request, **choice["request"]}
                    if "state" in result:
                        follow_up["state"] = result["state"]
                    again = _answers(name, follow_up)
                    if again is not None:
                        yield f"{name} {action.name} then {choice['label']}", again["view"]


def test_every_block_of_every_view_fits_its_type() -> None:
    problems = [
        f"{where}: {problem}"
        for where, view in every_view()
        for block in view
        for problem in block_problems(block)
    ]
    assert problems == []


def test_the_views_use_every_block_type() -> None:
    # So the check above has met each type at least once.
    used = {block["type"] for _, view in every_view() for block in _blocks(view)}
    declared = set(blocks_by_type())
    assert declared == {
        "outcome", "line", "note", "dice", "facts", "table", "chart", "choices", "step",
        "copy", "focus_element", "filter_rows",
    }
    assert used == declared


def test_each_typed_dict_of_the_union_names_its_own_type() -> None:
    assert list(blocks_by_type().values()) == list(get_args(AnyBlock))
    assert len(BLOCK_TYPES) == len(blocks_by_type()) == 12


def test_a_block_that_does_not_fit_is_told_field_by_field() -> None:
    bars = [("1", Fraction(1, 2)), ("2", Fraction(1, 2))]
    odds = chart("Odds", bars, highlight=["1"], marks="Most likely: 1")
    assert block_problems(odds) == []
    odds["bars"][0]["width"] = "wide"
    odds["bars"][1]["label_text"] = "2"
    del odds["summary"]
    assert sorted(block_problems(odds)) == [
        "bars[0].width: expected a number, got 'wide'",
        "bars[1]: ChartBar has no field 'label_text'",
        "the value: ChartBlock lacks 'summary'",
    ]
    nested = step([line("Your turn."), {"type": "scroll", "text": "?"}])
    assert block_problems(nested) == [
        "blocks[1]: type 'scroll' is none of ['outcome', 'line', 'note', 'dice', 'facts', "
        "'table', 'chart', 'choices', 'step', 'copy', 'focus_element', 'filter_rows']"
    ]
    assert block_problems({"type": "line", "text": None}) == ["text: expected text, got None"]
