"""A Position as clingo Symbols (the facts asp/duel_masters/*.lp read; docs/duel-masters.md).

Symbols are built with clingo's constructors and printed by clingo, so names with quotes or
accents cannot break the program.
"""
from __future__ import annotations

from clingo import Function, Number, String, Symbol

from oracle.duel_masters import effects
from oracle.duel_masters import keywords as kw
from oracle.duel_masters.cards import Card
from oracle.duel_masters.position import Position
from oracle.resources import encoding
from oracle.terms import fact, term


def _c(name: str) -> Symbol:
    return term(name)  # a constant


_f = fact  # name(args...) from ints, constants and Symbols (oracle.terms)


def filter_term(flt: tuple, position: Position) -> Symbol:
    """A keyword filter tuple as the filter term match/2 understands."""
    kind = flt[0]
    if kind in ("any", "non_evolution", "cost_at_most_mana"):
        return _c(kind)
    if kind in ("civ", "not_civ"):
        return _f(kind, _c(flt[1]))
    if kind == "civ_or":
        return _f(kind, _c(flt[1]), _c(flt[2]))
    if kind in ("race", "race_word"):
        return Function(kind, [String(flt[1])])
    if kind == "name":
        card = position.library.find(flt[1])
        return _f("card", card.code if card else 0)
    raise ValueError(f"unknown filter {flt!r}")


def race_set(position: Position) -> frozenset[str]:
    """Every race name of the library (plural forms in card text are matched against it)."""
    lib = position.library
    if not hasattr(lib, "_races"):
        lib._races = frozenset(r for c in lib.cards for r in c.races)
    return lib._races


def card_facts(card: Card, position: Position) -> list[Symbol]:
    c = card.code
    out = [_f("card", c), _f("cost", c, card.cost), _f("mana_number", c, card.mana_number)]
    if card.is_creature:
        out.append(_f("creature", c))
    if card.type == "spell":
        out.append(_f("spell", c))
    if card.type == "cross_gear":
        out.append(_f("gear", c))  # a cross gear: generated and crossed (asp/duel_masters/gear.lp)
    if card.power_value is not None:
        out.append(_f("power", c, card.power_value))
    if card.gr:
        out.append(_f("gr_creature", c))
    found = kw.abilities(card, race_set(position))
    # The text is the authority: some cards (Alphadios) say "Evolution" without the supertype.
    if card.evolution or found.of(kw.Evolution):
        out.append(_f("evolution", c))
    out += [_f("civ", c, _c(x)) for x in card.civilizations]
    for race in card.races:
        out.append(Function("race", [Number(c), String(race)]))
        out += [Function("race_word", [Number(c), String(w)]) for w in race.split(" ")]
    for k, ab in enumerate(found.items, start=1):
        out += _ability_facts(c, k, ab, position)
    return out + effects.card_facts(card, race_set(position))


def _ability_facts(c: int, k: int, ab, position: Position) -> list[Symbol]:
    if isinstance(ab, kw.ShieldTrigger):
        return [_f("shield_trigger", c)]
    if isinstance(ab, kw.NinjaStrike):
        return [_f("ninja_strike", c, ab.mana)]
    if isinstance(ab, kw.GravityZero):
        if ab.condition[0] == "hand_at_least":
            return [_f("gravity_zero", c, _f("hand_at_least", ab.condition[1]))]
        return [_f("gravity_zero", c, _c(ab.condition[0]))]
    if isinstance(ab, kw.CannotBeSummoned):
        return [_f("cannot_summon", c)]
    if isinstance(ab, kw.SummonOnlyIf):
        return [_f("summon_only_if", c, _c(ab.condition))]
    if isinstance(ab, kw.SummonLock):
        return [_f("lock", c, _c(ab.who), filter_term(ab.filter, position))]
    if isinstance(ab, kw.Sympathy):
        return [_f("sympathy_floor", c, ab.floor)] + [
            Function("sympathy", [Number(c), String(r)]) for r in ab.races]
    if isinstance(ab, kw.CostChange):
        return [_f("cost_change", c, k, _c(ab.who), filter_term(ab.filter, position), ab.delta,
                   ab.floor, _c("up_to" if ab.up_to else "exact"))] + ([_f("cost_for", c, k, _c("spell"))] if ab.spells else [])
    if isinstance(ab, kw.CastLock):
        return [_f("cast_lock", c, _c(ab.who), filter_term(ab.filter, position))]
    if isinstance(ab, kw.CastOnlyIf):
        return [_f("cast_only_if", c, term(ab.condition))]
    if isinstance(ab, kw.NextSummonReduction):
        return [_f("next_summon_reduction", c, ab.amount, ab.floor)]
    if isinstance(ab, kw.SummonFrom):
        return [_f("summon_from", c, _c(ab.zone), _c("free" if ab.free else "paid"))]
    if isinstance(ab, kw.Evolution):
        out = []
        for g, group in enumerate(ab.groups, start=1):
            alts = group[1:] if group[0] == "any_of" else (group,)
            out += [_f("evo_alt", c, g, a, filter_term(alt, position))
                    for a, alt in enumerate(alts, start=1)]
        return out
    if isinstance(ab, kw.PutIntoBattleZone):
        return [_f("put_ability", c, k, _c(ab.zone), _c("tapped" if ab.tapped else "untapped"))] + [
            _f("put_filter", c, k, filter_term(f, position)) for f in ab.filters]
    if isinstance(ab, kw.RevengeChance):
        kind, *numbers = ab.condition
        return [_f("revenge_chance", c, _c(ab.whose), _f(kind, *numbers))]
    if isinstance(ab, kw.GrSummon):
        return [_f("gr_summon", c)]
    if isinstance(ab, kw.Trigger):
        return [_f("trigger", c, _c(ab.event))]
    raise ValueError(f"no facts for {ab!r}")


