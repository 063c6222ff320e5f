"""Engine tests run on CPython and, unchanged, inside Pyodide (tests/pyodide)."""

import sys

from hypothesis import settings

# No per-example deadline anywhere: no test asserts a time (machines are
# shared and noisy; make bench measures speed). Pyodide also runs Python
# several times slower than CPython, so it tries fewer examples.
settings.register_profile("cpython", deadline=None)
settings.register_profile("pyodide", deadline=None, max_examples=50)
settings.load_profile("pyodide" if sys.platform == "emscripten" else "cpython")
