"""The Cairn family's rolls of the rules text at the table: what a dice
mention of the text (:mod:`rules_py.dice.inline`) does with the party's
actor and target.

- A save the text names ("a STR save") is made with the actor's score, by
  the rule set's save rule (:mod:`rules_py.cairn.saves`); with no actor the
  roll says which number it needs and when the d20 passes.
- A bestiary creature's attack hits the party's target: Armour off, HP then
  STR, the save against critical damage, a scar (the party's ``hit`` event,
  :func:`rules_py.cairn.characters.hits.take_hit`).
- "Deprived PCs roll -1d6 Grit when resting": the actor's deprived rest, its
  "-1d6" the die just rolled (:func:`~rules_py.cairn.characters.upkeep.grit_rest`).
- Might and Heart's "Attribute loss can usually be restored (1d6 per week)":
  a week of recovery for the actor, the 1d6 the die just rolled
  (:func:`~rules_py.cairn.characters.upkeep.recover_ability`).

Dice the party adds (the re-roll of a rest, the critical damage save) come
from the party's own stream of the seed, so a share link replayed without the
party shows the same dice of the text.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules_py.at_table import AtTable, party_rng
from rules_py.cairn import saves
from rules_py.cairn.characters.at_rolls import (
    ability_of,
    member_changes,
    outcome_blocks,
    possessive,
)
from rules_py.cairn.characters.foes import creature_named
from rules_py.cairn.characters.hits import ABILITY_FIELDS, take_hit
from rules_py.cairn.rulesets import (
    CAIRN,
    GRIT,
    MIGHT_HEART,
    MIGHT_HEART_SCORE_NOTE,
    rule_set,
    sheet_score,
)
from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.dice.inline import InlineRoll
from rules_py.party.events import Outcome
from rules_py.widget import (
    Block,
    JsonValue,
    chance_text,
    chart,
    dice,
    die_face,
    line,
    note,
    outcome,
)

__all__ = [
    "BLAST_NOTE",
    "MIGHT_HEART_READING",
    "RESTORE_READING",
    "RULES_OF_GAME",
    "attack_at_table",
    "lowered_at_table",
    "restored_at_table",
    "save_odds",
    "save_roll",
    "saved_score",
]

RULES_OF_GAME = {"cairn": CAIRN, "might_heart": MIGHT_HEART, "grit": GRIT}
MIGHT_HEART_READING = MIGHT_HEART_SCORE_NOTE
BLAST_NOTE = "A blast hits everyone in the area: only the party's target is changed here."
RESTORE_READING = (
    "The text says \u201cattribute loss\u201d: the week restores the attribute that lost "
    "more (Might on a tie), with a healer."
)
Changes = list[JsonValue]


def _rules(found: InlineRoll) -> str:
    return RULES_OF_GAME[found.game]


def saved_score(found: InlineRoll) -> str:
    """The sheet's score a save of the text uses ("Might" for Might and Heart's DEX)."""
    return sheet_score(_rules(found), found.save)


def _saver(found: InlineRoll, table: AtTable) -> tuple[Any, int | None]:
    """The actor of the page's game and their score for the save (None: none to use)."""
    actor = table.of_game(_rules(found)).actor
    if actor is None:
        return None, None
    score = ability_of(actor, saved_score(found))
    return actor, score if score is not None and score >= saves.ABILITY_MIN else None


def _whose(actor: Any, found: InlineRoll, score: int) -> str:
    return f"{possessive(actor)} {saved_score(found)} {score}"


def _save_notes(found: InlineRoll) -> list[Block]:
    blocks = [note(rule_set(_rules(found)).save_rule)]
    if found.game == "might_heart" and found.save != saved_score(found):
        blocks.append(note(MIGHT_HEART_READING))
    return blocks


def _no_score(actor: Any, found: InlineRoll) -> list[Block]:
    if actor is None:
        return [line(f"Choose who acts in the party to use their {saved_score(found)}.")]
    return [line(f"{actor.name} has no {saved_score(found)} to save with: the roll needs one.")]


def save_roll(found: InlineRoll, table: AtTable, rng: Rng) -> list[Block]:
    """A d20 save: against the actor's score, or with the condition in words."""
    rules = _rules(found)
    face = rng.die(saves.SAVE_DIE)
    actor, score = _saver(found, table)
    name = saved_score(found)
    if score is None:
        passing = f"a {name} of {face} or more passes"
        if rule_set(rules).natural_extremes and face in (1, saves.SAVE_DIE):
            passing = saves.judge_save(saves.ABILITY_MAX, face, rules).rule.value
        blocks: list[Block] = [
            dice(f"{found.save} save", [die_face(face, saves.SAVE_DIE)]),
            outcome(f"Rolled {face}: {passing}."),
            line(f"A {name} save passes when the d20 is equal to or under the {name} score."),
            *_no_score(actor, found),
        ]
        return blocks + _save_notes(found)
    result = saves.judge_save(score, face, rules)
    verdict = "passes" if result.passed else "fails"
    return [
        dice(
            f"{found.save} save, {_whose(actor, found, score)}",
            [die_face(face, saves.SAVE_DIE, "kept")],
        ),
        outcome(
            f"{_whose(actor, found, score)}: rolled {face}, {verdict}.",
            "good" if result.passed else "bad",
        ),
        line(result.rule.value),
        *_save_notes(found),
    ]


