"""The build step that bundles the page's modules and the worker's
(runtime/build/bundles.py): each module keeps its own address in its bundle,
a JSON module is written in as data, the modules taken in leave the site,
and what cannot be bundled stops the build."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from runtime.build.bundles import BundleError, bundle_runtime


def _write(site: Path, files: dict[str, str]) -> Path:
    rp = site / "assets/rp"
    for name, text in files.items():
        path = rp / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return rp


def _found(module: Path) -> object:
    """What the ES module ``module`` exports as ``found``, run by Node."""
    found = "(module) => console.log(JSON.stringify(module.found))"
    script = f"import({json.dumps(module.as_uri())}).then({found})"
    done = subprocess.run(["node", "--input-type=module", "-e", script],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_each_module_keeps_its_own_address_and_leaves_the_site(tmp_path: Path) -> None:
    rp = _write(tmp_path, {
        "page/boot.js": 'import { catalog } from "./party/catalog.js";\n'
                        'import { kind } from "../contract/messages.js";\n'
                        "export const found = [catalog, kind, import.meta.url];\n",
        "page/party/catalog.js": "export const catalog = "
                                 'new URL("../../party-catalog.json", import.meta.url).href;\n',
        "contract/messages.js": 'export const kind = "ready";\n',
        "worker/worker.js": 'import BUILD from "../build-manifest.json" with { type: "json" };\n'
                            'import { kind } from "../contract/messages.js";\n'
                            "export const found = [BUILD.format, kind];\n",
        "build-manifest.json": '{"format": 2}\n',
        "page/alone.js": "export const unused = 1;\n",
    })
    removed = bundle_runtime(tmp_path)
    assert removed == ["assets/rp/contract/messages.js", "assets/rp/page/party/catalog.js"]
    assert not (rp / "page/party").exists() and not (rp / "contract").exists()
    # What no bundle takes in stays, and so does the manifest (data, read by others).
    assert (rp / "page/alone.js").exists() and (rp / "build-manifest.json").exists()
    assert _found(rp / "page/boot.js") == [
        (rp / "party-catalog.json").as_uri(), "ready", (rp / "page/boot.js").as_uri()]
    (rp / "build-manifest.json").unlink()  # the worker's bundle holds it
    assert _found(rp / "worker/worker.js") == [2, "ready"]


def test_another_use_of_import_meta_stops_the_build(tmp_path: Path) -> None:
    rp = _write(tmp_path, {
        "page/boot.js": 'import "./late.js";\n',
        "page/late.js": 'export const late = import.meta.resolve("./x.js");\n',
    })
    with pytest.raises(BundleError, match=r"late\.js.*import\.meta\.resolve"):
        bundle_runtime(tmp_path, ("page/boot.js",))
    # Nothing is lost: the site's modules are as they were.
    assert (rp / "page/late.js").exists()
    assert (rp / "page/boot.js").read_text(encoding="utf-8") == 'import "./late.js";\n'
