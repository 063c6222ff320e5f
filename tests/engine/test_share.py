import json
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py import web
from rules_py.core.errors import RulesInputError
from rules_py.share import parse_link, share_fragment

PAGE = "https://example.org/srd/cairn/rules/"


def test_a_link_round_trips_to_the_same_request_and_the_same_roll() -> None:
    request = {"attribute": 12, "mode": "save", "rules": "cairn", "action": "roll", "seed": 99}
    link = PAGE + share_fragment("cairn.save", request)
    widget, request_json = parse_link(link)
    assert widget == "cairn.save"
    assert json.loads(request_json) == {**request, "seed": "99"}
    assert web.call(widget, request_json) == web.call("cairn.save", json.dumps(request))


def test_the_fragment_is_percent_encoded_json_as_the_browser_writes_it() -> None:
    # encodeURIComponent(JSON.stringify({widget: "dice.notation", request: {...}}))
    fragment = share_fragment("dice.notation", {"expression": "4d6kh3 + 1", "seed": "5"})
    assert fragment == (
        "#roll=%7B%22widget%22%3A%22dice.notation%22%2C%22request%22%3A%7B%22expression"
        "%22%3A%224d6kh3%20%2B%201%22%2C%22seed%22%3A%225%22%7D%7D"
    )


def test_a_seed_above_2_53_survives_the_link() -> None:
    seed = 2**64 - 1
    _, request_json = parse_link(PAGE + share_fragment("cairn.save", {"seed": seed}))
    assert json.loads(request_json)["seed"] == "18446744073709551615"
    assert json.loads(web.call("cairn.save", request_json))["result"]["seed"] == seed


@given(st.dictionaries(st.text(max_size=8), st.text(max_size=12) | st.integers(), max_size=4))
def test_any_request_survives_the_round_trip(request: dict[str, object]) -> None:
    widget, request_json = parse_link(PAGE + share_fragment("dice.notation", request))
    assert widget == "dice.notation"
    expected = {k: (str(v) if k == "seed" else v) for k, v in request.items()}
    assert json.loads(request_json) == expected


def test_a_link_with_a_proto_key_keeps_it_and_the_call_refuses_it() -> None:
    link = '/dice/#roll={"widget":"dice.notation","request":{"__proto__":{"expression":"1d4"}}}'
    widget, request_json = parse_link(link)
    assert widget == "dice.notation" and json.loads(request_json) == {
        "__proto__": {"expression": "1d4"}
    }
    error = json.loads(web.call(widget, request_json))["error"]
    assert error["field"] == "__proto__" and "Unknown field" in error["message"]


def test_a_tampered_link_gets_the_widgets_field_error() -> None:
    request = {"attribute": 99, "action": "roll", "seed": "4"}
    widget, request_json = parse_link(PAGE + share_fragment("cairn.save", request))
    response = json.loads(web.call(widget, request_json))
    assert response["ok"] is False and response["error"]["field"] == "attribute"


@pytest.mark.parametrize(
    "link",
    [
        PAGE,
        PAGE + "#section",
        PAGE + "#roll=",
        PAGE + "#roll=%7Bnot json",
        PAGE + "#roll=%ff%fe",
        PAGE + "#roll=" + quote("[1, 2]"),
        PAGE + "#roll=" + quote('{"widget": "cairn.save"}'),
        PAGE + "#roll=" + quote('{"widget": 3, "request": {}}'),
        PAGE + "#roll=" + quote('{"widget": "cairn.save", "request": [1]}'),
        PAGE + "#roll=" + quote('{"widget": "a", "request": {}, "extra": 1}'),
        PAGE + "#roll=" + quote("[" * 5000 + "]" * 5000),
        PAGE + "#roll=" + "a" * 30_000,
    ],
)
def test_a_malformed_link_is_refused_naming_the_link(link: str) -> None:
    with pytest.raises(RulesInputError) as caught:
        parse_link(link)
    assert caught.value.field == "link"
    assert "#roll=" in caught.value.message


def test_a_bare_fragment_is_a_link_too() -> None:
    fragment = share_fragment("cairn.tables", {"table": "reaction", "seed": "3"})
    assert parse_link(fragment)[0] == "cairn.tables"
