"""The command line as a process: ``python -m rules_py`` and its exit status.

Out of tests/engine because those also run inside Pyodide, which has no
processes.
"""

from __future__ import annotations

import io
import subprocess
import sys

from rules_py.cli import BAD_INPUT, main


def run(*argv: str) -> str:
    out = io.StringIO()
    main(list(argv), out, io.StringIO())
    return out.getvalue()


def test_python_dash_m_runs_the_same_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rules_py", "roll", "d20", "--seed", "1"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0 and done.stdout == run("roll", "d20", "--seed", "1")
    bad = subprocess.run(
        [sys.executable, "-m", "rules_py", "roll", "d0"], capture_output=True, text=True
    )
    assert bad.returncode == BAD_INPUT and bad.stderr.startswith("rules-py: expression: ")


def test_a_closed_pipe_ends_quietly() -> None:
    done = subprocess.run(
        f"{sys.executable} -m rules_py list | head -1", shell=True, capture_output=True, text=True
    )
    assert done.stdout.startswith("cairn.") and "Traceback" not in done.stderr
