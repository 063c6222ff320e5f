"""What the snapshot build compiles: modules and functions without their
docstrings, classes and asserts as written, rules_py's functions without
their annotations; and what it leaves out: the command line's modules
(runtime/build/in_pyodide.py)."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path
from typing import get_type_hints

import pytest

import rules_py
from runtime.build.in_pyodide import (
    COMMAND_LINE_ONLY,
    without_docstrings,
    without_function_annotations,
)

PACKAGE = Path(rules_py.__file__).resolve().parent

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


ANNOTATED = textwrap.dedent('''
    from __future__ import annotations

    from dataclasses import dataclass
    from typing import TypedDict, get_type_hints

    LIMIT: int = 20

    @dataclass(frozen=True)
    class Save:
        attribute: int
        bonus: int = 0

        def target(self, extra: int = 1, *more: int, scale: float, **rest: str) -> int:
            return self.attribute + self.bonus + extra + sum(more) + int(scale) + len(rest)

    class Shape(TypedDict):
        name: str

    def positional(value: int, /) -> int:
        return value

    async def later(value: int) -> int:
        return value
''')


def test_functions_lose_their_annotations_and_classes_and_modules_keep_theirs() -> None:
    namespace: dict[str, object] = {}
    tree = without_function_annotations(ast.parse(ANNOTATED))
    exec(compile(tree, "<test>", "exec"), namespace)
    save, shape = namespace["Save"], namespace["Shape"]
    # What rules_py reads: a dataclass's fields and a TypedDict's keys, by their hints.
    assert get_type_hints(save) == {"attribute": int, "bonus": int}  # type: ignore[arg-type]
    assert get_type_hints(shape) == {"name": str}  # type: ignore[arg-type]
    assert namespace["__annotations__"] == {"LIMIT": "int"}
    # Every function's own annotations are gone; defaults and kinds stay.
    target = save.target  # type: ignore[attr-defined]
    for function in (target, namespace["positional"], namespace["later"]):
        assert function.__annotations__ == {}  # type: ignore[attr-defined]
    assert save.__init__.__annotations__ == {"attribute": "int", "bonus": "int", "return": None}  # type: ignore[attr-defined,misc]
    assert target(save(3), 2, 4, 5, scale=2.5, note="x") == 3 + 0 + 2 + 9 + 2 + 1  # type: ignore[operator]
    assert namespace["positional"](7) == 7  # type: ignore[operator]
    with pytest.raises(TypeError):
        namespace["positional"](value=7)  # type: ignore[operator]
    # The same source, as written, has them: the test sees what it removes.
    untouched: dict[str, object] = {}
    exec(compile(ANNOTATED, "<test>", "exec"), untouched)
    assert untouched["positional"].__annotations__ == {"value": "int", "return": "int"}  # type: ignore[attr-defined]


# What reads a function's annotations at run time; get_type_hints reads
# them of whatever it is given, and rules_py gives it classes only, named cls.
READS_FUNCTION_ANNOTATIONS = {"__annotations__", "signature", "get_annotations",
                              "singledispatch", "singledispatchmethod", "annotate"}


def test_rules_py_reads_no_functions_annotations() -> None:
    """The snapshot's rules_py has none (without_function_annotations), so
    no code of the package may read them: it would get nothing in the
    browser and the annotations on CPython."""
    readers: list[str] = []
    hints_of: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE.parent).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = (node.attr if isinstance(node, ast.Attribute)
                    else node.id if isinstance(node, ast.Name) else None)
            if name in READS_FUNCTION_ANNOTATIONS:
                readers.append(f"{where}:{node.lineno} {name}")
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "get_type_hints"):
                hints_of.append(ast.unparse(node.args[0]))
    assert readers == []
    # The scan sees the calls there are: values.py's and core/json_shape.py's.
    assert hints_of == ["cls", "cls"]


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path) -> set[str]:
    """The modules a file imports, absolute (rules_py uses no relative imports
    but ``from rules_py import name``, which may name a module)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            assert node.level == 0, path
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_the_modules_left_out_of_the_snapshot_are_the_command_lines_alone() -> None:
    modules = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
    assert set(modules) >= COMMAND_LINE_ONLY  # each one a module of the package
    # A page's code reaching one of them would fail in a restored Python,
    # which has no rules_py file: only the command line imports them.
    reaching = {name: sorted(_imported(path) & COMMAND_LINE_ONLY)
                for name, path in modules.items() if name not in COMMAND_LINE_ONLY}
    assert {name: found for name, found in reaching.items() if found} == {}
    # The check sees imports: the command line's own file imports two of them.
    assert {"rules_py.share", "rules_py.text_view"} <= _imported(modules["rules_py.cli"])
