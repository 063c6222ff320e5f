"""Pyodide's small wrapper modules are compiled once per kind in the worker
(runtime/worker/wasm-modules.js), run under Node by wasm_modules.mjs; the
restore that uses it is tests/pyodide/test_snapshot_restore.py."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from tests.conftest import ROOT


def test_a_small_module_is_compiled_once_and_each_instance_stays_its_own() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is required to run wasm-modules.js")
    run = subprocess.run([node, "tests/site/wasm_modules.mjs"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-3000:]
    facts = json.loads(run.stdout)
    assert facts["sameForEqualBytes"] and facts["otherForOtherBytes"]
    assert facts["largeEachTime"]  # Python's own module is never kept
    assert facts["instanceOf"]
    assert facts["exports"] == ["f"] and facts["customSections"] == 1
    # One module, two instances, each calling its own function.
    assert facts["ownInstances"] and facts["heard"] == [3, -4]
    # A module that does not compile fails every time (nothing kept).
    assert facts["refusals"] == ["CompileError", "CompileError"]
    assert facts["compiles"] == 2
