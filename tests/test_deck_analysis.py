"""oracle deck analyse: exact odds against a brute force, goals, runners, checkpoints, bad input."""
from __future__ import annotations

import base64
import itertools
import json
import math
import struct
import subprocess
import sys
from collections import Counter
from fractions import Fraction

import pytest
from click.testing import CliRunner

from conftest import ROOT
from oracle.cli import main
from oracle.yugioh.cards import Library
from oracle.yugioh.decklist import read_deck
from oracle.yugioh.deckreport import build, text
from oracle.yugioh.deckrun import analyse, prepare
from oracle.yugioh.hands import distinct_hands, sample_hands, wilson
from oracle.yugioh.position import parse_position
from oracle.yugioh.solve import Puzzle, solve_puzzle

# Stardust Dragon (Level 8) is reached by Normal Summoning Junk Synchron (a Level 3 Tuner) and
# Special Summoning The Tricky (Level 5) by discarding any card: it needs both in the hand.
SMALL = """# a small deck
2 Junk Synchron
The Tricky
Gene-Warped Warwolf
2 Raigeki
Effect Veiler
Stardust Dragon
Black Rose Dragon
"""


@pytest.fixture()
def small(tmp_path):
    path = tmp_path / "small.txt"
    path.write_text(SMALL)
    return str(path)


def _same(a: dict, b: dict) -> bool:
    drop = ("seconds", "runner")
    return {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}


def test_distinct_hands_weigh_every_draw():
    counts = [3, 2, 1, 1]
    hands = list(distinct_hands(counts, 3))
    assert sum(w for _, w in hands) == math.comb(7, 3)
    deck = [i for i, c in enumerate(counts) for _ in range(c)]
    brute = Counter(tuple(Counter(combo)[i] for i in range(4)) for combo in itertools.combinations(deck, 3))
    assert dict(hands) == dict(brute)
    assert len(sample_hands(counts, 3, 50, seed=1)) <= len(hands)
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and 0 < hi < 0.2
    lo, hi = wilson(10, 20)
    assert lo < 0.5 < hi


def test_exact_probability_matches_a_brute_force_over_ordered_hands(small):
    library = Library.load()
    setup = prepare(small, {"summon": "Stardust Dragon"}, max_steps=3)
    report = build(analyse(setup, workers=1, progress=False), lines=False)
    # Brute force: every ordered 5-card draw of the 7 cards, each decided by the ordinary puzzle
    # search on its own concrete position (no externals, no card classes).
    deck = read_deck(small, library)
    decided: dict[tuple, bool] = {}
    good = every = 0
    for draw in itertools.permutations(range(len(deck.main)), 5):
        key = tuple(sorted(deck.main[i].name for i in draw))
        if key not in decided:
            doc = setup.job.position_doc([deck.main[i].code for i in draw])
            puzzle = Puzzle(parse_position(doc, library=library), {"summon": "Stardust Dragon"})
            decided[key] = solve_puzzle(puzzle, max_steps=3, library=library).solved
        every += 1
        good += decided[key]
    assert every == math.perm(7, 5)
    assert 0 < good < every  # the goal depends on the hand
    assert report["exact"] == f"{Fraction(good, every).numerator}/{Fraction(good, every).denominator}"
    assert report["probability"] == pytest.approx(good / every)
    assert report["distinct_hands"] == len(decided)
    tricky = next(c for c in report["cards"] if c["name"] == "The Tricky")
    with_tricky = [k for k in decided if "The Tricky" in k]
    assert 0 < tricky["success_rate"] < 1 and with_tricky


