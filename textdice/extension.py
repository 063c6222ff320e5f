"""The extension's two steps: the page's game (a preprocessor, before the
snippets are inlined) and the buttons (a postprocessor, on the page's HTML,
so dice in raw HTML blocks such as the 100 Spells table are found too)."""

from __future__ import annotations

import re
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor

from textdice.html_walk import rewrite

__all__ = ["GAME_OF_ABBR", "PAGE_OFF", "GamePreprocessor", "TextDiceExtension"]

# The hover definitions a page includes name its game.
GAME_OF_ABBR = {
    "cairn-grit": "grit",
    "cairn": "cairn",
    "might-heart": "might_heart",
    "dice-pool": "dice_pool",
    "judge-two": "judge_two",
    "huldufolk": "huldufolk",
}
_ABBR = re.compile(r'^--8<--\s+"abbr/([\w-]+)\.md"\s*$')
# A page whose dice are all notation to read, not rolls (the Dice notation page).
PAGE_OFF = "<!-- dice: text -->"


class GamePreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        names = [m.group(1) for m in (_ABBR.match(line) for line in lines) if m]
        game = "site"
        for abbr, found in GAME_OF_ABBR.items():  # Grit before Cairn: its page has both
            if abbr in names:
                game = found
                break
        self.md.textdice_game = game  # type: ignore[attr-defined]
        self.md.textdice_off = any(line.strip() == PAGE_OFF for line in lines)  # type: ignore[attr-defined]
        return [line for line in lines if line.strip() != PAGE_OFF]


class ButtonsPostprocessor(Postprocessor):
    def run(self, text: str) -> str:
        if getattr(self.md, "textdice_off", False):
            return rewrite(text, getattr(self.md, "textdice_game", "site"), rolls=False)
        return rewrite(text, getattr(self.md, "textdice_game", "site"))


class TextDiceExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        # Before pymdownx.snippets (32) inlines the hover definitions.
        md.preprocessors.register(GamePreprocessor(md), "textdice_game", 35)
        # After the raw HTML is restored (30) and entities unescaped (10).
        md.postprocessors.register(ButtonsPostprocessor(md), "textdice_buttons", 5)

    def reset(self) -> None:
        pass

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
