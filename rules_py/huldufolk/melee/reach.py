"""Who I am become Death reaches in a fight of one against several
(Huldufolk, Magic System: Strife 5; Belief: Personal and Territorial Influence).

    "They inflict harm upon all enemies (the user can exclude targets at will)
    within their Personal Influence with a single attack." Burn: "When
    resolving damage against enemies in the user's Personal Influence, the
    base damage is 2. The Huldufolk additionally inflicts the normal attack
    against all characters within their Territorial Influence (the user can
    exclude targets as normal)".

Distance is not on the page: the player marks how far each foe stands from
the hero (:func:`place`), and the attacker's Belief rank gives the radii.
"""

from __future__ import annotations

from dataclasses import replace

from rules_py.core.errors import RulesInputError, require_int
from rules_py.huldufolk.influence import METRES_MAX, Reach, influence, reach
from rules_py.huldufolk.melee.fighters import HERO, Melee

__all__ = ["DEATH_REACH_RULE", "death_targets", "place", "reach_of"]

DEATH_REACH_RULE = (
    "I am become Death strikes the foes within the Personal Influence; its Burn gives them "
    "base damage 2 and also strikes, with base damage 1, those within the Territorial "
    "Influence. Mark each foe's distance from the hero with Place target."
)


def reach_of(melee: Melee, attacker: int, target: int) -> Reach:
    """Where ``target`` stands from ``attacker``, by the attacker's Belief rank."""
    return reach(melee.fighters[attacker].belief, melee.metres_between(attacker, target))


def death_targets(
    melee: Melee, attacker: int, key: str, excluded: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The foes an I am become Death attack strikes, and those of them struck
    only through the Territorial Influence (the Burn's "normal attack")."""
    who = melee.fighters[attacker]
    if not who.belief:
        raise RulesInputError(
            "attacker", f"{who.name} has no Belief rating: no Influence, no power."
        )
    wanted = (Reach.PERSONAL, Reach.TERRITORIAL) if key == "death_burn" else (Reach.PERSONAL,)
    placed = [(i, reach_of(melee, attacker, i)) for i in melee.foes_of(attacker)]
    struck = tuple(i for i, where in placed if where in wanted and i not in excluded)
    if not struck:
        radii = influence(who.belief)
        where = "Territorial" if key == "death_burn" else "Personal"
        raise RulesInputError(
            "exclude",
            f"No foe left to strike within {who.name}'s {where} Influence ({radii.words}): "
            "place a foe nearer or keep fewer out.",
        )
    territorial = tuple(i for i, where in placed if i in struck and where is Reach.TERRITORIAL)
    return struck, territorial


def place(melee: Melee, index: int, metres: object) -> Melee:
    """The player's mark: ``index`` stands ``metres`` from the hero."""
    distance = require_int("metres", "Distance from the hero (metres)", metres, 0, METRES_MAX)
    if index == HERO:
        raise RulesInputError(
            "target", "Distances are marked from the hero: choose a foe as the target."
        )
    if melee.pending is not None:
        raise RulesInputError("target", "An attack is under way: its defenders choose first.")
    fighter = melee.fighter(index, "target")
    melee = melee.with_fighter(index, replace(fighter, metres=distance))
    hero = melee.fighters[HERO]
    where = ""
    if hero.belief:
        where = f": {reach_of(melee, HERO, index).words} of {hero.name}"
    return melee.logged(f"{fighter.name} stands {distance} m from {hero.name}{where}.")
