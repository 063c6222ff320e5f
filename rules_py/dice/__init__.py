"""Any dice expression, for every game: the ``dice.notation`` roller.

The notation itself (parsing, rolling, exact odds) is shared engine code in
:mod:`rules_py.core.notation`; this package holds only its widget.
"""

from rules_py.core.notation import chartable, distribution, parse, roll

__all__ = ["chartable", "distribution", "parse", "roll"]
