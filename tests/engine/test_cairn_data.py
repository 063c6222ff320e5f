"""The Cairn data tables: 100 Spells, Scars, the bestiary, hirelings, reactions, Die of Fate."""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.cairn import bestiary, hirelings, scars, spells, tables
from rules_py.core.errors import RulesInputError
from rules_py.core.ranges import IntRange
from rules_py.core.rng import Rng

seeds = st.integers(min_value=0, max_value=2**64 - 1)

# The names of Cairn's "100 Spells" table, in its order (1 to 100).
SOURCE_NAMES = (
    "Adhere",
    "Anchor",
    "Animate Object",
    "Anthropomorphize",
    "Arcane Eye",
    "Astral Prison",
    "Attract",
    "Auditory Illusion",
    "Babble",
    "Bait Flower",
    "Beast Form",
    "Befuddle",
    "Body Swap",
    "Charm",
    "Command",
    "Comprehend",
    "Cone of Foam",
    "Control Plants",
    "Control Weather",
    "Cure Wounds",
    "Deafen",
    "Detect Magic",
    "Disassemble",
    "Disguise",
    "Displace",
    "Earthquake",
    "Elasticity",
    "Elemental Wall",
    "Filch",
    "Flare",
    "Fog Cloud",
    "Frenzy",
    "Gate",
    "Gravity Shift",
    "Greed",
    "Haste",
    "Hatred",
    "Hear Whispers",
    "Hover",
    "Hypnotize",
    "Icy Touch",
    "Identify Owner",
    "Illuminate",
    "Invisible Tether",
    "Knock",
    "Leap",
    "Liquid Air",
    "Magic Dampener",
    "Manse",
    "Marble Craze",
    "Masquerade",
    "Miniaturize",
    "Mirror Image",
    "Mirrorwalk",
    "Multiarm",
    "Night Sphere",
    "Objectify",
    "Ooze Form",
    "Pacify",
    "Phobia",
    "Pit",
    "Primal Surge",
    "Push/Pull",
    "Raise Dead",
    "Raise Spirit",
    "Read Mind",
    "Repel",
    "Scry",
    "Sculpt Elements",
    "Sense",
    "Shield",
    "Shroud",
    "Shuffle",
    "Sleep",
    "Slick",
    "Smoke Form",
    "Sniff",
    "Snuff",
    "Sort",
    "Spectacle",
    "Spellsaw",
    "Spider Climb",
    "Summon Cube",
    "Swarm",
    "Telekinesis",
    "Telepathy",
    "Teleport",
    "Target Lure",
    "Thicket",
    "Summon Idol",
    "Time Control",
    "True Sight",
    "Upwell",
    "Vision",
    "Visual Illusion",
    "Ward",
    "Web",
    "Widget",
    "Wizard Mark",
    "X-Ray Vision",
)


def test_spell_numbers_are_one_to_a_hundred_once_each() -> None:
    numbers = [spell.number for spell in spells.spells()]
    assert numbers == list(range(1, 101))


def test_spell_names_are_the_sources() -> None:
    assert tuple(spell.name for spell in spells.spells()) == SOURCE_NAMES


@pytest.mark.parametrize(
    ("number", "effect"),
    [
        (1, "An object is covered in extremely sticky slime."),
        (47, "The air around you becomes swimmable."),  # the stray space before "." dropped
        (
            63,
            "An object of any size is pulled directly towards you or pushed directly away "
            "from you with the strength of one man.",
        ),
        (85, "You may mentally 1 move item under 60lbs."),  # the source's wording, kept
        (100, "You can see through walls, dirt, clothing, etc."),
    ],
)
def test_spell_effects_are_word_for_word(number: int, effect: str) -> None:
    assert spells.spell(number).effect == effect


def test_row_ids_are_unique_and_safe() -> None:
    ids = [spell.row_id for spell in spells.spells()]
    assert len(set(ids)) == 100
    assert spells.spell(63).row_id == "spell-push-pull"
    assert spells.spell(100).row_id == "spell-x-ray-vision"
    assert all(all(c.isalnum() or c == "-" for c in row) for row in ids)


@given(seeds)
def test_a_d100_roll_names_its_spell(seed: int) -> None:
    roll, spell = spells.roll_spell(Rng(seed))
    assert 1 <= roll <= 100 and spell.number == roll
    assert spells.roll_spell(Rng(seed)) == (roll, spell)


def test_every_spell_can_be_rolled() -> None:
    rolled = {spells.roll_spell(Rng(seed))[0] for seed in range(2000)}
    assert rolled == set(range(1, 101))


@pytest.mark.parametrize(
    ("query", "numbers"),
    [
        ("", list(range(1, 101))),
        ("7", [7]),
        ("100", [100]),
        ("push", [63]),
        ("  PUSH  ", [63]),
        ("form", [11, 12, 58, 76]),
        ("creature sleep", [74]),
        ("zzzz", []),
    ],
)
def test_filter_matches_every_word_in_name_or_effect(query: str, numbers: list[int]) -> None:
    assert [spell.number for spell in spells.matching(query)] == numbers


