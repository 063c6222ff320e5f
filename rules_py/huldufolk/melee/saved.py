"""A fight of one against several as the browser keeps it (JSON), and back,
every value checked against the rules: a corrupt or outdated one is refused
(:class:`~rules_py.huldufolk.play.SavedTableError`) rather than trusted."""

from __future__ import annotations

from typing import Any

from rules_py.huldufolk.actors import Actor, Nature, Threshold
from rules_py.huldufolk.belief_cost import POWER_LEVEL_MAX
from rules_py.huldufolk.cards import Hand, Rank
from rules_py.huldufolk.characters.sheet import BELIEF_TO_SPEND_MAX
from rules_py.huldufolk.harm import ALL_POWERS
from rules_py.huldufolk.influence import METRES_MAX
from rules_py.huldufolk.melee.fighters import FIGHTERS_MAX, LOG_MAX, Fighter, Guard, Melee, Pending
from rules_py.huldufolk.play import DAMAGE_MAX, LOG_ENTRY_MAX, SavedTableError
from rules_py.huldufolk.play.saved import STATE_CHARS_MAX

__all__ = ["MELEE_VERSION", "melee_from_json", "melee_to_json"]

MELEE_VERSION = 2  # 2: each fighter's distance from the hero, the Territorial targets
POOL_MAX = 60  # an attack or defence pool before the card, far past the text's 30


def melee_to_json(melee: Melee) -> dict[str, Any]:
    pending = melee.pending
    return {
        "version": MELEE_VERSION,
        "fighters": [_fighter(f) for f in melee.fighters],
        "pending": None
        if pending is None
        else {
            "attacker": pending.attacker,
            "power": pending.power,
            "targets": list(pending.targets),
            "card": pending.card,
            "attack": pending.attack,
            "melee": pending.melee,
            "defences": [list(d) for d in pending.defences],
            "territorial": list(pending.territorial),
        },
        "log": list(melee.log),
    }


def _fighter(f: Fighter) -> dict[str, Any]:
    actor = f.actor
    return {
        "name": actor.name,
        "rank": actor.rank.value,
        "nature": actor.nature.value,
        "hand": list(actor.hand.cards),
        "mundane": [actor.mundane.base, actor.mundane.current],
        "supernatural": None
        if actor.supernatural is None
        else [actor.supernatural.base, actor.supernatural.current],
        "damage": f.damage,
        "attack": f.attack,
        "defence": f.defence,
        "belief": f.belief,
        "belief_to_spend": f.belief_to_spend,
        "out": f.out,
        "vengeance": f.vengeance,
        "guard": None if f.guard is None else [f.guard.by, f.guard.spend],
        "metres": f.metres,
    }


