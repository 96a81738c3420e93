"""The plays of a position: step 1 of the rules core, solved by clingo, read back as Play objects."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterable

import clingo

from oracle.errors import OracleError
from oracle.resources import encoding
from oracle.solver import make_control, solve
from oracle.terms import fact
from oracle.yugioh.cards import Library
from oracle.yugioh.facts import Instance, position_facts
from oracle.yugioh.position import Position, Slot, load_position, parse_position

ACTION_ORDER = ("normal_summon", "normal_set", "tribute_summon", "tribute_set", "flip_summon",
                "change_position", "ritual_summon", "fusion_summon", "synchro_summon", "xyz_summon",
                "link_summon", "pendulum_summon", "special_summon", "gemini_summon", "activate")
ZONE_NAMES = {5: ("extra_monster_zone", 0), 6: ("extra_monster_zone", 1)}


@dataclass(frozen=True)
class CardRef:
    """A card of the input position: its code and name, and where it was given."""

    id: int
    name: str
    location: str
    index: int

    @classmethod
    def of(cls, slot: Slot) -> "CardRef":
        return cls(slot.card.code, slot.card.name, slot.location, slot.index)

    def to_json(self) -> dict:
        return {"id": self.id, "name": self.name, "location": self.location, "index": self.index}

    def __str__(self) -> str:
        return f"{self.name} ({self.location} {self.index})"


@dataclass(frozen=True)
class Placement:
    """Where a summoned monster goes (only asked for with zones=True)."""

    card: CardRef
    location: str   # monster_zone or extra_monster_zone
    index: int
    position: str   # attack, defense or set

    def to_json(self) -> dict:
        return {"card": self.card.to_json(), "location": self.location, "index": self.index,
                "position": self.position}


@dataclass(frozen=True)
class Play:
    action: str
    player: int
    card: CardRef | None = None
    materials: tuple[CardRef, ...] = ()
    spell: CardRef | None = None
    cards: tuple[CardRef, ...] = ()          # Pendulum Summon: the monsters summoned together
    placements: tuple[Placement, ...] = ()   # with zones=True
    copies: int = 1                          # identical copies of the card this play stands for
    effect: int | None = None                # activate: the effect's number in reading order of the text
    costs: tuple[CardRef, ...] = ()          # activate: the cards paid as costs
    targets: tuple[CardRef, ...] = ()        # activate: the cards targeted

    def to_json(self) -> dict:
        out: dict[str, Any] = {"action": self.action, "player": self.player}
        if self.card is not None:
            out["card"] = self.card.to_json()
        if self.copies > 1:
            out["copies"] = self.copies
        if self.action == "activate":
            out.update(effect=self.effect, costs=[c.to_json() for c in self.costs],
                       targets=[c.to_json() for c in self.targets])
        elif self.action == "pendulum_summon":
            out["cards"] = [c.to_json() for c in self.cards]
        else:
            out["materials"] = [m.to_json() for m in self.materials]
        if self.spell is not None:
            out["spell"] = self.spell.to_json()
        if self.placements:
            out["placements"] = [p.to_json() for p in self.placements]
        return out

    def sort_key(self) -> tuple:
        # A total order (a placement's card included): the listed order never depends on the
        # order in which the solver finds the plays.
        ref = lambda r: (r.location, r.index) if r else ("", -1)  # noqa: E731
        return (ACTION_ORDER.index(self.action), ref(self.card), self.effect or 0, [ref(c) for c in self.costs],
                [ref(c) for c in self.targets], ref(self.spell),
                [ref(m) for m in self.materials], [ref(c) for c in self.cards],
                [(p.location, p.index, p.position, ref(p.card)) for p in self.placements])


class PlayList(list):
    """A list of plays that also says whether the enumeration was complete."""

    def __init__(self, plays: Iterable[Play] = (), *, stopped: str | None = None, seconds: float = 0.0,
                 unsupported: dict[int, str] | None = None):
        super().__init__(plays)
        self.stopped = stopped
        self.seconds = seconds
        self.unsupported = unsupported or {}

    @property
    def complete(self) -> bool:
        return self.stopped is None


def as_position(position: Position | dict | str | Path, library: Library | None = None) -> Position:
    if isinstance(position, Position):
        return position
    if isinstance(position, dict):
        return parse_position(position, library=library)
    return load_position(position, library=library)


def ground(position: Position, instance: Instance, *, zones: bool = False, extra: str = "",
           reads: tuple[str, ...] | None = None) -> clingo.Control:
    """The rules core grounded for the one step of a position's plays: ``base`` and
    ``step(1)``.  The rest of the turn (attacks), goals and the state after the step are other
    program parts (lines.py grounds them), so they are not even handed to clingo here.  With
    ``reads`` the caller reads the shown atoms and those patterns only (solver.make_control), so
    the statements nothing shown depends on are left out too."""
    # Choices made on resolution (which card a search adds) are details of a line, not plays.
    # A play is its action at open game state, resolved at once: what the rules make follow it in
    # its block (a response, the triggers owed, the Fusion Summon an effect makes: chain.lp,
    # grants.lp) is a line's, so the step is no block's last (fslots) and keeps no link open.
    program = (instance.program() + ("show_zones.\n" if zones else "") + "hide_picks.\nfslots(1).\n:- keep(1).\n"
               + extra)
    parts = [("base", []), ("step", [clingo.Number(1)])]
    return make_control(encoding("yugioh"), program, parts=parts, one_shot=True, relevant_only=True,
                        reads=reads)


def plays(position: Position | dict | str | Path, *, zones: bool = False, limit: int | None = None,
          timeout: float | None = None, library: Library | None = None, all_copies: bool = False) -> PlayList:
    """Every legal play of the turn player from ``position``, one per distinct material set.

    Identical copies of a card (side by side in the hand, Deck or Extra Deck) give one play,
    whose ``copies`` says how many copies it stands for; ``all_copies`` gives one play per copy.
    With ``zones`` each play is also expanded by destination zone and battle position.
    ``limit`` and ``timeout`` bound the enumeration; the result says when it stopped early.
    """
    library = library or Library.load()
    position = as_position(position, library)
    instance = position_facts(position, library, all_copies=all_copies)
    # The plays read the shown atoms, and action_groups the step's open/1 and follow/1 (typical
    # board: ~17% less CPU than grounding every relevant statement, docs/decisions.md).
    ctl = ground(position, instance, zones=zones, reads=("open(_)", "follow(_)"))
    if not limit:
        # step.lp's #heuristic (each step decides its action first): the same models, found in
        # another order, and the plays are sorted; clasp's projected enumeration then backtracks
        # over fewer decisions per play (typical board: solving ~30% less, docs/decisions.md,
        # "Speed, fourth session").  With a limit, which plays come first is the answer, so the
        # order stays the default one.
        ctl.configuration.solver.heuristic = "Domain"
    result = solve(ctl, limit=limit, timeout=timeout, project=True, split=action_groups(ctl))
    found = (read_play(position, model) for model in result.models)
    if not all_copies:
        found = _with_copies(position, list(found))
    return PlayList(sorted(found, key=Play.sort_key), stopped=result.stopped, seconds=result.seconds,
                    unsupported=instance.unsupported)


# Candidate actions per solve call when a position's plays are enumerated in groups (solver.solve's
# ``split``): below twice this many, one call.  Measured on 1,000 monsters in the hand (4,023
# candidates): 50, 100, 200 and 400 a group cost 6.4, 5.4, 3.5-5.2 and 4.3 s against 16 s in one call.
ACTION_GROUP = 200


def action_groups(ctl: clingo.Control, step: int = 1) -> list[list[int]]:
    """The candidate actions ``act(step,_,_)`` of a grounded step in groups of ACTION_GROUP, when
    every model makes exactly one of them true: the step is open (a fact, so step.lp's
    ``{ act(t,K,I) : acand(t,K,I) } = 1 :- open(t)`` holds in every model) and no candidate is
    a fact.  Otherwise (or when there are few), no groups: one solve call."""
    atoms = ctl.symbolic_atoms
    opened = atoms[clingo.Function("open", [clingo.Number(step)])]
    if opened is None or not opened.is_fact or atoms[clingo.Function("follow", [clingo.Number(step)])] is not None:
        return []
    acts = [a for a in atoms.by_signature("act", 3) if a.symbol.arguments[0] == clingo.Number(step)]
    if len(acts) < 2 * ACTION_GROUP or any(a.is_fact for a in acts):
        return []
    literals = [a.literal for a in acts]
    return [literals[i:i + ACTION_GROUP] for i in range(0, len(literals), ACTION_GROUP)]


def _with_copies(position: Position, found: list[Play]) -> list[Play]:
    """Each play with the number of identical copies (facts.TWIN_PLACES) its card stands for."""
    me = position.turn_player
    key = lambda s: (s.location, s.card.code, s.face_up)  # noqa: E731
    count: Counter = Counter()
    at = {}
    for first, n in position.slots.runs():
        if first.owner == me and first.location in ("hand", "extra_deck"):
            count[key(first)] += n
            at.update(((s.location, s.index), s) for s in position.slots.copies(first, n))
    out = []
    for p in found:
        slot = at.get((p.card.location, p.card.index)) if p.card else None
        out.append(replace(p, copies=count[key(slot)]) if slot is not None else p)
    return out


def given_facts(play: Play, step: int = 1) -> list[clingo.Symbol]:
    """The given_* facts of step.lp that pin ``play`` at ``step`` (cards named by code; the solver
    picks the copies).  Checking a line and re-checking a listed play both go through these."""
    out = [fact("given_act", step, play.action, play.card.id if play.card else "none")]
    out += [fact("given_mat", step, code, n) for code, n in sorted(Counter(m.id for m in play.materials).items())]
    out += [fact("given_pend", step, code, n) for code, n in sorted(Counter(c.id for c in play.cards).items())]
    if play.spell:
        out.append(fact("given_spell", step, play.spell.id))
    if play.effect is not None:
        out.append(fact("given_eff", step, play.effect))
    out += [fact("given_cost", step, code, n) for code, n in sorted(Counter(c.id for c in play.costs).items())]
    out += [fact("given_tgt", step, code, n) for code, n in sorted(Counter(c.id for c in play.targets).items())]
    return out


def accepts(position: Position, play: Play, library: Library | None = None) -> bool:
    """Whether the rules accept ``play`` on its own (strict mode, the play pinned)."""
    instance = position_facts(position, library)
    extra = "".join(f"{s}.\n" for s in given_facts(play))
    return bool(solve(ground(position, instance, extra=extra, reads=()), limit=1).models)


# The summon a card would be brought out by, for "why is there no play of this card?".
METHOD_ACTION = {"fusion": "fusion_summon", "synchro": "synchro_summon", "xyz": "xyz_summon",
                 "link": "link_summon", "ritual": "ritual_summon"}


def natural_action(slot: Slot) -> str | None:
    """The action that would summon ``slot`` from where it is, or None (a Spell, a card on the
    field, a card whose requirement is not read)."""
    card = slot.card
    if not card.is_monster:
        return None
    if slot.location == "extra_deck" and not slot.face_up:
        return METHOD_ACTION.get(card.summon_method or "")
    if slot.location == "hand":
        if card.is_ritual:
            return "ritual_summon"
        if card.special_summon_only and _has_hand_procedure(card):
            return "special_summon"  # its own procedure is its only way from the hand
        return "tribute_summon" if card.level >= 5 else "normal_summon"
    return None


def _has_hand_procedure(card) -> bool:
    from oracle.yugioh.requirements import hand_procedures

    library = Library.load()
    return bool(hand_procedures(card, library)[0])


def blockers(position: Position, slot: Slot, action: str, library: Library | None = None,
             timeout: float | None = 10.0) -> list[tuple[clingo.Symbol, list[clingo.Symbol]]]:
    """The fewest rules broken by the best attempt at ``action`` on ``slot``'s card, with the
    attempt's atoms: the relaxed rules core, its failures minimised (docs/decisions.md)."""
    instance = position_facts(position, library)
    extra = f"relaxed.\n{fact('given_act', 1, action, slot.card.code)}.\n"
    result = solve(ground(position, instance, extra=extra), limit=1, timeout=timeout,
                   optimal_only=True, atoms=True)
    if not result.models:
        return []
    return [(atom.arguments[1], result.atoms[0]) for atom in result.models[0] if atom.name == "fail"]


