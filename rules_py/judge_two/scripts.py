"""Scripts in play in a subtle conflict (The Way of All the Earth, "Scripts").

    "each subtle conflict begins without any scripts in play"; "When a script
    is first drawn it immediately comes into the possession of the attacking
    character who drew it and it is readied by them"; "Only one copy of each
    script can be in play at one time"; it "can be disarmed and stolen"; "A
    character with a readied script can discard a script from play with the
    use of a deed"; "one character can only have two readied at one time";
    "When a subtle conflict ends all of the scripts that are in play are
    discarded automatically." "Impassioned scripts cannot be readied at the
    same time as a character's composure"; "A character can have two
    dispassionate scripts readied at the same time and if they do then the
    character loses the benefit of both of their scripts' bold attacks, but is
    granted bold attacks against brutes."

The table is a value with a JSON form, kept by the page between visits.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from rules_py.core.errors import RulesInputError, require_choice

__all__ = [
    "BASE_SCRIPTS",
    "BOLD_CONDITIONS",
    "DRAWN_UNREADIED_NOTE",
    "HOLDERS",
    "PASSIONS",
    "PASSION_NOTE",
    "READIED_MAX",
    "Facing",
    "InPlay",
    "ScriptTable",
    "bold_scripts",
    "disarm",
    "discard",
    "draw",
    "end_conflict",
    "from_json",
    "ready",
    "take",
]

BASE_SCRIPTS = ("appeal", "flatter", "rebuke", "scandalize")
BOLD_CONDITIONS: Mapping[str, str] = {
    "appeal": "Bold vs. defenders when attacker's risk = 6 or less",
    "flatter": "Bold vs. defenders when the defender's risk = 6 or less",
    "rebuke": "Bold vs. defenders with less prestige",
    "scandalize": "Bold vs. defenders without composure",
}
BOLD_RISK_MAX = 6
PASSIONS = ("dispassionate", "impassioned")
HOLDERS = ("A", "B", "C", "D")
READIED_MAX = 2
PASSION_NOTE = (
    "The text does not say whether the base scripts are impassioned or dispassionate: "
    "say which when a script is drawn."
)
DRAWN_UNREADIED_NOTE = (
    "A character with two scripts readied who draws a third holds it unreadied: "
    "no one has more than two readied (the text is silent on this case)."
)


@dataclass(frozen=True)
class InPlay:
    script: str
    holder: str  # "" while disarmed and lying free
    readied: bool
    passion: str


@dataclass(frozen=True)
class ScriptTable:
    in_play: tuple[InPlay, ...] = ()
    latest: tuple[str, ...] = ()  # what the last move did (not saved)

    def find(self, script: str) -> InPlay | None:
        return next((s for s in self.in_play if s.script == script), None)

    def readied_by(self, holder: str) -> tuple[InPlay, ...]:
        return tuple(s for s in self.in_play if s.holder == holder and s.readied)

    def to_json(self) -> dict[str, object]:
        return {
            "in_play": [
                {"script": s.script, "holder": s.holder, "readied": s.readied, "passion": s.passion}
                for s in self.in_play
            ]
        }


def _swap(table: ScriptTable, changed: InPlay, latest: list[str]) -> ScriptTable:
    kept = tuple(changed if s.script == changed.script else s for s in table.in_play)
    return ScriptTable(kept, tuple(latest))


def _held(table: ScriptTable, script: str) -> InPlay:
    require_choice("script", "Script", script, BASE_SCRIPTS)
    found = table.find(script)
    if found is None:
        raise RulesInputError("script", f"{script.capitalize()} is not in play.")
    return found


def _impassioned_line(holder: str, script: str) -> str:
    return (
        f"{holder} readies {script.capitalize()}, an impassioned script: {holder} loses "
        "composure (it cannot be readied with an impassioned script)."
    )


def draw(table: ScriptTable, script: str, holder: str, passion: str) -> ScriptTable:
    """A successful subtle attack by ``holder`` draws ``script`` into play."""
    require_choice("script", "Script", script, BASE_SCRIPTS)
    require_choice("holder", "Who", holder, HOLDERS)
    require_choice("passion", "Script's passion", passion, PASSIONS)
    if table.find(script) is not None:
        raise RulesInputError(
            "script", f"{script.capitalize()} is already in play: one copy of each script."
        )
    readied = len(table.readied_by(holder)) < READIED_MAX
    lines = [f"{holder} draws {script.capitalize()}" + (" and readies it" if readied else "")]
    if not readied:
        lines.append(DRAWN_UNREADIED_NOTE)
    elif passion == "impassioned":
        lines.append(_impassioned_line(holder, script))
    drawn = InPlay(script, holder, readied, passion)
    return ScriptTable((*table.in_play, drawn), tuple(lines))


def ready(table: ScriptTable, script: str, holder: str) -> ScriptTable:
    """``holder`` readies a script they hold (a deed)."""
    found = _held(table, script)
    if found.holder != holder:
        who = found.holder or "no one (it lies disarmed)"
        raise RulesInputError("holder", f"{script.capitalize()} is held by {who}, not {holder}.")
    if found.readied:
        raise RulesInputError("script", f"{holder} already has {script.capitalize()} readied.")
    if len(table.readied_by(holder)) >= READIED_MAX:
        raise RulesInputError(
            "script", f"{holder} already has {READIED_MAX} scripts readied, the most one can."
        )
    lines = [f"{holder} readies {script.capitalize()} (a deed)"]
    if found.passion == "impassioned":
        lines.append(_impassioned_line(holder, script))
    return _swap(table, replace(found, readied=True), lines)


def disarm(table: ScriptTable, script: str) -> ScriptTable:
    """A disarm threat strips the script: it lies free, to retrieve or steal."""
    found = _held(table, script)
    if not found.holder:
        raise RulesInputError("script", f"{script.capitalize()} is already disarmed.")
    line = f"{found.holder} is disarmed of {script.capitalize()}: anyone may take it"
    return _swap(table, replace(found, holder="", readied=False), [line])


def take(table: ScriptTable, script: str, holder: str) -> ScriptTable:
    """A disarmed script retrieved or stolen (a deed); readying it is another."""
    require_choice("holder", "Who", holder, HOLDERS)
    found = _held(table, script)
    if found.holder:
        raise RulesInputError(
            "script", f"{found.holder} holds {script.capitalize()}: disarm it first."
        )
    line = f"{holder} takes {script.capitalize()} (a deed); readying it is another"
    return _swap(table, replace(found, holder=holder), [line])


def discard(table: ScriptTable, script: str, holder: str) -> ScriptTable:
    """ "A character with a readied script can discard a script from play"."""
    found = _held(table, script)
    if not table.readied_by(holder):
        raise RulesInputError("holder", f"{holder} has no script readied, so cannot discard.")
    kept = tuple(s for s in table.in_play if s.script != found.script)
    line = f"{holder} discards {script.capitalize()} (a deed): it may be drawn again"
    return ScriptTable(kept, (line,))


def end_conflict(table: ScriptTable) -> ScriptTable:
    count = len(table.in_play)
    return ScriptTable((), (f"The subtle conflict ends: {count} scripts discarded",))


@dataclass(frozen=True)
class Facing:
    """What the bold conditions read about an attack."""

    attacker_risk: int
    defender_risk: int
    defender_less_prestige: bool
    defender_composed: bool
    defender_brute: bool


def _condition_met(script: str, facing: Facing) -> bool:
    return {
        "appeal": facing.attacker_risk <= BOLD_RISK_MAX,
        "flatter": facing.defender_risk <= BOLD_RISK_MAX,
        "rebuke": facing.defender_less_prestige,
        "scandalize": not facing.defender_composed,
    }[script]


def bold_scripts(table: ScriptTable, holder: str, facing: Facing) -> tuple[bool, list[str]]:
    """Whether ``holder``'s subtle attack is bold by a readied script, and why."""
    readied = table.readied_by(holder)
    if not readied:
        return False, [f"{holder} has no script readied: unscripted, no bold attack."]
    if len(readied) == READIED_MAX and all(s.passion == "dispassionate" for s in readied):
        said = "Two dispassionate scripts readied: no bold attack from either"
        if facing.defender_brute:
            return True, [f"{said}, but bold against brutes: bold."]
        return False, [f"{said}; bold only against brutes."]
    lines = []
    bold = False
    for s in readied:
        met = _condition_met(s.script, facing)
        bold = bold or met
        lines.append(
            f"{s.script.capitalize()}: {BOLD_CONDITIONS[s.script]}: {'met' if met else 'not met'}."
        )
    return bold, lines


def from_json(state: object) -> ScriptTable:
    """A table sent back by a page; anything malformed is refused."""
    unreadable = RulesInputError("state", "The scripts' saved state is not readable; start again.")
    if not isinstance(state, dict) or not isinstance(state.get("in_play"), list):
        raise unreadable
    table = ScriptTable()
    for raw in state["in_play"]:
        if not isinstance(raw, dict) or set(raw) != {"script", "holder", "readied", "passion"}:
            raise unreadable
        script, holder, readied, passion = (
            raw["script"],
            raw["holder"],
            raw["readied"],
            raw["passion"],
        )
        if (
            script not in BASE_SCRIPTS
            or table.find(script) is not None
            or holder not in ("", *HOLDERS)
            or not isinstance(readied, bool)
            or (readied and not holder)
            or passion not in PASSIONS
        ):
            raise unreadable
        table = ScriptTable((*table.in_play, InPlay(script, holder, readied, passion)))
        if holder and len(table.readied_by(holder)) > READIED_MAX:
            raise unreadable
    return table
