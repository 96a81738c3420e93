"""Lethal: can the turn player win this turn whatever the opponent does, and what could stop it?

The question is two-level: there is a line of ours (summons, attacks, the order in which we
break the shields) such that for every reply of the opponent (blocks, what the face-down
shields hold, which S-Triggers are used and on what) the line wins.  It is answered by a
counter-example guided loop of clingo calls on the rules pack (asp/duel_masters/attack.lp,
battle.lp, triggers.lp; docs/duel-masters.md says why not a saturation encoding):

1. *line search*: a line of h steps that wins in every scenario found so far (pinned/1: each
   counter-example is a scenario whose replies are facts, keyed by attacker and shield, so
   that they apply to other lines too);
2. *refutation*: that line pinned, the opponent's replies free in scenario 0, the goal "not
   won".  No model: the line wins against everything; a model: a new scenario, back to 1.
When 1 has no model, no line of h steps wins against the scenarios found: h grows, up to
``max_steps``.

The opponent's face-down shields (``"shields": N`` or ``"?"`` entries) may hold: with a
``"deck_list"`` on the opponent, the S-Trigger cards of the deck list not seen elsewhere in the
position (with their counts); without one, any S-Trigger card of the library.  Cards that are
not S-Triggers cannot act during our attacks and count as blanks.
"""
from __future__ import annotations

import copy
import time
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Any

import clingo
from clingo import Function, Number

from oracle import jsonfile
from oracle.duel_masters import effects
from oracle.duel_masters.facts import as_program, card_facts, pack, position_facts, race_set
from oracle.duel_masters.lines import scenario_parts, view_now, view_pre, view_st
from oracle.duel_masters.position import Position, parse_position
from oracle.errors import OracleError
from oracle.solver import make_control, solve
from oracle.terms import COUNT_MAX, fact, whole_number

UNKNOWN = "Face-down shield (unknown card)"
# Our choices, pinned in the refutation: the actions, and what our effects choose (resolve.lp:
# targets, how many cards, which cards) so that the opponent's replies never choose for us.
# (our_tgt, not eff_tgt: the opponent's choice of his creature -- choosers.lp -- is his reply.)
OUR_ACTIONS = ("pass", "summon", "put", "charge", "skip_charge", "attack", "base", "tap", "pays", "gone_shield",
               "cast", "our_tgt", "st_n", "goes", "use_tap", "named", "generate", "cross", "gen_onto", "r_use")


class Stopped(Exception):
    """The time limit ran out."""


@dataclass
class Problem:
    position: Position
    source: str
    slots: list[int]                       # iids of face-down shields
    pool: dict[int, int] | None            # deck list: card code -> copies that may be in the shields
    pool_size: int = 0                     # cards the shields are drawn from (deck list)
    candidates: dict[int, int] = field(default_factory=dict)  # S-Trigger code -> most copies in the shields

    @property
    def opponent(self) -> int:
        return 1 - self.position.turn_player


# --- reading the position ------------------------------------------------------------------------
def load(path: str) -> Problem:
    return problem_from(jsonfile.read(path), path)