def test_by_name_ignores_case() -> None:
    found = spells.by_name("push/pull")
    assert found is not None and found.number == 63
    assert spells.by_name("Fireball") is None


SOURCE_SCARS = (
    "Lasting Scar",
    "Rattling Blow",
    "Walloped",
    "Broken Limb",
    "Diseased",
    "Reorienting Head Wound",
    "Hamstrung",
    "Deafened",
    "Re-brained",
    "Sundered",
    "Mortal Wound",
    "Doomed",
)


def test_scars_are_twelve_in_order() -> None:
    assert [scar.total for scar in scars.scars()] == list(range(1, 13))
    assert tuple(scar.name for scar in scars.scars()) == SOURCE_SCARS
    assert scars.scar(6).text.startswith("Roll 1d6 | 1-2: STR, 3-4: DEX, 5-6: WIL. Roll 3d6.")


@pytest.mark.parametrize("bad", [0, 13, "3", None])
def test_scar_totals_are_one_to_twelve(bad: object) -> None:
    with pytest.raises(RulesInputError):
        scars.scar(bad)  # type: ignore[arg-type]


PC = scars.PcScores(max_hp=5, strength=12, dexterity=9, willpower=11)


@pytest.mark.parametrize(
    ("total", "shapes"),
    [
        (1, [(6, 1), (6, 1)]),
        (2, [(6, 1)]),
        (3, [(6, 1)]),
        (4, [(6, 1), (6, 2)]),
        (5, [(6, 2)]),
        (6, [(6, 1), (6, 3)]),
        (7, [(6, 3)]),
        (9, [(6, 3)]),
        (11, [(6, 2)]),
        (12, [(6, 3)]),
    ],
)
def test_each_scar_rolls_the_dice_its_text_calls_for(
    total: int, shapes: list[tuple[int, int]]
) -> None:
    for seed in range(20):
        result = scars.roll_scar(total, PC, Rng(seed))
        assert [(r.sides, len(r.dice)) for r in result.rolls] == shapes
        assert all(1 <= face <= r.sides for r in result.rolls for face in r.dice)


@pytest.mark.parametrize(("total", "gain"), [(8, 4), (10, 6)])
def test_deafened_and_sundered_gain_wil_only_on_a_passed_save(total: int, gain: int) -> None:
    seen = set()
    for seed in range(60):
        result = scars.roll_scar(total, PC, Rng(seed))
        save = result.rolls[0]
        assert save.sides == 20
        passed = save.dice[0] == 1 or (save.dice[0] != 20 and save.dice[0] <= PC.willpower)
        assert len(result.rolls) == (2 if passed else 1)
        if passed:
            assert result.rolls[1].sides == gain
        seen.add(passed)
    assert seen == {True, False}


def test_a_higher_total_replaces_max_hp_and_a_lower_one_does_not() -> None:
    outcomes = {scars.roll_scar(5, PC, Rng(seed)).rolls[0] for seed in range(40)}
    for roll in outcomes:
        if roll.total > PC.max_hp:
            assert roll.result.endswith(f"max HP becomes {roll.total}.")
        else:
            assert roll.result.endswith(f"max HP stays {PC.max_hp}.")


def test_head_wound_compares_with_the_ability_it_rolled() -> None:
    for seed in range(30):
        which, check = scars.roll_scar(6, PC, Rng(seed)).rolls
        ability = {1: "STR", 2: "STR", 3: "DEX", 4: "DEX", 5: "WIL", 6: "WIL"}[which.dice[0]]
        assert which.result == ability
        assert f" {ability} {PC.ability(ability)}" in check.result


def test_lasting_scar_and_broken_limb_places() -> None:
    assert scars.d6_results(scars.LASTING_SCAR) == ("Neck", "Hands", "Eye", "Chest", "Legs", "Ear")
    assert scars.d6_results(scars.BROKEN_LIMB) == ("Leg", "Leg", "Arm", "Arm", "Rib", "Skull")
    assert scars.d6_results(scars.HEAD_WOUND) == ("STR", "STR", "DEX", "DEX", "WIL", "WIL")
    assert scars.d6_rows(scars.BROKEN_LIMB)[0] == (IntRange(1, 2), "Leg")


