"""A Huldufolk table in play: two sides, their decks and thresholds, and a log.

This is what the card pool builder keeps between requests (and in the
browser's storage): every move goes through the engine, and the table is
rebuilt from JSON only after checking each value against the rules, so a
corrupt or outdated saved table is refused (:class:`SavedTableError`) rather
than trusted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.huldufolk.actors import Actor, Attack, Nature, Threshold
from rules_py.huldufolk.cards import Hand, Rank, card_list, card_name
from rules_py.huldufolk.challenges import (
    Contest,
    Exchange,
    UndefendedResult,
    contest,
    exchange,
    undefended_test,
)
from rules_py.huldufolk.initiative import Initiative, initiative
from rules_py.huldufolk.pools import ActionPool, DefencePool
from rules_py.huldufolk.powers import refresh_effect, restore, restore_effect, use_refresh

__all__ = [
    "AUTO",
    "DAMAGE_MAX",
    "LOG_ENTRY_MAX",
    "LOG_MAX",
    "REST_RULE",
    "SIDES",
    "STATE_CHARS_MAX",
    "STATE_VERSION",
    "TURN_RULE",
    "Pending",
    "SavedTableError",
    "SideKey",
    "Table",
    "acting_side",
    "choose_attack_card",
    "choose_contest_card",
    "choose_initiative_card",
    "describe_actor",
    "differs_from_form",
    "end_combat",
    "exchange_entry",
    "fresh_table",
    "from_json",
    "initiative_chooser",
    "initiative_entry",
    "next_to_act",
    "other",
    "play_contest",
    "play_fight_card",
    "play_test",
    "resolve_exchange",
    "rest",
    "same_kind",
    "start_initiative",
    "to_json",
    "use_power",
]

STATE_VERSION = 2
LOG_MAX = 40  # the saved log keeps the last 40 moves
LOG_ENTRY_MAX = 600  # the longest entry the engine writes is about 300 characters
STATE_CHARS_MAX = 40_000  # well within web.MAX_REQUEST_CHARS with the form beside it
AUTO = "auto"  # "who attacks": the side whose turn it is
REST_RULE = (
    "Rest restores thresholds (10 minutes' rest). Spent cards come back with a refresh "
    "(Alleviate 5, under Use power) or with Reset; the text's own Card Refresh section "
    "is not in this slice."
)
TURN_RULE = (
    "Who attacks follows the initiative order, one side after the other; choosing "
    "a side by hand overrides it without moving the turn."
)
DAMAGE_MAX = 10_000  # a tally, not a rule: only guards the saved state
SideKey = Literal["a", "b"]
SIDES: tuple[SideKey, SideKey] = ("a", "b")


class SavedTableError(ValueError):
    """The saved table cannot be used; the message says why, for the notice."""


@dataclass(frozen=True)
class Pending:
    """Cards chosen face down, waiting for the other side.

    ``kind`` "exchange": the attacker's card is in ``picks``; "initiative":
    each side's initiative card as it is chosen; "contest": Side A's card in a
    contest of attack pools.
    """

    kind: Literal["exchange", "initiative", "contest"]
    attacker: SideKey
    picks: tuple[tuple[SideKey, int], ...] = ()

    def pick(self, side: SideKey) -> int | None:
        return dict(self.picks).get(side)


@dataclass(frozen=True)
class Table:
    a: Actor
    b: Actor
    damage_a: int = 0
    damage_b: int = 0
    order: tuple[SideKey, ...] = ()  # the initiative order while a combat is on
    pending: Pending | None = None
    log: tuple[str, ...] = ()
    turn: int = 0  # index in ``order`` of the side whose turn it is

    @property
    def in_combat(self) -> bool:
        return bool(self.order)

    def actor(self, side: SideKey) -> Actor:
        return self.a if side == "a" else self.b

    def damage(self, side: SideKey) -> int:
        return self.damage_a if side == "a" else self.damage_b

    def with_actor(self, side: SideKey, actor: Actor) -> Table:
        return replace(self, a=actor) if side == "a" else replace(self, b=actor)

    def with_damage(self, side: SideKey, damage: int) -> Table:
        return replace(self, damage_a=damage) if side == "a" else replace(self, damage_b=damage)

    def logged(self, entry: str) -> Table:
        return replace(self, log=(*self.log, entry)[-LOG_MAX:])

    def renamed(self, names: Mapping[SideKey, str]) -> Table:
        return replace(self, a=replace(self.a, name=names["a"]), b=replace(self.b, name=names["b"]))


def other(side: SideKey) -> SideKey:
    return "b" if side == "a" else "a"


def fresh_table(a: Actor, b: Actor) -> Table:
    entry = f"New decks: {describe_actor(a)}; {describe_actor(b)}."
    return Table(a, b, log=(entry,))


def describe_actor(actor: Actor) -> str:
    return f"{actor.name}, {actor.nature.value} {actor.rank.label} with a {actor.rank.deck_name}"


def differs_from_form(actor: Actor, spec: Actor, fight: bool) -> bool:
    """Does the actor in play differ from the form's in what matters now? A
    test uses only the deck; a fight also the nature and the thresholds."""
    return not same_kind(actor, spec) if fight else actor.rank is not spec.rank


def next_to_act(table: Table) -> SideKey | None:
    """The side whose turn it is in the initiative order; ``None`` out of combat."""
    if not table.in_combat:
        return None
    return table.order[table.turn % len(table.order)]


def acting_side(table: Table, choice: str) -> SideKey:
    """Who attacks: ``choice`` "a" or "b" overrides; ``AUTO`` follows the table.

    With ``AUTO``: the attacker whose card is face down, else the side whose
    turn it is, else (no combat yet) Side A.
    """
    if choice in SIDES:
        return _side_key(choice)
    if choice != AUTO:
        raise RulesInputError("attacker", f"Who attacks must be auto, a or b (got {choice!r:.20}).")
    pending = table.pending
    if pending is not None and pending.kind == "exchange":
        return pending.attacker
    return next_to_act(table) or "a"


def initiative_chooser(table: Table) -> SideKey:
    """Who chooses an initiative card now: Side A first, then Side B."""
    pending = table.pending
    if pending is None or pending.kind != "initiative":
        raise RulesInputError("initiative", "Press Play initiative first.")
    return "b" if pending.picks else "a"


def same_kind(actor: Actor, spec: Actor) -> bool:
    """Do the actor in play and the form's actor have the same deck and bases?"""
    bases = (actor.mundane.base, actor.supernatural.base if actor.supernatural else None)
    wanted = (spec.mundane.base, spec.supernatural.base if spec.supernatural else None)
    return (actor.rank, actor.nature, bases) == (spec.rank, spec.nature, wanted)


