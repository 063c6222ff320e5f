"""What damage does: HP then STR (Cairn), Might or Heart (Might and Heart), Grit then an ability."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.cairn import harm
from rules_py.cairn import saves as cairn
from rules_py.cairn.rulesets import CAIRN, GRIT, MIGHT_HEART
from rules_py.core import dist
from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng

seeds = st.integers(min_value=0, max_value=2**64 - 1)
pools = st.integers(min_value=0, max_value=15)
scores = st.integers(min_value=1, max_value=20)
damages = st.integers(min_value=0, max_value=12)


def test_bea_is_left_with_two_hp() -> None:
    # Cairn, "Combat" example: a 4 on the d10 minus 1 armour against Bea's 5 HP leaves 2 HP.
    bea = harm.cairn_target("pc", hp=5, strength=10, max_hp=5)
    result = harm.apply_harm(bea, 3, Rng(1))
    assert result.stage.pool_after == 2
    assert result.outcome == "pool"
    assert result.headline == "HP 2 left"
    assert result.save is None and result.scar is None


@given(st.integers(1, 12), scores, seeds)
def test_cairn_hp_to_exactly_zero_scars_a_pc_by_the_total(
    hp: int, strength: int, seed: int
) -> None:
    pc = harm.cairn_target("pc", hp=hp, strength=strength, max_hp=hp)
    result = harm.apply_harm(pc, hp, Rng(seed))
    assert result.outcome == "zero"
    assert result.scar is not None and result.scar.scar.total == hp
    assert result.save is None  # no STR is lost, so no save


def test_an_npc_at_exactly_zero_hp_gets_no_scar_but_a_morale_reminder() -> None:
    npc = harm.cairn_target("npc", hp=4, strength=8)
    result = harm.apply_harm(npc, 4, Rng(2))
    assert result.scar is None
    assert any("Morale" in text for text in result.lines)


@given(pools, scores, damages, seeds)
def test_cairn_overflow_goes_to_str_and_the_save_uses_the_reduced_str(
    hp: int, strength: int, damage: int, seed: int
) -> None:
    target = harm.cairn_target("pc", hp=hp, strength=strength, max_hp=max(hp, 1))
    result = harm.apply_harm(target, damage, Rng(seed))
    overflow = max(damage - hp, 0)
    assert result.stage.overflow == overflow
    assert result.stage.ability_after == max(strength - overflow, 0)
    if overflow and strength - overflow > 0:
        assert result.save is not None
        assert result.save.ability == strength - overflow
        assert result.outcome == ("saved" if result.save.passed else "critical")
    elif overflow:
        assert result.outcome == "dead" and result.save is None
    else:
        assert result.save is None


def test_str_to_zero_kills_a_pc_and_destroys_a_detachment() -> None:
    pc = harm.apply_harm(harm.cairn_target("pc", hp=1, strength=3, max_hp=1), 5, Rng(1))
    assert pc.outcome == "dead" and pc.headline == "STR 0: the PC dies"
    troop = harm.apply_harm(harm.cairn_target("detachment", hp=1, strength=3), 5, Rng(1))
    assert troop.headline == "STR 0: destroyed"


def test_a_detachment_failing_its_save_is_routed() -> None:
    troop = harm.cairn_target("detachment", hp=2, strength=3)
    seed = next(s for s in range(200) if not cairn.roll_save(2, Rng(s)).passed)
    result = harm.apply_harm(troop, 3, Rng(seed))
    assert result.outcome == "critical"
    assert "routed" in result.headline


def outcome_by_enumeration(target: harm.Target, damage: dist.Dist[int]) -> dict[str, Fraction]:
    """Second method: every damage value times every d20 face of the save."""
    tally: dict[str, Fraction] = {}
    for amount, chance in damage.items():
        hit = harm.stage(target, amount)
        if hit.needs_save:
            for face in range(1, 21):
                passed = cairn.judge_save(hit.ability_after, face, target.rules).passed
                key = harm.outcome_key(target, hit, passed)
                tally[key] = tally.get(key, Fraction(0)) + chance / 20
        else:
            key = harm.outcome_key(target, hit, False)
            tally[key] = tally.get(key, Fraction(0)) + chance
    return tally


@given(
    pools, scores, st.sampled_from((4, 6, 8, 10, 12)), st.sampled_from(("pc", "npc", "detachment"))
)
def test_cairn_outcome_odds_equal_enumeration(
    hp: int, strength: int, sides: int, kind: str
) -> None:
    target = harm.cairn_target(kind, hp=hp, strength=strength, max_hp=max(hp, 1))
    damage = dist.die(sides)
    odds = harm.outcome_dist(target, damage)
    assert dict(odds.items()) == outcome_by_enumeration(target, damage)
    labels = dict(harm.outcome_labels(target))
    assert set(odds) <= set(labels)


@given(pools, scores, scores, st.sampled_from(("physical", "mind")), st.sampled_from((6, 12)))
def test_might_heart_outcome_odds_equal_enumeration(
    hp: int, might: int, heart: int, kind: str, sides: int
) -> None:
    target = harm.might_heart_target("pc", hp, might, heart, kind)
    odds = harm.outcome_dist(target, dist.die(sides))
    assert dict(odds.items()) == outcome_by_enumeration(target, dist.die(sides))
    assert set(odds) <= set(dict(harm.outcome_labels(target)))


def test_might_heart_harm_table_matches_the_text() -> None:
    # | 1:3 | Minor | Gain Burden | |
    # | 4:5 | Major | Gain Burden, Stabilisation required | |
    # | 6+ | Critical | Gain Condition, Stabilisation required | Gain Advancement |
    assert [harm.harm_band(n)[0] for n in range(1, 10)] == (
        ["Minor"] * 3 + ["Major"] * 2 + ["Critical"] * 4
    )
    assert harm.harm_band(2)[1:] == ("Gain Burden", "")
    assert harm.harm_band(5)[1:] == ("Gain Burden, Stabilisation required", "")
    assert harm.harm_band(6)[1:] == ("Gain Condition, Stabilisation required", "Gain Advancement")
    with pytest.raises(ValueError):
        harm.harm_band(0)


@pytest.mark.parametrize(("kind", "ability"), [("physical", "Might"), ("mind", "Heart")])
def test_might_heart_overflow_goes_by_kind_of_harm(kind: str, ability: str) -> None:
    target = harm.might_heart_target("pc", hp=2, might=12, heart=9, harm=kind)
    result = harm.apply_harm(target, 7, Rng(3))
    assert result.stage.ability == ability
    assert result.stage.overflow == 5
    assert result.stage.ability_after == {"Might": 7, "Heart": 4}[ability]
    assert result.save is not None and result.save.ability == result.stage.ability_after
    expected = "Major injury: Gain Burden, Stabilisation required"
    if result.save.passed:
        assert result.headline == "Major injury, save passed"
    else:
        assert result.headline == expected


def test_might_heart_critical_success_gains_an_advancement() -> None:
    target = harm.might_heart_target("pc", hp=0, might=20, heart=9, harm="physical")
    seed = next(s for s in range(200) if cairn.roll_save(14, Rng(s), MIGHT_HEART).passed)
    result = harm.apply_harm(target, 6, Rng(seed))
    assert result.outcome == "saved-critical"
    assert result.headline == "Critical injury, save passed: Gain Advancement"


def test_might_heart_at_zero_fails_without_a_roll_and_says_the_text_is_silent() -> None:
    target = harm.might_heart_target("pc", hp=0, might=3, heart=9, harm="physical")
    result = harm.apply_harm(target, 5, Rng(1))
    assert result.save is None
    assert result.outcome == "failed-major"
    assert harm.MIGHT_HEART_ZERO_NOTE in result.notes
    assert harm.ZERO_SAVE_NOTE in result.notes


@pytest.mark.parametrize(
    ("kind", "ability"), [("physical", "Prowess"), ("stress", "Insight"), ("effort", "Resolve")]
)
def test_grit_overflow_goes_by_kind_of_harm(kind: str, ability: str) -> None:
    target = harm.grit_target("pc", grit=3, prowess=10, insight=11, resolve=12, harm=kind)
    result = harm.apply_harm(target, 5, Rng(8))
    assert result.stage.ability == ability
    assert result.stage.ability_after == target.score(ability) - 2
    assert result.save is not None and result.save.ability == target.score(ability) - 2


@pytest.mark.parametrize(
    ("kind", "meaning"),
    [
        ("physical", "Prowess at 0 means death."),
        ("stress", "Insight at 0 means condition."),
        ("effort", "Resolve at 0 means panic."),
    ],
)
def test_grit_ability_at_zero(kind: str, meaning: str) -> None:
    target = harm.grit_target("pc", grit=0, prowess=2, insight=2, resolve=2, harm=kind)
    result = harm.apply_harm(target, 6, Rng(1))
    assert result.outcome == "dead"
    assert result.headline == meaning


def test_grit_failed_save_takes_the_pc_out_and_costs_a_point_for_good() -> None:
    target = harm.grit_target("pc", grit=1, prowess=5, insight=9, resolve=9, harm="physical")
    seed = next(s for s in range(200) if not cairn.roll_save(4, Rng(s), GRIT).passed)
    result = harm.apply_harm(target, 2, Rng(seed))
    assert result.outcome == "critical"
    assert result.headline == "Critical damage: permanent Prowess \u22121"
    assert any("out of combat" in text for text in result.lines)


@given(st.integers(0, 6), scores, scores, scores, damages)
def test_grit_outcome_odds_equal_enumeration(
    grit: int, prowess: int, insight: int, resolve: int, amount: int
) -> None:
    target = harm.grit_target("pc", grit, prowess, insight, resolve, "stress")
    odds = harm.outcome_dist(target, dist.constant(amount))
    assert dict(odds.items()) == outcome_by_enumeration(target, dist.constant(amount))


def test_zero_meanings_quote_cairn() -> None:
    assert harm.zero_meaning(CAIRN, "STR") == "STR 0: they die."
    assert harm.zero_meaning(CAIRN, "DEX") == "DEX 0: they are paralyzed."
    assert harm.zero_meaning(CAIRN, "WIL") == "WIL 0: they are delirious."


def test_bad_targets_name_their_field() -> None:
    with pytest.raises(RulesInputError) as caught:
        harm.cairn_target("pc", hp=6, strength=10, max_hp=4)
    assert caught.value.field == "hp"
    with pytest.raises(RulesInputError) as caught:
        harm.cairn_target("pc", hp=41, strength=10)
    assert caught.value.field == "hp"
    with pytest.raises(RulesInputError) as caught:
        harm.might_heart_target("pc", 3, 0, 5, "physical")
    assert caught.value.field == "might"
    with pytest.raises(RulesInputError) as caught:
        harm.grit_target("detachment", 3, 5, 5, 5, "physical")
    assert caught.value.field == "target"
    with pytest.raises(RulesInputError) as caught:
        harm.grit_target("pc", 3, 5, 5, 5, "mind")
    assert caught.value.field == "grit_harm"


def test_hooded_men_leech_wil_directly() -> None:
    # Cairn, "Bestiary": "Critical damage: leech a part of the victim's soul (1d4 WIL damage)."
    victim = harm.cairn_target("pc", hp=4, strength=10, willpower=3, max_hp=4, direct="WIL")
    odds = harm.outcome_dist(victim, dist.die(4))
    assert dict(odds.items()) == {"ability": Fraction(2, 4), "dead": Fraction(2, 4)}
    result = harm.apply_harm(victim, 3, Rng(1))
    assert result.save is None and result.stage.pool_after == 4  # HP untouched
    assert result.headline == "WIL 0: they are delirious"
    assert harm.CAIRN_DEX_WIL_ZERO in result.lines
    assert harm.DIRECT_NOTE in result.notes


@pytest.mark.parametrize(
    ("ability", "kind", "headline"),
    [
        ("STR", "pc", "STR 0: they die"),
        ("DEX", "npc", "DEX 0: they are paralyzed"),
        ("STR", "detachment", "STR 0: destroyed"),
    ],
)
def test_direct_ability_loss_to_zero(ability: str, kind: str, headline: str) -> None:
    target = harm.cairn_target(kind, hp=5, strength=2, dexterity=2, willpower=2, direct=ability)
    assert harm.apply_harm(target, 6, Rng(2)).headline == headline
    assert harm.apply_harm(target, 1, Rng(2)).headline == f"{ability} 1 left"


def test_direct_damage_is_cairn_only_and_names_an_ability() -> None:
    with pytest.raises(RulesInputError) as caught:
        harm.cairn_target("pc", hp=3, strength=5, direct="HP")
    assert caught.value.field == "goes_to"
    with pytest.raises(RulesInputError):
        harm.check_target(harm.Target(GRIT, "pc", 3, (("Prowess", 5),), direct="STR"))
