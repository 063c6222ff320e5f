"""The Way of All the Earth: the Judge Two System ("The Judge Two System").

    "Whenever a player character attempts a difficult action the player rolls
    two dice and then "judges" the dice by assigning one to be called the Light
    die and one to be called the Truth die. The result of the Light die, plus
    the player character's most relevant attribute, forms a sum that is
    compared against a challenge level set by the gamemaster."

This module holds the core: attributes and essences, the conditions of a roll
(bold, faint, quick, long), rolling, every legal judgment of a roll, and the
recommended judgment under a priority the player picks. Odds are in
:mod:`rules_py.judge_two.odds`, group tests in :mod:`rules_py.judge_two.group`,
attacks in :mod:`rules_py.judge_two.attacks`, rounds in
:mod:`rules_py.judge_two.rounds`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules_py.core.errors import RulesInputError, require_choice, require_int
from rules_py.core.rng import Rng

__all__ = [
    "ANY_CL_MAX",
    "ANY_CL_MIN",
    "ATTRIBUTES",
    "CANCEL_RULE",
    "CL_MAX",
    "CL_MIN",
    "CL_MOVE_RULE",
    "DICE_MODE_TEXT",
    "DOUBLES_RULE",
    "ESSENCES",
    "ESSENCE_CAP_RULE",
    "ESSENCE_SOURCES",
    "FAITH_RULE",
    "FINAL_LIGHT_MAX",
    "FINAL_LIGHT_MIN",
    "GUILTY_TRUTHS",
    "LONG_SAVE_RULE",
    "LONG_TEXT",
    "MOVED_CL_MAX",
    "MOVED_CL_MIN",
    "PRIORITY_TEXT",
    "PROFICIENCY_RULE",
    "QUICK_AND_LONG_RULE",
    "QUICK_TEXT",
    "RANK_MAX",
    "RANK_MIN",
    "SIDES",
    "ActionKind",
    "Aftermath",
    "Conditions",
    "DiceMode",
    "Judging",
    "Judgment",
    "Outcome",
    "Priority",
    "Roll",
    "aftermath",
    "check_cl",
    "check_die",
    "check_priority",
    "check_rank",
    "condition_lines",
    "derived_essence",
    "final_light_rank",
    "judge",
    "judge_roll",
    "judgments",
    "moved_cl",
    "outcome_of",
    "priority_key",
    "recommended",
    "resolve_conditions",
    "roll_and_judge",
    "roll_dice",
    "signed",
]

SIDES = 6
RANK_MIN = 0
RANK_MAX = 3
CL_MIN = 4  # "A challenge level is a number between four and eight"
CL_MAX = 8
FINAL_LIGHT_MIN = 1  # Light 1 at rank 0
FINAL_LIGHT_MAX = SIDES + RANK_MAX  # Light 6 at rank 3
# A challenge level as it is set: by the gamemaster or a power level (4 to 8),
# or, in a player-versus-player save, the attacker's Final Light (1 to 9).
ANY_CL_MIN = FINAL_LIGHT_MIN
ANY_CL_MAX = FINAL_LIGHT_MAX
# Then the environment moves it by one either way (:func:`moved_cl`): the
# engine judges against any of 0 to 10 (0 is always met, 10 never).
MOVED_CL_MIN = ANY_CL_MIN - 1
MOVED_CL_MAX = ANY_CL_MAX + 1
GUILTY_TRUTHS = (1, 2, 3)  # "If the test's Truth die is 1-3 then the test is said to be guilty"

ATTRIBUTES = ("Arm", "Breath", "Eyes", "Feet", "Guts", "Hands", "Nose", "Spirit", "Tongue")
ESSENCES = ("Heart", "Mind", "Strength", "Faith")
# "Each of these three essences has a rank equal to the sum of the ranks of its
# three related attributes, divided by two and rounded down."
ESSENCE_SOURCES: Mapping[str, tuple[str, str, str]] = {
    "Heart": ("Nose", "Guts", "Tongue"),
    "Mind": ("Breath", "Eyes", "Hands"),
    "Strength": ("Arm", "Feet", "Spirit"),
}
ESSENCE_CAP_RULE = (
    "Three attributes at rank 3 would give an essence of 4, but essences rank "
    "from zero to three: this site caps a derived essence at 3."
)
FAITH_RULE = "Faith is not derived from attributes (the text sets it in chapter 2)."


class ActionKind(StrEnum):
    """Tests draw on attributes; saves, the defensive actions, on essences."""

    TEST = "test"
    SAVE = "save"


class DiceMode(StrEnum):
    """How many dice are rolled and which may be judged."""

    NORMAL = "normal"  # two dice, both judged
    BOLD = "bold"  # "rolls three six sided dice, chooses one to be the Light die and one
    #               to be the Truth die, and then ignores the third die"
    FAINT = "faint"  # "rolls three six-sided dice, discards the highest roll, then chooses"


class Priority(StrEnum):
    """What the recommended judgment looks for first.

    The text leaves the choice to the player; "success" is the default because
    the text calls an innocent success "the best result" and a guilty failure
    "the worst", and ranks both moderate results equally.
    """

    SUCCESS = "success"  # success, then innocence, then the most degrees
    INNOCENCE = "innocence"  # innocence, then success, then the most degrees
    DEGREES = "degrees"  # the highest Final Light, then innocence


PRIORITY_TEXT: Mapping[Priority, str] = {
    Priority.SUCCESS: "success first, then innocence, then the most degrees",
    Priority.INNOCENCE: "innocence first, then success, then the most degrees",
    Priority.DEGREES: "the most degrees first, then innocence",
}


class Outcome(StrEnum):
    """The four outcomes of the Action Resolution Summary."""

    INNOCENT_SUCCESS = "Innocent Success"
    GUILTY_SUCCESS = "Guilty Success"
    INNOCENT_FAILURE = "Innocent Failure"
    GUILTY_FAILURE = "Guilty Failure"

    @property
    def success(self) -> bool:
        return self in (Outcome.INNOCENT_SUCCESS, Outcome.GUILTY_SUCCESS)

    @property
    def innocent(self) -> bool:
        return self in (Outcome.INNOCENT_SUCCESS, Outcome.INNOCENT_FAILURE)


def outcome_of(success: bool, innocent: bool) -> Outcome:
    if success:
        return Outcome.INNOCENT_SUCCESS if innocent else Outcome.GUILTY_SUCCESS
    return Outcome.INNOCENT_FAILURE if innocent else Outcome.GUILTY_FAILURE


CANCEL_RULE = (
    "Bold and faint cancel each other out: roll the default two dice, whatever the "
    "number of sources of each."
)
LONG_SAVE_RULE = "Saves cannot be long: a long save is resolved as a faint save instead."
QUICK_AND_LONG_RULE = (
    "Quick and long together: the text is silent; this site applies both (the "
    "gamemaster intervenes first, and no intervention follows the roll)."
)
DOUBLES_RULE = "With doubles, there isn't anything to judge: Light and Truth are the same."
CL_MOVE_RULE = (
    "Cover or high ground and a non-player character's use of the environment "
    "together: the text is silent; this site applies both, so they cancel."
)
PROFICIENCY_RULE = (
    "Not proficient: the attribute's rank is not added to the Light die "
    "(weapon proficiency for martial attacks, language proficiency for social "
    "tests and subtle attacks); bold conditions still apply."
)
DICE_MODE_TEXT: Mapping[DiceMode, str] = {
    DiceMode.NORMAL: "Roll two dice and judge them.",
    DiceMode.BOLD: "Bold: roll three dice, judge two, ignore the third.",
    DiceMode.FAINT: "Faint: roll three dice, discard the highest, judge the other two.",
}
QUICK_TEXT = "Quick: no gamemaster intervention, whatever the Truth die."
LONG_TEXT = "Long: the gamemaster intervenes first, then the test is rolled."


# ---------------------------------------------------------------- validation


def check_rank(value: object, field: str = "rank", label: str = "Rank") -> int:
    return require_int(field, label, value, RANK_MIN, RANK_MAX)


def check_cl(value: object, field: str = "cl", label: str = "Challenge level") -> int:
    """A challenge level to judge against, after any move by the environment."""
    return require_int(field, label, value, MOVED_CL_MIN, MOVED_CL_MAX)


def moved_cl(cl: int, *, favoured: bool = False, npc_environment: bool = False) -> int:
    """The challenge level after the environment moves it.

    The Way of All the Earth, Martial Maneuvers: "If a change in the
    environment would ever strongly benefit a character's attempted action,
    such as substantial cover would against ranged attacks or as high ground
    might against close attacks, the challenge level of the action is reduced
    by one. If a non-player character ever manipulates the environment in
    their favor in a similar manner, the challenger level of an action
    involving them is increased by one." Both at once cancel (``CL_MOVE_RULE``).
    """
    cl = require_int("cl", "Challenge level", cl, ANY_CL_MIN, ANY_CL_MAX)
    return cl - int(favoured) + int(npc_environment)


def final_light_rank(rank: int, *, proficient: bool = True) -> int:
    """The rank added to the Light die.

    The Way of All the Earth, Weapon Proficiencies: "If a character is not
    proficient in a weapon they are using then they do not add their most
    relevant attribute to their light die to form the Final Light of their
    attacks." Language Proficiencies: "Player characters only gain attribute
    bonuses to their social tests and subtle attacks when they are speaking a
    language they are proficient in".
    """
    rank = check_rank(rank)
    return rank if proficient else 0


def check_die(value: object, field: str = "dice", label: str = "A die") -> int:
    return require_int(field, label, value, 1, SIDES)


def check_priority(value: object, field: str = "priority") -> Priority:
    allowed = tuple(priority.value for priority in Priority)
    return Priority(require_choice(field, "Priority", value, allowed))


# ---------------------------------------------------------------- essences


def derived_essence(essence: str, attributes: Mapping[str, int]) -> int:
    """Rank of Heart, Mind or Strength from the three attributes it draws on.

    Rounded down after halving; capped at 3 (see ``ESSENCE_CAP_RULE``).
    """
    require_choice("essence", "Essence", essence, tuple(ESSENCE_SOURCES))
    total = 0
    for name in ESSENCE_SOURCES[essence]:
        if name not in attributes:
            raise RulesInputError(name.lower(), f"{name} is needed to work out {essence}.")
        total += check_rank(attributes[name], name.lower(), name)
    return min(total // 2, RANK_MAX)


# ---------------------------------------------------------------- conditions


@dataclass(frozen=True)
class Conditions:
    """What the rules make of the bold, faint, quick and long sources on a roll."""

    kind: ActionKind
    dice: DiceMode
    quick: bool
    long: bool
    notes: tuple[str, ...] = ()

    @property
    def dice_rolled(self) -> int:
        return 2 if self.dice is DiceMode.NORMAL else 3


def condition_lines(conditions: Conditions) -> tuple[str, ...]:
    """How to roll under these conditions, then the rules that decided them."""
    lines = [DICE_MODE_TEXT[conditions.dice]]
    if conditions.quick:
        lines.append(QUICK_TEXT)
    if conditions.long:
        lines.append(LONG_TEXT)
    return tuple(lines)


def resolve_conditions(
    kind: ActionKind,
    *,
    bold: bool = False,
    faint: bool = False,
    quick: bool = False,
    long: bool = False,
) -> Conditions:
    """Apply the text's rules for combining sources, in the order they matter.

    A long save first becomes faint ("Saves cannot be long"), then bold and
    faint cancel ("even if there are more sources of one than the other").
    """
    notes: list[str] = []
    if kind is ActionKind.SAVE and long:
        long = False
        faint = True
        notes.append(LONG_SAVE_RULE)
    if bold and faint:
        bold = faint = False
        notes.append(CANCEL_RULE)
    if quick and long:
        notes.append(QUICK_AND_LONG_RULE)
    mode = DiceMode.BOLD if bold else DiceMode.FAINT if faint else DiceMode.NORMAL
    return Conditions(kind, mode, quick, long, tuple(notes))


# ---------------------------------------------------------------- rolls


@dataclass(frozen=True)
class Roll:
    """Dice as rolled, and which of them may be judged.

    A faint roll discards its highest die before judging (one die when the
    highest is tied); a bold roll keeps all three, and the die left out is
    chosen by the judgment.
    """

    dice: tuple[int, ...]
    mode: DiceMode

    def __post_init__(self) -> None:
        expected = 2 if self.mode is DiceMode.NORMAL else 3
        if len(self.dice) != expected:
            raise RulesInputError(
                "dice", f"A {self.mode.value} roll has {expected} dice (got {len(self.dice)})."
            )
        for value in self.dice:
            check_die(value)

    @property
    def discarded(self) -> int | None:
        """Index of the die a faint roll discards, if any."""
        if self.mode is not DiceMode.FAINT:
            return None
        return self.dice.index(max(self.dice))

    @property
    def judged(self) -> tuple[int, ...]:
        """Indices of the dice the player may judge."""
        return tuple(i for i in range(len(self.dice)) if i != self.discarded)


def roll_dice(mode: DiceMode, rng: Rng) -> Roll:
    count = 2 if mode is DiceMode.NORMAL else 3
    return Roll(rng.dice(count, SIDES), mode)


# ---------------------------------------------------------------- judgments


def signed(degrees: int) -> str:
    """Degrees "noted with a number immediately following the result with a +X
    for degrees of success or a -X for degrees of failure"."""
    return f"+{degrees}" if degrees >= 0 else f"-{-degrees}"


