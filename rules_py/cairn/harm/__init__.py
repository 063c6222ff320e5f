"""What damage does to a target, in each of the three rule sets.

Cairn ("Critical Damage"): damage goes to HP; "Damage that reduces a target's HP below
zero decreases a target's STR by the amount remaining. They must then make a
STR save to avoid critical damage." HP at exactly 0 gives a PC a scar.

Might and Heart ("Attribute Loss"): "Harm that reduces a target's HP below 0 decreases
the remainder from Might, for physical harm, Heart, for mind harm. They must
then make an Attribute Save and consult the Harm received on their Attributes
for Consequences" (the harm table, :func:`harm_table`, from ``data/harm.json``).

Grit variant (Cairn, Rules Summary: Harm): harm goes to Grit, then the remainder
to Prowess (physical), Insight (stress) or Resolve (effort); an Ability save
avoids critical damage, whose failure "takes them out of combat and reduces the
Ability in 1 permanently".

Readings where the texts are silent (each shown in the roller as a note):

* the save after ability loss is made against the reduced score;
* a score reduced to 0 cannot be saved against (no d20 roll is 0 or under);
* Might and Heart at 0 have no rule in their text (its one sentence on loss to
  0 speaks of STR, DEX and WIL), so the Warden decides;
* a Might and Heart detachment takes its harm on Might and "critical damage"
  is a failed save, as in Cairn.

:func:`apply_harm` resolves one hit with dice; :func:`outcome_dist` gives the
exact chance of every outcome of an attack, through :mod:`rules_py.core.dist`.

The package's modules: :mod:`.targets` (who is hit, in each rule set),
:mod:`.injuries` (the Might and Heart harm table), :mod:`.texts` (the words
of the rules and the readings above), :mod:`.stages` (what a hit decides
before any save), :mod:`.odds` (the exact chance of each outcome) and
:mod:`.hits` (one hit resolved with dice).
"""

from __future__ import annotations

from rules_py.cairn.harm.hits import HarmResult, Tone, apply_harm
from rules_py.cairn.harm.injuries import HarmRow, harm_band, harm_table
from rules_py.cairn.harm.odds import chance_of, outcome_dist, outcome_labels
from rules_py.cairn.harm.stages import Stage, outcome_key, stage
from rules_py.cairn.harm.targets import (
    DIRECT_ABILITIES,
    HARM_KINDS,
    HP_TO,
    MAX_POOL,
    Target,
    armor_against,
    cairn_target,
    check_target,
    grit_target,
    harmed_ability,
    might_heart_target,
    target_for,
)
from rules_py.cairn.harm.texts import (
    CAIRN_DEX_WIL_ZERO,
    CAIRN_PC_CRITICAL,
    DIRECT_NOTE,
    GRIT_CRITICAL,
    GRIT_NPC_NOTE,
    MIGHT_HEART_DETACHMENT_NOTE,
    MIGHT_HEART_ZERO_NOTE,
    REDUCED_SAVE_NOTE,
    ZERO_MEANING,
    ZERO_SAVE_NOTE,
    zero_meaning,
)

__all__ = [
    "CAIRN_DEX_WIL_ZERO",
    "CAIRN_PC_CRITICAL",
    "DIRECT_ABILITIES",
    "DIRECT_NOTE",
    "GRIT_CRITICAL",
    "GRIT_NPC_NOTE",
    "HARM_KINDS",
    "HP_TO",
    "MAX_POOL",
    "MIGHT_HEART_DETACHMENT_NOTE",
    "MIGHT_HEART_ZERO_NOTE",
    "REDUCED_SAVE_NOTE",
    "ZERO_MEANING",
    "ZERO_SAVE_NOTE",
    "HarmResult",
    "HarmRow",
    "Stage",
    "Target",
    "Tone",
    "apply_harm",
    "armor_against",
    "cairn_target",
    "chance_of",
    "check_target",
    "grit_target",
    "harm_band",
    "harm_table",
    "harmed_ability",
    "might_heart_target",
    "outcome_dist",
    "outcome_key",
    "outcome_labels",
    "stage",
    "target_for",
    "zero_meaning",
]
