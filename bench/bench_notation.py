"""Searches the dice notation for the expressions whose exact odds take longest.

Run: ``.venv/bin/python bench/bench_notation.py [seconds]``. Draws random
expressions from the grammar, biased towards the limits (many dice, many
sides, deep explosions, keep/drop, max/min, groups), keeps those the cost
model allows (``notation.chartable``), times their exact odds (weights and
the exact fractions), then mutates the slowest ones to climb towards a worse
case. Prints the worst it found with their times and estimates. Asserts
nothing; the goal is that none exceeds 250 ms in CPython.
"""

from __future__ import annotations

import platform
import sys
import time
from collections.abc import Callable
from random import Random

from rules_py.core import notation

GOAL_MS = 250.0
SIDES = (1, 2, 3, 4, 6, 8, 10, 12, 20, 100, 1000)


def _count(r: Random) -> int:
    return r.choice((1, 2, 3, 5, 10, 20, 30, 50, 70, 100, r.randint(1, 100)))


def _sides(r: Random) -> int:
    return r.choice((*SIDES, r.randint(2, 1000)))


def dice_term(r: Random) -> str:
    count, sides = _count(r), _sides(r)
    if r.random() < 0.05:
        return f"{count}dF" + (f"kh{r.randint(1, count)}" if r.random() < 0.5 else "")
    text = f"{count}d{sides}"
    explode = r.random() < 0.35 and sides > 1
    if explode:
        mode = r.choice(("!", "!!", "!p"))
        low_face = max(1, sides - max(1, sides * 3 // 4) + 1)
        point = r.choice(("", f"={sides}", f">={r.randint(low_face, sides)}"))
        text += mode + point
        if mode == "!" and r.random() < 0.5:
            text += f">={r.randint(1, sides)}" + (f"dbl>={sides}" if r.random() < 0.5 else "")
        elif mode == "!!" and r.random() < 0.4:
            text += f"kh{r.randint(1, count)}" if r.random() < 0.5 else f">={r.randint(1, sides)}"
        return text
    roll = r.random()
    if roll < 0.15 and sides > 1:
        text += r.choice(("r", "ro")) + f"<={r.randint(1, max(1, sides * 3 // 4))}"
    roll = r.random()
    if roll < 0.35:
        text += r.choice(("kh", "kl", "dh", "dl", "k", "d")) + str(r.randint(1, max(1, count - 1)))
    elif roll < 0.6:
        text += f">={r.randint(1, sides)}"
        if r.random() < 0.4:
            text += f"dbl{sides}"
        if r.random() < 0.3:
            text += "f1"
    return text


def expression(r: Random, depth: int = 0) -> str:
    def atom() -> str:
        roll = r.random()
        if depth < 2 and roll < 0.15:
            items = ", ".join(expression(r, depth + 1) for _ in range(r.randint(2, 4)))
            return f"{r.choice(('max', 'min'))}({items})"
        if depth < 2 and roll < 0.25:
            items = ", ".join(expression(r, depth + 1) for _ in range(r.randint(2, 5)))
            return "{" + items + "}" + r.choice(("", "kh1", "kl2", "dl1", ">=10"))
        if roll < 0.3:
            return str(r.randint(0, 50))
        return dice_term(r)

    parts = [atom()]
    for _ in range(r.choice((0, 0, 1, 2))):
        joint = r.choice(("+", "-", "*", "+"))
        parts.append(joint + (str(r.randint(1, 10)) if joint == "*" else atom()))
    if r.random() < 0.1:
        parts.append(f"/{r.randint(1, 6)}")
    return "".join(parts)


def mutate(r: Random, text: str) -> str:
    """Nudge a number up (towards the limits) or splice in another term."""
    digits = [
        i for i, c in enumerate(text) if c.isdigit() and (i == 0 or not text[i - 1].isdigit())
    ]
    if digits and r.random() < 0.7:
        start = r.choice(digits)
        end = start
        while end < len(text) and text[end].isdigit():
            end += 1
        value = int(text[start:end])
        bigger = max(value + 1, int(value * r.choice((1.2, 1.5, 2.0))))
        return text[:start] + str(bigger) + text[end:]
    return text + "+" + dice_term(r)


def timed(compute: Callable[[], object], runs: int = 2) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        compute()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def measure(text: str) -> tuple[float, float] | None:
    """(milliseconds, estimated work) if the expression parses and is chartable."""
    try:
        parsed = notation.parse(text)
    except notation.NotationError:
        return None
    if not notation.chartable(parsed):
        return None
    ms = timed(lambda: notation.odds(parsed).dist())
    return ms, notation.estimate(parsed).work


def search(seconds: float, seed: int = 1) -> list[tuple[float, float, str]]:
    r = Random(seed)
    found: dict[str, tuple[float, float]] = {}
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        if found and r.random() < 0.5:
            worst = sorted(found, key=lambda t: -found[t][0])[:10]
            text = mutate(r, r.choice(worst))
        else:
            text = expression(r)
        if text in found or len(text) > notation.MAX_LENGTH:
            continue
        result = measure(text)
        if result is not None:
            found[text] = result
    return sorted(((ms, work, text) for text, (ms, work) in found.items()), reverse=True)


def main(seconds: float = 60.0) -> None:
    print(f"dice notation odds on {platform.python_implementation()} {platform.python_version()}")
    print(
        f"searching {seconds:.0f} s for the slowest chartable expressions (goal {GOAL_MS:.0f} ms)"
    )
    ranked = search(seconds)
    print(f"{len(ranked)} chartable expressions timed; the 15 slowest:\n")
    print(f"{'ms':>8} {'estimate':>9}  expression")
    for ms, work, text in ranked[:15]:
        print(f"{ms:8.1f} {work / 1000:8.1f}  {text}")
    over = [text for ms, _, text in ranked if ms > GOAL_MS]
    print(f"\nover {GOAL_MS:.0f} ms: {len(over)}")
    ratios = sorted(ms * 1000 / work for ms, work, _ in ranked if work > 1000)
    if ratios:
        print(f"time / estimate: median {ratios[len(ratios) // 2]:.2f}, max {ratios[-1]:.2f}")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 60.0)
