"""Tables and stat blocks of the Cairn family, rendered from ``rules_py`` data.

``{{ cairn_spells_table() }}`` prints the 100 Spells table that ``cairn.spells``
rolls on; ``{{ cairn_scars_table() }}`` the Scars that ``cairn.attack`` looks
up; ``{{ cairn_reaction_table() }}``, ``{{ might_heart_fate_table() }}`` and
``{{ might_heart_harm_table() }}`` the small tables that ``cairn.tables`` and
``cairn.attack`` roll on; ``{{ cairn_creature("Root Goblin") }}`` one
stat-block card and ``{{ cairn_monster_template() }}`` the template of "Creating Monsters". The
page and the rollers read the same data, so they cannot disagree.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from rules_py.cairn import bestiary, harm, scars, spells, tables
from rules_py.dice import rolled_tables

__all__ = [
    "COMBAT_PAGE_URL",
    "SPELLS_PAGE",
    "cairn_creature",
    "cairn_monster_template",
    "cairn_reaction_table",
    "cairn_scars_table",
    "cairn_spells_table",
    "might_heart_fate_table",
    "might_heart_harm_table",
    "register",
    "table_roll_button",
]

SPELLS_PAGE = "spells.md"  # creature cards link their spells to the table's rows
# The attack roller's page from the bestiary's, as the built site addresses it.
COMBAT_PAGE_URL = "../combat/"


def _markdown_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    # No column alignment: Markdown writes it as a style attribute, which the
    # site's Content-Security-Policy (no inline styles) refuses.
    lines = [
        "| " + " | ".join(header) + " |",
        "| " + " | ".join("---" for _ in header) + " |",
    ]
    lines += ["| " + " | ".join(cell.replace("|", "&#124;") for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def cairn_spells_table() -> str:
    """The 100 Spells as one HTML table: the table and every row carry a stable id.

    The widget hides rows by id while filtering and scrolls to the rolled
    row; other pages link to a spell by its row id. The source linked each
    name to an anchor it never defined (``#adhere``): names are plain text here.
    """
    rows = []
    for spell in spells.spells():
        row_id = html.escape(spell.row_id, quote=True)
        rows.append(
            f'<tr id="{row_id}"><td>{spell.number}</td> '
            f"<td><strong>{html.escape(spell.name)}</strong></td> "
            f"<td>{html.escape(spell.effect)}</td></tr>"
        )
    # One block without blank lines: Markdown passes it through untouched. A
    # space between cells and a line per row: the search index reads the text
    # between tags, and glued cells ("85TelekinesisYou...") would hide each name.
    return table_roll_button("spells") + (
        f'<table id="{spells.TABLE_ID}">'
        "<thead><tr><th>d100</th> <th>Spell</th> <th>Description</th></tr></thead>\n"
        "<tbody>\n" + "\n".join(rows) + "\n</tbody></table>"
    )


def table_roll_button(key: str) -> str:
    """ "Roll on this table", right above the table it rolls on (the page's
    runtime rolls ``dice.table`` and highlights the row that comes up)."""
    found = rolled_tables.rolled_table(key)
    return (
        f'<p class="rp-table-roll" data-search-exclude><button type="button" '
        f'class="md-button rp-table-roll-button" data-role="table-roll" data-table="{key}" '
        f'aria-label="Roll on this table: {html.escape(found.title)} ({found.expression})">'
        f"Roll on this table</button></p>\n\n"
    )


def cairn_scars_table() -> str:
    return _markdown_table(
        ["Total damage", "Scar"],
        [(str(scar.total), f"{scar.name}: {scar.text}") for scar in scars.scars()],
    )


def cairn_reaction_table() -> str:
    """The Reaction table, from the rows ``cairn.tables`` rolls on."""
    found = tables.table(tables.REACTION)
    return table_roll_button("reaction") + _markdown_table(
        [found.notation, found.title],
        [(row.range.span, row.result) for row in found.rows],
    )


def might_heart_fate_table() -> str:
    """The Die of Fate, from the rows ``cairn.tables`` rolls on."""
    found = tables.table(tables.FATE)
    return table_roll_button("fate") + _markdown_table(
        [found.notation, "Result"],
        [(row.range.span, row.result) for row in found.rows],
    )


def might_heart_harm_table() -> str:
    """The harm table, in the text's own notation of the Harm column ("1:3", "6+")."""
    rows = [(row.written, row.injury, row.on_fail, row.on_success) for row in harm.harm_table()]
    return _markdown_table(
        ["Harm", "Injury", "Fail Consequence", "Success Consequence"],
        rows,
    )


def _stat_grid(cells: Sequence[tuple[str, str]]) -> str:
    items = "".join(
        f"<div><dt>{html.escape(name)}</dt><dd>{html.escape(value)}</dd></div>"
        for name, value in cells
    )
    return f'<dl class="rp-stats">{items}</dl>'


def _spell_link(name: str) -> str:
    spell = spells.by_name(name)
    if spell is None:
        raise ValueError(f"creature spell {name!r} is not in the 100 Spells table")
    return f"[_{name}_]({SPELLS_PAGE}#{spell.row_id})"


def _attack_link(creature: bestiary.Creature) -> str:
    """A link to the attack roller set for the creature: the roller's form
    filled with its attack and the exact odds shown, nothing rolled yet. Raw
    HTML, since a Markdown link's #roll= fragment is not a heading MkDocs knows."""
    from rules_py import registry
    from rules_py.cairn.widgets.attack.party import creature_attack
    from rules_py.share import share_fragment

    defaults = {f.name: f.default for f in registry.get("cairn.attack").fields}
    request = {**creature_attack(creature, defaults), "action": "odds"}
    href = COMBAT_PAGE_URL + share_fragment("cairn.attack", request)
    return (
        f'<a class="rp-creature-attack" data-role="creature-attack" href="{html.escape(href)}">'
        f"Attack with the {html.escape(creature.name)}: the roller, set for its "
        f"{html.escape(creature.attack.name if creature.attack else 'attack')}</a>"
    )


def cairn_creature(name: str) -> str:
    """One creature of the bestiary as a stat-block card (Markdown inside an HTML card)."""
    found = [c for c in bestiary.creatures() if c.name == name]
    if not found:
        known = ", ".join(c.name for c in bestiary.creatures())
        raise ValueError(f"no creature {name!r} in the bestiary (creatures: {known})")
    creature = found[0]
    cells = [("HP", str(creature.hp))]
    if creature.armor:
        cells.append(("Armor", str(creature.armor)))
    cells += [
        ("STR", str(creature.strength)),
        ("DEX", str(creature.dexterity)),
        ("WIL", str(creature.willpower)),
    ]
    lines = [
        '<div class="rp-statblock" markdown="1">',
        "",
        _stat_grid(cells),
        "",
    ]
    if creature.attack is not None:
        # One tap rolls the attack from the stat block: attacks hit, so the
        # roll is its damage, read as the bestiary's notation means it.
        attack = f"**{creature.attack.name}** ({creature.attack.notation})"
        lines += [f'[{attack}](roll: "{creature.name}")', ""]
        lines += [_attack_link(creature), ""]
    if creature.spellbook:
        links = ", ".join(_spell_link(spell) for spell in creature.spellbook)
        lines += [f"a Spellbook (Choose one: {links})", ""]
    lines += [f"- {trait}" for trait in creature.traits]
    lines += ["", _foe_tools(creature.name), "", "</div>"]
    return "\n".join(lines)


def _foe_tools(name: str) -> str:
    """The creature into the party as a foe: a button the party runtime shows
    and wires (hidden without it)."""
    creature = html.escape(name, quote=True)
    return (
        f'<button type="button" class="md-button rp-button rp-add-foe" data-role="add-foe" '
        f'data-creature="{creature}" hidden>Add {html.escape(name)} to the party</button>'
    )


def cairn_monster_template() -> str:
    """The template of "Creating Monsters", drawn as an empty stat-block card."""
    lines = [
        '<div class="rp-statblock rp-statblock-template" markdown="1">',
        "",
        f"**{bestiary.TEMPLATE_NAME}**  ",
        bestiary.TEMPLATE_STATLINE,
        "",
        *(f"- {trait}" for trait in bestiary.TEMPLATE_TRAITS),
        "",
        "</div>",
    ]
    return "\n".join(lines)


def register(env: Any) -> None:
    for macro in (
        cairn_spells_table,
        cairn_scars_table,
        cairn_reaction_table,
        might_heart_fate_table,
        might_heart_harm_table,
        cairn_creature,
        cairn_monster_template,
    ):
        env.macro(macro)
