"""rules_py: the rules engine of the SRD.

Pure functions over frozen dataclasses, standard library only, so the same code
runs under pytest on CPython and in the reader's browser under Pyodide.
"""

from rules_py.core.errors import RulesInputError

__all__ = ["RulesInputError"]
