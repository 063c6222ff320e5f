"""The built site: widget roots, the runtime shipped, nothing inline, no CDN."""

from __future__ import annotations

import gzip
import hashlib
import html
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from macros.widget_embed import WidgetArgumentError, widget_html
from runtime.build import python_runtime
from runtime.build.manifest import read_manifest
from tests.conftest import ROOT, pages_with_widget

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>")


def _pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_the_cairn_save_page_holds_the_widget_root(built_site: Path) -> None:
    pages = pages_with_widget(built_site, "cairn.save")
    assert any(page.startswith("cairn/") for page in pages), pages
    text = (built_site / pages[0] / "index.html").read_text(encoding="utf-8")
    root = re.search(r'<div class="rp-widget" data-widget="cairn\.save"[^>]*>', text)
    assert root, "no widget root"
    tag = root.group(0)
    assert 'data-state="loading"' in tag
    assert "data-search-exclude" in tag
    config = json.loads(html.unescape(re.search(r'data-config="([^"]*)"', tag).group(1)))  # type: ignore[union-attr]
    assert isinstance(config, dict)
    from rules_py.registry import all_widgets

    assert html.escape(all_widgets()["cairn.save"].hand_roll) in text  # the by-hand fallback


def test_text_only_pages_reference_no_pyodide_file(built_site: Path) -> None:
    text_pages = [p for p in _pages(built_site) if 'class="rp-widget' not in p.read_text("utf-8")]
    assert len(text_pages) > 10
    for page in text_pages:
        text = page.read_text(encoding="utf-8")
        for reference in ("/pyodide/", "pyodide.mjs", ".wasm", "worker.js", "paths.js"):
            assert reference not in text, (page, reference)


def test_no_page_has_an_inline_script_or_a_foreign_script(built_site: Path) -> None:
    # The site runs under script-src 'self': every script is a same-origin file.
    for page in _pages(built_site):
        text = page.read_text(encoding="utf-8")
        assert not INLINE_SCRIPT.search(text), page
        for source in re.findall(r'<script[^>]*\bsrc="([^"]+)"', text):
            assert not re.match(r"(https?:)?//", source), (page, source)
        assert "fonts.googleapis" not in text, page


def test_no_page_has_an_inline_style(built_site: Path) -> None:
    # style-src falls back to 'self': a style="..." attribute would be blocked.
    for page in _pages(built_site):
        text = page.read_text(encoding="utf-8")
        assert " style=" not in text and "<style" not in text, page


DOUBLE_ESCAPED = re.compile(r"&amp;(?:amp|lt|gt|quot|#\d+|#x[0-9a-fA-F]+);")


def test_no_page_escapes_a_text_twice(built_site: Path) -> None:
    # A title taken from a heading is HTML already; escaping it again shows
    # (and reads aloud) "&amp;" where the page means "&".
    found = {
        page.relative_to(built_site).as_posix(): DOUBLE_ESCAPED.findall(page.read_text("utf-8"))
        for page in _pages(built_site)
    }
    assert {page: hits for page, hits in found.items() if hits} == {}
    footer = (built_site / "might-heart" / "rules" / "index.html").read_text("utf-8")
    assert 'aria-label="Previous: Might &amp; Heart"' in footer


