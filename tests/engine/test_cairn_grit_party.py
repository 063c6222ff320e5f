"""The Grit variant's rollers at the table: Grit, harm and effort, recovery,
and the Advancement a recovery from critical damage may open (Rules Summary:
"When they recover, if their new permanent Ability is equal or lower than their
number of Advancements, they can choose an additional Advancement")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules_py import web
from rules_py.cairn import grit
from rules_py.cairn.characters.upkeep import choose_advancement
from rules_py.core.errors import RulesInputError
from rules_py.party.members import read_member


def _ok(name: str, request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(web.call(name, json.dumps(request)))
    assert answer["ok"], answer
    result: dict[str, Any] = answer["result"]
    return result


def _ada(**values: Any) -> dict[str, Any]:
    member: dict[str, Any] = _ok("party.new", {"game": "grit", "name": "Ada"})["member"]
    member.update(values)
    return member


def _fields(result: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
    return {change["field"]: (change["from"], change["to"]) for change in result.get("changes", [])}


def _texts(result: dict[str, Any]) -> list[str]:
    return [block.get("text", "") for block in result["view"]]


@pytest.mark.parametrize("seed", range(12))
def test_a_rest_on_the_sheet_is_the_grit_the_roller_shows(seed: int) -> None:
    ada = _ada(grit=0)
    result = _ok("cairn.grit", {"mode": "rest", "grit": 0, "seed": seed, "party": {"actor": ada}})
    shown = int(
        next(t for t in _texts(result) if t.startswith("Grit ") and " " not in t[5:]).split()[1]
    )
    assert _fields(result) == ({} if shown == 0 else {"grit": (0, shown)})


@pytest.mark.parametrize("seed", range(12))
def test_an_effort_on_the_sheet_takes_the_harm_the_roller_rolled(seed: int) -> None:
    ada = _ada(grit=2, resolve=3, max_resolve=3)
    fill = _ok("party.fill", {"widget": "cairn.grit", "actor": ada, "form": {"mode": "effort"}})
    assert fill["values"] == {"grit": 2, "deprived": False, "score": 3}
    request = {**fill["values"], "mode": "effort", "seed": seed, "party": {"actor": ada}}
    result = _ok("cairn.grit", request)
    taken = result["view"][0]["dice"][0]["value"]
    fields = _fields(result)
    assert fields["grit"] == (2, max(2 - taken, 0))
    if taken > 2:  # the rest comes off Resolve, and a failed save lowers it for good
        assert fields["resolve"][1] <= max(3 - (taken - 2), 0)


def test_harm_fills_the_score_of_its_kind() -> None:
    ada = _ada(insight=7, max_insight=7)
    form = {"mode": "harm", "grit_harm": "stress"}
    fill = _ok("party.fill", {"widget": "cairn.grit", "actor": ada, "form": form})
    assert fill["values"]["score"] == 7 and fill["from"]["score"] == "Ada's Insight"


def test_a_form_typed_over_changes_nobody() -> None:
    ada = _ada(grit=2)
    result = _ok("cairn.grit", {"mode": "harm", "grit": 5, "harm": 3, "party": {"actor": ada}})
    assert "changes" not in result
    assert any("not Ada's sheet as it stands" in text for text in _texts(result))


def test_recovery_fills_and_lands_on_the_sheet() -> None:
    ada = _ada(prowess=7, max_prowess=9, advancements=9)
    form = {"rules": "grit", "grit_ability": "Prowess"}
    fill = _ok("party.fill", {"widget": "cairn.recovery", "actor": ada, "form": form})
    assert fill["values"] == {"current": 7, "before": 9, "deprived": False, "advancements": 9}
    request = {**fill["values"], **form, "periods": 2, "seed": 1, "party": {"actor": ada}}
    result = _ok("cairn.recovery", request)
    assert _fields(result) == {"prowess": (7, 9)}
    assert any(
        "permanent Prowess 9: 9 is equal or lower than 9 Advancements: they can choose" in text
        for text in _texts(result)
    )
    assert grit.ADVANCEMENT_READING in _texts(result)


def test_recovery_not_finished_opens_nothing_yet() -> None:
    request = {"rules": "grit", "current": 5, "before": 9, "periods": 1, "advancements": 12}
    result = _ok("cairn.recovery", {**request, "seed": 1})
    assert any("no Advancement yet" in text for text in _texts(result))
    above = _ok("cairn.recovery", {**request, "periods": 4, "advancements": 8, "seed": 1})
    assert any("9 is above 8 Advancements" in text for text in _texts(above))


def test_might_and_heart_recovery_replays_its_dice_on_the_sheet() -> None:
    wen: dict[str, Any] = _ok("party.new", {"game": "might-heart", "name": "Wen"})["member"]
    wen.update(might=2, max_might=12)
    form = {"rules": "might-heart", "mh_ability": "Might", "periods": 3}
    fill = _ok("party.fill", {"widget": "cairn.recovery", "actor": wen, "form": form})
    result = _ok("cairn.recovery", {**fill["values"], **form, "seed": 8, "party": {"actor": wen}})
    gains = [face["value"] for face in result["view"][0]["dice"]]
    assert _fields(result) == {"might": (2, min(2 + sum(gains), 12))}


@pytest.mark.parametrize(
    ("permanent", "advancements", "opens"), [(9, 9, True), (8, 9, True), (10, 9, False)]
)
def test_the_advancement_event(permanent: int, advancements: int, opens: bool) -> None:
    ada = read_member(_ada(prowess=permanent, max_prowess=permanent, advancements=advancements))
    assert grit.advancement_open(permanent, advancements) is opens
    if opens:
        assert choose_advancement(ada, "Prowess").after.advancements == advancements + 1
    else:
        with pytest.raises(RulesInputError) as refused:
            choose_advancement(ada, "Prowess")
        assert refused.value.field == "ability"
