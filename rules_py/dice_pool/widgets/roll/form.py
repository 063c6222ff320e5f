"""The form of ``dice_pool.roll``: its modes, fields and typed values."""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.dice_pool import pool, powers
from rules_py.dice_pool.characters.at_rolls import TRAIT_NAME_NOTE
from rules_py.dice_pool.tables import difficulties
from rules_py.widget import Field, FormValues, bool_field, choice_field, int_field

__all__ = ["BUILD_POWER", "CONTESTED", "FIELDS", "LIMIT", "NPC", "POOL_MODES", "ROLL", "RollValues"]

ROLL, CONTESTED, NPC = (kind.value for kind in pool.RollKind)
BUILD_POWER, LIMIT = "build_power", "limit"
POOL_MODES = (ROLL, CONTESTED, NPC)


@dataclass(frozen=True)
class RollValues(FormValues):
    mode: str
    pool_from: str
    attribute: int
    ability: int
    dice: int
    difficulty: int
    modifier: str
    modifier_on: str
    helpers: int
    anima_dice: bool
    excellency: bool
    strife: bool
    essence: int
    favored: int
    limit: int
    opponent_dice: int
    opponent_npc: bool
    attribute_name: str
    ability_name: str

    @property
    def from_traits(self) -> bool:
        """The pool is Attribute + Ability (not a number of dice)."""
        return self.pool_from == "traits"


def _modes(*modes: str) -> dict[str, tuple[str, ...]]:
    return {"mode": modes}


def _modifiers_chosen() -> tuple[str, ...]:
    return tuple(key for key, _ in pool.modifier_choices() if key != pool.NO_MODIFIER)


def _fields() -> tuple[Field, ...]:
    levels = ", ".join(f"{d.value} {d.name}" for d in difficulties())
    traits = {"mode": POOL_MODES, "pool_from": ("traits",)}
    return (
        choice_field(
            "mode",
            "Roll",
            [
                (ROLL, "A dice pool"),
                (CONTESTED, "Contested roll"),
                (NPC, "NPC takes the average"),
                (BUILD_POWER, "Build Power"),
                (LIMIT, "Limit break check"),
            ],
        ),
        choice_field(
            "pool_from",
            "Pool",
            [("traits", "Attribute + Ability"), ("raw", "A number of dice")],
            shown_when=_modes(*POOL_MODES),
        ),
        int_field("attribute", "Attribute", 3, 0, pool.MAX_TRAIT, shown_when=traits),
        int_field(
            "ability",
            "Ability",
            2,
            0,
            pool.MAX_TRAIT,
            shown_when=traits,
            help="The Solar Excellency adds this many successes (pool rolls only).",
        ),
        int_field(
            "dice",
            "Dice",
            6,
            0,
            pool.MAX_BASE_DICE,
            shown_when={"mode": POOL_MODES, "pool_from": ("raw",)},
        ),
        int_field(
            "difficulty",
            "Difficulty",
            pool.DEFAULT_DIFFICULTY,
            0,
            pool.MAX_DIFFICULTY,
            help=f"{levels}.",
            shown_when=_modes(ROLL, NPC),
        ),
        choice_field(
            "modifier",
            "Advantage",
            list(pool.modifier_choices()),
            shown_when=_modes(*POOL_MODES),
        ),
        choice_field(
            "modifier_on",
            "Applied to",
            [(target.value, pool.target_label(target.value)) for target in pool.Target],
            shown_when={"mode": (ROLL, NPC), "modifier": _modifiers_chosen()},
        ),
        int_field(
            "helpers",
            "Helpers",
            0,
            0,
            pool.MAX_HELPERS,
            help=(
                f"Teamwork: +{pool.TEAMWORK_DICE_PER_HELPER} dice for each, "
                f"+{pool.TEAMWORK_MAX_DICE} at most."
            ),
            shown_when=_modes(*POOL_MODES),
            advanced=True,
        ),
        bool_field(
            "anima_dice",
            f"Spend {powers.ANIMA_DICE_COST} Anima for +{powers.ANIMA_DICE} dice",
            shown_when=_modes(ROLL, CONTESTED),
            advanced=True,
        ),
        bool_field(
            "excellency",
            f"Solar Excellency: + Ability successes, +{powers.EXCELLENCY_LIMIT} Limit",
            shown_when={"mode": (ROLL,), "pool_from": ("traits",)},
            advanced=True,
        ),
        bool_field(
            "strife",
            "Strife: at least Essence successes",
            shown_when=_modes(ROLL),
            advanced=True,
        ),
        int_field(
            "essence",
            "Essence",
            1,
            1,
            pool.MAX_TRAIT,
            help="A Strife's minimum successes; Build Power rolls Essence + Favored Ability.",
            shown_when=_modes(ROLL, BUILD_POWER),
        ),
        int_field(
            "favored",
            "Favored Ability",
            3,
            0,
            pool.MAX_TRAIT,
            shown_when=_modes(BUILD_POWER),
        ),
        int_field(
            "limit",
            "Limit",
            0,
            powers.LIMIT_MIN,
            powers.LIMIT_BREAK,
            help=(
                f"Break on {powers.LIMIT_BREAK}, or in a stressful situation "
                f"on a d{powers.LIMIT_CHECK_DIE} below it."
            ),
            shown_when=_modes(ROLL, LIMIT),
        ),
        int_field(
            "opponent_dice",
            "Opponent's dice",
            5,
            0,
            pool.MAX_BASE_DICE,
            shown_when=_modes(CONTESTED),
        ),
        bool_field(
            "opponent_npc",
            "Opponent is an NPC (takes the average)",
            shown_when=_modes(CONTESTED),
        ),
        Field(
            "attribute_name",
            "Attribute's name",
            "text",
            "",
            max_length=40,
            help=f"Dexterity, Wits...: a party member's rating is filled in. {TRAIT_NAME_NOTE}",
            shown_when=traits,
        ),
        Field(
            "ability_name",
            "Ability's name",
            "text",
            "",
            max_length=40,
            help="Melee, Awareness...: a party member's rating is filled in.",
            shown_when=traits,
        ),
    )


FIELDS = _fields()