def test_a_goal_every_hand_reaches_and_one_none_reaches(tmp_path):
    path = tmp_path / "beaters.txt"
    path.write_text("3 Gene-Warped Warwolf\n3 Battle Ox\n2 Raigeki\nLink Spider\n")
    every = build(analyse(prepare(str(path), "monsters:1", max_steps=1), workers=1, progress=False), lines=False)
    assert every["exact"] == "1/1" and every["failing_hands"] == []
    # Link Spider needs a Normal Monster on the field: one Normal Summon, then the Link Summon.
    two = build(analyse(prepare(str(path), "summon:Link Spider", max_steps=2), workers=1, progress=False))
    assert two["exact"] == "1/1"
    assert two["successful_hands"][0]["line"][-1].startswith('link_summon "Link Spider"')
    none = build(analyse(prepare(str(path), "link:3", max_steps=3), workers=1, progress=False), lines=False)
    assert none["exact"] == "0/1" and none["successful_hands"] == []
    assert all(c["success_rate"] == 0 for c in none["cards"])


def test_deck_goals_short_and_json_forms_agree(small):
    a = build(analyse(prepare(small, "synchro"), workers=1, progress=False), lines=False)
    b = build(analyse(prepare(small, '{"kind": "synchro"}'), workers=1, progress=False), lines=False)
    assert a["exact"] == b["exact"]
    # Stardust Dragon is the only Synchro a 5-card hand of this deck reaches in 3 actions.
    c = build(analyse(prepare(small, "summon:Stardust Dragon"), workers=1, progress=False), lines=False)
    assert a["exact"] == c["exact"]
    assert build(analyse(prepare(small, "extra:2"), workers=1, progress=False), lines=False)["exact"] == "0/1"


def test_sampled_hands_give_an_interval(small):
    report = build(analyse(prepare(small, "summon:Stardust Dragon"), hands=200, seed=3, workers=1,
                           progress=False), lines=False)
    assert "exact" not in report and report["draws"] == 200
    lo, hi = report["confidence_interval"]
    assert lo <= report["probability"] <= hi
    assert lo < 2 / 3 < hi


def test_local_processes_give_the_serial_answer(small):
    setup = prepare(small, "summon:Stardust Dragon")
    serial = build(analyse(setup, workers=1, progress=False))
    assert _same(serial, build(analyse(setup, workers=2, progress=False)))


def test_dask_local_cluster_gives_the_serial_answer(small):
    distributed = pytest.importorskip("dask.distributed")
    setup = prepare(small, "summon:Stardust Dragon")
    serial = build(analyse(setup, workers=1, progress=False))
    # Thread workers (processes=False): process workers take too long to start on this machine.
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        remote = build(analyse(setup, scheduler=cluster.scheduler_address, progress=False))
    assert remote["runner"].startswith("dask")
    assert _same(serial, remote)


