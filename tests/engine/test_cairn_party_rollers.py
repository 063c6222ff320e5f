"""The Cairn family's rollers at the table: forms filled from the party, and
results that carry the changes they make (Cairn, "Attacking & Damage": "The
Wood Troll roars, swinging its club at Bea, who has 5 HP. [...] the Warden
rolls a 4. They subtract 1 to account for Bea's leather armor, leaving Bea with
2 HP remaining")."""

from __future__ import annotations

from typing import Any

from rules_py.at_table import party_rng
from rules_py.cairn.characters.hits import take_damage
from rules_py.cairn.characters.save_fill import MORALE_FILL_NOTE
from rules_py.cairn.grit import EFFORT
from rules_py.cairn.widgets.attack.party import GRIT_ABILITY_NOTE
from rules_py.core.rng import Rng
from rules_py.party.changes import outcome_changes, read_changes
from rules_py.party.members import read_member
from tests.engine.web_calls import call as _call
from tests.engine.web_calls import new_member as _member
from tests.engine.web_calls import ok as _ok


def _troll() -> dict[str, Any]:
    troll: dict[str, Any] = _ok("party.from_bestiary", {"creature": "Wood Troll"})["member"]
    return troll


def _bea() -> dict[str, Any]:
    return _member("cairn", "Bea", hp=5, max_hp=5, armor=1)


def _texts(result: dict[str, Any]) -> list[str]:
    return [block.get("text", "") for block in result["view"]]


def _apply(member: dict[str, Any], changes: list[Any]) -> dict[str, Any]:
    after: dict[str, Any] = _ok("party.apply", {"member": member, "changes": changes})["member"]
    return after


# ------------------------------------------------------------------ cairn.save


def test_a_save_fills_the_score_its_mode_names() -> None:
    ada = _member("cairn", "Ada", strength=12, max_strength=12, dexterity=7)
    fill = {"widget": "cairn.save", "actor": ada}
    act = _ok("party.fill", {**fill, "form": {"mode": "act"}})
    assert act == {"values": {"attribute": 7}, "from": {"attribute": "Ada's DEX"}}
    chosen = _ok("party.fill", {**fill, "form": {"mode": "save", "cairn_score": "STR"}})
    assert chosen["values"] == {"attribute": 12}
    grit = _member("grit", "Ada", insight=13, max_insight=13)
    retreat = _ok(
        "party.fill",
        {"widget": "cairn.save", "actor": grit, "form": {"rules": "grit", "mode": "retreat"}},
    )
    assert retreat == {"values": {"attribute": 13}, "from": {"attribute": "Ada's Insight"}}


def test_morale_is_filled_from_the_target_and_says_so() -> None:
    troll, bea = _troll(), _bea()
    fill = _ok(
        "party.fill",
        {"widget": "cairn.save", "actor": bea, "target": troll, "form": {"mode": "morale"}},
    )
    assert fill == {"values": {"attribute": 7}, "from": {"attribute": "Wood Troll's WIL"}}
    odds = _ok("cairn.save", {"mode": "morale", "attribute": 7, "action": "odds"})
    assert MORALE_FILL_NOTE in _texts(odds)


def test_a_contest_fills_both_sides() -> None:
    ada = _member("cairn", "Ada", dexterity=14, max_dexterity=14)
    troll = _troll()
    form = {"mode": "contest", "cairn_score": "DEX"}
    fill = _ok("party.fill", {"widget": "cairn.save", "actor": ada, "target": troll, "form": form})
    assert fill["values"] == {"attribute": 14, "rival": 12}
    assert fill["from"] == {"attribute": "Ada's DEX", "rival": "Wood Troll's DEX"}


def test_fill_ignores_members_of_another_rule_set() -> None:
    wen = _member("might-heart", "Wen")
    assert _ok("party.fill", {"widget": "cairn.save", "actor": wen, "form": {}})["values"] == {}


def test_might_and_hearts_dex_and_wil_saves_fill_from_might_and_heart() -> None:
    wen = _member("might-heart", "Wen", might=9, max_might=9, heart=14, max_heart=14)
    request = {"widget": "cairn.save", "actor": wen, "target": wen}
    act = _ok("party.fill", {**request, "form": {"rules": "might-heart", "mode": "act"}})
    assert act["values"] == {"attribute": 9}
    assert act["from"] == {"attribute": "Wen's Might (the text's DEX)"}
    morale = _ok("party.fill", {**request, "form": {"rules": "might-heart", "mode": "morale"}})
    assert morale["values"] == {"attribute": 14}


