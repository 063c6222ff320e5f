"""The moves of ``huldufolk.pool``: a card played, initiative, a power used."""

from __future__ import annotations

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.actors import Attack
from rules_py.huldufolk.challenges import CONTEST_TIE_RULE, DAMAGE_RULE, HEALTH_RULE
from rules_py.huldufolk.initiative import INITIATIVE_RULE
from rules_py.huldufolk.play import (
    Table,
    acting_side,
    choose_contest_card,
    choose_initiative_card,
    initiative_chooser,
    next_to_act,
    other,
    play_contest,
    play_fight_card,
    play_test,
    resolve_exchange,
    start_initiative,
    use_power,
)
from rules_py.huldufolk.pools import describe_pool
from rules_py.huldufolk.powers import POWERS_RULE
from rules_py.huldufolk.widgets.pool.form import PoolValues
from rules_py.huldufolk.widgets.pool.reading import gear_of, pool_of
from rules_py.widget import Block, Call, line, note, outcome

__all__ = ["initiative", "play", "power"]


def picked_card(call: Call[PoolValues]) -> object:
    return call.extra.get("pick")


def play_test_move(tbl: Table, call: Call[PoolValues]) -> tuple[Table, list[Block]]:
    values = call.values
    card = picked_card(call) if "pick" in call.extra else values.card
    pool = pool_of(values, "a")
    tbl, test = play_test(tbl, pool, card, values.cr, values.affinity)
    if test.card is None:
        text = "NO TEST NEEDED" if test.success else "IMPOSSIBLE"
        return tbl, [outcome(text, "good" if test.success else "bad"), line(tbl.log[-1])]
    headline = outcome("SUCCESS", "good") if test.success else outcome("FAILURE", "bad")
    return tbl, [
        headline,
        line(f"{describe_pool(pool.parts(), test.card)} against CR {test.rating}."),
        line(tbl.log[-1]),
    ]


def play_contest_move(tbl: Table, call: Call[PoolValues]) -> tuple[Table, list[Block]]:
    values = call.values
    pools = (pool_of(values, "a"), pool_of(values, "b"))
    if "pick" in call.extra:
        pending = tbl.pending
        if pending is None or pending.kind != "contest":
            tbl = choose_contest_card(tbl, picked_card(call))
            return tbl, [
                line(f"{tbl.a.name} has chosen a card face down. {tbl.b.name}: choose a card.")
            ]
        tbl, result = play_contest(
            tbl, pools, pending.pick("a"), picked_card(call), fields=("pick", "pick")
        )
    else:
        tbl, result = play_contest(tbl, pools, values.card, values.contest_card)
    names = (tbl.a.name, tbl.b.name)
    headline = (
        outcome("STAND-OFF: neither prevails")
        if result.winner is None
        else outcome(f"{names[result.winner].upper()} PREVAILS")
    )
    return tbl, [
        headline,
        line(
            f"{names[0]}: {describe_pool(pools[0].parts(), result.cards[0])}; "
            f"{names[1]}: {describe_pool(pools[1].parts(), result.cards[1])}."
        ),
        line(tbl.log[-1]),
        note(CONTEST_TIE_RULE),
    ]


def play_fight_move(tbl: Table, call: Call[PoolValues]) -> tuple[Table, list[Block]]:
    values = call.values
    attacker = acting_side(tbl, values.attacker)
    defender = other(attacker)
    kind = Attack(values.attack_kind)
    attack_pool, gear = pool_of(values, attacker), gear_of(values, defender)
    fatigued = values.side(defender).fatigued
    if "pick" in call.extra:
        card = picked_card(call)
        tbl, maybe = play_fight_card(
            tbl, attacker, card, attack_pool, gear, kind, fatigued, values.keeps_card
        )
        if maybe is None:
            name, foe = tbl.actor(attacker).name, tbl.actor(defender).name
            return tbl, [line(f"{name} has chosen a card face down. {foe}: choose a defence card.")]
        result = maybe
    else:
        tbl, result = resolve_exchange(
            tbl,
            attacker,
            attack_pool,
            values.card,
            gear,
            values.defence_card,
            kind,
            defender_fatigued=fatigued,
            keep_card=values.keeps_card,
        )
    hit_or_held = (
        outcome(f"HIT: {result.damage} damage to {result.defender.name}")
        if result.hit
        else outcome(f"HELD: {result.defender.name} defends")
    )
    turn = next_to_act(tbl)
    after = [line(f"Next: {tbl.actor(turn).name}'s turn.")] if turn is not None else []
    return tbl, [
        hit_or_held,
        line(
            f"Attack: {describe_pool(attack_pool.parts(), result.attacker_card)}; "
            f"defence: {describe_pool(result.defence_pool.parts(), result.defender_card)}."
        ),
        line(tbl.log[-1]),
        *after,
        note(DAMAGE_RULE),
        note(HEALTH_RULE),
    ]


def play(tbl: Table, call: Call[PoolValues]) -> tuple[Table, list[Block]]:
    mode = call.values.mode
    if mode == "test":
        return play_test_move(tbl, call)
    if mode == "contest":
        return play_contest_move(tbl, call)
    if mode == "fight":
        return play_fight_move(tbl, call)
    raise RulesInputError(
        "mode", "Play card is for tests, fights and contests: choose one of them."
    )


def initiative(tbl: Table, call: Call[PoolValues]) -> tuple[Table, list[Block]]:
    if call.values.mode != "fight":
        raise RulesInputError("mode", "Initiative is for fights: choose Defended: a fight.")
    if "pick" not in call.extra:
        tbl = start_initiative(tbl)
        return tbl, [line(f"Initiative: {tbl.a.name} chooses a card face down, then {tbl.b.name}.")]
    side = initiative_chooser(tbl)
    tbl, result = choose_initiative_card(tbl, side, picked_card(call), call.rng)
    if result is None:
        return tbl, [line(f"{tbl.a.name} has chosen face down. {tbl.b.name}: choose a card.")]
    first = tbl.actor(tbl.order[0]).name
    return tbl, [outcome(f"{first} acts first"), line(tbl.log[-1]), note(INITIATIVE_RULE)]


def power(tbl: Table, call: Call[PoolValues]) -> tuple[Table, list[Block]]:
    values = call.values
    if values.mode != "powers":
        raise RulesInputError("mode", "Use power is for powers: choose Powers.")
    tbl = use_power(tbl, values.power_side, values.power, values.power_card, values.power_threshold)
    return tbl, [outcome("Power used"), line(tbl.log[-1]), note(POWERS_RULE)]
