"""The floor under a page's first roll on a phone's processor (not a test).

``bench_phone.py`` times the site's roller page ``cairn/rules/`` at 4x; this
bench asks how much of that time the page's own content costs. It serves a
second copy of the built site in which that page holds one roller and
nothing else: the article is the page's first roller alone, and the
navigation's and the table of contents' sidebars are empty. The head, the
header, the stylesheets, ``boot.js``, the worker and the snapshot are the
site's own. Both pages are visited with ``bench_phone.py``'s method (a
fresh persistent profile each round, cold = its first visit, warm = its
second, the processor slowed 4x on a 390x844 touch screen, the primary
button tapped as soon as the form is drawn), rounds interleaved, medians
printed beside the goal of a warm first roll at 4x. A third page in the
same rounds is ``bench_startup.py``'s runtime page: the site's worker alone,
sent one roll by an empty page, timed to its answer (nothing drawn; no
service worker either, so its warm visit reads the browser's HTTP cache).

What is left on the one-roller page is what any page of the site pays
before its first roll: the navigation's commit, the head's stylesheets, one
layout, ``boot.js``, the worker's start (Pyodide's restore, about 0.4 s of
the worker's thread, which CDP does not slow) and drawing the answer. Run
with ``make bench`` (or alone: ``.venv/bin/python bench/bench_floor.py``;
``BENCH_ROUNDS`` sets the rounds).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_phone import CONDITIONS, ROUNDS, WARM_ROLL_AT_4X_S, interleaved_visits  # noqa: E402
from bench.bench_startup import (  # noqa: E402
    WIDGET_PAGE,
    _median,
    _warm_server_cache,
    serve_bench_site,
    serve_site,
)
from runtime.build.html_edit import Edit, PlacedParser, apply_edits, class_names  # noqa: E402

__all__ = ["main", "one_roller_page"]

AT_4X = next(condition for condition in CONDITIONS if condition.cpu == 4 and not condition.link)


class _Places(PlacedParser):
    """Where a built page's article content, first roller and sidebars'
    contents are (offsets in the page; a roller and a sidebar's inner part
    are ``div`` elements, found by counting the ``div`` tags open)."""

    def __init__(self) -> None:
        super().__init__()
        self.article: tuple[int, int] | None = None  # its content, between the tags
        self.roller: tuple[int, int] | None = None  # the whole element
        self.sidebars: list[tuple[int, int]] = []  # each one's content
        self._divs = 0
        self._article_start = 0
        self._open: list[tuple[str, int, int]] = []  # (what, div depth, offset)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self._article_start = self.start_tag_end()
        if tag != "div":
            return
        self._divs += 1
        names = class_names(attrs)
        if "rp-widget" in names and self.roller is None and not self._open_kind("roller"):
            self._open.append(("roller", self._divs, self.tag_offset()))
        elif "md-sidebar__inner" in names:
            self._open.append(("sidebar", self._divs, self.start_tag_end()))

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.article = (self._article_start, self.tag_offset())
        if tag != "div":
            return
        if self._open and self._open[-1][1] == self._divs:
            what, _, start = self._open.pop()
            if what == "roller":
                self.roller = (start, self.tag_offset() + len("</div>"))
            else:
                self.sidebars.append((start, self.tag_offset()))
        self._divs -= 1

    def _open_kind(self, what: str) -> bool:
        return any(kind == what for kind, _, _ in self._open)


def one_roller_page(page: str) -> str:
    """``page`` (a built page with rollers) with its article reduced to its
    first roller and its sidebars emptied; everything else as built."""
    places = _Places()
    places.read(page)
    if places.article is None or places.roller is None:
        raise ValueError("the page has no article with a roller")
    roller = page[places.roller[0]:places.roller[1]]
    emptied = [Edit(start, end, "") for start, end in places.sidebars]
    return apply_edits(page, [Edit(*places.article, roller), *emptied])


@contextmanager
def one_roller_site(site: Path) -> Iterator[Path]:
    """A copy of ``site`` (its files linked, not copied, where they can be)
    whose roller page holds one roller and nothing else."""
    folder = Path(tempfile.mkdtemp(prefix="floor-", dir=site.parent))
    try:
        copy = folder / "site"
        try:
            shutil.copytree(site, copy, copy_function=os.link)
        except OSError:  # another file system
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(site, copy)
        page = copy / WIDGET_PAGE / "index.html"
        text = page.read_text(encoding="utf-8")
        for built in page.parent.glob("index.html*"):
            built.unlink()  # a link to the site's own file: never written through
        page.write_text(one_roller_page(text), encoding="utf-8")
        yield copy
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    site = Path(os.environ.get("SITE_DIR", ROOT / "site"))  # as the tests read it
    with one_roller_site(site) as floor:
        floor_base, floor_server = serve_site(floor)
        _warm_server_cache(floor_base, floor)
        try:
            built_base, bench_folder, built_server = serve_bench_site()
        except BaseException:
            floor_server.shutdown()
            raise
        sizes = {name: f"{len((folder / WIDGET_PAGE / 'index.html').read_bytes()) / 1e3:.0f} kB"
                 for name, folder in (("as built", site), ("one roller", floor))}
        sizes["runtime"] = "no page"
        # (name, address, has a form to tap)
        pages = [("as built", built_base + WIDGET_PAGE, True),
                 ("one roller", floor_base + WIDGET_PAGE, True),
                 ("runtime", built_base + "__bench__/runtime.html", False)]
        try:
            with sync_playwright() as playwright:
                visits, lost = interleaved_visits(playwright, pages, (AT_4X,))
        finally:
            built_server.shutdown()
            floor_server.shutdown()
            shutil.rmtree(bench_folder)
    print(f"{WIDGET_PAGE} as built, the same page with one roller and nothing else, and the "
          f"site's worker alone answering one roll from an empty page (bench_startup.py's "
          f"runtime page), {AT_4X.label}, {ROUNDS} interleaved rounds, medians (seconds)",
          flush=True)
    for name, _, _ in pages:
        cells = []
        for kind in ("warm", "cold"):
            got = visits.get((AT_4X.label, name, kind), [])
            if not got:
                cells.append(f"{kind}: no visit")
                continue
            forms = [visit.form for visit in got if visit.form is not None]
            drawn = f"form {_median(forms):.2f}, first roll" if forms else "first answer"
            rolls = [visit.done for visit in got]
            cells.append(f"{kind}: {drawn} {_median(rolls):.2f}"
                         f" ({min(rolls):.2f} to {max(rolls):.2f})")
        print(f"  {name:10} ({sizes[name]}): " + "; ".join(cells), flush=True)
    print(f"Goal: a warm first roll at 4x <= {WARM_ROLL_AT_4X_S} s. The one-roller page is what "
          "any page of the site pays before its first roll; the runtime alone, what the "
          "worker does whatever the page.", flush=True)
    if lost:
        print(f"{lost} visits lost (a tap no roll followed), left out", flush=True)


if __name__ == "__main__":
    main()
