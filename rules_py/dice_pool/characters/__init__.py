"""Characters of the d10 dice-pool game, for the party: what each holds
(:mod:`.records`, :mod:`.sheet`), what happens to them (:mod:`.happenings`),
and the game as a party game (:mod:`.rules`)."""

from rules_py.dice_pool.characters.records import Ability, PoolCharacter, Trait
from rules_py.dice_pool.characters.rules import DICE_POOL_RULES

__all__ = ["DICE_POOL_RULES", "Ability", "PoolCharacter", "Trait"]
