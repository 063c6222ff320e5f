"""make dev's builds: the full build into a new folder (the pages, then the
steps of ``runtime/build``), or saved pages alone into a copy of the served
build; Python's part of the runtime kept between builds (scripts/dev.py
says when each runs)."""

from __future__ import annotations

import hashlib
import importlib
import json
import logging
import os
import re
import shutil
import sys
import time
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path

from dev_pages import BuildFailed, Kept, build_pages, saved_pages, update_pages

__all__ = ["IGNORED", "Builder", "python_inputs"]

# What Python's part of the runtime is made from.
PYTHON_SOURCES = ("rules_py", "runtime/build", "runtime/worker/snapshot.js",
                  "pyproject.toml", "package-lock.json")
# The project's modules, loaded afresh for a build when a file of one changed.
RELOADED = ("macros", "textdice", "rules_py", "runtime")
# Python's part of a built site, kept between builds.
PYTHON_PARTS = ("pyodide", "assets/rp/py", "assets/rp/build-manifest.json",
                "assets/rp/icons", "manifest.webmanifest")
IGNORED = re.compile(r"(__pycache__|\.pyc$|\.swp$|\.swx$|~$|/\.#|\.tmp$)")

log = logging.getLogger("dev")


def _files(root: Path, names: Iterable[str]) -> list[Path]:
    found: list[Path] = []
    for name in names:
        path = root / name
        if path.is_dir():
            found += [p for p in path.rglob("*") if p.is_file() and not IGNORED.search(str(p))]
        elif path.is_file():
            found.append(path)
    return sorted(found)


def python_inputs(root: Path) -> str:
    """A digest of what Python's part of the runtime is made from."""
    digest = hashlib.sha256()
    for path in _files(root, PYTHON_SOURCES):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _link_tree(source: Path, target: Path) -> None:
    """``source`` at ``target`` as hard links: instant, and each build
    writes new files (never into old ones), so no build changes another."""
    if source.is_dir():
        shutil.copytree(source, target, copy_function=os.link)
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        os.link(source, target)


def _forget_modules(changed: Iterable[Path], root: Path) -> None:
    """Drop the project's loaded modules when a change touched one of them,
    so the next build imports them afresh: mkdocs-macros imports ``macros``
    by name, and ``macros`` holds what it took from ``rules_py``."""
    touched = {path.relative_to(root).parts[0] for path in changed
               if path.is_relative_to(root) and len(path.relative_to(root).parts) > 1}
    if not touched & set(RELOADED):
        return
    for name in list(sys.modules):
        if name.split(".")[0] in RELOADED:
            del sys.modules[name]
    importlib.invalidate_caches()


