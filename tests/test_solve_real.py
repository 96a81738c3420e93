"""The real EDOPro puzzles (../shared/data/puzzles, AGPL: read as test input only, never copied).

Keeps the count of imported and solved puzzles: each loads or is refused with a reason; Duel Links 1_1..1_5 are solved; of
the Tutorials the issue names, those whose solution needs no card effect are solved, and the
others are known to need effects (the rules core models summoning and battle only)."""
from __future__ import annotations

import pytest

from oracle.errors import OracleError
from oracle.yugioh.lines import check_line
from oracle.yugioh.solve import as_line, load_puzzle, solve_puzzle

DUEL_LINKS = [f"Naim_DuelLinks_1_{n}.lua" for n in range(1, 6)]
# Tutorial_Fusion is solved with Miracle Fusion and Great Tornado's effect (tests/test_fx_puzzles.py).
TUTORIALS_SOLVED = ["Tutorial_Ritual_Basic.lua", "Tutorial_Synchro.lua", "Tutorial_Fusion.lua"]
# Need card effects: Decode Talker's ATK gain (Link_Basics), Odd-Eyes Pendulum Dragon's doubled
# damage (Pendulum); Xyz: Gravity Bind's continuous effect stops the Level 4 attackers our line
# uses, so its answer is not a solution.
TUTORIALS_NEED_EFFECTS = ["Tutorial_Link_Basics.lua", "Tutorial_Pendulum.lua"]


@pytest.fixture(scope="module")
def puzzles(shared_data):
    path = shared_data / "puzzles"
    if not path.is_dir():
        pytest.skip(f"{path} not present")
    return path


def test_every_real_puzzle_loads_or_is_refused(puzzles):
    """`oracle solve FILE.lua` either has a puzzle to solve or one line saying why not."""
    files = sorted(puzzles.rglob("*.lua"))
    loaded = 0
    for f in files:
        try:
            load_puzzle(f)
            loaded += 1
        except OracleError as exc:
            assert exc.source == str(f)
    print(f"\nreal puzzles ready to solve: {loaded}/{len(files)}")
    assert len(files) >= 239 and loaded >= 150


@pytest.mark.parametrize("name", DUEL_LINKS + TUTORIALS_SOLVED)
def test_real_puzzle_is_solved_and_the_answer_replays(puzzles, name):
    path = next(puzzles.rglob(name))
    puzzle = load_puzzle(path)
    out = solve_puzzle(puzzle, max_steps=6, timeout=20)
    assert out.solved, out.text()
    assert check_line(as_line(puzzle, out.lines[0])).legal


@pytest.mark.parametrize("name", TUTORIALS_NEED_EFFECTS)
def test_tutorials_that_need_card_effects_have_no_line(puzzles, name):
    out = solve_puzzle(load_puzzle(puzzles / "Tutorials" / name), max_steps=6, timeout=20)
    assert not out.solved and out.stopped is None


def test_solved_count(puzzles):
    solved = sum(solve_puzzle(load_puzzle(next(puzzles.rglob(n))), max_steps=6, timeout=20).solved
                 for n in DUEL_LINKS + TUTORIALS_SOLVED)
    print(f"\nreal puzzles solved: {solved} of the {len(DUEL_LINKS) + 6} the issue names "
          f"({len(TUTORIALS_NEED_EFFECTS) + 1} Tutorials need card effects)")
    assert solved == len(DUEL_LINKS + TUTORIALS_SOLVED)


def test_the_xyz_tutorial_respects_gravity_bind(puzzles):
    out = solve_puzzle(load_puzzle(puzzles / "Tutorials" / "Tutorial_Xyz.lua"), max_steps=6, timeout=20)
    # Gravity Bind is read (effects_statics.lark): it stops the Level 4 attackers, so the line that
    # summoning and battle alone found is refused; the answer needs the Gagaga cards' effects.
    assert "Gravity Bind" not in out.effects and not out.solved and "does not understand" in out.text()
