"""Huldufolk actors for the party: what each holds (:mod:`.records`,
:mod:`.sheet`), what happens to them, one by one or in a whole exchange
(:mod:`.happenings`), and the game as a party game (:mod:`.rules`)."""

from rules_py.huldufolk.characters.happenings import after_contest, after_exchange, after_test
from rules_py.huldufolk.characters.records import Equipment, HuldufolkActor
from rules_py.huldufolk.characters.rules import HULDUFOLK_RULES

__all__ = [
    "HULDUFOLK_RULES",
    "Equipment",
    "HuldufolkActor",
    "after_contest",
    "after_exchange",
    "after_test",
]
