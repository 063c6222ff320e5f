"""I am become Death's reach: the Belief ranks' Personal and Territorial
Influence (the text's radii), the foes each use strikes, the Burn's base
damage 2 within the Personal Influence and the normal attack beyond it, the
odds against a second method, and the marked distances saved and read back
(and a fight saved before distances were kept)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.influence import METRES_MAX, Reach, influence, reach
from rules_py.huldufolk.melee import Melee, declare, defend, melee_from_json, melee_to_json
from rules_py.huldufolk.melee.odds import attack_odds
from rules_py.huldufolk.melee.reach import death_targets, place
from rules_py.huldufolk.play import SavedTableError
from tests.engine.test_huldufolk_melee import bob_and_wolves
from tests.engine.test_huldufolk_melee_odds import played_out, worn_down


@pytest.mark.parametrize(
    ("rank", "personal", "territorial"),
    [(1, 10, 1000), (2, 20, 2000), (3, 30, 3000), (4, 40, 4000), (5, 50, 5000)],
)
def test_the_texts_radii_by_rank(rank: int, personal: int, territorial: int) -> None:
    radii = influence(rank)
    assert (radii.personal_m, radii.territorial_m) == (personal, territorial)


def test_the_edge_of_each_radius_is_within_it() -> None:
    assert reach(3, 0) is Reach.PERSONAL
    assert reach(3, 30) is Reach.PERSONAL
    assert reach(3, 31) is Reach.TERRITORIAL
    assert reach(3, 3000) is Reach.TERRITORIAL
    assert reach(3, 3001) is Reach.BEYOND
    assert reach(1, 11) is Reach.TERRITORIAL and reach(5, 11) is Reach.PERSONAL


def placed(melee: Melee, *metres: int) -> Melee:
    for index, distance in enumerate(metres, start=1):
        melee = place(melee, index, distance)
    return melee


def test_plain_and_spend_strike_only_the_personal_influence() -> None:
    m = placed(bob_and_wolves(), 30, 31, 5000)  # Bob is Rank 3: 30 m, 3 km
    assert death_targets(m, 0, "death", ()) == ((1,), ())
    assert death_targets(m, 0, "death_spend", ()) == ((1,), ())
    with pytest.raises(RulesInputError, match="Personal Influence") as caught:
        death_targets(m, 0, "death", (1,))
    assert caught.value.field == "exclude"


def test_the_burn_adds_the_territorial_influence_with_the_normal_attack() -> None:
    m = placed(bob_and_wolves(), 30, 31, 5000)
    assert death_targets(m, 0, "death_burn", ()) == ((1, 2), (2,))
    assert death_targets(m, 0, "death_burn", (2,)) == ((1,), ())  # excluded "as normal"
    m = declare(m, 0, "death_burn", (), 9, "mundane", False)
    assert m.pending is not None and m.pending.territorial == (2,)
    m, _ = defend(m, 1, "mundane", False)
    m, _ = defend(m, 1, "mundane", False)
    # 1 + 9 = 10 against 5 + 1 = 6 each: margin 4; base 2 within 30 m, 1 at 31 m.
    assert [f.damage for f in m.fighters[1:]] == [2, 1, 0]
    assert "Territorial Influence: base damage 1" in m.log[-1]
    assert m.fighters[3].actor.mundane.current == 5  # never attacked


def test_a_foe_measures_the_hero_by_its_own_rank() -> None:
    m = placed(bob_and_wolves(), 15)
    wolf = replace(m.fighters[1], belief=1, belief_to_spend=1)  # Rank 1: 10 m, 1 km
    m = m.with_fighter(1, wolf)
    with pytest.raises(RulesInputError, match="Personal Influence"):
        death_targets(m, 1, "death", ())
    assert death_targets(m, 1, "death_burn", ()) == ((0,), (0,))
    assert death_targets(m, 0, "death", ()) == ((1, 2, 3), ())  # 15 m is within Bob's 30


def test_marking_a_distance_is_checked() -> None:
    m = bob_and_wolves()
    with pytest.raises(RulesInputError) as caught:
        place(m, 0, 10)
    assert caught.value.field == "target"
    for bad in (-1, METRES_MAX + 1, "far", True):
        with pytest.raises(RulesInputError) as caught:
            place(m, 1, bad)
        assert caught.value.field == "metres"
    m = place(m, 2, 2500)
    assert m.fighters[2].metres == 2500
    assert m.log[-1] == "Wolf 2 stands 2500 m from Bob: within the Territorial Influence of Bob."


def test_odds_with_a_foe_in_each_band_match_every_combination_played_out() -> None:
    melee = placed(worn_down(), 0, 500, 4000)  # Personal, Territorial, beyond
    targets, territorial = death_targets(melee, 0, "death_burn", ())
    assert (targets, territorial) == ((1, 2), (2,))
    for row in attack_odds(melee, 0, "death_burn", targets, "supernatural"):
        counts = played_out(melee, "death_burn", (), row.card, "supernatural")
        total = sum(counts.values())
        assert dict(row.all_damage.pairs) == {
            damage: Fraction(count, total) for damage, count in counts.items()
        }, row.card


def test_odds_by_hand_for_the_ten() -> None:
    # Bob's 10: total 11. Wolf 1 (supernatural 5, cards A 2 3) within 30 m:
    # holds 6 7 8, margins 5 4 3 -> 2 + 1, 2, 2 damage. Wolf 2 (supernatural 3,
    # cards A 4 5) at 500 m: holds 4 7 8, margins 7 4 3 -> 1 + 1, 1, 1.
    melee = placed(worn_down(), 0, 500, 4000)
    row = next(
        r for r in attack_odds(melee, 0, "death_burn", (1, 2), "supernatural") if r.card == 10
    )
    first = Counter({3: 1, 2: 2})
    second = Counter({2: 1, 1: 2})
    expected: Counter[int] = Counter()
    for a, ca in first.items():
        for b, cb in second.items():
            expected[a + b] += ca * cb
    assert dict(row.all_damage.pairs) == {d: Fraction(c, 9) for d, c in expected.items()}


def test_distances_are_saved_and_an_older_fight_reads_as_all_near() -> None:
    m = declare(placed(bob_and_wolves(), 0, 100), 0, "death_burn", (), 9, "mundane", False)
    raw = melee_to_json(m)
    again = melee_from_json(raw)
    assert [f.metres for f in again.fighters] == [0, 0, 100, 0]
    assert again.pending == m.pending
    old = melee_to_json(bob_and_wolves())
    old["version"] = 1
    for fighter in old["fighters"]:
        del fighter["metres"]
    assert [f.metres for f in melee_from_json(old).fighters] == [0, 0, 0, 0]
    raw["pending"]["territorial"] = [5]  # not among the targets
    with pytest.raises(SavedTableError, match="targets"):
        melee_from_json(raw)
