"""The wheel the site ships, built by the standard backend, works on its own:
installed into a clean virtual environment (no site packages, not this
checkout), every widget answers through ``rules_py.web.call`` exactly as the
source tree does."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import venv
from pathlib import Path

from runtime.build.python_runtime import build_wheel

# Run inside the clean environment: every widget with a default request, then
# every action with a seed; prints the answers as one JSON object.
CALL_EVERY_WIDGET = """
import json, sys
import rules_py, rules_py.web as web
requests = json.loads(sys.stdin.read())
assert "site-packages" in rules_py.__file__, rules_py.__file__
answers = {}
for key, (name, request) in requests.items():
    answers[key] = json.loads(web.call(name, json.dumps(request)))
print(json.dumps({"catalog": json.loads(web.catalog_json()), "answers": answers}))
"""
UNEXPECTED = "The roller failed unexpectedly"


Requests = dict[str, tuple[str, dict[str, object]]]


def _requests(catalog: list[dict[str, object]], seed: int) -> Requests:
    chooser = random.Random(seed)
    requests: Requests = {}
    for widget in catalog:
        name = str(widget["name"])
        requests[f"{name} default"] = (name, {})
        actions = [str(action["name"]) for action in widget["actions"]]  # type: ignore[attr-defined]
        for action in chooser.sample(actions, len(actions)):
            seeded = {"action": action, "seed": chooser.randrange(2**64)}
            requests[f"{name} {action}"] = (name, seeded)
    return requests


def test_the_wheel_installs_in_a_clean_venv_and_answers_every_widget(tmp_path: Path) -> None:
    from rules_py import web

    wheel = build_wheel(tmp_path / "dist")
    environment = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, system_site_packages=False).create(environment)
    python = environment / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
         "--disable-pip-version-check", str(wheel)],
        check=True, cwd=tmp_path,
    )
    catalog = web.catalog()
    requests = _requests(catalog, seed=20240611)
    run = subprocess.run(
        [str(python), "-I", "-c", CALL_EVERY_WIDGET], input=json.dumps(requests),
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    installed = json.loads(run.stdout)
    assert installed["catalog"] == catalog
    assert len(installed["answers"]) == len(requests) > 2 * len(catalog)
    for key, (name, request) in requests.items():
        answer = installed["answers"][key]
        assert UNEXPECTED not in json.dumps(answer), (key, answer)
        if "seed" not in request:
            assert answer["ok"], (key, answer)  # a default request always works
            continue
        # Same seed, same answer as the source tree on this interpreter.
        assert answer == json.loads(web.call(name, json.dumps(request))), key
    assert sys.prefix != str(environment)
