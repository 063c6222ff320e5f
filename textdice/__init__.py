"""A Python-Markdown extension: the dice of the rules text become inline rolls.

Registered in ``mkdocs.yml`` as ``textdice``. Each page's game is told by
the hover definitions it includes (``--8<-- "abbr/<game>.md"``, read before
the snippets are inlined); a page without one reads dice as plain sums.
What a mention rolls in that game is decided by
:func:`rules_py.dice.inline.read`; this package only finds the mentions in
the page's HTML and writes the buttons. How a contributor marks or unmarks
a mention: CONTRIBUTING.md, "Dice in the text".
"""

from __future__ import annotations

from typing import Any

from textdice.extension import TextDiceExtension

__all__ = ["TextDiceExtension", "makeExtension"]


def makeExtension(**kwargs: Any) -> TextDiceExtension:
    return TextDiceExtension(**kwargs)
