"""The notation's own documentation: each form, its meaning, and what Roll20,
Foundry VTT and rpg-dice-roller write for the same roll. The Dice notation
page of the site is rendered from :data:`FORMS` and :data:`READINGS`.

Each roller's spellings were checked against that roller's own documentation
or source: Roll20's Dice Reference (wiki.roll20.net/Dice_Reference and its
"Roll20 Dice Specification"), Foundry VTT's Dice Modifiers and Advanced Dice
articles with its ``Die``/``PoolTerm`` API, and rpg-dice-roller 5.5
(dice-roller.github.io/documentation and its grammar). A compare point means
"or more"/"or less" in Roll20 (``>7`` is 7 or more) and "more than"/"less
than" in the other two (``>7`` is 8 or more); the tests read every cell that
way. An empty spelling means that roller has no such form."""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.core.notation.tree import MAX_REPEAT_CHANCE

__all__ = ["FORMS", "READINGS", "Form", "Reading"]


@dataclass(frozen=True)
class Form:
    """One roll: what this site writes, its meaning, and each roller's spelling.

    Every spelling in a tuple is the same roll; ``()`` when that roller has no
    such form."""

    write: tuple[str, ...]
    means: str
    roll20: tuple[str, ...]
    foundry: tuple[str, ...]
    rpg_dice_roller: tuple[str, ...]


@dataclass(frozen=True)
class Reading:
    """Where the rollers disagree, and what this site does."""

    topic: str
    rollers: str
    here: str


FORMS: tuple[Form, ...] = (
    Form(("2d6+1",), "dice added up, and constants", ("2d6+1",), ("2d6+1",), ("2d6+1",)),
    Form(("d20", "1d20"), "1 die when the count is left out", ("d20",), ("d20",), ("d20",)),
    Form(("d%", "d100"), "a d100", ("d100",), ("d100",), ("d%", "d100")),
    Form(("4dF",), "Fate dice: faces -1, 0, +1", ("4dF",), ("4df",), ("4dF",)),
    Form(("4d6kh3", "4d6k3"), "keep the highest 3", ("4d6kh3", "4d6k3"), ("4d6kh3", "4d6k3"),
         ("4d6kh3", "4d6k3")),
    Form(("2d20kl1", "2d20kl"), "keep the lowest", ("2d20kl1",), ("2d20kl1", "2d20kl"),
         ("2d20kl1",)),
    Form(("4d6d1", "4d6dl1"), "drop the lowest", ("4d6d1", "4d6dl1"), ("4d6d1", "4d6dl1"),
         ("4d6d1", "4d6dl1")),
    Form(("5d8dh2",), "drop the 2 highest", ("5d8dh2",), ("5d8dh2",), ("5d8dh2",)),
    Form(("d6!",), "exploding: a die showing its highest face is rolled again, each extra "
         "roll a die of its own", ("d6!",), ("d6x",), ("d6!",)),
    Form(("d6!>=5",), "exploding on 5 or more", ("d6!>5",), ("d6x>=5",), ("d6!>=5",)),
    Form(("d6!5", "d6!=5"), "exploding on the face named (5) only", ("d6!5",), ("d6x5", "d6x=5"),
         ("d6!=5",)),
    Form(("2d6!!",), "compounding: the extra rolls add into the die that exploded", ("2d6!!",),
         (), ("2d6!!",)),
    Form(("3d6!p",), "penetrating: each extra roll counts one less", ("3d6!p",), (),
         ("3d6!p",)),
    Form(("4d6r1", "4d6r=1"), "reroll a 1 until the die shows another face", ("4d6r1", "4d6r"),
         ("4d6rr1",), ("4d6r=1", "4d6r")),
    Form(("4d6r<=2",), "reroll 2 or less until the die shows more", ("4d6r<2",),
         ("4d6rr<=2",), ("4d6r<=2",)),
    Form(("4d6ro1",), "reroll a 1 once, keep the second roll", ("4d6ro1",), ("4d6r1",),
         ("4d6ro=1",)),
    Form(("6d10>=7",), "count successes: each die showing 7 or more counts 1", ("6d10>7",),
         ("6d10cs>=7",), ("6d10>=7",)),
    Form(("6d10>=7f1", "6d10>=7f=1"), "... and each 1 counts -1", ("6d10>7f1",),
         ("6d10cs>=7df=1",), ("6d10>=7f=1",)),
    Form(("6d10>=7dbl10",), "... and a 10 counts 2 (this site only: the d10 dice pool)", (), (),
         ()),
    Form(("{d8, d8}kh1", "{d8, d8}kh"), "a group: the highest total of several rolls",
         ("{d8, d8}kh1",), ("{d8, d8}kh",), ("{d8, d8}kh1",)),
    Form(("{4d6, 3d8}k1",), "the higher of two totals", ("{4d6, 3d8}k1",), ("{4d6, 3d8}kh",),
         ("{4d6, 3d8}k1",)),
    Form(("{3d6, 2d8}>=10",), "count the rolls of the group totalling 10 or more",
         ("{3d6, 2d8}>10",), ("{3d6, 2d8}cs>=10",), ("{3d6, 2d8}>=10",)),
    Form(("max(d8, d10)",), "the higher of the rolls (min( the lower)", ("{d8, d10}kh1",),
         ("max(d8, d10)",), ("max(d8, d10)",)),
    Form(("(d6+1)*2",), "multiply", ("(d6+1)*2",), ("(d6+1)*2",), ("(d6+1)*2",)),
    Form(("2d6/2",), "divide, rounded down", ("floor(2d6/2)",), ("floor(2d6/2)",),
         ("floor(2d6/2)",)),
    Form(("2d6[fire] + d4[cold]",), "labels on the dice, shown with the roll",
         ("2d6[fire]+d4[cold]",), ("2d6[fire]+1d4[cold]",), ("2d6[fire]+d4[cold]",)),
    Form(("1d20+5 # attack",), "a label for the whole roll", ("1d20+5 attack",),
         ("1d20+5 # attack",), ("{1d20+5} # attack",)),
)  # fmt: skip

