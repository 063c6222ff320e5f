"""make dev's decisions that the browser test does not reach in its time:
what rebuilds Python for the browser (an edit to rules_py does, a page does
not), how a macro's error is given its page's own line, and which saves
build the saved pages alone (making them as the full build does)."""

from __future__ import annotations

import importlib
import os
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
    report = dev.BuildReport(docs).macro_error(message)
    assert report == ("docs/dice.md, line 10: WidgetArgumentError: dice.md: widget "
                      "'cairn.save', argument 'attribute': out of bounds "
                      "(raised at macros/widget_embed.py:55)")


PAGE_SOURCES = ("docs", "macros", "textdice", "site_overrides", "mkdocs.yml")


@pytest.fixture(scope="module")
def pages(dev: Any) -> Any:
    return importlib.import_module("dev_pages")  # as dev.py imports it


@pytest.fixture(scope="module")
def kept_build(pages: Any, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Any]:
    """A project's pages, built once by make dev's full build: the project,
    the build's folder and what the build kept."""
    project = tmp_path_factory.mktemp("project")
    for name in PAGE_SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, project / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, project / name)
    built = project / "built"
    kept = pages.build_pages(project / "mkdocs.yml", built, "http://127.0.0.1:8000/")
    return project, built, kept


def _copy_of(built: Path, target: Path) -> Path:
    shutil.copytree(built, target, copy_function=os.link)
    return target


def test_a_saved_page_is_built_alone_as_the_full_build_builds_it(
    pages: Any, kept_build: tuple[Path, Path, Any], tmp_path: Path
) -> None:
    project, built, kept = kept_build
    source = project / "docs" / "cairn" / "rules.md"
    text = source.read_text("utf-8")
    before = (built / "cairn" / "rules" / "index.html").read_bytes()
    source.write_text(text.replace("\n# ", "\nA saved line.\n\n# ", 1), "utf-8")
    try:
        saved = pages.saved_pages(kept, [source])
        assert [page.file.src_uri for page in saved] == ["cairn/rules.md"]
        target = _copy_of(built, tmp_path / "update")
        written = pages.update_pages(kept, saved, target)
        assert written == [target / "cairn" / "rules" / "index.html"]
        full = tmp_path / "full"
        pages.build_pages(project / "mkdocs.yml", full, "http://127.0.0.1:8000/")
    finally:
        source.write_text(text, "utf-8")
    page = written[0].read_bytes()
    assert b"A saved line." in page
    assert page == (full / "cairn" / "rules" / "index.html").read_bytes()
    # The build it was copied from keeps its own page (hard links are not
    # written into), and every other page is the full build's.
    assert (built / "cairn" / "rules" / "index.html").read_bytes() == before
    assert (target / "cairn" / "combat" / "index.html").read_bytes() == (
        full / "cairn" / "combat" / "index.html").read_bytes()


def test_only_an_edit_to_a_page_s_text_is_built_alone(
    pages: Any, kept_build: tuple[Path, Path, Any]
) -> None:
    project, _, kept = kept_build
    docs = project / "docs"
    assert pages.saved_pages(kept, [docs / "dice.md", docs / "cairn" / "magic.md"]) is not None
    new_page = docs / "cairn" / "new.md"
    new_page.write_text("# New\n", "utf-8")
    try:
        assert pages.saved_pages(kept, [new_page]) is None  # the nav and files change
    finally:
        new_page.unlink()
    removed = docs / "cairn" / "magic.md"
    text = removed.read_text("utf-8")
    removed.unlink()
    try:
        assert pages.saved_pages(kept, [removed]) is None
    finally:
        removed.write_text(text, "utf-8")
    # A file an editor made and removed while saving (Vim's probe) is no change.
    saved = pages.saved_pages(kept, [docs / "4913", docs / "dice.md"])
    assert [page.file.src_uri for page in saved] == ["dice.md"]
    snippets = [path for path in (docs / "includes").rglob("*") if path.is_file()]
    assert snippets and pages.saved_pages(kept, snippets[:1]) is None  # in other pages
    assert pages.saved_pages(kept, [docs / "tags.md"]) is None  # lists every page's tags
    assert pages.saved_pages(kept, [project / "mkdocs.yml"]) is None
    assert pages.saved_pages(kept, [docs / "dice.md", project / "mkdocs.yml"]) is None


def test_a_saved_page_s_error_fails_its_build_as_a_strict_build(
    pages: Any, kept_build: tuple[Path, Path, Any], tmp_path: Path
) -> None:
    project, built, kept = kept_build
    source = project / "docs" / "dice.md"
    text = source.read_text("utf-8")
    source.write_text(text + "\nSee [the missing rule](no-such-page.md).\n", "utf-8")
    try:
        saved = pages.saved_pages(kept, [source])
        with pytest.raises(pages.BuildFailed, match="Aborted with 1 warnings in strict mode"):
            pages.update_pages(kept, saved, _copy_of(built, tmp_path / "update"))
    finally:
        source.write_text(text, "utf-8")
