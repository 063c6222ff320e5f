"""The party: the characters and foes at the table, kept by the browser and
changed only by the rules.

Each game's engine says what its characters hold (a sheet of fields with
bounds and defaults, written once, from which forms are drawn and by which
every stored, imported or linked value is checked) and what happens to them
(events that return the character the rules make of it). What happens is
recorded as changes, data that say who, which field, from what, to what and
why; a pure function applies them and another takes them back.

- :mod:`.sheet`: fields, lists and caps, read like typed input;
- :mod:`.games`: each game's rules, by key (an explicit list);
- :mod:`.members`: a member as JSON and back;
- :mod:`.events`: what happens, and what the rules make of it;
- :mod:`.changes`: changes applied, taken back, and found between two states;
- :mod:`.versions`: the stored format's version and its migrations;
- :mod:`.roster`: a whole party as one document (storage, export, import);
- :mod:`.boundary`: the ``party.*`` operations of :func:`rules_py.web.call`.
"""

from rules_py.party.changes import Change, apply, diff, undo
from rules_py.party.games import GameRules, game
from rules_py.party.members import member_json, read_member
from rules_py.party.roster import party_json, read_party

__all__ = [
    "Change",
    "GameRules",
    "apply",
    "diff",
    "game",
    "member_json",
    "party_json",
    "read_member",
    "read_party",
    "undo",
]
