"""Widget ``huldufolk.melee``: a fight of one against several, each foe with
its own deck and thresholds, the damage and healing powers on the tally, and
Belief drawn by every Spend and Burn.

The fight is the widget's state (kept by the browser) unless the reader has
chosen party members: the one who acts takes the hero's place and the target
the first foe's, with the party's cards, thresholds, damage and Belief, and
each result carries the changes (:mod:`rules_py.huldufolk.characters.at_play`).
Every rule is in :mod:`rules_py.huldufolk.melee`; this package reads the
form (:mod:`.form`, :mod:`.setup`) and draws (:mod:`.view`).
"""

from __future__ import annotations

from typing import Any

from rules_py.at_table import AtTable
from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.actors import DEFENCE_LOSS
from rules_py.huldufolk.belief_cost import BURN_ABOVE_RANK_NOTE, NO_RANK_NOTE, belief_cost
from rules_py.huldufolk.challenges import (
    BASE_DAMAGE,
    DAMAGE_RULE,
    HEALTH_RULE,
    MARGIN_PER_EXTRA_DAMAGE,
)
from rules_py.huldufolk.characters.at_play import (
    PARTY_NOTE,
    actor_fill,
    huldufolk_table,
    party_result,
)
from rules_py.huldufolk.harm import HEAL_SPLIT_NOTE, power
from rules_py.huldufolk.influence import EDGE_NOTE
from rules_py.huldufolk.melee import (
    BURN_SPEND_NOTE,
    CHRISTI_BURN_NOTE,
    CHRISTI_KEYS,
    CHRISTI_NOTE,
    ENTROPY_FEWER_NOTE,
    GUARD_NOTE,
    HOUSE_THRESHOLD_NOTE,
    VENGEANCE_NOTE,
    Melee,
    declare,
    defend,
    melee_to_json,
    new_round,
    rest,
    toggle_out,
    use_aid,
)
from rules_py.huldufolk.melee.reach import DEATH_REACH_RULE, death_targets, place
from rules_py.huldufolk.widgets.melee.form import DEATH_POWERS, FIELDS, NOBODY, MeleeValues
from rules_py.huldufolk.widgets.melee.setup import (
    index_of,
    load,
    members_after,
    new_fight,
    seat_party,
)
from rules_py.huldufolk.widgets.melee.view import (
    DEATH_ODDS_NOTE,
    chooser_step,
    fighters_table,
    log_table,
)
from rules_py.widget import Action, Block, Call, Widget, line, note, outcome, step

__all__ = ["CHOICES", "INITIATIVE_NOTE", "WIDGETS"]

INITIATIVE_NOTE = (
    "Initiative is played at the table (or with the card pool builder): Who acts follows "
    "the order you settle."
)
# Every choice this roller makes where the text is silent, shown under it.
CHOICES = (
    ENTROPY_FEWER_NOTE,
    BURN_SPEND_NOTE,
    HOUSE_THRESHOLD_NOTE,
    GUARD_NOTE,
    VENGEANCE_NOTE,
    CHRISTI_NOTE,
    CHRISTI_BURN_NOTE,
    HEAL_SPLIT_NOTE,
    BURN_ABOVE_RANK_NOTE,
    NO_RANK_NOTE,
    DEATH_ODDS_NOTE,
    INITIATIVE_NOTE,
)


def _targets(values: MeleeValues, melee: Melee) -> tuple[int, ...]:
    """The chosen targets; for I am become Death, those kept out of it."""
    if values.power.startswith("death"):
        return () if values.exclude == NOBODY else (index_of(values.exclude, melee, "exclude"),)
    chosen = [index_of(values.target, melee, "target")]
    for field, key in (("target_2", values.target_2), ("target_3", values.target_3)):
        if key != NOBODY and values.power == "entropy_spend":
            chosen.append(index_of(key, melee, field))
    return tuple(chosen)


def _preview_targets(
    melee: Melee, values: MeleeValues, attacker: int
) -> tuple[int, ...] | str | None:
    """The targets the attacker's odds are drawn against; None if the form
    names none; or why the power cannot be used (a foe short of Belief),
    in the words the use itself would answer."""
    try:
        chosen = _targets(values, melee)
    except RulesInputError:
        return None
    if values.power.startswith("death"):
        try:
            found, _ = death_targets(melee, attacker, values.power, chosen)
        except RulesInputError as refused:
            return refused.message
    else:
        found = tuple(i for i in chosen if i != attacker and not melee.fighters[i].out)
    return found or None


