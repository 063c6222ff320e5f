"""The fields of one side of ``huldufolk.pool`` (``a_...`` and ``b_...``), and
the typed group that reads them."""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.huldufolk.actors import (
    FATIGUE_LOSS,
    MINOR_THRESHOLD_MAX,
    PATRON_THRESHOLD,
    PLAYER_THRESHOLD,
)
from rules_py.huldufolk.cards import Rank
from rules_py.huldufolk.play import SideKey
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
)
from rules_py.huldufolk.widgets.pool.modes import CONTEST, FIGHT, POWERS, TEST, when
from rules_py.widget import Field, FieldGroup, advanced, bool_field, choice_field, int_field

__all__ = ["SideValues", "side_fields"]


@dataclass(frozen=True)
class SideValues(FieldGroup):
    """One side's fields: attribute ``quality`` is field ``a_quality`` (or ``b_quality``)."""

    name: str
    rank: str
    nature: str
    mundane: int
    supernatural: int
    fatigued: bool
    quality: bool
    focus: bool
    equipment: int
    magical: bool
    assist: int
    assist_focus: int
    afar_none: int
    afar_affinity: int
    afar_focus: int
    bonus: int
    def_quality: bool
    def_equipment: int
    def_bonus: int


def side_fields(key: SideKey, name: str) -> tuple[Field, ...]:
    side = f"Side {key.upper()}"
    # Side A plays in every mode; Side B only where two sides meet.
    named = when(TEST, FIGHT, CONTEST, POWERS) if key == "a" else when(FIGHT, CONTEST, POWERS)
    pooled = when(TEST, FIGHT, CONTEST) if key == "a" else when(FIGHT, CONTEST)
    afar = {**pooled, "afar": ("true",)}  # rare: shown once the check box says so
    kinds = when(FIGHT, POWERS)
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
                shown_when=when(FIGHT),
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
                shown_when=when(FIGHT),
            )
        ),
        advanced(
            int_field(
                f"{key}_def_equipment",
                f"{side} defence: equipment",
                0,
                0,
                DEFENCE_EQUIPMENT_MAX,
                shown_when=when(FIGHT),
            )
        ),
        advanced(
            int_field(
                f"{key}_def_bonus",
                f"{side} defence: supernatural bonuses",
                0,
                0,
                SUPERNATURAL_MAX,
                shown_when=when(FIGHT),
                help="" if key == "b" else "The side's current threshold is added.",
            )
        ),
    )
