"""How ``huldufolk.pool`` draws a table: hands, thresholds, card buttons and the log."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules_py.huldufolk.actors import Actor
from rules_py.huldufolk.cards import ACE, card_list, card_name
from rules_py.huldufolk.odds import HandOdds
from rules_py.huldufolk.play import SideKey, Table
from rules_py.huldufolk.widgets.pool.form import PoolValues
from rules_py.widget import Block, chance_text, choices, facts, option, percent, table

__all__ = [
    "card_choices",
    "describe_kind",
    "follow_up",
    "log_block",
    "side_facts",
    "smallest_text",
]

LOG_SHOWN = 12


def hand_text(actor: Actor) -> str:
    cards = [
        f"{card_name(card)} (never spent)" if card == ACE else card_name(card)
        for card in actor.hand.cards
    ]
    return ", ".join(cards) if cards else "none until the combat ends"


def threshold_text(actor: Actor) -> str:
    mundane = f"mundane {actor.mundane.current} of {actor.mundane.base}"
    if actor.supernatural is None:
        return f"{mundane}; no supernatural threshold (defends at 0)"
    return f"{mundane}; supernatural {actor.supernatural.current} of {actor.supernatural.base}"


def side_facts(tbl: Table, key: SideKey, thresholds: bool) -> Block:
    actor = tbl.actor(key)
    items = [
        (
            f"Side {key.upper()}",
            f"{actor.name}: {actor.nature.value} {actor.rank.label}, {actor.rank.deck_name}",
        ),
        ("Cards in hand", hand_text(actor)),
        ("Spent", card_list(actor.hand.spent)),
    ]
    if actor.hand.set_aside:
        items.append(("Initiative card (set aside)", card_list(actor.hand.set_aside)))
    if thresholds:
        items.append(("Thresholds", threshold_text(actor)))
        items.append(("Damage taken", str(tbl.damage(key))))
    return facts(items)


def follow_up(values: PoolValues, action: str, **extra: Any) -> dict[str, Any]:
    """A follow-up request carrying the whole form, so a card button never
    plays with stale pool values."""
    return {**values.form(), "action": action, **extra}


def badge(card: int, smallest: int | None, smallest_label: str) -> str:
    marks = []
    if card == ACE:
        marks.append("never spent")
    if card == smallest:
        marks.append(smallest_label)
    return "; ".join(marks)


def damage_line(odds_damage: Any) -> str:
    parts = [
        f"{amount} damage {percent(chance)}" for amount, chance in odds_damage.items() if amount
    ]
    return ", ".join(parts) if parts else "no damage"


def chance_words(chance: Fraction, verb: str) -> str:
    """Words for a chance; a sure outcome needs no fraction ("hits 60% (3/5)")."""
    if chance == 1:
        return verb
    if chance == 0:
        return {
            "succeeds": "fails",
            "hits": "cannot hit",
            "holds": "cannot hold",
            "prevails": "cannot prevail",
        }[verb]
    return f"{verb} {chance_text(chance)}"


def card_choices(
    prompt: str,
    odds: HandOdds,
    values: PoolValues,
    verb: str,
    smallest_label: str,
) -> Block:
    smallest = odds.smallest_sure
    options = []
    for row in odds.cards:
        lines = [f"Total {row.total}: {chance_words(row.chance, verb)}"]
        if row.tie:
            lines.append(f"stand-off {chance_text(row.tie)}")
        if row.damage is not None and row.damage.outcomes != (0,):
            lines.append(damage_line(row.damage))
        options.append(
            option(
                card_name(row.card),
                follow_up(values, "play", pick=row.card),
                lines=lines,
                badge=badge(row.card, smallest, smallest_label),
            )
        )
    return choices(prompt, options)


def smallest_text(odds: HandOdds, what: str) -> str:
    if odds.smallest_sure is not None:
        return f"smallest card that {what} for sure: {card_name(odds.smallest_sure)}"
    if odds.smallest_possible is not None:
        return f"no card {what} for sure; the smallest with a chance: " + card_name(
            odds.smallest_possible
        )
    return f"no card in hand {what}"


def log_block(tbl: Table) -> Block:
    shown = tbl.log[-LOG_SHOWN:]
    first = len(tbl.log) - len(shown) + 1
    rows = [[str(first + index), entry] for index, entry in enumerate(shown)]
    return table("Log (latest last)", ["#", "What happened"], rows)


def describe_kind(actor: Actor) -> str:
    thresholds = f"mundane {actor.mundane.base}"
    if actor.supernatural is not None:
        thresholds += f", supernatural {actor.supernatural.base}"
    return f"{actor.nature.value} {actor.rank.label} (base {thresholds})"