# ---------------------------------------------------------------- moves


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
    return (
        f"{attacker} attacks {defender} ({result.attack.value}): "
        f"{card_name(result.attacker_card)} for {result.attack_total} against "
        f"{card_name(result.defender_card)} for {result.defence_total}, {verdict}; "
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


def start_initiative(table: Table) -> Table:
    if table.in_combat:
        raise RulesInputError(
            "initiative",
            "A combat is already under way: end it first, and the initiative cards return.",
        )
    return replace(table, pending=Pending("initiative", "a"))


def choose_initiative_card(
    table: Table, side: SideKey, card: object, rng: Rng
) -> tuple[Table, Initiative | None]:
    """One side's initiative card; once both are chosen, the order is settled."""
    pending = table.pending
    if pending is None or pending.kind != "initiative":
        raise RulesInputError("pick", "Press Play initiative first.")
    value = table.actor(side).hand.require(card, "pick")
    picks = (*pending.picks, (side, value))
    if len(picks) < len(SIDES):
        return replace(table, pending=replace(pending, picks=picks)), None
    played = dict(picks)
    result = initiative([(key, played[key]) for key in SIDES], rng)  # actors named by side
    for key in SIDES:
        actor = table.actor(key)
        hand = actor.hand.set_aside_for_initiative(played[key])
        table = table.with_actor(key, actor.with_hand(hand))
    order = tuple(_side_key(key) for key in result.order)
    table = replace(table, order=order, pending=None, turn=0)
    return table.logged(initiative_entry(table, result)), result


def _side_key(value: str) -> SideKey:
    if value == "a":
        return "a"
    if value == "b":
        return "b"
    raise ValueError(value)


def initiative_entry(table: Table, result: Initiative) -> str:
    """The log line of an initiative; ``result`` names the actors by side key."""
    plays = ", ".join(
        f"{table.actor(_side_key(key)).name} {card_name(card)}" for key, card in result.plays
    )
    ties = "".join(
        "; tie, storyteller's deck: "
        + ", ".join(
            f"{table.actor(_side_key(key)).name} {card_name(draw)}" for key, draw in tie.draws
        )
        for tie in result.tie_breaks
    )
    order = ", then ".join(table.actor(key).name for key in table.order)
    return f"Initiative: {plays}{ties}. Order: {order}."


def end_combat(table: Table) -> Table:
    if not table.in_combat:
        raise RulesInputError("end_combat", "There is no combat to end.")
    returned = ", ".join(
        f"{table.actor(key).name} {card_list(table.actor(key).hand.set_aside)}" for key in SIDES
    )
    for key in SIDES:
        actor = table.actor(key)
        table = table.with_actor(key, actor.with_hand(actor.hand.end_combat()))
    table = replace(table, order=(), pending=None, turn=0)
    return table.logged(f"The combat ends; initiative cards return ({returned}).")


def rest(table: Table) -> Table:
    for key in SIDES:
        table = table.with_actor(key, table.actor(key).rested())
    return replace(table, pending=None).logged("Rest: both sides' thresholds are restored.")


# ---------------------------------------------------------------- saved form


def to_json(table: Table) -> dict[str, Any]:
    def side(actor: Actor, damage: int) -> dict[str, Any]:
        supernatural = actor.supernatural
        return {
            "rank": actor.rank.value,
            "nature": actor.nature.value,
            "hand": list(actor.hand.cards),
            "aside": list(actor.hand.set_aside),
            "mundane": [actor.mundane.base, actor.mundane.current],
            "supernatural": None
            if supernatural is None
            else [supernatural.base, supernatural.current],
            "damage": damage,
        }

    pending = table.pending
    return {
        "version": STATE_VERSION,
        "a": side(table.a, table.damage_a),
        "b": side(table.b, table.damage_b),
        "order": list(table.order),
        "pending": None
        if pending is None
        else {
            "kind": pending.kind,
            "attacker": pending.attacker,
            "picks": [[key, card] for key, card in pending.picks],
        },
        "log": list(table.log),
        "turn": table.turn,
    }


def from_json(raw: object, names: Mapping[SideKey, str]) -> Table:
    """The table saved by :func:`to_json`, checked value by value."""
    if not isinstance(raw, dict):
        raise SavedTableError("it is not a saved table")
    if _too_big(raw):
        raise SavedTableError("it is larger than any table this builder saves")
    if raw.get("version") != STATE_VERSION:
        raise SavedTableError("it was saved by an older version of this builder")
    expected = {"version", "a", "b", "order", "pending", "log", "turn"}
    if set(raw) != expected:
        raise SavedTableError("it does not have the expected parts")
    a, damage_a = _side(raw["a"], names["a"])
    b, damage_b = _side(raw["b"], names["b"])
    order = raw["order"]
    if not isinstance(order, list) or sorted(map(str, order)) not in ([], sorted(SIDES)):
        raise SavedTableError("its initiative order is unreadable")
    log = raw["log"]
    if (
        not isinstance(log, list)
        or len(log) > LOG_MAX
        or not all(isinstance(e, str) and len(e) <= LOG_ENTRY_MAX for e in log)
    ):
        raise SavedTableError("its log is unreadable")
    turn = raw["turn"]
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < max(1, len(order)):
        raise SavedTableError("its turn is unreadable")
    sides = tuple(_side_key(key) for key in order)
    table = Table(a, b, damage_a, damage_b, sides, _pending(raw["pending"]), tuple(log), turn)
    pending = table.pending
    if pending is not None:
        wanted = 1 if pending.kind != "initiative" else len(pending.picks)
        first = pending.attacker if pending.kind == "exchange" else "a"
        for key, card in pending.picks:
            if key != first or card not in table.actor(key).hand.cards:
                raise SavedTableError("its face-down cards are not in hand")
        if len(pending.picks) != wanted or (pending.kind == "initiative" and table.order):
            raise SavedTableError("its face-down cards are unreadable")
    if bool(table.order) != bool(table.a.hand.set_aside or table.b.hand.set_aside):
        raise SavedTableError("its initiative cards do not match its combat")
    return table


def _ints(value: object) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(item, int) and not isinstance(item, bool) for item in value
    ):
        raise SavedTableError("a list of cards or numbers is unreadable")
    return list(value)


