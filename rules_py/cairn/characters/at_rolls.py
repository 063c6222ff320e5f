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

__all__ = [
    "ability_of",
    "effort_changes",
    "grit_changes",
    "grit_fill",
    "member_changes",
    "outcome_blocks",
    "possessive",
    "recovery_changes",
    "recovery_fill",
]


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


# ------------------------------------------------------------------ cairn.grit

_GRIT_KIND_SCORES = {"physical": "Prowess", "stress": "Insight", EFFORT: "Resolve"}


def grit_fill(table: AtTable, mode: str, kind: str) -> dict[str, dict[str, JsonValue]]:
    """The actor's Grit, deprivation and the score the harm goes to."""
    actor = table.of_game(GRIT).actor
    if actor is None:
        return {"values": {}, "from": {}}
    whose = possessive(actor)
    values: dict[str, JsonValue] = {"grit": actor.grit, "deprived": actor.deprived}
    origins: dict[str, JsonValue] = {"grit": f"{whose} Grit", "deprived": f"{whose} sheet"}
    ability = _GRIT_KIND_SCORES[EFFORT if mode == EFFORT else kind]
    score = ability_of(actor, ability)
    if score is not None and score >= 1:
        values["score"] = score
        origins["score"] = f"{whose} {ability}"
    return {"values": values, "from": origins}


def grit_changes(
    table: AtTable,
    mode: str,
    grit_now: int,
    deprived: bool,
    score: int,
    harm_taken: int,
    kind: str,
    seed: int,
) -> tuple[list[Block], list[JsonValue]]:
    """The roll replayed on the actor's sheet from the same seed, when the
    form shows the sheet as it stands: the same dice, the sheet's changes."""
    from rules_py.cairn.characters.upkeep import effort, grit_rest  # upkeep imports hits

    actor = table.of_game(GRIT).actor
    if actor is None or mode == "start":
        return [], []
    ability = _GRIT_KIND_SCORES[EFFORT if mode == EFFORT else kind]
    # Deprivation counts at a rest only; the score only when harm may reach it.
    sheet: tuple[object, ...] = (actor.grit, actor.deprived if mode == "rest" else deprived)
    typed: tuple[object, ...] = (grit_now, deprived)
    if mode != "rest":
        sheet += (ability_of(actor, ability),)
        typed += (score,)
    if sheet != typed:
        return [
            line(f"The form is not {possessive(actor)} sheet as it stands: this changes nobody.")
        ], []
    rng = Rng(seed)
    if mode == "rest":
        outcome = grit_rest(actor, rng)
    elif mode == EFFORT:
        outcome = effort(actor, rng)
    else:
        outcome = take_damage(actor, harm_taken, rng, harm_kind=kind)
    return outcome_blocks(actor, outcome), member_changes(actor, outcome)


# ------------------------------------------------------------------ cairn.recovery


def recovery_fill(table: AtTable, rules: str, ability: str) -> dict[str, dict[str, JsonValue]]:
    """The actor's score now and before the loss (its maximum: the permanent
    score in the Grit variant), deprivation, and Advancements (Grit)."""
    actor = table.of_game(rules).actor
    if actor is None or ability_of(actor, ability) is None:
        return {"values": {}, "from": {}}
    whose = possessive(actor)
    field = ABILITY_FIELDS[ability]
    values: dict[str, JsonValue] = {
        "current": getattr(actor, field),
        "before": getattr(actor, f"max_{field}"),
        "deprived": actor.deprived,
    }
    kept = "permanent" if rules == GRIT else "max"
    origins: dict[str, JsonValue] = {
        "current": f"{whose} {ability}",
        "before": f"{whose} {kept} {ability}",
        "deprived": f"{whose} sheet",
    }
    if rules == GRIT:
        values["advancements"] = actor.advancements
        origins["advancements"] = f"{whose} Advancements"
    return {"values": values, "from": origins}


def recovery_changes(
    table: AtTable,
    rules: str,
    ability: str,
    typed: tuple[int, int, bool],
    periods: int,
    healer: bool,
    seed: int,
) -> tuple[list[Block], list[JsonValue]]:
    """The recovery replayed on the actor's sheet from the same seed, when the
    form's score now, score before and deprivation are the sheet's."""
    from rules_py.cairn.characters.upkeep import recover_ability  # upkeep imports hits

    actor = table.of_game(rules).actor
    if actor is None:
        return [], []
    field = ABILITY_FIELDS[ability]
    sheet = (getattr(actor, field), getattr(actor, f"max_{field}"), actor.deprived)
    if sheet != typed:
        return [
            line(
                f"The form is not {possessive(actor)} {ability} as it stands: this changes nobody."
            )
        ], []
    outcome = recover_ability(actor, ability, periods, healer, Rng(seed))
    return outcome_blocks(actor, outcome), member_changes(actor, outcome)
