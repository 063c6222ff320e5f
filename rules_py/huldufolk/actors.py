"""Huldufolk actors and their resistance thresholds (seed 000, "Resisting Attacks").

    "All player characters start with a base mundane and supernatural threshold
    of 5, as do most Major Actors. Minor Actors can have a base threshold of
    anywhere between 0 and 5 [...]. Mundane Minor Actors (eg., regular humans,
    animals) always have a supernatural threshold of 0 [...]. Some Major Actors
    have base thresholds above 5, though these are rare. The most notable
    examples are Patrons (base threshold 20)."

    "Each time a character is forced to defend against an attack, the relevant
    threshold decreases by 1, a threshold is restored either by magic, or by
    resting for 10 minutes."

The glossary says mundane Minor Actors "do not have a supernatural resistance
threshold"; here they have none to lower, and defend at 0.

Fatigue (Huldufolk, Magic System: Life 4, The Little Things): "The target
loses 2 levels of their mundane threshold when subjected to an attack, rather
than the normal 1." A supernatural threshold still loses 1.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from rules_py.core.errors import RulesInputError, require_int
from rules_py.huldufolk.cards import Hand, Rank, new_hand

__all__ = [
    "DEFENCE_LOSS",
    "FATIGUE_LOSS",
    "MINOR_THRESHOLD_MAX",
    "NAME_MAX",
    "PATRON_THRESHOLD",
    "PLAYER_THRESHOLD",
    "Actor",
    "Attack",
    "Nature",
    "Threshold",
    "base_bounds",
    "check_base",
    "fresh_threshold",
    "new_actor",
    "threshold_loss",
]

PLAYER_THRESHOLD = 5  # player characters and most Major Actors
PATRON_THRESHOLD = 20
MINOR_THRESHOLD_MAX = 5
NAME_MAX = 30
DEFENCE_LOSS = 1  # "the relevant threshold decreases by 1"
FATIGUE_LOSS = 2  # Life 4's Fatigue, mundane threshold only


class Nature(StrEnum):
    MUNDANE = "mundane"
    SUPERNATURAL = "supernatural"


class Attack(StrEnum):
    """Which threshold an attack opposes."""

    MUNDANE = "mundane"
    SUPERNATURAL = "supernatural"


@dataclass(frozen=True)
class Threshold:
    """A resistance threshold: its base and where it stands now (0 <= current <= base)."""

    base: int
    current: int

    def __post_init__(self) -> None:
        if not 0 <= self.current <= self.base:
            raise ValueError(f"threshold {self.current} outside 0..{self.base}")

    def after_defence(self, loss: int = DEFENCE_LOSS) -> Threshold:
        """Defending lowers it by ``loss`` (1, or 2 under Fatigue), never below 0."""
        return Threshold(self.base, max(0, self.current - loss))

    def restored(self, points: int | None = None) -> Threshold:
        """Rest restores it to its base; magic may restore ``points`` of it."""
        if points is None:
            return Threshold(self.base, self.base)
        require_int("restore", "Points restored", points, 1, PATRON_THRESHOLD)
        return Threshold(self.base, min(self.base, self.current + points))


def threshold_loss(attack: Attack, fatigued: bool = False) -> int:
    """How much the threshold an attack opposes drops: 1, or 2 for a mundane
    attack on a target with Life 4's Fatigue."""
    return FATIGUE_LOSS if fatigued and attack is Attack.MUNDANE else DEFENCE_LOSS


def fresh_threshold(base: int) -> Threshold:
    return Threshold(base, base)


def base_bounds(rank: Rank) -> tuple[int, int]:
    """Allowed base thresholds: Minor 0-5; Major 5 (most) up to 20 (Patrons)."""
    if rank is Rank.MINOR:
        return 0, MINOR_THRESHOLD_MAX
    return PLAYER_THRESHOLD, PATRON_THRESHOLD


def check_base(field: str, label: str, value: object, rank: Rank) -> int:
    low, high = base_bounds(rank)
    if rank is Rank.MINOR:
        label = f"{label} of a Minor Actor"
    else:
        label = f"{label} of a Major Actor (5 for most, 20 for Patrons)"
    return require_int(field, label, value, low, high)


@dataclass(frozen=True)
class Actor:
    """One side of a challenge: its deck, and its two thresholds.

    ``supernatural`` is ``None`` for a mundane Minor Actor, who has none.
    """

    name: str
    rank: Rank
    nature: Nature
    hand: Hand
    mundane: Threshold
    supernatural: Threshold | None

    @property
    def has_supernatural_threshold(self) -> bool:
        return self.supernatural is not None

    def threshold(self, attack: Attack) -> int:
        """The threshold that goes into a defence pool against ``attack``."""
        if attack is Attack.MUNDANE:
            return self.mundane.current
        return self.supernatural.current if self.supernatural is not None else 0

    def after_defence(self, attack: Attack, fatigued: bool = False) -> Actor:
        """The relevant threshold drops by 1 (2 for a mundane attack on a
        fatigued target), never below 0."""
        loss = threshold_loss(attack, fatigued)
        if attack is Attack.MUNDANE:
            return replace(self, mundane=self.mundane.after_defence(loss))
        if self.supernatural is None:
            return self
        return replace(self, supernatural=self.supernatural.after_defence(loss))

    def rested(self) -> Actor:
        """Ten minutes' rest: both thresholds back to their base."""
        supernatural = self.supernatural.restored() if self.supernatural is not None else None
        return replace(self, mundane=self.mundane.restored(), supernatural=supernatural)

    def with_hand(self, hand: Hand) -> Actor:
        return replace(self, hand=hand)


def new_actor(
    name: str,
    rank: Rank,
    nature: Nature,
    mundane_base: object = PLAYER_THRESHOLD,
    supernatural_base: object = PLAYER_THRESHOLD,
    prefix: str = "",
) -> Actor:
    """An actor fresh for a scene: full deck of its rank, thresholds at their base.

    ``prefix`` names the request fields (``"a_"``) so messages point at them.
    """
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX:
        raise RulesInputError(
            f"{prefix}name", f"Name must be 1 to {NAME_MAX} characters (got {name!r:.40})."
        )
    mundane = check_base(f"{prefix}mundane", "Mundane threshold", mundane_base, rank)
    supernatural: Threshold | None = None
    if rank is Rank.MAJOR or nature is Nature.SUPERNATURAL:
        base = check_base(
            f"{prefix}supernatural", "Supernatural threshold", supernatural_base, rank
        )
        supernatural = fresh_threshold(base)
    return Actor(name.strip(), rank, nature, new_hand(rank), fresh_threshold(mundane), supernatural)
