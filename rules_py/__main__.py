"""``python -m rules_py``: the command line (see :mod:`rules_py.cli`)."""

from rules_py.cli import run

if __name__ == "__main__":
    run()
