"""Run every benchmark in bench/ and print its figures (never pass/fail)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"\n=== {script.stem} ===", flush=True)
        subprocess.run([sys.executable, str(script)], check=True, cwd=HERE.parent)


if __name__ == "__main__":
    main()