@dataclass(frozen=True)
class Judgment:
    """One die judged Light and another Truth, and what follows from it."""

    light: int
    truth: int
    rank: int
    cl: int
    light_index: int = 0
    truth_index: int = 1

    @property
    def final_light(self) -> int:
        return self.light + self.rank

    @property
    def success(self) -> bool:
        return self.final_light >= self.cl

    @property
    def innocent(self) -> bool:
        return self.truth not in GUILTY_TRUTHS

    @property
    def degrees(self) -> int:
        """Degrees of success (>= 0) or, negative, of failure: Final Light minus CL."""
        return self.final_light - self.cl

    @property
    def outcome(self) -> Outcome:
        return outcome_of(self.success, self.innocent)

    @property
    def label(self) -> str:
        """The text's notation, e.g. "Guilty Success +1"."""
        return f"{self.outcome.value} {signed(self.degrees)}"


def judge(light: int, truth: int, rank: int, cl: int) -> Judgment:
    """Judge two dice by hand: one Light, one Truth."""
    return Judgment(
        check_die(light, "light", "The Light die"),
        check_die(truth, "truth", "The Truth die"),
        check_rank(rank),
        check_cl(cl),
    )


def judgments(roll: Roll, rank: int, cl: int) -> tuple[Judgment, ...]:
    """Every legal judgment of a roll, one per distinct (Light, Truth) pair.

    Judging the same values from different dice changes nothing, so doubles
    give a single judgment, as the text says. Ordered by Final Light, highest
    first, then by Truth, highest first.
    """
    rank = check_rank(rank)
    cl = check_cl(cl)
    found: dict[tuple[int, int], Judgment] = {}
    for light_index in roll.judged:
        for truth_index in roll.judged:
            if light_index == truth_index:
                continue
            key = (roll.dice[light_index], roll.dice[truth_index])
            if key not in found:
                found[key] = Judgment(*key, rank, cl, light_index, truth_index)
    return tuple(sorted(found.values(), key=lambda j: (-j.light, -j.truth)))