def problem_from(doc: Any, source: str = "<position>") -> Problem:
    if not isinstance(doc, dict):
        raise OracleError("a position is a JSON object", source=source)
    doc = copy.deepcopy(doc)
    turn = doc.get("turn", {"player": 0})
    tp = turn.get("player", 0) if isinstance(turn, dict) else 0
    players = doc.get("players")
    if not isinstance(players, list) or len(players) != 2 or type(tp) is not int or tp not in (0, 1):
        parse_position(doc, source)  # reports the problem in the reader's words
        raise OracleError("a Duel Masters position has two players and turn.player 0 or 1", source=source)
    opp = 1 - tp
    pdoc = players[opp]
    if not isinstance(pdoc, dict):
        parse_position(doc, source)
    where = f"players[{opp}]"
    deck_list = pdoc.pop("deck_list", None)
    shields = pdoc.get("shields", [])
    if isinstance(shields, int) and not isinstance(shields, bool):
        if not 0 <= shields <= 20:
            raise OracleError("the number of shields is a whole number from 0 to 20", source=source,
                              field=f"{where}.shields")
        shields = ["?"] * shields
    if isinstance(shields, list):
        pdoc["shields"] = [UNKNOWN if s == "?" else s for s in shields]
    if any(p.get("deck_list") is not None for p in players if isinstance(p, dict)):
        raise OracleError("only the opponent (the player not taking the turn) has a deck list", source=source,
                          field=f"players[{tp}].deck_list")
    if not isinstance(pdoc.get("shields", []), list):
        raise OracleError("the shields are a list, or a number of face-down shields from 0 to 20",
                          source=source, field=f"{where}.shields")
    if any(s == UNKNOWN for s in pdoc.get("shields", [])):
        doc["cards"] = list(doc.get("cards", [])) + [
            {"name": UNKNOWN, "civilizations": [], "cost": 0, "type": "spell", "text": ""}]
    pos = parse_position(doc, source)
    slots = [i.iid for i in pos.instances if i.card.name == UNKNOWN]
    problem = Problem(pos, source, slots, None)
    races = race_set(pos)
    if deck_list is not None:
        counts = _deck_list(deck_list, pos, source, f"{where}.deck_list")
        seen = [i for i in pos.instances if i.player == opp and i.card.name != UNKNOWN]
        for inst in seen:
            if inst.card.code in counts:
                counts[inst.card.code] -= 1
                if counts[inst.card.code] < 0:
                    raise OracleError(f"the position shows more copies of {inst.card.name} than the deck list has",
                                      source=source, field=f"{where}.deck_list")
        problem.pool = counts
        problem.pool_size = sum(counts.values())
        if problem.pool_size < len(slots):
            raise OracleError(f"{len(slots)} face-down shields but only {problem.pool_size} cards of the deck "
                              "list are not seen elsewhere", source=source, field=f"{where}.deck_list")
        problem.candidates = {c: min(n, len(slots)) for c, n in counts.items()
                              if n and _is_trigger(pos.library.by_code[c], races)}
    elif slots:
        problem.candidates = {c.code: len(slots) for c in pos.library.cards if _is_trigger(c, races)}
    return problem


# What an S-Trigger's effect can change during our attacks (triggers.lp: its targets, or halt/2):
# every effect on creatures, grants ("buff": Protective Force was left out before), shields.
BATTLE_ACTS = tuple(sorted(effects.CREATURE_ACTS)) + ("unknown", "shield_add", "hand_to_shield", "buff")


def _is_trigger(card, races) -> bool:
    """An S-Trigger that can change our attacks: a blocker, or an effect on creatures (or one not
    understood), or a cross gear with Shield Trigger Cross (what it gives the creature it is crossed
    with).  Others (draw, mana, ...) act like a blank shield during our attacks."""
    reading = effects.read(card, races)
    if any(a[:2] == ("gear", "trigger_cross") for a in reading.abilities):
        return True
    if not any(a[:2] == ("kw", "s_trigger") for a in reading.abilities):
        return False
    return bool(reading.unsupported) or any(
        a[:2] in (("kw", "blocker"), ("kw", "blocker_vs")) and card.is_creature or a[0] == "eff" and a[2] in BATTLE_ACTS
        for a in reading.abilities)


def _deck_list(value: Any, pos: Position, source: str, where: str) -> dict[int, int]:
    """{"name": count} or [{"card": name, "count": n}] -> {code: count}."""
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, list):
        items = []
        for n, row in enumerate(value):
            if not isinstance(row, dict) or set(row) != {"card", "count"}:
                raise OracleError('each entry is {"card": NAME, "count": N}', source=source, field=f"{where}[{n}]")
            items.append((row["card"], row["count"]))
    else:
        raise OracleError('a deck list is {"Card name": count, ...}', source=source, field=where)
    out: dict[int, int] = {}
    for name, count in items:
        whole_number(count, lo=1, hi=COUNT_MAX, what="a count", source=source, field=f"{where}.{name}")
        card = pos.library.get(str(name), field=f"{where}.{name}")
        out[card.code] = out.get(card.code, 0) + count
    return out


# --- one lethal check ---------------------------------------------------------------------------
@dataclass
class Verdict:
    line: list[str] | None        # the winning line in words (None: none found)
    steps: int                    # the horizon searched up to (or of the line)
    refutations: int              # counter-examples found on the way
    stopped: str | None = None


def _base_facts(problem: Problem, extra_cards: list[int]) -> list[clingo.Symbol]:
    pos = problem.position
    out = position_facts(pos) + [fact("lines")]
    out += [fact("slot", s) for s in problem.slots]
    known = {i.card.code for i in pos.instances}
    for code in extra_cards:
        if code not in known:
            out += card_facts(pos.library.by_code[code], pos)
    return out


