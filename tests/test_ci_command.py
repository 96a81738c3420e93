"""CI runs exactly the README's test command (HELPERS.md): the two must not drift apart."""
from __future__ import annotations

import re

from conftest import ROOT


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    commands = re.findall(r"```sh\n(.*?)\n```", readme, re.S)
    assert ci in [c.strip() for c in commands]
    assert "pytest" in ci and "scripts/install-test-deps" in ci