def _play(melee: Melee, call: Call[MeleeValues]) -> tuple[Melee, list[Block]]:
    values = call.values
    card = call.extra.get("pick", values.card)
    if melee.pending is None:
        attacker = index_of(values.attacker, melee, "attacker")
        melee = declare(
            melee,
            attacker,
            values.power,
            _targets(values, melee),
            card,
            values.attack_kind,
            values.melee_attack,
        )
        pending = melee.pending
        assert pending is not None
        foe = melee.fighters[pending.defender].name
        who = melee.fighters[attacker].name
        return melee, [line(f"{who} has chosen a card face down. {foe}: choose a defence card.")]
    melee, done = defend(melee, card, values.defend_with, values.keep_card)
    if not done:
        pending = melee.pending
        assert pending is not None
        return melee, [line(f"{melee.fighters[pending.defender].name}: choose a defence card.")]
    entry = melee.log[-1]
    hits = entry.count("hit for")
    headline = outcome(f"{hits} HIT{'S' if hits != 1 else ''}" if hits else "HELD")
    return melee, [headline, line(entry), note(DAMAGE_RULE), note(HEALTH_RULE)]


def _use(melee: Melee, call: Call[MeleeValues]) -> tuple[Melee, list[Block]]:
    values = call.values
    if values.mode != "power":
        raise RulesInputError("mode", "Use power is for powers: choose Use a power.")
    user = index_of(values.attacker, melee, "attacker")
    target = index_of(values.target, melee, "target")
    heals = [(target, values.heal_1)]
    for field, key, points in (
        ("target_2", values.target_2, values.heal_2),
        ("target_3", values.target_3, values.heal_3),
    ):
        if key != NOBODY:
            heals.append((index_of(key, melee, field), points))
    keep = [
        name
        for name, on in (("vengeance", values.keep_vengeance), ("guard", values.keep_guard))
        if on
    ]
    if values.aid not in ("christi_spend", "christi_burn"):
        keep = []  # the boxes are shown (and read) only where the Spend chooses
    melee = use_aid(melee, user, values.aid, target, heals, values.proper_function, keep)
    return melee, [outcome("Power used"), line(melee.log[-1])]


def handle(call: Call[MeleeValues]) -> dict[str, Any]:
    values = call.values
    table: AtTable = huldufolk_table(call.table)
    melee, notice = load(call.state, values)
    if call.action == "reset":
        melee, notice = new_fight(values), ""
    melee = seat_party(melee, table)
    before = melee
    if call.action == "reset":
        view: list[Block] = [outcome("A new fight"), line(melee.log[-1])]
    elif call.action == "play":
        melee, view = _play(melee, call)
    elif call.action == "use":
        melee, view = _use(melee, call)
    elif call.action == "out":
        melee = toggle_out(melee, index_of(values.target, melee, "target"))
        view = [line(melee.log[-1])]
    elif call.action == "place":
        melee = place(melee, index_of(values.target, melee, "target"), values.metres)
        view = [line(melee.log[-1])]
    elif call.action == "round":
        melee = new_round(melee)
        view = [line(melee.log[-1])]
    elif call.action == "rest":
        melee = rest(melee)
        view = [line(melee.log[-1])]
    else:
        view = _preview(melee, values)
    if notice:
        view = [note(notice), *view]
    response: dict[str, Any] = {"view": view, "notice": notice}
    if call.action != "odds" or notice:
        response["state"] = melee_to_json(melee)
    if not table.empty:
        view.append(note(PARTY_NOTE))
        if melee is not before:
            response.update(
                party_result(
                    members_after(melee, table),
                    melee.log[-1],
                    table.actor,
                    bookkeeping=call.action == "play",
                )
            )
    return response


