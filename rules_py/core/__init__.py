"""What every game shares: the one input error type (:mod:`.errors`), the
random generator (:mod:`.rng`), exact distributions (:mod:`.dist`), dice
notation (:mod:`.notation`), the one range type of the tables
(:mod:`.ranges`) and the one data loader (:mod:`.data`)."""

from rules_py.core.data import load_json
from rules_py.core.errors import RulesInputError
from rules_py.core.ranges import IntRange
from rules_py.core.rng import Rng, fresh_seed

__all__ = ["IntRange", "Rng", "RulesInputError", "fresh_seed", "load_json"]
