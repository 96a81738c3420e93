"""Every bundled example runs: positions give plays, lines check as their names say."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from conftest import ROOT
from oracle.cli import main

POSITIONS = sorted((ROOT / "facts" / "positions").glob("*.json"))
LINES = sorted((ROOT / "facts" / "lines").glob("*.txt"))


# The minimal Duel Masters position: Bronze-Arm Tribe costs 3 with 1 untapped mana card.
NO_PLAY = {"dm-minimal.json"}


@pytest.mark.parametrize("path", POSITIONS, ids=[p.name for p in POSITIONS])
def test_position_has_plays(path):
    out = CliRunner().invoke(main, ["plays", str(path), "--count"])
    assert out.exit_code == 0, out.output
    assert (int(out.output.strip()) == 0) == (path.name in NO_PLAY)


@pytest.mark.parametrize("path", POSITIONS, ids=[p.name for p in POSITIONS])
def test_position_prints_as_a_table_and_as_json(path):
    # every kind of play (activations too) has a row in the table and an entry in the JSON
    table = CliRunner().invoke(main, ["plays", str(path)])
    assert table.exit_code == 0 and table.exception is None, table.output
    as_json = CliRunner().invoke(main, ["plays", str(path), "--json"])
    assert as_json.exit_code == 0 and as_json.exception is None, as_json.output


@pytest.mark.parametrize("path", LINES, ids=[p.name for p in LINES])
def test_line_checks_as_named(path):
    out = CliRunner().invoke(main, ["check", str(path)])
    if path.name.startswith("illegal"):
        assert out.exit_code == 1 and "ILLEGAL" in out.output
    else:
        assert out.exit_code == 0 and "the line is legal" in out.output, out.output
