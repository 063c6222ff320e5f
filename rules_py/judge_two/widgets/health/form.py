"""The form of ``judge_two.health``: its modes, fields and typed values."""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.judge_two import health, statuses
from rules_py.judge_two import judging as jt
from rules_py.judge_two.attacks import RISK_MAX
from rules_py.widget import Field, FormValues, bool_field, choice_field, int_field

__all__ = [
    "ADVANCE_NOTE",
    "ESSENCES",
    "FIELDS",
    "REST",
    "SCENE_END",
    "STATUS",
    "HealthValues",
    "mark_field",
]

STATUS, REST, SCENE_END, ESSENCES = "status", "rest", "scene_end", "essences"
ADVANCE_NOTE = (
    "The rules here do not say how a character advances: this tool raises the attribute "
    "you choose by one rank, up to 3, and works the essences out again."
)


@dataclass(frozen=True)
class HealthValues(FormValues):
    mode: str
    risk: int
    disarm: bool
    entangle: bool
    misdirect: bool
    weaken: bool
    mark_afflict: str
    mark_crush: str
    mark_pierce: str
    mark_stricken: str
    burdened: bool
    length: str
    scene_rest: str
    recover: str
    recover2: str
    arm: int
    breath: int
    eyes: int
    feet: int
    guts: int
    hands: int
    nose: int
    spirit: int
    tongue: int
    faith: int
    advance: str

    @property
    def threats(self) -> tuple[str, ...]:
        return tuple(t for t in statuses.THREATS if getattr(self, t))

    @property
    def marks(self) -> tuple[tuple[str, str], ...]:
        """Each mark borne with the form of the attack that imposed it."""
        pairs = ((m, getattr(self, mark_field(m))) for m in statuses.MARKS)
        return tuple((mark, form) for mark, form in pairs if form)

    @property
    def attributes(self) -> dict[str, int]:
        return {name: getattr(self, name.lower()) for name in jt.ATTRIBUTES}


def mark_field(mark: str) -> str:
    return f"mark_{mark}"


_MARKED = {"mode": (STATUS, REST, SCENE_END)}
_RECOVERY = [("", "None"), *((m, m.capitalize()) for m in statuses.MARKS)]

FIELDS: tuple[Field, ...] = (
    choice_field(
        "mode",
        "Show",
        [
            (STATUS, "Health and status"),
            (REST, "Rest"),
            (SCENE_END, "End of the scene: death check"),
            (ESSENCES, "Essences from attributes"),
        ],
    ),
    int_field("risk", "Risk", 0, 0, RISK_MAX, shown_when={"mode": (STATUS, REST)}),
    *(
        bool_field(threat, f"{threat.capitalize()} threat", shown_when={"mode": (STATUS,)})
        for threat in statuses.THREATS
    ),
    *(
        choice_field(
            mark_field(mark),
            f"{mark.capitalize()} mark",
            [("", "Not borne"), *((form, f"From a {form} attack") for form in statuses.FORMS)],
            shown_when=_MARKED,
        )
        for mark in statuses.MARKS
    ),
    bool_field("burdened", "Burdened", shown_when={"mode": (STATUS,)}),
    choice_field(
        "length",
        "Rest",
        [
            (statuses.QUICK, "Quick (ten or twenty minutes)"),
            (statuses.SHORT, "Short (two or three hours)"),
            (statuses.LONG, "Long (eight to ten hours)"),
        ],
        shown_when={"mode": (REST,)},
    ),
    choice_field(
        "scene_rest",
        "An immediate rest",
        [(health.NO_REST, "No chance to rest"), *((r, f"A {r} rest") for r in statuses.RESTS)],
        help=health.IMMEDIATE_REST_NOTE,
        shown_when={"mode": (SCENE_END,)},
    ),
    choice_field(
        "recover",
        "Recover from",
        _RECOVERY,
        help="A short rest: the afflict or the stricken mark. A long rest: any two.",
        shown_when={"mode": (REST, SCENE_END)},
    ),
    choice_field(
        "recover2", "And from (a long rest)", _RECOVERY, shown_when={"mode": (REST, SCENE_END)}
    ),
    *(
        int_field(name.lower(), name, 1, jt.RANK_MIN, jt.RANK_MAX, shown_when={"mode": (ESSENCES,)})
        for name in jt.ATTRIBUTES
    ),
    int_field(
        "faith",
        "Faith",
        0,
        jt.RANK_MIN,
        jt.RANK_MAX,
        help=jt.FAITH_RULE,
        shown_when={"mode": (ESSENCES,)},
    ),
    choice_field(
        "advance",
        "Advance",
        [("", "No advance"), *((name, f"Raise {name} by one") for name in jt.ATTRIBUTES)],
        help=ADVANCE_NOTE,
        shown_when={"mode": (ESSENCES,)},
    ),
)