def _threshold(value: object, rank: Rank) -> Threshold:
    numbers = _ints(value)
    low, high = (0, 5) if rank is Rank.MINOR else (5, 20)
    if len(numbers) != 2 or not low <= numbers[0] <= high:
        raise SavedTableError("a threshold is out of bounds")
    try:
        return Threshold(numbers[0], numbers[1])
    except ValueError:
        raise SavedTableError("a threshold is out of bounds") from None


def _side(raw: object, name: str) -> tuple[Actor, int]:
    keys = {"rank", "nature", "hand", "aside", "mundane", "supernatural", "damage"}
    if not isinstance(raw, dict) or set(raw) != keys:
        raise SavedTableError("a side is unreadable")
    try:
        rank = Rank(raw["rank"])
        nature = Nature(raw["nature"])
        hand = Hand(rank, tuple(_ints(raw["hand"])), tuple(_ints(raw["aside"])))
    except ValueError as error:
        raise SavedTableError(f"a side is unreadable ({error})") from None
    mundane = _threshold(raw["mundane"], rank)
    needs_supernatural = rank is Rank.MAJOR or nature is Nature.SUPERNATURAL
    if (raw["supernatural"] is None) == needs_supernatural:
        raise SavedTableError("a side's supernatural threshold does not fit its kind")
    supernatural = None if raw["supernatural"] is None else _threshold(raw["supernatural"], rank)
    damage = raw["damage"]
    if isinstance(damage, bool) or not isinstance(damage, int) or not 0 <= damage <= DAMAGE_MAX:
        raise SavedTableError("a damage tally is unreadable")
    return Actor(name, rank, nature, hand, mundane, supernatural), damage


