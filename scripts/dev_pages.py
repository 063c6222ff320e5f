"""make dev's page builds, through MkDocs' own API (``mkdocs.commands.build``).

Two kinds, both strict (any warning fails them, as ``mkdocs build --strict``):

- :func:`build_pages`: MkDocs' full build into a new folder, as ``make site``
  runs it. What the build made (its configuration with the plugins' state,
  the files, the nav and the Jinja environment) is kept in a :class:`Kept`,
  and the theme's compiled templates are kept between builds (a Jinja
  bytecode cache: compiling Material's templates is most of a second).
- :func:`update_pages`: saved pages alone, built again over what the last
  full build kept: each page is read, its macros run, and it is rendered
  with the nav, the files and the plugins of that build, into a copy of the
  served folder. Only for an edit to the text of existing pages: a new or
  removed file, a snippet, or a page holding the tags' listing needs the
  full build (None is returned). What other pages show of a saved page (its
  title in the nav, its tags, the anchors they link to) and the search
  index come from the full build that follows (dev.py).

MkDocs' ``--dirty`` build is no use here: it warns that it is dirty, which
fails a strict build, and it reads only the changed pages, so the search
index and the tags page would hold those pages alone.
"""

from __future__ import annotations

import logging
import os
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import jinja2
from mkdocs.commands.build import _build_page, _populate_page
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort, MkDocsException
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils import CountHandler

__all__ = ["BuildFailed", "BuildReport", "Kept", "Superseded", "build_pages", "front_matter_lines",
           "saved_pages", "update_pages"]