def _control(problem: Problem, facts: list[clingo.Symbol], text: str, h: int,
             scenario0: bool = False) -> clingo.Control:
    # (the view now(t) only where power_zero.lp fills it: the line search grounds nothing more elsewhere)
    now = any(s.name == "pm_lower" for s in facts)
    parts = [("base", ())] + [p for t in range(1, h + 1)
                              for p in (("step", (Number(t),)), view_st(t), view_pre(t)) + ((view_now(t),) if now else ())]
    if scenario0:
        parts += [("scen_base", (Number(0),))] + [p for t in range(1, h + 1) for p in scenario_parts(0, t)]
    return make_control(pack(facts), as_program(facts) + text, parts=parts)


def _left(deadline: float | None) -> float | None:
    if deadline is None:
        return None
    rest = deadline - time.perf_counter()
    if rest <= 0:
        raise Stopped()
    return rest


def _readable(ctl: clingo.Control, names: tuple[str, ...]) -> list[tuple[clingo.Symbol, int]]:
    """The ground atoms of these names (any arity up to 6) and their literals: a model is read
    through them alone (a few hundred atoms, where the model has thousands)."""
    # (an atom the grounder proved false keeps a place in the domain, with literal 0)
    return [(atom.symbol, atom.literal) for name in names for n in range(1, 7)
            for atom in ctl.symbolic_atoms.by_signature(name, n) if atom.literal]


def _solve1(ctl: clingo.Control, deadline: float | None, reads: list[tuple[clingo.Symbol, int]],
            assumptions=()) -> list[clingo.Symbol] | None:
    """The atoms of ``reads`` true in one model, or None when there is none."""
    timeout = _left(deadline)
    ctl.configuration.solve.models = "1"
    found: list[list[clingo.Symbol]] = []
    with ctl.solve(assumptions=list(assumptions), async_=True,
                   on_model=lambda m: found.append([sym for sym, lit in reads if m.is_true(lit)])) as handle:
        if not (handle.wait(timeout) if timeout else handle.wait()):
            handle.cancel()
            raise Stopped()
        handle.get()
    return found[0] if found else None


# What a line is, read from the line search's models (describe, and pinned in the refutation), and
# what the refutation's models are read for (_scenario).
_LINE_READS = OUR_ACTIONS + ("rank",)


# The atoms of a refutation that are the opponent's replies (_scenario).
_REPLIES = frozenset(("block", "use", "tgt", "holds", "xnew", "k_use", "k_ssave"))
_REPLY_READS = tuple(sorted(_REPLIES)) + ("attack", "opp_tgt")


def _scenario(atoms: list[clingo.Symbol], k: int, ours: set[int]) -> list[clingo.Symbol]:
    """A refutation (scenario 0 of a model) as the facts of pinned scenario k: the opponent's replies
    (the targets of our own effects are the line's, named(S,E,J,T), not replies)."""
    # (a symbol's name and arguments are calls into clingo: each is asked once, for the atoms read)
    named = [(a.name, a) for a in atoms]
    attacker = {a.arguments[3].number: a.arguments[1] for name, a in named if name == "attack"}
    out = [fact("scen", k), fact("pinned", k)]
    for name, a in named:
        if name not in _REPLIES:
            continue
        args = a.arguments
        if not args or args[0] != Number(0):
            continue
        if name == "block":
            out.append(fact("pinned_block", k, attacker[args[2].number], args[1]))
        elif name == "use":
            out.append(fact("pinned_use", k, args[1]))
        elif name == "tgt" and args[1].number not in ours:
            out.append(fact("pinned_target", k, args[1], args[2], args[3]))
        elif name == "holds":
            out.append(fact("holds", k, args[1], args[2]))
        elif name == "xnew":  # a Shield Trigger Cross crossed with one of their creatures (gear.lp)
            out.append(fact("pinned_cross", k, args[1], args[2]))
        elif name == "k_use":  # a replacement they chose (replace.lp: moment, replacement, creature)
            out.append(fact("pinned_repl", k, args[1], args[3], args[2]))
        elif name == "k_ssave":  # a creature they destroyed instead of a shield broken (replace.lp)
            out.append(fact("pinned_ssave", k, args[1], args[2]))
    return out


