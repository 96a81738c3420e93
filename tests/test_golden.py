"""The reference positions of ../shared/golden (answers of EDOPro's rules core), when present."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SHARED


def test_golden_positions_agree():
    script = SHARED / "golden" / "compare_yugioh.py"
    if not script.is_file():
        pytest.skip(f"{script} not present")
    oracle = shutil.which("oracle", path=str(Path(sys.executable).parent)) or shutil.which("oracle")
    assert oracle, "the oracle command is not installed"
    run = subprocess.run([sys.executable, str(script), "--oracle", oracle], capture_output=True, text=True, timeout=600)
    print(run.stdout)
    # The script exits 0 only when every position agrees, material set for material set.
    assert run.returncode == 0, run.stdout + run.stderr
