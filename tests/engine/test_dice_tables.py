"""The tables the rules roll on: each row's exact chance, the row a roll
names, and the dice inside that row rolled with it."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from rules_py import web
from rules_py.dice.rolled_tables import TABLE_KEYS, rolled_table, row_for, row_odds


@pytest.mark.parametrize("key", TABLE_KEYS)
def test_row_odds_match_enumeration(key: str) -> None:
    table = rolled_table(key)
    counts = Counter(
        row_for(table, sum(roll))
        for roll in product(range(1, table.sides + 1), repeat=table.count)
    )
    total = table.sides**table.count
    assert row_odds(table) == tuple(Fraction(counts[i], total) for i in range(len(table.rows)))
    assert sum(row_odds(table)) == 1


def test_reaction_is_2d6_and_its_middle_row_is_curious() -> None:
    table = rolled_table("reaction")
    assert table.expression == "2d6"
    assert row_odds(table)[2] == Fraction(4, 9)  # 6-8 Curious: 16 of 36


def _roll(key: str, seed: int) -> dict[str, object]:
    answer = json.loads(web.call("dice.table", json.dumps({"table": key, "seed": str(seed)})))
    assert answer["ok"], answer
    result: dict[str, object] = answer["result"]
    return result


@pytest.mark.parametrize("key", TABLE_KEYS)
def test_the_row_a_roll_names_is_the_row_of_its_total(key: str) -> None:
    table = rolled_table(key)
    for seed in range(30):
        result = _roll(key, seed)
        view = result["view"]
        assert isinstance(view, list)
        total = int(view[0]["label"].rsplit("= ", 1)[1])
        row = result["row"]
        assert row == row_for(table, total)
        assert isinstance(row, int)
        assert view[1]["text"] == f"{table.rows[row].range.span}: {table.rows[row].text}"


def test_dice_inside_the_rolled_row_roll_too() -> None:
    # 100 Spells, 20: Cure Wounds, "Restore 1d4 STR per day".
    seed = next(s for s in range(2000) if _roll("spells", s)["row"] == 19)
    view = _roll("spells", seed)["view"]
    assert isinstance(view, list)
    texts = [block.get("text", "") for block in view]
    assert "In this row, 1d4:" in texts
    assert any(block["type"] == "dice" and block["label"].startswith("1d4") for block in view)


def test_each_rows_chance_is_offered() -> None:
    answer = json.loads(web.call("dice.table", json.dumps({"table": "fate", "action": "odds"})))
    rows = answer["result"]["view"][0]["rows"]
    assert [row[2] for row in rows] == ["50% (1/2)", "50% (1/2)"]


def test_an_unknown_table_is_refused_with_its_field() -> None:
    answer = json.loads(web.call("dice.table", json.dumps({"table": "scars"})))
    assert answer["ok"] is False
    assert answer["error"]["field"] == "table"
