"""What the snapshot build runs inside Pyodide (Python 3.14, under Node).

``make_snapshot.mjs`` reads this file, runs it in a namespace of its own and
calls its functions in order; nothing here runs on the build machine's own
Python, and nothing of it stays in the snapshot but the finder that
:func:`install_standard_library_finder` puts on ``sys.meta_path``.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import io
import json
import os
import shutil
import sys
import zipfile
import zipimport
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from typing import Any

__all__ = [
    "COMMAND_LINE_ONLY",
    "compile_rules_py",
    "compile_standard_library",
    "drop_zip_tables",
    "install_standard_library_finder",
    "prove_no_file_is_needed",
    "warm_up",
    "without_docstrings",
    "without_function_annotations",
]

# 1980-01-01, the earliest time a zip can hold: the same sources, the same bytes.
FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


# The command line's own modules (``python -m rules_py``): no page runs
# them, and nothing else imports them (tests/site/test_in_pyodide.py). In the
# snapshot they brought argparse, gettext and urllib.parse with them.
COMMAND_LINE_ONLY = frozenset({
    "rules_py.__main__", "rules_py.cli", "rules_py.share", "rules_py.text_view",
})


def warm_up() -> None:
    """What a page may run: every rules_py module imported (but the command
    line's), every data table read, the catalog, and every widget once with
    its defaults. The snapshot is made after this, so a restored Python needs
    no rules_py file at all (a snapshot holds memory, not files)."""
    import rules_py
    import rules_py.web as web
    from rules_py import registry
    from rules_py.core.data import load_json

    root = os.path.dirname(rules_py.__file__)
    for folder, dirs, files in sorted(os.walk(root)):
        dirs.sort()
        package = os.path.relpath(folder, os.path.dirname(root)).replace(os.sep, ".")
        for file in sorted(files):
            module = package if file == "__init__.py" else f"{package}.{file[:-3]}"
            if file.endswith(".py") and module not in COMMAND_LINE_ONLY:
                importlib.import_module(module)
            elif file.endswith(".json") and os.path.basename(folder) == "data":
                load_json(package.split(".")[1], file)
    web.catalog_json()
    for name in registry.names():
        answer = json.loads(web.call(name, "{}"))
        if not answer["ok"]:
            raise RuntimeError(f"{name}: {answer['error']}")


# Pyodide's own packages keep theirs: while it starts, Pyodide gives its C
# functions the docstrings of _pyodide._core_docs (_pyodide/docstring.py).
KEEPS_DOCSTRINGS = ("pyodide", "_pyodide", "pyodide_js")


def without_docstrings(tree: ast.Module) -> ast.Module:
    """``tree`` without its module's and functions' docstrings: nothing reads
    them in the browser, and the snapshot holds every one it imports (0.2 MB
    of its bytes after brotli). Classes keep theirs: a dataclass without one
    makes one from its signature while it is defined, which costs more.
    Asserts stay (``-OO`` would take them too)."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


def without_function_annotations(tree: ast.Module) -> ast.Module:
    """``tree`` without the annotations of its functions' parameters and
    returns: each function keeps them in memory (a tuple of strings, under
    ``from __future__ import annotations``), and rules_py never reads a
    function's annotations (only classes', which stay: a dataclass's fields,
    a TypedDict's keys, what ``get_type_hints`` of a class reads). In the
    snapshot, 0.1 MB of its bytes after brotli. Module-level annotations stay too."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            node.returns = None
            arguments = node.args
            for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                             arguments.vararg, arguments.kwarg):
                if argument is not None:
                    argument.annotation = None
    return tree


def _pyc(source: bytes, filename: str, keep_docstrings: bool = False,
         keep_function_annotations: bool = True) -> bytes:
    """Unchecked hash-based .pyc, which zipimport loads without the source's
    mtime; without docstrings (:func:`without_docstrings`) unless kept, and
    without functions' annotations (:func:`without_function_annotations`)
    if asked: rules_py's, not the standard library's, some of which read
    them (``functools.singledispatch``'s ``register``)."""
    tree = ast.parse(source, filename)
    if not keep_docstrings:
        tree = without_docstrings(tree)
    if not keep_function_annotations:
        tree = without_function_annotations(tree)
    code = compile(tree, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def _zip_info(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=FIXED_ZIP_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info


def compile_standard_library() -> tuple[bytes, int]:
    """Pyodide's standard library zip with a .pyc beside the .py of every
    module loaded so far; and how many were compiled."""
    archive = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
    def origin_of(module: object) -> str:
        return getattr(getattr(module, "__spec__", None), "origin", None) or ""

    used = sorted(name for name, module in sys.modules.items()
                  if origin_of(module).startswith(archive + "/"))
    out = io.BytesIO()
    with zipfile.ZipFile(archive) as source, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        members = {info.filename: info for info in source.infolist()}
        added: dict[str, bytes] = {}
        for name in used:
            spec = sys.modules[name].__spec__
            origin = spec.origin if spec and spec.origin else ""
            inner = origin[len(archive) + 1:]
            if inner.endswith(".py") and inner in members:
                keep = inner.split("/")[0].removesuffix(".py") in KEEPS_DOCSTRINGS
                added[inner[:-3] + ".pyc"] = _pyc(source.read(inner), origin, keep)
        for filename in sorted(set(members) | set(added)):
            data = added[filename] if filename in added else source.read(members[filename])
            target.writestr(_zip_info(filename), data)
    return out.getvalue(), len(added)


def compile_rules_py() -> tuple[bytes, int]:
    """rules_py/**/__pycache__/*.pyc of the installed package, without
    docstrings and functions' annotations, as a zip to unpack over it; and
    how many."""
    import rules_py

    site = os.path.dirname(os.path.dirname(rules_py.__file__))
    tag = sys.implementation.cache_tag
    out = io.BytesIO()
    count = 0
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for folder, dirs, files in sorted(os.walk(os.path.join(site, "rules_py"))):
            dirs.sort()
            for file in sorted(files):
                if not file.endswith(".py"):
                    continue
                path = os.path.join(folder, file)
                with open(path, "rb") as handle:
                    pyc = _pyc(handle.read(), path, keep_function_annotations=False)
                cached = os.path.join(folder, "__pycache__", f"{file[:-3]}.{tag}.pyc")
                target.writestr(_zip_info(os.path.relpath(cached, site)), pyc)
                count += 1
    return out.getvalue(), count


def prove_no_file_is_needed() -> None:
    """With the package's files gone, every module and table is still there
    (an import or a read that reached for a file would fail here)."""
    import rules_py
    import rules_py.web
    from rules_py import registry

    shutil.rmtree(os.path.dirname(rules_py.__file__))
    for name in [m for m in sys.modules if m == "rules_py" or m.startswith("rules_py.")]:
        importlib.import_module(name)
    for name in registry.names():
        assert '"ok": true' in rules_py.web.call(name, "{}"), name


class _StandardLibraryWhenNeeded:
    """The worker restores the snapshot on an empty zip at the standard
    library's path: what the rollers need is in memory, and the 2.5 MB of
    Pyodide's own zip would only delay the start. The first import of a
    standard library module the snapshot lacks writes that zip there first
    (a synchronous download, ``self.rpStandardLibraryNow`` in worker.js), then
    finds the module in it. Modules the zip does not have (an optional C
    module probed with try/import) are not worth the download: they are not
    found, as before."""

    _zip = ""
    _names: frozenset[str] = frozenset()

    @classmethod
    def find_spec(cls, name: str, path: Any = None, target: Any = None) -> Any:
        import importlib.machinery

        import js  # type: ignore[import-not-found]

        if name.partition(".")[0] not in cls._names:
            return None
        sys.meta_path.remove(cls)
        try:
            js.rpStandardLibraryNow(cls._zip)
        except Exception:
            sys.meta_path.append(cls)  # offline, say: the next import tries again
            return None
        sys.path_importer_cache.pop(cls._zip, None)
        importlib.invalidate_caches()
        return importlib.machinery.PathFinder.find_spec(name, path, target)


def install_standard_library_finder() -> None:
    zip_path = next(p for p in sys.path if p.endswith(".zip"))
    _StandardLibraryWhenNeeded._zip = zip_path
    _StandardLibraryWhenNeeded._names = frozenset(
        n.split("/")[0].split(".")[0] for n in zipfile.ZipFile(zip_path).namelist()
    )
    sys.meta_path.append(_StandardLibraryWhenNeeded)


def drop_zip_tables() -> None:
    """zipimport's cached table of contents (offsets into the zip loaded now)
    is dropped, so the first import after a restore reads the table of the
    zip that is there (zipimporter looks it up on every use)."""
    for finder in list(sys.path_importer_cache.values()):
        if isinstance(finder, zipimport.zipimporter):
            finder.invalidate_caches()
    cache = zipimport._zip_directory_cache  # type: ignore[attr-defined]
    assert not cache, list(cache)