def test_a_bad_form_in_a_fill_names_its_field() -> None:
    answer = _call("party.fill", {"widget": "cairn.save", "form": {"mode": "sing"}})
    assert answer["ok"] is False
    assert answer["error"]["field"] == "mode"
    answer = _call("party.fill", {"widget": "cairn.save", "form": ["mode"]})
    assert answer["error"]["field"] == "form"


def test_an_effort_harms_the_actor_on_its_sheet() -> None:
    ada = _member("grit", "Ada", grit=2, resolve=11, max_resolve=11)
    request = {"rules": "grit", "effort": True, "attribute": 11, "seed": 5}
    alone = _ok("cairn.save", request)
    result = _ok("cairn.save", {**request, "party": {"actor": ada}})
    harm_taken = alone["view"][0]["dice"][0]["value"]
    # The party's dice come from their own stream: the roll is the same without it.
    assert result["view"][: len(alone["view"])] == alone["view"]
    expected = take_damage(read_member(ada), harm_taken, party_rng(Rng(5)), harm_kind=EFFORT)
    changes = read_changes(result["changes"])
    assert changes == outcome_changes(read_member(ada), expected)
    assert changes[0].field == "grit" and changes[0].after == 0
    after = _apply(ada, result["changes"])
    assert after["grit"] == 0
    assert after["resolve"] == expected.after.resolve


def test_a_save_without_an_effort_changes_nobody() -> None:
    ada = _member("grit", "Ada")
    result = _ok("cairn.save", {"rules": "grit", "seed": 5, "party": {"actor": ada}})
    assert "changes" not in result


# ------------------------------------------------------------------ cairn.attack


def test_the_attack_fills_from_the_wood_troll_and_bea() -> None:
    fill = _ok(
        "party.fill",
        {"widget": "cairn.attack", "actor": _troll(), "target": _bea(), "form": {}},
    )
    assert fill["values"] == {
        "weapon": "d8",
        "second": "d8",
        "others": "",
        "blast": True,
        "attacker": "individual",
        "target": "pc",
        "armor": 1,
        "hp": 5,
        "max_hp": 5,
        "strength": 10,
        "dexterity": 10,
        "willpower": 10,
    }
    assert fill["from"]["weapon"] == "Wood Troll's claws and bite"
    assert fill["from"]["armor"] == "Bea's Armour"


