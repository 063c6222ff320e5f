"""The table as the browser keeps it (JSON), and back: every value is checked
against the rules, so a corrupt or outdated saved table is refused
(:class:`SavedTableError`) rather than trusted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.actors import Actor, Nature, Threshold
from rules_py.huldufolk.cards import Hand, Rank
from rules_py.huldufolk.play.table import LOG_MAX, SIDES, Pending, SideKey, Table, side_key

__all__ = [
    "DAMAGE_MAX",
    "LOG_ENTRY_MAX",
    "STATE_CHARS_MAX",
    "STATE_VERSION",
    "SavedTableError",
    "from_json",
    "to_json",
]

STATE_VERSION = 2

LOG_ENTRY_MAX = 600  # the longest entry the engine writes is about 300 characters
STATE_CHARS_MAX = 40_000  # well within web.MAX_REQUEST_CHARS with the form beside it

DAMAGE_MAX = 10_000  # a tally, not a rule: only guards the saved state


class SavedTableError(RulesInputError):
    """A saved table that cannot be used, for the request's ``state``.

    ``reason`` says why in words a notice can quote ("its log is unreadable");
    ``message`` is the whole sentence. ``str()`` gives the reason alone: the
    card pool builder puts it in its own notice and starts with fresh decks.
    """

    def __init__(self, reason: str) -> None:
        super().__init__("state", f"The saved decks could not be used: {reason}.")
        self.reason = reason

    def __str__(self) -> str:
        return self.reason


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
    sides = tuple(side_key(key) for key in order)
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


def _ints(value: object, unreadable: str) -> list[int]:
    """``value`` if it is a list of whole numbers; else ``unreadable`` is the reason."""
    if not isinstance(value, list) or not all(
        isinstance(item, int) and not isinstance(item, bool) for item in value
    ):
        raise SavedTableError(unreadable)
    return list(value)


def _threshold(value: object, rank: Rank) -> Threshold:
    numbers = _ints(value, "a threshold is unreadable")
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
    except ValueError:
        raise SavedTableError("a side is neither a Major nor a Minor Actor") from None
    try:
        nature = Nature(raw["nature"])
    except ValueError:
        raise SavedTableError("a side is neither mundane nor supernatural") from None
    held = _ints(raw["hand"], "a side's hand is unreadable")
    aside = _ints(raw["aside"], "a side's initiative card is unreadable")
    try:
        hand = Hand(rank, tuple(held), tuple(aside))
    except ValueError:
        raise SavedTableError(f"a side's cards are not a hand of a {rank.deck_name}") from None
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
        card = _ints([pick[1]], "its face-down cards are unreadable")[0]
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