def _int(value: object, low: int, high: int, why: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SavedTableError(why)
    return value


def _ints(value: object, why: str) -> list[int]:
    if not isinstance(value, list):
        raise SavedTableError(why)
    return [_int(v, 0, 20, why) for v in value]


def _threshold(value: object) -> Threshold:
    numbers = _ints(value, "a threshold is unreadable")
    if len(numbers) != 2:
        raise SavedTableError("a threshold is unreadable")
    try:
        return Threshold(numbers[0], numbers[1])
    except ValueError:
        raise SavedTableError("a threshold is out of bounds") from None


def _read_fighter(raw: object, count: int) -> Fighter:
    keys = set(_fighter(Fighter(_PLACEHOLDER)))
    if not isinstance(raw, dict) or set(raw) != keys:
        raise SavedTableError("a fighter is unreadable")
    name = raw["name"]
    if not isinstance(name, str) or not name.strip() or len(name) > 30:
        raise SavedTableError("a fighter's name is unreadable")
    try:
        rank, nature = Rank(raw["rank"]), Nature(raw["nature"])
        hand = Hand(rank, tuple(_ints(raw["hand"], "a hand is unreadable")))
    except ValueError:
        raise SavedTableError("a fighter's deck is unreadable") from None
    needs = rank is Rank.MAJOR or nature is Nature.SUPERNATURAL
    if (raw["supernatural"] is None) == needs:
        raise SavedTableError("a supernatural threshold does not fit its fighter")
    supernatural = None if raw["supernatural"] is None else _threshold(raw["supernatural"])
    if raw["vengeance"] not in ("", "plain", "spend") or not isinstance(raw["out"], bool):
        raise SavedTableError("a fighter's effects are unreadable")
    guard = raw["guard"]
    read_guard = None
    if guard is not None:
        if not isinstance(guard, list) or len(guard) != 2 or not isinstance(guard[1], bool):
            raise SavedTableError("a Bodyguard is unreadable")
        read_guard = Guard(_int(guard[0], 0, count - 1, "a Bodyguard is unreadable"), guard[1])
    return Fighter(
        Actor(name, rank, nature, hand, _threshold(raw["mundane"]), supernatural),
        damage=_int(raw["damage"], 0, DAMAGE_MAX, "a damage tally is unreadable"),
        attack=_int(raw["attack"], 0, POOL_MAX, "an attack pool is unreadable"),
        defence=_int(raw["defence"], 0, POOL_MAX, "a defence pool is unreadable"),
        belief=_int(raw["belief"], 0, POWER_LEVEL_MAX, "a Belief rank is unreadable"),
        belief_to_spend=_int(
            raw["belief_to_spend"], 0, BELIEF_TO_SPEND_MAX, "Belief is unreadable"
        ),
        out=raw["out"],
        vengeance=raw["vengeance"],
        guard=read_guard,
        metres=_int(raw["metres"], 0, METRES_MAX, "a distance is unreadable"),
    )


_PLACEHOLDER = Actor("x", Rank.MINOR, Nature.MUNDANE, Hand(Rank.MINOR, (1,)), Threshold(0, 0), None)


def melee_from_json(raw: object) -> Melee:
    """The fight saved by :func:`melee_to_json`, checked value by value."""
    if not isinstance(raw, dict) or set(raw) != {"version", "fighters", "pending", "log"}:
        raise SavedTableError("it is not a saved fight")
    if raw["version"] == 1:
        raw = _from_version_1(raw)
    if raw["version"] != MELEE_VERSION:
        raise SavedTableError("it was saved by another version of this tracker")
    if len(str(raw)) > STATE_CHARS_MAX:
        raise SavedTableError("it is larger than any fight this tracker saves")
    fighters = raw["fighters"]
    if not isinstance(fighters, list) or not 2 <= len(fighters) <= FIGHTERS_MAX:
        raise SavedTableError("its fighters are unreadable")
    read = tuple(_read_fighter(f, len(fighters)) for f in fighters)
    log = raw["log"]
    if (
        not isinstance(log, list)
        or len(log) > LOG_MAX
        or not all(isinstance(e, str) and len(e) <= LOG_ENTRY_MAX for e in log)
    ):
        raise SavedTableError("its log is unreadable")
    return Melee(read, _pending(raw["pending"], read), tuple(log))


def _from_version_1(raw: dict[str, Any]) -> dict[str, Any]:
    """A fight saved before distances were marked: everyone stood at the
    hero's side (0 m), and no target was reached through the Territorial
    Influence."""
    fighters = raw["fighters"]
    if isinstance(fighters, list):
        fighters = [{**f, "metres": 0} if isinstance(f, dict) else f for f in fighters]
    pending = raw["pending"]
    if isinstance(pending, dict):
        pending = {**pending, "territorial": []}
    return {**raw, "version": MELEE_VERSION, "fighters": fighters, "pending": pending}


def _pending(raw: object, fighters: tuple[Fighter, ...]) -> Pending | None:
    if raw is None:
        return None
    keys = {"attacker", "power", "targets", "card", "attack", "melee", "defences", "territorial"}
    if not isinstance(raw, dict) or set(raw) != keys:
        raise SavedTableError("its face-down cards are unreadable")
    last = len(fighters) - 1
    attacker = _int(raw["attacker"], 0, last, "its face-down cards are unreadable")
    targets = tuple(_ints(raw["targets"], "its targets are unreadable"))
    if not targets or any(t > last or t == attacker for t in targets):
        raise SavedTableError("its targets are unreadable")
    if raw["power"] not in {p.key for p in ALL_POWERS} or raw["attack"] not in (
        "mundane",
        "supernatural",
    ):
        raise SavedTableError("its attack is unreadable")
    card = _int(raw["card"], 1, 10, "its face-down cards are unreadable")
    if card not in fighters[attacker].actor.hand.cards or not isinstance(raw["melee"], bool):
        raise SavedTableError("its face-down cards are not in hand")
    defences = raw["defences"]
    if not isinstance(defences, list) or len(defences) >= len(targets):
        raise SavedTableError("its defence cards are unreadable")
    read: list[tuple[int, str, bool]] = []
    for target, item in zip(targets, defences, strict=False):
        if (
            not isinstance(item, list)
            or len(item) != 3
            or item[1] not in ("mundane", "supernatural")
            or not isinstance(item[2], bool)
        ):
            raise SavedTableError("its defence cards are unreadable")
        value = _int(item[0], 1, 10, "its defence cards are unreadable")
        if value not in fighters[target].actor.hand.cards:
            raise SavedTableError("its defence cards are not in hand")
        read.append((value, item[1], item[2]))
    territorial = tuple(_ints(raw["territorial"], "its targets are unreadable"))
    if not set(territorial) <= set(targets) or (territorial and raw["power"] != "death_burn"):
        raise SavedTableError("its targets are unreadable")
    return Pending(
        attacker,
        raw["power"],
        targets,
        card,
        raw["attack"],
        raw["melee"],
        tuple(read),
        territorial,
    )
