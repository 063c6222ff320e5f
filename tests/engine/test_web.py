import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py import web


def call(name: str, request: object) -> dict:  # type: ignore[type-arg]
    return json.loads(web.call(name, request if isinstance(request, str) else json.dumps(request)))


def test_catalog_lists_cairn_save_with_bounds_and_defaults() -> None:
    entry = next(w for w in web.catalog() if w["name"] == "cairn.save")
    attribute = next(f for f in entry["fields"] if f["name"] == "attribute")
    assert (attribute["kind"], attribute["min"], attribute["max"], attribute["default"]) == (
        "int",
        1,
        20,
        10,
    )
    assert json.loads(web.catalog_json()) == web.catalog()


def test_every_widget_name_is_game_dot_thing() -> None:
    for entry in web.catalog():
        game, _, thing = entry["name"].partition(".")
        assert game and thing, entry["name"]
        assert entry["actions"], entry["name"]


def test_a_seeded_roll_replays_exactly() -> None:
    first = call("cairn.save", {"attribute": 12, "seed": 99})
    second = call("cairn.save", {"attribute": 12, "seed": 99})
    assert first == second
    assert first["ok"] and first["result"]["seed"] == 99


def test_an_unseeded_roll_reports_its_seed_and_that_seed_replays() -> None:
    first = call("cairn.save", {"attribute": 7})
    seed = first["result"]["seed"]
    assert call("cairn.save", {"attribute": 7, "seed": seed}) == first


def test_missing_fields_take_the_catalog_defaults() -> None:
    default = call("cairn.save", {"seed": 5})
    explicit = call("cairn.save", {"seed": 5, "attribute": 10, "mode": "save"})
    assert default == explicit


def test_odds_preview_is_not_random_and_quotes_the_example() -> None:
    result = call("cairn.save", {"attribute": 12, "action": "odds"})["result"]
    assert "seed" not in result
    assert result["view"][0]["text"] == "Chance to pass with 12: 60% (12/20)."


@pytest.mark.parametrize(
    ("request_json", "field", "fragment"),
    [
        ("{not json", "request", "not valid JSON"),
        ("[1, 2]", "request", "JSON object"),
        ('{"attribute": "abc"}', "attribute", "whole number from 1 to 20"),
        ('{"attribute": 0}', "attribute", "(got 0)"),
        ('{"attribute": 21}', "attribute", "(got 21)"),
        ('{"attribute": 1e9}', "attribute", "whole number"),
        ('{"attribute": 12.5}', "attribute", "whole number"),
        ('{"attribute": true}', "attribute", "whole number"),
        ('{"attribute": null}', "attribute", "whole number"),
        ('{"mode": "duel"}', "mode", "save, contest"),
        ('{"colour": 3}', "colour", "Unknown field"),
        # A link's "__proto__" (JavaScript would make it the prototype of the
        # form's values) is one more unknown field, named.
        ('{"__proto__": {"attribute": 3}}', "__proto__", "Unknown field"),
        ('{"constructor": 3}', "constructor", "Unknown field"),
        ('{"seed": -1}', "seed", "Seed must be"),
        ('{"seed": 18446744073709551616}', "seed", "Seed must be"),
        ('{"seed": "7.0"}', "seed", "Seed must be"),
        ('{"seed": " 7"}', "seed", "Seed must be"),
        ('{"seed": "+7"}', "seed", "Seed must be"),
        ('{"seed": "-1"}', "seed", "Seed must be"),
        ('{"seed": "007"}', "seed", "Seed must be"),
        ('{"seed": "0x10"}', "seed", "Seed must be"),
        ('{"seed": ""}', "seed", "Seed must be"),
        ('{"seed": "\u0663"}', "seed", "Seed must be"),
        ('{"seed": "18446744073709551616"}', "seed", "Seed must be"),
        ('{"seed": "999999999999999999999999"}', "seed", "Seed must be"),
        ('{"seed": 7.0}', "seed", "Seed must be"),
        ('{"action": "cheat"}', "action", "roll, odds"),
        ("[" * 100_001, "request", "too long"),
        ("[" * 50_000, "request", "nested too deeply"),
        ('{"a": ' * 40 + "1" + "}" * 40, "request", "nested too deeply"),
        ('{"attribute": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', "attribute", "whole"),
    ],
)
def test_bad_requests_come_back_as_errors_naming_the_field(
    request_json: str, field: str, fragment: str
) -> None:
    response = json.loads(web.call("cairn.save", request_json))
    assert response["ok"] is False
    assert response["error"]["field"] == field
    assert fragment in response["error"]["message"]


