"""The d10 game's rollers at the table: a pool filled from the actor's
Attribute + Ability, and what a roll does to Limit (to a break), Anima and a
strike's target's Health ("LIMIT: Break on 10 Limit [...] Roll 1d10. If less
than current limit, you break"; "DECISIVE STRIKE: (Roll - DV) + (Base
Damage)"; "DEFEAT: Characters at 5 Health [...] Exalts gain 1 Limit")."""

from __future__ import annotations

from typing import Any

from rules_py import web
from rules_py.dice_pool.characters.at_rolls import NOT_EXALT_NOTE, TRAIT_NAME_NOTE
from tests.engine.web_calls import ok as _ok


def _ada(**values: Any) -> dict[str, Any]:
    member: dict[str, Any] = _ok("party.new", {"game": "dice_pool", "name": "Ada"})["member"]
    member.update(
        attributes=[{"name": "Dexterity", "rating": 4}, {"name": "Wits", "rating": 2}],
        abilities=[
            {"name": "Melee", "rating": 3, "favored": True},
            {"name": "Awareness", "rating": 1, "favored": False},
        ],
        essence=2,
    )
    member.update(values)
    return member


def _fields(result: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
    return {change["field"]: (change["from"], change["to"]) for change in result["changes"]}


def _texts(result: dict[str, Any]) -> list[str]:
    return [block.get("text", "") for block in result["view"]]


def _apply(member: dict[str, Any], changes: list[Any]) -> dict[str, Any]:
    after: dict[str, Any] = _ok("party.apply", {"member": member, "changes": changes})["member"]
    return after


def test_a_pool_fills_from_the_traits_named() -> None:
    form = {"attribute_name": "dexterity", "ability_name": "Melee"}
    fill = _ok("party.fill", {"widget": "dice_pool.roll", "actor": _ada(limit=3), "form": form})
    assert fill["values"] == {"attribute": 4, "ability": 3, "essence": 2, "limit": 3, "favored": 3}
    assert fill["from"]["attribute"] == "Ada's dexterity"
    assert fill["from"]["favored"] == "Ada's Melee (Favored)"
    unknown = {"attribute_name": "Charisma", "ability_name": ""}
    fill = _ok("party.fill", {"widget": "dice_pool.roll", "actor": _ada(), "form": unknown})
    assert "attribute" not in fill["values"] and "ability" not in fill["values"]
    catalog = {w["name"]: w for w in web.catalog()}["dice_pool.roll"]
    helps = [f.get("help", "") for f in catalog["fields"] if f["name"] == "attribute_name"]
    assert TRAIT_NAME_NOTE in helps[0]


def test_the_excellency_takes_limit_9_to_10_and_a_break() -> None:
    ada = _ada(limit=9)
    request = {
        "attribute": 4,
        "ability": 3,
        "excellency": True,
        "limit": 9,
        "seed": 7,
        "party": {"actor": ada},
    }
    result = _ok("dice_pool.roll", request)
    fields = _fields(result)
    assert fields["limit"] == (9, 10)
    assert fields["broken"] == (False, True)
    ada = _apply(ada, result["changes"])
    assert ada["limit"] == 10 and ada["broken"] is True


def test_limit_up_to_a_break_by_the_stressful_check() -> None:
    ada = _ada(limit=6)
    held = broke = False
    for seed in range(60):
        request = {"mode": "limit", "limit": 6, "seed": seed, "party": {"actor": ada}}
        result = _ok("dice_pool.roll", request)
        rolled = result["view"][0]["dice"][0]["value"]
        if rolled < 6:
            assert _fields(result) == {"broken": (False, True)}
            broke = True
        else:
            assert "changes" not in result
            held = True
    assert held and broke
    # At 10 Limit the break is certain, with nothing rolled.
    result = _ok(
        "dice_pool.roll", {"mode": "limit", "limit": 10, "party": {"actor": _ada(limit=10)}}
    )
    assert _fields(result) == {"broken": (False, True)}


def test_a_critical_roll_gains_anima_on_the_sheet() -> None:
    ada = _ada(anima=0)
    for seed in range(400):
        request = {"pool_from": "raw", "dice": 12, "seed": seed, "party": {"actor": ada}}
        result = _ok("dice_pool.roll", request)
        gained = [t for t in _texts(result) if t.startswith("CRITICAL ROLL: +")]
        if gained:
            anima = int(gained[0].removeprefix("CRITICAL ROLL: +").split()[0])
            assert _fields(result) == {"anima": (0, anima)}
            return
    raise AssertionError("no critical roll in 400 seeds")


def test_anima_spent_for_dice_comes_off_the_sheet() -> None:
    ada = _ada(anima=2)
    result = _ok(
        "dice_pool.roll",
        {"pool_from": "raw", "dice": 2, "anima_dice": True, "seed": 1, "party": {"actor": ada}},
    )
    assert _fields(result)["anima"] == (2, 1)
    broke = _ok(
        "dice_pool.roll",
        {"pool_from": "raw", "dice": 2, "anima_dice": True, "seed": 1, "party": {"actor": _ada()}},
    )
    assert "changes" not in broke
    assert any("holds 0 Anima" in text for text in _texts(broke))


def test_a_mortal_roll_changes_nothing_and_says_why() -> None:
    mortal = _ada(exalt=False, limit=0)
    result = _ok(
        "dice_pool.roll",
        {"excellency": True, "limit": 3, "seed": 2, "party": {"actor": mortal}},
    )
    assert "changes" not in result
    assert NOT_EXALT_NOTE in _texts(result)


def test_build_power_anima_goes_on_the_sheet() -> None:
    ada = _ada(anima=1)
    result = _ok("dice_pool.roll", {"mode": "build_power", "seed": 3, "party": {"actor": ada}})
    gained = int(next(t for t in _texts(result) if t.endswith("ANIMA")).split()[0].lstrip("+"))
    assert _fields(result) == {"anima": (1, 1 + gained)}


def test_a_decisive_strike_takes_the_targets_health() -> None:
    ada = _ada(accuracy=2, base_damage=3, weapon="Sword")
    foe = _ada(name="Foe", health=12, max_health=12, dv=2, limit=4)
    foe["id"] = "m-000000000f0e"
    form = {"attribute_name": "Dexterity", "ability_name": "Melee"}
    fill = _ok(
        "party.fill", {"widget": "dice_pool.strike", "actor": ada, "target": foe, "form": form}
    )
    assert fill["values"] == {
        "attribute": 4,
        "ability": 3,
        "essence": 2,
        "accuracy": 2,
        "base_damage": 3,
        "magnitude": "0",
        "dv": 2,
    }
    assert fill["from"]["dv"] == "Foe's DV"
    for seed in range(100):
        request = {**fill["values"], "seed": seed, "party": {"actor": ada, "target": foe}}
        result = _ok("dice_pool.strike", request)
        hit = [t for t in _texts(result) if t.startswith("HIT: ")]
        if not hit:
            assert "changes" not in result
            continue
        damage = int(hit[0].removeprefix("HIT: ").split()[0])
        fields = _fields(result)
        assert fields["health"] == (12, max(12 - damage, 0))
        if 12 - damage <= 5:  # Defeat: an Exalt gains 1 Limit
            assert fields["limit"] == (4, 5)
            return
    raise AssertionError("no strike brought the foe to 5 Health in 100 seeds")


def test_a_nights_rest_on_the_sheet() -> None:
    """ "Regain 15 Health and all motes over a full night's rest. Accumulated anima
    dissipates." """
    ada = _ada(health=2, max_health=20, motes=1, max_motes=6, anima=3, stunt_anima=1)
    fill = _ok("party.fill", {"widget": "dice_pool.combat", "actor": ada, "form": {}})
    assert fill["values"] == {
        "health": 2,
        "health_missing": 18,
        "motes_missing": 5,
        "anima": 3,
        "stunt_anima": 1,
    }
    request = {**fill["values"], "mode": "rest", "rest": "night", "party": {"actor": ada}}
    result = _ok("dice_pool.combat", request)
    assert _fields(result) == {"health": (2, 17), "motes": (1, 6), "anima": (3, 0)}


def test_hours_of_rest_and_environmental_damage_on_the_sheet() -> None:
    ada = _ada(health=10, max_health=20, motes=1, max_motes=6)
    fill = _ok("party.fill", {"widget": "dice_pool.combat", "actor": ada, "form": {}})["values"]
    hours = {**fill, "mode": "rest", "rest": "hours", "hours": 2, "party": {"actor": ada}}
    assert _fields(_ok("dice_pool.combat", hours)) == {"health": (10, 14), "motes": (1, 3)}
    heavy = {**fill, "mode": "environment", "environment": "Heavy", "party": {"actor": ada}}
    result = _ok("dice_pool.combat", heavy)
    assert _fields(result) == {"health": (10, 3), "limit": (0, 1)}  # Heavy 7; defeated
    typed = _ok("dice_pool.combat", {**heavy, "health": 9})
    assert "changes" not in typed
    assert any("not Ada's sheet as it stands" in text for text in _texts(typed))


def test_a_project_fills_the_ability_named_and_rolls_with_it() -> None:
    """The obstruction roll is 1d10 + Ability - Scale: the Ability comes from
    the actor's sheet by the name typed, and a name the sheet lacks fills nothing."""
    ada = _ada()
    fill = _ok(
        "party.fill",
        {"widget": "dice_pool.project", "actor": ada, "form": {"ability_name": " awareness "}},
    )
    assert fill == {"values": {"ability": 1}, "from": {"ability": "Ada's awareness"}}
    missing = _ok(
        "party.fill",
        {"widget": "dice_pool.project", "actor": ada, "form": {"ability_name": "Lore"}},
    )
    assert missing == {"values": {}, "from": {}}
    rolled = _ok("dice_pool.project", {"ability": 1, "ability_name": "Awareness", "seed": 3})
    facts = next(block["items"] for block in rolled["view"] if block["type"] == "facts")
    assert ["Ability", "+1"] in facts
