"""The moves of a table in play: an undefended test, an exchange of a fight, a
contest of attack pools, a power, rest; each logged in words.
"""

from __future__ import annotations

from dataclasses import replace

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.actors import Actor, Attack
from rules_py.huldufolk.cards import card_list, card_name
from rules_py.huldufolk.challenges import (
    Contest,
    Exchange,
    UndefendedResult,
    contest,
    exchange,
    undefended_test,
)
from rules_py.huldufolk.play.table import SIDES, Pending, SideKey, Table, other
from rules_py.huldufolk.play.turns import next_to_act
from rules_py.huldufolk.pools import ActionPool, DefencePool
from rules_py.huldufolk.powers import refresh_effect, restore, restore_effect, use_refresh

__all__ = [
    "REST_RULE",
    "choose_attack_card",
    "choose_contest_card",
    "contest_entry",
    "exchange_entry",
    "play_contest",
    "play_fight_card",
    "play_test",
    "resolve_exchange",
    "rest",
    "use_power",
]

REST_RULE = (
    "Rest restores thresholds (10 minutes' rest). Spent cards come back with a refresh "
    "(Alleviate 5, under Use power) or with Reset; the text's own Card Refresh section "
    "is not in this slice."
)


def play_test(
    table: Table, pool: ActionPool, card: object, rating: int, has_affinity: bool
) -> tuple[Table, UndefendedResult]:
    """Side A plays ``card`` in an undefended test."""
    actor = table.a
    result = undefended_test(actor.hand, pool, card, rating, has_affinity)
    table = replace(table.with_actor("a", actor.with_hand(result.hand)), pending=None)
    return table.logged(_test_entry(actor, result)), result


def _test_entry(actor: Actor, result: UndefendedResult) -> str:
    if result.card is None:
        verdict = "no test needed" if result.success else "impossible without an affinity"
        return f"{actor.name} against CR {result.rating}: {verdict}; no card played."
    spent = "the Ace stays" if result.card == 1 else f"the {card_name(result.card)} is spent"
    verdict = "success" if result.success else "failure"
    return (
        f"{actor.name} plays the {card_name(result.card)} against CR {result.rating}: "
        f"{result.total}, {verdict}; {spent}."
    )


def resolve_exchange(
    table: Table,
    attacker_side: SideKey,
    attack_pool: ActionPool,
    attack_card: object,
    defence_gear: DefencePool,
    defence_card: object,
    attack: Attack,
    *,
    card_fields: tuple[str, str] = ("card", "defence_card"),
    defender_fatigued: bool = False,
    keep_card: bool = False,
) -> tuple[Table, Exchange]:
    """One attack by ``attacker_side`` on the other side, both cards chosen.

    An attack by the side whose turn it is passes the turn on."""
    defender_side = other(attacker_side)
    attacker, defender = table.actor(attacker_side), table.actor(defender_side)
    attacker.hand.require(attack_card, card_fields[0])
    defender.hand.require(defence_card, card_fields[1])
    result = exchange(
        attacker,
        attack_pool,
        attack_card,
        defender,
        defence_gear,
        defence_card,
        attack,
        defender_fatigued,
        keep_card,
    )
    table = table.with_actor(attacker_side, result.attacker)
    table = table.with_actor(defender_side, result.defender)
    table = table.with_damage(defender_side, table.damage(defender_side) + result.damage)
    turn = table.turn
    if next_to_act(table) == attacker_side:
        turn = (table.order.index(attacker_side) + 1) % len(table.order)
    table = replace(table, pending=None, turn=turn)
    return table.logged(exchange_entry(result)), result


def exchange_entry(result: Exchange) -> str:
    attacker, defender = result.attacker.name, result.defender.name
    if result.hit:
        verdict = f"hit for {result.damage} damage"
    else:
        verdict = "held (defenders win ties)" if result.margin == 0 else "held"
    kept = " (kept: Not in My House)" if result.card_kept else ""
    return (
        f"{attacker} attacks {defender} ({result.attack.value}): "
        f"{card_name(result.attacker_card)} for {result.attack_total} against "
        f"{card_name(result.defender_card)}{kept} for {result.defence_total}, {verdict}; "
        f"{defender}'s {result.attack.value} threshold {result.threshold_before}"
        f" \u2192 {result.threshold_after}."
    )


