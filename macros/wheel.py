"""Build the pure-Python wheel of ``rules_py`` that the browser installs.

Written out rather than calling a build backend because the bytes must be
reproducible: files in sorted order with a fixed timestamp, so the wheel's
sha256 (checked by Pyodide from the lock file) changes only when the code does
and browsers keep their cached copy between builds.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

FIXED_TIME = (2020, 1, 1, 0, 0, 0)


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return f"sha256={digest.decode()}"


def _package_files(package_dir: Path) -> list[Path]:
    return sorted(
        path
        for path in package_dir.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix in {".py", ".json"}
    )


def build_wheel(package_dir: Path, name: str, version: str, out_dir: Path) -> Path:
    """Write ``{name}-{version}-py3-none-any.whl`` into ``out_dir``; return its path."""
    dist_name = name.replace("-", "_")
    dist_info = f"{dist_name}-{version}.dist-info"
    entries: list[tuple[str, bytes]] = []
    for path in _package_files(package_dir):
        arcname = f"{package_dir.name}/{path.relative_to(package_dir).as_posix()}"
        entries.append((arcname, path.read_bytes()))
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode()
    wheel_info = (
        b"Wheel-Version: 1.0\nGenerator: srd-site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    entries.append((f"{dist_info}/METADATA", metadata))
    entries.append((f"{dist_info}/WHEEL", wheel_info))
    record_lines = [f"{arcname},{_record_hash(data)},{len(data)}" for arcname, data in entries]
    record_lines.append(f"{dist_info}/RECORD,,")
    entries.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode()))

    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{dist_name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for arcname, data in entries:
            info = zipfile.ZipInfo(arcname, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return target
