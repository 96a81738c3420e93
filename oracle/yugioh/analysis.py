"""Deck analysis, the solving side: which opening hands reach a goal, one ground program per deck.

Every hand of a deck is the same position but for which cards start in the hand.  So the rules
are grounded once per deck (per worker) for the position "whole Main Deck in the Deck, Extra
Deck from the deck list", with the hand left open: a choice of ``hand(I)`` atoms over the card
instances that can start in the hand, of the hand's size; ``init(in(I,hand))`` when chosen,
``init(in(I,deck))`` when not.  Hands are then solves, never groundings, on the same control
(multi-shot, keeping what the solver learned about the deck):

- one hand: the hand atoms are fixed by assumptions, and the solve says yes or no;
- many hands (exact runs, and samples that hold many hands of a prefix): the copies of the first few classes are fixed by assumptions (a
  *prefix*), and clingo enumerates the models projected onto the hand atoms: exactly the hands of
  that prefix that reach the goal, each once.  The search learns why hands fail ("no Tuner in
  the hand") and prunes whole families of hands at once, which is far cheaper than one solve per
  hand.  Every other hand of the prefix does not reach the goal.

Copies of a card are interchangeable, and so are distinct cards that no rule tells apart (the
same facts but for the passcode, and no other card's facts name them: two Spells that nothing
reads but "discard 1 card", say).  Such cards form one *class*; a hand is solved as copies per
class, and a hand with k cards of a class puts the *first* k instances of the class in the hand
(the k-th instance only with the (k-1)-th: one set of atoms per hand of classes).  Only the first
min(copies, hand size) instances of each class may start in the hand; the other copies are
plain Deck facts.

The bound "within K actions": goals.lp asks the goal to hold at the last step of a line and
at no step before, and every step is an action.  Going first (no Battle Phase) one control
answers "within K": it is ground for K steps, a step may be a ``pass`` once the goal is met, and
the goal must hold after step K (a line that meets it sooner passes for the rest).  Going
second a pass would not be legal after an attack (no summon after the Battle Phase), so there is
one control per horizon k = 0..K instead, as in clingo's incremental scheme
(oracle/incremental.py), and a hand reaches the goal when it is a model of one of them.  The lines
themselves are found afterwards, for the few hands reported, by the ordinary puzzle search on
the concrete position (oracle/yugioh/solve.py).
"""
from __future__ import annotations

import hashlib
import json
import threading
from contextlib import contextmanager
from dataclasses import dataclass

import clingo

from oracle.resources import encoding
from oracle.solver import make_control
from oracle.yugioh.cards import Card, Library
from oracle.yugioh.facts import position_facts
from oracle.yugioh.hands import Hand, distinct_hands
from oracle.yugioh.lines import step_parts
from oracle.yugioh.position import Position, parse_position
from oracle.yugioh.solve import Puzzle, goal_facts

