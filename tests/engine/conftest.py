"""Engine tests run on CPython and, unchanged, inside Pyodide (tests/pyodide)."""

import sys

from hypothesis import settings

# Pyodide runs Python several times slower than CPython: same properties,
# no per-example deadline there.
settings.register_profile("pyodide", deadline=None, max_examples=50)
if sys.platform == "emscripten":
    settings.load_profile("pyodide")