def test_the_default_path_never_imports_dask(small):
    code = ("import sys; from oracle.cli import main\n"
            f"try:\n    main(['deck', 'analyse', {small!r}, '--goal', 'synchro', '--workers', '2', '--no-progress'])\n"
            "except SystemExit as e:\n    assert not e.code, e.code\n"
            "assert 'dask' not in sys.modules and 'distributed' not in sys.modules\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "probability: 66.67%" in done.stdout


def test_checkpoint_and_resume(small, tmp_path):
    setup = prepare(small, "summon:Stardust Dragon")
    book = tmp_path / "run.jsonl"
    full = build(analyse(setup, workers=1, progress=False, checkpoint=book), lines=False)
    lines = book.read_text().splitlines()
    assert json.loads(lines[0])["format"] == "oracle-deck-checkpoint/1"
    assert json.loads(lines[-1]) == {"complete": True}
    solved = len(lines) - 2
    # A killed run: the header, some hands, and a torn last line.
    book.write_text("\n".join(lines[:4]) + "\n" + lines[4][:9])
    again = build(analyse(setup, workers=1, progress=False, checkpoint=book), lines=False)
    assert _same(full, again)
    rows = [json.loads(x) for x in book.read_text().splitlines()]
    assert rows[-1] == {"complete": True} and len(rows) == solved + 2
    assert len({json.dumps(r.get("hand"), sort_keys=True) for r in rows[1:-1]}) == solved
    # The same file for another analysis is refused.
    other = prepare(small, "summon:Black Rose Dragon")
    with pytest.raises(Exception, match="another analysis"):
        analyse(other, workers=1, progress=False, checkpoint=book)


def test_a_stopped_run_is_partial(tmp_path):
    book = tmp_path / "part.jsonl"
    deck = str(ROOT / "facts/yugioh/decks/example.ydk")
    args = ["deck", "analyse", deck, "--goal", "summon:Black Rose Dragon", "--workers", "1",
            "--timeout", "0.0001", "--checkpoint", str(book), "--no-progress", "--top", "0"]
    result = CliRunner().invoke(main, [*args, "--json"])
    assert result.exit_code == 3
    report = json.loads(result.stdout)
    assert report["partial"] is True and "time limit" in report["stopped"]
    assert 0 < report["decided_hands"] < report["distinct_hands"]
    assert '"complete"' not in book.read_text()
    assert "partial:" in result.stderr
    text = CliRunner().invoke(main, args)
    assert text.exit_code == 3 and "(PARTIAL: stopped after the time limit" in text.stdout


def test_ydke_and_lists_read_the_same_deck(tmp_path):
    library = Library.load()
    ydk = read_deck(str(ROOT / "facts/yugioh/decks/example.ydk"), library)
    pack = lambda cards: base64.b64encode(b"".join(struct.pack("<I", c.code) for c in cards)).decode()
    url = f"ydke://{pack(ydk.main)}!{pack(ydk.extra)}!{pack(ydk.side)}!"
    again = read_deck(url, library)
    assert [c.code for c in again.main] == [c.code for c in ydk.main]
    assert [c.code for c in again.extra] == [c.code for c in ydk.extra]
    listed = tmp_path / "deck.txt"
    listed.write_text("".join(f"{n} {name}\n" for name, n in Counter(c.name for c in ydk.main + ydk.extra).items()))
    as_list = read_deck(str(listed), library)
    assert Counter(c.name for c in as_list.main) == Counter(c.name for c in ydk.main)
    assert Counter(c.name for c in as_list.extra) == Counter(c.name for c in ydk.extra)


@pytest.mark.parametrize("args, message", [
    (["missing.ydk"], "no such deck file"),
    (["BAD_YDK"], "is not a passcode"),
    (["UNKNOWN"], "no card is named 'Junk Synchronn'"),
    (["TINY"], "fewer than an opening hand of 5"),
    (["SMALL", "--goal", "summon"], "unknown goal"),
    (["SMALL", "--goal", '{"summon": "Stardust Dragn"}'], "no card is named"),
    (["FIVE", "--going", "second"], "fewer than an opening hand of 6"),
    (["SMALL", "--scheduler", "tcp://127.0.0.1:9"], "cannot reach the Dask scheduler"),
    (["SMALL", "--plot", "out.pdf"], "is a .png or .svg file"),
    (["ydke://AAA!!!"], "not base64"),
])
def test_bad_input_is_one_line_and_status_2(tmp_path, small, args, message):
    files = {"BAD_YDK": ("bad.ydk", "#main\nJunk Synchron\n"), "UNKNOWN": ("u.txt", "3 Junk Synchronn\n"),
             "TINY": ("tiny.txt", "2 Junk Synchron\nThe Tricky\n"),
             "FIVE": ("five.txt", "2 Junk Synchron\nThe Tricky\n2 Raigeki\n")}
    argv = []
    for a in args:
        if a in files:
            (tmp_path / files[a][0]).write_text(files[a][1])
            a = str(tmp_path / files[a][0])
        elif a == "SMALL":
            a = small
        elif a == "missing.ydk":
            a = str(tmp_path / a)
        argv.append(a)
    if "--goal" not in argv:
        argv += ["--goal", "synchro"]
    result = CliRunner().invoke(main, ["deck", "analyse", *argv, "--no-progress"])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]
    assert result.stdout == ""
    assert list(tmp_path.glob("out.*")) == []