HAND_SIZE = {"first": 5, "second": 6}
# The hand: any set of the instances that may start there, of the hand's size, the copies of a
# class taken in order; the solver enumerates models projected onto it.
HAND = """
{ hand(I) : handable(I) }.
:- hand(B), after(B,A), not hand(A).
:- not SIZE = #count{ I : hand(I) }.
init(in(I,hand)) :- hand(I).
init(in(I,deck)) :- handable(I), not hand(I).
#project hand/1.
"""
# Going first: a step may pass once the goal is met; the goal must hold after the last step.
WITHIN = """
#program step(t).
acand(t,pass,none) :- met(t-1).
#program within(k).
:- not met(k).
"""


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to solve hands of one deck: small and picklable."""

    main: tuple[tuple[int, ...], ...]   # the passcodes of the Main Deck, one tuple per class
    extra: tuple[int, ...]       # passcodes of the Extra Deck
    goal: str                    # the goal as canonical JSON
    going: str = "first"
    max_steps: int = 3

    @property
    def hand_size(self) -> int:
        return HAND_SIZE[self.going]

    def key(self) -> str:
        """A fingerprint of the job: a checkpoint belongs to exactly one job."""
        text = json.dumps([self.main, self.extra, json.loads(self.goal), self.going, self.max_steps])
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def position_doc(self, hand: list[int] | None = None) -> dict:
        """The position of a hand: ``hand`` (passcodes) in the hand, the rest of the Main Deck in
        the Deck (order unknown: nothing reads it), the Extra Deck; turn player 0 in Main Phase 1
        of their first turn (going first: the first turn of the Duel, no Battle Phase)."""
        deck = [code for group in self.main for code in group]
        for code in hand or []:
            deck.remove(code)
        return {"turn": {"player": 0, "phase": "main1", "first_turn": self.going == "first"},
                "players": [{"hand": list(hand or []), "deck": deck, "extra_deck": list(self.extra)}, {}]}


def card_groups(cards: list[Card]) -> list[tuple[Card, int]]:
    """The distinct cards of a Main Deck with their copies, in the order hands are written."""
    order: dict[str, list[Card]] = {}
    for card in cards:
        order.setdefault(card.name, []).append(card)
    return [(copies[0], len(copies)) for copies in order.values()]


def card_classes(groups: list[tuple[Card, int]], extra: list[Card], library: Library) -> list[int]:
    """For each distinct card, the index of its class: cards whose facts are the same but for
    their passcode, and whose passcode no other fact mentions, are one class."""
    cards = [card for card, _ in groups]
    doc = {"players": [{"deck": [c.code for c in cards], "extra_deck": [c.code for c in extra]}, {}]}
    position = parse_position(doc, source="<deck>", library=library)
    codes = {c.code for c in cards}
    own: dict[int, list[str]] = {c: [] for c in codes}
    named: set[int] = set()
    for f in position_facts(position, library, whole_deck=True).facts:
        if f.name in ("inst", "owner", "init"):
            continue  # the instance facts: every card has the same
        first = f.arguments[0] if f.arguments else None
        mentions = _numbers(f)
        if first is not None and first.type == clingo.SymbolType.Number and first.number in codes:
            c = first.number
            own[c].append(str(f).replace(str(c), "C"))
            mentions.discard(c)
        named |= mentions & codes
    signature: dict[int, tuple] = {}
    out = []
    for card in cards:
        key = ("card", card.code) if card.code in named else tuple(sorted(own[card.code]))
        out.append(signature.setdefault(key, len(signature)))
    return out


def _numbers(symbol: clingo.Symbol) -> set[int]:
    if symbol.type == clingo.SymbolType.Number:
        return {symbol.number}
    if symbol.type == clingo.SymbolType.Function:
        return set().union(*(_numbers(a) for a in symbol.arguments)) if symbol.arguments else set()
    return set()


@dataclass(frozen=True)
class Prepared:
    """A deck's rules program with the hand left open, as text: made once where the analysis
    starts and handed to every worker, so that a worker grounds it without reading the card
    library or any card text (a Dask worker gets it once, scattered)."""

    job: Job
    program: str
    instances: tuple[tuple[int, ...], ...]   # per class, the instances that may start in the hand


def prepare_program(job: Job, library: Library | None = None) -> Prepared:
    library = library or Library.load()
    position = parse_position(job.position_doc(), source="<deck>", library=library)
    # Instances of each class, in Deck order; the first min(copies, hand size) may start in
    # the hand, and the k-th only with the (k-1)-th: one hand of classes, one set of atoms.
    deck_ids = iter(slot.iid for slot in position.slots if slot.location == "deck")
    instances = tuple(tuple([next(deck_ids) for _ in group][:job.hand_size]) for group in job.main)
    handable = {i for ids in instances for i in ids}
    facts = [f for f in position_facts(position, library, whole_deck=True).facts
             if not (f.name == "init" and _deck_instance(f) in handable)]
    program = "".join(f"{s}.\n" for s in facts)
    program += "".join(f"handable({i}).\n" for i in sorted(handable))
    program += "".join(f"after({b},{a}).\n" for ids in instances for a, b in zip(ids, ids[1:]))
    program += HAND.replace("SIZE", str(job.hand_size))
    program += goal_facts(Puzzle(position, json.loads(job.goal), "<goal>"), library)
    return Prepared(job, program, instances)


class HandSolver:
    """The deck's rules, ground once with the hand as a choice; a group of hands is one solve."""

    def __init__(self, job: Job | Prepared, library: Library | None = None):
        prepared = job if isinstance(job, Prepared) else prepare_program(job, library)
        job = self.job = prepared.job
        self.instances = prepared.instances
        self.controls = []
        horizons = [job.max_steps] if job.going == "first" else range(job.max_steps + 1)
        for k in horizons:
            parts: list[tuple[str, list]] = [("base", []), ("check", [clingo.Number(0)])]
            for t in range(1, k + 1):
                parts += step_parts(t)
            if job.going == "first":
                ctl = make_control(encoding("yugioh"), prepared.program + WITHIN,
                                   parts=parts + [("within", [clingo.Number(k)])], relevant_only=True)
            else:
                ctl = make_control(encoding("yugioh"), prepared.program, parts=parts, relevant_only=True)
                ctl.assign_external(clingo.Function("query", [clingo.Number(k)]), True)
            ctl.configuration.solve.models = "0"
            ctl.configuration.solve.project = "project"
            self.controls.append(ctl)
        self.literals = [[[ctl.symbolic_atoms[clingo.Function("hand", [clingo.Number(i)])].literal for i in ids]
                          for ids in self.instances] for ctl in self.controls]

    @staticmethod
    def _assumptions(literals: list[list[int]], prefix: Hand) -> list[int]:
        return [lit if j < k else -lit for lits, k in zip(literals, prefix) for j, lit in enumerate(lits)]

    def successes(self, prefix: Hand) -> set[Hand]:
        """Every hand whose first classes hold ``prefix`` (copies per class) that reaches the
        goal: the models of the rules projected onto the hand, one per hand."""
        found: set[Hand] = set()
        for ctl, literals in zip(self.controls, self.literals):
            with ctl.solve(assumptions=self._assumptions(literals, prefix), yield_=True) as models:
                for model in models:
                    found.add(tuple(sum(model.is_true(lit) for lit in lits) for lits in literals))
        return found

    def reaches(self, hand: Hand) -> bool:
        """Whether a line of at most max_steps actions leads from ``hand`` to the goal: the
        first model answers (the hand is fixed whole, so there is no other hand to enumerate)."""
        for ctl, literals in zip(self.controls, self.literals):
            with ctl.solve(assumptions=self._assumptions(literals, hand), yield_=True) as models:
                if next(iter(models), None) is not None:
                    return True
        return False


