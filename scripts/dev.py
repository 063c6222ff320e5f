"""The live preview: ``make dev`` (``python scripts/dev.py --port 8000``).

Serves the site on http://127.0.0.1:PORT/ with the headers of ``make serve``
(it is ``scripts/serve.py``'s handler, so the Content-Security-Policy and the
rest come from their one source), rebuilds it when a source changes, and
reloads the open pages:

- watched (watchdog's observer): ``docs/``, ``mkdocs.yml``, ``macros/``,
  ``textdice/``, ``site_overrides/``, ``runtime/``, ``rules_py/``,
  ``pyproject.toml`` and ``package-lock.json``;
- an edit to pages' text builds those pages alone first, over what the last
  full build kept (``dev_pages``: MkDocs' own page build, with that build's
  nav, files and plugins), into a copy of the served build with the steps
  of ``runtime/build`` that touch a page (its named rows' ids, the roller
  pages' changes), and serves it at once: a tenth of a second here;
- then, and for any other change, the full build, as ``make site`` runs it
  (strict), with MkDocs in this process (its modules stay loaded and the
  theme's templates stay compiled; the modules of ``macros/``,
  ``textdice/``, ``rules_py/`` and ``runtime/`` are loaded afresh when one of their files
  changed), then the search index and the runtime's files
  (``runtime/build``); after a saved page it waits a moment, so that the
  reloaded page starts its rollers first, and a newer change stops it.
  Python's part of the runtime (Pyodide, the wheel, the snapshot: the slow
  one) is kept in ``.cache/dev/python/`` and built again
  (``runtime.build.python_runtime``) only when what it is made from
  changed: ``rules_py`` or its build;
- each build is a new folder, served once complete, so a page never mixes
  two builds, and a failed build leaves the last good one served: the
  build's warnings and errors are printed at once, with the page (and the
  line, where the build names what it looked for);
- pages get a script (``scripts/dev/reload.js``) that reloads them when a
  build changes them: a page's version is the last build that changed the
  page or any file but the search index and the sitemap, so the full build
  after a saved page reloads no page it left as it was;
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
import html
import http.server
import logging
import os
import shutil
import sys
import threading
import time
import traceback
import urllib.parse
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "scripts"):  # the project's modules, and serve.py
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")

from dev_build import IGNORED, Builder, python_inputs  # noqa: E402
from dev_pages import BuildFailed, BuildReport, Superseded  # noqa: E402
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
# often a few events).
SETTLE_SECONDS = 0.05
# After a saved page is served, the full build waits this long (unless a
# newer change comes): the reloaded page starts its rollers meanwhile, and on
# two cores a build beside it delayed them by a second (bench_live_preview).
FULL_BUILD_AFTER_SECONDS = 2.0
# What a page does not reload for.
NOT_RELOADED_FOR = ("search/", "sitemap.xml")

log = logging.getLogger("dev")


def _log_to_terminal(docs: Path) -> None:
    """Our lines to stdout with the time; MkDocs' warnings and errors (in
    strict mode, each one fails the build) to stderr as they come."""
    ours = logging.StreamHandler(sys.stdout)
    ours.setFormatter(logging.Formatter("[%(asctime)s] %(message)s", "%H:%M:%S"))
    for name, handler in (("dev", ours), ("mkdocs", BuildReport(docs))):
        logger = logging.getLogger(name)
        logger.setLevel(logging.INFO)
        logger.propagate = False
        logger.addHandler(handler)


class DevHandler(SiteHandler):
    """scripts/serve.py's handler over the current build, with the reload
    script in every page, the reload events, and the dev service worker."""

    server: DevServer

    def __init__(self, request: Any, client_address: Any, server: DevServer) -> None:
        # The build this request is answered from, and its pages' versions, together.
        self.folder, self.versions = server.served()
        super().__init__(request, client_address, server, directory=str(self.folder))

    def do_GET(self) -> None:
        route = self.path.split("?")[0]
        if route == EVENTS and self.command == "GET":
            self._stream_builds()
        elif route == RELOAD_SCRIPT:
            self._send_text((HERE / "reload.js").read_bytes(), "text/javascript")
        elif route == "/sw.js":
            self._send_service_worker()
        elif (page := self._page()) is not None:
            name = page.relative_to(self.folder).as_posix()
            self._send_text(self.html_body(page.read_bytes(), name), "text/html; charset=utf-8")
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

    def html_body(self, body: bytes, name: str | None = None) -> bytes:
        """``body`` with the reload script of page ``name``; without a name,
        the 404 page answering for a page the build does not have ("gone"),
        which reloads once a build has it."""
        if name is None:
            path = self.path.split("?")[0]
            asked = Path(os.path.relpath(self.translate_path(path), self.directory))
            name = (asked / "index.html" if path.endswith("/") else asked).as_posix()
        version = self.versions.get(name, "gone")
        tag = (f'<script src="{RELOAD_SCRIPT}" data-page="{html.escape(name)}" '
               f'data-build="{version}"></script>')
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
        # Never the same bytes twice, so every check for an update installs
        # it anew and it reloads the pages it controls. A page that was still
        # loading when the first copy ran (Chromium may check make serve's
        # registration as the navigation begins) is not one of the pages a
        # worker can reach yet; it stays controlled, from the old cache, until
        # its own check (the site's offline.js makes one) installs a copy.
        answer = f"\n// answer {time.time_ns():x}\n".encode()
        self._send_text((HERE / "sw.js").read_bytes() + answer, "text/javascript", *headers)

    def _stream_builds(self) -> None:
        """The version of one page (``?page=``), sent when the stream opens
        and whenever a build changes it; "gone" once a build has no such
        page."""
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
        name = query.get("page", [""])[0]
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        build, sent = None, None
        try:
            while not self.server.stopping:
                build, versions = self.server.wait_for_build(build, timeout=15)
                version = str(versions.get(name, "gone"))
                if version == sent:
                    self.wfile.write(b": still here\n\n")  # finds a closed tab
                else:
                    self.wfile.write(f"event: build\ndata: {version}\n\n".encode())
                    sent = version
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass


def _differences(old: Path, new: Path) -> tuple[set[str], bool]:
    """The pages (``.html``) that differ between two builds, and whether
    anything else the pages use does (the search index and the sitemap are
    not reloaded for)."""
    pages: set[str] = set()
    shared = False
    names = {p.relative_to(new).as_posix() for p in new.rglob("*") if p.is_file()}
    names |= {p.relative_to(old).as_posix() for p in old.rglob("*") if p.is_file()}
    for name in names:
        if _same_file(old / name, new / name):
            continue
        if name.endswith(".html"):
            pages.add(name)
        elif not name.startswith(NOT_RELOADED_FOR):
            shared = True
    return pages, shared


def _same_file(one: Path, other: Path) -> bool:
    try:
        first, second = one.stat(), other.stat()
    except FileNotFoundError:
        return False
    if (first.st_dev, first.st_ino) == (second.st_dev, second.st_ino):
        return True  # the same file, linked into both builds
    return first.st_size == second.st_size and one.read_bytes() == other.read_bytes()


class DevServer(http.server.ThreadingHTTPServer):
    """Serves the current build and tells each page when a build changes
    it: a page's version is the number of the last build that changed the
    page or anything else the pages use (so a saved page reloads its own
    tabs, and the full build that follows it reloads them only where it
    differs)."""

    daemon_threads = True
    quiet = True

    def __init__(self, port: int, builder: Builder) -> None:
        super().__init__(("127.0.0.1", port), DevHandler)  # the port first: it may be taken
        self.builder = builder
        self.run = f"{time.time_ns():x}"
        self.stopping = False
        self._changed: set[Path] = set()
        self._unbuilt: set[Path] = set()  # changed since the last full build
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
        self.versions = {p.relative_to(self.current).as_posix(): self.build_id
                         for p in self.current.rglob("*.html")}

    def served(self) -> tuple[Path, dict[str, int]]:
        with self._served:
            return self.current, self.versions

    def wait_for_build(self, seen: int | None, timeout: float) -> tuple[int, dict[str, int]]:
        with self._served:
            self._served.wait_for(lambda: self.build_id != seen or self.stopping, timeout)
            return self.build_id, self.versions

    def changed(self, path: Path) -> None:
        with self._served:
            self._changed.add(path)
        self._wake.set()

    def rebuild_forever(self) -> None:
        """Each change: the saved pages alone at once when it is an edit to
        pages' text (served as soon as they are written), then the full
        build, stopped and started again when a newer change comes."""
        full_build_due = False
        while not self.stopping:
            if not full_build_due:
                self._wake.wait()
            while self._wake.wait(SETTLE_SECONDS):  # until the saves settle
                self._wake.clear()
            with self._served:
                changed, self._changed = self._changed, set()
            if self.stopping:
                break
            if changed:
                names = ", ".join(sorted(str(p.relative_to(self.builder.root))
                                         for p in changed))
                log.info("Changed: %s", names)
                self._unbuilt |= changed
                started = time.monotonic()
                try:
                    target = self.builder.update(changed, self._unbuilt, self.current)
                except BuildFailed as error:
                    log.info("The build failed (%s): still serving the last good one.", error)
                    full_build_due = False
                    continue
                full_build_due = True
                if target is not None:
                    took = time.monotonic() - started
                    log.info("Pages built in %.2f s: %s.", took, self._serve(target))
                    # The reloaded page starts its rollers first; a newer
                    # change, if any, comes before the full build.
                    self._wake.wait(FULL_BUILD_AFTER_SECONDS)
                    continue
            if full_build_due:
                full_build_due = self._full_build()

    def _full_build(self) -> bool:
        """The full build after the changes; True when a newer change
        stopped it (it is due again)."""
        started = time.monotonic()
        try:
            target = self.builder.build(self._unbuilt, stop=self._wake.is_set)
        except Superseded:
            return True
        except Exception as error:
            if not isinstance(error, BuildFailed):
                traceback.print_exc()
            log.info("The build failed (%s): still serving the last good one.", error)
            return False
        self._unbuilt.clear()
        took = time.monotonic() - started
        log.info("Built in %.2f s: %s.", took, self._serve(target))
        return False

    def _serve(self, target: Path) -> str:
        """Serves ``target``; says which open pages it reloads."""
        pages, shared = _differences(self.current, target)
        build = self.builder.count
        versions = {
            p.relative_to(target).as_posix(): build for p in target.rglob("*.html")
        } if shared else {
            name: self.versions.get(name, build) if name not in pages else build
            for name in (p.relative_to(target).as_posix() for p in target.rglob("*.html"))
        }
        with self._served:
            previous, self.current = self.current, target
            self.versions = versions
            self.build_id = build
            self._served.notify_all()
        for old in self.builder.builds.iterdir():
            if old not in (previous, target):
                shutil.rmtree(old, ignore_errors=True)
        if shared:
            return "reloading the open pages"
        if not pages:
            return "no page changed"
        shown = ", ".join(sorted(pages)[:3]) + (", ..." if len(pages) > 3 else "")
        return f"reloading {shown}"

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
