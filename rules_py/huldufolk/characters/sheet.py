"""The Huldufolk sheet: every field with its bounds and default, written
once. A new actor is a Major Actor with a full deck and thresholds of 5
("All player characters start with a base mundane and supernatural threshold
of 5"); three Qualities at most, five Foci at most ("a character can have up
to 5 focuses")."""

from __future__ import annotations

from rules_py.huldufolk.actors import NAME_MAX, PATRON_THRESHOLD, PLAYER_THRESHOLD, Nature
from rules_py.huldufolk.cards import ACE, HIGHEST_CARD, Rank, full_deck
from rules_py.huldufolk.characters.records import Equipment
from rules_py.huldufolk.play.saved import DAMAGE_MAX
from rules_py.huldufolk.pools import MAGICAL_EQUIPMENT_MAX
from rules_py.huldufolk.tables import belief_ranks
from rules_py.party.sheet import ID_FIELD, NAME_FIELD, Cap, Derived, ListField, Sheet
from rules_py.widget import Field, bool_field, choice_field, int_field

__all__ = [
    "BELIEF_TO_SPEND_MAX",
    "BELIEF_TO_SPEND_NOTE",
    "FOCI_MAX",
    "HULDUFOLK_SHEET",
    "QUALITIES_MAX",
]

QUALITIES_MAX = 3  # "One of a character's three innate aspects"
FOCI_MAX = 5  # "a character can have up to 5 focuses"
AFFINITIES_MAX = 30  # "any number purchased with XP": a bound for the form only
BELIEF_TO_SPEND_MAX = 99
BELIEF_TO_SPEND_NOTE = (
    "The text does not say how much Belief an actor holds to spend, nor how it comes back "
    "(a later slice): it is entered, and spending or burning one takes one."
)
_CARD = int_field("card", "Card", ACE, ACE, HIGHEST_CARD)
_WORDS = Field("word", "Name", "text", "", max_length=NAME_MAX)

HULDUFOLK_SHEET = Sheet(
    entries=(
        ID_FIELD,
        NAME_FIELD,
        choice_field("rank", "Actor", [(r.value, r.label) for r in Rank]),
        choice_field("nature", "Nature", [(n.value, n.value.capitalize()) for n in Nature]),
        ListField(
            "cards",
            "Cards in hand",
            item=_CARD,
            max_items=HIGHEST_CARD,
            distinct=True,
            initial=full_deck(Rank.MAJOR),
            help="Lowest first; the Ace is never spent.",
        ),
        ListField(
            "set_aside",
            "Set aside for initiative",
            item=_CARD,
            max_items=HIGHEST_CARD,
            distinct=True,
        ),
        int_field("mundane_base", "Mundane base threshold", PLAYER_THRESHOLD, 0, PATRON_THRESHOLD),
        int_field("mundane", "Mundane threshold", PLAYER_THRESHOLD, 0, PATRON_THRESHOLD),
        int_field(
            "supernatural_base",
            "Supernatural base threshold",
            PLAYER_THRESHOLD,
            0,
            PATRON_THRESHOLD,
            help="A mundane Minor Actor has none: 0.",
        ),
        int_field("supernatural", "Supernatural threshold", PLAYER_THRESHOLD, 0, PATRON_THRESHOLD),
        bool_field("fatigued", "Fatigued (Life 4)"),
        int_field("damage", "Damage taken", 0, 0, DAMAGE_MAX),
        int_field("belief", "Belief rank", 1, 0, len(belief_ranks()), help="0 for none."),
        int_field(
            "belief_to_spend",
            "Belief to spend",
            0,
            0,
            BELIEF_TO_SPEND_MAX,
            help=BELIEF_TO_SPEND_NOTE,
        ),
        ListField("qualities", "Qualities", item=_WORDS, max_items=QUALITIES_MAX, distinct=True),
        ListField("affinities", "Affinities", item=_WORDS, max_items=AFFINITIES_MAX, distinct=True),
        ListField("foci", "Foci", item=_WORDS, max_items=FOCI_MAX, distinct=True),
        ListField(
            "equipment",
            "Equipment",
            record=Equipment,
            fields=(
                Field("name", "Item", "text", "", max_length=60),
                int_field("bonus", "Bonus", 0, 0, MAGICAL_EQUIPMENT_MAX),
                bool_field("magical", "Magical"),
            ),
        ),
    ),
    caps=(Cap("mundane", "mundane_base"), Cap("supernatural", "supernatural_base")),
    derived=(
        Derived("deck", "Deck", "A Major Actor's full deck (Ace-10), a Minor Actor's half deck."),
        Derived("spent", "Cards spent", "The deck less the cards in hand and set aside."),
        Derived("actions", "Actions", "Mundane and supernatural; a mundane Minor Actor has one."),
        Derived("belief_title", "Belief", "The rank's title and influence."),
    ),
)
