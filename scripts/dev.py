"""The live preview: ``make dev`` (``python scripts/dev.py --port 8000``).

Serves the site on http://127.0.0.1:PORT/ with the headers of ``make serve``
(it is ``scripts/serve.py``'s handler, so the Content-Security-Policy and the
rest come from their one source), rebuilds it when a source changes, and
reloads the open pages:

- watched (watchdog's observer): ``docs/``, ``mkdocs.yml``, ``macros/``,
  ``textdice/``, ``site_overrides/``, ``runtime/``, ``rules_py/``,
  ``pyproject.toml`` and ``package-lock.json``;
- any change builds the pages again, with MkDocs in this process (its
  modules stay loaded, so a build takes its own time only; the modules of
  ``macros/``, ``textdice/``, ``rules_py/`` and ``runtime/`` are loaded afresh
  when one of their files changed), then the runtime's files
  (``runtime/build``: its JavaScript and CSS); Python's part of the runtime
  (Pyodide, the wheel, the snapshot: the slow one) is kept in
  ``.cache/dev/python/`` and built again (``runtime.build.python_runtime``)
  only when what it is made from changed: ``rules_py`` or its build;
- each build is a new folder, served once complete, so a page never mixes
  two builds, and a failed build leaves the last good one served: the
  build's warnings and errors are printed at once, with the page (and the
  line, where the build names what it looked for);
- pages get a script (``scripts/dev/reload.js``) that reloads them when a
  new build is served;
- nothing is reused unasked: the site's offline cache is off (``/sw.js``
  is a service worker that removes the site's caches and itself,
  ``scripts/dev/sw.js``), every file but the versioned ones is sent with
  ``Cache-Control: no-cache``, and the first time a browser asks for
  ``/sw.js`` in a run its HTTP cache of the address is cleared, so no page
  ever comes from an older build, even on an address where ``make serve``
  ran before.
"""

from __future__ import annotations

import argparse
import hashlib
import http.server
import importlib
import logging
import os
import re
import shutil
import sys
import threading
import time
import traceback
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "scripts"):  # the project's modules, and serve.py
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")

from mkdocs.commands.build import build as mkdocs_build  # noqa: E402
from mkdocs.config import load_config  # noqa: E402
from mkdocs.exceptions import MkDocsException  # noqa: E402
from serve import SiteHandler, is_immutable  # noqa: E402
from watchdog.events import FileSystemEvent, FileSystemEventHandler  # noqa: E402
from watchdog.observers import Observer  # noqa: E402

__all__ = ["DevServer", "main", "python_inputs"]

HERE = Path(__file__).resolve().parent / "dev"
RELOAD_SCRIPT = "/__dev__/reload.js"
EVENTS = "/__dev__/events"
COOKIE = "srd-dev-run"
# Sources of the pages and of the runtime's files.
WATCHED = ("docs", "macros", "textdice", "site_overrides", "runtime", "rules_py")
WATCHED_FILES = ("mkdocs.yml", "pyproject.toml", "package-lock.json")
# What Python's part of the runtime is made from.
PYTHON_SOURCES = ("rules_py", "runtime/build", "runtime/worker/snapshot.js",
                  "pyproject.toml", "package-lock.json")
# The project's modules, loaded afresh for a build when a file of one changed.
RELOADED = ("macros", "textdice", "rules_py", "runtime")
# Python's part of a built site, kept between builds.
PYTHON_PARTS = ("pyodide", "assets/rp/py", "assets/rp/build-manifest.json",
                "assets/rp/icons", "manifest.webmanifest")
