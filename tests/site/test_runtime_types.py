"""The runtime's JavaScript is type-checked against what Python defines.

``runtime/contract/blocks.d.ts`` and ``runtime/build-manifest.d.json.ts``
are written from Python's TypedDicts (``runtime/build/declarations.py``) and
must be up to date; TypeScript then checks every project of ``runtime/``
(``make lint`` runs the same). The checks below also show that it fails
where it should: on a copy of the runtime, a block type added in Python
without a renderer, a renderer gone from RENDERERS, a renderer reading a
field its block lacks, and a message added to the contract that a side does
not handle each make TypeScript refuse it.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any, Literal, NotRequired, TypedDict

import pytest

from rules_py import view_blocks
from runtime.build import declarations
from runtime.build.declarations import Declaration, out_of_date, typescript
from tests.conftest import ROOT

TSC = ROOT / "node_modules" / ".bin" / "tsc"
PROJECTS = ("page", "worker", "sw", "build")
COPIED = ("page", "worker", "offline", "material", "contract", "types", "build")


def tsc(runtime: Path, project: str) -> str:
    """TypeScript's complaints about one project, or "" when it passes."""
    if not TSC.exists():
        pytest.skip("TypeScript is not installed (make deps)")
    run = subprocess.run(
        [str(TSC), "-p", str(runtime / f"tsconfig.{project}.json")],
        capture_output=True, text=True, cwd=runtime.parent,
    )
    output = run.stdout + run.stderr
    assert (run.returncode == 0) == (output == ""), output
    return output


