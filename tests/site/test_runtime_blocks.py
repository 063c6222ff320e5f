"""The browser runtime and rules_py agree on the view blocks and the messages.

Python's side is read from ``rules_py.view_blocks`` itself: one TypedDict
per block type (the engine tests check every view against them). The JavaScript side
is the renderer table of ``runtime/page/blocks.js``. The messages between page
and worker are read from their one definition, ``runtime/contract/messages.js``
(imported under Node), and each side's handling is checked against it.
``runtime/README.md`` documents both; it is checked against the same sources.
No browser needed.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from typing import Any

import pytest

from rules_py.core.json_shape import typed_dict_fields
from rules_py.view_blocks import blocks_by_type
from tests.conftest import ROOT

RUNTIME = ROOT / "runtime"
CONTRIBUTING = RUNTIME / "README.md"
MESSAGES_JS = RUNTIME / "contract" / "messages.js"
TABLE_START = "export const RENDERERS = Object.freeze(/** @satisfies {Renderers} */ ({"
TABLE_END = "}));"


def python_block_types() -> dict[str, set[str]]:
    """Block type -> its fields, from the TypedDicts of rules_py.view_blocks."""
    return {
        name: set(typed_dict_fields(cls)) - {"type"} for name, cls in blocks_by_type().items()
    }


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


def test_python_defines_the_block_types_of_rules_py_view_blocks() -> None:
    defined = python_block_types()
    for name in ("outcome", "chart", "choices", "filter_rows"):
        assert name in defined, name
    assert defined["chart"] >= {"title", "bars", "summary", "marks", "mean"}


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
    javascript = f"{TABLE_START}\n  outcome: renderOutcome,\n  ghost: renderGhost,\n{TABLE_END}"
    assert mismatch({"outcome", "scroll"}, set(renderer_table(javascript))) == {
        "emitted by Python, no renderer": ["scroll"],
        "renderer for a type Python never emits": ["ghost"],
    }


def test_contributing_documents_every_block_type_with_its_fields() -> None:
    rows = documented_rows(contributing_section("View blocks"))
    emitted = python_block_types()
    assert set(rows) == set(emitted), mismatch(set(emitted), set(rows))
    for name, keys in emitted.items():
        undocumented = sorted(key for key in keys if f"`{key}`" not in rows[name])
        assert undocumented == [], (name, undocumented)


# ---------------------------------------------------------------- messages


def contract() -> tuple[dict[str, dict[str, Any]], set[str]]:
    """MESSAGES of runtime/contract/messages.js (type -> {from, fields}) and
    the names the module exports, as Node imports it."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = (
        "const contract = await import(process.argv[1]);"
        "console.log(JSON.stringify([contract.MESSAGES, Object.keys(contract)]));"
    )
    run = subprocess.run(
        [node, "--input-type=module", "-e", script, MESSAGES_JS.as_uri()],
        capture_output=True, text=True, check=True,
    )
    messages, exported = json.loads(run.stdout)
    return messages, set(exported)


def guard(message_type: str) -> str:
    """The contract's type guard of a message: isProgress for progress."""
    return "is" + message_type[0].upper() + message_type[1:]


def sent_by(side: str) -> set[str]:
    return {name for name, info in contract()[0].items() if info["from"] == side}


def test_the_contract_defines_each_message_with_its_sender_fields_and_guard() -> None:
    messages, exported = contract()
    assert sent_by("page") == {"request", "interrupt"}
    assert sent_by("worker") == {"progress", "busy", "crashed", "ready", "failed", "response"}
    assert set(messages) == sent_by("page") | sent_by("worker")
    assert messages["request"]["fields"] == {"id": True, "name": True, "request": True}
    assert {guard(name) for name in messages} | {"unexpectedMessage", "sendToWorker"} <= exported


def test_each_side_handles_every_message_of_the_other() -> None:
    receivers = {"page": "worker/worker.js", "worker": "page/worker-link.js"}
    for sender, module in receivers.items():
        source = (RUNTIME / module).read_text("utf-8")
        # Each message told apart by its guard; the handler ends in
        # unexpectedMessage, which the type check lets only a `never` reach.
        unhandled = sorted(
            name for name in sent_by(sender) if f"{guard(name)}(message)" not in source
        )
        assert unhandled == [], (module, unhandled)
        assert "unexpectedMessage(message)" in source, module


def test_each_side_posts_only_through_its_typed_sender() -> None:
    # A message posted any other way would escape the type check.
    page = (RUNTIME / "page/worker-link.js").read_text("utf-8")
    assert ".postMessage(" not in page
    assert page.count("sendToWorker(") >= 3
    worker = (RUNTIME / "worker/worker.js").read_text("utf-8")
    assert re.findall(r"\bpostMessage\(\w*", worker) == ["postMessage(message"]
    typed = '/** @param {import("../contract/messages.js").WorkerMessage} message */'
    assert f"{typed}\nfunction post(" in worker


def test_contributing_documents_every_message() -> None:
    rows = documented_rows(contributing_section("Messages between page and worker"))
    messages, _ = contract()
    assert set(rows) == set(messages)
    for name, info in messages.items():
        cells = [cell.strip() for cell in rows[name].strip("|").split("|")]
        receiver = "worker" if info["from"] == "page" else "page"
        assert cells[1] == f"{info['from']} \u2192 {receiver}", (name, cells[1])
        assert cells[2].startswith("`type`"), (name, cells[2])
        undocumented = sorted(field for field in info["fields"] if f"`{field}`" not in cells[2])
        assert undocumented == [], (name, undocumented)


def test_the_command_line_has_a_text_form_of_every_block_type() -> None:
    from rules_py import text_view

    found = mismatch(set(python_block_types()), set(text_view.RENDERERS))
    assert found == {key: [] for key in found}
