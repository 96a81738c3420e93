"""Emit a position and its cards as the facts of docs/facts-schema.md (clingo symbols, no strings
glued by hand)."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from clingo import Function, Symbol

from oracle.errors import OracleError
from oracle.terms import fact
from oracle.yugioh.cards import Card, Library
from oracle.yugioh import fx_tokens
from oracle.yugioh.effect_text import SUMMONS_AS_IT_RESOLVES, card_effects
from oracle.yugioh.position import RULES, Position, Slot
from oracle.yugioh.requirements import requirements

# Location of a listed card -> the place name of the in/2 fluent.
LIST_PLACE = {"hand": "hand", "deck": "deck", "graveyard": "graveyard", "banished": "banished",
              "extra_deck": "extra"}


@dataclass
class Instance:
    """The facts of one position, and what the emitter learned on the way."""

    facts: list[Symbol] = field(default_factory=list)
    unsupported: dict[int, str] = field(default_factory=dict)  # card code -> reason
    effects_unsupported: dict[int, str] = field(default_factory=dict)  # card code -> sentence not understood
    follow_ups: int = 0   # follow-up steps per action (chain.lp's fslots/1)
    state_checks: bool = False   # a card destroys itself while a state holds (selfdestroy.lp)
    owed_if: bool = False   # a mandatory trigger is owed only while its activation condition holds (chain.lp)

    def program(self) -> str:
        return "".join(_text(s) for s in self.facts)


# The text of each fact, kept: printing a symbol is two calls into clingo, looking it up one hash,
# and most facts (a card's, a Deck slot's) repeat from one position to the next.
_TEXTS: dict[Symbol, str] = {}


def _text(symbol: Symbol) -> str:
    text = _TEXTS.get(symbol)
    if text is None:
        if len(_TEXTS) >= 1_000_000:
            _TEXTS.clear()
        text = _TEXTS[symbol] = f"{symbol}.\n"
    return text


@lru_cache(maxsize=4096)
def card_facts(card: Card) -> tuple[Symbol, ...]:
    """What a card is: kinds, Level/Rank/Link Rating, Attribute, Type, stats, Scales, Arrows."""
    c = card.code
    # A card bears its own name, and also the name of the card it is always treated as.
    out = [fact("card", c)] + [fact("name_of", c, n) for n in sorted({c, card.name_code})]
    out += [fact("kind", c, k) for k in sorted(card.kinds)]
    if card.is_monster and card.level:
        if card.is_xyz:
            out.append(fact("rank", c, card.level))
        elif card.is_link:
            out.append(fact("link_rating", c, card.level))
        else:
            out.append(fact("level", c, card.level))
    if card.is_trap_monster:
        # What it is only while in a Monster Zone (treated.lp): elsewhere it is a Trap card.
        props = [("kind", k) for k in ("monster",) + card.trap_monster_kinds]
        props += [("level", card.level), ("attribute", card.attribute), ("race", card.race),
                  ("atk", card.atk or 0), ("def", card.defense or 0)]
        return tuple(out + [fact("trap_monster", c, (name, value)) for name, value in props])
    if card.attribute:
        out.append(fact("attribute", c, card.attribute))
    if card.race:
        out.append(fact("race", c, card.race))
    if card.atk is not None:
        out.append(fact("atk", c, card.atk))
    if card.defense is not None:
        out.append(fact("def", c, card.defense))
    if card.scales:
        out.append(fact("scale", c, *card.scales))
    out += [fact("arrow", c, a) for a in sorted(card.arrows)]
    if card.special_summon_only:
        out.append(fact("ss_only", c))
    return tuple(out)


# Flags of a monster on the field -> the fluent that holds for it at time 0.
MONSTER_FLAGS = (("summoned_this_turn", "summoned_turn"), ("position_changed_this_turn", "changed_pos"),
                 ("attacked_this_turn", "attacked"), ("properly_summoned", "proper"),
                 ("from_extra_deck", "from_extra"), ("normal_summoned", "normal_summoned"),
                 ("tribute_summoned", "tribute_summoned"), ("gemini_summoned", "gemini_on"),
                 ("destroyed_by_battle_this_turn", "won_battle"))


def slot_facts(slot: Slot) -> list[Symbol]:
    """Instance, owner and the fluents that hold for it at time 0."""
    i = slot.iid
    out = [fact("inst", i, slot.card.code), fact("owner", i, slot.owner)]
    init = lambda *f: out.append(fact("init", tuple(f)))  # noqa: E731 - a local shorthand
    if slot.location in LIST_PLACE:
        init("in", i, LIST_PLACE[slot.location])
        if slot.face_up and slot.location == "extra_deck":
            init("faceup_extra", i)
        if slot.properly_summoned and slot.location in ("graveyard", "banished"):
            init("proper", i)
        if slot.sent_this_turn:
            init("gy_turn", i)
        for e in slot.effects_applied:
            init("applied", i, e)
    elif slot.zone is not None:
        init("mz", i, slot.controller, slot.zone)
        init("pos", i, slot.position)
        for flag, fluent in MONSTER_FLAGS:
            if getattr(slot, flag):
                init(fluent, i)
        if slot.effects_negated:
            init("negated", i)
        if slot.banished_when_it_leaves:
            init("banish_leaves", i)
        if slot.cannot_be_tributed:
            init("no_tribute_summon", i)
        for kind in slot.cannot_be_material:
            init("no_material", i, kind)
        for n in slot.effects_used:
            init("used_copy", i, n)
    elif slot.location == "xyz_material":
        init("xmat", i, slot.attached_to.iid)
    elif slot.location in ("spell_trap_zone", "field_zone"):
        init("sz", i, slot.controller, slot.index if slot.location == "spell_trap_zone" else 5)
        if slot.treated_as:
            init("treated", i, slot.treated_as)
        if not slot.face_up:
            init("set", i)
        if slot.set_this_turn:
            init("set_turn", i)
    if slot.location == "deck":
        out.append(fact("deck_pos", i, slot.index))  # the Deck's order, top first (draws)
    return out


# Places where two copies of one card with the same flags are interchangeable: which copy a play
# uses makes no difference, so copies.lp lets only the first unused one be used (twin/2).
TWIN_PLACES = ("hand", "deck", "extra_deck")


def position_facts(position: Position, library: Library | None = None, *, all_copies: bool = False,
                   whole_deck: bool = False) -> Instance:
    """The facts of ``position``.  Identical copies are linked by twin/2 (copies.lp: one play
    per card, not per copy) unless ``all_copies``.  The cards of the Deck are left out when no
    card of the position can use the Deck (nothing reads them), so that a Deck of a million
    cards costs nothing (a card effect counts as using it: searches, draws, sends); state_out
    writes them back where they were.  ``whole_deck`` keeps
    them: deck analysis deals its hands out of the Deck."""
    library = library or Library.load()
    inst = Instance()
    f = inst.facts
    f.append(fact("turn_player", position.turn_player))
    f.append(fact("phase", position.phase))
    f.append(fact("rules", RULES[position.rules]))
    if position.first_turn:
        f.append(fact("first_turn"))
    if position.normal_summon_used:
        f.append(fact("init", ("ns_used", position.turn_player, 0)))
    if position.pendulum_summon_used:
        f.append(fact("init", ("ps_used", position.turn_player, 0)))
    for p, lp in enumerate(position.life_points):
        f.append(fact("init", ("lp", p, lp)))
    for p, cards in enumerate(position.special_summoned):
        for code in sorted({n for card in cards for n in (card.code, card.name_code)}):
            f.append(fact("init", ("duel_history", p, ("special_summoned", code))))
    for p, cards in enumerate(position.procedures_used):
        for code in sorted({n for card in cards for n in (card.code, card.name_code)}):
            f.append(fact("init", ("proc_used", p, code)))
    if position.additional_normal_summon:
        f.append(fact("init", ("extra_ns", position.turn_player)))
    # A card that granted an additional Normal Summon, or locked its player by its procedure,
    # earlier in the turn may be gone from the game's places (a Deck not given): its facts say
    # what the grant takes and what the lock allows.
    granting = {card for grants in position.turn_grants for card, _ in grants} | \
        {card for locks in position.procedure_locks for card in locks}
    cards = sorted(position.cards() | granting, key=lambda c: c.code)
    archetypes: set[int] = set()
    effects = False  # some card has an effect the rules read: it may search, draw or send from the Deck
    reads_deck = any(_reads_deck(s) for s in f)
    for card in cards:
        read = _card_read(card, library)
        f += read.facts
        if read.unsupported:
            inst.unsupported[card.code] = read.unsupported
        if read.effects_unsupported:
            inst.effects_unsupported[card.code] = read.effects_unsupported
        archetypes |= read.archetypes
        effects = effects or read.effects
        reads_deck = reads_deck or read.reads_deck
    locks = _used_and_locks(position, library)
    f += locks
    # Trigger effects and responses (Spell Speed 2: chain.lp) of every card instance, read once per
    # card: a Deck of a million copies is one card.  A response takes two follow-up steps (its
    # link and the resolution of the link below it); T triggers on one chain take 2T-1.
    me = position.turn_player
    mine = [(s.card, n) for s, n in position.slots.runs() if s.owner == me]
    count = lambda test: sum(n * _links(card, library, test) for card, n in mine)  # noqa: E731
    responses = count(_responds)
    triggers = count(lambda card, e: e.type == "trigger")
    # the step of the Fusion or Ritual Summon an effect makes as it resolves (grants.lp)
    grants = count(lambda card, e: any(a["do"] in SUMMONS_AS_IT_RESOLVES for acts in e.modes for a in acts))
    # a card that destroys itself when the state settles takes a step of its own (selfdestroy.lp)
    inst.state_checks = any(_self_destroys(card, library) for card in cards)
    # chain.lp counts such a trigger's condition at the step after its event: a line's block then
    # needs that step even when no link follows the action
    inst.owed_if = count(lambda card, e: e.type == "trigger" and not e.optional and bool(e.conds)) > 0
    inst.follow_ups = min(FOLLOW_UP_BOUND, 2 * responses + max(0, 2 * triggers - 1) + grants + inst.state_checks)

    for card in cards:
        for a in sorted(archetypes):
            if library.in_archetype(card, a):
                f.append(fact("archetype_of", card.code, a))
    deck = whole_deck or effects or reads_deck or any(_reads_deck(s) for s in locks)
    last: dict[tuple, int] = {}
    for first, copies in position.slots.runs():
        if first.location == "deck" and not deck:
            continue
        for slot in position.slots.copies(first, copies):
            f += slot_facts(slot)
            if slot.location in TWIN_PLACES and not all_copies:
                key = (slot.location, slot.owner, slot.card.code, slot.face_up)
                if key in last:
                    f.append(fact("twin", last[key], slot.iid))
                last[key] = slot.iid
    # The spare instances of the Tokens the position's effects summon (tokens.lp), in no place.
    tokens = fx_tokens.spares(position, library)
    for code in sorted({s.card.code for s in tokens}):
        token = library.get(code)
        f += card_facts(token)
        f += [fact("archetype_of", code, a) for a in sorted(archetypes) if library.in_archetype(token, a)]
    previous: dict[int, int] = {}
    for spare in tokens:
        f += [fact("inst", spare.iid, spare.card.code), fact("owner", spare.iid, spare.owner), fact("token_spare", spare.iid)]
        if spare.card.code in previous:
            f.append(fact("spare_next", previous[spare.card.code], spare.iid))
        previous[spare.card.code] = spare.iid
    # Equip Cards of the position (equip.lp's fluent equipped_to/2).
    placed = [s for s, _ in position.slots.runs() if s.zone is not None or s.equipped_to]   # a run is never on the field
    monsters = {(s.controller, s.zone): s.iid for s in placed if s.zone is not None}
    f += [fact("init", ("equipped_to", s.iid, monsters[s.equipped_to])) for s in placed if s.equipped_to]
    return inst


_DECK = Function("loc", [Function("deck")])


def _reads_deck(symbol: Symbol) -> bool:
    """Whether a card fact lets a rule use the cards of the Deck (a filter ``loc(deck)``)."""
    return any(arg == _DECK for arg in symbol.arguments)


@dataclass(frozen=True)
class _CardRead:
    """What position_facts takes from one card, read once per card."""

    facts: tuple[Symbol, ...]        # what it is, its requirements, its effects
    unsupported: str | None          # its requirement, when not understood
    effects_unsupported: str | None  # the sentence of its text not understood
    archetypes: frozenset[int]       # archetypes its requirements and effects name
    effects: bool                    # some effect the rules read: it may search, draw or send from the Deck
    reads_deck: bool                 # some fact of it lets a rule use the cards of the Deck


@lru_cache(maxsize=8192)
def _card_read(card: Card, library: Library) -> _CardRead:
    out = list(card_facts(card))
    req = _requirements(card, library)
    out += req.facts
    archetypes = {_archetype(s) for s in req.facts if _archetype(s) is not None}
    eff = card_effects(card, library)
    effects = False
    if not eff.unsupported and eff.facts:
        out.append(fact("eff_name", card.code, card.name_code))
        out += eff.facts
        # Effects never activated in the turn player's line (fx_puzzles' types "opponent" and
        # "static") take nothing from the Deck.
        effects = bool(eff.rules) or any(e.type not in ("opponent", "static") for e in eff.effects)
        archetypes |= {a for s in eff.facts for a in _archetypes_in(s)}
    return _CardRead(tuple(out), req.unsupported or None, eff.unsupported or None, frozenset(archetypes), effects,
                     any(_reads_deck(s) for s in out))


@lru_cache(maxsize=4096)
def _requirements(card: Card, library: Library):
    # Card text does not change while the process runs: read each card's requirements once.
    return requirements(card, library)


# At most this many follow-up steps (chain links and resolutions) are searched after one action
# (a bound of the search, which `oracle solve` reports; a checked line may have any number).
FOLLOW_UP_BOUND = 3


@lru_cache(maxsize=4096)
def _links(card: Card, library: Library, test) -> int:
    """How many effects of an understood card pass ``test``."""
    read = card_effects(card, library)
    return 0 if read.unsupported else sum(bool(test(card, e)) for e in read.effects)


def _self_destroys(card: Card, library: Library) -> bool:
    read = card_effects(card, library)
    return not read.unsupported and any(isinstance(r, tuple) and r[0] == "self_destroy" for r in read.rules)


def _responds(card: Card, effect) -> bool:
    """An effect of Spell Speed 2 the turn player may chain to their own links (chain.lp)."""
    return effect.events != ["opponent"] and (
        effect.type in ("quick", "trap") or (effect.type == "spell" and "quickplay" in card.kinds))


def _archetypes_in(symbol: Symbol) -> list[int]:
    """Archetype codes named by ``archetype(S)`` anywhere inside a fact."""
    out = []
    for arg in symbol.arguments:
        if arg.type.name == "Function":
            if arg.name == "archetype" and len(arg.arguments) == 1:
                out.append(arg.arguments[0].number)
            else:
                out += _archetypes_in(arg)
    return out


def _used_and_locks(position: Position, library: Library) -> list[Symbol]:
    """The once-per-turn fluents and locks a position says are in force (position keys
    effects_used_this_turn, locks)."""
    out = []
    present = position.cards() if any(position.locks) else set()
    for p in (0, 1):
        for card, n in position.effects_used_duel[p]:
            out.append(fact("init", ("used_duel", p, card.name_code, n)))
        for card in position.special_summoned_turn[p]:
            out.append(fact("init", ("ss_name", p, card.name_code)))
        for card, by in position.summoned_by[p]:
            out.append(fact("init", ("kind_name", p, by, card.name_code)))
        for card in position.grants_used[p]:
            out.append(fact("init", ("used_grant", p, card.name_code)))
        for card in position.procedure_locks[p]:
            out.append(fact("init", ("plock", p, card.code)))   # locks.lp
        for k, (card, used) in enumerate(position.turn_grants[p]):
            # normal.lp's fluents: the grant, whether it was taken, and its name gained this turn
            out.append(fact("init", ("turn_grant", p, ("i", k), card.code)))
            out.append(fact("init", ("ns_gained", p, card.name_code)))
            if used:
                out.append(fact("init", ("tg_used", p, ("i", k))))
        for card, n in position.effects_used[p]:
            out.append(fact("init", ("used_name", p, card.name_code, n)))
            out.append(fact("init", ("activated_name", p, card.name_code)))
        for i, (card, n) in enumerate(position.locks[p]):
            found = [s for s in card_effects(card, library).facts
                     if s.name == "eff_do" and s.arguments[1].number == n
                     and s.arguments[4].name == "lock"]
            if not found:
                raise OracleError(f"effect {n} of {card.name} is not a lock the oracle reads",
                                  source=position.source, field=f"players[{p}].locks[{i}]")
            for s in found:
                c, e, m, k = (a.number for a in s.arguments[:4])
                out.append(fact("init", ("lock", p, c, e, m, k)))   # lock(Scope,When,Pos): locks.lp
            if card not in present:
                out += list(card_effects(card, library).facts) + list(card_facts(card))
    return out


def _archetype(symbol: Symbol) -> int | None:
    """The archetype code an atom ``archetype(S)`` inside a requirement fact names, if any."""
    for arg in symbol.arguments:
        if arg.type.name == "Function" and arg.name == "archetype" and len(arg.arguments) == 1:
            return arg.arguments[0].number
    return None