@pytest.fixture
def runtime_copy(tmp_path: Path) -> Path:
    """The runtime's sources and type-check settings in a scratch folder
    (beside a link to the project's node_modules, for TypeScript and Pyodide)."""
    copy = tmp_path / "runtime"
    copy.mkdir()
    for folder in COPIED:
        shutil.copytree(ROOT / "runtime" / folder, copy / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    for config in (ROOT / "runtime").glob("tsconfig*.json"):
        shutil.copy(config, copy / config.name)
    shutil.copy(ROOT / "runtime" / "build-manifest.d.json.ts", copy)
    (tmp_path / "node_modules").symlink_to(ROOT / "node_modules")
    return copy


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert text.count(old) == 1, (path, old)
    path.write_text(text.replace(old, new), "utf-8")


# ---------------------------------------------------------------- declarations


def test_the_declarations_are_written_from_the_python_types() -> None:
    assert out_of_date() == []


def test_every_block_type_is_declared_with_its_fields() -> None:
    text = (ROOT / "runtime" / "contract" / "blocks.d.ts").read_text("utf-8")
    for name in view_blocks.blocks_by_type():
        assert f'  type: "{name}";' in text, name
    assert "  bars: ChartBar[];\n  summary: string;\n  marks?: string;\n  mean?: string;\n" in text
    assert "  blocks: AnyBlock[];\n" in text  # a step holds blocks: the union, by name


class Sample(TypedDict):
    """A sample: every kind of type the translation knows."""

    kind: Literal["a", "b"]
    count: int
    share: float
    on: bool
    names: list[str]
    nested: list[Inner]
    extra: dict[str, Any]
    maybe: NotRequired[int | None]


class Inner(TypedDict):
    label: str


def test_a_typed_dict_becomes_an_interface() -> None:
    declared = typescript(Declaration(ROOT / "x.d.ts", "tests.site", (("Sample", Sample),)))
    assert declared.endswith(
        "/**\n * A sample: every kind of type the translation knows.\n */\n"
        "export interface Sample {\n"
        '  kind: "a" | "b";\n'
        "  count: number;\n"
        "  share: number;\n"
        "  on: boolean;\n"
        "  names: string[];\n"
        "  nested: Inner[];\n"
        "  extra: { [key: string]: unknown };\n"
        "  maybe?: number | null;\n"
        "}\n\n"
        "export interface Inner {\n  label: string;\n}\n"
    )
    with pytest.raises(TypeError, match="no TypeScript"):
        typescript(Declaration(ROOT / "x.d.ts", "tests.site", (("Bad", list[bytes]),)))


def test_the_manifest_module_is_declared_as_the_build_writes_it() -> None:
    text = (ROOT / "runtime" / "build-manifest.d.json.ts").read_text("utf-8")
    assert "  format: 2;\n" in text and "  gzipCopies: { [key: string]: string };\n" in text
    assert text.endswith("declare const json: ManifestJson;\nexport default json;\n")


# ---------------------------------------------------------------- the type check


@pytest.mark.parametrize("project", PROJECTS)
def test_the_runtime_type_checks(project: str) -> None:
    assert tsc(ROOT / "runtime", project) == ""


def test_a_block_type_python_adds_without_a_renderer_fails(runtime_copy: Path) -> None:
    class ScrollBlock(TypedDict):
        type: Literal["scroll"]
        text: str

    grown = Declaration(
        runtime_copy / "contract" / "blocks.d.ts",
        "rules_py.view_blocks",
        (("AnyBlock", view_blocks.AnyBlock | ScrollBlock), ("Tone", view_blocks.Tone)),
    )
    grown.path.write_text(grown.text(), "utf-8")
    assert "Property 'scroll' is missing" in tsc(runtime_copy, "page")


def test_a_renderer_gone_from_the_table_fails(runtime_copy: Path) -> None:
    edit(runtime_copy / "page" / "blocks.js", "  copy: renderCopy,\n", "")
    assert "Property 'copy' is missing" in tsc(runtime_copy, "page")


def test_a_renderer_for_a_type_python_lacks_fails(runtime_copy: Path) -> None:
    edit(runtime_copy / "page" / "blocks.js", "  copy: renderCopy,\n",
         "  copy: renderCopy,\n  ghost: renderCopy,\n")
    assert "'ghost' does not exist in type 'Renderers'" in tsc(runtime_copy, "page")


def test_a_renderer_reading_a_field_its_block_lacks_fails(runtime_copy: Path) -> None:
    edit(runtime_copy / "page" / "blocks.js", 'text: block.text });\n}\n\n/** @param {NoteBlock}',
         'text: block.colour });\n}\n\n/** @param {NoteBlock}')
    assert "Property 'colour' does not exist on type 'LineBlock'" in tsc(runtime_copy, "page")


def test_a_message_a_side_does_not_handle_fails(runtime_copy: Path) -> None:
    messages = runtime_copy / "contract" / "messages.js"
    union = (
        "ProgressMessage | BusyMessage | CrashedMessage | ReadyMessage | FailedMessage"
        " | ResponseMessage"
    )
    edit(messages, f"/** @typedef {{{union}}} WorkerMessage */",
         '/** @typedef {{ type: "ping" }} PingMessage */\n'
         f"/** @typedef {{{union} | PingMessage}} WorkerMessage */")
    response = '  response: { from: "worker", fields: { id: true, response: true } },\n'
    edit(messages, response, response + '  ping: { from: "worker", fields: {} },\n')
    complaints = tsc(runtime_copy, "page")
    assert "page/worker-link.js" in complaints
    assert "'PingMessage' is not assignable to parameter of type 'never'" in complaints
    assert tsc(runtime_copy, "worker") == ""  # the worker receives none: it only posts


def test_a_message_missing_from_the_table_fails(runtime_copy: Path) -> None:
    ready = '  ready: { from: "worker", fields: { mode: true } },\n'
    edit(runtime_copy / "contract" / "messages.js", ready, "")
    assert "Property 'ready' is missing" in tsc(runtime_copy, "worker")


def test_the_declarations_module_writes_each_file_it_lists() -> None:
    written = {item.path.relative_to(ROOT).as_posix() for item in declarations.DECLARATIONS}
    assert written == {"runtime/contract/blocks.d.ts", "runtime/build-manifest.d.json.ts"}
