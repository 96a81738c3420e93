"""Puzzles: a position plus a goal; find the shortest line that reaches it, by incremental solving.

The search is the incmode scheme of oracle/incremental.py: ``step(k)`` and ``check(k)`` are added
to the same control for k = 1, 2, ... and the external ``query(k)`` is set for the current horizon
only.  goals.lp forbids reaching the goal before the last step, so ``--all`` lists each minimal
line once per length and never a line that merely extends a shorter one.
Lines are projected onto the shown atoms (act, mat, spell, pend, target): two lines differing
only in zones or in how materials are grouped are one line.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import clingo

from oracle import incremental, jsonfile
from oracle.errors import OracleError
from oracle.puzzle_doc import goal_entries
from oracle.terms import COUNT_MAX, NUMBER_MAX, fact, whole_number
from oracle.yugioh.cards import Library
from oracle.yugioh.facts import position_facts
from oracle.yugioh.lines import Line, Step, block_parts, control, describe_block
from oracle.yugioh.position import Position, load_position, parse_position

GOAL_KEYS = ("summon", "board", "monsters", "damage", "win", "link", "extra_monsters", "kind", "exodia",
             "without_attacking")
SUMMON_KINDS = ("fusion", "synchro", "xyz", "link", "ritual", "pendulum")


@dataclass
class Puzzle:
    position: Position
    goal: dict
    source: str = "<puzzle>"
    objective: str = ""


@dataclass
class Outcome(incremental.Outcome):
    puzzle: Puzzle
    effects: list[str] = field(default_factory=list)   # cards whose effects are not modelled
    responses: list[dict] = field(default_factory=list)  # opponent cards that could respond
    follow_ups: int = 0   # trigger effects searched after each action (a bound of the search)

    def text(self) -> str:
        out = super().text()
        if self.effects:
            out += ("\nnote: these cards have effect text the oracle does not understand, so their effects are "
                    "never activated and may change the answer: " + ", ".join(self.effects))
        if self.responses:
            out += ("\nnote: the opponent could respond with " + ", ".join(r["name"] for r in self.responses)
                    + " (opponent responses are not modelled)")
        return out

    def to_json(self) -> dict:
        return {"solved": self.solved, "already": self.already, "max_steps": self.max_steps,
                "searched": self.searched, "stopped": self.stopped, "seconds": round(self.seconds, 3),
                "lines": [[_entry(s) for s in steps] for steps in self.lines], "unmodelled_effects": self.effects,
                "possible_responses": self.responses, "follow_ups_per_action": self.follow_ups,
                "unreachable": self.exhausted is not None}


def _entry(step: Step) -> str | dict:
    """One action of a line in JSON: its text, or {"step": text, "then": [...]} when trigger
    effects followed it (they belong to the action: the length of a line counts actions)."""
    if not step.then:
        return step.text()
    return {"step": step.text(), "then": [s.text() for s in step.then]}


def goal_facts(puzzle: Puzzle, library: Library) -> str:
    """goal/1 facts (goals.lp) from the JSON goal."""
    goal, src = puzzle.goal, puzzle.source
    out = []
    for key, value, where in goal_entries(goal, src, GOAL_KEYS, '{"summon": "Black Rose Dragon"} or {"win": true}'):
        if key == "summon":
            out.append(f"goal(summon({library.resolve(value, source=src, field=where).name_code})).")
        elif key == "board":
            if not isinstance(value, list) or not value:
                raise OracleError("board is a list of card names", source=src, field=where)
            counts: dict[int, int] = {}
            for n, ref in enumerate(value):
                code = library.resolve(ref, source=src, field=f"{where}[{n}]").name_code
                counts[code] = counts.get(code, 0) + 1
            out += [f"goal(board({c},{k}))." for c, k in sorted(counts.items())]
        elif key == "kind":
            if value not in SUMMON_KINDS:
                raise OracleError(f"kind is one of {', '.join(SUMMON_KINDS)}", source=src, field=where)
            out.append(f"goal(kind({value})).")
        elif key in ("monsters", "damage", "link", "extra_monsters"):
            what = {"monsters": "the number of monsters", "damage": "the damage", "link": "the Link Rating",
                    "extra_monsters": "the number of Extra Deck monsters"}[key]
            number = whole_number(value, lo=1, hi=NUMBER_MAX if key == "damage" else COUNT_MAX, what=what,
                                  source=src, field=where)
            out.append(f"{fact('goal', (key, number))}.")
        elif key in ("win", "exodia", "without_attacking"):
            if value is not True:
                raise OracleError(f'write "{key}": true', source=src, field=where)
            out.append(f"goal({key}).")
    return "\n".join(out) + "\n"


def load_puzzle(path: str | Path, *, library: Library | None = None) -> Puzzle:
    """A puzzle file: JSON with "position" (object or file) and "goal"; or an EDOPro .lua file."""
    source = str(path)
    library = library or Library.load()
    if source.endswith(".lua"):
        from oracle.yugioh.puzzle_lua import import_lua

        imported = import_lua(path, library=library)
        goal, objective = imported.goal, imported.objective or ""
        if not goal and not objective:
            # EDOPro puzzles (aux.BeginPuzzle) are one-turn puzzles: won this turn unless stated otherwise.
            goal, objective = {"win": True}, "(no objective stated: an EDOPro puzzle is won this turn)"
        if not goal:
            raise OracleError(f"the puzzle's objective is not a goal the solver knows: {objective!r}", source=source)
        return Puzzle(parse_position(imported.position, source=source, library=library), goal, source, objective)
    return puzzle_from_json(jsonfile.read(path), source=source, base=Path(path).parent, library=library)


def puzzle_from_json(doc: Any, *, source: str = "<puzzle>", base: Path | None = None,
                     library: Library | None = None) -> Puzzle:
    library = library or Library.load()
    if not isinstance(doc, dict) or "position" not in doc or ("goal" not in doc and "objective" not in doc):
        raise OracleError('a puzzle is a JSON object with "position" and "goal"', source=source)
    goal, objective = doc.get("goal"), doc.get("objective") or doc.get("description") or ""
    if goal is None and "objective" in doc:
        # the output of `oracle puzzle import`: an EDOPro puzzle is won this turn unless it says otherwise
        if doc.get("objective"):
            raise OracleError(f"the puzzle's objective is not a goal the solver knows: {objective!r}", source=source)
        goal, objective = {"win": True}, "(no objective stated: an EDOPro puzzle is won this turn)"
    ref = doc["position"]
    if isinstance(ref, str):
        path = Path(ref)
        position = load_position(path if path.is_absolute() else (base or Path(".")) / path, library=library)
    else:
        position = parse_position(ref, source=source, library=library)
    return Puzzle(position, goal, source, objective)


def solve_puzzle(puzzle: Puzzle, *, max_steps: int = 8, all_lines: bool = False, timeout: float | None = None,
                 library: Library | None = None, limit: int | None = None) -> Outcome:
    """The shortest line reaching the goal (every minimal line up to ``max_steps`` with ``all_lines``).
    Lengths count actions at open game state; each action's block of time steps also holds the
    trigger effects that follow it (chain.lp)."""
    library = library or Library.load()
    instance = position_facts(puzzle.position, library)
    slots = instance.follow_ups + 1
    out = Outcome(puzzle, max_steps=max_steps, effects=field_effects(puzzle.position, library),
                  responses=possible_responses(puzzle.position, library), follow_ups=instance.follow_ups)
    def prepared() -> clingo.Control:
        ctl = control(puzzle.position, library, goal_facts(puzzle, library), slots=slots, reads=())
        ctl.configuration.solver.heuristic = "Domain"   # the #heuristic of step.lp: actions first
        return ctl

    return incremental.search(
        out, prepared,
        lambda k: block_parts(slots, k),
        lambda shown, k: [describe_block(puzzle.position, shown, j, slots) for j in range(1, k + 1)],
        all_lines=all_lines, timeout=timeout, limit=limit, project=True, query_time=lambda k: k * slots,
        exhaust=True)


def field_effects(position: Position, library: Library | None = None) -> list[str]:
    """Names of the cards of the position whose effect text is not understood (effect_text.py):
    none of their effects is ever activated, so the answer may differ where they matter."""
    from oracle.yugioh.effect_text import card_effects

    library = library or Library.load()
    names = []
    for slot in position.slots:
        card = slot.card
        if card_effects(card, library).unsupported and card.name not in names:
            names.append(card.name)
    return names


def possible_responses(position: Position, library: Library | None = None) -> list[dict]:
    """The opponent's cards that could respond to the turn player's line (chains of the opponent
    are not modelled; they are named so the answer can be read with care): every card on the
    field or in the hand whose effect could be activated during the turn player's turn, and any
    card outside the Deck and Extra Deck with an effect activated on its owner's opponent's turn
    (fx_puzzles: "When an opponent's monster declares an attack"; from the GY too: Necro Gardna)."""
    from oracle.yugioh.effect_text import card_effects
    from oracle.yugioh.plays import CardRef

    library = library or Library.load()
    opp = 1 - position.turn_player
    return [CardRef.of(slot).to_json() for slot in position.slots
            if (slot.owner == opp or slot.controller == opp) and (
                _could_respond(slot) or (slot.location not in ("deck", "extra_deck") and any(
                    e.type == "opponent" for e in card_effects(slot.card, library).effects)))]


# Effects of Spell Speed 2, and effects answering what the turn player does.
_QUICK = re.compile(r"\(Quick Effect\)|during either player's turn|during your opponent's turn", re.I)
_ANSWERS = re.compile(r"(?:When|If|when|if) (?:your opponent|an opponent's|a monster|a card or effect|a Spell|a Trap|"
                      r"your opponent's|you take|a monster(?:\(s\))? (?:is|would be))")
_FROM_HAND = re.compile(r"discard this card|this card from your hand|reveal this card|activate this card from your hand")


def _could_respond(slot) -> bool:
    card, text, where = slot.card, slot.card.text, slot.location
    if where == "spell_trap_zone" and not slot.face_up:
        return True   # a Set Trap or Quick-Play Spell
    if where in ("spell_trap_zone", "field_zone"):
        # a face-up Continuous Trap's effects are Spell Speed 2; a face-up Spell's only when it says so
        return bool(_QUICK.search(text) or _ANSWERS.search(text)
                    or (card.is_trap and re.search(r"[:;]", text)))
    if where == "hand":
        if card.is_trap:   # a Trap activated from the hand ("you can activate this card from your hand")
            return "activate this card from your hand" in text
        return card.is_monster and bool(_FROM_HAND.search(text)) and bool(_QUICK.search(text) or _ANSWERS.search(text))
    if where in ("monster_zone", "extra_monster_zone"):
        return bool(_QUICK.search(text) or _ANSWERS.search(text) or (slot.position == "set" and "FLIP:" in text))
    return False


def as_line(puzzle: Puzzle, steps: list[Step]) -> Line:
    """A found line as a Line, ready for check_line (how tests replay solver answers)."""
    return Line(puzzle.position, [_copy(s, n) for n, s in enumerate(steps, 1)], puzzle.source)


def _copy(s: Step, n: int) -> Step:
    out = copy.deepcopy(s)
    out.number = n
    return out
