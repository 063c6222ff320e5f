"""The browser runtime and rules_py agree on the view blocks and the messages.

Python's side is read from ``rules_py`` itself: every dict literal (or
``dict(...)`` call) with a ``"type"`` key is a view block. The JavaScript side
is the renderer table of ``runtime/page/blocks.js`` and the message types that
``runtime/worker/worker.js`` posts and ``runtime/page/worker-link.js``
handles. ``runtime/README.md`` documents both; it is checked against the same
sources. No browser needed.
"""

from __future__ import annotations

import ast
import re

from tests.conftest import ROOT

RUNTIME = ROOT / "runtime"
CONTRIBUTING = RUNTIME / "README.md"
TABLE_START = "export const RENDERERS = Object.freeze({"
TABLE_END = "});"


def block_types_in_source(source: str, where: str) -> dict[str, set[str]]:
    """Block type -> the constant keys its dict is built with, for one module."""
    found: dict[str, set[str]] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            pairs = [
                (key.value, value)
                for key, value in zip(node.keys, node.values, strict=True)
                if isinstance(key, ast.Constant) and isinstance(key.value, str)
            ]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
            node.func.id == "dict"
        ):
            pairs = [(kw.arg, kw.value) for kw in node.keywords if kw.arg is not None]
        else:
            continue
        keys = {name for name, _ in pairs}
        for name, value in pairs:
            if name != "type":
                continue
            # A computed type would hide a block from this check: refuse it.
            assert isinstance(value, ast.Constant) and isinstance(value.value, str), (
                f"{where}:{node.lineno}: a block's type must be a string literal"
            )
            found.setdefault(value.value, set()).update(keys - {"type"})
    return found


def python_block_types() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "rules_py").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        for name, keys in block_types_in_source(path.read_text("utf-8"), where).items():
            found.setdefault(name, set()).update(keys)
    return found


def renderer_table(source: str) -> dict[str, str]:
    """Block type -> renderer function name, from the RENDERERS table of blocks.js."""
    start = source.index(TABLE_START) + len(TABLE_START)
    body = source[start : source.index(TABLE_END, start)]
    table: dict[str, str] = {}
    for text in body.splitlines():
        if not text.strip():
            continue
        entry = re.fullmatch(r"\s*([a-z_]+): ([A-Za-z]+),", text)
        assert entry, f"blocks.js: a RENDERERS line must read `type: function,` (got {text!r})"
        assert entry.group(1) not in table, f"blocks.js: {entry.group(1)} appears twice"
        table[entry.group(1)] = entry.group(2)
    return table


def defined_functions(source: str) -> set[str]:
    """Functions a module defines or imports by name."""
    names = set(re.findall(r"^(?:export )?function (\w+)\(", source, re.MULTILINE))
    for imported in re.findall(r"^import \{([^}]*)\} from", source, re.MULTILINE):
        names.update(name.strip() for name in imported.split(","))
    return names


def mismatch(emitted: set[str], rendered: set[str]) -> dict[str, list[str]]:
    return {
        "emitted by Python, no renderer": sorted(emitted - rendered),
        "renderer for a type Python never emits": sorted(rendered - emitted),
    }


def contributing_section(title: str) -> str:
    text = CONTRIBUTING.read_text("utf-8")
    start = text.index(f"### {title}\n")
    end = text.find("\n#", start + 1)
    return text[start : end if end != -1 else len(text)]


def documented_rows(section: str) -> dict[str, str]:
    """First cell (a `code` name) -> the whole row, for a Markdown table."""
    rows: dict[str, str] = {}
    for match in re.finditer(r"^\| `(\w+)` \|.*$", section, re.MULTILINE):
        assert match.group(1) not in rows, f"runtime/README.md documents {match.group(1)} twice"
        rows[match.group(1)] = match.group(0)
    return rows


# ---------------------------------------------------------------- blocks


def test_python_emits_the_block_types_of_rules_py_widget() -> None:
    emitted = python_block_types()
    # widget.py's constructors build these; the derivation must see them all.
    for name in ("outcome", "chart", "choices", "filter_rows"):
        assert name in emitted, name
    assert emitted["chart"] >= {"title", "bars", "summary"}


def test_every_block_type_has_a_renderer_and_no_renderer_is_dead() -> None:
    emitted = set(python_block_types())
    table = renderer_table((RUNTIME / "page" / "blocks.js").read_text("utf-8"))
    assert mismatch(emitted, set(table)) == mismatch(set(), set()), mismatch(emitted, set(table))


def test_every_renderer_in_the_table_is_a_function_of_the_runtime() -> None:
    source = (RUNTIME / "page" / "blocks.js").read_text("utf-8")
    known = defined_functions(source)
    missing = {t: f for t, f in renderer_table(source).items() if f not in known}
    assert missing == {}


def test_the_check_catches_a_missing_and_a_dead_renderer() -> None:
    # The comparison above can fail: a new Python block and a stray renderer.
    python = 'def x():\n    return {"type": "scroll", "text": "t"}\n'
    javascript = f"{TABLE_START}\n  outcome: renderOutcome,\n  ghost: renderGhost,\n{TABLE_END}"
    assert mismatch(set(block_types_in_source(python, "x.py")) | {"outcome"},
                    set(renderer_table(javascript))) == {
        "emitted by Python, no renderer": ["scroll"],
        "renderer for a type Python never emits": ["ghost"],
    }
    assert block_types_in_source("dict(type='fold', rows=[])", "y.py") == {"fold": {"rows"}}


def test_a_computed_block_type_is_refused() -> None:
    try:
        block_types_in_source('kind = "x"\nblock = {"type": kind}\n', "z.py")
    except AssertionError as error:
        assert "z.py:2" in str(error)
    else:
        raise AssertionError("a computed type went unnoticed")


def test_contributing_documents_every_block_type_with_its_fields() -> None:
    rows = documented_rows(contributing_section("View blocks"))
    emitted = python_block_types()
    assert set(rows) == set(emitted), mismatch(set(emitted), set(rows))
    for name, keys in emitted.items():
        undocumented = sorted(key for key in keys if f"`{key}`" not in rows[name])
        assert undocumented == [], (name, undocumented)


# ---------------------------------------------------------------- messages


def types_in(module: str, pattern: str) -> set[str]:
    """The message types a runtime module names with ``pattern`` (one group)."""
    return set(re.findall(pattern, (RUNTIME / module).read_text("utf-8")))


def worker_posts() -> set[str]:
    return types_in("worker/worker.js", r'post\(\{\s*type: "(\w+)"')


def page_posts() -> set[str]:
    """The typed messages the page sends the worker (besides plain requests)."""
    return types_in("page/worker-link.js", r'worker\.postMessage\(\{\s*type: "(\w+)"')


def test_the_page_handles_every_message_the_worker_sends() -> None:
    assert worker_posts() == {"progress", "ready", "failed", "busy", "crashed", "response"}
    assert types_in("page/worker-link.js", r'message\.type === "(\w+)"') == worker_posts()


def test_the_worker_handles_every_message_the_page_sends() -> None:
    assert page_posts() == {"interrupt"}
    assert types_in("worker/worker.js", r'event\.data\.type === "(\w+)"') == page_posts()


def test_contributing_documents_every_message() -> None:
    rows = documented_rows(contributing_section("Messages between page and worker"))
    assert set(rows) == worker_posts() | page_posts() | {"request"}


def test_the_command_line_has_a_text_form_of_every_block_type() -> None:
    from rules_py import text_view

    found = mismatch(set(python_block_types()), set(text_view.RENDERERS))
    assert found == {key: [] for key in found}
