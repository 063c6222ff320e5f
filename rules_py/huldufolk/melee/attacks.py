"""An attack in a fight of one against several: a plain attack, Entropy (one
target, or three on a Spend with one card) and I am become Death (every foe
within reach with one attack: :mod:`.reach`). The attacker's card is chosen
face down, then each target's defence card ("all parties select their card
before anyone announces their total pool"); then every attack resolves at once.
"""

from __future__ import annotations

from dataclasses import replace

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.actors import Attack
from rules_py.huldufolk.belief_cost import belief_cost, pay
from rules_py.huldufolk.cards import card_name
from rules_py.huldufolk.challenges import attack_hits, damage_for
from rules_py.huldufolk.demesne import HOUSE_THRESHOLD_NOTE
from rules_py.huldufolk.harm import (
    ENTROPY_TARGETS,
    VENGEANCE_DAMAGE,
    base_damage,
    guarded_damage,
    power,
)
from rules_py.huldufolk.melee.fighters import Fighter, Melee, Pending
from rules_py.huldufolk.melee.reach import death_targets
from rules_py.huldufolk.play.saved import DAMAGE_MAX

__all__ = [
    "ATTACK_POWERS",
    "BURN_SPEND_NOTE",
    "ENTROPY_FEWER_NOTE",
    "HOUSE_THRESHOLD_NOTE",
    "attack_base_damage",
    "charge",
    "declare",
    "defend",
    "threshold_for",
]

ATTACK_POWERS = ("attack", "entropy", "entropy_spend", "death", "death_spend", "death_burn")
ENTROPY_FEWER_NOTE = (
    "Entropy's Spend may take fewer than three targets when fewer foes stand: the text is silent."
)
BURN_SPEND_NOTE = (
    "I am become Death's Burn includes its Spend (the attacker chooses the threshold): "
    "the text is silent."
)


def charge(melee: Melee, index: int, key: str) -> tuple[Melee, str]:
    """The Belief ``index`` pays for power ``key``: (the fight after, words)."""
    chosen = power(key)
    if key == "attack":
        return melee, ""
    fighter = melee.fighters[index]
    cost = belief_cost(fighter.belief, chosen.level, chosen.use)
    left = pay(fighter.belief_to_spend, cost, fighter.name)
    melee = melee.with_fighter(index, replace(fighter, belief_to_spend=left))
    return melee, f"{chosen.power}: {cost.words} ({cost.reason})"


def _check_belief(melee: Melee, index: int, key: str) -> None:
    charge(melee, index, key)  # raises if it cannot be paid


def attack_base_damage(attacker: Fighter, key: str, attack: Attack, personal: bool = True) -> int:
    """2 under I am become Death's Burn on a target within the Personal
    Influence, or a mundane plain attack under Swift Vengeance's Spend; else 1."""
    boosted = (key == "death_burn" and personal) or (
        key == "attack" and attack is Attack.MUNDANE and attacker.vengeance == "spend"
    )
    return base_damage(boosted)


def _targets(melee: Melee, attacker: int, key: str, chosen: tuple[int, ...]) -> tuple[int, ...]:
    distinct = tuple(dict.fromkeys(chosen))
    if len(distinct) != len(chosen):
        raise RulesInputError("target_2", "Each target is attacked once: choose different ones.")
    for place, index in enumerate(distinct):
        field = "target" if place == 0 else f"target_{place + 1}"
        target = melee.standing(index, field)
        if index == attacker:
            raise RulesInputError(field, f"{target.name} cannot attack themselves.")
    if key == "entropy_spend":
        if not 1 <= len(distinct) <= ENTROPY_TARGETS:
            raise RulesInputError("target", "Entropy's Spend takes up to three targets.")
    elif len(distinct) != 1:
        raise RulesInputError("target_2", "This attack has one target: clear the others.")
    return distinct


def declare(
    melee: Melee,
    attacker: int,
    key: str,
    chosen: tuple[int, ...],
    card: object,
    attack: str,
    melee_attack: bool,
) -> Melee:
    """The attacker's card, face down, against its targets."""
    if melee.pending is not None:
        raise RulesInputError("pick", "An attack is under way: its defenders choose first.")
    if key not in ATTACK_POWERS:
        raise RulesInputError("power", "Choose an attack (or use Use power for the others).")
    who = melee.standing(attacker, "attacker")
    value = who.actor.hand.require(card, "pick")
    territorial: tuple[int, ...] = ()
    if key.startswith("death"):
        # "all enemies (the user can exclude targets at will)": ``chosen`` are those excluded.
        targets, territorial = death_targets(melee, attacker, key, chosen)
    else:
        targets = _targets(melee, attacker, key, chosen)
    if key.startswith("entropy"):
        attack = Attack.SUPERNATURAL.value
    _check_belief(melee, attacker, key)
    melee_attack = melee_attack and key == "attack"
    pending = Pending(attacker, key, targets, value, attack, melee_attack, (), territorial)
    return replace(melee, pending=pending)