# Scenario 0's choice of what the face-down shields hold (the refutation).  may_hold(C,N): C may be
# in N of them (externals, set per check); exact_shields: exactly N copies of each such C, the rest
# blank (a count vector of S-Triggers), otherwise at most N (any content).
_SLOT_RULES = """\
{ holds(0,S,C) : may_hold(C,_) } 1 :- slot(S).
:- may_hold(C,N), exact_shields, #count{ S : holds(0,S,C) } != N.
:- may_hold(C,N), not exact_shields, #count{ S : holds(0,S,C) } > N.
"""


class Checks:
    """The lethal checks of one answer, against several contents of the face-down shields, on two
    controls ground once: the line search and the refutation.  What the shields may hold is a set
    of externals of the refutation; each counter-example (scenario) grounded into the line search
    holds only in the checks whose shield contents it is a world of (the external live(k)), so it
    is ground once and used again by every such check."""

    def __init__(self, problem: Problem, cards: list[int], *, blocks: bool = True, max_steps: int = 8,
                 shields_removed: int = 0):
        self.problem = problem
        self.low, self.high = _horizons(problem, max_steps, shields_removed)
        # The cards the shields may hold in these checks: each one's facts are ground into both
        # controls (a candidate not among them is never held).
        self.cards = sorted(cards)
        rules = "" if blocks else "#program step(t).\n:- block(_,_,t).\n#program base.\n"
        if shields_removed:
            rules += f"#program base.\nremoved_shields({shields_removed}).\n" \
                     "{ gone_shield(S) : shield0(S) } = N :- removed_shields(N).\n"
        self.rules = rules
        self.search: clingo.Control | None = None
        self.refute: clingo.Control | None = None
        self.replies: list[tuple[clingo.Symbol, int]] = []   # the refutation's atoms read (_REPLY_READS)
        self.pinned: list[clingo.Symbol] = []               # its atoms of our line (_LINE_READS)
        self.worlds: dict[int, Counter] = {}   # scenario k -> the S-Triggers its shields hold
        self.ours_iids = {i.iid for i in problem.position.instances
                          if i.player == problem.position.turn_player}

    def _ground(self) -> None:
        problem, h = self.problem, self.high
        facts = _base_facts(problem, self.cards) + [fact("lethal_pass")]
        self.search = _control(problem, facts, self.rules, h)
        self._add_scenario(1, [fact("pinned", 1)], Counter())  # scenario 1: the opponent does nothing
        externals = "".join(f"#external may_hold({c},{n}).\n" for c in self.cards
                            for n in range(1, len(problem.slots) + 1))
        self.refute = _control(problem, facts, self.rules + (_SLOT_RULES if problem.slots else "") + externals
                               + "#external exact_shields.\n" + f":- won_upto(0,{h}).\n", h, scenario0=True)
        self.replies = _readable(self.refute, _REPLY_READS)
        self.pinned = [sym for sym, _ in _readable(self.refute, _LINE_READS)]

    def _add_scenario(self, k: int, pins: list[clingo.Symbol], world: Counter, line=None) -> None:
        """Ground scenario k (a counter-example) into the line search: its replies and "won there";
        with ``line``, that line itself is excluded where the scenario holds (a choice the
        refutation made for the opponent in a step of our main step, choosers.lp, is no reply a
        scenario part holds)."""
        h, name = self.high, f"pins_{k}"
        if k == 1:
            # The line attacks only creatures it may attack when the opponent does nothing (tapped
            # ones, or any with "can attack untapped creatures"): no step is a mere placeholder.
            text = as_program(pins) + f":- not won_upto(1,{h}).\n" \
                   ":- attack(_,A,J,T), J != player, not b_tp(1,J,T), not untapped_ok(1,A,J,T).\n"
        else:
            text = as_program(pins) + f"#external live({k}).\n:- live({k}), not won_upto({k},{h}).\n"
            if line is not None:
                text += f":- live({k}), " + ", ".join(str(a) for a in line) + ".\n"
            self.worlds[k] = world
        self.search.add(name, [], text)
        self.search.ground([(name, ()), ("scen_base", (Number(k),))] +
                           [p for t in range(1, h + 1) for p in scenario_parts(k, t)])

    def check(self, exact: dict[int, int] | None = None, deadline: float | None = None) -> Verdict:
        """A line that wins against every reply: the face-down shields hold any candidate (or exactly
        ``exact``: code -> copies, the rest blank)."""
        if self.low > self.high:
            return Verdict(None, self.high, 0)
        if self.search is None:
            self._ground()
        problem, h = self.problem, self.high
        allowed = Counter(problem.candidates if exact is None else exact)
        assert set(allowed) <= set(self.cards), "a check of shield contents these controls do not hold"
        for c in self.cards:
            for n in range(1, len(problem.slots) + 1):
                self.refute.assign_external(Function("may_hold", [Number(c), Number(n)]), allowed[c] == n)
        self.refute.assign_external(Function("exact_shields"), exact is not None)
        for k, world in self.worlds.items():
            fits = world == allowed if exact is not None else not world - allowed
            self.search.assign_external(Function("live", [Number(k)]), fits)
        found = 0
        seen: set[frozenset] = set()
        while True:
            # (read anew: each counter-example grounds more of the line search)
            ours = _solve1(self.search, deadline, _readable(self.search, _LINE_READS))
            if ours is None:
                break
            # our line pinned: its actions true, every other action of ours false
            chosen = set(ours)
            reply = _solve1(self.refute, deadline, self.replies, [(sym, sym in chosen) for sym in self.pinned])
            if reply is None:
                return Verdict(describe(problem, ours, h), h, found)
            found += 1
            k = len(self.worlds) + 2
            pins = _scenario(reply, k, self.ours_iids)
            # (the counter-example without its number: what the opponent does)
            key = frozenset((p.name, *map(str, p.arguments[1:])) for p in pins[2:])
            world = Counter(p.arguments[2].number for p in pins if p.name == "holds")
            chose = any(a.name == "opp_tgt" and len(a.arguments) == 4 for a in reply)
            if chose:
                key |= frozenset((str(a),) for a in ours)
            if key in seen:  # the same counter-example twice would loop: a defect of the encoding
                raise RuntimeError(f"lethal: counter-example {sorted(key)} does not refute the line it was found for")
            seen.add(key)
            self._add_scenario(k, pins[1:], world, ours if chose else None)
            self.search.assign_external(Function("live", [Number(k)]), True)
        return Verdict(None, h, found)