def _pending(raw: object) -> Pending | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) != {"kind", "attacker", "picks"}:
        raise SavedTableError("its face-down cards are unreadable")
    kind, attacker, picks = raw["kind"], raw["attacker"], raw["picks"]
    if kind not in ("exchange", "initiative", "contest") or attacker not in SIDES:
        raise SavedTableError("its face-down cards are unreadable")
    if not isinstance(picks, list) or len(picks) > 1:
        raise SavedTableError("its face-down cards are unreadable")
    parsed: list[tuple[SideKey, int]] = []
    for pick in picks:
        if not isinstance(pick, list) or len(pick) != 2 or pick[0] not in SIDES:
            raise SavedTableError("its face-down cards are unreadable")
        card = _ints([pick[1]])[0]
        parsed.append((pick[0], card))
    return Pending(kind, attacker, tuple(parsed))


def _too_big(raw: object) -> bool:
    """Longer than ``STATE_CHARS_MAX`` as JSON, counted without recursion."""
    size, stack = 0, [raw]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
            stack.extend(item.keys())
            size += 2 * len(item) + 2
        elif isinstance(item, list):
            stack.extend(item)
            size += len(item) + 2
        else:
            size += len(str(item)) + 2
        if size > STATE_CHARS_MAX:
            return True
    return False
