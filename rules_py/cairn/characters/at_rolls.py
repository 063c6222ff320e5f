"""The Cairn family's rollers at the table: a party member's scores by the
names the rules give them, and the changes a result makes to a member.

The rules are the engine's (:mod:`rules_py.cairn.characters`); this module
only reads a member's sheet for a form and turns an event's outcome into the
JSON changes a result carries.
"""

from __future__ import annotations

from typing import Any

from rules_py.at_table import AtTable, party_rng
from rules_py.cairn.characters.hits import ABILITY_FIELDS, take_damage
from rules_py.cairn.grit import EFFORT
from rules_py.cairn.rulesets import GRIT
from rules_py.core.rng import Rng
from rules_py.party.changes import changes_json, outcome_changes
from rules_py.party.events import Outcome
from rules_py.widget import Block, JsonValue, line, note

__all__ = ["ability_of", "effort_changes", "member_changes", "outcome_blocks", "possessive"]


def possessive(member: Any) -> str:
    """ "Ada's", "Silas'": where a filled value came from."""
    name: str = member.name
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def ability_of(member: Any, ability: str) -> int | None:
    """The member's score now for ``ability`` ("STR", "Might", "Insight"...),
    or None when its sheet has no such score."""
    field = ABILITY_FIELDS.get(ability)
    if field is None or not hasattr(member, field):
        return None
    value: int = getattr(member, field)
    return value


def member_changes(before: Any, outcome: Outcome) -> list[JsonValue]:
    """The changes ``outcome`` makes to ``before``, as a result carries them."""
    return changes_json(outcome_changes(before, outcome))


def outcome_blocks(member: Any, outcome: Outcome) -> list[Block]:
    """What an outcome does to ``member``, in lines, then its notes."""
    blocks: list[Block] = [line(f"{member.name}: {outcome.summary}.")]
    blocks += [line(text) for text in outcome.lines if text and text not in outcome.summary]
    blocks += [note(text) for text in outcome.notes]
    return blocks


def effort_changes(
    table: AtTable, rules: str, harm_taken: int, rng: Rng
) -> tuple[list[Block], list[JsonValue]]:
    """An effort's harm on the actor's sheet (Grit, then Resolve, and the save
    that calls for), rolled on the party's own stream."""
    actor = table.of_game(rules).actor
    if actor is None or rules != GRIT:
        return [], []
    outcome = take_damage(actor, harm_taken, party_rng(rng), harm_kind=EFFORT)
    return outcome_blocks(actor, outcome), member_changes(actor, outcome)
