"""Fixtures shared by the site's tests."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import load_serve_module


@pytest.fixture(scope="module")
def serve_url(built_site: Path) -> Iterator[str]:
    """The built site served by scripts/serve.py at its root (no final slash)."""
    server = load_serve_module().make_server(built_site, 0, quiet=True, base_path="/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