def read_play(position: Position, atoms: list[clingo.Symbol], step: int = 1) -> Play:
    """Turn the shown atoms of one model (one step) into a Play."""
    ref = lambda iid: CardRef.of(position.slot(iid))  # noqa: E731
    action, card, spell = "", None, None
    materials: list[CardRef] = []
    cards: list[CardRef] = []
    costs: list[CardRef] = []
    targets: list[CardRef] = []
    effect = None
    zone: dict[int, int] = {}
    pos: dict[int, str] = {}
    for atom in atoms:
        name, args = _parts(atom)
        if not args or args[0] != step:
            continue
        if name == "act":
            action = args[1]
            if isinstance(args[2], int):
                card = ref(args[2])
        elif name == "mat":
            materials.append(ref(args[1]))
        elif name == "spell":
            spell = ref(args[1])
        elif name == "pend":
            cards.append(ref(args[1]))
        elif name == "eff":
            effect = args[1]
        elif name == "cost":
            costs.append(ref(args[1]))
        elif name == "tgt":
            targets.append(ref(args[1]))
        elif name == "to":
            zone[args[1]] = args[2]
        elif name == "as":
            pos[args[1]] = args[2]
    if not action:
        raise OracleError(f"the solver returned a model without an action at step {step}")
    placements = tuple(sorted(
        (Placement(CardRef.of(position.slot(i)), *_zone_name(z), pos.get(i, "attack")) for i, z in zone.items()),
        key=lambda p: (p.card.location, p.card.index)))
    order = lambda r: (r.location, r.index)  # noqa: E731
    return Play(action=action, player=position.turn_player, card=card,
                materials=tuple(sorted(materials, key=order)), spell=spell,
                cards=tuple(sorted(cards, key=order)), placements=placements, effect=effect,
                costs=tuple(sorted(costs, key=order)), targets=tuple(sorted(targets, key=order)))


# Each shown atom as (name, (number or constant name, ...)): each access to a symbol's parts is a
# call into clingo, and the same atoms come back in model after model (mat(1,5) in every play that
# uses instance 5), so each is read once and then found by its hash.
_PARTS: dict[clingo.Symbol, tuple[str, tuple]] = {}


def _parts(atom: clingo.Symbol) -> tuple[str, tuple]:
    found = _PARTS.get(atom)
    if found is None:
        if len(_PARTS) >= 100_000:
            _PARTS.clear()
        args = tuple(a.number if a.type == clingo.SymbolType.Number else a.name if a.type == clingo.SymbolType.Function
                     else a for a in atom.arguments)
        found = _PARTS[atom] = (atom.name, args)
    return found


def _zone_name(zone: int) -> tuple[str, int]:
    return ZONE_NAMES.get(zone, ("monster_zone", zone))