def test_pyodide_and_the_wheel_are_shipped_with_a_matching_lock(built_site: Path) -> None:
    version = json.loads((ROOT / "node_modules/pyodide/package.json").read_text())["version"]
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (built_site / "pyodide" / version / name).is_file(), name
    lock = json.loads((built_site / "assets/rp/py/pyodide-lock.json").read_text())
    upstream = json.loads((ROOT / "node_modules/pyodide/pyodide-lock.json").read_text())
    assert lock["info"] == upstream["info"]
    entry = lock["packages"]["rules-py"]
    wheel = built_site / "assets/rp/py" / entry["file_name"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
    manifest = read_manifest(built_site)
    assert manifest and manifest.pyodide_index == f"pyodide/{version}/"
    assert manifest.wheel.path == f"assets/rp/py/{entry['file_name']}"
    # What a normal start downloads that a restore does not: the standard
    # library zip and the wheel (weighed against a slow snapshot's rest).
    stdlib = built_site / "pyodide" / version / "python_stdlib.zip"
    assert manifest.normal_start_bytes == stdlib.stat().st_size + wheel.stat().st_size


def test_the_wheel_is_reproducible(tmp_path: Path) -> None:
    first = python_runtime.build_wheel(tmp_path / "a")
    second = python_runtime.build_wheel(tmp_path / "b")
    assert first.name == second.name == "rules_py-0.1.0-py3-none-any.whl"
    assert first.read_bytes() == second.read_bytes()


def test_the_python_files_are_reproducible(built_site: Path, tmp_path: Path) -> None:
    """Built again from the same wheel, the snapshot and the .pyc zips are
    the same bytes: a build that changes only the text keeps their addresses,
    and a reader's offline cache keeps them."""
    shipped = built_site / "assets" / "rp" / "py"
    wheel = next(shipped.glob("*.whl"))
    python_runtime.build_python_files(wheel, tmp_path)
    for name in (python_runtime.SNAPSHOT_FILE, "python_stdlib-pyc.zip", "rules_py-pyc.zip"):
        assert (tmp_path / name).read_bytes() == (shipped / name).read_bytes(), name


def test_every_widget_root_carries_its_catalog_entry(built_site: Path) -> None:
    """The form is drawn from the root's data-spec: exactly the widget's entry
    of rules_py.web.catalog(), on every page of the site."""
    from rules_py.web import catalog

    entries = {entry["name"]: entry for entry in catalog()}
    roots = 0
    for page in _pages(built_site):
        text = page.read_text(encoding="utf-8")
        for tag in re.findall(r'<div class="rp-widget"[^>]*>', text):
            name = html.unescape(re.search(r'data-widget="([^"]*)"', tag).group(1))  # type: ignore[union-attr]
            spec = re.search(r'data-spec="([^"]*)"', tag)
            assert spec, f"{page}: {name} has no data-spec"
            assert json.loads(html.unescape(spec.group(1))) == entries[name], f"{page}: {name}"
            roots += 1
    assert roots >= len(entries)  # every widget is on some page (the Rollers page lists them)
    assert not (built_site / "assets/rp/catalog.json").exists()  # nothing fetches it any more


def test_the_manifest_names_every_runtime_file_with_its_size_and_digest(built_site: Path) -> None:
    manifest = read_manifest(built_site)
    assert manifest
    for shipped in manifest.files:
        file = built_site / shipped.path
        assert file.is_file(), shipped
        digest = hashlib.sha256(file.read_bytes()).hexdigest()
        assert (shipped.bytes, shipped.sha256) == (file.stat().st_size, digest), shipped
        # The address changes with the content, so no cache mixes two builds.
        if shipped is not manifest.lock_file:
            assert shipped.address == f"{shipped.path}?v={digest[:16]}", shipped
    # The source's worker reads the manifest as a JSON module; the built one
    # holds it, and the modules it imports, bundled by the build.
    source = (ROOT / "runtime/worker/worker.js").read_text("utf-8")
    assert 'import BUILD from "../build-manifest.json" with { type: "json" };' in source
    worker = (built_site / "assets/rp/worker/worker.js").read_text("utf-8")
    _assert_bundles(worker, {"build-manifest.json", "worker/snapshot.js", "contract/messages.js"})
    assert manifest.snapshot.address in worker and manifest.wheel.address in worker


def test_the_service_worker_takes_the_snapshot_from_its_gzip_copy_where_needed(
    built_site: Path,
) -> None:
    sw = (built_site / "sw.js").read_text("utf-8")
    build = json.loads(sw.split("const BUILD = ", 1)[1].split(";\nconst CACHE", 1)[0])
    manifest = read_manifest(built_site)
    assert manifest
    assert build["gzipCopies"] == {manifest.snapshot.address: manifest.snapshot_gzip.address}
    assert manifest.snapshot.address in build["files"]
    # The copies are not files of the site for the offline cache.
    assert manifest.snapshot_gzip.address not in build["files"]
    assert not [name for name in build["files"] if name.split("?")[0].endswith((".br", ".zst"))]
    assert "assets/rp/build-manifest.json" in build["files"]
    # The gzipped copy is the snapshot's own bytes once inflated.
    snapshot = (built_site / manifest.snapshot.path).read_bytes()
    assert gzip.decompress((built_site / manifest.snapshot_gzip.path).read_bytes()) == snapshot
    assert snapshot.startswith(b"RPSNAP2\0")


def test_the_shipped_stdlib_holds_pyc_for_the_modules_used(built_site: Path) -> None:
    import zipfile

    # The normal load's standard library (the snapshot path restores these
    # modules from memory and loads Pyodide's own zip, unchanged).
    with zipfile.ZipFile(built_site / "assets/rp/py/python_stdlib-pyc.zip") as archive:
        names = set(archive.namelist())
    used = ("json/__init__", "fractions", "secrets", "dataclasses", "importlib/resources/__init__")
    for module in used:
        assert f"{module}.pyc" in names, module
        assert f"{module}.py" in names, module  # the source stays for tracebacks
    with zipfile.ZipFile(built_site / "assets/rp/py/rules_py-pyc.zip") as archive:
        compiled = set(archive.namelist())
    assert "rules_py/__pycache__/web.cpython-314.pyc" in compiled
    assert "rules_py/cairn/widgets/__pycache__/save.cpython-314.pyc" in compiled


def test_widget_fallback_text_is_kept_out_of_search(built_site: Path) -> None:
    index = (built_site / "search" / "search_index.json").read_text(encoding="utf-8")
    assert "The roller needs JavaScript" not in index


@pytest.mark.parametrize(
    ("name", "arguments", "fragment"),
    [
        ("cairn.teleport", {}, "unknown widget 'cairn.teleport'"),
        ("cairn.save", {"colour": 3}, "has no argument 'colour'"),
        ("cairn.save", {"attribute": 25}, "argument 'attribute': Attribute must be a whole number"),
        ("cairn.save", {"attribute": "12"}, "argument 'attribute'"),
    ],
)
def test_bad_widget_lines_name_page_widget_and_argument(
    name: str, arguments: dict[str, object], fragment: str
) -> None:
    with pytest.raises(WidgetArgumentError) as caught:
        widget_html(name, "cairn/rules.md", arguments)
    message = str(caught.value)
    assert message.startswith("cairn/rules.md: ")
    assert fragment in message


def test_a_bad_widget_line_fails_the_strict_build(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text('# Broken\n\n{{ widget("cairn.save", attribute=25) }}\n')
    config = ROOT / f".test-build-{tmp_path.name}.yml"
    config.write_text(
        f"INHERIT: mkdocs.yml\ndocs_dir: {docs}\nnav:\n  - index.md\n"
        "markdown_extensions: []\nplugins:\n  - search\n  - macros:\n"
        "      module_name: macros\n      on_error_fail: true\n"
    )
    try:
        run = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config),
             "-d", str(tmp_path / "out")],
            cwd=ROOT, capture_output=True, text=True,
        )
    finally:
        config.unlink()
    assert run.returncode != 0
    assert "index.md: widget 'cairn.save', argument 'attribute'" in run.stderr + run.stdout