def test_going_second_draws_six_and_may_attack(tmp_path):
    # Gene-Warped Warwolf (2000 ATK) deals 2000 by a direct attack; Battle Ox (1700) does not.
    # Going first there is no Battle Phase at all.
    path = tmp_path / "beaters.txt"
    path.write_text("2 Gene-Warped Warwolf\n3 Battle Ox\n3 Raigeki\n")
    second = build(analyse(prepare(str(path), "damage:2000", going="second", max_steps=2), workers=1,
                           progress=False))
    no_warwolf = math.comb(6, 6) / math.comb(8, 6)
    assert second["hand_size"] == 6 and second["exact"] == "27/28"
    assert second["probability"] == pytest.approx(1 - no_warwolf)
    assert second["failing_hands"][0]["hand"].count("Battle Ox") == 3
    assert second["successful_hands"][0]["line"][-1] == 'attack "Gene-Warped Warwolf" directly'
    first = build(analyse(prepare(str(path), "damage:2000", going="first", max_steps=2), workers=1,
                          progress=False), lines=False)
    assert first["exact"] == "0/1"


def test_plot_writes_a_png(small, tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "rates.png"
    result = CliRunner().invoke(main, ["deck", "analyse", small, "--goal", "synchro", "--workers", "1",
                                       "--plot", str(out), "--no-progress", "--top", "0"])
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("rates")] == ["rates.png"]