def check(problem: Problem, *, exact: dict[int, int] | None = None, blocks: bool = True,
          max_steps: int = 8, deadline: float | None = None, shields_removed: int = 0) -> Verdict:
    """One lethal check on its own controls (Checks.check)."""
    cards = list(problem.candidates if exact is None else exact)
    return Checks(problem, cards, blocks=blocks, max_steps=max_steps,
                  shields_removed=shields_removed).check(exact, deadline)


def _horizons(problem: Problem, max_steps: int, removed: int) -> tuple[int, int]:
    """The line lengths worth searching.  Longest: every step is an attack by a creature of the
    battle zone, or a summon (plus its attack) of a card of the hand, or the charge -- each creature
    attacks once.  Shortest, when the hand is empty (no summon can add an attacker): enough attacks
    that their breaks (1, or 2/3 for double/triple breakers) remove every shield, plus the direct
    attack; fewer cannot win even if the opponent does nothing."""
    pos = problem.position
    ours = [i for i in pos.instances if i.player == pos.turn_player and i.stacked_on is None]
    board = [i for i in ours if i.zone == "battle_zone" and i.card.is_creature]
    gears = [i for i in ours if i.zone == "battle_zone" and i.card.type == "cross_gear"]
    hand = [i for i in ours if i.zone == "hand"]
    # (a card of the hand: summoned or cast and its attack, or a cross gear generated and crossed;
    # a gear of the battle zone: crossed)
    high = min(max_steps, len(board) + len(gears) + 2 * len(hand) + (1 if hand else 0))
    races = race_set(pos)
    # A $tap ability that gives "double breaker" until the end of the turn (buffs.lp), or a cross
    # gear (gear.lp), a breaker from a modifier, Crew breaker or "breaks one more shield" (battles.lp),
    # breaks more than the printed breakers say: no shortest length is derived then.
    if hand or gears or any(a[0] == "eff" and a[2] == "buff" or a[0] in ("pow_breaker", "pow_crew")
                            or a[:2] == ("kw", "more_break_power")
                            for i in board for a in effects.read(i.card, races).abilities):
        return 1, high
    breaks = sorted((max([a[2] for a in effects.read(i.card, races).abilities if a[:2] == ("kw", "breaker")] or [1])
                     for i in board), reverse=True)
    shields = sum(1 for i in pos.instances if i.zone == "shields" and i.player == problem.opponent) - removed
    low, done = 1, 0
    while done < shields and low <= len(breaks):
        done += breaks[low - 1]
        low += 1
    return low, high


