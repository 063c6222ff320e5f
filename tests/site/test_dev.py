"""make dev's decisions that the browser test does not reach in its time:
what rebuilds Python for the browser (an edit to rules_py does, a page does
not), and how a macro's error is given its page's own line."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, load_module

SOURCES = ("docs", "rules_py", "runtime", "pyproject.toml", "package-lock.json")


@pytest.fixture(scope="module")
def dev() -> Any:
    return load_module(ROOT / "scripts" / "dev.py")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, tmp_path / name)
    return tmp_path


def test_python_is_built_again_for_rules_py_not_for_a_page(dev: Any, project: Path) -> None:
    before = dev.python_inputs(project)
    page = project / "docs" / "dice.md"
    page.write_text(page.read_text("utf-8") + "\nA new line.\n", "utf-8")
    (project / "runtime" / "page" / "boot.js").write_text("// the page's side\n", "utf-8")
    assert dev.python_inputs(project) == before
    data = project / "rules_py" / "cairn" / "data" / "spells.json"
    data.write_text(data.read_text("utf-8").replace('"Adhere"', '"Adhere at once"'), "utf-8")
    assert dev.python_inputs(project) != before


def test_a_macro_error_is_given_the_page_line(dev: Any, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    lines = ["---", "tags:", "  - dice", "---", "", "", "# Dice", "", "text",
             '{{ widget("cairn.save", attribute=99) }}']
    (docs / "dice.md").write_text("\n".join(lines) + "\n", "utf-8")
    # mkdocs-macros counts from the Markdown after the front matter and the
    # blank lines MkDocs strips: the widget is its line 4.
    message = (
        "[macros] - ERROR # _Macro Rendering Error_\n\n_File_: `dice.md`\n\n"
        "_WidgetArgumentError_: dice.md: widget 'cairn.save', argument 'attribute': "
        "out of bounds\n\n```\nTraceback (most recent call last):\n"
        '  File "<template>", line 4, in top-level template code\n'
        '  File "/any/where/macros/widget_embed.py", line 55, in widget_html\n```\n'
    )
    report = dev._Report(docs).macro_error(message)
    assert report == ("docs/dice.md, line 10: WidgetArgumentError: dice.md: widget "
                      "'cairn.save', argument 'attribute': out of bounds "
                      "(raised at macros/widget_embed.py:55)")
