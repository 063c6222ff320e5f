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
from rules_py.huldufolk.actors import (
    FATIGUE_LOSS,
    MINOR_THRESHOLD_MAX,
    PATRON_THRESHOLD,
    PLAYER_THRESHOLD,
    Actor,
    Attack,
    Nature,
    new_actor,
)
from rules_py.huldufolk.cards import ACE, HIGHEST_CARD, Rank, card_list, card_name
from rules_py.huldufolk.challenges import (
    AFFINITY_NO_TEST_MAX,
    CONTEST_TIE_RULE,
    DAMAGE_RULE,
    HEALTH_RULE,
    MEETS_RULE,
    NO_AFFINITY_TEST_MAX,
    Need,
    defence_for,
    need_for,
)
from rules_py.huldufolk.initiative import INITIATIVE_RULE
from rules_py.huldufolk.odds import (
    UNKNOWN_CARD_MODEL,
    HandOdds,
    against_rating,
    attacking,
    contesting,
    defending,
    opponent_total,
)
from rules_py.huldufolk.play import (
    AUTO,
    REST_RULE,
    SIDES,
    TURN_RULE,
    SavedTableError,
    SideKey,
    Table,
    acting_side,
    choose_contest_card,
    choose_initiative_card,
    differs_from_form,
    end_combat,
    fresh_table,
    from_json,
    initiative_chooser,
    next_to_act,
    other,
    play_contest,
    play_fight_card,
    play_test,
    resolve_exchange,
    rest,
    start_initiative,
    to_json,
    use_power,
)
from rules_py.huldufolk.pools import (
    AFAR_AFFINITY_BONUS,
    AFAR_FOCUS_BONUS,
    AFAR_NO_AFFINITY_BONUS,
    ASSIST_AFFINITY_BONUS,
    ASSIST_FOCUS_BONUS,
    ASSISTANTS_MAX,
    DEFENCE_EQUIPMENT_MAX,
    FOCUS_BONUS,
    MAGICAL_EQUIPMENT_MAX,
    MUNDANE_EQUIPMENT_MAX,
    QUALITY_BONUS,
    SUPERNATURAL_MAX,
    THRESHOLD_MAX,
    ActionPool,
    DefencePool,
    action_pool,
    defence_pool,
    describe_pool,
)
from rules_py.huldufolk.powers import (
    POWERS_RULE,
    refresh_effect,
    refresh_effects,
    refreshable,
    restore_effect,
    restore_effects,
)
from rules_py.huldufolk.tables import CR_MAX, CR_MIN, band_of
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    Widget,
    advanced,
    bool_field,
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
    step,
    table,
)

__all__ = ["WIDGETS"]

TEST = ("test",)
FIGHT = ("fight",)
CONTEST = ("contest",)
POWERS = ("powers",)
LOG_SHOWN = 12


