"""The modes of ``huldufolk.pool`` and the ``shown_when`` that names them."""

from __future__ import annotations

__all__ = ["CONTEST", "FIGHT", "POWERS", "TEST", "when"]

TEST = ("test",)
FIGHT = ("fight",)
CONTEST = ("contest",)
POWERS = ("powers",)


def when(*modes: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    return {"mode": tuple(mode for group in modes for mode in group)}
