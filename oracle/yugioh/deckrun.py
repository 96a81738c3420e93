"""Deck analysis, the running side: the hands to solve, where they are solved, checkpoints.

The hands go out in chunks to one of three runners, which all call ``analysis.solve_hands``:
in this process (one worker), local worker processes (one per core by default), or a Dask
cluster (``--scheduler``; Dask is imported only there).  Results come back in any order and are
added up the same way, so every runner gives the same answer.  A progress bar (tqdm, stderr)
counts the distinct hands solved.  Ctrl-C or ``timeout`` stops the run and what was solved is
reported as partial; with a checkpoint file each result is appended as it comes, and a rerun
with the same file solves only what is missing.
"""
from __future__ import annotations

import json
import math
import multiprocessing
import os
import signal
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Callable

from oracle.errors import OracleError
from oracle.safe_write import target_of
from oracle.yugioh import analysis
from oracle.yugioh.analysis import HAND_SIZE, Job, Prepared, card_classes, card_groups, solve_hands, solve_prefix
from oracle.yugioh.cards import Library
from oracle.yugioh.decklist import read_deck
from oracle.yugioh.hands import Hand, distinct_hands, sample_hands
from oracle.yugioh.solve import SUMMON_KINDS, Puzzle, goal_facts

CHECKPOINT_FORMAT = "oracle-deck-checkpoint/1"
CHUNK = 32          # sampled hands per unit of work: big enough to amortise a task, small for the bar
PREFIXES = 48       # units of work of an exact run, at least (when the deck has that many prefixes)
# A prefix enumerated costs about as much as this many single-hand solves per hand it holds
# (benchmarks/decks.py: a few ms per hand in a prefix, tens of ms per hand solved alone).
PER_SOLVE = 25
INT_GOALS = {"monsters": "monsters", "damage": "damage", "link": "link", "extra": "extra_monsters",
             "extra_monsters": "extra_monsters"}


def parse_goal(text: str, library: Library) -> dict:
    """A goal as JSON (the goals of puzzles, docs/decks.md) or in a short form:
    ``summon:NAME``, ``board:NAME,NAME``, ``monsters:N``, ``damage:N``, ``win``, ``link:R``
    (a Link-R or higher), ``extra:K`` (K Extra Deck monsters), ``synchro`` / ``xyz`` / ...
    (any monster of that kind)."""
    text = text.strip()
    if text.startswith("{"):
        try:
            goal = json.loads(text)
        except ValueError as e:
            raise OracleError(f"the goal is not valid JSON ({e})", field="--goal") from None
    else:
        key, sep, value = (part.strip() for part in text.partition(":"))
        key = key.lower()
        if key in SUMMON_KINDS and not sep:
            goal = {"kind": key}
        elif key == "win" and not sep:
            goal = {"win": True}
        elif key == "summon" and value:
            goal = {"summon": value}
        elif key == "board" and value:
            goal = {"board": [v.strip() for v in value.split(",")]}
        elif key in INT_GOALS and value.isdigit():
            goal = {INT_GOALS[key]: int(value)}
        else:
            raise OracleError(f"unknown goal {text!r}; write JSON or one of summon:NAME, board:NAME,NAME, "
                              "monsters:N, damage:N, win, link:R, extra:K, synchro, xyz, fusion, link, ritual",
                              field="--goal")
    goal_facts(Puzzle(None, goal, "--goal"), library)  # the same checks (and card names) as puzzles
    return goal


@dataclass
class Setup:
    """A deck ready to analyse: its distinct cards, their classes, and the job for the workers."""

    source: str
    names: list[str]            # distinct Main Deck cards
    copies: list[int]
    classes: list[int]          # the class of each name (analysis.card_classes)
    extra: list[str]
    goal: dict
    job: Job

    @property
    def hand_size(self) -> int:
        return self.job.hand_size

    def class_hand(self, hand: Hand) -> Hand:
        out = [0] * len(self.job.main)
        for n, k in zip(self.classes, hand):
            out[n] += k
        return tuple(out)

    def class_names(self) -> list[str]:
        """One name per class (its first card), for checkpoints."""
        first: dict[int, str] = {}
        for name, n in zip(self.names, self.classes):
            first.setdefault(n, name)
        return [first[n] for n in range(len(self.job.main))]


