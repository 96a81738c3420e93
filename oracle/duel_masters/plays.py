"""Answer sets of step 1 -> Play objects, and their JSON and table renderings.

The JSON of a play is the issue's contract (action, player, card, payment for summons) plus the
keys docs/duel-masters.md documents: method, cost, base, triggers, cost_treated_as_paid
(GR summon), for a charge, tapped, and for a cast spell, its cost, payment and targets (a summon
or a put lists the targets of its creature's "when you put this creature" ability too); a
cross gear generated or crossed has its cost and payment, and "onto", the creature it is crossed with.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from clingo import Symbol

from oracle.duel_masters.position import Position
from oracle.solver import SolveResult


@dataclass
class Play:
    action: str  # "summon", "put_into_battle_zone", "cast", "generate", "cross" or "charge"
    player: int
    card: dict  # CARDREF {"name", "location", "index"} (+ "under" for an evolution source)
    method: str  # normal, from_zone, gravity_zero, shield_trigger, ninja_strike,
    #              revenge_chance, gr_summon; effect (put); spell (cast); charge
    cost: int | None = None  # total cost paid for (None: not paid)
    payment: list[dict] = field(default_factory=list)  # [{"card": CARDREF, "civilization": c}]
    base: list[dict] = field(default_factory=list)  # evolution: the creature(s) it goes on
    triggers: list[dict] = field(default_factory=list)  # [{"card": CARDREF, "on": kind}]
    treated_as_paid: bool = False  # GR summon: the cost counts as paid, no mana is tapped
    tapped: bool | None = None  # charge: the card enters the mana zone tapped (multicoloured)
    targets: list[dict] = field(default_factory=list)  # cast, summon, put: the creatures its effect chooses
    onto: dict | None = None  # generate (Shield Trigger Cross), cross: the creature the gear is crossed with

    def to_json(self) -> dict:
        out = {"action": self.action, "player": self.player, "card": self.card, "method": self.method}
        if self.action in ("summon", "cast", "generate", "cross"):
            out["cost"] = self.cost if self.cost is not None else 0
            out["payment"] = self.payment
            if self.treated_as_paid:
                out["cost_treated_as_paid"] = True
        if self.action == "charge":
            out["tapped"] = bool(self.tapped)
        if self.base:
            out["base"] = self.base
        if self.triggers:
            out["triggers"] = self.triggers
        if self.action == "cast":
            out["targets"] = self.targets
        if self.onto is not None:
            out["onto"] = self.onto
        return out

    def sort_key(self) -> tuple:
        pay = tuple((p["card"]["index"], p["civilization"] or "") for p in self.payment)
        return (self.action != "summon", self.action, self.card["location"], self.card["index"], self.method,
                tuple(b["index"] for b in self.base), pay,
                tuple((t["location"], t["index"]) for t in self.targets),
                () if self.onto is None else (self.onto["location"], self.onto["index"]))


def _num(sym: Symbol) -> int:
    return sym.number


def model_to_play(symbols: list[Symbol], position: Position) -> Play | None:
    ref = lambda s: position.by_iid(_num(s)).ref()
    play = None
    cost = None
    deemed = tapped = False
    payment, bases, triggers, targets = [], [], [], []
    onto = None
    for s in symbols:
        args = s.arguments
        if s.name == "play":
            play = (args[1].name, _num(args[2]), ref(args[3]), args[4].name)
        elif s.name == "pay":
            civ = args[2].name
            payment.append({"card": ref(args[1]), "civilization": None if civ == "none" else civ})
        elif s.name == "cost":
            cost = _num(args[2])
        elif s.name == "base":
            bases.append(ref(args[2]))
        elif s.name == "triggered":
            triggers.append({"card": ref(args[1]), "on": args[2].name})
        elif s.name == "target":
            targets.append(ref(args[2]))
        elif s.name == "onto":
            onto = ref(args[2])
        elif s.name == "treated_as_paid":
            deemed = True
        elif s.name == "enters_tapped":
            tapped = True
    if play is None:
        return None
    action, player, card, method = play
    if action in ("summon", "generate", "cross") and cost is None:
        cost = 0  # a free method (S-Trigger, Ninja Strike, G-Zero, "for no cost")
    payment.sort(key=lambda p: p["card"]["index"])
    bases.sort(key=lambda b: b["index"])
    triggers.sort(key=lambda t: (t["card"]["location"], t["card"]["index"], t["on"]))
    targets.sort(key=lambda t: (t["location"], t["index"]))
    return Play(action, player, card, method, cost if action in ("summon", "cast", "generate", "cross") else None,
                payment, bases, triggers, deemed, tapped if action == "charge" else None, targets, onto)


def plays_from(result: SolveResult, position: Position) -> list[Play]:
    found = [model_to_play(m, position) for m in result.models]
    return sorted((p for p in found if p is not None), key=Play.sort_key)


def _cell(ref: dict) -> str:
    under = f" under[{ref['under']}]" if "under" in ref else ""
    under += f" crossed[{ref['crossed']}]" if "crossed" in ref else ""
    return f"{ref['name']} ({ref['location']}[{ref['index']}]{under})"


def table(plays: list[Play]) -> str:
    """A readable listing, one block per play."""
    if not plays:
        return "no legal play"
    lines = []
    for n, p in enumerate(plays, start=1):
        verb = {"summon": "summon", "charge": "charge", "cast": "cast", "generate": "generate",
                "cross": "cross"}.get(p.action, "put into the battle zone")
        head = f"{n:>3}. P{p.player} {verb} {_cell(p.card)} [{p.method}]"
        if p.onto is not None:
            head += f" onto {_cell(p.onto)}"
        if p.action in ("summon", "cast", "generate", "cross"):
            head += " cost treated as paid" if p.treated_as_paid else f" cost {p.cost}"
        if p.action == "charge":
            head += " -> mana zone, " + ("tapped" if p.tapped else "untapped")
        lines.append(head)
        if p.payment:
            paid = ", ".join(f"{_cell(x['card'])}" + (f" -> {x['civilization']}" if x["civilization"] else "")
                             for x in p.payment)
            lines.append(f"       tap: {paid}")
        if p.base:
            lines.append("       on: " + ", ".join(_cell(b) for b in p.base))
        if p.triggers:
            lines.append("       triggers: " + ", ".join(f"{_cell(t['card'])} ({t['on']})" for t in p.triggers))
        if p.targets:
            lines.append("       targets: " + ", ".join(_cell(t) for t in p.targets))
    return "\n".join(lines)
