"""Position JSON -> a validated ``Position``; every problem is an OracleError naming its field."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from oracle.duel_masters.cards import CIVILIZATIONS, Card, Library, card_from_dict, library
from oracle.errors import OracleError
from oracle.terms import COUNT_MAX, whole_number

ZONES = ("hand", "mana_zone", "battle_zone", "shields", "graveyard", "deck", "hyperspatial_zone",
         "gr_zone")
# Which per-card flags each zone accepts (anything else is a typo we report).
FLAGS = {
    "mana_zone": {"tapped"},
    "battle_zone": {"tapped", "summoned_this_turn", "under", "crossed"},
    "shields": {"broken"},
}
STEPS = ("charge", "main", "shield_break", "attack", "block", "end")
RULES = {"duel-masters": "standard", "duel-masters-plays": "plays"}
CARD_TYPES = ("creature", "spell", "cross_gear")


@dataclass
class Instance:
    """One physical card of the position."""

    iid: int  # the instance id used in the ASP facts
    player: int
    zone: str
    index: int  # position in the input list: CARDREF.index
    card: Card
    tapped: bool = False
    summoned_this_turn: bool = False
    broken: bool = False
    label: str | None = None  # the optional "id" the input gave it
    under: int | None = None  # evolution source: its place in the stack's "under" list
    stacked_on: int | None = None  # evolution source: the iid of the card on top of it
    crossed: int | None = None  # cross gear crossed with a creature: its place in the creature's "crossed" list
    crossed_on: int | None = None  # ... and the iid of that creature

    def ref(self) -> dict:
        out = {"name": self.card.name, "location": self.zone, "index": self.index}
        if self.under is not None:
            out["under"] = self.under
        if self.crossed is not None:
            out["crossed"] = self.crossed
        return out


@dataclass
class PlayerState:
    spells_cast_this_turn: int = 0
    ninja_strike_used: bool = False
    creatures_put_this_turn: int = 0  # creatures this player put into the battle zone this turn


@dataclass
class Position:
    rules: str  # "standard" or "plays"
    turn_player: int
    step: str
    players: list[PlayerState]
    instances: list[Instance]
    library: Library
    effects: list[tuple[int, Card]] = field(default_factory=list)
    resolving: tuple[int, Card] | None = None
    source: str = "<position>"

    def by_iid(self, iid: int) -> Instance:
        return self.instances[iid - 1]

    def _repr_svg_(self) -> str:  # notebooks show a position as its picture
        from oracle.duel_masters.picture import draw
        return draw(self)


def _is_player(value) -> bool:
    return type(value) is int and value in (0, 1)  # bool is an int in Python: refuse it


def _need(cond: bool, problem: str, where: str) -> None:
    if not cond:
        raise OracleError(problem, field=where)


def _custom_cards(rows, base: Library) -> list[Card]:
    """Cards defined in the position itself (for cards the library lacks, e.g. Ninja Strike)."""
    _need(isinstance(rows, list), "must be a list of card objects", "cards")
    made = []
    next_code = max(base.by_code) + 1
    allowed = {"name", "civilizations", "cost", "type", "races", "evolution", "text", "mana_number",
               "power", "gr"}
    for n, row in enumerate(rows):
        where = f"cards[{n}]"
        _need(isinstance(row, dict), "must be an object", where)
        extra = set(row) - allowed
        _need(not extra, f"unknown key(s) {sorted(extra)}", where)
        for key in ("name", "civilizations", "cost", "type"):
            _need(key in row, f"missing {key!r}", where)
        _need(isinstance(row["name"], str) and row["name"].strip() != "", "name must be a string", f"{where}.name")
        _need(base.find(row["name"]) is None, f"{row['name']!r} is already a card of the library", f"{where}.name")
        civs = row["civilizations"]
        _need(isinstance(civs, list), "must be a list", f"{where}.civilizations")
        civs = [c.lower() if isinstance(c, str) else c for c in civs]
        for k, civ in enumerate(civs):
            _need(civ in CIVILIZATIONS, f"{row['civilizations'][k]!r} is not a civilization "
                  f"({', '.join(CIVILIZATIONS)})", f"{where}.civilizations[{k}]")
        whole_number(row["cost"], lo=0, hi=COUNT_MAX, what="a cost", field=f"{where}.cost")
        kind = str(row["type"]).lower().replace(" ", "_")
        _need(kind in CARD_TYPES, f"type must be one of {CARD_TYPES}", f"{where}.type")
        races = row.get("races", [])
        _need(isinstance(races, list) and all(isinstance(r, str) for r in races),
              "races must be a list of strings", f"{where}.races")
        _need(isinstance(row.get("text", ""), str), "text must be a string", f"{where}.text")
        _need(isinstance(row.get("evolution", False), bool), "evolution must be true or false",
              f"{where}.evolution")
        _need(isinstance(row.get("gr", False), bool), "gr must be true or false", f"{where}.gr")
        _need(not row.get("gr") or kind == "creature", "only a creature can be a GR creature", f"{where}.gr")
        _need(row.get("power") is None or type(row.get("power")) is int or isinstance(row.get("power"), str),
              "power must be an integer or a string", f"{where}.power")
        printed = re.match(r"\d+", str(row.get("power") or ""))  # "5000+" is power 5000
        if printed:
            whole_number(int(printed.group()), lo=0, hi=COUNT_MAX * 100, what="a power", field=f"{where}.power")
        mana = row.get("mana_number", 1)
        whole_number(mana, lo=0, hi=COUNT_MAX, what="the mana number", field=f"{where}.mana_number")
        made.append(card_from_dict({**row, "civilizations": civs, "type": kind}, next_code + n))
    return made


def _card_entry(entry, zone: str, where: str, lib: Library) -> tuple[Card, dict, str | None]:
    if isinstance(entry, (str, int)):
        entry = {"card": str(entry)}
    _need(isinstance(entry, dict), "must be a card name or an object with 'card'", where)
    _need("card" in entry, "missing 'card'", where)
    flags = {k: v for k, v in entry.items() if k not in ("card", "id")}
    bad = set(flags) - FLAGS.get(zone, set())
    if bad:
        raise OracleError(f"{sorted(bad)} not allowed for a card in {zone} "
                          f"(allowed: {sorted(FLAGS.get(zone, set())) or 'none'})", field=where)
    for key, value in flags.items():
        if key not in ("under", "crossed"):
            _need(isinstance(value, bool), f"{key!r} must be true or false", f"{where}.{key}")
    card = lib.get(str(entry["card"]), field=f"{where}.card")
    label = entry.get("id")
    return card, flags, None if label is None else str(label)


def _is_evolution(card: Card, lib: Library) -> bool:
    """Evolution by its supertype or by its text (some cards say only "Evolution")."""
    from oracle.duel_masters import keywords as kw

    if not hasattr(lib, "_races"):
        lib._races = frozenset(r for c in lib.cards for r in c.races)
    return card.evolution or bool(kw.abilities(card, lib._races).of(kw.Evolution))


def _zone_cards(p: int, zone: str, cards: list, lib: Library, instances: list, labels: dict) -> None:
    """Append the instances of one zone of player p (and the evolution sources under them)."""
    where = f"players[{p}]"

    def label_of(label, at):
        if label is not None:
            _need(label not in labels, f"card id {label!r} is already used at {labels.get(label)}", f"{at}.id")
            labels[label] = at

    for index, entry in enumerate(cards):
        at = f"{where}.{zone}[{index}]"
        card, flags, label = _card_entry(entry, zone, at, lib)
        label_of(label, at)
        if zone == "battle_zone":
            _need(card.is_creature or card.type == "cross_gear",
                  f"{card.name} is a {card.type}; it cannot be in the battle zone", at)
        # GR creatures live in the super GR zone and, once summoned, in the battle zone (408, 809).
        if zone == "gr_zone":
            _need(card.gr, f"{card.name} is not a GR creature; only GR creatures are in the super GR zone", at)
        else:
            _need(not card.gr or zone == "battle_zone",
                  f"{card.name} is a GR creature; it can only be in gr_zone or battle_zone", at)
        # A cross gear in the battle zone takes no flags: it is never tapped, and the gears crossed
        # with a creature are listed on the creature ("crossed").
        _need(zone != "battle_zone" or card.type != "cross_gear" or not flags, f"{card.name} is a cross gear; it takes no flags "
              "(list the gears crossed with a creature under its \"crossed\")", at)
        top = Instance(len(instances) + 1, p, zone, index, card,
                       tapped=flags.get("tapped", False),
                       summoned_this_turn=flags.get("summoned_this_turn", False),
                       broken=flags.get("broken", False), label=label)
        instances.append(top)
        if "crossed" in flags:
            gears = flags["crossed"]
            _need(isinstance(gears, list) and gears, "must be a non-empty list of cross gears", f"{at}.crossed")
            _need(card.is_creature, f"{card.name} is not a creature; only a creature is crossed with cross gears",
                  f"{at}.crossed")
            for k, entry in enumerate(gears):
                gat = f"{at}.crossed[{k}]"
                gear, _, glabel = _card_entry(entry, "crossed", gat, lib)  # a gear has no flags of its own
                label_of(glabel, gat)
                _need(gear.type == "cross_gear", f"{gear.name} is a {gear.type}; only cross gears are crossed", gat)
                instances.append(Instance(len(instances) + 1, p, zone, index, gear, label=glabel,
                                          crossed=k, crossed_on=top.iid))
        if "under" not in flags:
            continue
        under = flags["under"]
        _need(isinstance(under, list) and under, "must be a non-empty list of cards", f"{at}.under")
        _need(_is_evolution(card, lib), f"{card.name} is not an evolution creature; nothing can be under it",
              f"{at}.under")
        for k, below in enumerate(under):
            bat = f"{at}.under[{k}]"
            base, _, blabel = _card_entry(below, "under", bat, lib)  # a source has no flags of its own
            label_of(blabel, bat)
            _need(base.is_creature, f"{base.name} is a {base.type}; an evolution source is a creature", bat)
            instances.append(Instance(len(instances) + 1, p, zone, index, base, label=blabel,
                                      under=k, stacked_on=top.iid))


def parse_position(doc: dict, source: str = "<position>", lib: Library | None = None) -> Position:
    """Validate a position document; raises OracleError located in ``source``."""
    try:
        return _parse(doc, source, lib or library())
    except OracleError as err:
        raise err.located(source)


def _parse(doc, source: str, lib: Library) -> Position:
    _need(isinstance(doc, dict), "a position must be a JSON object", None)
    known = {"game", "rules", "turn", "players", "cards", "effects", "resolving", "$schema", "comment"}
    extra = set(doc) - known
    _need(not extra, f"unknown key(s) {sorted(extra)}", None)
    _need(doc.get("game") == "duel-masters", "game must be \"duel-masters\"", "game")
    rules = doc.get("rules", "duel-masters")
    _need(isinstance(rules, str) and rules in RULES, f"rules must be one of {sorted(RULES)}", "rules")
    if "cards" in doc:
        lib = lib.extended(_custom_cards(doc["cards"], lib))
    turn = doc.get("turn", {"player": 0, "step": "main"})
    _need(isinstance(turn, dict), "must be an object", "turn")
    extra = set(turn) - {"player", "step"}
    _need(not extra, f"unknown key(s) {sorted(extra)}", "turn")
    _need(_is_player(turn.get("player")), "must be 0 or 1", "turn.player")
    _need(isinstance(turn.get("step", "main"), str) and turn.get("step", "main") in STEPS, f"must be one of {STEPS}", "turn.step")
    players = doc.get("players")
    _need(isinstance(players, list) and len(players) == 2, "must be a list of 2 players", "players")
    states, instances, labels = [], [], {}
    for p, pdoc in enumerate(players):
        where = f"players[{p}]"
        _need(isinstance(pdoc, dict), "must be an object", where)
        extra = set(pdoc) - set(ZONES) - {"spells_cast_this_turn", "ninja_strike_used",
                                          "creatures_put_this_turn"}
        _need(not extra, f"unknown key(s) {sorted(extra)}", where)
        spells = pdoc.get("spells_cast_this_turn", 0)
        whole_number(spells, lo=0, hi=COUNT_MAX, what="the count", field=f"{where}.spells_cast_this_turn")
        used = pdoc.get("ninja_strike_used", False)
        _need(isinstance(used, bool), "must be true or false", f"{where}.ninja_strike_used")
        put = pdoc.get("creatures_put_this_turn", 0)
        whole_number(put, lo=0, hi=COUNT_MAX, what="the count", field=f"{where}.creatures_put_this_turn")
        states.append(PlayerState(spells, used, put))
        for zone in ZONES:
            cards = pdoc.get(zone, [])
            _need(isinstance(cards, list), "must be a list", f"{where}.{zone}")
            _zone_cards(p, zone, cards, lib, instances, labels)
    effects = []
    _need(isinstance(doc.get("effects", []), list), "must be a list", "effects")
    for n, eff in enumerate(doc.get("effects", [])):
        at = f"effects[{n}]"
        _need(isinstance(eff, dict) and set(eff) <= {"card", "player"} and "card" in eff,
              "must be an object with 'card' and 'player'", at)
        _need(_is_player(eff.get("player")), "must be 0 or 1", f"{at}.player")
        effects.append((eff["player"], lib.get(str(eff["card"]), field=f"{at}.card")))
    resolving = None
    if "resolving" in doc:
        res = doc["resolving"]
        _need(isinstance(res, dict) and set(res) <= {"card", "player"} and "card" in res,
              "must be an object with 'card' and 'player'", "resolving")
        _need(_is_player(res.get("player")), "must be 0 or 1", "resolving.player")
        resolving = (res["player"], lib.get(str(res["card"]), field="resolving.card"))
    step = turn.get("step", "main")
    if step == "shield_break":
        _need(any(i.broken for i in instances), "step shield_break needs a shield marked \"broken\": true", "turn.step")
    else:
        broken = [i for i in instances if i.broken]
        _need(not broken, "a shield is marked broken but turn.step is not \"shield_break\"",
              f"players[{broken[0].player}].shields[{broken[0].index}]" if broken else None)
    return Position(RULES[rules], turn["player"], step, states, instances, lib, effects, resolving, source)