def prepare(deck: str, goal: str | dict, *, going: str = "first", max_steps: int = 3,
            library: Library | None = None) -> Setup:
    library = library or Library.load()
    cards = read_deck(deck, library)
    size = HAND_SIZE[going]
    if len(cards.main) < size:
        raise OracleError(f"the Main Deck has {len(cards.main)} cards, fewer than an opening hand of {size}",
                          source=deck)
    goal = parse_goal(goal, library) if isinstance(goal, str) else goal
    if not isinstance(goal, dict):
        raise OracleError("a goal is a JSON object", field="--goal")
    goal_facts(Puzzle(None, goal, "--goal"), library)
    groups = card_groups(cards.main)
    classes = card_classes(groups, cards.extra, library)
    members: list[list[int]] = [[] for _ in range(max(classes) + 1)]
    for (card, copies), n in zip(groups, classes):
        members[n] += [card.code] * copies
    job = Job(tuple(tuple(m) for m in members), tuple(c.code for c in cards.extra),
              json.dumps(goal, sort_keys=True), going, max_steps)
    return Setup(deck, [c.name for c, _ in groups], [n for _, n in groups], classes,
                 [c.name for c in cards.extra], goal, job)


@dataclass
class Run:
    """What a run found: the weight of every hand, and for each hand decided whether it reaches the goal."""

    setup: Setup
    sampled: int | None                    # draws, or None for every hand
    seed: int
    weights: dict[Hand, int]               # every hand to decide -> its ways (or times drawn)
    reached: dict[Hand, bool] = field(default_factory=dict)   # class hand -> reaches the goal
    stopped: str | None = None
    seconds: float = 0.0
    runner: str = ""

    @property
    def partial(self) -> bool:
        return self.stopped is not None

    def decided(self) -> list[tuple[Hand, int, bool]]:
        out = []
        for hand, weight in self.weights.items():
            c = self.setup.class_hand(hand)
            if c in self.reached:
                out.append((hand, weight, self.reached[c]))
        return out


def hands_of(setup: Setup, hands: str | int | dict, seed: int = 0) -> tuple[dict[Hand, int], int | None]:
    """The hands to decide with their weights, and the number of draws (None: every hand).
    ``hands`` is "all", a number of draws, or the hands themselves (a dict hand -> ways)."""
    if isinstance(hands, dict):
        return dict(hands), None
    if hands == "all":
        return dict(distinct_hands(setup.copies, setup.hand_size)), None
    draws = int(hands)
    return dict(sample_hands(setup.copies, setup.hand_size, draws, seed)), draws


def analyse(setup: Setup, *, hands: str | int = "all", seed: int = 0, workers: int | None = None,
            scheduler: str | None = None, checkpoint: str | Path | None = None, progress: bool = True,
            timeout: float | None = None) -> Run:
    """Solve every hand (or ``hands`` drawn ones) of ``setup``; stops cleanly on Ctrl-C or timeout."""
    weights, draws = hands_of(setup, hands, seed)
    run = Run(setup, draws, seed, weights)
    todo = sorted({setup.class_hand(h) for h in weights})
    book = Checkpoint(Path(checkpoint), setup, draws, seed) if checkpoint else None
    wanted = set(todo)
    if book:
        run.reached.update((h, k) for h, k in book.load().items() if h in wanted)
    left = [h for h in todo if h not in run.reached]
    workers = workers or os.cpu_count() or 1
    run.runner = f"dask {scheduler}" if scheduler else f"{workers} local worker{'s' if workers > 1 else ''}"
    started = time.perf_counter()
    bar = _bar(len(todo), len(todo) - len(left), progress)

    def take(results: list[tuple[Hand, bool]]) -> None:
        new = [(hand, ok) for hand, ok in results if hand not in run.reached and hand in wanted]
        run.reached.update(new)
        if book:
            book.append(new)
        bar.update(len(new))
        if timeout is not None and time.perf_counter() - started > timeout:
            raise _Stop(f"stopped after the time limit of {timeout:g} s")

    tasks = _tasks(setup, left, exact=draws is None)
    client = None
    try:
        if scheduler:
            client = _dask_client(scheduler)
        if tasks:
            # The program is prepared once, here, and handed to every worker (docs/decks.md).
            prepared = analysis.prepare_program(setup.job)
            if client is not None:
                _dask(prepared, tasks, client, take)
            elif workers == 1:
                analysis.use(prepared)
                for task in tasks:
                    take(solve_task(setup.job, task))
            else:
                _processes(prepared, tasks, workers, take)
    except KeyboardInterrupt:
        run.stopped = "interrupted (Ctrl-C)"
    except _Stop as stop:
        run.stopped = str(stop)
    finally:
        bar.close()
        if client is not None:
            client.close()
    if run.stopped is None and len(run.reached) < len(todo):
        run.stopped = f"only {len(run.reached)} of {len(todo)} hands were solved"
    if book:
        book.close(complete=run.stopped is None)
    run.seconds = time.perf_counter() - started
    return run


