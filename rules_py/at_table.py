"""Who is at the table for one roll: the party member who acts and the one
targeted, as the reader chose them in the party panel.

A widget that takes someone's numbers declares a ``fill`` (the form values
the actor and target give, so the browser fills the form and the player can
still type over them); a widget whose result changes someone reads
``Call.table`` and puts the changes in its result under ``"changes"``
(:mod:`rules_py.party.changes`), which the browser offers to Apply.

The members arrive already read and checked (:func:`rules_py.party.members.
read_member`); this module knows nothing of any game, so the widget layer
can depend on it without depending on the party.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_py.core.rng import Rng

__all__ = ["PARTY_STREAM", "ROLES", "AtTable", "party_rng"]

ROLES = ("actor", "target")
# The dice a result rolls only because a party member is at the table (the
# save an effort's harm calls for on the actor's sheet) come from their own
# stream of the roll's seed, so a roll replayed without the party (a share
# link) shows the same dice.
PARTY_STREAM = 1054


@dataclass(frozen=True)
class AtTable:
    """The acting member and the target (each a game's character record, or None)."""

    actor: Any = None
    target: Any = None
    # The form's values as the reader left them, checked (``party.fill`` only):
    # which score a fill takes can depend on them (a save's mode, a pool's
    # Attribute by name). Empty in a widget request, whose values are the call's.
    form: Mapping[str, Any] = field(default_factory=dict)

    def of_game(self, *games: str) -> AtTable:
        """Only the members of ``games`` (a Cairn foe fills no Judge Two form)."""
        return AtTable(
            self.actor if _game(self.actor) in games else None,
            self.target if _game(self.target) in games else None,
            self.form,
        )

    @property
    def empty(self) -> bool:
        return self.actor is None and self.target is None


def party_rng(rng: Rng) -> Rng:
    """The party's own stream of ``rng``'s seed (``PARTY_STREAM``)."""
    return Rng(rng.seed, PARTY_STREAM)


def _game(member: Any) -> str | None:
    if member is None:
        return None
    from rules_py.party.members import rules_of  # the party imports widgets: load late

    return rules_of(member).key