# Changes closer together than this make one build (an editor's save is
# often a few events).
SETTLE_SECONDS = 0.05
FRONT_MATTER = re.compile(r"^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)
IGNORED = re.compile(r"(__pycache__|\.pyc$|\.swp$|\.swx$|~$|/\.#|\.tmp$)")

log = logging.getLogger("dev")


class BuildFailed(Exception):
    pass


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


def _front_matter_lines(source: str) -> int:
    """How many lines of a page come before the Markdown MkDocs hands to
    the macros (its YAML front matter, and the blank lines after it)."""
    found = FRONT_MATTER.match(source)
    if not found:
        return 0
    rest = source[found.end():]
    return source[:found.end()].count("\n") + len(rest) - len(rest.lstrip("\n"))


class _Report(logging.Handler):
    """Prints the build's warnings and errors as they come, each with its
    page and, where the message lets us find it, the line: a link the page
    holds, or the line of a macro's error (which mkdocs-macros counts from
    the end of the front matter)."""

    LINK = re.compile(r"Doc file '([^']+)' contains (?:a link|an? [\w ]+ link) '([^']+)'")
    MACRO_FILE = re.compile(r"_File_: `([^`]+)`")
    MACRO_LINE = re.compile(
        r'_Line (\d+) in Markdown file:_ \*\*(.*?)\*\*|File "<template>", line (\d+)'
    )
    MACRO_ERROR = re.compile(r"^_(\w+)_: (.*)$", re.MULTILINE)
    PROJECT_FRAME = re.compile(r'File "(?:[^"]*/)?((?:macros|rules_py|runtime)/[^"]+)", line (\d+)')

    def __init__(self, docs: Path) -> None:
        super().__init__(logging.WARNING)
        self.docs = docs

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if "[macros] - ERROR" in message:
            message = self.macro_error(message)
        elif found := self.LINK.search(message):
            lines = self.lines_holding(found.group(1), found.group(2))
            if lines:
                message += f" (docs/{found.group(1)}, line {', '.join(map(str, lines))})"
        print(f"{record.levelname:<8}-  {message}", file=sys.stderr, flush=True)

    def macro_error(self, message: str) -> str:
        page = self.MACRO_FILE.search(message)
        where = f"docs/{page.group(1)}" if page else "a page"
        line = self.MACRO_LINE.search(message)
        if page and line:
            source = (self.docs / page.group(1)).read_text("utf-8")
            number = int(line.group(1) or line.group(3)) + _front_matter_lines(source)
            where += f", line {number}"
        error = self.MACRO_ERROR.search(message.split("_File_", 1)[-1])
        what = f"{error.group(1)}: {error.group(2)}" if error else (line.group(2) if line else "")
        frames = self.PROJECT_FRAME.findall(message)
        if frames:
            what += f" (raised at {frames[-1][0]}:{frames[-1][1]})"
        return f"{where}: {what}"

    def lines_holding(self, page: str, text: str) -> list[int]:
        source = self.docs / page
        if not source.is_file():
            return []
        return [number for number, line in
                enumerate(source.read_text("utf-8").splitlines(), start=1) if text in line]


class Builder:
    """Builds the site into a new folder of ``work``: the pages, the
    runtime's files, and Python's part of the runtime, kept between builds."""

    def __init__(self, root: Path, work: Path, port: int, seed: Path | None) -> None:
        self.root = root
        self.work = work
        self.builds = work / "builds" / str(port)  # a run's own: one per port
        self.site_url = f"http://127.0.0.1:{port}/"
        self.seed = seed
        self.count = 0

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

    def build(self, changed: Iterable[Path] = ()) -> Path:
        """A complete build in a new folder; raises BuildFailed."""
        changed = list(changed)
        _forget_modules(changed, self.root)
        try:
            python = self.python_part()
        except Exception as error:
            traceback.print_exc()
            raise BuildFailed(f"Python's part of the runtime failed: {error}") from error
        self.count += 1
        target = self.builds / str(self.count)
        if target.exists():
            shutil.rmtree(target)
        self._build_pages(target)
        # What make site does to the generator's output before the runtime:
        # the search index's own entries and the roller pages' changes.
        search_index = importlib.import_module("runtime.build.search_index")
        roller_pages = importlib.import_module("runtime.build.roller_pages")
        search_index.improve_search(target, self.root / "mkdocs.yml")
        roller_pages.hold_material_in_site(target)
        for part in PYTHON_PARTS:
            _link_tree(python / part, target / part)
        assets = importlib.import_module("runtime.build.assets")
        assets.copy_runtime(target)
        assets.name_material_search_worker(target)
        return target

    def _build_pages(self, target: Path) -> None:
        """``mkdocs build --strict`` into ``target``, as make site runs it."""
        try:
            config = load_config(str(self.root / "mkdocs.yml"), site_dir=str(target),
                                 site_url=self.site_url)
            config.plugins.on_startup(command="build", dirty=False)
            try:
                mkdocs_build(config)
            finally:
                config.plugins.on_shutdown()
        except MkDocsException as error:
            raise BuildFailed(str(error)) from error
        except SystemExit as error:  # mkdocs-macros exits on a macro's error
            raise BuildFailed("stopped at the error above") from error
        except Exception as error:
            traceback.print_exc()
            raise BuildFailed(f"{type(error).__name__}: {error}") from error


def _log_to_terminal(docs: Path) -> None:
    """Our lines to stdout with the time; MkDocs' warnings and errors (in
    strict mode, each one fails the build) to stderr as they come."""
    ours = logging.StreamHandler(sys.stdout)
    ours.setFormatter(logging.Formatter("[%(asctime)s] %(message)s", "%H:%M:%S"))
    for name, handler in (("dev", ours), ("mkdocs", _Report(docs))):
        logger = logging.getLogger(name)
        logger.setLevel(logging.INFO)
        logger.propagate = False
        logger.addHandler(handler)


class DevHandler(SiteHandler):
    """scripts/serve.py's handler over the current build, with the reload
    script in every page, the reload events, and the dev service worker."""

    server: DevServer

    def __init__(self, request: Any, client_address: Any, server: DevServer) -> None:
        # The build this request is answered from, and its number, together.
        folder, self.build_id = server.served()
        super().__init__(request, client_address, server, directory=str(folder))

    def do_GET(self) -> None:
        route = self.path.split("?")[0]
        if route == EVENTS and self.command == "GET":
            self._stream_builds()
        elif route == RELOAD_SCRIPT:
            self._send_text((HERE / "reload.js").read_bytes(), "text/javascript")
        elif route == "/sw.js":
            self._send_service_worker()
        elif (page := self._page()) is not None:
            self._send_text(self.html_body(page.read_bytes()), "text/html; charset=utf-8")
        elif self.command == "HEAD":
            super().do_HEAD()
        else:
            super().do_GET()

    def do_HEAD(self) -> None:
        self.do_GET()  # the same answers, without their bodies

    def _page(self) -> Path | None:
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        return path if path.suffix == ".html" and path.is_file() else None

    def html_body(self, body: bytes) -> bytes:
        tag = f'<script src="{RELOAD_SCRIPT}" data-build="{self.build_id}"></script>'
        end = body.rfind(b"</body>")
        end = len(body) if end < 0 else end
        return body[:end] + tag.encode() + body[end:]

    def end_headers(self) -> None:
        # Nothing of a preview may be reused unasked: every file but those
        # whose address names their version is checked again at each use.
        if not is_immutable(self.site_address() or "/"):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def _send_text(self, body: bytes, content_type: str, *headers: tuple[str, str]) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _send_service_worker(self) -> None:
        """The dev service worker. The first time a browser asks for it in
        this run, the browser's HTTP cache of this address is cleared too:
        make serve's answers carry no Cache-Control, so a browser may reuse
        them for a while, and once the old service worker is gone they
        would show an older build."""
        run = f"{COOKIE}={self.server.run}"
        headers = [("Set-Cookie", f"{run}; Path=/; SameSite=Strict")]
        if run not in (self.headers.get("Cookie") or ""):
            headers.append(("Clear-Site-Data", '"cache"'))
        self._send_text((HERE / "sw.js").read_bytes(), "text/javascript", *headers)

    def _stream_builds(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        seen = None
        try:
            while not self.server.stopping:
                build = self.server.wait_for_build(seen, timeout=15)
                if build == seen:
                    self.wfile.write(b": still here\n\n")  # finds a closed tab
                else:
                    self.wfile.write(f"event: build\ndata: {build}\n\n".encode())
                    seen = build
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass


class DevServer(http.server.ThreadingHTTPServer):
    """Serves the current build and tells the pages when a new one is."""

    daemon_threads = True
    quiet = True

    def __init__(self, port: int, builder: Builder) -> None:
        super().__init__(("127.0.0.1", port), DevHandler)  # the port first: it may be taken
        self.builder = builder
        self.run = f"{time.time_ns():x}"
        self.stopping = False
        self._changed: set[Path] = set()
        self._wake = threading.Event()
        self._served = threading.Condition()
        try:
            # An earlier run's builds (only one run can hold the port).
            shutil.rmtree(builder.builds, ignore_errors=True)
            self.current = builder.build()
        except BaseException:
            self.server_close()
            raise
        self.build_id = builder.count

    def served(self) -> tuple[Path, int]:
        with self._served:
            return self.current, self.build_id

    def wait_for_build(self, seen: int | None, timeout: float) -> int:
        with self._served:
            self._served.wait_for(lambda: self.build_id != seen or self.stopping, timeout)
            return self.build_id

    def changed(self, path: Path) -> None:
        with self._served:
            self._changed.add(path)
        self._wake.set()

    def rebuild_forever(self) -> None:
        while not self.stopping:
            self._wake.wait()
            while self._wake.wait(SETTLE_SECONDS):  # until the saves settle
                self._wake.clear()
            with self._served:
                changed, self._changed = self._changed, set()
            if not changed or self.stopping:
                continue
            names = ", ".join(sorted(str(p.relative_to(self.builder.root)) for p in changed))
            log.info("Changed: %s", names)
            started = time.monotonic()
            try:
                target = self.builder.build(changed)
            except Exception as error:
                if not isinstance(error, BuildFailed):
                    traceback.print_exc()
                log.info("The build failed (%s): still serving the last good one.", error)
                continue
            with self._served:
                previous, self.current = self.current, target
                self.build_id = self.builder.count
                self._served.notify_all()
            log.info("Built in %.2f s: reloading the open pages.", time.monotonic() - started)
            for old in self.builder.builds.iterdir():
                if old not in (previous, target):
                    shutil.rmtree(old, ignore_errors=True)

    def stop(self) -> None:
        self.stopping = True
        self._wake.set()
        with self._served:
            self._served.notify_all()
        self.shutdown()


class _Changes(FileSystemEventHandler):
    def __init__(self, server: DevServer, root: Path) -> None:
        self.server = server
        self.root = root

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.event_type in ("opened", "closed_no_write") or event.is_directory:
            return
        for raw in (event.src_path, getattr(event, "dest_path", "")):
            if not raw:
                continue
            path = Path(os.fsdecode(raw))
            if IGNORED.search(str(path)):
                continue
            if path.parent == self.root and path.name not in WATCHED_FILES:
                continue
            self.server.changed(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--seed", type=Path, default=None,
                        help="a built site to take Python's part of the runtime from "
                             "(default: site/, when it is current)")
    args = parser.parse_args()
    root = ROOT
    work = root / ".cache" / "dev"
    _log_to_terminal(root / "docs")
    builder = Builder(root, work, args.port, args.seed or root / "site")
    started = time.monotonic()
    try:
        server = DevServer(args.port, builder)
    except OSError as error:
        raise SystemExit(f"Port {args.port} is taken ({error}): try PORT={args.port + 1} "
                         "make dev") from error
    except BuildFailed as error:
        raise SystemExit(f"The first build failed ({error}): fix it and run make dev "
                         "again.") from error
    log.info("Built in %.2f s.", time.monotonic() - started)
    observer = Observer()
    changes = _Changes(server, root)
    for name in WATCHED:
        if (root / name).is_dir():
            observer.schedule(changes, str(root / name), recursive=True)
    observer.schedule(changes, str(root), recursive=False)
    observer.start()
    threading.Thread(target=server.rebuild_forever, daemon=True).start()
    log.info("Serving the live preview on http://127.0.0.1:%d/ (Ctrl+C to stop)", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        observer.stop()
        server.stop()


if __name__ == "__main__":
    main()
