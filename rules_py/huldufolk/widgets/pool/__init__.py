"""Widget ``huldufolk.pool``: the card pool builder, for tests and for whole fights.

The decks and thresholds in play are the widget's state (kept by the browser
between requests and reloads). The actors in play are built from the form on
Reset (or when nothing is saved); the pools are read from the form at every
move. Every rule is in the engine modules; this package only draws: the form
in :mod:`.form` (one side's fields in :mod:`.side_fields`), the reading of it
in :mod:`.reading`, the previews in :mod:`.previews`, the moves in
:mod:`.moves`, and what they share in :mod:`.drawing`.
"""

from __future__ import annotations

from typing import Any

from rules_py.huldufolk.actors import DEFENCE_LOSS
from rules_py.huldufolk.cards import ACE, card_name
from rules_py.huldufolk.characters.at_play import PARTY_NOTE
from rules_py.huldufolk.demesne import HOUSE_THRESHOLD_NOTE
from rules_py.huldufolk.play import REST_RULE, SideKey, end_combat, fresh_table, rest, to_json
from rules_py.huldufolk.pools import FOCUS_BONUS, QUALITY_BONUS
from rules_py.huldufolk.widgets.pool import moves, party
from rules_py.huldufolk.widgets.pool.form import FIELDS, PoolValues
from rules_py.huldufolk.widgets.pool.modes import CONTEST, FIGHT, POWERS, TEST, when
from rules_py.huldufolk.widgets.pool.previews import preview
from rules_py.huldufolk.widgets.pool.reading import actor_specs, load
from rules_py.widget import Action, Call, Widget, line, note, outcome

__all__ = ["WIDGETS"]


def handle(call: Call[PoolValues]) -> dict[str, Any]:
    values = call.values
    specs = actor_specs(values)
    tbl, notice = load(call.state, specs)
    if call.action == "reset":
        tbl = fresh_table(specs["a"], specs["b"])
    # One deck per actor: the party's members play with their own cards.
    tbl = party.seat(tbl, call.table)
    before = tbl
    beliefs: dict[SideKey, int] = {}
    paid = ""
    if call.action == "power" and values.mode == "powers":
        belief, paid = party.belief_left(call.table, values.power)
        if belief is not None:
            beliefs["a"] = belief
    elif call.action == "play" and values.keeps_card:
        # Not in My House's Spend is paid when the defence card is played.
        pending = tbl.pending
        resolves = "pick" not in call.extra or (pending is not None and pending.kind == "exchange")
        beliefs, paid = party.house_payment(tbl, call.table, values.attacker, resolves)
    if call.action == "reset":
        view = [outcome("New decks"), line(tbl.log[-1])]
    elif call.action == "rest":
        tbl = rest(tbl)
        view = [outcome("Rested"), line(tbl.log[-1]), note(REST_RULE)]
    elif call.action == "end_combat":
        tbl = end_combat(tbl)
        view = [outcome("Combat over"), line(tbl.log[-1])]
    elif call.action == "initiative":
        tbl, view = moves.initiative(tbl, call)
    elif call.action == "play":
        tbl, view = moves.play(tbl, call)
        if paid:
            view += [line(paid), note(HOUSE_THRESHOLD_NOTE)]
    elif call.action == "power":
        tbl, view = moves.power(tbl, call)
        if paid:
            view.append(line(paid))
    else:
        view = preview(tbl, values, specs)
    if notice:
        view = [note(notice), *view]
    response: dict[str, Any] = {"view": view, "notice": notice}
    # A preview saves nothing (unless it replaced an unreadable table): previews
    # run on every keystroke, and one answered late must not undo a move.
    if call.action != "odds" or notice:
        response["state"] = to_json(tbl)
    if party.seated(call.table):
        view.append(note(PARTY_NOTE if call.action != "reset" else party.RESET_NOTE))
        if tbl is not before:
            response.update(party.party_changes(tbl, call.table, call.action, tbl.log[-1], beliefs))
    return response


WIDGETS = (
    Widget(
        name="huldufolk.pool",
        title="Card pool builder",
        summary=(
            "Build a Huldufolk pool, play a card from the hand against a challenge rating, "
            "play out a fight exchange by exchange in initiative order, contest attack "
            "pools, or refresh cards and restore thresholds; decks and thresholds are kept."
        ),
        hand_roll=(
            f"Add up the pool (Quality +{QUALITY_BONUS}, Focus +{FOCUS_BONUS}, equipment, "
            "assistance, supernatural bonuses) and play one card from your hand: "
            f"{card_name(ACE)} counts {ACE}. Against a challenge rating, reach it. In a "
            "defended challenge both sides choose a card before revealing; the defence pool "
            "adds the current threshold and the defender wins ties. Every card played is "
            f"surrendered except the {card_name(ACE)}; each defence lowers the threshold used "
            f"by {DEFENCE_LOSS}."
        ),
        fields=FIELDS,
        values=PoolValues,
        actions=(
            Action("play", "Play card", random=False, shown_when=when(TEST, FIGHT, CONTEST)),
            Action("odds", "Hand and odds", auto=True, random=False),
            # Each button only where it applies: the fight's in fight mode,
            # the power in powers mode; Rest where thresholds are shown.
            Action("initiative", "Play initiative", random=False, shown_when=when(FIGHT)),
            Action("end_combat", "End combat", random=False, shown_when=when(FIGHT)),
            Action("power", "Use power", random=False, shown_when=when(POWERS)),
            Action(
                "rest", "Rest (restore thresholds)", random=False, shown_when=when(FIGHT, POWERS)
            ),
            Action("reset", "Reset decks", random=False),
        ),
        handler=handle,
        stateful=True,
        extra_keys=("pick",),
        step_before="card",
        fill=party.fill,
    ),
)
