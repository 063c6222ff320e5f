"""What a printed page shows in place of a roller: how to roll it by hand,
and its odds table as the engine computes them for the page's values (for
a card pool, each card it may play with what that gives).

Written at build time, beside the widget root (which the runtime redraws):
``.rp-print`` is shown only in print (runtime/styles/print.css). The odds
are the widget's own odds preview (its ``auto`` action), called through
``rules_py.web.call`` with the page's arguments: the chart's bars (or a
table block) as a table.
"""

from __future__ import annotations

import html
import json
from typing import Any

from rules_py import web
from rules_py.registry import get

__all__ = ["MAX_PRINTED_ROWS", "print_html"]

MAX_PRINTED_ROWS = 40  # a chart of more results prints its first 40 rows, and says so


def _table(caption: str, columns: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    thead = f"<thead><tr>{head}</tr></thead>" if columns else ""
    shown = rows[:MAX_PRINTED_ROWS]
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>"
        for row in shown
    )
    more = (
        f"<p>({len(rows) - len(shown)} less likely results are left out.)</p>"
        if len(rows) > len(shown)
        else ""
    )
    return (
        f"<table><caption>{html.escape(caption)}</caption>{thead}"
        f"<tbody>{body}</tbody></table>{more}"
    )


def _odds_tables(name: str, config: dict[str, Any]) -> list[str]:
    widget = get(name)
    auto = next((action.name for action in widget.actions if action.auto), None)
    if auto is None:
        return []
    answer = json.loads(web.call(name, json.dumps({**config, "action": auto})))
    if not answer["ok"]:
        return []
    tables: list[str] = []
    view = list(answer["result"]["view"])
    for block in view:
        if block["type"] == "step":  # a hand to choose from: its choices, each with its odds
            view += block["blocks"]
        elif block["type"] == "choices":
            rows = [[o["label"], "; ".join(o["lines"])] for o in block["options"]]
            tables.append(_table(block["prompt"], ["Choice", "What it gives"], rows))
        elif block["type"] == "line":
            tables.append(f"<p>{html.escape(block['text'])}</p>")
        elif block["type"] == "note":
            tables.append(f"<p>Note: {html.escape(block['text'])}</p>")
        elif block["type"] == "facts" and not widget.stateful:  # a stateful one's is its state
            tables.append(_table("Odds", [], [list(item) for item in block["items"]]))
        elif block["type"] == "chart":
            rows = [[bar["label"], bar["chance"]] for bar in block["bars"]]
            tables.append(_table(block["title"], ["Result", "Chance"], rows))
        elif block["type"] == "table" and not widget.stateful:  # a stateful one's is its log
            tables.append(_table(block["caption"], block["columns"], block["rows"]))
    return tables


def print_html(name: str, config: dict[str, Any]) -> str:
    widget = get(name)
    return (
        '<div class="rp-print" data-search-exclude>'
        f"<p><strong>{html.escape(widget.title)}, by hand:</strong> "
        f"{html.escape(widget.hand_roll)}</p>" + "".join(_odds_tables(name, config)) + "</div>"
    )