class Builder:
    """Builds the site into a new folder of ``work``: the pages, the
    runtime's files, and Python's part of the runtime, kept between builds;
    or, for an edit to pages' text, those pages alone into a copy of the
    served build (:mod:`dev_pages`)."""

    def __init__(self, root: Path, work: Path, port: int, seed: Path | None) -> None:
        self.root = root
        self.work = work
        self.builds = work / "builds" / str(port)  # a run's own: one per port
        self.site_url = f"http://127.0.0.1:{port}/"
        self.seed = seed
        self.count = 0
        self.kept: Kept | None = None  # what the last full build made
        self.indexed: set[str] = set()  # the addresses of its search index's pages
        # Each page as the roller pages step left it, by the page as MkDocs
        # wrote it: the step runs on the pages that changed only.
        self._held: dict[bytes, bytes] = {}

    def python_part(self) -> Path:
        """Python's part of the runtime for the current sources, built or
        copied from ``seed`` (``site/``, when ``make site`` built it after
        every change to what it is made from) when it is missing."""
        inputs = python_inputs(self.root)
        folder = self.work / "python" / inputs
        if (folder / ".complete").exists():
            return folder
        if folder.exists():
            shutil.rmtree(folder)
        if self._seed_is_current():
            assert self.seed is not None
            log.info("Python's part of the runtime: copied from %s/", self.seed)
            for part in PYTHON_PARTS:
                source = self.seed / part
                (shutil.copytree if source.is_dir() else shutil.copy2)(source, folder / part)
        else:
            log.info("Python's part of the runtime: building it (Pyodide, the wheel, the "
                     "snapshot; this takes a while)...")
            started = time.monotonic()
            python_runtime = importlib.import_module("runtime.build.python_runtime")
            offline = importlib.import_module("runtime.build.offline")
            python_runtime.ship(folder)
            name, description = offline.site_config()
            offline.build_offline(folder, name, name.removesuffix(" SRD"), description)
            log.info("Python's part of the runtime: built in %.0f s", time.monotonic() - started)
        (folder / ".complete").touch()
        for old in (self.work / "python").iterdir():
            if old != folder:
                shutil.rmtree(old, ignore_errors=True)
        return folder

    def _seed_is_current(self) -> bool:
        """True when ``seed`` holds Python's part, built (its manifest is
        written last) after every change to what it is made from."""
        if self.seed is None or not all((self.seed / part).exists() for part in PYTHON_PARTS):
            return False
        built = (self.seed / "assets/rp/build-manifest.json").stat().st_mtime
        return all(path.stat().st_mtime <= built for path in _files(self.root, PYTHON_SOURCES))

    def _new_folder(self) -> Path:
        self.count += 1
        target = self.builds / str(self.count)
        if target.exists():
            shutil.rmtree(target)
        return target

    def build(self, changed: Iterable[Path] = (),
              stop: Callable[[], bool] = lambda: False) -> Path:
        """A complete build in a new folder; raises BuildFailed, or
        Superseded when ``stop()`` turned true during the page build."""
        _forget_modules(changed, self.root)
        try:
            python = self.python_part()
        except Exception as error:
            traceback.print_exc()
            raise BuildFailed(f"Python's part of the runtime failed: {error}") from error
        target = self._new_folder()
        try:
            kept = build_pages(self.root / "mkdocs.yml", target, self.site_url, stop)
        except BaseException:
            shutil.rmtree(target, ignore_errors=True)
            raise
        # What make site does to the generator's output before the runtime:
        # the search index's own entries and the roller pages' changes.
        search_index = importlib.import_module("runtime.build.search_index")
        search_index.improve_search(target, self.root / "mkdocs.yml")
        self.indexed = _indexed_pages(target)
        self._hold_material(target.rglob("*.html"), keep_only_these=True)
        for part in PYTHON_PARTS:
            _link_tree(python / part, target / part)
        assets = importlib.import_module("runtime.build.assets")
        assets.copy_runtime(target)
        # The Python part above holds the build manifest the worker bundles.
        importlib.import_module("runtime.build.bundles").bundle_runtime(target)
        assets.name_material_search_worker(target)
        self.kept = kept
        return target

    def update(self, changed: Iterable[Path], unbuilt: Iterable[Path],
               served: Path) -> Path | None:
        """The saved pages ``changed`` built again into a copy of ``served``,
        when every change since the last full build (``unbuilt``) is an edit
        to a page's text; else None. Raises BuildFailed."""
        if self.kept is None or saved_pages(self.kept, unbuilt) is None:
            return None
        pages = saved_pages(self.kept, changed)
        if not pages:  # only files that came and went
            return None
        target = self._new_folder()
        _link_tree(served, target)
        try:
            written = update_pages(self.kept, pages, target)
        except BaseException:
            shutil.rmtree(target, ignore_errors=True)
            raise
        # The search index step's part in a page: its named rows' ids (the
        # index itself is the full build's).
        search_index = importlib.import_module("runtime.build.search_index")
        for path in written:
            if _address(path.relative_to(target)) in self.indexed:
                path.write_text(search_index.name_rows(path.read_text("utf-8"))[0], "utf-8")
        self._hold_material(written)
        return target

    def _hold_material(self, pages: Iterable[Path], keep_only_these: bool = False) -> None:
        """The roller pages step (runtime.build.roller_pages) on ``pages``,
        each page's result kept for the next build."""
        roller_pages = importlib.import_module("runtime.build.roller_pages")
        held: dict[bytes, bytes] = {}
        for path in pages:
            written = path.read_bytes()
            key = hashlib.sha256(written).digest()
            page = self._held.get(key)
            if page is None:
                page = roller_pages.rollers_first(written.decode("utf-8")).encode("utf-8")
            held[key] = page
            if page != written:
                path.write_bytes(page)
        self._held = held if keep_only_these else {**self._held, **held}


def _address(page: Path) -> str:
    """A built page's address in the search index (``cairn/rules/``)."""
    name = page.as_posix()
    return name.removesuffix("index.html") if page.name == "index.html" else name


def _indexed_pages(site: Path) -> set[str]:
    """The pages of ``site``'s search index, as the search index step read it."""
    search_index = importlib.import_module("runtime.build.search_index")
    pages: set[str] = set()
    for index_format in search_index.FORMATS:
        index = site / index_format.path
        if index.is_file():
            entries = json.loads(index.read_text("utf-8"))[index_format.entries_key]
            pages |= {entry["location"].split("#")[0] for entry in entries}
    return pages
