"""Characters and foes of The Way of All the Earth, for the party: what each
holds (:mod:`.records`, :mod:`.sheet`), what happens to them
(:mod:`.happenings`), and the game as a party game (:mod:`.rules`)."""

from rules_py.judge_two.characters.records import JudgeTwoCharacter, MarkRecord
from rules_py.judge_two.characters.rules import JUDGE_TWO_RULES

__all__ = ["JUDGE_TWO_RULES", "JudgeTwoCharacter", "MarkRecord"]