def test_unknown_widget_is_an_error_not_an_exception() -> None:
    response = call("cairn.teleport", {})
    assert response == {
        "ok": False,
        "error": {"field": "widget", "message": response["error"]["message"]},
    }
    assert "cairn.save" in response["error"]["message"]


def test_html_in_input_is_quoted_back_as_text_only() -> None:
    payload = "<img src=x onerror=alert(1)>"
    response = call("cairn.save", {"attribute": payload})
    assert response["error"]["field"] == "attribute"
    assert "<img src=x onerror" in response["error"]["message"]  # shown as text by the page


@given(st.text(max_size=200))
def test_call_never_raises_on_any_text(text: str) -> None:
    response = json.loads(web.call("cairn.save", text))
    assert isinstance(response["ok"], bool)


@given(
    st.dictionaries(
        st.sampled_from(["attribute", "rival", "mode", "seed", "action", "x"]),
        st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=5)),
    )
)
def test_call_never_raises_on_any_object(request: dict) -> None:  # type: ignore[type-arg]
    response = call("cairn.save", request)
    assert response["ok"] in (True, False)
    if not response["ok"]:
        assert response["error"]["field"] in {"attribute", "rival", "mode", "seed", "action", "x"}


@pytest.mark.parametrize("seed", [0, 7, 2**53 + 1, 2**64 - 1])
def test_a_seed_given_as_a_decimal_string_replays_the_same_roll(seed: int) -> None:
    as_number = call("dice.notation", {"expression": "3d6", "seed": seed})
    as_text = call("dice.notation", {"expression": "3d6", "seed": str(seed)})
    assert as_number == as_text
    assert as_text["result"]["seed"] == seed
    assert as_text["result"]["seed_text"] == str(seed)


def test_a_random_result_says_its_inputs_and_result_in_words() -> None:
    result = call("cairn.save", {"attribute": 12, "seed": 99})["result"]
    assert result["inputs_text"] == "Rules: Cairn; Mode: Single save; Attribute: 12; Ability: STR"
    outcome = next(b["text"] for b in result["view"] if b["type"] == "outcome")
    die = next(b["dice"][0]["value"] for b in result["view"] if b["type"] == "dice")
    assert result["summary"] == f"{outcome} (d20: {die})"


def test_inputs_in_words_leave_out_fields_that_do_not_apply() -> None:
    contest = call("cairn.save", {"mode": "contest", "rival": 5, "seed": 1})["result"]
    assert "Second side's attribute: 5" in contest["inputs_text"]
    single = call("cairn.save", {"mode": "save", "rival": 5, "seed": 1})["result"]
    assert "Second side" not in single["inputs_text"]


def test_previews_carry_no_log_text() -> None:
    result = call("cairn.save", {"action": "odds"})["result"]
    assert not {"seed", "seed_text", "inputs_text", "summary"} & set(result)


def test_every_random_action_has_a_one_line_summary() -> None:
    for entry in web.catalog():
        for action in entry["actions"]:
            if not action["random"] or action["auto"]:
                continue
            response = call(entry["name"], {"action": action["name"], "seed": 3})
            assert response["ok"], (entry["name"], response)
            summary = response["result"]["summary"]
            assert summary and "\n" not in summary and len(summary) <= 240, entry["name"]


def test_the_catalog_marks_advanced_fields_and_only_those() -> None:
    save = next(w for w in web.catalog() if w["name"] == "cairn.save")
    marked = {f["name"] for f in save["fields"] if f.get("advanced")}
    assert marked == {"rules"}
    assert all("advanced" not in f for f in save["fields"] if f["name"] != "rules")


def test_chart_bars_carry_the_percentage_and_the_fraction_apart() -> None:
    from fractions import Fraction

    from rules_py.widget import chart

    block = chart("t", [("a", Fraction(137781, 625000)), ("b", Fraction(1, 3 * 10**9))])
    first, second = block["bars"]
    assert (first["percent"], first["fraction"]) == ("22.04%", "137781/625000")
    assert first["chance"] == "22.04% (137781/625000)"
    assert (second["fraction"], second["percent"]) == ("", "< 0.000001%")
    assert (second["at_least_percent"], second["at_least_fraction"]) == ("< 0.000001%", "")
    assert first["at_least_fraction"] == ""  # 137781/625000 + 1/(3 * 10**9) is unreadable


def test_an_action_shown_only_in_some_modes_says_so_in_the_catalog() -> None:
    from rules_py.widget import Action

    fight = {"mode": ("fight",)}
    fight_only = Action("initiative", "Play initiative", random=False, shown_when=fight)
    assert fight_only.describe()["shown_when"] == {"mode": ["fight"]}
    assert "shown_when" not in Action("roll", "Roll").describe()
