"""The GitHub workflow (.github/workflows/site.yml): it passes its linter
(zizmor, as make lint runs it: the workflow schema and a security audit),
runs the README's test command on pull requests with the virtualenv and
node_modules cached, and deploys the site built from main to GitHub Pages
with the site's address and edit address set."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import ROOT

WORKFLOWS = ROOT / ".github" / "workflows"
WORKFLOW = WORKFLOWS / "site.yml"
CONFIG = ROOT / ".github" / "zizmor.yml"
ZIZMOR = Path(sys.executable).parent / "zizmor"


def _lint(target: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(ZIZMOR), "--offline", "--config", str(CONFIG), str(target)],
                          capture_output=True, text=True, check=False)


def _workflow() -> dict[Any, Any]:
    loaded: dict[Any, Any] = yaml.safe_load(WORKFLOW.read_text("utf-8"))
    return loaded


def _uses(job: dict[str, Any]) -> list[str]:
    return [str(step["uses"]).split("@")[0] for step in job["steps"] if "uses" in step]


def test_the_workflows_pass_their_linter() -> None:
    result = _lint(WORKFLOWS)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No findings" in result.stdout + result.stderr


def test_the_linter_fails_a_broken_workflow(tmp_path: Path) -> None:
    # A job without runs-on, as a typo would leave it: refused by the schema.
    broken = tmp_path / ".github" / "workflows"
    broken.mkdir(parents=True)
    text = WORKFLOW.read_text("utf-8").replace("runs-on:", "run-on:", 1)
    (broken / "site.yml").write_text(text, "utf-8")
    assert _lint(broken / "site.yml").returncode != 0
    # And an action pinned to a branch, which the audit refuses.
    text = WORKFLOW.read_text("utf-8").replace("actions/checkout@v5", "someone/checkout@main", 1)
    (broken / "site.yml").write_text(text, "utf-8")
    assert _lint(broken / "site.yml").returncode != 0


def test_pull_requests_run_the_readme_test_command_with_caches() -> None:
    workflow = _workflow()
    triggers = workflow[True]  # YAML 1.1 reads the key `on` as true
    assert "pull_request" in triggers
    assert triggers["push"]["branches"] == ["main"]
    readme = (ROOT / "README.md").read_text("utf-8")
    command = re.search(r"^(make test)\b.*# .*the whole suite", readme, re.MULTILINE)
    assert command, "the README names its test command"
    test = workflow["jobs"]["test"]
    assert "if" not in test
    assert [step["run"] for step in test["steps"] if "run" in step][-1] == command.group(1)
    cached = {step["with"]["path"] for step in test["steps"]
              if str(step.get("uses", "")).startswith("actions/cache@")}
    assert cached == {".venv", "node_modules"}


def test_main_is_deployed_to_github_pages_with_its_addresses() -> None:
    deploy = _workflow()["jobs"]["deploy"]
    assert deploy["needs"] == "test"
    assert "refs/heads/main" in deploy["if"] and "push" in deploy["if"]
    assert _uses(deploy)[-3:] == ["actions/configure-pages", "actions/upload-pages-artifact",
                                  "actions/deploy-pages"]
    build = next(step for step in deploy["steps"] if step.get("run") == "make site")
    assert set(build["env"]) == {"SITE_URL", "EDIT_URI"}
    upload = next(step for step in deploy["steps"]
                  if str(step.get("uses", "")).startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "site"
    assert deploy["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}


@pytest.mark.parametrize("job", ["test", "deploy"])
def test_no_job_keeps_the_checkout_credentials(job: str) -> None:
    checkout = next(step for step in _workflow()["jobs"][job]["steps"]
                    if str(step.get("uses", "")).startswith("actions/checkout@"))
    assert checkout["with"]["persist-credentials"] is False
