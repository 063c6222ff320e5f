"""Widget ``judge_two.judge``: roll, then judge the dice (The Way of All the Earth).

The roll shows every legal judgment as a card; picking one sends the same
request back with the same seed (so the same dice) and the chosen judgment in
``choice``. The recommended judgment carries a badge and is never picked for
the player, except when there is nothing to judge (doubles).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_py.core.errors import RulesInputError, describe
from rules_py.judge_two import attacks, group
from rules_py.judge_two import judging as jt
from rules_py.judge_two.odds import judge_odds
from rules_py.judge_two.tables import tables
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    Widget,
    bool_field,
    chance_text,
    chart,
    choice_field,
    choices,
    dice,
    die_face,
    facts,
    int_field,
    line,
    note,
    option,
    outcome,
)

__all__ = ["WIDGETS"]

TEST, SAVE, GROUP = "test", "save", "group"
SINGLE = {"mode": (TEST, SAVE)}
ATTACK_TEST = {"attack": ("true",), "mode": (TEST, GROUP)}
ATTACK_ANY = {"attack": ("true",)}
RECOMMENDED = "Recommended"
PRIORITY_CHOICES = [
    (jt.Priority.SUCCESS.value, "Success first"),
    (jt.Priority.INNOCENCE.value, "Innocence first"),
    (jt.Priority.DEGREES.value, "Most degrees first"),
]
NPC_KINDS = [("character", "Foe"), ("brute", "Brute"), ("nemesis", "Nemesis")]
DISGUISE_CHOICES = [("none", "None"), *((row.disguise, row.label) for row in tables().disguises)]
ARMOUR_CHOICES = [("none", "None"), *((row.armour, row.label) for row in tables().armour)]

# ------------------------------------------------------------------ words


def _tone(j_outcome: jt.Outcome) -> str:
    if j_outcome is jt.Outcome.INNOCENT_SUCCESS:
        return "good"
    if j_outcome is jt.Outcome.GUILTY_FAILURE:
        return "bad"
    return "neutral"


def _trait(values: Mapping[str, Any]) -> str:
    return str(values["attribute"] if values["mode"] == TEST else values["essence"])


def _conditions(values: Mapping[str, Any]) -> jt.Conditions:
    kind = jt.ActionKind.SAVE if values["mode"] == SAVE else jt.ActionKind.TEST
    return jt.resolve_conditions(
        kind,
        bold=values["bold"],
        faint=values["faint"],
        quick=values["quick"],
        long=values["long"],
    )


def _cl(values: Mapping[str, Any]) -> int:
    """The challenge level as set, moved by the environment (a single roll only)."""
    if values["mode"] == GROUP:
        return int(values["cl"])
    return jt.moved_cl(
        values["cl"], favoured=values["cover"], npc_environment=values["npc_environment"]
    )


def _rank(values: Mapping[str, Any]) -> int:
    """The rank added to the Light die: none for a test without the proficiency."""
    proficient = values["mode"] != TEST or not values["not_proficient"]
    return jt.final_light_rank(values["rank"], proficient=proficient)


def _setting_notes(values: Mapping[str, Any]) -> list[Block]:
    """What moved the challenge level or the rank, and the choices the site made."""
    blocks: list[Block] = []
    if values["mode"] == GROUP:
        return blocks
    cl = _cl(values)
    if cl != values["cl"] or (values["cover"] and values["npc_environment"]):
        why = [
            *(["cover or high ground -1"] if values["cover"] else []),
            *(
                ["the environment used by a non-player character +1"]
                if values["npc_environment"]
                else []
            ),
        ]
        blocks.append(line(f"Challenge level {values['cl']}, {', '.join(why)}: {cl}."))
        if values["cover"] and values["npc_environment"]:
            blocks.append(note(jt.CL_MOVE_RULE))
    if values["mode"] == TEST and values["not_proficient"]:
        blocks.append(note(jt.PROFICIENCY_RULE))
    return blocks


def _ranks(values: Mapping[str, Any]) -> tuple[int, ...]:
    names = ("rank1", "rank2", "rank3")[: int(values["players"])]
    return tuple(int(values[name]) for name in names)


def _condition_lines(conditions: jt.Conditions) -> list[Block]:
    blocks: list[Block] = [line(text) for text in jt.condition_lines(conditions)]
    blocks.extend(note(text) for text in conditions.notes)
    return blocks


# ------------------------------------------------------------------ odds


def _outcome_facts(chance_of: Any, dice_count: int) -> Block:
    """Chances over the number of ordered rolls (36, 216...), as a player would count."""
    over = jt.SIDES**dice_count
    return facts([(o.value, chance_text(chance_of(o), over)) for o in jt.Outcome])


def _degree_chart(distribution: Any, title: str, summary: str) -> Block:
    bars = [(jt.signed(d), p) for d, p in distribution.items()]
    return chart(
        title,
        bars,
        highlight=[jt.signed(d) for d in distribution if d >= 0],
        marks=f"Success: {jt.signed(0)} or more",
        mean=distribution.mean(),
        summary=summary,
    )


def _single_odds(values: Mapping[str, Any]) -> list[Block]:
    conditions = _conditions(values)
    priority = jt.Priority(values["priority"])
    rank, cl = _rank(values), _cl(values)
    odds = judge_odds(rank, cl, conditions.dice, priority)
    who = f"{_trait(values)} {rank} against CL {cl}"
    return [
        *_setting_notes(values),
        line(
            f"{who}, {conditions.dice.value} roll, judged {jt.PRIORITY_TEXT[priority]}: "
            f"success {chance_text(odds.success)}."
        ),
        _outcome_facts(odds.chance, conditions.dice_rolled),
        _degree_chart(
            odds.degrees,
            "Degrees (+ success, - failure)",
            f"Degrees of success or failure for {who}; success (+0 or more) "
            f"{chance_text(odds.success)}.",
        ),
        *(note(text) for text in conditions.notes),
    ]


def _group_odds(values: Mapping[str, Any]) -> list[Block]:
    ranks = _ranks(values)
    priority = jt.Priority(values["priority"])
    odds = group.group_odds(ranks, values["cl"], priority)
    who = f"{len(ranks)} players (ranks {', '.join(map(str, ranks))}) against CL {values['cl']}"
    return [
        line(
            f"Group test, {who}, judged {jt.PRIORITY_TEXT[priority]}: "
            f"success {chance_text(odds.success)}."
        ),
        _outcome_facts(odds.chance, 2 * len(ranks)),
        _degree_chart(
            odds.degrees,
            "Total degrees (+ success, - failure)",
            f"Total degrees for {who}; success (+0 or more) {chance_text(odds.success)}.",
        ),
        note(group.IGNORED_CONDITIONS_RULE),
    ]


# ------------------------------------------------------------------ one character


def _key(j: jt.Judgment) -> str:
    return f"{j.light}-{j.truth}"


def _judgment_option(j: jt.Judgment, best: jt.Judgment, picked: jt.Judgment | None) -> Any:
    return option(
        f"Light {j.light} \u00b7 Truth {j.truth}",
        {"choice": _key(j)},
        lines=[f"Final Light {j.final_light} vs CL {j.cl}", j.label],
        badge=RECOMMENDED if j == best else "",
        selected=picked is not None and j == picked,
    )


def _rolled_dice(roll: jt.Roll, picked: jt.Judgment | None) -> list[Block]:
    """All dice before judging; after it, the Light, the Truth and any left out."""
    if picked is None:
        faces = [
            die_face(v, jt.SIDES, *(("dropped", "discarded") if i == roll.discarded else ()))
            for i, v in enumerate(roll.dice)
        ]
        return [dice("Dice", faces)]
    unused = [
        die_face(v, jt.SIDES, "dropped")
        for i, v in enumerate(roll.dice)
        if i not in (picked.light_index, picked.truth_index)
    ]
    blocks = [
        dice("Light", [die_face(picked.light, jt.SIDES, "kept")]),
        dice("Truth", [die_face(picked.truth, jt.SIDES)]),
    ]
    if unused:
        label = "Discarded" if roll.mode is jt.DiceMode.FAINT else "Ignored"
        blocks.append(dice(label, unused))
    return blocks


def _pick(options: Sequence[Any], wanted: object, keyed: Any) -> Any:
    known = [keyed(o) for o in options]
    if not isinstance(wanted, str) or wanted not in known:
        raise RulesInputError(
            "choice",
            f"That judgment is not open for these dice: choose one of {', '.join(known)} "
            f"(got {describe(wanted)}).",
        )
    return options[known.index(wanted)]


def _single_roll(values: Mapping[str, Any], call: Call) -> list[Block]:
    conditions = _conditions(values)
    priority = jt.Priority(values["priority"])
    judging = jt.roll_and_judge(conditions, _rank(values), _cl(values), call.rng, priority)
    picked = judging.forced
    if "choice" in call.extra:
        picked = _pick(judging.options, call.extra["choice"], _key)
    blocks: list[Block] = [
        *_rolled_dice(judging.roll, picked),
        *_condition_lines(conditions),
        *_setting_notes(values),
    ]
    if picked is None:
        blocks.append(
            line(
                f"Choose your judgment. The recommended one ({jt.PRIORITY_TEXT[priority]}) "
                "is marked; any other is yours to take."
            )
        )
    else:
        blocks.extend(_judged(values, conditions, picked, judging.doubles))
    if not judging.doubles:
        blocks.append(
            choices(
                "Judge the dice: which is Light, which is Truth?",
                [_judgment_option(j, judging.best, picked) for j in judging.options],
            )
        )
    return blocks


def _judged(
    values: Mapping[str, Any], conditions: jt.Conditions, j: jt.Judgment, doubles: bool
) -> list[Block]:
    after = jt.aftermath(j, conditions)
    blocks: list[Block] = [
        outcome(j.label, _tone(j.outcome)),  # type: ignore[arg-type]
        facts(
            [
                ("Light", str(j.light)),
                ("Truth", f"{j.truth} ({'innocent' if j.innocent else 'guilty'})"),
                ("Final Light", f"{j.light} + {_trait(values)} {j.rank} = {j.final_light}"),
                ("Challenge level", str(j.cl)),
                ("Degrees", jt.signed(j.degrees)),
            ]
        ),
        line(tables().outcome(j.outcome.value).text),
        line(after.text),
    ]
    if doubles:
        blocks.append(note(jt.DOUBLES_RULE))
    if values["attack"]:
        blocks.extend(_single_attack(values, j))
    return blocks


# ------------------------------------------------------------------ attacks


def _defender(values: Mapping[str, Any], kind: str) -> attacks.Defender:
    return attacks.Defender(
        attacks.DefenderKind(kind),
        values["risk"],
        values["resistance"],
        values["resolve"],
        omen_met=values["omen"],
    )


def _attack_blocks(result: attacks.AttackResult, whom: str) -> list[Block]:
    blocks: list[Block] = [
        line(
            f"The attack succeeds: {_degrees(result.base_degrees)} of success, plus "
            f"{whom}'s counted risk {result.counted_risk} (risk less resistance and "
            f"resolve): {result.degrees}."
        ),
        line(f"It imposes {attacks.consequences_text(result.options)}."),
    ]
    if result.risk_imposed:
        critical = " (critical state)" if result.critical else ""
        blocks.append(line(f"{whom.capitalize()}'s risk: {result.risk_after}{critical}."))
    blocks.extend(note(text) for text in result.notes)
    return blocks


def _degrees(count: int) -> str:
    return f"{count} degree" if count == 1 else f"{count} degrees"


def _exchange_blocks(exchange: attacks.Exchange, values: Mapping[str, Any]) -> list[Block]:
    if exchange.result is not None:
        blocks = _attack_blocks(exchange.result, "the defender")
        if values["disguised"] and attacks.disguise_revealed(exchange.result.risk_after):
            blocks.append(line(attacks.DISGUISE_REVEALED))
        return blocks
    blocks = [line("The attack fails: the defence succeeds.")]
    if exchange.counter:
        blocks.append(
            line(
                "If the defender can counter-attack, they impose "
                f"{attacks.consequences_text(exchange.counter)} on the attacker "
                f"(attacker's risk {exchange.attacker_risk})."
            )
        )
    blocks.extend(line(text) for text in exchange.notes)
    return blocks


def _single_attack(values: Mapping[str, Any], j: jt.Judgment) -> list[Block]:
    blocks: list[Block] = [note(attacks.ATTACK_DEGREES_RULE)]
    if values["mode"] == TEST:
        exchange = attacks.pc_attack(
            j.degrees,
            _defender(values, values["defender"]),
            attacker_risk=values["attacker_risk"],
            veiled=values["veiled"],
            misdirected=values["misdirected"],
        )
        blocks.extend(_exchange_blocks(exchange, values))
        if attacks.burdened(
            j.outcome,
            armour=values["armour"],
            captain=values["captain"],
            disguise=values["disguise"],
        ):
            blocks.append(line(attacks.BURDENED_EFFECT))
        return blocks
    exchange = attacks.npc_attack(
        j.degrees,
        _defender(values, "character"),
        attacker=attacks.DefenderKind(values["attacker"]),
        attacker_risk=values["attacker_risk"],
        brutes=values["brutes"],
        player_characters=values["player_characters"],
    )
    blocks.extend(_exchange_blocks(exchange, values))
    return blocks


def _group_attack(values: Mapping[str, Any], j: group.GroupJudgment) -> list[Block]:
    blocks: list[Block] = [note(attacks.ATTACK_DEGREES_RULE)]
    kind = values["defender"]
    if not j.success:
        blocks.append(line("The group attack fails: the defence succeeds."))
        blocks.append(line(attacks.group_counter(attacks.DefenderKind(kind))))
        return blocks
    result = attacks.group_attack(j.degrees, _defender(values, kind), veiled=values["veiled"])
    for number, each in enumerate(result.each, start=1):
        blocks.append(
            line(
                f"Player {number}: {_degrees(each.degrees)} with the defender's risk, imposes "
                f"{attacks.consequences_text(each.options)}."
            )
        )
    blocks.append(
        line(
            f"Risk imposed in all: {result.risk_imposed}; the defender's risk: {result.risk_after}."
        )
    )
    blocks.extend(note(text) for text in result.notes)
    return blocks


# ------------------------------------------------------------------ group


def _group_key(j: group.GroupJudgment) -> str:
    return f"{'.'.join(map(str, j.lights))}-{j.truth}"


def _group_roll(values: Mapping[str, Any], call: Call) -> list[Block]:
    ranks = _ranks(values)
    cl = values["cl"]
    priority = jt.Priority(values["priority"])
    rolled = group.roll_group(len(ranks), call.rng)
    options = group.group_options(rolled, ranks, cl)
    best = group.group_recommended(options, priority)
    picked = group.only_choice(options)
    if "choice" in call.extra:
        picked = _pick(options, call.extra["choice"], _group_key)
    blocks: list[Block] = [
        dice(
            f"Player {number}'s dice",
            [die_face(v, jt.SIDES) for v in rolled[2 * (number - 1) : 2 * number]],
        )
        for number in range(1, len(ranks) + 1)
    ]
    if picked is None:
        blocks.append(
            line(
                "Each player takes one die as their Light; together you choose one "
                f"Truth die. The recommended judgment ({jt.PRIORITY_TEXT[priority]}) is marked."
            )
        )
    else:
        blocks.extend(_group_judged(values, picked))
    if len(options) > 1:
        blocks.append(
            choices(
                "Judge the group's dice: which is the Truth die?",
                [
                    option(
                        f"Truth {j.truth} \u00b7 Lights {', '.join(map(str, j.lights))}",
                        {"choice": _group_key(j)},
                        lines=[
                            "Final Lights " + ", ".join(map(str, j.final_lights)) + f" vs CL {cl}",
                            j.label,
                        ],
                        badge=RECOMMENDED if j == best else "",
                        selected=picked is not None and j == picked,
                    )
                    for j in options
                ],
            )
        )
        blocks.append(note(group.GROUP_CHOICE_RULE))
    return blocks


def _group_judged(values: Mapping[str, Any], j: group.GroupJudgment) -> list[Block]:
    rows = [
        (
            f"Player {n}",
            f"Light {light} + rank {rank} = {final} ({jt.signed(final - j.cl)})",
        )
        for n, (light, rank, final) in enumerate(
            zip(j.lights, j.ranks, j.final_lights, strict=True), start=1
        )
    ]
    guilty = not j.innocent
    blocks: list[Block] = [
        outcome(j.label, _tone(j.outcome)),  # type: ignore[arg-type]
        facts(
            [
                *rows,
                ("Truth", f"{j.truth} ({'guilty' if guilty else 'innocent'})"),
                ("Total degrees", jt.signed(j.total)),
            ]
        ),
        line(group.intervention_text(j)),
        note(group.SHARING_RULE),
    ]
    if values["attack"]:
        blocks.extend(_group_attack(values, j))
    return blocks


# ------------------------------------------------------------------ handler


def handle(call: Call) -> dict[str, Any]:
    values = call.values
    is_group = values["mode"] == GROUP
    if call.action == "odds":
        view = _group_odds(values) if is_group else _single_odds(values)
    else:
        view = _group_roll(values, call) if is_group else _single_roll(values, call)
    return {"view": view}


ATTACK_SAVE = {"attack": ("true",), "mode": (SAVE,)}
RESISTANCE_HELP = "; ".join(
    f"{row.label.split(' (')[0].lower()} {row.resistance}"
    for row in attacks.RESISTANCE_SOURCES
    if row.resistance is not None
)

FIELDS: tuple[Field, ...] = (
    choice_field(
        "mode",
        "Roll",
        [(TEST, "Test (attribute)"), (SAVE, "Save (essence)"), (GROUP, "Group test")],
    ),
    choice_field(
        "attribute",
        "Attribute",
        [(name, name) for name in jt.ATTRIBUTES],
        "Arm",
        shown_when={"mode": (TEST,)},
    ),
    choice_field(
        "essence",
        "Essence",
        [(name, name) for name in jt.ESSENCES],
        "Strength",
        help=jt.ESSENCE_CAP_RULE,
        shown_when={"mode": (SAVE,)},
    ),
    int_field("rank", "Rank", 1, jt.RANK_MIN, jt.RANK_MAX, shown_when=SINGLE),
    bool_field(
        "not_proficient",
        "Not proficient",
        help="Without the weapon's proficiency (or, in a social test or subtle attack, "
        "the language's) the rank is not added to the Light die.",
        shown_when={"mode": (TEST,)},
    ),
    choice_field(
        "players",
        "Players",
        [(str(n), {2: "Two", 3: "Three"}[n]) for n in range(group.GROUP_MIN, group.GROUP_MAX + 1)],
        shown_when={"mode": (GROUP,)},
    ),
    *(
        int_field(
            f"rank{n}",
            f"Player {n}'s rank",
            1,
            jt.RANK_MIN,
            jt.RANK_MAX,
            shown_when={"mode": (GROUP,)}
            if n <= group.GROUP_MIN
            else {"mode": (GROUP,), "players": (str(n),)},
        )
        for n in range(1, group.GROUP_MAX + 1)
    ),
    int_field(
        "cl",
        "Challenge level",
        6,
        jt.ANY_CL_MIN,
        jt.ANY_CL_MAX,
        help="Set by the gamemaster (4 to 8), an opposing character's power level, or, "
        "player against player, the attacker's Final Light (1 to 9).",
    ),
    bool_field(
        "cover",
        "Cover or high ground",
        help="The environment strongly benefits the action: challenge level -1.",
        shown_when=SINGLE,
    ),
    bool_field(
        "npc_environment",
        "Opponent uses the environment",
        help="A non-player character manipulates the environment in their favour: "
        "challenge level +1.",
        shown_when=SINGLE,
    ),
    bool_field(
        "bold", "Bold", help="Roll three dice, judge two, ignore the third.", shown_when=SINGLE
    ),
    bool_field(
        "faint",
        "Faint",
        help="Roll three dice, discard the highest, judge the rest.",
        shown_when=SINGLE,
    ),
    bool_field(
        "quick",
        "Quick",
        help="No gamemaster intervention, whatever the Truth die.",
        shown_when=SINGLE,
        advanced=True,
    ),
    bool_field(
        "long",
        "Long",
        help="The gamemaster intervenes first. A long save is faint.",
        shown_when=SINGLE,
        advanced=True,
    ),
    choice_field(
        "priority",
        "Recommend",
        PRIORITY_CHOICES,
        jt.Priority.SUCCESS.value,
        help="Success first: then innocence, then the most degrees. Innocence first: then "
        "success, then degrees. Most degrees first: then innocence.",
        advanced=True,
    ),
    bool_field(
        "attack",
        "Attack or defence",
        help="Show what the result imposes: a test attacks, a save defends.",
    ),
    choice_field("defender", "Defender", NPC_KINDS, shown_when=ATTACK_TEST),
    choice_field("attacker", "Attacker", NPC_KINDS, shown_when=ATTACK_SAVE),
    int_field(
        "brutes",
        "Brutes in the conflict",
        4,
        1,
        attacks.HEADCOUNT_MAX,
        help="Decides a counter-attack on a brute.",
        shown_when={**ATTACK_SAVE, "attacker": ("brute",)},
    ),
    int_field(
        "player_characters",
        "Player characters",
        4,
        1,
        attacks.HEADCOUNT_MAX,
        shown_when={**ATTACK_SAVE, "attacker": ("brute",)},
    ),
    int_field("risk", "Defender's risk", 0, 0, attacks.RISK_MAX, shown_when=ATTACK_ANY),
    int_field(
        "resistance",
        "Defender's resistance",
        0,
        0,
        attacks.RESISTANCE_MAX,
        help=f"Armour and prestige: {RESISTANCE_HELP}.",
        shown_when=ATTACK_ANY,
    ),
    int_field(
        "resolve",
        "Defender's resolve",
        0,
        0,
        attacks.RESISTANCE_MAX,
        help=f"The captain's proficiency gives {attacks.CAPTAIN_RESOLVE}.",
        shown_when=ATTACK_ANY,
    ),
    bool_field(
        "disguised",
        "Defender is disguised",
        help="At 7 or more risk the disguise fails.",
        shown_when=ATTACK_ANY,
    ),
    bool_field(
        "omen",
        "Omen condition met",
        help="Until it is, the nemesis takes no risk.",
        shown_when={"attack": ("true",), "mode": (TEST, GROUP), "defender": ("nemesis",)},
    ),
    bool_field(
        "veiled",
        "Veiled attack",
        help="Risk only: no threats, marks or finishers.",
        shown_when=ATTACK_TEST,
    ),
    bool_field(
        "misdirected",
        "Attacking the one who misdirected you",
        help="Half the risk (rounded down), no threats or marks; success ends the misdirection.",
        shown_when={"attack": ("true",), "mode": (TEST,)},
    ),
    int_field(
        "attacker_risk",
        "Attacker's risk",
        0,
        0,
        attacks.RISK_MAX,
        help=f"Decides a counter-attack: {attacks.CRITICAL_RISK} or more allows two threats "
        "or a mark.",
        shown_when={"attack": ("true",), "mode": SINGLE["mode"]},
    ),
    choice_field(
        "armour",
        "Your armour",
        ARMOUR_CHOICES,
        shown_when={"attack": ("true",), "mode": (TEST,)},
    ),
    bool_field(
        "captain",
        "Captain's proficiency",
        help="Heavy armour then burdens only on a guilty failure.",
        shown_when={"attack": ("true",), "mode": (TEST,), "armour": ("heavy",)},
    ),
    choice_field(
        "disguise",
        "Your disguise",
        DISGUISE_CHOICES,
        help="A disguise burdens as armour does.",
        shown_when={"attack": ("true",), "mode": (TEST,)},
    ),
)

WIDGETS = (
    Widget(
        name="judge_two.judge",
        title="Judge Two judge",
        summary=(
            "Roll two dice (three if bold or faint), then judge one as Light and one as "
            "Truth; every judgment is shown, with a recommendation."
        ),
        hand_roll=(
            "Roll two six-sided dice. Choose one as the Light die and add your attribute "
            "(or essence) rank: equal to or above the challenge level succeeds. The other "
            "is the Truth die: 1-3 is guilty (the gamemaster intervenes), 4-6 innocent."
        ),
        fields=FIELDS,
        actions=(Action("roll", "Roll"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
        extra_keys=("choice",),
    ),
)