def _imports(module: Path) -> set[str]:
    """The runtime modules ``module`` imports, and theirs, by path under assets/rp/."""
    root = module.parent.parent
    found: set[str] = set()
    pending = [module]
    while pending:
        current = pending.pop()
        text = current.read_text(encoding="utf-8")
        for name in re.findall(r'from "(\.\.?/[\w/-]+\.js)"', text):
            target = (current.parent / name).resolve()
            relative = target.relative_to(root.resolve()).as_posix()
            if relative not in found:
                found.add(relative)
                pending.append(target)
    return found


def _assert_bundles(built: str, modules: set[str]) -> None:
    """``built`` (a bundle's text) imports nothing and holds each of
    ``modules``, headed by esbuild's comment with its path under assets/rp/."""
    assert not re.search(r'^import |\bfrom "\.\.?/', built, re.M), "a bundle imports nothing"
    for module in modules:
        assert re.search(rf"^// {re.escape(module)}$", built, re.M), module


def test_the_page_runtime_is_one_bundled_module(built_site: Path) -> None:
    rp = built_site / "assets" / "rp"
    graph = _imports(ROOT / "runtime" / "page" / "boot.js")
    assert len(graph) > 20
    _assert_bundles((rp / "page/boot.js").read_text(encoding="utf-8"), graph)
    for module in graph:  # no second copy a page could load beside the bundle's
        assert not (rp / module).exists(), module
    # Every page, with rollers or not, asks for that one file, once.
    boot = r'<script src="[./]*assets/rp/page/boot\.js" type="module"></script>'
    for page in ("cairn/rules/index.html", "index.html"):
        text = (built_site / page).read_text(encoding="utf-8")
        assert len(re.findall(boot, text)) == 1 and text.count("assets/rp/page/") == 1, page
        assert "modulepreload" not in text, page