def _when(*modes: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    return {"mode": tuple(mode for group in modes for mode in group)}


def _side_fields(key: SideKey, name: str) -> tuple[Field, ...]:
    side = f"Side {key.upper()}"
    # Side A plays in every mode; Side B only where two sides meet.
    named = _when(TEST, FIGHT, CONTEST, POWERS) if key == "a" else _when(FIGHT, CONTEST, POWERS)
    pooled = _when(TEST, FIGHT, CONTEST) if key == "a" else _when(FIGHT, CONTEST)
    afar = {**pooled, "afar": ("true",)}  # rare: shown once the check box says so
    kinds = _when(FIGHT, POWERS)
    return (
        Field(
            f"{key}_name",
            f"{side}: name",
            "text",
            name,
            max_length=30,
            shown_when=named,
            advanced=True,
        ),
        advanced(
            choice_field(
                f"{key}_rank",
                f"{side}: actor",
                [
                    ("major", f"Major Actor ({Rank.MAJOR.deck_name})"),
                    ("minor", f"Minor Actor ({Rank.MINOR.deck_name})"),
                ],
                shown_when=named,
                help="Takes effect on Reset."
                if key == "b"
                else "Decides the deck; takes effect on Reset.",
            )
        ),
        advanced(
            choice_field(
                f"{key}_nature",
                f"{side}: nature",
                [("supernatural", "Supernatural"), ("mundane", "Mundane")],
                shown_when=kinds,
            )
        ),
        advanced(
            int_field(
                f"{key}_mundane",
                f"{side}: base mundane threshold",
                PLAYER_THRESHOLD,
                0,
                THRESHOLD_MAX,
                shown_when=kinds,
                help=f"Minor 0-{MINOR_THRESHOLD_MAX}; most Major Actors {PLAYER_THRESHOLD}; "
                f"Patrons {PATRON_THRESHOLD}. On Reset.",
            )
        ),
        advanced(
            int_field(
                f"{key}_supernatural",
                f"{side}: base supernatural threshold",
                PLAYER_THRESHOLD,
                0,
                THRESHOLD_MAX,
                shown_when=kinds,
                help="Mundane Minor Actors have none. On Reset.",
            )
        ),
        advanced(
            bool_field(
                f"{key}_fatigued",
                f"{side}: Fatigue (Life 4: loses {FATIGUE_LOSS} mundane threshold per attack)",
                shown_when=_when(FIGHT),
            )
        ),
        bool_field(f"{key}_quality", f"{side} pool: Quality (+{QUALITY_BONUS})", shown_when=pooled),
        bool_field(f"{key}_focus", f"{side} pool: Focus (+{FOCUS_BONUS})", shown_when=pooled),
        advanced(
            int_field(
                f"{key}_equipment",
                f"{side} pool: equipment",
                0,
                0,
                MAGICAL_EQUIPMENT_MAX,
                shown_when=pooled,
                help=f"Mundane +0 to +{MUNDANE_EQUIPMENT_MAX}; "
                f"magical up to +{MAGICAL_EQUIPMENT_MAX}.",
            )
        ),
        advanced(
            bool_field(
                f"{key}_magical", f"{side} pool: the equipment is magical", shown_when=pooled
            )
        ),
        advanced(
            int_field(
                f"{key}_assist",
                f"{side} pool: assistants with the affinity (+{ASSIST_AFFINITY_BONUS} each)",
                0,
                0,
                ASSISTANTS_MAX,
                shown_when=pooled,
            )
        ),
        advanced(
            int_field(
                f"{key}_assist_focus",
                f"{side} pool: assistants with the Focus (+{ASSIST_FOCUS_BONUS} each)",
                0,
                0,
                ASSISTANTS_MAX,
                shown_when=pooled,
                help=""
                if key == "b"
                else "As many as can take part, at the storyteller's discretion; "
                f"this builder stops at {ASSISTANTS_MAX}.",
            )
        ),
        advanced(
            int_field(
                f"{key}_afar_none",
                f"{side} pool: Help from Afar spend, assistants without the affinity "
                f"(+{AFAR_NO_AFFINITY_BONUS} each)",
                0,
                0,
                ASSISTANTS_MAX,
                shown_when=afar,
                help=""
                if key == "b"
                else "Augmentation 2's spend, for 1 turn; count such an "
                "assistant here instead of above.",
            )
        ),
        advanced(
            int_field(
                f"{key}_afar_affinity",
                f"{side} pool: Help from Afar spend, assistants with the affinity "
                f"(+{AFAR_AFFINITY_BONUS} each)",
                0,
                0,
                ASSISTANTS_MAX,
                shown_when=afar,
            )
        ),
        advanced(
            int_field(
                f"{key}_afar_focus",
                f"{side} pool: Help from Afar spend, assistants with the Focus "
                f"(+{AFAR_FOCUS_BONUS} each)",
                0,
                0,
                ASSISTANTS_MAX,
                shown_when=afar,
            )
        ),
        advanced(
            int_field(
                f"{key}_bonus",
                f"{side} pool: supernatural bonuses",
                0,
                0,
                SUPERNATURAL_MAX,
                shown_when=pooled,
            )
        ),
        advanced(
            bool_field(
                f"{key}_def_quality",
                f"{side} defence: Quality (+{QUALITY_BONUS})",
                shown_when=_when(FIGHT),
            )
        ),
        advanced(
            int_field(
                f"{key}_def_equipment",
                f"{side} defence: equipment",
                0,
                0,
                DEFENCE_EQUIPMENT_MAX,
                shown_when=_when(FIGHT),
            )
        ),
        advanced(
            int_field(
                f"{key}_def_bonus",
                f"{side} defence: supernatural bonuses",
                0,
                0,
                SUPERNATURAL_MAX,
                shown_when=_when(FIGHT),
                help="" if key == "b" else "The side's current threshold is added.",
            )
        ),
    )


_POWERS = [(effect.key, effect.label) for effect in refresh_effects()] + [
    (effect.key, effect.label) for effect in restore_effects()
]

# On top, what changes from one exchange to the next (mode, who attacks,
# Quality and Focus), then the hand of cards (the preview's step, drawn before
# "card"), then the cards typed by hand; the sides' setup, gear, assistance and
# bonuses sit under "More options", so the hand stays near "Who attacks".
FIELDS: tuple[Field, ...] = (
    choice_field(
        "mode",
        "Challenge",
        [
            ("test", "Undefended test (against a challenge rating)"),
            ("fight", "Defended: a fight"),
            ("contest", "Contest of attack pools (magical conflicts)"),
            ("powers", "Powers: refresh cards, restore thresholds"),
        ],
    ),
    choice_field(
        "attacker",
        "Who attacks",
        [
            (AUTO, "Next in the initiative order"),
            ("a", "Side A attacks Side B"),
            ("b", "Side B attacks Side A"),
        ],
        shown_when=_when(FIGHT),
        help="Outside a combat, Side A. Choose a side to override the order.",
    ),
    choice_field(
        "attack_kind",
        "Attack",
        [
            ("mundane", "Mundane (against the mundane threshold)"),
            ("supernatural", "Supernatural (against the supernatural threshold)"),
        ],
        shown_when=_when(FIGHT),
    ),
    int_field("cr", "Challenge rating", 10, CR_MIN, CR_MAX, shown_when=_when(TEST)),
    advanced(
        bool_field(
            "afar",
            "Help from Afar's spend in play (Augmentation 2)",
            shown_when=_when(TEST, FIGHT, CONTEST),
            help="Shows the fields for assistants granting +1, +3 or +5.",
        )
    ),
    bool_field("affinity", "Side A has a fitting affinity", True, shown_when=_when(TEST)),
    choice_field("power", "Power", _POWERS, shown_when=_when(POWERS)),
    choice_field(
        "power_side",
        "On whom",
        [("a", "Side A"), ("b", "Side B")],
        shown_when=_when(POWERS),
    ),
    int_field(
        "power_card",
        "Card to refresh",
        2,
        ACE,
        HIGHEST_CARD,
        shown_when=_when(POWERS),
        help="For the powers that refresh one card; or choose it below.",
    ),
    choice_field(
        "power_threshold",
        "Threshold to restore",
        [("mundane", "Mundane"), ("supernatural", "Supernatural")],
        shown_when=_when(POWERS),
    ),
    *_side_fields("a", "Hero"),
    *_side_fields("b", "Foe"),
    # The hand (the preview's step) is drawn here, above the typed cards.
    int_field(
        "card",
        "Card to play (Side A's; the attacker's in a fight)",
        ACE,
        ACE,
        HIGHEST_CARD,
        shown_when=_when(TEST, FIGHT, CONTEST),
        help="1 is the Ace. Or choose a card from the hand shown above.",
    ),
    int_field("defence_card", "Defender's card", ACE, ACE, HIGHEST_CARD, shown_when=_when(FIGHT)),
    int_field("contest_card", "Side B's card", ACE, ACE, HIGHEST_CARD, shown_when=_when(CONTEST)),
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
    # Hidden counts do not count: they apply only while their check box is on.
    afar = values["afar"]
    return action_pool(
        quality=values[f"{key}_quality"],
        focus=values[f"{key}_focus"],
        equipment=values[f"{key}_equipment"],
        magical=values[f"{key}_magical"],
        assistants_affinity=values[f"{key}_assist"],
        assistants_focus=values[f"{key}_assist_focus"],
        supernatural=values[f"{key}_bonus"],
        afar_no_affinity=values[f"{key}_afar_none"] if afar else 0,
        afar_affinity=values[f"{key}_afar_affinity"] if afar else 0,
        afar_focus=values[f"{key}_afar_focus"] if afar else 0,
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


def _side_facts(tbl: Table, key: SideKey, thresholds: bool) -> Block:
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
    if thresholds:
        items.append(("Thresholds", _threshold_text(actor)))
        items.append(("Damage taken", str(tbl.damage(key))))
    return facts(items)


def _request(values: Mapping[str, Any], action: str, **extra: Any) -> dict[str, Any]:
    """A follow-up request carrying the whole form, so a card button never
    plays with stale pool values."""
    return {**values, "action": action, **extra}


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
    """Words for a chance; a sure outcome needs no fraction ("hits 60% (3/5)")."""
    if chance == 1:
        return verb
    if chance == 0:
        return {
            "succeeds": "fails",
            "hits": "cannot hit",
            "holds": "cannot hold",
            "prevails": "cannot prevail",
        }[verb]
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
        if row.tie:
            lines.append(f"stand-off {chance_text(row.tie)}")
        if row.damage is not None and row.damage.outcomes != (0,):
            lines.append(_damage_line(row.damage))
        options.append(
            option(
                card_name(row.card),
                _request(values, "play", pick=row.card),
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
    steps: list[Block] = []
    if need is Need.NO_TEST:
        steps.append(
            outcome(
                f"No test needed: CR {AFFINITY_NO_TEST_MAX} or below with a fitting affinity.",
                "good",
            )
        )
    elif need is Need.IMPOSSIBLE:
        steps.append(
            outcome(
                "Impossible: without a fitting affinity no test is allowed above "
                f"CR {NO_AFFINITY_TEST_MAX}.",
                "bad",
            )
        )
    elif not tbl.a.hand.cards:
        steps.append(line("No card in hand until the combat ends."))
    else:
        odds = against_rating(pool.base, tbl.a.hand.cards, rating)
        prompt = f"Play a card against CR {rating} ({_smallest_text(odds, 'succeeds')})"
        steps.append(_card_choices(prompt, odds, values, "succeeds", "smallest success"))
    return [
        step(steps),
        facts(
            [
                ("Pool before the card", describe_pool(pool.parts())),
                ("Challenge", f"CR {rating} ({band.band}: {band.label})"),
            ]
        ),
        _side_facts(tbl, "a", thresholds=False),
        note(MEETS_RULE),
    ]


def _initiative_step(tbl: Table, values: Mapping[str, Any]) -> list[Block]:
    side = initiative_chooser(tbl)
    actor = tbl.actor(side)
    options = [
        option(
            card_name(card),
            _request(values, "initiative", pick=card),
            badge="the Ace too is set aside" if card == ACE else "",
        )
        for card in actor.hand.cards
    ]
    blocks = [
        choices(
            f"Initiative: {actor.name} plays a card face down (set aside until the combat ends)",
            options,
        )
    ]
    if side == "b":
        blocks.append(line(f"{tbl.actor('a').name} has chosen an initiative card face down."))
    return blocks


def _fight_step(
    tbl: Table, values: Mapping[str, Any], attacker: SideKey, kind: Attack
) -> list[Block]:
    """The controls of the current step: the hand that chooses now."""
    pending = tbl.pending
    if pending is not None and pending.kind == "initiative":
        return _initiative_step(tbl, values)
    defender = other(attacker)
    attack_pool = _pool(values, attacker)
    defence_base = defence_for(tbl.actor(defender), kind, _gear(values, defender)).base
    a_name, d_name = tbl.actor(attacker).name, tbl.actor(defender).name
    if pending is not None and pending.kind == "exchange" and pending.attacker == attacker:
        if not tbl.actor(defender).hand.cards:
            return [line(f"{d_name} has no card in hand until the combat ends.")]
        attack_total = opponent_total(attack_pool.base, tbl.actor(attacker).hand.cards)
        odds = defending(defence_base, tbl.actor(defender).hand.cards, attack_total)
        prompt = f"{d_name} defends: choose a card ({_smallest_text(odds, 'holds')})"
        return [
            _card_choices(prompt, odds, values, "holds", "smallest sure defence"),
            line(f"{a_name} has chosen a card face down."),
        ]
    if not tbl.actor(defender).hand.cards:  # only the initiative card was left
        return [line(f"{d_name} has no card in hand until the combat ends.")]
    if not tbl.actor(attacker).hand.cards:
        return [line(f"{a_name} has no card in hand until the combat ends.")]
    defence_total = opponent_total(defence_base, tbl.actor(defender).hand.cards)
    odds = attacking(attack_pool.base, tbl.actor(attacker).hand.cards, defence_total)
    prompt = f"{a_name} attacks {d_name}: choose a card face down ({_smallest_text(odds, 'hits')})"
    return [_card_choices(prompt, odds, values, "hits", "smallest sure hit")]


def _turn_line(tbl: Table, choice: str, attacker: SideKey) -> Block:
    turn = next_to_act(tbl)
    order = ", then ".join(tbl.actor(key).name for key in tbl.order)
    if turn is None:
        return line(
            f"No combat under way: {tbl.actor(attacker).name} attacks. "
            "Play initiative to set the order."
        )
    if choice in (AUTO, turn):
        return line(f"{tbl.actor(attacker).name}'s turn (initiative: {order}).")
    return line(
        f"{tbl.actor(attacker).name} attacks out of turn (chosen by hand); "
        f"it is {tbl.actor(turn).name}'s turn (initiative: {order})."
    )


def _fight_preview(tbl: Table, values: Mapping[str, Any]) -> list[Block]:
    attacker = acting_side(tbl, values["attacker"])
    defender = other(attacker)
    kind = Attack(values["attack_kind"])
    defence = defence_for(tbl.actor(defender), kind, _gear(values, defender))
    a_name, d_name = tbl.actor(attacker).name, tbl.actor(defender).name
    fatigue = (
        [note(f"{d_name} is fatigued: a mundane attack lowers the threshold by {FATIGUE_LOSS}.")]
        if values[f"{defender}_fatigued"] and kind is Attack.MUNDANE
        else []
    )
    return [
        step(
            [
                _turn_line(tbl, values["attacker"], attacker),
                *_fight_step(tbl, values, attacker, kind),
            ]
        ),
        facts(
            [
                (
                    "Attack before the card",
                    f"{a_name}: {describe_pool(_pool(values, attacker).parts())}",
                ),
                (
                    "Defence before the card",
                    f"{d_name} ({kind.value}): {describe_pool(defence.parts())}",
                ),
            ]
        ),
        *fatigue,
        _side_facts(tbl, "a", thresholds=True),
        _side_facts(tbl, "b", thresholds=True),
        note(TURN_RULE),
        note(UNKNOWN_CARD_MODEL),
        note(DAMAGE_RULE),
    ]


def _contest_preview(tbl: Table, values: Mapping[str, Any]) -> list[Block]:
    pools = (_pool(values, "a"), _pool(values, "b"))
    pending = tbl.pending
    steps: list[Block]
    if pending is not None and pending.kind == "contest":
        mover, foe, index = tbl.b, tbl.a, 1
    else:
        mover, foe, index = tbl.a, tbl.b, 0
    if not mover.hand.cards:
        steps = [line(f"{mover.name} has no card in hand until the combat ends.")]
    else:
        foe_total = opponent_total(pools[1 - index].base, foe.hand.cards)
        odds = contesting(pools[index].base, mover.hand.cards, foe_total)
        prompt = (
            f"{mover.name} contests {foe.name}: choose a card face down "
            f"({_smallest_text(odds, 'prevails')})"
        )
        steps = [_card_choices(prompt, odds, values, "prevails", "smallest sure win")]
        if index == 1:
            steps.append(line(f"{foe.name} has chosen a card face down."))
    return [
        step(steps),
        facts(
            [
                (f"{tbl.a.name}'s pool before the card", describe_pool(pools[0].parts())),
                (f"{tbl.b.name}'s pool before the card", describe_pool(pools[1].parts())),
            ]
        ),
        _side_facts(tbl, "a", thresholds=False),
        _side_facts(tbl, "b", thresholds=False),
        note(CONTEST_TIE_RULE),
        note(UNKNOWN_CARD_MODEL),
    ]


def _powers_preview(tbl: Table, values: Mapping[str, Any]) -> list[Block]:
    side: SideKey = values["power_side"]
    actor = tbl.actor(side)
    power = values["power"]
    steps: list[Block]
    if power.startswith("back_in_the_fight"):
        effect = refresh_effect(power)
        able = refreshable(actor.hand, effect)
        if not able:
            steps = [line(f"{effect.label}: {actor.name} has no spent card it can return.")]
        elif effect.count is None:
            steps = [line(f"{effect.label}: {actor.name} gets back {card_list(able)}.")]
        else:
            options = [
                option(card_name(card), _request(values, "power", power_card=card)) for card in able
            ]
            steps = [choices(f"{effect.label}: choose the card {actor.name} gets back", options)]
        steps.append(note(f"{effect.power}: \u201c{effect.text}\u201d"))
    else:
        restoring = restore_effect(power)
        steps = [note(f"{restoring.power}: \u201c{restoring.text}\u201d")]
    return [
        step(steps),
        _side_facts(tbl, side, thresholds=True),
        note(POWERS_RULE),
        note(REST_RULE),
    ]


def _preview(tbl: Table, values: Mapping[str, Any], specs: Mapping[SideKey, Actor]) -> list[Block]:
    mode = values["mode"]
    warnings: list[Block] = []
    shown: tuple[SideKey, ...] = ("a",) if mode == "test" else SIDES
    for key in shown:
        if differs_from_form(tbl.actor(key), specs[key], fight=mode in ("fight", "powers")):
            warnings.append(
                note(
                    f"Side {key.upper()} in play is a {describe_kind(tbl.actor(key))}; the form "
                    f"describes a {describe_kind(specs[key])}. Press Reset to play with the form's."
                )
            )
    if mode == "fight":
        blocks = _fight_preview(tbl, values)
    elif mode == "contest":
        blocks = _contest_preview(tbl, values)
    elif mode == "powers":
        blocks = _powers_preview(tbl, values)
    else:
        blocks = _test_preview(tbl, values, _pool(values, "a"))
    # The step comes first; a hand that is not the form's is said above it.
    blocks[0] = step([*warnings, *blocks[0]["blocks"]])
    blocks.append(_log_block(tbl))  # the long record last, below the hand
    return blocks


def describe_kind(actor: Actor) -> str:
    thresholds = f"mundane {actor.mundane.base}"
    if actor.supernatural is not None:
        thresholds += f", supernatural {actor.supernatural.base}"
    return f"{actor.nature.value} {actor.rank.label} (base {thresholds})"


# ---------------------------------------------------------------- moves


def _pick(call: Call) -> object:
    return call.extra.get("pick")


def _play_test(tbl: Table, call: Call) -> tuple[Table, list[Block]]:
    values = call.values
    card = _pick(call) if "pick" in call.extra else values["card"]
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


def _play_contest(tbl: Table, call: Call) -> tuple[Table, list[Block]]:
    values = call.values
    pools = (_pool(values, "a"), _pool(values, "b"))
    if "pick" in call.extra:
        pending = tbl.pending
        if pending is None or pending.kind != "contest":
            tbl = choose_contest_card(tbl, _pick(call))
            return tbl, [
                line(f"{tbl.a.name} has chosen a card face down. {tbl.b.name}: choose a card.")
            ]
        tbl, result = play_contest(
            tbl, pools, pending.pick("a"), _pick(call), fields=("pick", "pick")
        )
    else:
        tbl, result = play_contest(tbl, pools, values["card"], values["contest_card"])
    names = (tbl.a.name, tbl.b.name)
    headline = (
        outcome("STAND-OFF: neither prevails")
        if result.winner is None
        else outcome(f"{names[result.winner].upper()} PREVAILS")
    )
    return tbl, [
        headline,
        line(
            f"{names[0]}: {describe_pool(pools[0].parts(), result.cards[0])}; "
            f"{names[1]}: {describe_pool(pools[1].parts(), result.cards[1])}."
        ),
        line(tbl.log[-1]),
        note(CONTEST_TIE_RULE),
    ]


def _play_fight(tbl: Table, call: Call) -> tuple[Table, list[Block]]:
    values = call.values
    attacker = acting_side(tbl, values["attacker"])
    defender = other(attacker)
    kind = Attack(values["attack_kind"])
    attack_pool, gear = _pool(values, attacker), _gear(values, defender)
    fatigued = values[f"{defender}_fatigued"]
    if "pick" in call.extra:
        tbl, maybe = play_fight_card(tbl, attacker, _pick(call), attack_pool, gear, kind, fatigued)
        if maybe is None:
            name, foe = tbl.actor(attacker).name, tbl.actor(defender).name
            return tbl, [line(f"{name} has chosen a card face down. {foe}: choose a defence card.")]
        result = maybe
    else:
        tbl, result = resolve_exchange(
            tbl,
            attacker,
            attack_pool,
            values["card"],
            gear,
            values["defence_card"],
            kind,
            defender_fatigued=fatigued,
        )
    hit_or_held = (
        outcome(f"HIT: {result.damage} damage to {result.defender.name}")
        if result.hit
        else outcome(f"HELD: {result.defender.name} defends")
    )
    turn = next_to_act(tbl)
    after = [line(f"Next: {tbl.actor(turn).name}'s turn.")] if turn is not None else []
    return tbl, [
        hit_or_held,
        line(
            f"Attack: {describe_pool(attack_pool.parts(), result.attacker_card)}; "
            f"defence: {describe_pool(result.defence_pool.parts(), result.defender_card)}."
        ),
        line(tbl.log[-1]),
        *after,
        note(DAMAGE_RULE),
        note(HEALTH_RULE),
    ]


def _play(tbl: Table, call: Call) -> tuple[Table, list[Block]]:
    mode = call.values["mode"]
    if mode == "test":
        return _play_test(tbl, call)
    if mode == "contest":
        return _play_contest(tbl, call)
    if mode == "fight":
        return _play_fight(tbl, call)
    raise RulesInputError(
        "mode", "Play card is for tests, fights and contests: choose one of them."
    )


def _initiative(tbl: Table, call: Call) -> tuple[Table, list[Block]]:
    if call.values["mode"] != "fight":
        raise RulesInputError("mode", "Initiative is for fights: choose Defended: a fight.")
    if "pick" not in call.extra:
        tbl = start_initiative(tbl)
        return tbl, [line(f"Initiative: {tbl.a.name} chooses a card face down, then {tbl.b.name}.")]
    side = initiative_chooser(tbl)
    tbl, result = choose_initiative_card(tbl, side, _pick(call), call.rng)
    if result is None:
        return tbl, [line(f"{tbl.a.name} has chosen face down. {tbl.b.name}: choose a card.")]
    first = tbl.actor(tbl.order[0]).name
    return tbl, [outcome(f"{first} acts first"), line(tbl.log[-1]), note(INITIATIVE_RULE)]


def _power(tbl: Table, call: Call) -> tuple[Table, list[Block]]:
    values = call.values
    if values["mode"] != "powers":
        raise RulesInputError("mode", "Use power is for powers: choose Powers.")
    tbl = use_power(
        tbl, values["power_side"], values["power"], values["power_card"], values["power_threshold"]
    )
    return tbl, [outcome("Power used"), line(tbl.log[-1]), note(POWERS_RULE)]


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
    elif call.action == "power":
        tbl, view = _power(tbl, call)
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
            "play out a fight exchange by exchange in initiative order, contest attack "
            "pools, or refresh cards and restore thresholds; decks and thresholds are kept."
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
            Action("play", "Play card", random=False, shown_when=_when(TEST, FIGHT, CONTEST)),
            Action("odds", "Hand and odds", auto=True, random=False),
            # Each button only where it applies: the fight's in fight mode,
            # the power in powers mode; Rest where thresholds are shown.
            Action("initiative", "Play initiative", random=False, shown_when=_when(FIGHT)),
            Action("end_combat", "End combat", random=False, shown_when=_when(FIGHT)),
            Action("power", "Use power", random=False, shown_when=_when(POWERS)),
            Action(
                "rest", "Rest (restore thresholds)", random=False, shown_when=_when(FIGHT, POWERS)
            ),
            Action("reset", "Reset decks", random=False),
        ),
        handler=handle,
        stateful=True,
        extra_keys=("pick",),
        step_before="card",
    ),
)
