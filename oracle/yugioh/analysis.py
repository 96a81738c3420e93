"""Deck analysis, the solving side: which opening hands reach a goal, one ground program per deck.

Every hand of a deck is the same position but for which cards start in the hand.  So the rules
are grounded once per deck (per worker) for the position "whole Main Deck in the Deck, Extra
Deck from the deck list", with one clingo external ``hand(I)`` per card instance that can start
in the hand: ``init(in(I,hand))`` when it is true, ``init(in(I,deck))`` when it is false.  A hand
then costs solves, not a grounding: its externals are assigned and the ground program is solved
again (multi-shot), keeping what the solver learned about the deck.

Copies of a card are interchangeable, and so are distinct cards that no rule tells apart (the
same facts but for the passcode, and no other card's facts name them: two Spells that nothing
reads but "discard 1 card", say).  Such cards form one *class*; a hand is solved as copies per
class, and a hand with k cards of a class puts the *first* k instances of the class in the hand.
Only the first min(copies, hand size) instances of each class get an external; the other copies
are plain Deck facts.

The bound "within K actions" is clingo's incremental scheme of oracle/incremental.py with one
control per horizon k = 0..K (goals.lp asks the goal to hold at the last step and not before,
and every step is an action, so a k-step control answers "a line of exactly k steps"): a hand
reaches the goal within K actions when one of them is satisfiable, and the first such k is the
length of its shortest line.  The lines themselves are found afterwards, for the few hands
reported, by the ordinary puzzle search on the concrete position (oracle/yugioh/solve.py).
"""
from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass

import clingo

from oracle.resources import encoding
from oracle.solver import make_control
from oracle.yugioh.cards import Card, Library
from oracle.yugioh.facts import position_facts
from oracle.yugioh.hands import Hand
from oracle.yugioh.lines import step_parts
from oracle.yugioh.position import Position, parse_position
from oracle.yugioh.solve import Puzzle, goal_facts

HAND_SIZE = {"first": 5, "second": 6}


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
    for f in position_facts(position, library).facts:
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


class HandSolver:
    """The deck's rules, ground once; ``shortest(hand)`` is a few solves."""

    def __init__(self, job: Job, library: Library | None = None):
        library = library or Library.load()
        self.job = job
        position = parse_position(job.position_doc(), source="<deck>", library=library)
        # Instances of each class, in Deck order; the first min(copies, hand size) get an external.
        deck_ids = iter(slot.iid for slot in position.slots if slot.location == "deck")
        self.instances = [[next(deck_ids) for _ in group][:job.hand_size] for group in job.main]
        handable = {i for ids in self.instances for i in ids}
        facts = [f for f in position_facts(position, library).facts
                 if not (f.name == "init" and _deck_instance(f) in handable)]
        program = "".join(f"{s}.\n" for s in facts)
        program += "".join(f"handable({i}).\n" for i in sorted(handable))
        program += ("#external hand(I) : handable(I).\n"
                    "init(in(I,hand)) :- hand(I).\n"
                    "init(in(I,deck)) :- handable(I), not hand(I).\n")
        program += goal_facts(Puzzle(position, json.loads(job.goal), "<goal>"), library)
        self.controls = []
        for k in range(job.max_steps + 1):
            parts: list[tuple[str, list]] = [("base", []), ("check", [clingo.Number(0)])]
            for t in range(1, k + 1):
                parts += step_parts(t)
            ctl = make_control(encoding("yugioh"), program, parts=parts)
            ctl.assign_external(clingo.Function("query", [clingo.Number(k)]), True)
            self.controls.append(ctl)
        self.atoms = [[clingo.Function("hand", [clingo.Number(i)]) for i in ids] for ids in self.instances]
        self._true: set = set()

    def shortest(self, hand: Hand) -> int | None:
        """The length of a shortest line from ``hand`` to the goal, None beyond max_steps."""
        want = {atom for atoms, k in zip(self.atoms, hand) for atom in atoms[:k]}
        for ctl in self.controls:
            for atom in self._true - want:
                ctl.assign_external(atom, False)
            for atom in want - self._true:
                ctl.assign_external(atom, True)
        self._true = want
        for k, ctl in enumerate(self.controls):
            if ctl.solve().satisfiable:
                return k
        return None


def _deck_instance(symbol: clingo.Symbol) -> int | None:
    """I for a fact init(in(I,deck)), else None."""
    (fluent,) = symbol.arguments
    if fluent.name == "in" and fluent.arguments[1].name == "deck":
        return fluent.arguments[0].number
    return None


# One HandSolver per job and thread: a worker process (or a Dask worker thread) grounds a deck once.
_LOCAL = threading.local()


def solve_hands(job: Job, hands: list[Hand]) -> list[tuple[Hand, int | None]]:
    """The shortest-line length of each hand (the unit of work of every runner)."""
    cache = getattr(_LOCAL, "solvers", None)
    if cache is None:
        cache = _LOCAL.solvers = {}
    solver = cache.get(job)
    if solver is None:
        cache.clear()
        solver = cache[job] = HandSolver(job)
    return [(hand, solver.shortest(hand)) for hand in hands]
