"""What happens to a Huldufolk actor, by the engine's rules: cards played and
set aside, thresholds lowered by defending and restored, damage, refreshes,
rest, a new game's deck, Belief spent.

The party's actor is turned into the engine's :class:`~rules_py.huldufolk.actors.Actor`
and back, so every move is the engine's own: :meth:`Hand.play` (a card is
surrendered, the Ace never), :meth:`Actor.after_defence` ("the relevant
threshold decreases by 1", 2 for a mundane attack under Life 4's Fatigue),
:func:`~rules_py.huldufolk.powers.use_refresh` and
:func:`~rules_py.huldufolk.powers.restore`, :meth:`Actor.rested`. A whole
exchange, contest or test, as :mod:`rules_py.huldufolk.challenges` resolves
it, is written back onto both actors by :func:`after_exchange`,
:func:`after_contest` and :func:`after_test`.
"""

from __future__ import annotations

from dataclasses import replace

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.actors import Actor, Attack, Nature, Threshold
from rules_py.huldufolk.cards import Hand, Rank, card_name, new_hand
from rules_py.huldufolk.challenges import Contest, Exchange, UndefendedResult
from rules_py.huldufolk.characters.records import HuldufolkActor
from rules_py.huldufolk.play.saved import DAMAGE_MAX
from rules_py.huldufolk.powers import refresh_effect, restore, restore_effect, use_refresh
from rules_py.party.events import Outcome

__all__ = [
    "BURN_NOTE",
    "HEAL_NOTE",
    "PLAYS",
    "actor_of",
    "after_contest",
    "after_exchange",
    "after_test",
    "defend",
    "end_combat",
    "heal",
    "initiative",
    "lose_belief_rank",
    "new_game",
    "play",
    "refresh",
    "rest",
    "restore_threshold",
    "spend_belief",
    "take_damage",
    "with_actor",
]

PLAYS = (("test", "A test"), ("attack", "An attack"), ("defence", "A defence"))
HEAL_NOTE = "Damage is a tally (health is not in this slice): healing takes it back, to 0."
BURN_NOTE = "Spending or burning a Belief takes one Belief to spend; the text sets no other price."


def actor_of(member: HuldufolkActor) -> Actor:
    """The engine's actor: its deck and its thresholds (none supernatural for a
    mundane Minor Actor)."""
    rank = Rank(member.rank)
    nature = Nature(member.nature)
    supernatural = None
    if rank is Rank.MAJOR or nature is Nature.SUPERNATURAL:
        supernatural = Threshold(member.supernatural_base, member.supernatural)
    return Actor(
        member.name,
        rank,
        nature,
        Hand(rank, member.cards, member.set_aside),
        Threshold(member.mundane_base, member.mundane),
        supernatural,
    )


def with_actor(member: HuldufolkActor, actor: Actor) -> HuldufolkActor:
    """``member`` holding what the engine's ``actor`` holds now."""
    supernatural = actor.supernatural
    return replace(
        member,
        cards=actor.hand.cards,
        set_aside=actor.hand.set_aside,
        mundane=actor.mundane.current,
        supernatural=member.supernatural if supernatural is None else supernatural.current,
    )


def play(member: HuldufolkActor, card: int, what: str) -> Outcome:
    actor = actor_of(member)
    after = actor.with_hand(actor.hand.play(card))
    spent = "kept (the Ace is never surrendered)" if card == 1 else "spent"
    return Outcome(
        with_actor(member, after), f"{dict(PLAYS)[what]}: the {card_name(card)} played, {spent}"
    )


def defend(member: HuldufolkActor, card: int, attack: str) -> Outcome:
    """A defence: the card played, and the threshold the attack opposes down by 1
    (2 for a mundane attack under Fatigue), whatever the result."""
    kind = Attack(attack)
    actor = actor_of(member)
    after = actor.with_hand(actor.hand.play(card)).after_defence(kind, member.fatigued)
    return Outcome(
        with_actor(member, after),
        f"Defended a {kind.value} attack with the {card_name(card)}: threshold "
        f"{actor.threshold(kind)} to {after.threshold(kind)}",
    )


def take_damage(member: HuldufolkActor, damage: int) -> Outcome:
    total = min(member.damage + damage, DAMAGE_MAX)
    return Outcome(replace(member, damage=total), f"{damage} damage taken (total {total})")


