"""The d10 dice-pool game's tables, as the rules text prints them (the d10 dice-pool game)."""

from __future__ import annotations

import itertools

from rules_py.dice_pool import tables as data


def test_difficulties() -> None:
    assert [(d.value, d.name) for d in data.difficulties()] == [
        (1, "Easy"),
        (3, "Typical"),
        (5, "Difficult"),
        (7, "Challenging"),
        (9, "Impossible"),
    ]
    assert [d.value for d in data.difficulties() if d.default] == [3]


def test_advantages() -> None:
    assert [(a.name, a.dice, a.difficulty) for a in data.advantage_sizes()] == [
        ("Moderate", 2, 1),
        ("Major", 4, 2),
    ]


def test_anima_bands_are_contiguous_from_eight() -> None:
    bands = data.anima_bands()
    assert [(b.span, b.anima) for b in bands] == [("8-9", 1), ("10-11", 2), ("12+", 3)]
    for lower, upper in itertools.pairwise(bands):
        assert lower.range.high is not None and lower.range.high + 1 == upper.range.low


def test_key_issue_complexity() -> None:
    assert [(k.name, k.actions) for k in data.key_issue_complexities()] == [
        ("Simple", 1),
        ("Average", 3),
        ("Difficult", 5),
        ("Complex", 7),
    ]


def test_combat_tables() -> None:
    assert [(e.name, e.damage) for e in data.environmental_damage()] == [
        ("Light", 3),
        ("Medium", 5),
        ("Heavy", 7),
        ("Oppressive", 9),
    ]
    assert [(a.name, a.block, a.evasion) for a in data.mundane_armor()] == [
        ("No Armor", 0, 0),
        ("Light", 0, 1),
        ("Medium", 1, 0),
        ("Heavy", 2, -1),
    ]


def test_obstruction_rows_meet_without_gaps() -> None:
    rows = data.obstructions()
    assert [row.span for row in rows] == ["12+", "10-11", "7-9", "4-6", "0-3"]
    assert [row.name for row in rows] == [
        "Critical Success",
        "Success",
        "Alteration",
        "Problem",
        "Major Problem",
    ]
    for upper, lower in itertools.pairwise(rows):
        assert lower.range.high is not None and upper.range.low == lower.range.high + 1
    assert rows[-1].plain_text == (
        "Major Problem: The project requires some sort of sacrifice or fails."
    )


def test_world_scales_name_group_magnitudes() -> None:
    # Every terrain a World Project can affect is a common name of a Group Magnitude.
    names = {g.common_name for g in data.group_magnitudes()}
    assert [(w.scale, w.affects) for w in data.world_scales()] == [
        (1, "Village"),
        (2, "Town"),
        (3, "City"),
        (4, "Prefecture"),
        (5, "Province"),
    ]
    assert all(w.affects in names for w in data.world_scales())


def test_group_magnitudes() -> None:
    groups = data.group_magnitudes()
    assert [g.magnitude for g in groups] == list(range(9))
    assert [g.population for g in groups] == [1, 10, 50, 100, 500, 1000, 10_000, 100_000, 1_000_000]
    assert groups[5].common_name == "Town"
    assert groups[5].military == "Regiment (Dragon)"
    assert groups[0].military is None


def test_time_magnitudes() -> None:
    assert [t.name for t in data.time_magnitudes()] == [
        "Second (Instant)",
        "Minute (Moment)",
        "Hour",
        "Day",
        "Week",
        "Month",
        "Season",
        "Year",
        "Decade",
        "Century",
    ]


def test_scale_shifts() -> None:
    assert [(s.label, s.shift) for s in data.natures()] == [
        ("Natural", 0),
        ("Unnatural", 1),
        ("Overtly Supernatural", 2),
    ]
    assert [s.shift for s in data.oppositions()] == [0, 1, 2]
    assert [(s.label, s.shift) for s in data.repairs()] == [
        ("New project", 0),
        ("Minor", -2),
        ("Moderate", -1),
        ("Major", 0),
    ]
    assert data.keystone_from_scale() == 4


def test_limit_gains() -> None:
    # "Gain Limit by: Using the Excellency / Encountering their detailed flaw
    # trigger. / Working against their Intimacy."
    assert data.limit_gains() == (
        "Using the Excellency",
        "Encountering their detailed flaw trigger.",
        "Working against their Intimacy.",
    )
