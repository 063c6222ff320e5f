"""Widget ``huldufolk.pool``: the card pool builder, for tests and for whole fights.

The decks and thresholds in play are the widget's state (kept by the browser
between requests and reloads). The actors in play are built from the form on
Reset (or when nothing is saved); the pools are read from the form at every
move. Every rule is in the engine modules; this module only draws.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.actors import Actor, Attack, Nature, new_actor
from rules_py.huldufolk.cards import ACE, Rank, card_list, card_name
from rules_py.huldufolk.challenges import DAMAGE_RULE, Need, need_for
from rules_py.huldufolk.initiative import INITIATIVE_RULE
from rules_py.huldufolk.odds import (
    UNKNOWN_CARD_MODEL,
    HandOdds,
    against_rating,
    attacking,
    defending,
    opponent_total,
)
from rules_py.huldufolk.play import (
    SIDES,
    SavedTableError,
    SideKey,
    Table,
    choose_attack_card,
    choose_initiative_card,
    end_combat,
    fresh_table,
    from_json,
    other,
    play_test,
    resolve_exchange,
    rest,
    same_kind,
    start_initiative,
    to_json,
)
from rules_py.huldufolk.pools import (
    ASSISTANTS_MAX,
    DEFENCE_EQUIPMENT_MAX,
    MAGICAL_EQUIPMENT_MAX,
    SUPERNATURAL_MAX,
    THRESHOLD_MAX,
    ActionPool,
    DefencePool,
    action_pool,
    defence_pool,
    describe_pool,
)
from rules_py.huldufolk.tables import CR_MAX, CR_MIN, band_of
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    Widget,
    chance_text,
    choice_field,
    choices,
    facts,
    int_field,
    line,
    note,
    option,
    outcome,
    percent,
    table,
)

__all__ = [
    "FIELDS",
    "FIGHT",
    "HEALTH_RULE",
    "LOG_SHOWN",
    "MEETS_RULE",
    "REST_RULE",
    "TEST",
    "WIDGETS",
    "describe_kind",
    "handle",
]

FIGHT = {"mode": ("fight",)}
TEST = {"mode": ("test",)}
LOG_SHOWN = 12

MEETS_RULE = (
    "Reaching the challenge rating succeeds: the text does not say, but its best "
    "pool of 30 achieves a CR 30 task."
)
REST_RULE = (
    "Rest restores thresholds (10 minutes' rest). Spent cards come back only with a "
    "refresh (its rules are not in this slice) or with Reset."
)
HEALTH_RULE = "Damage is only tallied: health and its levels are not in this slice."


def _flag(name: str, label: str, default: bool, **extra: Any) -> Field:
    return Field(name, label, "bool", default, **extra)


def _side_fields(key: SideKey, name: str) -> tuple[Field, ...]:
    side = f"Side {key.upper()}"
    shown: dict[str, tuple[str, ...]] = dict(FIGHT) if key == "b" else {}
    in_fight = FIGHT
    return (
        Field(f"{key}_name", f"{side}: name", "text", name, max_length=30, shown_when=shown),
        choice_field(
            f"{key}_rank",
            f"{side}: actor",
            [
                ("major", "Major Actor (full deck, Ace-10)"),
                ("minor", "Minor Actor (half deck, Ace-5)"),
            ],
            shown_when=shown,
            help="Takes effect on Reset."
            if key == "b"
            else "Decides the deck; takes effect on Reset.",
        ),
        choice_field(
            f"{key}_nature",
            f"{side}: nature",
            [("supernatural", "Supernatural"), ("mundane", "Mundane")],
            shown_when=in_fight,
        ),
        int_field(
            f"{key}_mundane",
            f"{side}: base mundane threshold",
            5,
            0,
            THRESHOLD_MAX,
            shown_when=in_fight,
            help="Minor 0-5; most Major Actors 5; Patrons 20. On Reset.",
        ),
        int_field(
            f"{key}_supernatural",
            f"{side}: base supernatural threshold",
            5,
            0,
            THRESHOLD_MAX,
            shown_when=in_fight,
            help="Mundane Minor Actors have none. On Reset.",
        ),
        _flag(f"{key}_quality", f"{side} pool: Quality (+3)", False, shown_when=shown),
        _flag(f"{key}_focus", f"{side} pool: Focus (+2)", False, shown_when=shown),
        int_field(
            f"{key}_equipment",
            f"{side} pool: equipment",
            0,
            0,
            MAGICAL_EQUIPMENT_MAX,
            shown_when=shown,
            help="Mundane +0 to +2; magical up to +5.",
        ),
        _flag(f"{key}_magical", f"{side} pool: the equipment is magical", False, shown_when=shown),
        int_field(
            f"{key}_assist",
            f"{side} pool: assistants with the affinity (+1 each)",
            0,
            0,
            ASSISTANTS_MAX,
            shown_when=shown,
        ),
        int_field(
            f"{key}_assist_focus",
            f"{side} pool: assistants with the Focus (+3 each)",
            0,
            0,
            ASSISTANTS_MAX,
            shown_when=shown,
            help=""
            if key == "b"
            else "As many as can take part, at the storyteller's discretion; "
            "this builder stops at 10.",
        ),
        int_field(
            f"{key}_bonus",
            f"{side} pool: supernatural bonuses",
            0,
            0,
            SUPERNATURAL_MAX,
            shown_when=shown,
        ),
        _flag(f"{key}_def_quality", f"{side} defence: Quality (+3)", False, shown_when=in_fight),
        int_field(
            f"{key}_def_equipment",
            f"{side} defence: equipment",
            0,
            0,
            DEFENCE_EQUIPMENT_MAX,
            shown_when=in_fight,
        ),
        int_field(
            f"{key}_def_bonus",
            f"{side} defence: supernatural bonuses",
            0,
            0,
            SUPERNATURAL_MAX,
            shown_when=in_fight,
            help="" if key == "b" else "The side's current threshold is added.",
        ),
    )


FIELDS: tuple[Field, ...] = (
    choice_field(
        "mode",
        "Challenge",
        [("test", "Undefended test (against a challenge rating)"), ("fight", "Defended: a fight")],
    ),
    int_field("cr", "Challenge rating", 10, CR_MIN, CR_MAX, shown_when=TEST),
    _flag("affinity", "Side A has a fitting affinity", True, shown_when=TEST),
    choice_field(
        "attacker",
        "Who attacks",
        [("a", "Side A attacks Side B"), ("b", "Side B attacks Side A")],
        shown_when=FIGHT,
    ),
    choice_field(
        "attack_kind",
        "Attack",
        [
            ("mundane", "Mundane (against the mundane threshold)"),
            ("supernatural", "Supernatural (against the supernatural threshold)"),
        ],
        shown_when=FIGHT,
    ),
    *_side_fields("a", "Hero"),
    *_side_fields("b", "Foe"),
    int_field(
        "card",
        "Card to play (the attacker's, in a fight)",
        ACE,
        ACE,
        10,
        help="1 is the Ace. Or choose a card from the hand shown below.",
    ),
    int_field("defence_card", "Defender's card", ACE, ACE, 10, shown_when=FIGHT),
)


# ---------------------------------------------------------------- reading the form


def _actor_specs(values: Mapping[str, Any]) -> dict[SideKey, Actor]:
    specs: dict[SideKey, Actor] = {}
    for key in SIDES:
        specs[key] = new_actor(
            values[f"{key}_name"],
            Rank(values[f"{key}_rank"]),
            Nature(values[f"{key}_nature"]),
            values[f"{key}_mundane"],
            values[f"{key}_supernatural"],
            prefix=f"{key}_",
        )
    return specs


def _pool(values: Mapping[str, Any], key: SideKey) -> ActionPool:
    return action_pool(
        quality=values[f"{key}_quality"],
        focus=values[f"{key}_focus"],
        equipment=values[f"{key}_equipment"],
        magical=values[f"{key}_magical"],
        assistants_affinity=values[f"{key}_assist"],
        assistants_focus=values[f"{key}_assist_focus"],
        supernatural=values[f"{key}_bonus"],
        prefix=f"{key}_",
    )


def _gear(values: Mapping[str, Any], key: SideKey) -> DefencePool:
    return defence_pool(
        quality=values[f"{key}_def_quality"],
        equipment=values[f"{key}_def_equipment"],
        supernatural=values[f"{key}_def_bonus"],
        prefix=f"{key}_",
    )


def _load(state: object, specs: Mapping[SideKey, Actor]) -> tuple[Table, str]:
    """The table in play, or a fresh one (with a notice when a saved one failed)."""
    if state is None:
        return fresh_table(specs["a"], specs["b"]), ""
    names = {key: specs[key].name for key in SIDES}
    try:
        return from_json(state, names), ""
    except SavedTableError as error:
        return (
            fresh_table(specs["a"], specs["b"]),
            f"The saved decks could not be used ({error}), so they start fresh.",
        )


# ---------------------------------------------------------------- drawing


def _hand_text(actor: Actor) -> str:
    cards = [
        f"{card_name(card)} (never spent)" if card == ACE else card_name(card)
        for card in actor.hand.cards
    ]
    return ", ".join(cards) if cards else "none until the combat ends"


def _threshold_text(actor: Actor) -> str:
    mundane = f"mundane {actor.mundane.current} of {actor.mundane.base}"
    if actor.supernatural is None:
        return f"{mundane}; no supernatural threshold (defends at 0)"
    return f"{mundane}; supernatural {actor.supernatural.current} of {actor.supernatural.base}"


def _side_facts(tbl: Table, key: SideKey, fight: bool) -> Block:
    actor = tbl.actor(key)
    items = [
        (
            f"Side {key.upper()}",
            f"{actor.name}: {actor.nature.value} {actor.rank.label}, {actor.rank.deck_name}",
        ),
        ("Cards in hand", _hand_text(actor)),
        ("Spent", card_list(actor.hand.spent)),
    ]
    if actor.hand.set_aside:
        items.append(("Initiative card (set aside)", card_list(actor.hand.set_aside)))
    if fight:  # thresholds only matter when defending
        items.append(("Thresholds", _threshold_text(actor)))
        items.append(("Damage taken", str(tbl.damage(key))))
    return facts(items)


def _request(values: Mapping[str, Any], action: str, pick: int) -> dict[str, Any]:
    """A follow-up request carrying the whole form, so a card button never
    plays with stale pool values."""
    return {**values, "action": action, "pick": pick}


def _badge(card: int, smallest: int | None, smallest_label: str) -> str:
    marks = []
    if card == ACE:
        marks.append("never spent")
    if card == smallest:
        marks.append(smallest_label)
    return "; ".join(marks)


def _damage_line(odds_damage: Any) -> str:
    parts = [
        f"{amount} damage {percent(chance)}" for amount, chance in odds_damage.items() if amount
    ]
    return ", ".join(parts) if parts else "no damage"


def _chance_words(chance: Fraction, verb: str) -> str:
    """Words for a chance; a sure outcome needs no fraction ("hits 3/5 = 60%")."""
    if chance == 1:
        return verb
    if chance == 0:
        return {"succeeds": "fails", "hits": "cannot hit", "holds": "cannot hold"}[verb]
    return f"{verb} {chance_text(chance)}"


def _card_choices(
    prompt: str,
    odds: HandOdds,
    values: Mapping[str, Any],
    verb: str,
    smallest_label: str,
) -> Block:
    smallest = odds.smallest_sure
    options = []
    for row in odds.cards:
        lines = [f"Total {row.total}: {_chance_words(row.chance, verb)}"]
        if row.damage is not None and row.damage.outcomes != (0,):
            lines.append(_damage_line(row.damage))
        options.append(
            option(
                card_name(row.card),
                _request(values, "play", row.card),
                lines=lines,
                badge=_badge(row.card, smallest, smallest_label),
            )
        )
    return choices(prompt, options)


def _smallest_text(odds: HandOdds, what: str) -> str:
    if odds.smallest_sure is not None:
        return f"smallest card that {what} for sure: {card_name(odds.smallest_sure)}"
    if odds.smallest_possible is not None:
        return f"no card {what} for sure; the smallest with a chance: " + card_name(
            odds.smallest_possible
        )
    return f"no card in hand {what}"


def _log_block(tbl: Table) -> Block:
    shown = tbl.log[-LOG_SHOWN:]
    first = len(tbl.log) - len(shown) + 1
    rows = [[str(first + index), entry] for index, entry in enumerate(shown)]
    return table("Log (latest last)", ["#", "What happened"], rows)


def _test_preview(tbl: Table, values: Mapping[str, Any], pool: ActionPool) -> list[Block]:
    rating, affinity = values["cr"], values["affinity"]
    band = band_of(rating)
    need = need_for(rating, affinity)
    blocks: list[Block] = [
        _side_facts(tbl, "a", fight=False),
        facts(
            [
                ("Pool before the card", describe_pool(pool.parts())),
                ("Challenge", f"CR {rating} ({band.band}: {band.label})"),
            ]
        ),
    ]
    if need is Need.NO_TEST:
        blocks.append(outcome("No test needed: CR 5 or below with a fitting affinity.", "good"))
    elif need is Need.IMPOSSIBLE:
        blocks.append(
            outcome("Impossible: without a fitting affinity no test is allowed above CR 10.", "bad")
        )
    elif not tbl.a.hand.cards:
        blocks.append(line("No card in hand until the combat ends."))
    else:
        odds = against_rating(pool.base, tbl.a.hand.cards, rating)
        prompt = f"Play a card against CR {rating} ({_smallest_text(odds, 'succeeds')})"
        blocks.append(_card_choices(prompt, odds, values, "succeeds", "smallest success"))
    blocks.append(note(MEETS_RULE))
    return blocks


def _fight_preview(tbl: Table, values: Mapping[str, Any]) -> list[Block]:
    attacker: SideKey = values["attacker"]
    defender = other(attacker)
    kind = Attack(values["attack_kind"])
    attack_pool = _pool(values, attacker)
    gear = _gear(values, defender)
    defence_base = gear.base + tbl.actor(defender).threshold(kind)
    blocks: list[Block] = [_side_facts(tbl, "a", fight=True), _side_facts(tbl, "b", fight=True)]
    if tbl.in_combat:
        order = ", then ".join(tbl.actor(key).name for key in tbl.order)
        blocks.append(line(f"In combat. Initiative: {order}."))
    a_name, d_name = tbl.actor(attacker).name, tbl.actor(defender).name
    defence_parts = (*gear.parts(), ("Threshold", tbl.actor(defender).threshold(kind)))
    blocks.append(
        facts(
            [
                ("Attack before the card", f"{a_name}: {describe_pool(attack_pool.parts())}"),
                (
                    "Defence before the card",
                    f"{d_name} ({kind.value}): {describe_pool(defence_parts)}",
                ),
            ]
        )
    )
    pending = tbl.pending
    if pending is not None and pending.kind == "initiative":
        side: SideKey = "b" if pending.picks else "a"
        actor = tbl.actor(side)
        options = [
            option(
                card_name(card),
                _request(values, "initiative", card),
                badge="the Ace too is set aside" if card == ACE else "",
            )
            for card in actor.hand.cards
        ]
        if pending.picks:
            blocks.append(line(f"{tbl.actor('a').name} has chosen an initiative card face down."))
        blocks.append(
            choices(
                f"Initiative: {actor.name} plays a card face down "
                "(set aside until the combat ends)",
                options,
            )
        )
    elif pending is not None and pending.attacker == attacker:
        attack_total = opponent_total(attack_pool.base, tbl.actor(attacker).hand.cards)
        odds = defending(defence_base, tbl.actor(defender).hand.cards, attack_total)
        blocks.append(line(f"{a_name} has chosen a card face down."))
        if tbl.actor(defender).hand.cards:
            blocks.append(
                _card_choices(
                    f"{d_name} defends: choose a card ({_smallest_text(odds, 'holds')})",
                    odds,
                    values,
                    "holds",
                    "smallest sure defence",
                )
            )
        else:
            blocks.append(line(f"{d_name} has no card in hand until the combat ends."))
    elif not tbl.actor(defender).hand.cards:  # only the initiative card was left
        blocks.append(line(f"{d_name} has no card in hand until the combat ends."))
    elif tbl.actor(attacker).hand.cards:
        defence_total = opponent_total(defence_base, tbl.actor(defender).hand.cards)
        odds = attacking(attack_pool.base, tbl.actor(attacker).hand.cards, defence_total)
        blocks.append(
            _card_choices(
                f"{a_name} attacks {d_name}: choose a card face down "
                f"({_smallest_text(odds, 'hits')})",
                odds,
                values,
                "hits",
                "smallest sure hit",
            )
        )
    else:
        blocks.append(line(f"{a_name} has no card in hand until the combat ends."))
    blocks.append(note(UNKNOWN_CARD_MODEL))
    blocks.append(note(DAMAGE_RULE))
    return blocks


def _preview(tbl: Table, values: Mapping[str, Any], specs: Mapping[SideKey, Actor]) -> list[Block]:
    fight = values["mode"] == "fight"
    blocks: list[Block] = []
    shown: tuple[SideKey, ...] = SIDES if fight else ("a",)
    for key in shown:
        # A test uses only the deck; thresholds and nature matter in fights.
        differs = (
            not same_kind(tbl.actor(key), specs[key])
            if fight
            else tbl.actor(key).rank is not specs[key].rank
        )
        if differs:
            blocks.append(
                note(
                    f"Side {key.upper()} in play is a {describe_kind(tbl.actor(key))}; the form "
                    f"describes a {describe_kind(specs[key])}. Press Reset to play with the form's."
                )
            )
    if fight:
        blocks += _fight_preview(tbl, values)
    else:
        blocks += _test_preview(tbl, values, _pool(values, "a"))
    blocks.append(_log_block(tbl))
    return blocks


def describe_kind(actor: Actor) -> str:
    thresholds = f"mundane {actor.mundane.base}"
    if actor.supernatural is not None:
        thresholds += f", supernatural {actor.supernatural.base}"
    return f"{actor.nature.value} {actor.rank.label} (base {thresholds})"


# ---------------------------------------------------------------- moves


def _pick(call: Call) -> object:
    return call.extra.get("pick")


def _play(tbl: Table, call: Call) -> tuple[Table, list[Block]]:
    values = call.values
    picked = "pick" in call.extra
    if values["mode"] == "test":
        card = _pick(call) if picked else values["card"]
        pool = _pool(values, "a")
        tbl, test = play_test(tbl, pool, card, values["cr"], values["affinity"])
        if test.card is None:
            text = "NO TEST NEEDED" if test.success else "IMPOSSIBLE"
            return tbl, [outcome(text, "good" if test.success else "bad"), line(tbl.log[-1])]
        headline = outcome("SUCCESS", "good") if test.success else outcome("FAILURE", "bad")
        return tbl, [
            headline,
            line(f"{describe_pool(pool.parts(), test.card)} against CR {test.rating}."),
            line(tbl.log[-1]),
        ]
    attacker: SideKey = values["attacker"]
    defender = other(attacker)
    kind = Attack(values["attack_kind"])
    pending = tbl.pending
    if picked and not (pending is not None and pending.kind == "exchange"):
        tbl = choose_attack_card(tbl, attacker, _pick(call))
        name, foe = tbl.actor(attacker).name, tbl.actor(defender).name
        return tbl, [line(f"{name} has chosen a card face down. {foe}: choose a defence card.")]
    if picked and pending is not None:
        if pending.attacker != attacker:
            raise RulesInputError(
                "attacker", "The face-down card belongs to the other attack: set Who attacks back."
            )
        attack_card: object = pending.pick(attacker)
        defence_card, fields = _pick(call), ("pick", "pick")
    else:
        attack_card, defence_card, fields = (
            values["card"],
            values["defence_card"],
            (
                "card",
                "defence_card",
            ),
        )
    attack_pool, gear = _pool(values, attacker), _gear(values, defender)
    tbl, result = resolve_exchange(
        tbl, attacker, attack_pool, attack_card, gear, defence_card, kind, card_fields=fields
    )
    hit_or_held = (
        outcome(f"HIT: {result.damage} damage to {result.defender.name}")
        if result.hit
        else outcome(f"HELD: {result.defender.name} defends")
    )
    return tbl, [
        hit_or_held,
        line(
            f"Attack: {describe_pool(attack_pool.parts(), result.attacker_card)}; "
            f"defence: {describe_pool(result.defence_pool.parts(), result.defender_card)}."
        ),
        line(tbl.log[-1]),
        note(DAMAGE_RULE),
        note(HEALTH_RULE),
    ]


def _initiative(tbl: Table, call: Call) -> tuple[Table, list[Block]]:
    if call.values["mode"] != "fight":
        raise RulesInputError("mode", "Initiative is for fights: choose Defended: a fight.")
    if "pick" not in call.extra:
        tbl = start_initiative(tbl)
        return tbl, [line(f"Initiative: {tbl.a.name} chooses a card face down, then {tbl.b.name}.")]
    pending = tbl.pending
    side: SideKey = "b" if pending is not None and pending.picks else "a"
    tbl, result = choose_initiative_card(tbl, side, _pick(call), call.rng)
    if result is None:
        return tbl, [line(f"{tbl.a.name} has chosen face down. {tbl.b.name}: choose a card.")]
    first = tbl.actor(tbl.order[0]).name
    return tbl, [outcome(f"{first} acts first"), line(tbl.log[-1]), note(INITIATIVE_RULE)]


def handle(call: Call) -> dict[str, Any]:
    values = call.values
    specs = _actor_specs(values)
    tbl, notice = _load(call.state, specs)
    if call.action == "reset":
        tbl = fresh_table(specs["a"], specs["b"])
        view = [outcome("New decks"), line(tbl.log[-1])]
    elif call.action == "rest":
        tbl = rest(tbl)
        view = [outcome("Rested"), line(tbl.log[-1]), note(REST_RULE)]
    elif call.action == "end_combat":
        tbl = end_combat(tbl)
        view = [outcome("Combat over"), line(tbl.log[-1])]
    elif call.action == "initiative":
        tbl, view = _initiative(tbl, call)
    elif call.action == "play":
        tbl, view = _play(tbl, call)
    else:
        view = _preview(tbl, values, specs)
    if notice:
        view = [note(notice), *view]
    response: dict[str, Any] = {"view": view, "notice": notice}
    # A preview saves nothing (unless it replaced an unreadable table): previews
    # run on every keystroke, and one answered late must not undo a move.
    if call.action != "odds" or notice:
        response["state"] = to_json(tbl)
    return response


WIDGETS = (
    Widget(
        name="huldufolk.pool",
        title="Card pool builder",
        summary=(
            "Build a Huldufolk pool, play a card from the hand against a challenge rating, "
            "or play out a fight exchange by exchange; decks and thresholds are kept."
        ),
        hand_roll=(
            "Add up the pool (Quality +3, Focus +2, equipment, assistance, supernatural "
            "bonuses) and play one card from your hand: Ace counts 1. Against a challenge "
            "rating, reach it. In a defended challenge both sides choose a card before "
            "revealing; the defence pool adds the current threshold and the defender wins "
            "ties. Every card played is surrendered except the Ace; each defence lowers "
            "the threshold used by 1."
        ),
        fields=FIELDS,
        actions=(
            Action("play", "Play card", random=False),
            Action("odds", "Hand and odds", auto=True, random=False),
            Action("initiative", "Play initiative", random=False),
            Action("end_combat", "End combat", random=False),
            Action("rest", "Rest (restore thresholds)", random=False),
            Action("reset", "Reset decks", random=False),
        ),
        handler=handle,
        stateful=True,
        extra_keys=("pick",),
    ),
)