def _preview(melee: Melee, values: MeleeValues) -> list[Block]:
    blocks: list[Block] = []
    if values.mode == "attack" or melee.pending is not None:
        attacker = index_of(values.attacker, melee, "attacker")
        targets = None if melee.pending else _preview_targets(melee, values, attacker)
        blocks.append(chooser_step(melee, values, targets, attacker))
    else:
        blocks.append(step([line(_cost_line(melee, values))]))
    blocks += [fighters_table(melee), log_table(melee)]
    blocks += [note(text) for text in choices_for(melee, values)]
    return blocks


def _cost_line(melee: Melee, values: MeleeValues) -> str:
    """What the power in the form would cost its user in Belief, before it is used."""
    user = melee.fighters[index_of(values.attacker, melee, "attacker")]
    chosen = power(values.aid)
    try:
        cost = belief_cost(user.belief, chosen.level, chosen.use)
    except RulesInputError as error:
        return f"{user.name}: {error.message}"
    return (
        f"{chosen.power} by {user.name}: {cost.words} ({cost.reason}); "
        f"{user.belief_to_spend} Belief to spend."
    )


def choices_for(melee: Melee, values: MeleeValues) -> tuple[str, ...]:
    """The choices made where the text is silent that bear on the move in the form."""
    key = values.power if values.mode == "attack" else values.aid
    picked: list[str] = []
    if key == "entropy_spend":
        picked.append(ENTROPY_FEWER_NOTE)
    if key == "death":
        picked.append(DEATH_ODDS_NOTE)
    if key in ("death_spend", "death_burn"):
        picked.append(BURN_SPEND_NOTE)
    if key.startswith("death"):
        picked += [DEATH_REACH_RULE, EDGE_NOTE]
    if values.mode == "attack" and values.keep_card:
        picked.append(HOUSE_THRESHOLD_NOTE)
    if key.startswith("bodyguard"):
        picked.append(GUARD_NOTE)
    if key.startswith("vengeance"):
        picked.append(VENGEANCE_NOTE)
    if key in CHRISTI_KEYS:
        picked.append(CHRISTI_NOTE)
    if key == "christi_burn":
        picked.append(CHRISTI_BURN_NOTE)
    if key == "field_medic_spend":
        picked.append(HEAL_SPLIT_NOTE)
    if key != "attack":
        picked += [BURN_ABOVE_RANK_NOTE, NO_RANK_NOTE]
    picked.append(INITIATIVE_NOTE)
    return tuple(picked)


def fill(table: AtTable) -> dict[str, dict[str, Any]]:
    """The hero's setup from the one who acts (the target takes the first foe's
    place with its own numbers, whatever the foes' setup says)."""
    actor = huldufolk_table(table).actor
    if actor is None:
        return {"values": {}, "from": {}}
    values, sources = actor_fill(actor, "hero_", belief=True)
    return {"values": values, "from": sources}


WIDGETS = (
    Widget(
        name="huldufolk.melee",
        title="Fight of one against several",
        summary=(
            "One actor against several foes, each with its own deck, thresholds and damage: "
            "attacks on one, three (Entropy) or every foe within the attacker's Influence (I am "
            "become Death), the damage and healing powers, In Persona Christi, Belief spent by "
            "every Spend and Burn; reads and changes the party."
        ),
        hand_roll=(
            "Write each foe's cards and thresholds on its own line. For each attack, every "
            "side chooses a card before the totals are shown; each defender lowers its own "
            f"threshold by {DEFENCE_LOSS}; a hit does {BASE_DAMAGE} damage plus 1 for every "
            f"full {MARGIN_PER_EXTRA_DAMAGE} it wins by."
        ),
        fields=FIELDS,
        values=MeleeValues,
        actions=(
            Action("play", "Play card", random=False, shown_when={"mode": ("attack",)}),
            Action("use", "Use power", random=False, shown_when={"mode": ("power",)}),
            Action("odds", "Hands and odds", auto=True, random=False),
            Action(
                "place",
                "Place target",
                random=False,
                shown_when={"mode": ("attack",), "power": DEATH_POWERS},
            ),
            Action("out", "Target out of the fight (or back)", random=False),
            Action("round", "New round", random=False),
            Action("rest", "Rest (thresholds)", random=False),
            Action("reset", "New fight", random=False),
        ),
        handler=handle,
        stateful=True,
        extra_keys=("pick",),
        step_before="card",
        fill=fill,
    ),
)