def _attack_until(
    troll: dict[str, Any], bea: dict[str, Any], wanted: str
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The first seed's attack whose view has the line ``wanted``."""
    form = _ok("party.fill", {"widget": "cairn.attack", "actor": troll, "target": bea, "form": {}})
    for seed in range(500):
        request = {**form["values"], "seed": seed, "party": {"actor": troll, "target": bea}}
        result = _ok("cairn.attack", request)
        if any(wanted in text for text in _texts(result)):
            return request, result
    raise AssertionError(f"no seed below 500 gives {wanted!r}")


def test_the_wood_troll_against_bea_until_a_scar() -> None:
    troll, bea = _troll(), _bea()
    # The text's numbers: a 4, less Bea's 1 Armour, leaves her 2 HP of 5.
    _, first = _attack_until(troll, bea, "Kept 4 \u2212 armour 1 = 3 damage")
    assert [(c["field"], c["from"], c["to"]) for c in first["changes"]] == [("hp", 5, 2)]
    bea = _apply(bea, first["changes"])
    assert bea["hp"] == 2
    # The next hit fills HP 2; a 3 takes her to exactly 0: a scar (Cairn, Scars).
    _, second = _attack_until(troll, bea, "Kept 3 \u2212 armour 1 = 2 damage")
    fields = {change["field"]: change for change in second["changes"]}
    assert fields["hp"]["from"] == 2 and fields["hp"]["to"] == 0
    scar = fields["scars"]["to"][0]
    assert scar["total"] == 2  # the scar table is read at the damage dealt
    assert any(text.startswith("Scar 2,") for text in _texts(second))
    bea = _apply(bea, second["changes"])
    assert bea["hp"] == 0 and len(bea["scars"]) == 1
    assert _ok("party.undo", {"member": bea, "changes": second["changes"]})["member"]["scars"] == []


def test_critical_damage_takes_str_and_marks_bea() -> None:
    troll, bea = _troll(), _bea()
    _, result = _attack_until(troll, bea, "STR save: rolled")
    fields = {change["field"] for change in result["changes"]}
    assert {"hp", "strength"} <= fields
    critical = any("failed" in text for text in _texts(result))
    assert ("critical" in fields) is critical


def test_the_party_does_not_change_the_dice() -> None:
    troll, bea = _troll(), _bea()
    request, result = _attack_until(troll, bea, "HP 2 left")
    alone = _ok("cairn.attack", {key: v for key, v in request.items() if key != "party"})
    assert alone["view"] == [block for block in result["view"] if block in alone["view"]]
    assert "changes" not in alone


def test_a_target_typed_over_changes_nobody() -> None:
    troll, bea = _troll(), _bea()
    form = _ok("party.fill", {"widget": "cairn.attack", "actor": troll, "target": bea, "form": {}})
    request = {**form["values"], "hp": 4, "seed": 1, "party": {"actor": troll, "target": bea}}
    result = _ok("cairn.attack", request)
    assert "changes" not in result
    assert any(
        "not Bea's sheet as it stands (HP 4 here, 5 on the sheet)" in text
        for text in _texts(result)
    )


def test_another_armour_typed_in_still_changes_bea() -> None:
    """A shield held now: the form's Armour counts, the sheet's HP takes the rest."""
    troll, bea = _troll(), _bea()
    form = _ok("party.fill", {"widget": "cairn.attack", "actor": troll, "target": bea, "form": {}})
    request = {**form["values"], "armor": 2, "party": {"actor": troll, "target": bea}}
    for seed in range(200):
        result = _ok("cairn.attack", {**request, "seed": seed})
        if any("Kept 4 \u2212 armour 2 = 2 damage" in text for text in _texts(result)):
            assert [(c["field"], c["to"]) for c in result["changes"]] == [("hp", 3)]
            return
    raise AssertionError("no seed gave a 4")


def test_a_grit_attack_fills_prowess_and_says_why() -> None:
    ada = _member("grit", "Ada", prowess=13, max_prowess=13, weapon_dice="d10")
    fill = _ok("party.fill", {"widget": "cairn.attack", "actor": ada, "form": {"rules": "grit"}})
    assert fill["values"]["ability"] == 13
    assert fill["values"]["weapon"] == "d10"
    assert GRIT_ABILITY_NOTE in fill["from"]["ability"]


def test_a_grit_target_out_of_combat_dies_when_harmed() -> None:
    foe = _member("grit", "Foe", kind="npc", weapon_dice="d6")
    ada = _member("grit", "Ada", grit=0, critical=True, armor=0)
    form = _ok(
        "party.fill",
        {"widget": "cairn.attack", "actor": foe, "target": ada, "form": {"rules": "grit"}},
    )
    for seed in range(100):
        request = {**form["values"], "rules": "grit", "seed": seed}
        result = _ok("cairn.attack", {**request, "party": {"actor": foe, "target": ada}})
        if result.get("changes"):
            assert [(c["field"], c["to"]) for c in result["changes"]] == [("dead", True)]
            return
    raise AssertionError("no seed hit")


def test_a_might_and_heart_hit_counts_its_harm_table_consequences() -> None:
    """Might and Heart, "Attribute Loss": harm past HP comes off Might, then the
    save and the harm table (a Burden, Stabilisation, a Condition...)."""
    foe = _member("might-heart", "Foe", kind="npc", weapon_dice="d12")
    wen = _member("might-heart", "Wen", hp=1, max_hp=6)
    form = _ok(
        "party.fill",
        {"widget": "cairn.attack", "actor": foe, "target": wen, "form": {"rules": "might-heart"}},
    )["values"]
    seen = set()
    for seed in range(300):
        request = {**form, "rules": "might-heart", "seed": seed}
        result = _ok("cairn.attack", {**request, "party": {"actor": foe, "target": wen}})
        fields = {c["field"]: c["to"] for c in result.get("changes", [])}
        texts = _texts(result)
        if "Gain Burden" in " ".join(texts) and "burdens" in fields:
            assert fields["burdens"] == 1
            seen.add("burden")
        if any("Gain Advancement" in t for t in texts if t.startswith(("Major", "Critical"))):
            assert fields.get("advancements") == 1
            seen.add("advancement")
        if "might" in fields:
            assert fields["hp"] == 0
    assert "burden" in seen