# --- the line in words -----------------------------------------------------------------------------
def describe(problem: Problem, atoms: list[clingo.Symbol], h: int) -> list[str]:
    pos = problem.position
    name = lambda i: pos.by_iid(i).card.name
    acts: dict[int, str] = {}
    targets: dict[int, list[str]] = {}  # what the step's effect chose (resolve.lp)
    for a in atoms:
        args = a.arguments
        if a.name in ("our_tgt", "named") and len(args) == 4:  # a step's effect; our attacker's triggers
            targets.setdefault(args[3].number, []).append(f'"{name(args[2].number)}"')
        elif a.name == "cast" and len(args) == 3:
            acts[args[2].number] = f'cast "{name(args[1].number)}"'
        elif a.name == "attack" and len(args) == 4:
            target = "the player" if args[2].type == clingo.SymbolType.Function else f'"{name(args[2].number)}"'
            acts[args[3].number] = f'attack "{name(args[1].number)}" -> {target}'
        elif a.name == "use_tap" and len(args) == 3:
            acts[args[2].number] = f'tap_ability "{name(args[1].number)}"'
        elif a.name == "summon" and len(args) == 4:
            acts[args[3].number] = f'summon "{name(args[1].number)}"'
        elif a.name == "charge" and len(args) == 3:
            acts[args[2].number] = f'charge "{name(args[1].number)}"'
        elif a.name == "generate" and len(args) == 4:
            acts[args[3].number] = f'generate "{name(args[1].number)}"'
        elif a.name == "cross" and len(args) == 4:
            acts[args[3].number] = f'cross "{name(args[1].number)}" onto "{name(args[2].number)}"'
        elif a.name == "skip_charge" and len(args) == 2:
            acts[args[1].number] = "skip_charge"
    out = [acts[t] + (" targeting " + ", ".join(sorted(targets[t])) if t in targets else "")
           for t in range(1, h + 1) if t in acts]
    ranks = sorted((a.arguments[1].number, a.arguments[0].number) for a in atoms if a.name == "rank")
    order = ["a face-down shield" if s in problem.slots else name(s) for _, s in ranks]
    if len(set(order)) > 1:  # the order matters only between different known shields
        out.append("break the shields in this order: " + ", ".join(order))
    return out


# --- the answer ---------------------------------------------------------------------------------
@dataclass
class Answer:
    verdict: str                       # "lethal", "lethal_unless", "no_lethal", "stopped"
    line: list[str] | None = None
    stoppers: list[list[str]] = field(default_factory=list)   # minimal sets of S-Triggers that stop every line
    probability: Fraction | None = None                     # deck list: P(the shields stop every line)
    missing: str | None = None
    note: list[str] = field(default_factory=list)
    seconds: float = 0.0
    stopped: str | None = None

    def text(self) -> str:
        out = []
        if self.verdict == "lethal":
            out.append("lethal against any shields and any blocks:")
        elif self.verdict == "lethal_unless":
            out.append("lethal unless " + "; or ".join(" and ".join(s) for s in self.stoppers)
                       + (" (in the face-down shields)" if self.stoppers else "") + ":")
        elif self.verdict == "no_lethal":
            out.append(f"no lethal: {self.missing}")
        else:
            out.append(f"stopped: {self.stopped}")
        for n, step in enumerate(self.line or [], 1):
            out.append(f"  {n}. {step}")
        if self.probability is not None:
            out.append(f"probability that the shields stop every line: {self.probability} "
                       f"(= {float(self.probability):.4f})")
        out += self.note
        return "\n".join(out)

    def to_json(self) -> dict:
        return {"game": "duel-masters", "verdict": self.verdict, "line": self.line, "stoppers": self.stoppers,
                "probability": None if self.probability is None else str(self.probability),
                "missing": self.missing, "note": self.note, "stopped": self.stopped,
                "seconds": round(self.seconds, 3)}


def _classes(problem: Problem) -> list[tuple[int, list[int], int]]:
    """S-Trigger candidates grouped by what the rules see of them (their facts without the code):
    (representative code, codes, copies in the pool or the most the shields can hold)."""
    pos = problem.position
    groups: dict[str, list[int]] = {}
    for code in sorted(problem.candidates):
        sig = " ".join(sorted(str(f).replace(f"({code},", "(_,").replace(f"({code})", "(_)")
                              for f in card_facts(pos.library.by_code[code], pos)
                              if f.name not in ("card", "cost", "mana_number", "civ", "race", "race_word",
                                                "shield_trigger", "evolution", "trigger")))
        groups.setdefault(sig, []).append(code)
    out = []
    for codes in groups.values():
        n = sum(problem.pool[c] for c in codes) if problem.pool is not None else len(problem.slots)
        out.append((codes[0], codes, n))
    return out