# The tags plugin writes its listing into a page holding this comment, from
# every page's tags: such a page is built by the full build only.
TAGS_LISTING = "<!-- material/tags"
KEEPER = "dev-keeper"
FRONT_MATTER = re.compile(r"^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)


class BuildFailed(Exception):
    pass


class Superseded(Exception):
    """A full build stopped because a newer change came."""


class _MemoryBytecodeCache(jinja2.BytecodeCache):
    """Compiled templates, kept in memory between builds. Jinja checks each
    one against its template's source, so an edited template is compiled
    again."""

    def __init__(self) -> None:
        self.store: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self.store.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.store[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = _MemoryBytecodeCache()


class _Quiet(logging.Filter):
    """Drops MkDocs' message naming the page a build stopped in, when it
    stopped for a newer change: that is no error."""

    def __init__(self) -> None:
        super().__init__()
        self.on = False

    def filter(self, record: logging.LogRecord) -> bool:
        return not self.on


_QUIET = _Quiet()
logging.getLogger("mkdocs.commands.build").addFilter(_QUIET)


class _Keeper(BasePlugin):  # type: ignore[type-arg, no-untyped-call]
    """Added to a full build's plugins: keeps the files, the nav and the
    Jinja environment as the build made them, gives the environment the
    kept templates, and stops the build when ``stop()`` says so."""

    def __init__(self, stop: Callable[[], bool]) -> None:
        self.stop = stop
        self.files: Files | None = None
        self.nav: Navigation | None = None
        self.env: jinja2.Environment | None = None

    def _check(self) -> None:
        if self.stop():
            _QUIET.on = True  # MkDocs logs the page it stopped in as an error
            raise Superseded

    def on_nav(self, nav: Navigation, /, *, config: MkDocsConfig, files: Files) -> None:
        self._check()
        self.nav, self.files = nav, files

    def on_pre_page(self, page: Page, /, *, config: MkDocsConfig, files: Files) -> None:
        self._check()

    @event_priority(110)  # before the tags plugin renders its listing (100)
    def on_env(self, env: jinja2.Environment, /, *, config: MkDocsConfig,
               files: Files) -> None:
        self._check()
        env.bytecode_cache = TEMPLATES
        self.env = env


@dataclass(frozen=True)
class Kept:
    """What a full build made, for :func:`update_pages`."""

    config: MkDocsConfig
    files: Files
    nav: Navigation
    env: jinja2.Environment


def front_matter_lines(source: str) -> int:
    """How many lines of a page come before the Markdown MkDocs hands to
    the macros (its YAML front matter, and the blank lines after it)."""
    found = FRONT_MATTER.match(source)
    if not found:
        return 0
    rest = source[found.end():]
    return source[:found.end()].count("\n") + len(rest) - len(rest.lstrip("\n"))


class BuildReport(logging.Handler):
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
            number = int(line.group(1) or line.group(3)) + front_matter_lines(source)
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


def build_pages(config_file: Path, target: Path, site_url: str,
                stop: Callable[[], bool] = lambda: False) -> Kept:
    """``mkdocs build --strict`` into ``target``; raises BuildFailed, or
    Superseded when ``stop()`` turned true during the build."""
    keeper = _Keeper(stop)
    try:
        config = load_config(str(config_file), site_dir=str(target), site_url=site_url)
        config.plugins[KEEPER] = keeper
        config.plugins.on_startup(command="build", dirty=False)
        try:
            mkdocs_build(config)
        finally:
            config.plugins.on_shutdown()
    except Superseded:
        raise
    except (Exception, SystemExit) as error:
        raise _failed(error) from error
    finally:
        _QUIET.on = False
    assert keeper.files is not None and keeper.nav is not None and keeper.env is not None
    return Kept(config, keeper.files, keeper.nav, keeper.env)


def _failed(error: BaseException) -> BuildFailed:
    if isinstance(error, MkDocsException | Abort):
        return BuildFailed(str(error))
    if isinstance(error, SystemExit):  # mkdocs-macros exits on a macro's error
        return BuildFailed("stopped at the error above")
    return BuildFailed(f"{type(error).__name__}: {error}")


def saved_pages(kept: Kept, changed: Iterable[Path]) -> list[Page] | None:
    """The pages of ``changed``, or None when one of the changes is not an
    edit to the text of a page the kept build has. A file that came and
    went (an editor's probe or temporary file) is no change."""
    docs = Path(kept.config.docs_dir)
    built = kept.files.documentation_pages(inclusion=InclusionLevel.is_included)
    pages = []
    for path in changed:
        if not path.is_relative_to(docs):
            return None
        file: File | None = kept.files.get_file_from_path(path.relative_to(docs).as_posix())
        if not path.exists():
            if file is None:
                continue
            return None  # removed
        if file is None or file.page is None or file not in built:
            return None
        if TAGS_LISTING in path.read_text("utf-8"):
            return None
        pages.append(file.page)
    return pages


def update_pages(kept: Kept, pages: Iterable[Page], target: Path) -> list[Path]:
    """Builds ``pages`` (from :func:`saved_pages`) again over ``kept`` into
    ``target``, a copy of the last build as hard links: each page is unlinked
    before it is written, so the last build keeps its own. Returns the pages
    written; raises BuildFailed on any warning, as a strict build does."""
    config, files = kept.config, kept.files
    doc_files = files.documentation_pages(inclusion=InclusionLevel.is_included)
    counter = CountHandler()
    counter.setLevel(logging.WARNING)
    logger = logging.getLogger("mkdocs")
    logger.addHandler(counter)
    written = []
    try:
        for page in pages:
            destination = target / page.file.dest_uri
            page.file.abs_dest_path = str(destination)
            if destination.exists():
                os.unlink(destination)
            _populate_page(page, config, files)
            _build_page(page, config, doc_files, kept.nav, kept.env)
            page.validate_anchor_links(files=files, log_level=config.validation.links.anchors)
            written.append(destination)
    except (Exception, SystemExit) as error:
        raise _failed(error) from error
    finally:
        logger.removeHandler(counter)
    if counts := counter.get_counts():  # worded as MkDocs words it
        found = ", ".join(f"{count} {level.lower()}s" for level, count in counts)
        raise BuildFailed(f"Aborted with {found} in strict mode!")
    return written