def priority_key(priority: Priority) -> Callable[[Judgment], tuple[int, ...]]:
    """The ordering a priority puts on judgments: larger is better.

    Every key ends with the Truth die so that ties (judgments the rules treat
    alike) break the same way every time.
    """
    if priority is Priority.SUCCESS:
        return lambda j: (j.success, j.innocent, j.degrees, j.truth)
    if priority is Priority.INNOCENCE:
        return lambda j: (j.innocent, j.success, j.degrees, j.truth)
    return lambda j: (j.degrees, j.innocent, j.truth)


def recommended(options: Sequence[Judgment], priority: Priority = Priority.SUCCESS) -> Judgment:
    """The judgment the priority ranks highest. The player may pick any other."""
    if not options:
        raise RulesInputError("dice", "There is nothing to judge.")
    return max(options, key=priority_key(priority))


@dataclass(frozen=True)
class Judging:
    """A roll with every judgment open to the player and the recommended one."""

    conditions: Conditions
    roll: Roll
    rank: int
    cl: int
    priority: Priority
    options: tuple[Judgment, ...]
    best: Judgment

    @property
    def doubles(self) -> bool:
        return len(self.options) == 1

    @property
    def forced(self) -> Judgment | None:
        """The judgment when there is no choice: "With doubles, there isn't
        anything to judge, and both Light and Truth become" the same value."""
        return self.options[0] if self.doubles else None