READINGS: tuple[Reading, ...] = (
    Reading("'>4' and '<2' in a compare point",
            "Roll20 reads '>4' as 4 or more and '<2' as 2 or less; Foundry VTT and "
            "rpg-dice-roller as more than 4 and less than 2.",
            "Refused, with the explicit forms to use: >=4 or >=5, <=2 or <=1."),
    Reading("r", "Roll20 and rpg-dice-roller reroll until the die leaves the range; "
            "Foundry VTT's r rerolls once (its rr is the recursive one).",
            "r rerolls until the die shows another face; ro rerolls once. The result says so."),
    Reading("keep/drop of exploding dice (4d6!kh3)",
            "Foundry VTT and rpg-dice-roller keep or drop each extra roll as a die of its own; "
            "Roll20's Dice Reference does not say.",
            "Refused; compounding dice (4d6!!kh3) are whole dice and may be kept or dropped."),
    Reading("keep/drop or a test on a group of one roll ({4d6}kh3)",
            "Roll20 applies either to the dice inside; rpg-dice-roller keep/drop to the dice "
            "inside but a test to the total; Foundry VTT both to the total.",
            "Refused: put the modifier on the dice, or give the group two rolls or more."),
    Reading("division", "rpg-dice-roller keeps the fraction (7/2 is 3.5); Roll20 and Foundry VTT "
            "offer floor( and round( to round it.",
            "A division rounds down to a whole number (7/2 is 3, -7/2 is -4); the result says so."),
    Reading("endless explosions and rerolls",
            "rpg-dice-roller stops a die after 1000 extra rolls; Foundry VTT refuses the roll "
            "once a term has gone through more than 1000 results; Roll20's Dice Reference "
            "names no limit.",
            "A die stops after so many extra rolls that getting there has a chance under 1 in a "
            "billion for the term; the odds are exact for this roller and within that of dice "
            "that never stop. At most "
            f"{MAX_REPEAT_CHANCE.numerator} faces in {MAX_REPEAT_CHANCE.denominator} "
            "may explode or be rerolled."),
    Reading("exploding and rerolling in one term",
            "Roll20 does both while the dice roll; rpg-dice-roller explodes first, then "
            "rerolls; Foundry VTT applies modifiers in the order written.",
            "Refused."),
    Reading("labels", "All three take [labels] after dice. For the whole roll, Foundry VTT takes "
            "a trailing '# label', rpg-dice-roller a '# label' after dice or a {group}, Roll20 "
            "plain text after the roll.",
            "[labels] and a trailing '# label' are accepted; neither changes the total."),
)  # fmt: skip
