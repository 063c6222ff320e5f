"""Walk a page's HTML and turn the dice of its running text into buttons.

Left alone: code, preformatted text, headings (their text is the anchor and
the table of contents), table headers (a rolled table's die is rolled by its
own button), links, buttons, form controls and the widget roots. The
contributor's mark is a link to ``roll:``: ``[two dice](roll:2d6)`` rolls
2d6, ``[spear (d6)](roll:)`` rolls the dice its text names,
``[d10](roll:no)`` stays text.
"""

from __future__ import annotations

import html
import re
from urllib.parse import unquote

from rules_py.core.errors import RulesInputError
from rules_py.dice.inline import InlineRoll, creature_roll, find, interpret

__all__ = ["SKIPPED", "button", "rewrite"]

SKIPPED = frozenset(
    {
        "code",
        "pre",
        "script",
        "style",
        "kbd",
        "samp",
        "button",
        "a",
        "textarea",
        "select",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "th",
        "svg",
        "title",
        "option",
    }
)
_VOID = frozenset({"br", "img", "hr", "input", "meta", "link", "wbr", "col", "source"})
_TOKENS = re.compile(r"(<!--.*?-->|<[^>]*>)", re.DOTALL)
_TAG = re.compile(r"^<(/?)([a-zA-Z][\w-]*)")
_HREF = re.compile(r'\bhref="roll:([^"]*)"')
_TITLE = re.compile(r'\btitle="([^"]*)"')
_SKIP_CLASS = re.compile(r'\bclass="[^"]*\b(rp-widget|rp-table-roll|rp-print)\b')
_TAGS = re.compile(r"<[^>]*>")
_LINK_END = re.compile(r"^</a\s*>$", re.IGNORECASE)


class MarkError(ValueError):
    """A contributor's mark that rolls nothing: the build fails, naming it."""


def button(found: InlineRoll, inner_html: str, name: str = "") -> str:
    """The inline roll control: its visible text is the text's own, its
    accessible name says what it rolls."""
    text = html.unescape(_TAGS.sub("", inner_html)).strip()
    label = f"{name}: {text}" if name else text
    # A save's button is its score's word ("STR"): its label says it all.
    label = found.label if found.save and not name else f"{label}. {found.label}"
    hooks = "".join(f' data-{name}="{html.escape(value)}"' for name, value in found.hooks.items())
    return (
        f'<button type="button" class="rp-inline-roll" data-role="inline-roll" '
        f'data-game="{found.game}" data-expression="{html.escape(found.expression)}"{hooks} '
        f'aria-label="{html.escape(label)}">{inner_html}</button>'
    )


def _text_with_buttons(text: str, game: str, after: str = "") -> str:
    mentions, _ = find(game, html.unescape(text), after)
    if not mentions:
        return text
    plain = html.unescape(text)
    out: list[str] = []
    at = 0
    for mention in mentions:
        out.append(html.escape(plain[at : mention.start], quote=False))
        out.append(button(mention.roll, html.escape(mention.written, quote=False)))
        at = mention.end
    out.append(html.escape(plain[at:], quote=False))
    return "".join(out)


def _marked(target: str, title: str, inner: str, game: str, rolls: bool) -> str:
    target = unquote(target).strip()
    if target == "no" or not rolls:
        return inner
    text = html.unescape(_TAGS.sub("", inner))
    try:
        if target:
            found = interpret(game, target)
        else:
            mentions, _ = find(game, text)
            if not mentions:
                raise MarkError(f"the mark [{text}](roll:) names no dice this page's game rolls")
            found = mentions[0].roll
        # A mark titled with a bestiary creature's name is that creature's attack.
        named = html.unescape(title)
        if named and game == "cairn" and named.lower() in _creature_names():
            attack = creature_roll(game, named)
            if attack.expression != found.expression:
                raise MarkError(f"the mark [{text}] is not {named}'s attack ({attack.expression})")
            found = attack
    except RulesInputError as error:
        raise MarkError(f"the mark [{text}](roll:{target}): {error.message}") from None
    return button(found, inner, html.unescape(title))


def _creature_names() -> frozenset[str]:
    from rules_py.cairn.bestiary import creatures

    return frozenset(creature.name.lower() for creature in creatures())


def _following(parts: list[str], index: int) -> str:
    """The text after part ``index``, past tags, as far as 40 characters."""
    text = ""
    for part in parts[index + 1 : index + 8]:
        if not part.startswith("<"):
            text += html.unescape(part)
        if len(text) >= 40:
            break
    return text[:40]


def rewrite(page_html: str, game: str, rolls: bool = True) -> str:
    """The page with its dice as buttons (``rolls``), or only its marks undone."""
    parts = _TOKENS.split(page_html)
    out: list[str] = []
    skip_tag: str | None = None
    depth = 0
    mark: tuple[str, str] | None = None  # the open roll: link's target and title
    mark_inner: list[str] = []
    for index, part in enumerate(parts):
        is_tag = index % 2 == 1
        if mark is not None:
            if is_tag and _LINK_END.match(part):
                out.append(_marked(mark[0], mark[1], "".join(mark_inner), game, rolls))
                mark, mark_inner = None, []
            else:
                mark_inner.append(part)
            continue
        if not is_tag:
            if rolls and skip_tag is None:
                out.append(_text_with_buttons(part, game, _following(parts, index)))
            else:
                out.append(part)
            continue
        found = _TAG.match(part)
        if not found:  # a comment or a declaration
            out.append(part)
            continue
        closing, name = found.group(1) == "/", found.group(2).lower()
        if skip_tag is not None:
            if name == skip_tag and name not in _VOID and not part.endswith("/>"):
                depth += -1 if closing else 1
                if depth == 0:
                    skip_tag = None
            out.append(part)
            continue
        if not closing and name == "a":
            target = _HREF.search(part)
            if target:
                title = _TITLE.search(part)
                mark = (target.group(1), title.group(1) if title else "")
                continue
        skipped = name in SKIPPED or _SKIP_CLASS.search(part)
        if not closing and skipped and name not in _VOID and not part.endswith("/>"):
            skip_tag, depth = name, 1
        out.append(part)
    return "".join(out)
