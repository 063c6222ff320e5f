"""The Judge Two widgets: ``judge_two.judge``, ``judge_two.attack``, ``judge_two.rounds``
(listed in :mod:`rules_py.registry`). Presentation only: every rule is in the engine."""