def test_ctrl_c_prints_the_partial_result(tmp_path):
    import signal
    import time

    book = tmp_path / "run.jsonl"
    deck = str(ROOT / "facts/yugioh/decks/junk-synchron.ydk")
    proc = subprocess.Popen([sys.executable, "-m", "oracle", "deck", "analyse", deck, "--goal", "summon:Black Rose Dragon",
                             "--workers", "2", "--checkpoint", str(book), "--json"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # Wait until some hands are written (no timing is asserted: the machine may be busy).
    for _ in range(600):
        if book.exists() and len(book.read_text().splitlines()) > 2 or proc.poll() is not None:
            break
        time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    if proc.returncode == 0:
        pytest.skip("the run finished before Ctrl-C")
    assert proc.returncode == 3, err
    report = json.loads(out)
    assert report["partial"] is True and "Ctrl-C" in report["stopped"]
    assert "Traceback" not in err
    assert '"complete"' not in book.read_text()


def test_deck_goals_in_puzzles():
    library = Library.load()
    doc = {"turn": {"first_turn": True},
           "players": [{"hand": ["Gene-Warped Warwolf", "Junk Synchron", "Raigeki"],
                        "extra_deck": ["Link Spider", "Knightmare Phoenix", "Stardust Dragon"]}, {}]}
    position = parse_position(doc, library=library)
    solved = lambda goal, k: solve_puzzle(Puzzle(position, goal), max_steps=k, library=library)  # noqa: E731
    link = solved({"link": 1}, 3)
    assert [len(line) for line in link.lines] == [2] and link.lines[0][-1].card == "Link Spider"
    assert not solved({"link": 2}, 3).solved          # one Normal Summon: never two monsters
    assert solved({"extra_monsters": 1}, 2).solved
    assert not solved({"extra_monsters": 2}, 3).solved
    assert solved({"kind": "link"}, 2).solved and not solved({"kind": "synchro"}, 3).solved


def test_hand_counts_and_sampled_tasks():
    from oracle.yugioh.deckrun import PER_SOLVE, _tasks, count_hands, hands_of

    assert count_hands([3, 2, 1, 1], 3) == len(list(distinct_hands([3, 2, 1, 1], 3)))
    assert count_hands([2, 2], 5) == 0
    setup = prepare(str(ROOT / "facts/yugioh/decks/junk-synchron.ydk"), "summon:Black Rose Dragon")
    every = sorted({setup.class_hand(h) for h in hands_of(setup, "all")[0]})
    assert {t[0] for t in _tasks(setup, every, exact=True)} == {"prefix"}
    # Drawn hands: every one is decided, and no task enumerates far more hands than it was given.
    sizes = [len(g) for g in setup.job.main]
    for draws in (20, 5000):
        left = sorted({setup.class_hand(h) for h in hands_of(setup, draws, seed=1)[0]})
        tasks = _tasks(setup, left, exact=False)
        covered: set = set()
        for kind, what in tasks:
            mine = what if kind == "hands" else [x for x in left if x[:len(what)] == what]
            covered |= set(mine)
            if kind == "prefix":
                assert count_hands(sizes[len(what):], setup.hand_size - sum(what)) <= PER_SOLVE * len(mine)
        assert covered == set(left)
    assert any(len(what) < len(sizes) for kind, what in tasks if kind == "prefix")  # 5000 draws share prefixes


def test_hand_patterns_group_hands_by_the_cards_their_line_names(small):
    setup = prepare(small, "summon:Stardust Dragon")
    report = build(analyse(setup, workers=1, progress=False), top=50)
    patterns = report["successful_patterns"]
    assert patterns and patterns == sorted(patterns, key=lambda e: (-e["probability"], e["cards"]))
    for e in patterns:
        # Stardust Dragon needs Junk Synchron (Normal Summoned) and The Tricky (Special Summoned
        # by discarding a card): the line names both, and the card discarded.
        assert {"Junk Synchron", "The Tricky"} <= set(e["cards"]) and len(e["cards"]) == 3
        assert all(e["example"].count(n) >= e["cards"].count(n) for n in e["cards"])
        assert e["line"][-1].startswith('synchro_summon "Stardust Dragon"')
        assert 0 < e["probability"] <= report["probability"] + 1e-12
    # Every successful hand holds some pattern, and the failing patterns split the failing hands.
    held = {tuple(sorted(h["hand"])) for h in report["successful_hands"]}
    assert all(any(all(h.count(n) >= e["cards"].count(n) for n in e["cards"]) for e in patterns) for h in held)
    failing = report["failing_patterns"]
    assert sum(e["probability"] for e in failing) == pytest.approx(1 - report["probability"])
    assert all(set(e["holds"]) <= {n for p in patterns for n in p["cards"]} for e in failing)
    assert "most common successful patterns" in text(report)


def test_going_both_compares_first_and_second_and_plots_them(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "beaters.txt"
    path.write_text("2 Gene-Warped Warwolf\n3 Battle Ox\n3 Raigeki\n")
    out = tmp_path / "sides.svg"
    result = CliRunner().invoke(main, ["deck", "analyse", str(path), "--goal", "damage:2000", "--max-steps", "2",
                                       "--going", "both", "--json", "--workers", "1", "--no-progress", "--top", "1",
                                       "--plot", str(out)])
    assert result.exit_code == 0, result.output
    both = json.loads(result.output)
    assert (both["first"]["hand_size"], both["first"]["exact"]) == (5, "0/1")  # no Battle Phase going first
    assert (both["second"]["hand_size"], both["second"]["exact"]) == (6, "27/28")
    assert out.read_text().lstrip().startswith("<?xml") and "second" in out.read_text()
    bad = CliRunner().invoke(main, ["deck", "analyse", str(path), "--goal", "synchro", "--going", "both",
                                    "--checkpoint", str(tmp_path / "c.jsonl")])
    assert bad.exit_code == 2 and "checkpoint" in bad.output and not (tmp_path / "c.jsonl").exists()


def test_a_prepared_program_answers_every_hand_as_the_enumeration_does(small):
    from oracle.yugioh.analysis import HandSolver, prepare_program

    setup = prepare(small, "summon:Stardust Dragon")
    solver = HandSolver(prepare_program(setup.job))
    every = sorted({setup.class_hand(h) for h, _ in distinct_hands(setup.copies, setup.hand_size)})
    good = solver.successes(())
    assert 0 < len(good) < len(every)
    assert [solver.reaches(h) for h in every] == [h in good for h in every]
