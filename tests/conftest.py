"""Shared fixtures: the repository root and the optional real data beside it (../shared/data)."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# CI and developers have shared/ beside the clone; elsewhere tests that need it skip cleanly.
SHARED = Path(os.environ.get("ORACLE_SHARED", ROOT.parent / "shared"))
DATA = SHARED / "data"
# A card library the user imported (oracle cards import) is read over the bundled one: tests
# must see the bundled library only, and an import without --output must not touch the user's.
os.environ["ORACLE_DATA_DIR"] = tempfile.mkdtemp(prefix="oracle-test-data-")


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not DATA.is_dir():
        pytest.skip(f"real data not present at {DATA}")
    return DATA


@pytest.fixture(scope="session")
def cards_cdb(shared_data: Path) -> Path:
    path = shared_data / "cards.cdb"
    if not path.is_file():
        pytest.skip(f"{path} not present")
    return path
