"""The memory snapshot the site ships restores under Node (the pinned npm
pyodide), with no rules_py file present, and answers as CPython does for the
same seed: every widget, every action."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from runtime.build.in_pyodide import COMMAND_LINE_ONLY

ROOT = Path(__file__).resolve().parents[2]
REQUESTS = {
    "save": ["cairn.save", {"attribute": 12, "seed": 7}],
    "attack": ["cairn.attack", {"action": "roll", "seed": 2**53 + 11}],
    "notation": ["dice.notation", {"expression": "4d6kh3+2", "seed": 99}],
    "pool": ["dice_pool.roll", {"seed": 5}],
    "judge": ["judge_two.judge", {"action": "odds"}],
    "bad": ["cairn.save", {"attribute": 25}],
}


def _every_action() -> dict[str, list[object]]:
    """Every action of every widget with its defaults and a fixed seed."""
    from rules_py import web

    return {
        f"{widget['name']} {action['name']}":
            [widget["name"], {"action": action["name"], "seed": 41}]
        for widget in web.catalog()
        for action in widget["actions"]
    }


def _every_choice() -> dict[str, list[object]]:
    """Every value of every choice field (a mode, a table, a rule set) with
    every action: the paths a player reaches by changing one choice."""
    from rules_py import web

    return {
        f"{widget['name']} {field['name']}={choice['value']} {action['name']}":
            [widget["name"], {field["name"]: choice["value"], "action": action["name"], "seed": 7}]
        for widget in web.catalog()
        for field in widget["fields"] if field["kind"] == "choice"
        for choice in field["choices"]
        for action in widget["actions"]
    }


def test_the_snapshot_restores_in_node_and_answers_as_cpython(built_site: Path) -> None:
    from rules_py import registry, web

    requests = {**REQUESTS, **_every_action(), **_every_choice()}
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is required to restore the snapshot")
    run = subprocess.run(
        [node, "tests/pyodide/restore_snapshot.mjs", str(built_site)],
        input=json.dumps({key: [name, json.dumps(body)] for key, (name, body) in requests.items()}),
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    restored = json.loads(run.stdout.strip().splitlines()[-1])
    answers = {key: json.loads(text) for key, text in restored["answers"].items()}
    # Every widget module was in memory before the first call: the state came
    # from the snapshot, not from a fresh import.
    assert set(registry.WIDGET_MODULES.values()) <= set(restored["preloaded"])
    assert restored["files"] is False  # answered from memory alone, as in the worker
    # Nor the command line's modules, nor what only they import (in_pyodide.py).
    left_out = COMMAND_LINE_ONLY | {"argparse", "gettext", "urllib.parse"}
    assert not left_out & set(restored["inMemory"]), left_out & set(restored["inMemory"])
    assert "rules_py.web" in restored["inMemory"]  # the list is sys.modules
    # Restored on an empty standard library zip: no widget action, in no mode, needed it;
    # the first import of a module the snapshot lacks brought Pyodide's own
    # (once, and not for a module the zip has not either), and the source of
    # a module from memory is read from it.
    stdlib = restored["stdlib"]
    assert stdlib["loadsWhileAnswering"] == 0
    assert stdlib["absent_before"] and stdlib["imported"] and not stdlib["missing_found"]
    assert stdlib["loads"] == 1
    assert stdlib["source"].startswith("def dumps(obj, *, skipkeys=False")
    # Docstrings of modules and functions are not in memory, but for
    # Pyodide's own; classes keep theirs (in_pyodide.py, without_docstrings).
    docstrings = restored["docstrings"]
    assert docstrings["function"] is docstrings["module"] is docstrings["standard_library"] is None
    assert docstrings["class"].startswith("A roller: ``name`` is ``game.thing``")
    assert docstrings["pyodide"]
    # Nor the annotations of rules_py's functions (web.call's, say); a
    # class's stay, which get_type_hints reads (without_function_annotations).
    assert docstrings["annotated_functions"] == []
    assert {"name", "fields", "actions"} <= set(docstrings["class_fields"])
    # Compiled without column positions, in memory and after the restore;
    # lines are kept (make_snapshot.mjs, PYTHONNODEBUGRANGES).
    positions = restored["positions"]
    assert positions["columns"] == {
        "rules_py": ["None"], "standard_library": ["None"], "compiled_now": ["None"]}
    assert positions["lines"] is True
    # Pyodide's wrapper modules, compiled once per kind while it restored
    # (wasm-modules.js; 260 compiles of 29 kinds without it).
    assert 0 < restored["wrapperCompiles"] < 60
    # Python's module was instantiated while the snapshot still arrived, and
    # its memory copied in only once every byte had (restore in worker.js).
    assert restored["early"] == {"instantiatedWhileArriving": True, "arrivedBeforeCopy": True}
    assert len(answers) == len(requests) > 500
    for key, (name, request) in requests.items():
        expected = json.loads(web.call(name, json.dumps(request)))
        assert answers[key] == expected, key
    assert answers["save"]["ok"]
    assert answers["attack"]["result"]["seed"] == 2**53 + 11
    assert not answers["bad"]["ok"]
    assert answers["bad"]["error"]["field"] == "attribute"


def test_the_fallback_loads_the_pyc_compiled_at_build_time(built_site: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is required to load Pyodide")
    run = subprocess.run(
        [node, "tests/pyodide/fallback_pyc.mjs", str(built_site)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    found = json.loads(run.stdout.strip().splitlines()[-1])
    # Every standard library module the rollers used came from a .pyc.
    assert len(found["stdlib"]) > 50
    assert found["from_pyc"] == found["stdlib"]
    # Every rules_py module has a .pyc made from exactly its shipped source.
    assert len(found["rules_py"]) > 50
    assert set(found["rules_py"].values()) == {"ok"}, found["rules_py"]
    # Compiled without column positions (make_snapshot.mjs, PYTHONNODEBUGRANGES).
    assert found["columns"] == ["None"]
