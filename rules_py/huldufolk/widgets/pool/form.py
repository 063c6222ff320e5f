"""The form of ``huldufolk.pool``: its fields and typed values."""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.huldufolk.cards import ACE, HIGHEST_CARD
from rules_py.huldufolk.play import AUTO, SideKey
from rules_py.huldufolk.pools import AFAR_AFFINITY_BONUS, AFAR_FOCUS_BONUS, AFAR_NO_AFFINITY_BONUS
from rules_py.huldufolk.powers import refresh_effects, restore_effects
from rules_py.huldufolk.tables import CR_MAX, CR_MIN
from rules_py.huldufolk.widgets.pool.modes import CONTEST, FIGHT, POWERS, TEST, when
from rules_py.huldufolk.widgets.pool.side_fields import SideValues, side_fields
from rules_py.widget import Field, FormValues, advanced, bool_field, choice_field, int_field

__all__ = ["FIELDS", "PoolValues"]


@dataclass(frozen=True)
class PoolValues(FormValues):
    mode: str
    attacker: str
    attack_kind: str
    cr: int
    afar: bool
    affinity: bool
    power: str
    power_side: SideKey
    power_card: int
    power_threshold: str
    a: SideValues
    b: SideValues
    card: int
    defence_card: int
    keep_card: bool
    contest_card: int

    @property
    def keeps_card(self) -> bool:
        """Not in My House's box, read only where it is shown (a supernatural attack)."""
        return self.keep_card and self.mode == "fight" and self.attack_kind == "supernatural"

    def side(self, key: SideKey) -> SideValues:
        return self.a if key == "a" else self.b


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
        shown_when=when(FIGHT),
        help="Outside a combat, Side A. Choose a side to override the order.",
    ),
    choice_field(
        "attack_kind",
        "Attack",
        [
            ("mundane", "Mundane (against the mundane threshold)"),
            ("supernatural", "Supernatural (against the supernatural threshold)"),
        ],
        shown_when=when(FIGHT),
    ),
    int_field("cr", "Challenge rating", 10, CR_MIN, CR_MAX, shown_when=when(TEST)),
    advanced(
        bool_field(
            "afar",
            "Help from Afar's spend in play (Augmentation 2)",
            shown_when=when(TEST, FIGHT, CONTEST),
            help=(
                f"Shows the fields for assistants granting +{AFAR_NO_AFFINITY_BONUS}, "
                f"+{AFAR_AFFINITY_BONUS} or +{AFAR_FOCUS_BONUS}."
            ),
        )
    ),
    bool_field("affinity", "Side A has a fitting affinity", True, shown_when=when(TEST)),
    choice_field("power", "Power", _POWERS, shown_when=when(POWERS)),
    choice_field(
        "power_side",
        "On whom",
        [("a", "Side A"), ("b", "Side B")],
        shown_when=when(POWERS),
    ),
    int_field(
        "power_card",
        "Card to refresh",
        2,
        ACE,
        HIGHEST_CARD,
        shown_when=when(POWERS),
        help="For the powers that refresh one card; or choose it below.",
    ),
    choice_field(
        "power_threshold",
        "Threshold to restore",
        [("mundane", "Mundane"), ("supernatural", "Supernatural")],
        shown_when=when(POWERS),
    ),
    *side_fields("a", "Hero"),
    *side_fields("b", "Foe"),
    # The hand (the preview's step) is drawn here, above the typed cards.
    int_field(
        "card",
        "Card to play (Side A's; the attacker's in a fight)",
        ACE,
        ACE,
        HIGHEST_CARD,
        shown_when=when(TEST, FIGHT, CONTEST),
        help="1 is the Ace. Or choose a card from the hand shown above.",
    ),
    int_field("defence_card", "Defender's card", ACE, ACE, HIGHEST_CARD, shown_when=when(FIGHT)),
    bool_field(
        "keep_card",
        "Defender: Not in My House, Spend (Demesne 5): the card is not expended",
        shown_when={**when(FIGHT), "attack_kind": ("supernatural",)},
        help="In the defender's Demesne, against a supernatural power; a level 5 Spend.",
    ),
    int_field("contest_card", "Side B's card", ACE, ACE, HIGHEST_CARD, shown_when=when(CONTEST)),
)
