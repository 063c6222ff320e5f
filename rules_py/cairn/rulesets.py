"""The three Cairn-style rule sets and where they differ.

Two documents describe this family of games:

* Cairn: the Cairn rules (STR, DEX, WIL; HP then STR) and, at its end, a
  "Rules Summary" of a variant with Prowess, Insight, Resolve and Grit;
* Might and Heart: a rules page with Might and Heart and a harm table.

Every roller takes one of these keys and follows that text only. Where a text
says nothing, the choice made here is written in the rule set's notes, which
the widgets show in one line.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.core.errors import require_choice

__all__ = [
    "CAIRN",
    "CHOICES",
    "GRIT",
    "KEYS",
    "MIGHT_HEART",
    "MIGHT_HEART_SCORES",
    "MIGHT_HEART_SCORE_NOTE",
    "RULE_SETS",
    "CommonCall",
    "RuleSet",
    "rule_set",
    "sheet_score",
]

CAIRN = "cairn"
MIGHT_HEART = "might-heart"
GRIT = "grit"
KEYS = (CAIRN, MIGHT_HEART, GRIT)


@dataclass(frozen=True)
class CommonCall:
    """A save the rules call for by name: which ability, the text, and what it means."""

    ability: str
    quote: str
    on_pass: str
    on_fail: str
    note: str = ""  # set when this site chose something the text leaves open


@dataclass(frozen=True)
class RuleSet:
    key: str
    name: str
    document: str
    natural_extremes: bool  # "A 1 is always a success, and a 20 is always a failure."
    protection: str  # the pool that harm empties first: HP or Grit
    contest_is_rolled: bool  # False: "whoever is most at risk should save"
    contest_note: str
    effort: bool
    act_first: CommonCall
    retreat: CommonCall
    morale: CommonCall

    def call(self, name: str) -> CommonCall:
        """The save the rules call for by ``name``: "act", "retreat" or "morale"."""
        calls = {"act": self.act_first, "retreat": self.retreat, "morale": self.morale}
        return calls[require_choice("mode", "Call", name, tuple(calls))]

    @property
    def save_rule(self) -> str:
        if self.natural_extremes:
            return "A 1 always passes and a 20 always fails."
        document = self.document[0].upper() + self.document[1:]
        return f"{document} has no automatic 1 or 20: only the ability decides."


_MORALE_QUOTE = (
    "Enemies must pass a WIL save to avoid fleeing when they take their first casualty "
    "and again when they lose half their number. Some groups may use their leader's WIL "
    "in place of their own. Lone foes must save when they're reduced to 0 HP. "
    "Morale does not affect PCs."
)
_RETREAT_QUOTE = (
    "Running away from a dire situation always requires a successful DEX save, "
    "as well as a safe destination to run to."
)
_HOLDS = "They hold their ground."
_FLEES = "They flee."
_HIGHEST_WINS = "In a contest, the highest successful roll wins."

RULE_SETS: dict[str, RuleSet] = {
    CAIRN: RuleSet(
        key=CAIRN,
        name="Cairn",
        document="the Cairn rules",
        natural_extremes=True,
        protection="HP",
        contest_is_rolled=True,
        contest_note=(
            "The Cairn rules have no contest; this uses the Rules Summary's: "
            "the highest successful roll wins."
        ),
        effort=False,
        act_first=CommonCall(
            "DEX",
            "At the start of combat, each PC must make a DEX save to act before their opponents.",
            "The PC acts before the opponents.",
            "The opponents act first.",
        ),
        retreat=CommonCall("DEX", _RETREAT_QUOTE, "The PC gets away.", "The PC cannot get away."),
        morale=CommonCall("WIL", _MORALE_QUOTE, _HOLDS, _FLEES),
    ),
    MIGHT_HEART: RuleSet(
        key=MIGHT_HEART,
        name="Might and Heart",
        document="the Might and Heart rules",
        natural_extremes=False,
        protection="HP",
        contest_is_rolled=False,
        contest_note=(
            'This text has no contest: "If two opponents are each trying to overcome '
            'the other, whoever is most at risk should save." Only the first side rolls.'
        ),
        effort=False,
        act_first=CommonCall(
            "DEX",
            "During the first round of combat, each PC must make a DEX save in order to act. "
            "PCs that fail their save lose their turn for this round.",
            "The PC acts this round.",
            "The PC loses their turn for this round.",
        ),
        retreat=CommonCall("DEX", _RETREAT_QUOTE, "The PC gets away.", "The PC cannot get away."),
        morale=CommonCall("WIL", _MORALE_QUOTE, _HOLDS, _FLEES),
    ),
    GRIT: RuleSet(
        key=GRIT,
        name="Grit variant",
        document="the Rules Summary",
        natural_extremes=False,
        protection="Grit",
        contest_is_rolled=True,
        contest_note=_HIGHEST_WINS,
        effort=True,
        act_first=CommonCall(
            "Insight",
            "Whenever turn order is uncertain, the PCs should make an Insight save "
            "to see if they go before their enemies.",
            "The PC goes before the enemies.",
            "The enemies go first.",
        ),
        retreat=CommonCall(
            "Insight",
            "Retreating from a dangerous situation always requires a successful Insight save, "
            "as well as a safe destination to run to.",
            "The PC gets away.",
            "The PC cannot get away.",
        ),
        morale=CommonCall(
            "Resolve",
            _MORALE_QUOTE,
            _HOLDS,
            _FLEES,
            note="The Rules Summary has no morale rule; this uses Cairn's, with Resolve for WIL.",
        ),
    ),
}

CHOICES: tuple[tuple[str, str], ...] = (
    (CAIRN, "Cairn"),
    (MIGHT_HEART, "Might and Heart"),
    (GRIT, "Grit variant (Rules Summary)"),
)


def rule_set(key: object, field: str = "rules") -> RuleSet:
    """The rule set named ``key``; a RulesInputError names the three keys otherwise."""
    return RULE_SETS[require_choice(field, "Rules", key, KEYS)]


# The Might and Heart text names Cairn's scores where its characters hold
# Might and Heart ("a DEX save" to act first or retreat, "a WIL save" for
# Morale): this site reads the body's (STR, DEX) as Might, the mind's (WIL)
# as Heart.
MIGHT_HEART_SCORES = {"STR": "Might", "DEX": "Might", "WIL": "Heart"}
MIGHT_HEART_SCORE_NOTE = (
    "The Might and Heart text names Cairn's DEX and WIL: a DEX save is made with Might, "
    "a WIL save with Heart."
)


def sheet_score(rules: str, ability: str) -> str:
    """The score a character of ``rules`` saves with when the text names ``ability``."""
    return MIGHT_HEART_SCORES.get(ability, ability) if rules == MIGHT_HEART else ability