def _twin_key(inst, position: Position) -> tuple | None:
    """Copies with the same key are interchangeable; None: this card has no twin."""
    if inst.zone in ("deck", "gr_zone") or inst.stacked_on is not None or inst.crossed_on is not None:
        return None  # an order (top of the deck, of the super GR zone), a stack or a crossing makes it unique
    below = tuple(i.card.code for i in position.instances if i.stacked_on == inst.iid)
    gears = tuple(sorted(i.card.code for i in position.instances if i.crossed_on == inst.iid))
    return (inst.player, inst.zone, inst.card.code, inst.tapped, inst.summoned_this_turn, inst.broken, below, gears)


def position_facts(position: Position, *, all_payments: bool = False) -> list[Symbol]:
    out = [_f("turn_player", position.turn_player), _f("step", _c(position.step)),
           _f("rules", _c(position.rules))]
    cards: dict[int, Card] = {}
    last_of_kind: dict[tuple, int] = {}
    for inst in position.instances:
        i = inst.iid
        cards[inst.card.code] = inst.card
        out += [_f("inst", i, inst.card.code), _f("owner", i, inst.player), _f("zone", i, _c(inst.zone))]
        if inst.tapped:
            out.append(_f("tapped", i))
        if inst.summoned_this_turn:
            out.append(_f("summoned_this_turn", i))
        if inst.broken:
            out.append(_f("broken", i))
        if inst.zone == "deck" and inst.index == 0:
            out.append(_f("deck_top", i))  # deck[0] is the top card
        if inst.zone == "deck":
            out.append(_f("deck_pos", i, inst.index))  # the order draws take (resolve.lp)
        if inst.zone == "gr_zone":
            out.append(_f("gr_order", i, inst.index))  # gr_zone[0] is the top card
        if inst.stacked_on is not None:
            out.append(_f("under", i, inst.stacked_on, inst.under))
        if inst.crossed_on is not None:
            out.append(_f("cross_on", i, inst.crossed_on))  # gear i is crossed with creature crossed_on
        key = _twin_key(inst, position)
        if key is not None:
            if key in last_of_kind:
                out.append(_f("twin", last_of_kind[key], i))
            last_of_kind[key] = i
    for p, state in enumerate(position.players):
        out.append(_f("spells_cast", p, state.spells_cast_this_turn))
        if state.ninja_strike_used:
            out.append(_f("ninja_strike_used", p))
        out.append(_f("put_this_turn", p, state.creatures_put_this_turn))
    for e, (p, card) in enumerate(position.effects, start=1):
        cards[card.code] = card
        out.append(_f("effect", e, p, card.code))
    if position.resolving:
        p, card = position.resolving
        cards[card.code] = card
        out.append(_f("resolving", p, card.code))
    # Cards named by put abilities ("an Ambush Scorpion") need no facts beyond their code.
    for card in cards.values():
        out += card_facts(card, position)
    if not all_payments:
        out.append(_c("collapse_twins"))
    return out


# Files of asp/duel_masters that only some positions need.  Their rules are part of the scenarios'
# recursion (battle.lp), so even with no fact to use they would be grounded (and change the search);
# left out, the pack grounds for a position without such cards the program it grounded before them.
def pack(symbols: list[Symbol]) -> list:
    """The files of the rules pack these facts need: gear.lp where a cross gear is among the cards or
    a line names a generate or a cross (given_act/3), replace.lp where a card has a replacement,
    power_zero.lp where a creature's power may fall to 0 or less (pm_lower/1)."""
    names = {s.name for s in symbols} | {f"given_{s.arguments[1].name}" for s in symbols
                                         if s.name == "given_act" and s.arguments[1].name in ("generate", "cross")}
    need = {"gear.lp": {"gear", "given_generate", "given_cross"}, "replace.lp": {"repl"}, "power_zero.lp": {"pm_lower"}}
    return [f for f in encoding("duel_masters") if f.name not in need or need[f.name] & names]


def as_program(symbols: list[Symbol]) -> str:
    """Facts text for solver.make_control (each symbol printed by clingo itself)."""
    return "".join(f"{s}.\n" for s in symbols)