def choose_attack_card(table: Table, attacker_side: SideKey, card: object) -> Table:
    """The attacker's card, face down until the defender has chosen."""
    value = table.actor(attacker_side).hand.require(card, "pick")
    return replace(table, pending=Pending("exchange", attacker_side, ((attacker_side, value),)))


def play_fight_card(
    table: Table,
    attacker_side: SideKey,
    card: object,
    attack_pool: ActionPool,
    defence_gear: DefencePool,
    attack: Attack,
    defender_fatigued: bool = False,
    keep_card: bool = False,
) -> tuple[Table, Exchange | None]:
    """A card chosen from a hand in a fight: "all parties select their card
    before anyone announces their total pool". With no card face down it is the
    attacker's (the exchange waits, ``None``); with the attacker's face down it
    is the defender's, and the exchange resolves."""
    pending = table.pending
    if pending is None or pending.kind != "exchange":
        return choose_attack_card(table, attacker_side, card), None
    if pending.attacker != attacker_side:
        raise RulesInputError(
            "attacker", "The face-down card belongs to the other attack: set Who attacks back."
        )
    return resolve_exchange(
        table,
        attacker_side,
        attack_pool,
        pending.pick(attacker_side),
        defence_gear,
        card,
        attack,
        card_fields=("pick", "pick"),
        defender_fatigued=defender_fatigued,
        keep_card=keep_card,
    )


def choose_contest_card(table: Table, card: object) -> Table:
    """Side A's card in a contest, face down until Side B has chosen."""
    value = table.a.hand.require(card, "pick")
    return replace(table, pending=Pending("contest", "a", (("a", value),)))


def play_contest(
    table: Table,
    pools: tuple[ActionPool, ActionPool],
    card_a: object,
    card_b: object,
    *,
    fields: tuple[str, str] = ("card", "contest_card"),
) -> tuple[Table, Contest]:
    """A contest of attack pools between Side A and Side B, both cards chosen."""
    result = contest(table.a, pools[0], card_a, table.b, pools[1], card_b, fields=fields)
    table = replace(table, a=result.actors[0], b=result.actors[1], pending=None)
    return table.logged(contest_entry(table, result)), result


def contest_entry(table: Table, result: Contest) -> str:
    names = (table.a.name, table.b.name)
    plays = " against ".join(
        f"{name} {card_name(card)} for {total}"
        for name, card, total in zip(names, result.cards, result.totals, strict=True)
    )
    verdict = (
        "a tie: a stand-off, neither prevails"
        if result.winner is None
        else f"{names[result.winner]} prevails"
    )
    return f"Contest: {plays}; {verdict}."


def use_power(
    table: Table, side: SideKey, power: str, card: object = None, threshold: object = None
) -> Table:
    """A refresh (Alleviate 5) or a threshold restore on ``side``."""
    actor = table.actor(side)
    pending = table.pending
    if pending is not None and pending.kind != "initiative":
        raise RulesInputError("power", "A card is face down: finish that move first.")
    if power.startswith("back_in_the_fight"):
        effect = refresh_effect(power)
        before = actor.hand.cards
        hand = use_refresh(actor.hand, effect, card)
        back = card_list(c for c in hand.cards if c not in before)
        entry = f"{effect.power} on {actor.name}: {back} refreshed."
        return table.with_actor(side, actor.with_hand(hand)).logged(entry)
    restoring = restore_effect(power)
    after = restore(actor, restoring, threshold)
    kind = Attack(str(threshold))
    old, new = actor.threshold(kind), after.threshold(kind)
    entry = f"{restoring.power} on {actor.name}: {kind.value} threshold {old} \u2192 {new}."
    return table.with_actor(side, after).logged(entry)


def rest(table: Table) -> Table:
    for key in SIDES:
        table = table.with_actor(key, table.actor(key).rested())
    return replace(table, pending=None).logged("Rest: both sides' thresholds are restored.")
