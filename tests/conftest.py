"""Shared fixtures: the built site (tests/site, tests/browser)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The built site: SITE_DIR if set, else ``site/`` (built by ``make``),
    built here when missing so a lone ``pytest tests/site`` works too."""
    site = Path(os.environ.get("SITE_DIR", ROOT / "site"))
    if not (site / "index.html").exists():
        subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(site)],
            cwd=ROOT,
            check=True,
        )
    return site


def pages_with_widget(site: Path, widget: str) -> list[str]:
    """Site-relative URLs of the built pages that embed ``widget``."""
    marker = f'data-widget="{widget}"'
    found = []
    for html in sorted(site.rglob("index.html")):
        if marker in html.read_text(encoding="utf-8"):
            relative = html.parent.relative_to(site).as_posix()
            found.append("" if relative == "." else relative + "/")
    return found