def _tasks(setup: Setup, left: list[Hand], *, exact: bool) -> list[tuple[str, object]]:
    """Units of work.  The hands left are split by prefix (the copies of the first few classes),
    into enough prefixes to share out and to show progress.  An exact run solves each prefix
    whole, one enumeration for all its hands.  A sample does too where it holds many hands of the
    prefix, and otherwise solves its hands one by one (a solve each)."""
    depth = 0
    while depth < len(setup.job.main) and len({h[:depth] for h in left}) < PREFIXES:
        depth += 1
    groups: dict[Hand, list[Hand]] = {}
    for hand in left:
        groups.setdefault(hand[:depth], []).append(hand)
    sizes = [len(g) for g in setup.job.main]
    every = {p: count_hands(sizes[depth:], setup.hand_size - sum(p)) for p in groups}
    tasks: list[tuple[str, object]] = []
    for p in sorted(groups, key=lambda p: (-every[p], p)):
        # A prefix with only some of its hands left is solved whole all the same: the same answer.
        if exact or every[p] <= PER_SOLVE * len(groups[p]):
            tasks.append(("prefix", p))
        else:
            tasks += [("hands", groups[p][i:i + CHUNK]) for i in range(0, len(groups[p]), CHUNK)]
    return tasks


def count_hands(sizes: list[int], n: int) -> int:
    """How many distinct hands of ``n`` cards classes of these sizes make."""
    ways = [1] + [0] * n          # ways[m]: hands of m cards from the classes so far
    for size in sizes:
        ways = [sum(ways[m - k] for k in range(min(size, m) + 1)) for m in range(n + 1)]
    return ways[n] if n >= 0 else 0


def solve_task(job: Job, task: tuple[str, object]) -> list[tuple[Hand, bool]]:
    kind, what = task
    return solve_prefix(job, what) if kind == "prefix" else solve_hands(job, what)


class _Stop(Exception):
    pass


def _bar(total: int, done: int, enabled: bool):
    from tqdm import tqdm

    return tqdm(total=total, initial=done, unit="hand", file=sys.stderr, disable=not enabled,
                desc="hands", smoothing=0.1, mininterval=0.5)


def _worker(prepared: Prepared) -> None:
    # Ctrl-C is the parent's: it stops the pool and reports what was solved.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    analysis.use(prepared)


def _processes(prepared: Prepared, tasks: list, workers: int, take: Callable) -> None:
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with multiprocessing.get_context(method).Pool(workers, initializer=_worker, initargs=(prepared,)) as pool:
        for results in pool.imap_unordered(partial(solve_task, prepared.job), tasks):
            take(results)


def _dask_client(address: str):
    try:
        from dask.distributed import Client
    except ImportError:
        raise OracleError("--scheduler needs Dask: pip install -e '.[dask]'", field="--scheduler") from None
    try:
        return Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError, TypeError) as e:
        raise OracleError(f"cannot reach the Dask scheduler at {address!r} ({str(e).splitlines()[0] if str(e) else type(e).__name__})",
                          field="--scheduler") from None


def solve_prepared_task(prepared: Prepared, task: tuple[str, object]) -> list[tuple[Hand, bool]]:
    """A Dask task: ``prepared`` is the program scattered to every worker once."""
    analysis.use(prepared)
    return solve_task(prepared.job, task)


def _dask(prepared: Prepared, tasks: list, client, take: Callable) -> None:
    from dask.distributed import as_completed

    futures = []
    try:
        shared = client.scatter(prepared, broadcast=True)   # once per worker, not once per task
        futures = client.map(solve_prepared_task, [shared] * len(tasks), tasks, pure=False)
        for future in as_completed(futures):
            take(future.result())
    finally:
        client.cancel(futures)