def threshold_for(pending: Pending, chosen: str) -> Attack:
    """The threshold a defender resists with: the defender's choice against
    I am become Death's plain use, the attack's otherwise."""
    return Attack(chosen if pending.power == "death" else pending.attack)


def defend(melee: Melee, card: object, threshold: str, keep: bool) -> tuple[Melee, bool]:
    """The next target's defence card; once the last is chosen the attack
    resolves (the second value is True then)."""
    pending = melee.pending
    if pending is None:
        raise RulesInputError("pick", "No attack is under way: the attacker chooses first.")
    index = pending.defender
    defender = melee.fighters[index]
    value = defender.actor.hand.require(card, "pick")
    if keep:
        if pending.power == "attack":
            raise RulesInputError(
                "keep_card", "Not in My House disallows a supernatural power, not a plain attack."
            )
        _check_belief(melee, index, "house_spend")
    kind = threshold_for(pending, threshold).value
    pending = replace(pending, defences=(*pending.defences, (value, kind, keep)))
    melee = replace(melee, pending=pending)
    if len(pending.defences) < len(pending.targets):
        return melee, False
    return _resolve(melee, pending), True


def _resolve(melee: Melee, pending: Pending) -> Melee:
    chosen = power(pending.power)
    attacker = melee.fighters[pending.attacker]
    melee, paid = charge(melee, pending.attacker, pending.power)
    lines = [paid] if paid else []
    total = attacker.attack + pending.card
    hand = melee.fighters[pending.attacker].actor.hand.play(pending.card)
    melee = melee.with_fighter(
        pending.attacker,
        replace(melee.fighters[pending.attacker], actor=attacker.actor.with_hand(hand)),
    )
    for index, (card, kind_text, keep) in zip(pending.targets, pending.defences, strict=True):
        kind = Attack(kind_text)
        if keep:
            melee, kept = charge(melee, index, "house_spend")
            lines.append(kept)
        target = melee.fighters[index]
        held = target.defence + target.actor.threshold(kind) + card
        hit = attack_hits(total, held)
        personal = index not in pending.territorial
        base = attack_base_damage(attacker, pending.power, kind, personal)
        damage = damage_for(total - held, base)
        actor = target.actor.after_defence(kind)
        if not keep:
            actor = actor.with_hand(actor.hand.play(card))
        melee = melee.with_fighter(index, replace(target, actor=actor))
        verdict = f"hit for {damage} damage" if hit else "held"
        kept = " (kept)" if keep else ""
        if not personal:
            kept += " (Territorial Influence: base damage 1)"
        lines.append(
            f"{attacker.name}'s {card_name(pending.card)} ({total}) against {target.name}'s "
            f"{card_name(card)}{kept} ({held}, {kind.value} threshold): {verdict}; "
            f"{target.name}'s {kind.value} threshold {target.actor.threshold(kind)} "
            f"\u2192 {actor.threshold(kind)}."
        )
        if hit:
            melee, where = _wound(melee, index, damage)
            lines.append(where)
        if pending.melee and target.vengeance:
            melee, where = _wound(melee, pending.attacker, VENGEANCE_DAMAGE)
            lines.append(f"Swift Vengeance: {where}")
    title = chosen.label if pending.power != "attack" else f"{pending.attack.capitalize()} attack"
    melee = replace(melee, pending=None)
    return melee.logged(f"{title}. " + " ".join(lines))


def _wound(melee: Melee, index: int, damage: int) -> tuple[Melee, str]:
    """``damage`` to ``index``, or to its bodyguard ("any damage taken by your
    target", Swift Vengeance's too), never passed on again."""
    target = melee.fighters[index]
    guard = target.guard
    if guard is not None and not melee.fighters[guard.by].out:
        taken = guarded_damage(damage, guard.spend)
        bodyguard = melee.fighters[guard.by]
        melee = melee.with_fighter(
            guard.by, replace(bodyguard, damage=min(bodyguard.damage + taken, DAMAGE_MAX))
        )
        return melee, (
            f"{bodyguard.name} takes it for {target.name} (Bodyguard): {taken} damage, "
            f"total {bodyguard.damage + taken}."
        )
    melee = melee.with_fighter(
        index, replace(target, damage=min(target.damage + damage, DAMAGE_MAX))
    )
    return melee, f"{target.name} takes {damage} damage, total {target.damage + damage}."