def _deck_instance(symbol: clingo.Symbol) -> int | None:
    """I for a fact init(in(I,deck)), else None."""
    (fluent,) = symbol.arguments
    if fluent.name == "in" and fluent.arguments[1].name == "deck":
        return fluent.arguments[0].number
    return None


# Ground decks kept in this process, by job: each task borrows an idle one and gives it back.
# Not thread-local, since a Dask worker may run each task on a new thread; a clingo control is
# not shared between threads, so two tasks at once use two controls.  _PREPARED holds the
# program a worker was handed (``use``); without it a worker prepares the program itself.
_IDLE: dict[Job, list[HandSolver]] = {}
_PREPARED: dict[Job, Prepared] = {}
_LOCK = threading.Lock()


def use(prepared: Prepared) -> None:
    """Let this process ground ``prepared`` for its job instead of preparing the program again."""
    with _LOCK:
        if prepared.job not in _PREPARED:
            _PREPARED.clear()  # another deck: its program is not needed again
            _PREPARED[prepared.job] = prepared


@contextmanager
def _solver(job: Job):
    with _LOCK:
        for other in [j for j in _IDLE if j != job]:
            del _IDLE[other]  # another deck: its groundings are not needed again
        idle = _IDLE.setdefault(job, [])
        solver = idle.pop() if idle else None
        prepared = _PREPARED.get(job)
    solver = solver or HandSolver(prepared or job)
    try:
        yield solver
    finally:
        with _LOCK:
            _IDLE.setdefault(job, []).append(solver)


def solve_hands(job: Job, hands: list[Hand]) -> list[tuple[Hand, bool]]:
    """Whether each hand reaches the goal: one solve per hand (sampled runs)."""
    with _solver(job) as solver:
        return [(hand, solver.reaches(hand)) for hand in hands]


def solve_prefix(job: Job, prefix: Hand) -> list[tuple[Hand, bool]]:
    """Whether each hand whose first classes hold ``prefix`` reaches the goal: one solve for
    all of them (exact runs split the hands by prefix)."""
    with _solver(job) as solver:
        good = solver.successes(prefix)
    sizes = [len(group) for group in job.main[len(prefix):]]
    rest = distinct_hands(sizes, job.hand_size - sum(prefix))
    return [(hand, hand in good) for hand in (prefix + tail for tail, _ in rest)]