class Checkpoint:
    """An append-only JSON-lines file: a header naming the job, one line per solved hand, and
    a last line ``{"complete": true}``.  Each line is written whole and flushed, so a killed run
    leaves at worst one torn last line, which reading skips and writing cuts off."""

    def __init__(self, path: Path, setup: Setup, draws: int | None, seed: int):
        # appended to line by line, so it is written in place, but only ever a regular file: a
        # device, a pipe or a folder is refused, a symbolic link to a file followed (safe_write)
        self.path = target_of(path)
        self.setup = setup
        self.header = {"format": CHECKPOINT_FORMAT, "job": setup.job.key(), "deck": setup.source,
                       "goal": setup.goal, "going": setup.job.going, "max_steps": setup.job.max_steps,
                       "hands": "all" if draws is None else draws, "seed": seed}
        self.names = setup.class_names()
        self.complete = False
        self._file = None

    def load(self) -> dict[Hand, bool]:
        """The hands already solved (none for a new file); the file is then ready to append to."""
        out: dict[Hand, bool] = {}
        data = ""
        if self.path.exists():
            try:
                data = self.path.read_bytes().decode("utf-8")
            except (OSError, UnicodeDecodeError) as e:
                raise OracleError(f"cannot read the checkpoint ({e})", source=str(self.path)) from None
        if "\n" not in data:  # a new file, or a run killed before its header was whole
            self._open("w")
            self._write(self.header)
            return out
        lines = data.split("\n")
        torn = lines[-1]  # after the last newline: empty, or a line a killed run did not finish
        try:
            header = json.loads(lines[0])
        except ValueError:
            raise OracleError("not a deck-analysis checkpoint (its first line is not JSON)", source=str(self.path)) from None
        if not isinstance(header, dict) or header.get("format") != CHECKPOINT_FORMAT:
            raise OracleError("not a deck-analysis checkpoint", source=str(self.path))
        # The same cards, goal, going, bound and hands make the same analysis, wherever the deck file is.
        diff = [k for k in ("job", "goal", "going", "max_steps", "hands", "seed") if header.get(k) != self.header[k]]
        if diff:
            raise OracleError(f"the checkpoint is of another analysis (its {', '.join(diff)} differ); "
                              "use another file", source=str(self.path))
        index = {name: n for n, name in enumerate(self.names)}
        for number, line in enumerate(lines[1:-1], 2):
            try:
                row = json.loads(line) if line.strip() else {}
            except ValueError:
                raise OracleError(f"line {number} is not JSON", source=str(self.path)) from None
            self.complete = self.complete or row.get("complete") is True
            if "hand" not in row:
                continue
            hand = [0] * len(self.names)
            for name, k in row["hand"].items():
                if name not in index:
                    raise OracleError(f"line {number}: {name!r} is not a card class of this deck", source=str(self.path))
                hand[index[name]] = k
            out[tuple(hand)] = row["reached"] is True
        self._open("r+")
        self._file.seek(len(data.encode("utf-8")) - len(torn.encode("utf-8")))
        self._file.truncate()
        return out

    def _open(self, mode: str) -> None:
        try:
            self._file = open(self.path, mode, encoding="utf-8")
        except OSError as e:
            raise OracleError(f"cannot write the checkpoint ({e})", source=str(self.path)) from None

    def _write(self, row: dict) -> None:
        self._file.write(json.dumps(row, ensure_ascii=False) + "\n")
        self._file.flush()

    def append(self, results: list[tuple[Hand, bool]]) -> None:
        lines = "".join(json.dumps({"hand": {self.names[n]: k for n, k in enumerate(hand) if k}, "reached": ok},
                                   ensure_ascii=False) + "\n" for hand, ok in results)
        self._file.write(lines)
        self._file.flush()

    def close(self, *, complete: bool) -> None:
        if complete and not self.complete:
            self._write({"complete": True})
        self._file.close()


def probability(run: Run) -> tuple[int, int]:
    """(weight of the decided hands that reach the goal, weight of the decided hands)."""
    good = sum(w for _, w, ok in run.decided() if ok)
    return good, sum(w for _, w, _ in run.decided())


def total(run: Run) -> int:
    return run.sampled if run.sampled is not None else math.comb(sum(run.setup.copies), run.setup.hand_size)


def hand_names(setup: Setup, hand: Hand) -> list[str]:
    return [name for name, k in zip(setup.names, hand) for _ in range(k)]


def per_card(run: Run) -> list[dict]:
    held: Counter = Counter()
    good: Counter = Counter()
    for hand, w, ok in run.decided():
        for n, c in enumerate(hand):
            if c:
                held[n] += w
                if ok:
                    good[n] += w
    return [{"name": name, "copies": copies, "weight": held[n], "success": good[n]}
            for n, (name, copies) in enumerate(zip(run.setup.names, run.setup.copies))]
