"""The previews of ``huldufolk.pool``: the hand to choose from, with the odds of
each card, for a test, a fight, a contest or a power."""

from __future__ import annotations

from collections.abc import Mapping

from rules_py.huldufolk.actors import FATIGUE_LOSS, Actor, Attack
from rules_py.huldufolk.cards import ACE, card_list, card_name
from rules_py.huldufolk.challenges import (
    AFFINITY_NO_TEST_MAX,
    CONTEST_TIE_RULE,
    DAMAGE_RULE,
    MEETS_RULE,
    NO_AFFINITY_TEST_MAX,
    Need,
    defence_for,
    need_for,
)
from rules_py.huldufolk.odds import (
    UNKNOWN_CARD_MODEL,
    against_rating,
    attacking,
    contesting,
    defending,
    opponent_total,
)
from rules_py.huldufolk.play import (
    AUTO,
    REST_RULE,
    SIDES,
    TURN_RULE,
    SideKey,
    Table,
    acting_side,
    differs_from_form,
    initiative_chooser,
    next_to_act,
    other,
)
from rules_py.huldufolk.pools import ActionPool, describe_pool
from rules_py.huldufolk.powers import POWERS_RULE, refresh_effect, refreshable, restore_effect
from rules_py.huldufolk.tables import band_of
from rules_py.huldufolk.widgets.pool.drawing import (
    card_choices,
    describe_kind,
    follow_up,
    log_block,
    side_facts,
    smallest_text,
)
from rules_py.huldufolk.widgets.pool.form import PoolValues
from rules_py.huldufolk.widgets.pool.reading import gear_of, pool_of
from rules_py.widget import Block, choices, facts, line, note, option, outcome, step

__all__ = ["preview"]


def test_preview(tbl: Table, values: PoolValues, pool: ActionPool) -> list[Block]:
    rating, affinity = values.cr, values.affinity
    band = band_of(rating)
    need = need_for(rating, affinity)
    steps: list[Block] = []
    if need is Need.NO_TEST:
        steps.append(
            outcome(
                f"No test needed: CR {AFFINITY_NO_TEST_MAX} or below with a fitting affinity.",
                "good",
            )
        )
    elif need is Need.IMPOSSIBLE:
        steps.append(
            outcome(
                "Impossible: without a fitting affinity no test is allowed above "
                f"CR {NO_AFFINITY_TEST_MAX}.",
                "bad",
            )
        )
    elif not tbl.a.hand.cards:
        steps.append(line("No card in hand until the combat ends."))
    else:
        odds = against_rating(pool.base, tbl.a.hand.cards, rating)
        prompt = f"Play a card against CR {rating} ({smallest_text(odds, 'succeeds')})"
        steps.append(card_choices(prompt, odds, values, "succeeds", "smallest success"))
    return [
        step(steps),
        facts(
            [
                ("Pool before the card", describe_pool(pool.parts())),
                ("Challenge", f"CR {rating} ({band.band}: {band.label})"),
            ]
        ),
        side_facts(tbl, "a", thresholds=False),
        note(MEETS_RULE),
    ]


def initiative_step(tbl: Table, values: PoolValues) -> list[Block]:
    side = initiative_chooser(tbl)
    actor = tbl.actor(side)
    options = [
        option(
            card_name(card),
            follow_up(values, "initiative", pick=card),
            badge="the Ace too is set aside" if card == ACE else "",
        )
        for card in actor.hand.cards
    ]
    blocks = [
        choices(
            f"Initiative: {actor.name} plays a card face down (set aside until the combat ends)",
            options,
        )
    ]
    if side == "b":
        blocks.append(line(f"{tbl.actor('a').name} has chosen an initiative card face down."))
    return blocks


def fight_step(tbl: Table, values: PoolValues, attacker: SideKey, kind: Attack) -> list[Block]:
    """The controls of the current step: the hand that chooses now."""
    pending = tbl.pending
    if pending is not None and pending.kind == "initiative":
        return initiative_step(tbl, values)
    defender = other(attacker)
    attack_pool = pool_of(values, attacker)
    defence_base = defence_for(tbl.actor(defender), kind, gear_of(values, defender)).base
    a_name, d_name = tbl.actor(attacker).name, tbl.actor(defender).name
    if pending is not None and pending.kind == "exchange" and pending.attacker == attacker:
        if not tbl.actor(defender).hand.cards:
            return [line(f"{d_name} has no card in hand until the combat ends.")]
        attack_total = opponent_total(attack_pool.base, tbl.actor(attacker).hand.cards)
        odds = defending(defence_base, tbl.actor(defender).hand.cards, attack_total)
        prompt = f"{d_name} defends: choose a card ({smallest_text(odds, 'holds')})"
        return [
            card_choices(prompt, odds, values, "holds", "smallest sure defence"),
            line(f"{a_name} has chosen a card face down."),
        ]
    if not tbl.actor(defender).hand.cards:  # only the initiative card was left
        return [line(f"{d_name} has no card in hand until the combat ends.")]
    if not tbl.actor(attacker).hand.cards:
        return [line(f"{a_name} has no card in hand until the combat ends.")]
    defence_total = opponent_total(defence_base, tbl.actor(defender).hand.cards)
    odds = attacking(attack_pool.base, tbl.actor(attacker).hand.cards, defence_total)
    prompt = f"{a_name} attacks {d_name}: choose a card face down ({smallest_text(odds, 'hits')})"
    return [card_choices(prompt, odds, values, "hits", "smallest sure hit")]


