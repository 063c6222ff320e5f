"""How ``huldufolk.melee`` draws a fight: the hand of whoever chooses now,
with each card's exact odds, every fighter's cards, thresholds, damage,
Belief and powers, and the log."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules_py.core import dist
from rules_py.huldufolk.cards import ACE, card_list, card_name
from rules_py.huldufolk.melee import HERO, Fighter, Melee
from rules_py.huldufolk.melee.odds import CardAgainst, attack_odds, defence_odds
from rules_py.huldufolk.odds import UNKNOWN_CARD_MODEL
from rules_py.huldufolk.widgets.melee.form import MeleeValues
from rules_py.widget import Block, chance_text, choices, line, note, option, percent, step, table

__all__ = ["DEATH_ODDS_NOTE", "LOG_SHOWN", "chooser_step", "fighters_table", "log_table"]

LOG_SHOWN = 10
DEATH_ODDS_NOTE = (
    "Against I am become Death's plain use the odds take each defender's higher threshold."
)


def _threshold(fighter: Fighter) -> str:
    actor = fighter.actor
    mundane = f"mundane {actor.mundane.current}/{actor.mundane.base}"
    if actor.supernatural is None:
        return f"{mundane}, no supernatural"
    return f"{mundane}, supernatural {actor.supernatural.current}/{actor.supernatural.base}"


def _effects(melee: Melee, fighter: Fighter) -> str:
    marks = []
    if fighter.out:
        marks.append("out of the fight")
    if fighter.vengeance:
        marks.append("Swift Vengeance" + (" (Spend)" if fighter.vengeance == "spend" else ""))
    if fighter.guard is not None:
        marks.append(f"guarded by {melee.fighters[fighter.guard.by].name}")
    return ", ".join(marks) or "-"


def fighters_table(melee: Melee) -> Block:
    """Three columns, so the table fits a phone: who, the hand, the rest."""
    rows = []
    for index, f in enumerate(melee.fighters):
        who = f.name + (" (hero)" if index == HERO else "")
        belief = f"Belief {f.belief_to_spend} (rank {f.belief})" if f.belief else "no Belief"
        state = [_threshold(f), f"damage {f.damage}", belief]
        if f.metres:  # marked with Place target; unmarked foes stand by the hero
            state.append(f"{f.metres} m from the hero")
        effects = _effects(melee, f)
        if effects != "-":
            state.append(effects)
        rows.append([who, card_list(f.actor.hand.cards), "; ".join(state)])
    return table(
        "The fight (thresholds: where they stand / their base)",
        ["Fighter", "Cards in hand", "Thresholds, damage, Belief, powers"],
        rows,
    )


def log_table(melee: Melee) -> Block:
    shown = melee.log[-LOG_SHOWN:]
    first = len(melee.log) - len(shown) + 1
    return table(
        "Log (latest last)",
        ["#", "What happened"],
        [[str(first + i), e] for i, e in enumerate(shown)],
    )


def _damage_words(damage: dist.Dist[int]) -> str:
    parts = [f"{amount} {percent(chance)}" for amount, chance in damage.pairs if amount]
    return "damage " + ", ".join(parts) if parts else "no damage"


def _hit_words(chance: Fraction) -> str:
    if chance == 0:
        return "cannot hit"
    if chance == 1:
        return "hit for sure"
    return f"hit {chance_text(chance)}"


def _lines(row: CardAgainst, melee: Melee, defending: bool) -> list[str]:
    if defending:
        odds = row.targets[0]
        return [f"Total {row.total}: {_hit_words(odds.hit)}", _damage_words(row.all_damage)]
    lines = [f"Total {row.total}"]
    for odds in row.targets:
        lines.append(f"{melee.fighters[odds.target].name}: {_hit_words(odds.hit)}")
    if len(row.targets) > 1:
        lines.append("in all: " + _damage_words(row.all_damage))
    else:
        lines.append(_damage_words(row.all_damage))
    return lines


def chooser_step(
    melee: Melee, values: MeleeValues, targets: tuple[int, ...] | str | None, attacker: int
) -> Block:
    """The hand of whoever chooses now, each card a button with its odds."""
    pending = melee.pending
    if pending is not None:
        chooser = pending.defender
        rows = defence_odds(melee, chooser, values.defend_with)
        who = melee.fighters[chooser]
        prompt = (
            f"{who.name} defends against {melee.fighters[pending.attacker].name}'s face-down "
            "card: choose a card"
        )
        defending = True
    else:
        if targets is None:
            return step([line("Choose the targets above to see the hand and its odds.")])
        if isinstance(targets, str):  # the power cannot be used as the form stands
            return step([line(targets)])
        chooser = attacker
        rows = attack_odds(melee, attacker, values.power, targets, values.attack_kind)
        who = melee.fighters[attacker]
        named = ", ".join(melee.fighters[t].name for t in targets)
        prompt = f"{who.name} attacks {named}: choose a card, face down"
        defending = False
    options = [
        option(
            card_name(row.card),
            _follow_up(values, pick=row.card),
            lines=_lines(row, melee, defending),
            badge="never spent" if row.card == ACE else "",
        )
        for row in rows
    ]
    return step([choices(prompt, options), note(UNKNOWN_CARD_MODEL)])


def _follow_up(values: MeleeValues, **extra: Any) -> dict[str, Any]:
    return {**values.form(), "action": "play", **extra}