# The stat lines of Cairn's bestiary, with the Spellbook markup read as intended.
SOURCE_STATLINES = {
    "Root Goblin": "4 HP, 8 STR, 14 DEX, 8 WIL, spear (d6)",
    "Hooded Men": "12 HP, 9 STR, 12 DEX, 14 WIL, leystaff (d8), a Spellbook (Choose one: "
    "Charm, Hypnotize, Push/Pull, Shield)",
    "Cobblehounds": "12 HP, 2 Armor, 14 STR, 1 DEX, 8 WIL, bite (d10)",
    "Wood Troll": "12 HP, 15 STR, 12 DEX, 7 WIL, claws and bite (d8+d8 blast)",
    "Frost Elf": "14 HP, 1 Armor, 8 STR, 13 DEX, 14 WIL, icicle dagger (d6), a Spellbook "
    "(Choose one: Sleep, Teleport, Detect Magic)",
    "Boggart": "3 HP, 4 STR, 17 DEX, 13 WIL",
}


def test_bestiary_statlines_match_the_text() -> None:
    creatures = bestiary.creatures()
    assert [c.name for c in creatures] == list(SOURCE_STATLINES)
    for creature in creatures:
        assert bestiary.statline(creature) == SOURCE_STATLINES[creature.name]


def test_bestiary_traits_are_kept() -> None:
    by_name = {c.name: c for c in bestiary.creatures()}
    assert by_name["Boggart"].traits[2] == (
        "Boggarts have names that describe their true nature. Knowing their true name "
        "allows one to control a Boggart."
    )
    assert by_name["Hooded Men"].traits[1] == (
        "Critical damage: leech a part of the victim's soul (1d4 WIL damage)."
    )
    assert sum(len(c.traits) for c in bestiary.creatures()) == 14


def test_creature_spellbooks_are_spells_of_the_table() -> None:
    for creature in bestiary.creatures():
        for name in creature.spellbook:
            assert spells.by_name(name) is not None, name


def test_armour_of_every_creature_is_within_the_limit() -> None:
    assert all(0 <= c.armor <= 3 for c in bestiary.creatures())
    troll = next(c for c in bestiary.creatures() if c.name == "Wood Troll")
    assert troll.attack is not None and troll.attack.sides == (8, 8) and troll.attack.blast


@given(seeds)
def test_a_hireling_follows_the_recipe(seed: int) -> None:
    hireling = hirelings.roll_hireling(Rng(seed))
    for _, score in hireling.scores:
        assert 3 <= score <= 18
    assert 1 <= hireling.hp <= 6
    assert hireling.weapon_die == 6
    assert 1 <= hireling.cost_gp <= 3
    assert hirelings.roll_hireling(Rng(seed)) == hireling
    text = hireling.as_text()
    assert text.startswith("Hireling: STR ")
    assert f"{hireling.hp} HP" in text and f"{hireling.cost_gp} gp per day" in text


def test_hireling_dice_are_rolled_in_order() -> None:
    rng = Rng(77)
    expected = [rng.die(6) for _ in range(10)] + [rng.die(3)]
    hireling = hirelings.roll_hireling(Rng(77))
    got = [*hireling.strength, *hireling.dexterity, *hireling.willpower, hireling.hp]
    assert [*got, hireling.cost_gp] == expected


def test_hireling_costs_cover_one_to_three() -> None:
    counts = Counter(hirelings.roll_hireling(Rng(seed)).cost_gp for seed in range(3000))
    assert set(counts) == {1, 2, 3}
    assert all(abs(n - 1000) < 120 for n in counts.values())  # about 4 standard deviations


def test_reaction_odds_equal_counting_two_dice() -> None:
    counted: Counter[str] = Counter()
    for a, b in product(range(1, 7), repeat=2):
        counted[tables.band_for(tables.table(tables.REACTION).rows, a + b).result] += 1
    odds = {band.result: chance for band, chance in tables.reaction_odds()}
    assert odds == {name: Fraction(n, 36) for name, n in counted.items()}
    assert odds == {
        "Hostile": Fraction(1, 36),
        "Wary": Fraction(9, 36),
        "Curious": Fraction(16, 36),
        "Kind": Fraction(9, 36),
        "Helpful": Fraction(1, 36),
    }


def test_reaction_bands_are_the_tables() -> None:
    assert [(b.range.span, b.result) for b in tables.table(tables.REACTION).rows] == [
        ("2", "Hostile"),
        ("3-5", "Wary"),
        ("6-8", "Curious"),
        ("9-11", "Kind"),
        ("12", "Helpful"),
    ]


def test_die_of_fate_four_or_more_favours_the_pcs() -> None:
    odds = {band.range.span: chance for band, chance in tables.fate_odds()}
    assert odds == {"1-3": Fraction(1, 2), "4-6": Fraction(1, 2)}
    for seed in range(50):
        rolled = tables.roll_fate(Rng(seed))
        assert (rolled.band.result == "Favours the PCs") == (rolled.total >= 4)


@given(seeds)
def test_a_reaction_roll_lands_in_its_band(seed: int) -> None:
    rolled = tables.roll_reaction(Rng(seed))
    assert len(rolled.dice) == 2
    assert rolled.band.range.holds(rolled.total)
