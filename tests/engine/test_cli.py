"""The command line gives what the page gives: same boundary, same seed, same result."""

from __future__ import annotations

import io
import json

import pytest

from rules_py import registry, share, text_view, web
from rules_py.cli import BAD_INPUT, main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def test_roll_prints_each_die_and_the_total_and_replays_by_seed() -> None:
    status, text, _ = run("roll", "4d6kh3", "--seed", "12")
    assert status == 0
    assert "5 (kept), 3 (kept), 3 (dropped), 5 (kept)" in text
    assert "Total: 13" in text and text.rstrip().endswith("Seed: 12")
    assert run("roll", "4d6kh3", "--seed", "12")[1] == text


def test_roll_json_is_the_boundary_result() -> None:
    status, text, _ = run("roll", "2d6+1", "--seed", "5", "--json")
    expected = json.loads(web.call("dice.notation", json.dumps(
        {"expression": "2d6+1", "action": "roll", "seed": 5})))["result"]
    assert status == 0 and json.loads(text) == expected
    assert json.loads(run("--json", "roll", "2d6+1", "--seed", "5")[1]) == expected


def test_odds_prints_a_text_chart_with_exact_chances() -> None:
    status, text, _ = run("odds", "2d6")
    assert status == 0
    seven = next(line for line in text.splitlines() if line.lstrip("* ").startswith("7 |"))
    assert "| 16.67% (1/6)  (58.33% (7/12) this or more)" in seven
    assert seven.count("#") == 40  # the tallest bar is full
    assert "2.78% (1/36)" in next(line for line in text.splitlines() if " 2 |" in line)
    assert seven.startswith("*") and "* Most likely: 7" in text.splitlines()


def test_call_prints_exactly_what_the_boundary_returns() -> None:
    request = '{"attribute": 12, "seed": 99}'
    status, text, _ = run("call", "cairn.save", request)
    assert status == 0 and text == web.call("cairn.save", request) + "\n"


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (("roll", "4d6kq"), "expression"),
        (("roll", "d6", "--seed", "-3"), "seed"),
        (("odds", "2d"), "expression"),
        (("call", "cairn.save", '{"attribute": 25}'), "attribute"),
        (("call", "cairn.nothing", "{}"), "widget"),
    ],
)
def test_bad_input_names_the_field_on_stderr_with_status_2(
    argv: tuple[str, ...], field: str
) -> None:
    status, text, err = run(*argv)
    assert status == BAD_INPUT
    if argv[0] == "call":
        assert json.loads(text)["error"]["field"] == field
    else:
        assert text == "" and err.startswith(f"rules-py: {field}: ")


def test_list_names_every_widget_and_its_fields() -> None:
    status, text, _ = run("list")
    assert status == 0
    for name in registry.names():
        assert f"\n{name}: " in "\n" + text
    assert "    attribute=1-20 (default 10)" in text
    listed = json.loads(run("list", "--json")[1])
    assert [w["name"] for w in listed] == list(registry.names())


LINK = "https://five-tables.example/cairn/rules/" + share.share_fragment(
    "cairn.save", {"attribute": 12, "action": "roll", "seed": 2**64 - 1}
)


def test_replay_prints_what_the_page_shows_for_a_share_link() -> None:
    status, text, _ = run("replay", LINK)
    request = {"attribute": 12, "action": "roll", "seed": str(2**64 - 1)}
    result = json.loads(web.call("cairn.save", json.dumps(request)))["result"]
    assert status == 0
    assert text.startswith("Replay of Save roller (cairn.save)\n")
    assert text_view.render(result["view"]) in text
    assert text.rstrip().endswith(f"Seed: {2**64 - 1}")
    assert json.loads(run("replay", LINK, "--json")[1]) == result


@pytest.mark.parametrize(
    ("link", "field"),
    [
        ("https://five-tables.example/cairn/rules/#top", "link"),
        (LINK.replace("%7D%7D", "%7D"), "link"),
        (LINK.replace("attribute%22%3A12", "attribute%22%3A25"), "attribute"),
        (LINK.replace("cairn.save", "cairn.nothing"), "widget"),
    ],
)
def test_a_bad_or_tampered_link_names_the_field(link: str, field: str) -> None:
    status, text, err = run("replay", link)
    assert status == BAD_INPUT and text == "" and err.startswith(f"rules-py: {field}: ")