def turn_line(tbl: Table, choice: str, attacker: SideKey) -> Block:
    turn = next_to_act(tbl)
    order = ", then ".join(tbl.actor(key).name for key in tbl.order)
    if turn is None:
        return line(
            f"No combat under way: {tbl.actor(attacker).name} attacks. "
            "Play initiative to set the order."
        )
    if choice in (AUTO, turn):
        return line(f"{tbl.actor(attacker).name}'s turn (initiative: {order}).")
    return line(
        f"{tbl.actor(attacker).name} attacks out of turn (chosen by hand); "
        f"it is {tbl.actor(turn).name}'s turn (initiative: {order})."
    )


def fight_preview(tbl: Table, values: PoolValues) -> list[Block]:
    attacker = acting_side(tbl, values.attacker)
    defender = other(attacker)
    kind = Attack(values.attack_kind)
    defence = defence_for(tbl.actor(defender), kind, gear_of(values, defender))
    a_name, d_name = tbl.actor(attacker).name, tbl.actor(defender).name
    fatigue = (
        [note(f"{d_name} is fatigued: a mundane attack lowers the threshold by {FATIGUE_LOSS}.")]
        if values.side(defender).fatigued and kind is Attack.MUNDANE
        else []
    )
    return [
        step(
            [
                turn_line(tbl, values.attacker, attacker),
                *fight_step(tbl, values, attacker, kind),
            ]
        ),
        facts(
            [
                (
                    "Attack before the card",
                    f"{a_name}: {describe_pool(pool_of(values, attacker).parts())}",
                ),
                (
                    "Defence before the card",
                    f"{d_name} ({kind.value}): {describe_pool(defence.parts())}",
                ),
            ]
        ),
        *fatigue,
        side_facts(tbl, "a", thresholds=True),
        side_facts(tbl, "b", thresholds=True),
        note(TURN_RULE),
        note(UNKNOWN_CARD_MODEL),
        note(DAMAGE_RULE),
    ]


def contest_preview(tbl: Table, values: PoolValues) -> list[Block]:
    pools = (pool_of(values, "a"), pool_of(values, "b"))
    pending = tbl.pending
    steps: list[Block]
    if pending is not None and pending.kind == "contest":
        mover, foe, index = tbl.b, tbl.a, 1
    else:
        mover, foe, index = tbl.a, tbl.b, 0
    if not mover.hand.cards:
        steps = [line(f"{mover.name} has no card in hand until the combat ends.")]
    else:
        foe_total = opponent_total(pools[1 - index].base, foe.hand.cards)
        odds = contesting(pools[index].base, mover.hand.cards, foe_total)
        prompt = (
            f"{mover.name} contests {foe.name}: choose a card face down "
            f"({smallest_text(odds, 'prevails')})"
        )
        steps = [card_choices(prompt, odds, values, "prevails", "smallest sure win")]
        if index == 1:
            steps.append(line(f"{foe.name} has chosen a card face down."))
    return [
        step(steps),
        facts(
            [
                (f"{tbl.a.name}'s pool before the card", describe_pool(pools[0].parts())),
                (f"{tbl.b.name}'s pool before the card", describe_pool(pools[1].parts())),
            ]
        ),
        side_facts(tbl, "a", thresholds=False),
        side_facts(tbl, "b", thresholds=False),
        note(CONTEST_TIE_RULE),
        note(UNKNOWN_CARD_MODEL),
    ]


def powers_preview(tbl: Table, values: PoolValues) -> list[Block]:
    side: SideKey = values.power_side
    actor = tbl.actor(side)
    power = values.power
    steps: list[Block]
    if power.startswith("back_in_the_fight"):
        effect = refresh_effect(power)
        able = refreshable(actor.hand, effect)
        if not able:
            steps = [line(f"{effect.label}: {actor.name} has no spent card it can return.")]
        elif effect.count is None:
            steps = [line(f"{effect.label}: {actor.name} gets back {card_list(able)}.")]
        else:
            options = [
                option(card_name(card), follow_up(values, "power", power_card=card))
                for card in able
            ]
            steps = [choices(f"{effect.label}: choose the card {actor.name} gets back", options)]
        steps.append(note(f"{effect.power}: \u201c{effect.text}\u201d"))
    else:
        restoring = restore_effect(power)
        steps = [note(f"{restoring.power}: \u201c{restoring.text}\u201d")]
    return [
        step(steps),
        side_facts(tbl, side, thresholds=True),
        note(POWERS_RULE),
        note(REST_RULE),
    ]


def preview(tbl: Table, values: PoolValues, specs: Mapping[SideKey, Actor]) -> list[Block]:
    mode = values.mode
    warnings: list[Block] = []
    shown: tuple[SideKey, ...] = ("a",) if mode == "test" else SIDES
    for key in shown:
        if differs_from_form(tbl.actor(key), specs[key], fight=mode in ("fight", "powers")):
            warnings.append(
                note(
                    f"Side {key.upper()} in play is a {describe_kind(tbl.actor(key))}; the form "
                    f"describes a {describe_kind(specs[key])}. Press Reset to play with the form's."
                )
            )
    if mode == "fight":
        blocks = fight_preview(tbl, values)
    elif mode == "contest":
        blocks = contest_preview(tbl, values)
    elif mode == "powers":
        blocks = powers_preview(tbl, values)
    else:
        blocks = test_preview(tbl, values, pool_of(values, "a"))
    # The step comes first; a hand that is not the form's is said above it.
    blocks[0] = step([*warnings, *blocks[0]["blocks"]])
    blocks.append(log_block(tbl))  # the long record last, below the hand
    return blocks