def heal(member: HuldufolkActor, levels: int) -> Outcome:
    left = max(member.damage - levels, 0)
    return Outcome(
        replace(member, damage=left), f"{levels} damage healed ({left} left)", notes=(HEAL_NOTE,)
    )


def initiative(member: HuldufolkActor, card: int) -> Outcome:
    actor = actor_of(member)
    after = actor.with_hand(actor.hand.set_aside_for_initiative(card))
    return Outcome(
        with_actor(member, after),
        f"Initiative: the {card_name(card)} set aside until the combat ends",
    )


def end_combat(member: HuldufolkActor) -> Outcome:
    actor = actor_of(member)
    if not actor.hand.set_aside:
        raise RulesInputError("set_aside", f"{member.name} has no initiative card set aside.")
    after = actor.with_hand(actor.hand.end_combat())
    return Outcome(with_actor(member, after), "The combat ends: the initiative card comes back")


def refresh(member: HuldufolkActor, power: str, card: int | None) -> Outcome:
    effect = refresh_effect(power)
    actor = actor_of(member)
    hand = use_refresh(actor.hand, effect, card)
    back = sorted(set(hand.cards) - set(actor.hand.cards))
    named = ", ".join(card_name(c) for c in back)
    return Outcome(with_actor(member, actor.with_hand(hand)), f"{effect.power}: {named} refreshed")


def restore_threshold(member: HuldufolkActor, power: str, threshold: str) -> Outcome:
    effect = restore_effect(power)
    after = restore(actor_of(member), effect, threshold)
    return Outcome(with_actor(member, after), f"{effect.power}: {threshold} threshold restored")


def rest(member: HuldufolkActor) -> Outcome:
    """Ten minutes' rest: both thresholds back to their base."""
    return Outcome(
        with_actor(member, actor_of(member).rested()), "Ten minutes' rest: thresholds restored"
    )


def new_game(member: HuldufolkActor) -> Outcome:
    """ "At the beginning of a game" an actor receives its whole deck."""
    actor = actor_of(member)
    return Outcome(
        with_actor(member, actor.with_hand(new_hand(actor.rank))), "A new game: a whole deck"
    )


def spend_belief(member: HuldufolkActor, how: str) -> Outcome:
    if member.belief_to_spend < 1:
        raise RulesInputError("belief_to_spend", f"{member.name} has no Belief to spend.")
    return Outcome(
        replace(member, belief_to_spend=member.belief_to_spend - 1),
        f"One Belief {'burned' if how == 'burn' else 'spent'}",
        notes=(BURN_NOTE,),
    )


def lose_belief_rank(member: HuldufolkActor) -> Outcome:
    """ "The resurrected character loses 1 Belief rating upon revival"."""
    if member.belief < 1:
        raise RulesInputError("belief", f"{member.name} has no Belief rating to lose.")
    return Outcome(replace(member, belief=member.belief - 1), "One Belief rating lost")


# ------------------------------------------------------ whole challenges


def after_exchange(
    attacker: HuldufolkActor, defender: HuldufolkActor, result: Exchange
) -> tuple[Outcome, Outcome]:
    """Both actors after an exchange: each card spent (Aces kept), the
    defender's threshold down, and the damage of a hit."""
    hit = f"hit for {result.damage} damage" if result.hit else "defended"
    summary = f"{result.attack_total} against {result.defence_total}: {hit}"
    struck = with_actor(defender, result.defender)
    if result.hit:
        struck = replace(struck, damage=min(struck.damage + result.damage, DAMAGE_MAX))
    return (
        Outcome(with_actor(attacker, result.attacker), summary),
        Outcome(struck, summary),
    )


def after_contest(
    first: HuldufolkActor, second: HuldufolkActor, result: Contest
) -> tuple[Outcome, Outcome]:
    summary = f"Contest {result.totals[0]} against {result.totals[1]}"
    return (
        Outcome(with_actor(first, result.actors[0]), summary),
        Outcome(with_actor(second, result.actors[1]), summary),
    )


def after_test(member: HuldufolkActor, result: UndefendedResult) -> Outcome:
    verdict = "success" if result.success else "failure"
    return Outcome(
        with_actor(member, actor_of(member).with_hand(result.hand)),
        f"A test against CR {result.rating}: {verdict}",
    )
