"""The engine suite, run inside Pyodide under Node, passes with the same tests."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WHEELS = ROOT / ".cache" / "pyodide-wheels"


def _rules_wheel(site: Path) -> Path:
    wheels = sorted((site / "assets" / "rp" / "py").glob("rules_py-*.whl"))
    assert wheels, "the site build ships no rules_py wheel"
    return wheels[-1]


def _collected_on_cpython() -> int:
    output = subprocess.run(
        [sys.executable, "-m", "pytest", "-o", "addopts=", "--collect-only", "-q", "tests/engine"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout
    return int(re.search(r"(\d+) tests? collected", output).group(1))  # type: ignore[union-attr]


def test_engine_suite_passes_inside_pyodide(built_site: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is required for the Pyodide suite")
    if not any(WHEELS.glob("pytest-*.whl")):
        pytest.fail(f"no pytest wheel in {WHEELS}: run `make test` (it downloads them)")
    run = subprocess.run(
        [node, "tests/pyodide/run_engine_suite.mjs", str(WHEELS), str(_rules_wheel(built_site)),
         "tests/engine"],
        cwd=ROOT, capture_output=True, text=True, timeout=1800,
    )
    output = run.stdout + run.stderr
    assert "on emscripten" in output, output[-3000:]
    assert run.returncode == 0, output[-5000:]
    passed = int(re.search(r"(\d+) passed", output).group(1))  # type: ignore[union-attr]
    assert "failed" not in output.splitlines()[-1]
    assert passed == _collected_on_cpython(), output[-2000:]