def answer(problem: Problem, *, max_steps: int = 8, timeout: float | None = None,
           singles_only: bool | None = None) -> Answer:
    started = time.perf_counter()
    deadline = None if timeout is None else started + timeout
    result = Answer("stopped")
    try:
        _answer(problem, result, max_steps, deadline, singles_only)
    except Stopped:
        result.stopped = f"stopped after the time limit of {timeout:g} s"
        result.note = [n for n in result.note if not n.startswith("(proved")]
        if result.verdict == "lethal_unless" or result.line:
            result.note.append(f"({result.stopped}: the S-Triggers that stop every line were not all examined; "
                               "the line shown wins when the face-down shields hold no S-Trigger)")
        result.verdict = "stopped"
    result.seconds = time.perf_counter() - started
    return result


def unapplied(problem: Problem) -> list[str]:
    """What the attack step does not apply, for the cards of the position (reported, never guessed):
    text not understood, and understood effects that the rules do not resolve during our turn
    (the effects a summon of the line does not resolve; our creatures' "when it attacks" and "when
    it is destroyed" abilities are resolved: asp/duel_masters/our_triggers.lp)."""
    pos = problem.position
    races = race_set(pos)
    out, seen = [], set()
    for inst in pos.instances:
        card = inst.card
        if card.name == UNKNOWN or card.code in seen or inst.zone not in ("battle_zone", "hand"):
            continue
        seen.add(card.code)
        reading = effects.read(card, races)
        for line in reading.unsupported:
            out.append(f"not understood, ignored: {card.name}: {line}")
        for ab in reading.abilities:
            # A summon of the line resolves the effects resolve.lp knows (asp/duel_masters/resolve.lp).
            # The opponent's "when destroyed" effects resolve in the battle (triggers.lp).
            if ab[0] == "eff" and ab[1] == "enters" and inst.zone == "hand" and ab[2] not in effects.STEP_RESOLVED:
                out.append(f"not applied during the attacks: {card.name}'s ability when it is put into the "
                           f"battle zone ({ab[2]})")
        if effects.lowered(card, reading.abilities):  # (asp/duel_masters/power_zero.lp)
            out.append(f"not applied: {card.name} is destroyed when its power falls to 0 or less; a reply "
                       "that brings it there is assumed to stop the attacks, and a step that does is not played")
    if any(i.zone == "hand" and i.player == problem.opponent for i in pos.instances):
        out.append("not applied: the opponent's hand (Ninja Strike and other plays from the hand during our "
                   "attacks are not part of the lethal search)")
    return out