def save_odds(found: InlineRoll, table: AtTable) -> list[Block]:
    """The exact chance to pass: with the actor's score, or for every score."""
    rules = _rules(found)
    actor, score = _saver(found, table)
    name = saved_score(found)
    if score is None:
        bars = [
            (str(value), saves.pass_chance(value, rules))
            for value in range(saves.ABILITY_MIN, saves.ABILITY_MAX + 1)
        ]
        return [
            chart(
                f"Chance to pass a {name} save, by {name}",
                bars,
                cumulative=False,
                summary=f"With {name} 10: {chance_text(bars[9][1], saves.SAVE_DIE)}.",
            ),
            *_no_score(actor, found),
            *_save_notes(found),
        ]
    chance: Fraction = saves.pass_chance(score, rules)
    spans = (
        ", ".join(
            str(span.low) if span.low == span.high else f"{span.low}\u2013{span.high}"
            for span in saves.passing_spans(score, rules)
        )
        or "none"
    )
    return [
        line(f"{_whose(actor, found, score)}: passes {chance_text(chance, saves.SAVE_DIE)}."),
        line(f"Passing d20 faces: {spans}."),
        *_save_notes(found),
    ]


def _applied(member: Any, outcome_of: Outcome) -> tuple[list[Block], Changes]:
    return outcome_blocks(member, outcome_of), member_changes(member, outcome_of)


def attack_at_table(
    found: InlineRoll, rolled: int, table: AtTable, rng: Rng
) -> tuple[list[Block], Changes]:
    """A bestiary creature's attack that rolled ``rolled`` on the party's target."""
    creature = creature_named(found.creature)
    blast = [note(BLAST_NOTE)] if creature.attack is not None and creature.attack.blast else []
    target = table.of_game(CAIRN).target
    if target is None:
        chosen = f"Choose a target in the party to hit them with {creature.name}'s attack."
        return [line(chosen)], []
    try:
        hit = take_hit(target, rolled, party_rng(rng))
    except RulesInputError as refused:
        return [line(f"{target.name}: {refused.message} Nothing to apply.")], []
    blocks, changes = _applied(target, hit)
    return blocks + blast, changes


def lowered_at_table(
    found: InlineRoll, lowered: int, table: AtTable, rng: Rng
) -> tuple[list[Block], Changes]:
    """ "Deprived PCs roll -1d6 Grit when resting": the actor's rest, its -1d6 rolled."""
    from rules_py.cairn.characters.upkeep import grit_rest  # upkeep imports hits

    actor = table.of_game(GRIT).actor
    if actor is None:
        return [line("Choose who acts in the party to rest them with this roll.")], []
    if not actor.deprived:
        return [
            line(
                f"{actor.name} is not Deprived: their rest re-rolls Grit without the "
                "\u22121d6 (the Grit roller). Nothing to apply."
            )
        ], []
    return _applied(actor, grit_rest(actor, party_rng(rng), lowered))


def _most_lost(member: Any) -> str | None:
    losses = [
        (
            getattr(member, f"max_{ABILITY_FIELDS[name]}") - getattr(member, ABILITY_FIELDS[name]),
            name,
        )
        for name in ("Might", "Heart")
    ]
    most = max(loss for loss, _ in losses)
    return next((name for loss, name in losses if loss == most), None) if most > 0 else None


def restored_at_table(
    found: InlineRoll, rolled: int, table: AtTable, rng: Rng
) -> tuple[list[Block], Changes]:
    """A week of Might and Heart's recovery, its 1d6 the die just rolled."""
    from rules_py.cairn.characters.upkeep import recover_ability  # upkeep imports hits

    actor = table.of_game(MIGHT_HEART).actor
    if actor is None:
        return [line("Choose who acts in the party to restore their loss with this roll.")], []
    ability = _most_lost(actor)
    if ability is None:
        return [line(f"{actor.name} has no attribute loss to restore. Nothing to apply.")], []
    done = recover_ability(actor, ability, 1, True, party_rng(rng), rolled)
    blocks, changes = _applied(actor, done)
    return [*blocks, note(RESTORE_READING)], changes
