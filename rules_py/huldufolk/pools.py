"""Huldufolk pools: what is added to the card (seed 000, "Building the Pool").

    "A character's pool consists of:
    Quality (If appropriate): +3 / affinity Focus (If appropriate): +2 /
    Equipment: +0 - +2 (mundane) +0 - +5 (magical) / Assistance: +1 (If
    assistant has the affinity) +3 (If assistant has the Focus) / Supernatural
    Bonuses: +0 - +10 / Card: +1 - +5 (Minor Actors) +1 - +10 (Major Actors)"

    "A character's defensive pool consists of (Defenders win ties):
    Quality (If appropriate): +3 / Threshold: +0 - +5 / Equipment: +0 - +5 /
    Supernatural Bonuses: +0 - +10 / Card: [as above]"

Augmentation 2, Help from Afar (Huldufolk, Magic System: Service), spend:
"For 1 turn, the assistance the Huldufolk provides is improved. If you don't
possess the affinity, you can still grant a +1. If you do possess the
affinity, but not a focus, you grant +3. If you possess the appropriate
focus, you grant +5." Such an assistant is counted in those tiers instead of
the ordinary ones (+1 with the affinity, +3 with the Focus).

Every component is checked against those bounds. Two bounds are this site's:
the text lets "as many Actors as can logically take part" assist (here up to
``ASSISTANTS_MAX`` of each kind), and a threshold may exceed 5 for rare Major
Actors and Patrons (here up to 20, the Patrons' base).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.core.errors import RulesInputError, describe, require_int
from rules_py.huldufolk.cards import ACE, Rank

__all__ = [
    "AFAR_AFFINITY_BONUS",
    "AFAR_FOCUS_BONUS",
    "AFAR_NO_AFFINITY_BONUS",
    "ASSISTANTS_MAX",
    "ASSIST_AFFINITY_BONUS",
    "ASSIST_FOCUS_BONUS",
    "DEFENCE_COMPONENTS",
    "DEFENCE_EQUIPMENT_MAX",
    "FOCUS_BONUS",
    "MAGICAL_EQUIPMENT_MAX",
    "MUNDANE_EQUIPMENT_MAX",
    "POOL_COMPONENTS",
    "PRINTED_THRESHOLD_MAX",
    "QUALITY_BONUS",
    "SUPERNATURAL_MAX",
    "THRESHOLD_MAX",
    "ActionPool",
    "DefencePool",
    "Part",
    "action_pool",
    "defence_pool",
    "describe_pool",
]

QUALITY_BONUS = 3
FOCUS_BONUS = 2
ASSIST_AFFINITY_BONUS = 1
ASSIST_FOCUS_BONUS = 3
AFAR_NO_AFFINITY_BONUS = 1  # Augmentation 2's spend: without the affinity
AFAR_AFFINITY_BONUS = 3  # with the affinity but not the Focus
AFAR_FOCUS_BONUS = 5  # with the Focus
MUNDANE_EQUIPMENT_MAX = 2
MAGICAL_EQUIPMENT_MAX = 5
DEFENCE_EQUIPMENT_MAX = 5
SUPERNATURAL_MAX = 10
ASSISTANTS_MAX = 10  # the storyteller decides; this bound only keeps the form sane
THRESHOLD_MAX = 20  # a Patron's base threshold
PRINTED_THRESHOLD_MAX = 5  # the pool list prints "+0 - +5": a player character's base

Part = tuple[str, int]


def _require_bool(field: str, label: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise RulesInputError(field, f"{label} must be true or false (got {describe(value)}).")
    return value


@dataclass(frozen=True)
class ActionPool:
    """A test or attack pool (the rules' "test pool") before the card is added."""

    quality: bool = False
    focus: bool = False
    equipment: int = 0
    magical: bool = False
    assistants_affinity: int = 0
    assistants_focus: int = 0
    supernatural: int = 0
    afar_no_affinity: int = 0  # assistants under Augmentation 2's spend
    afar_affinity: int = 0
    afar_focus: int = 0

    def parts(self) -> tuple[Part, ...]:
        """Each component that adds something, with its label."""
        kind = "magical" if self.magical else "mundane"
        listed: list[Part] = [
            ("Quality", QUALITY_BONUS if self.quality else 0),
            ("Focus", FOCUS_BONUS if self.focus else 0),
            (f"Equipment ({kind})", self.equipment),
            (
                f"Assistance ({self.assistants_affinity} with the affinity)",
                ASSIST_AFFINITY_BONUS * self.assistants_affinity,
            ),
            (
                f"Assistance ({self.assistants_focus} with the Focus)",
                ASSIST_FOCUS_BONUS * self.assistants_focus,
            ),
            (
                f"Help from Afar ({self.afar_no_affinity} without the affinity)",
                AFAR_NO_AFFINITY_BONUS * self.afar_no_affinity,
            ),
            (
                f"Help from Afar ({self.afar_affinity} with the affinity)",
                AFAR_AFFINITY_BONUS * self.afar_affinity,
            ),
            (
                f"Help from Afar ({self.afar_focus} with the Focus)",
                AFAR_FOCUS_BONUS * self.afar_focus,
            ),
            ("Supernatural bonuses", self.supernatural),
        ]
        return tuple(part for part in listed if part[1])

    @property
    def base(self) -> int:
        """The pool without its card."""
        return sum(value for _, value in self.parts())


def action_pool(
    *,
    quality: object = False,
    focus: object = False,
    equipment: object = 0,
    magical: object = False,
    assistants_affinity: object = 0,
    assistants_focus: object = 0,
    supernatural: object = 0,
    afar_no_affinity: object = 0,
    afar_affinity: object = 0,
    afar_focus: object = 0,
    prefix: str = "",
) -> ActionPool:
    """A checked test pool; ``prefix`` names the request fields in messages."""
    is_magical = _require_bool(f"{prefix}magical", "Magical equipment", magical)
    top = MAGICAL_EQUIPMENT_MAX if is_magical else MUNDANE_EQUIPMENT_MAX
    kind = "Magical" if is_magical else "Mundane"
    magical_only = range(MUNDANE_EQUIPMENT_MAX + 1, MAGICAL_EQUIPMENT_MAX + 1)
    if not is_magical and not isinstance(equipment, bool) and equipment in magical_only:
        raise RulesInputError(
            f"{prefix}equipment",
            f"Mundane equipment gives +0 to +{MUNDANE_EQUIPMENT_MAX}; only magical "
            f"equipment reaches +{MAGICAL_EQUIPMENT_MAX} (got +{equipment}).",
        )
    return ActionPool(
        quality=_require_bool(f"{prefix}quality", "Quality", quality),
        focus=_require_bool(f"{prefix}focus", "Focus", focus),
        equipment=require_int(f"{prefix}equipment", f"{kind} equipment", equipment, 0, top),
        magical=is_magical,
        assistants_affinity=require_int(
            f"{prefix}assist",
            "Assistants with the affinity",
            assistants_affinity,
            0,
            ASSISTANTS_MAX,
        ),
        assistants_focus=require_int(
            f"{prefix}assist_focus",
            "Assistants with the Focus",
            assistants_focus,
            0,
            ASSISTANTS_MAX,
        ),
        supernatural=require_int(
            f"{prefix}bonus", "Supernatural bonuses", supernatural, 0, SUPERNATURAL_MAX
        ),
        afar_no_affinity=require_int(
            f"{prefix}afar_none",
            "Help from Afar assistants without the affinity",
            afar_no_affinity,
            0,
            ASSISTANTS_MAX,
        ),
        afar_affinity=require_int(
            f"{prefix}afar_affinity",
            "Help from Afar assistants with the affinity",
            afar_affinity,
            0,
            ASSISTANTS_MAX,
        ),
        afar_focus=require_int(
            f"{prefix}afar_focus",
            "Help from Afar assistants with the Focus",
            afar_focus,
            0,
            ASSISTANTS_MAX,
        ),
    )


@dataclass(frozen=True)
class DefencePool:
    """A defence pool before the card: Quality, the current threshold, equipment,
    supernatural bonuses."""

    quality: bool = False
    threshold: int = 0
    equipment: int = 0
    supernatural: int = 0

    def parts(self) -> tuple[Part, ...]:
        listed: list[Part] = [
            ("Quality", QUALITY_BONUS if self.quality else 0),
            ("Threshold", self.threshold),
            ("Equipment", self.equipment),
            ("Supernatural bonuses", self.supernatural),
        ]
        return tuple(part for part in listed if part[1])

    @property
    def base(self) -> int:
        return sum(value for _, value in self.parts())


def defence_pool(
    *,
    quality: object = False,
    threshold: object = 0,
    equipment: object = 0,
    supernatural: object = 0,
    prefix: str = "",
) -> DefencePool:
    """A checked defence pool; ``threshold`` is the defender's current one."""
    return DefencePool(
        quality=_require_bool(f"{prefix}def_quality", "Defence Quality", quality),
        threshold=require_int(f"{prefix}threshold", "Threshold", threshold, 0, THRESHOLD_MAX),
        equipment=require_int(
            f"{prefix}def_equipment", "Defence equipment", equipment, 0, DEFENCE_EQUIPMENT_MAX
        ),
        supernatural=require_int(
            f"{prefix}def_bonus", "Defence supernatural bonuses", supernatural, 0, SUPERNATURAL_MAX
        ),
    )


def describe_pool(parts: tuple[Part, ...], card: int | None = None) -> str:
    """Describe a pool: "Quality 3 + Equipment (mundane) 1 + card 5 = 9"."""
    terms = [f"{label} {value}" for label, value in parts]
    if card is not None:
        terms.append(f"card {card}" if card != ACE else f"card Ace ({ACE})")
    total = sum(value for _, value in parts) + (card or 0)
    if not terms:
        return "0 (the card alone)"
    return f"{' + '.join(terms)} = {total}"


# The pool tables as the rules print them, built from the bounds above so the
# page and the builder cannot disagree. Each row: component, its bonus lines.
_CARD_LINES = (
    f"+{ACE} - +{Rank.MINOR.top_card} (Minor Actors)",
    f"+{ACE} - +{Rank.MAJOR.top_card} (Major Actors)",
)
POOL_COMPONENTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Quality (If appropriate)", (f"+{QUALITY_BONUS}",)),
    ("affinity Focus (If appropriate)", (f"+{FOCUS_BONUS}",)),
    (
        "Equipment",
        (
            f"+0 - +{MUNDANE_EQUIPMENT_MAX} (mundane)",
            f"+0 - +{MAGICAL_EQUIPMENT_MAX} (magical)",
        ),
    ),
    (
        "Assistance",
        (
            f"+{ASSIST_AFFINITY_BONUS} (If assistant has the affinity)",
            f"+{ASSIST_FOCUS_BONUS} (If assistant has the Focus)",
            "A character may be assisted by as many Actors as can logically take part in "
            "the action, per ST discretion",
        ),
    ),
    ("Supernatural Bonuses", (f"+0 - +{SUPERNATURAL_MAX}",)),
    ("Card", _CARD_LINES),
)
DEFENCE_COMPONENTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Quality (If appropriate)", (f"+{QUALITY_BONUS}",)),
    ("Threshold", (f"+0 - +{PRINTED_THRESHOLD_MAX}",)),
    ("Equipment", (f"+0 - +{DEFENCE_EQUIPMENT_MAX}",)),
    ("Supernatural Bonuses", (f"+0 - +{SUPERNATURAL_MAX}",)),
    ("Card", _CARD_LINES),
)