def _answer(problem: Problem, out: Answer, max_steps: int, deadline, singles_only) -> None:
    out.note += unapplied(problem)
    high = _horizons(problem, max_steps, 0)[1]
    out.note.append(f"(proved over every line of at most {high} step{'s' if high != 1 else ''}"
                    + (f", the bound --max-steps {max_steps})" if high == max_steps else
                       ": each creature attacks once)"))
    if not problem.candidates:  # known shields only: one check says it all
        full = check(problem, max_steps=max_steps, deadline=deadline)
        if full.line:
            out.verdict, out.line = "lethal", full.line
        else:
            out.verdict, out.missing = "no_lethal", _missing(problem, max_steps, deadline)
        return
    # (blank shields first, on controls without the candidates' facts: when no line wins even
    # then, the S-Triggers are never examined)
    blank = check(problem, exact={}, max_steps=max_steps, deadline=deadline)
    if not blank.line:
        out.verdict = "no_lethal"
        out.missing = _missing(problem, max_steps, deadline, exact={})
        return
    out.line = blank.line  # kept if the time limit stops what follows
    # Which S-Triggers in the face-down shields stop every line: count vectors over classes of
    # interchangeable S-Triggers, smallest first.  More S-Triggers never help us (using one is
    # the opponent's choice), so a vector above a stopping one stops too and is not solved.
    classes = _classes(problem)
    slots = len(problem.slots)
    if singles_only is None:
        singles_only = problem.pool is None
    most = 1 if singles_only else slots
    stopping: set[tuple[int, ...]] = set()
    # The checks of count vectors share two controls, with the classes' representatives' facts.
    checks = Checks(problem, [code for code, _, _ in classes], max_steps=max_steps)

    def stops(vec: tuple[int, ...]) -> bool:
        if not any(vec):
            return False  # the blank check above found a line
        for i, k in enumerate(vec):
            if k and tuple(v - (j == i) for j, v in enumerate(vec)) in stopping:
                stopping.add(vec)
                return True
        exact = {classes[i][0]: k for i, k in enumerate(vec) if k}
        if not checks.check(exact, deadline).line:
            stopping.add(vec)
            return True
        return False

    minimal = []
    prob = Fraction(0)
    for vec in _vectors([min(n, most) for _, _, n in classes], most):
        if stops(vec):
            if not any(all(a <= b for a, b in zip(m, vec)) for m in minimal):
                minimal.append(vec)
            if problem.pool is not None:
                prob += _hyper(vec, classes, problem.pool_size, slots)
    if problem.pool is not None:
        out.probability = prob
    if not minimal:
        # Every shield content examined leaves a winning line; one line against all of them?
        full = check(problem, max_steps=max_steps, deadline=deadline) if not singles_only else None
        if full is not None and full.line:
            out.verdict, out.line = "lethal", full.line
            return
    out.verdict, out.line = "lethal_unless", blank.line
    def names(codes: list[int]) -> str:
        lib, races = problem.position.library, race_set(problem.position)
        if effects.read(lib.by_code[codes[0]], races).unsupported:
            return ("an S-Trigger whose text is not fully understood (assumed to stop the attack): "
                    + ", ".join(lib.by_code[c].name for c in codes))
        return " or ".join(lib.by_code[c].name for c in codes)
    out.stoppers = [[(f"{k} × " if k > 1 else "") + names(classes[i][1]) for i, k in enumerate(vec) if k]
                    for vec in minimal]
    if singles_only and slots > 1:
        out.note.append("(one S-Trigger at a time was examined: several S-Triggers together may stop lines that "
                        "each alone does not; give a deck list for the exact answer)")
    if not minimal:
        out.note.append("(no content of the face-down shields stops every line, but no single line wins against "
                        "all of them: the line to play depends on what the shields hold; the line shown wins when "
                        "they hold no S-Trigger)")


def _vectors(bounds: list[int], total: int):
    """Count vectors within bounds with sum <= total, by increasing sum (sub-vectors first)."""
    def fill(i: int, rest: int):
        if i == len(bounds):
            if rest == 0:
                yield ()
            return
        for k in range(min(bounds[i], rest) + 1):
            for tail in fill(i + 1, rest - k):
                yield (k, *tail)

    for s in range(0, total + 1):
        yield from fill(0, s)


def _hyper(vec: tuple[int, ...], classes, pool: int, slots: int) -> Fraction:
    """P(the face-down shields hold exactly vec[i] cards of each class), drawn without replacement."""
    others = pool - sum(n for _, _, n in classes)
    blanks = slots - sum(vec)
    num = comb(others, blanks)
    for (_, _, n), k in zip(classes, vec):
        num *= comb(n, k)
    return Fraction(num, comb(pool, slots))


def _missing(problem: Problem, max_steps: int, deadline, exact=None) -> str:
    """What is missing, in shield breaks: the fewest shields to take away for a line to win."""
    n = sum(1 for i in problem.position.instances if i.zone == "shields" and i.player == problem.opponent)
    for k in range(1, n + 1):
        if check(problem, exact=exact, max_steps=max_steps, deadline=deadline, shields_removed=k).line:
            return (f"{k} more shield break{'s' if k > 1 else ''} (with {k} shield{'s' if k > 1 else ''} fewer, "
                    "a line wins against every reply)")
    if check(problem, exact=exact, blocks=False, max_steps=max_steps, deadline=deadline).line:
        return "the blockers stop every line (without blocks a line would win)"
    return f"even with no shields left, no line of at most {max_steps} steps wins against every reply"


@dataclass
class WinOutcome:
    """`oracle solve` with the goal {"win": true}: the lethal answer in the form solve prints."""

    answer: Answer

    @property
    def solved(self) -> bool:
        return self.answer.verdict == "lethal"

    @property
    def stopped(self) -> str | None:
        return self.answer.stopped

    def text(self) -> str:
        return self.answer.text()

    def to_json(self) -> dict:
        return {**self.answer.to_json(), "solved": self.solved}
