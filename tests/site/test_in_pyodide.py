"""What the snapshot build compiles: modules and functions without their
docstrings, classes and asserts as written (runtime/build/in_pyodide.py)."""

from __future__ import annotations

import ast
import textwrap

import pytest

from runtime.build.in_pyodide import without_docstrings

SOURCE = textwrap.dedent('''
    """The module's docstring."""
    from __future__ import annotations

    class Kept:
        """A class keeps its docstring."""

        def method(self) -> int:
            """Gone."""
            return 1

    def only_a_docstring() -> None:
        """Gone, and the body is still a body."""

    async def awaited() -> None:
        "Gone."

    def checked(value: int) -> int:
        "Gone."
        assert value > 0, "asserts stay"
        return value

    def first_statement_is_not_a_docstring() -> str:
        text = "kept: not a docstring"
        return text
''')


def _run(source: str) -> dict[str, object]:
    namespace: dict[str, object] = {}
    exec(compile(without_docstrings(ast.parse(source)), "<test>", "exec"), namespace)
    return namespace


def test_modules_and_functions_lose_their_docstrings_and_classes_keep_theirs() -> None:
    namespace = _run(SOURCE)
    assert "__doc__" not in namespace  # the code sets it only from a docstring
    kept = namespace["Kept"]
    assert kept.__doc__ == "A class keeps its docstring."  # type: ignore[attr-defined]
    assert kept.method.__doc__ is None and kept().method() == 1  # type: ignore[attr-defined]
    only = namespace["only_a_docstring"]
    assert only.__doc__ is None and only() is None  # type: ignore[operator, attr-defined]
    assert namespace["checked"].__doc__ is None  # type: ignore[attr-defined]
    assert namespace["awaited"].__doc__ is None  # type: ignore[attr-defined]
    assert namespace["first_statement_is_not_a_docstring"]() == "kept: not a docstring"  # type: ignore[operator]
    # The future import is still the module's first statement, so it still counts.
    assert namespace["annotations"].compiler_flag  # type: ignore[attr-defined]


def test_asserts_stay() -> None:
    checked = _run(SOURCE)["checked"]
    assert checked(2) == 2  # type: ignore[operator]
    with pytest.raises(AssertionError, match="asserts stay"):
        checked(0)  # type: ignore[operator]