def judge_roll(
    roll: Roll,
    conditions: Conditions,
    rank: int,
    cl: int,
    priority: Priority = Priority.SUCCESS,
) -> Judging:
    if roll.mode is not conditions.dice:
        raise RulesInputError("dice", f"These conditions call for a {conditions.dice.value} roll.")
    options = judgments(roll, rank, cl)
    return Judging(conditions, roll, rank, cl, priority, options, recommended(options, priority))


def roll_and_judge(
    conditions: Conditions,
    rank: int,
    cl: int,
    rng: Rng,
    priority: Priority = Priority.SUCCESS,
) -> Judging:
    return judge_roll(roll_dice(conditions.dice, rng), conditions, rank, cl, priority)


# ---------------------------------------------------------------- interventions


@dataclass(frozen=True)
class Aftermath:
    """Whether the gamemaster intervenes, before and after the roll."""

    before: bool
    after: bool
    text: str


def aftermath(judgment: Judgment, conditions: Conditions) -> Aftermath:
    """Interventions a judged roll leads to.

    Quick: "Quick tests and saves cannot lead to a gamemaster intervention,
    regardless of test's or save's Truth die." Long: "the gamemaster first
    intervenes, with any saves this prompts being quick, and then the player
    resolves their test as normal."
    """
    before = conditions.long
    after = not judgment.innocent and not conditions.quick
    parts: list[str] = []
    if before:
        parts.append(
            "Long test: the gamemaster intervened first (any saves it prompted were quick)."
        )
    if after:
        if conditions.kind is ActionKind.SAVE:
            parts.append(
                "Guilty save: the gamemaster intervenes again; only an innocent save "
                "passes the turn to the next player."
            )
        else:
            parts.append(
                "Guilty: the gamemaster intervenes before the turn passes to another player."
            )
    elif conditions.quick and not judgment.innocent:
        parts.append(
            "Quick: no intervention although the Truth die is guilty; the turn passes to "
            "another player. The roll still counts as guilty for feats and abilities."
        )
    else:
        parts.append("Innocent: the turn passes directly to another player, no intervention.")
    return Aftermath(before, after, " ".join(parts))
