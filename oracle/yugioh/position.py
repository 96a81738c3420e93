"""Yu-Gi-Oh! positions: read the position JSON, check that it can exist, and give every card an
instance id.

The JSON form is the one of docs/positions.md.  Reading is strict: an unknown key, a card in a
place it cannot be, or a zone list of the wrong length is an ``OracleError`` naming the file, the
field ("players[0].monster_zones[3]") and the problem.  Nothing is silently dropped.
"""
from __future__ import annotations

import bisect
import difflib
import gc
import itertools
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from oracle import jsonfile
from oracle.errors import OracleError
from oracle.terms import whole_number
from oracle.yugioh.cards import Card, Library
from oracle.yugioh.ydk import read_ydk

RULES = {"master-rule-2020": "mr2020", "master-rule-4": "mr4"}
PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
BATTLE_POSITIONS = ("attack", "defense", "set")
LISTS = ("hand", "deck", "graveyard", "banished", "extra_deck")
TOP_KEYS = {"game", "rules", "turn", "players", "extra_monster_zones", "name", "description", "goal"}
TURN_KEYS = {"player", "phase", "normal_summon_used", "pendulum_summon_used", "first_turn", "number",
             "additional_normal_summon"}
PLAYER_KEYS = {"life_points", "hand", "deck", "graveyard", "banished", "extra_deck", "monster_zones",
               "spell_trap_zones", "field_zone", "pendulum_zones", "special_summoned_this_duel", "ydk",
               "procedures_used_this_turn", "effects_used_this_turn", "locks", "effects_used_this_duel",
               "special_summoned_this_turn", "additional_normal_summons_used", "summoned_this_turn_by",
               "normal_summon_grants", "procedure_locks"}
MONSTER_KEYS = {"card", "position", "summoned_this_turn", "position_changed_this_turn", "materials",
                "properly_summoned", "controller", "summoned_from_extra_deck", "attacked_this_turn",
                "normal_summoned", "tribute_summoned", "gemini_summoned", "effects_negated", "cannot_be_material",
                "effects_used", "banished_when_it_leaves", "cannot_be_tributed", "destroyed_by_battle_this_turn"}
ST_KEYS = {"card", "face_up", "set_this_turn", "treated_as", "equipped_to"}
EQUIP_KEYS = {"player", "zone"}
EFFECT_REF_KEYS = {"card", "effect"}
SUMMON_BY_KEYS = {"card", "by"}
GRANT_KEYS = {"card", "used"}
# the methods "You can only Link Summon "X" once per turn" counts (card_rules.lp's kind_name/3)
COUNTED_METHODS = ("fusion_summon", "synchro_summon", "xyz_summon", "link_summon")
# What a monster card in a Spell & Trap Zone is treated as (docs/positions.md): face-up a
# Continuous or Equip Spell; "spell": Set face-down as a Spell by its own effect.
TREATED_AS = ("continuous_spell", "equip_spell", "spell")
LIST_KEYS = {"card", "face_up", "properly_summoned", "sent_this_turn", "effects_applied_this_turn"}


@dataclass(slots=True)
class Slot:
    """One physical card of the position (an instance)."""

    iid: int
    card: Card
    owner: int
    location: str          # hand, deck, graveyard, banished, extra_deck, monster_zone,
                           # extra_monster_zone, spell_trap_zone, field_zone, xyz_material
    index: int             # index in that list or zone array, as given in the input
    controller: int
    position: str | None = None          # attack / defense / set on the field
    face_up: bool = False                # for Extra Deck and Spell & Trap Zones
    summoned_this_turn: bool = False
    position_changed_this_turn: bool = False
    attacked_this_turn: bool = False
    destroyed_by_battle_this_turn: bool = False   # it destroyed a monster by battle this turn (the LV monsters)
    properly_summoned: bool = True
    from_extra_deck: bool = False
    normal_summoned: bool = False        # Normal Summoned or Set (for "1 Normal Summoned/Set monster")
    tribute_summoned: bool = False       # Tribute Summoned (for "Tributing 1 Tribute Summoned monster")
    gemini_summoned: bool = False        # a Gemini monster Gemini Summoned: an Effect Monster now
    attached_to: "Slot | None" = None
    set_this_turn: bool = False          # a Set Spell/Trap Set this turn (cannot be activated yet)
    effects_negated: bool = False        # a monster whose effects an effect negated ("but negate its effects")
    sent_this_turn: bool = False         # a card of the GY sent there this turn (fx_grave: "except the turn ...")
    effects_applied: tuple[int, ...] = ()   # a card of the GY: its effects applied this turn (Stardust Dragon)
    banished_when_it_leaves: bool = False    # "but banish it when it leaves the field" (summon.lp)
    cannot_be_tributed: bool = False     # "These Tokens cannot be Tributed for a Tribute Summon" (tokens.lp)
    cannot_be_material: tuple[str, ...] = ()   # "cannot be used as Synchro Material": synchro, xyz, link, fusion
    treated_as: str | None = None        # a monster card in a Spell & Trap Zone: continuous_spell, equip_spell, spell
    equipped_to: tuple[int, int] | None = None   # an Equip Card: (player, zone) of the monster it equips
    effects_used: tuple[int, ...] = ()   # effects this copy used ("Once per turn" this turn, "once while face-up")

    @property
    def zone(self) -> int | None:
        """Zone number of docs/facts-schema.md: 0..4 Main, 5/6 Extra Monster Zones."""
        if self.location == "monster_zone":
            return self.index
        if self.location == "extra_monster_zone":
            return 5 + self.index
        return None


class Slots(Sequence):
    """The slots of a position, in instance order (``slots[iid - 1]``).

    Copies of one plain entry side by side in a list (a Deck of a million "Kuriboh") are one
    *run*: its first slot and how many copies it stands for.  The other copies are made only
    when asked for (indexing, iterating), so that a pass that needs only which cards are where
    (``runs``) costs nothing for cards no rule reads.  A copy made on demand equals the slot it
    stands for (instance, card, place, index); nothing holds on to it."""

    __slots__ = ("_entries", "_starts", "_size")

    def __init__(self) -> None:
        self._entries: list[tuple[Slot, int]] = []   # (first slot, number of copies)
        self._starts: list[int] = []                 # the iid of each entry's first slot
        self._size = 0

    def append(self, slot: Slot, copies: int = 1) -> None:
        """Add ``slot`` (instance ``len(self) + 1``) and ``copies - 1`` copies of it after it, at the
        following instances and list indexes."""
        self._entries.append((slot, copies))
        self._starts.append(slot.iid)
        self._size += copies

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self._size))]
        if i < 0:
            i += self._size
        if not 0 <= i < self._size:
            raise IndexError("slot index out of range")
        at = bisect.bisect_right(self._starts, i + 1) - 1
        first, _ = self._entries[at]
        return first if first.iid == i + 1 else _copy(first, i + 1 - first.iid)

    def __iter__(self) -> Iterator[Slot]:
        for first, copies in self._entries:
            yield first
            for k in range(1, copies):
                yield _copy(first, k)

    def runs(self) -> Iterator[tuple[Slot, int]]:
        """Each run once: its first slot and how many copies it stands for (1 for most slots)."""
        return iter(self._entries)

    @staticmethod
    def copies(first: Slot, count: int) -> Iterator[Slot]:
        """The slots of one run, the first included."""
        yield first
        for k in range(1, count):
            yield _copy(first, k)


def _copy(first: Slot, k: int) -> Slot:
    """Copy ``k`` of a run (k = 0 is ``first``): the next instance, at the next list index.  A run
    holds plain list entries only, whose other fields all keep their defaults."""
    return Slot(first.iid + k, first.card, first.owner, first.location, first.index + k, first.controller)


@dataclass
class Position:
    source: str
    rules: str = "master-rule-2020"
    turn_player: int = 0
    phase: str = "main1"
    normal_summon_used: bool = False
    pendulum_summon_used: bool = False
    first_turn: bool = False
    life_points: list[int] = field(default_factory=lambda: [8000, 8000])
    slots: Slots = field(default_factory=Slots)
    # Cards each player has Special Summoned earlier in the Duel (for "during a Duel you Special
    # Summoned both the above cards").
    special_summoned: list[list[Card]] = field(default_factory=lambda: [[], []])
    # Cards whose own procedure ("once per turn this way") the player already used this turn.
    procedures_used: list[list[Card]] = field(default_factory=lambda: [[], []])
    # Effects each player already used this turn (once-per-turn), and locks in force: (card, effect number).
    effects_used: list[list[tuple[Card, int]]] = field(default_factory=lambda: [[], []])
    locks: list[list[tuple[Card, int]]] = field(default_factory=lambda: [[], []])
    # Effects used earlier in the Duel ("once per Duel"), and the cards a player Special Summoned
    # this turn ("You can only Special Summon "X" once per turn").
    effects_used_duel: list[list[tuple[Card, int]]] = field(default_factory=lambda: [[], []])
    special_summoned_turn: list[list[Card]] = field(default_factory=lambda: [[], []])
    grants_used: list[list[Card]] = field(default_factory=lambda: [[], []])   # additional Normal Summons taken
    # additional Normal Summons granted for the rest of the turn: (the granting card, taken)
    turn_grants: list[list[tuple[Card, bool]]] = field(default_factory=lambda: [[], []])
    # cards whose Special Summon by their own procedure locked that player for the rest of the turn
    procedure_locks: list[list[Card]] = field(default_factory=lambda: [[], []])
    summoned_by: list[list[tuple[Card, str]]] = field(default_factory=lambda: [[], []])   # (card, method) this turn
    additional_normal_summon: bool = False   # "You can conduct 2 Normal Summons/Sets this turn" in force
    doc: dict = field(default_factory=dict)
    # Instances of the Tokens the position's effects may Special Summon, in no place until then,
    # numbered after the slots (fx_tokens.spares fills it once).
    spares: list[Slot] | None = None

    def slot(self, iid: int) -> Slot:
        n = len(self.slots)
        return self.slots[iid - 1] if iid <= n else self.spares[iid - n - 1]

    def has_instance(self, iid: int) -> bool:
        return 1 <= iid <= len(self.slots) + len(self.spares or ())

    def cards(self) -> set[Card]:
        # By passcode first: hashing a Card hashes its text, and a Deck may hold a million copies.
        return set({s.card.code: s.card for s, _ in self.slots.runs()}.values())

    def _repr_svg_(self) -> str:  # notebooks show a position as its picture
        from oracle.yugioh.picture import draw
        return draw(self)


def load_position(path: str | Path, library: Library | None = None) -> Position:
    """Read a position file (JSON)."""
    return parse_position(jsonfile.read(path), source=str(path), library=library)


def parse_position(doc: Any, *, source: str = "<position>", library: Library | None = None) -> Position:
    """Check a position document and number its cards."""
    library = library or Library.load()
    # A Deck of a million cards is a million new slots and no reference cycle among them: the
    # cycle collector would scan them again and again while they are made and right after (most
    # of the time of reading), so it waits until the position is read, and the slots go straight
    # to its oldest generation, where they would end anyway (freeze + unfreeze moves every
    # tracked object there: nothing is left out of later collections).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _Reader(source, library).read(doc)
    finally:
        if collecting:
            gc.freeze()
            gc.unfreeze()
            gc.enable()


class _Reader:
    def __init__(self, source: str, library: Library):
        self.source = source
        self.library = library
        self.slots = Slots()
        self.equips: list[tuple[str, int, int]] = []   # (field, player, zone) of each equipped_to
        # A plain list entry ("Kuriboh", 40640057) already read and checked in that list: a Deck
        # of a million copies is read once, not a million times.
        self.plain: dict[tuple, Card] = {}

    def error(self, field: str, problem: str) -> OracleError:
        return OracleError(problem, source=self.source, field=field or None)

    # -- helpers ---------------------------------------------------------------------------
    def keys(self, obj: dict, allowed: set[str], where: str) -> None:
        for key in obj:
            if key not in allowed:
                close = difflib.get_close_matches(key, sorted(allowed), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise self.error(where, f"unknown key {key!r}{hint}")

    def typed(self, obj: dict, key: str, kind: type | tuple, where: str, default: Any) -> Any:
        value = obj.get(key, default)
        if value is None and default is None:
            return None
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise self.error(f"{where}.{key}" if where else key, f"must be {_article(names)}, not {json.dumps(value)}")
        return value

    def card(self, ref: Any, where: str) -> Card:
        if isinstance(ref, bool) or not isinstance(ref, (int, str)):
            raise self.error(where, f"a card is a passcode (number) or an English name, not {json.dumps(ref)}")
        return self.library.resolve(ref, source=self.source, field=where)

    def add(self, card: Card, **kw: Any) -> Slot:
        slot = Slot(iid=len(self.slots) + 1, card=card, **kw)
        self.slots.append(slot)
        return slot

    # -- the document ------------------------------------------------------------------------
    def read(self, doc: Any) -> Position:
        if not isinstance(doc, dict):
            raise self.error("", "a position is a JSON object")
        self.keys(doc, TOP_KEYS, "")
        game = doc.get("game", "yugioh")
        if game != "yugioh":
            raise self.error("game", f"this reader is for Yu-Gi-Oh! positions, not {game!r}")
        rules = self.typed(doc, "rules", str, "", "master-rule-2020")
        if rules not in RULES:
            raise self.error("rules", f"unknown rules {rules!r}; use one of {', '.join(RULES)}")
        turn = self.typed(doc, "turn", dict, "", {})
        self.keys(turn, TURN_KEYS, "turn")
        pos = Position(source=self.source, rules=rules, doc=doc)
        pos.turn_player = self.typed(turn, "player", int, "turn", 0)
        if pos.turn_player not in (0, 1):
            raise self.error("turn.player", "the turn player is 0 or 1")
        pos.phase = self.typed(turn, "phase", str, "turn", "main1")
        if pos.phase not in PHASES:
            raise self.error("turn.phase", f"unknown phase {pos.phase!r}; use one of {', '.join(PHASES)}")
        for flag in ("normal_summon_used", "pendulum_summon_used", "first_turn", "additional_normal_summon"):
            setattr(pos, flag, self.typed(turn, flag, bool, "turn", False))
        players = self.typed(doc, "players", list, "", [{}, {}])
        if len(players) not in (1, 2):
            raise self.error("players", f"a duel has 2 players (the second may be left out), {len(players)} given")
        players = players + [{}] * (2 - len(players))  # every key of a player may be left out
        for p, player in enumerate(players):
            where = f"players[{p}]"
            if not isinstance(player, dict):
                raise self.error(where, "a player is a JSON object")
            self.keys(player, PLAYER_KEYS, where)
            pos.life_points[p] = whole_number(player.get("life_points", 8000), lo=0,
                                              what="Life Points",
                                              source=self.source, field=f"{where}.life_points")
            history = self.typed(player, "special_summoned_this_duel", list, where, [])
            pos.special_summoned[p] = [self.card(ref, f"{where}.special_summoned_this_duel[{i}]")
                                       for i, ref in enumerate(history)]
            used = self.typed(player, "procedures_used_this_turn", list, where, [])
            pos.procedures_used[p] = [self.card(ref, f"{where}.procedures_used_this_turn[{i}]")
                                      for i, ref in enumerate(used)]
            pos.effects_used[p] = self.effect_refs(player, "effects_used_this_turn", where)
            pos.locks[p] = self.effect_refs(player, "locks", where)
            pos.effects_used_duel[p] = self.effect_refs(player, "effects_used_this_duel", where)
            summoned = self.typed(player, "special_summoned_this_turn", list, where, [])
            pos.special_summoned_turn[p] = [self.card(ref, f"{where}.special_summoned_this_turn[{i}]")
                                            for i, ref in enumerate(summoned)]
            pos.summoned_by[p] = self.summons_by(player, where)
            granted = self.typed(player, "additional_normal_summons_used", list, where, [])
            pos.grants_used[p] = [self.card(ref, f"{where}.additional_normal_summons_used[{i}]")
                                  for i, ref in enumerate(granted)]
            pos.turn_grants[p] = self.turn_grants(player, where)
            pos.procedure_locks[p] = self.procedure_locks(player, where)
            self.player(p, player, where)
        self.extra_monster_zones(doc)
        monsters = {(s.controller, s.zone): s for s, _ in self.slots.runs() if s.zone is not None}
        for at, player, zone in self.equips:
            target = monsters.get((player, zone))
            if target is None or target.position == "set":
                raise self.error(at, f"no face-up monster in zone {zone} of player {player} to be equipped")
        pos.slots = self.slots
        return pos

    def material_kinds(self, entry: dict, where: str) -> list[str]:
        kinds = self.typed(entry, "cannot_be_material", list, where, [])
        for i, k in enumerate(kinds):
            if k not in ("fusion", "synchro", "xyz", "link"):
                raise self.error(f"{where}.cannot_be_material[{i}]",
                                 f"{json.dumps(k)} is not a kind of material; use fusion, synchro, xyz or link")
        return kinds

    def card_entries(self, player: dict, key: str, where: str, keys: set, shape: str):
        """The entries ``{"card": NAME, ...}`` of a player's list ``key``: (field, entry, card) each,
        every entry a dict of the allowed keys (``shape`` says what one looks like)."""
        for i, item in enumerate(self.typed(player, key, list, where, [])):
            at = f"{where}.{key}[{i}]"
            if not isinstance(item, dict):
                raise self.error(at, shape)
            self.keys(item, keys, at)
            yield at, item, self.card(item.get("card"), f"{at}.card")

    def effect_refs(self, player: dict, key: str, where: str) -> list[tuple[Card, int]]:
        """``[{"card": ..., "effect": N}, ...]``: effect N (reading order of the text, from 1) of a card."""
        out = []
        for at, item, card in self.card_entries(player, key, where, EFFECT_REF_KEYS, 'an effect is {"card": NAME, "effect": N}'):
            n = self.typed(item, "effect", int, at, 1)
            if n < 1:
                raise self.error(f"{at}.effect", "effects are numbered from 1, in reading order of the text")
            out.append((card, n))
        return out

    def summons_by(self, player: dict, where: str) -> list[tuple[Card, str]]:
        """``summoned_this_turn_by``: ``[{"card": NAME, "by": "link_summon"}, ...]``, the cards that
        player already Summoned this turn by one of the COUNTED_METHODS."""
        out = []
        for at, item, card in self.card_entries(player, "summoned_this_turn_by", where, SUMMON_BY_KEYS,
                                                'a Summon is {"card": NAME, "by": METHOD}'):
            by = item.get("by")
            if by not in COUNTED_METHODS:
                raise self.error(f"{at}.by", f"{by!r} is not one of {', '.join(COUNTED_METHODS)}")
            out.append((card, by))
        return out

    def turn_grants(self, player: dict, where: str) -> list[tuple[Card, bool]]:
        """``normal_summon_grants``: ``[{"card": NAME, "used": false}, ...]``, the additional Normal
        Summons cards granted that player for the rest of the turn, and whether each was taken."""
        from oracle.yugioh.effect_text import card_effects, grants_for_the_turn

        out = []
        for at, item, card in self.card_entries(player, "normal_summon_grants", where, GRANT_KEYS,
                                                'a grant is {"card": NAME, "used": true or false}'):
            if not grants_for_the_turn(card_effects(card, self.library)):
                raise self.error(f"{at}.card", f"{card.name} grants no additional Normal Summon for the rest of a turn "
                                 "that the oracle reads")
            out.append((card, self.typed(item, "used", bool, at, False)))
        return out

    def procedure_locks(self, player: dict, where: str) -> list[Card]:
        """``procedure_locks``: ``[NAME, ...]``, cards Special Summoned this turn by their own
        procedure whose "If Summoned this way, you cannot Special Summon ..." holds (Ice Ryzeal)."""
        from oracle.yugioh.effect_text import card_effects

        out = []
        for i, ref in enumerate(self.typed(player, "procedure_locks", list, where, [])):
            at = f"{where}.procedure_locks[{i}]"
            card = self.card(ref, at)
            effects = card_effects(card, self.library)
            if effects.unsupported or not any(r[0] == "proc_lock" for r in effects.rules if isinstance(r, tuple)):
                raise self.error(at, f"{card.name} has no lock after its own procedure that the oracle reads")
            out.append(card)
        return out

    def effect_numbers(self, entry: dict, where: str) -> list[int]:
        """A monster's ``effects_used``: effect numbers (reading order of its text, from 1)."""
        out = self.typed(entry, "effects_used", list, where, [])
        for i, n in enumerate(out):
            if type(n) is not int or n < 1:
                raise self.error(f"{where}.effects_used[{i}]", "effects are numbered from 1, in reading order of the text")
        return out

    def player(self, p: int, player: dict, where: str) -> None:
        ydk = self.typed(player, "ydk", str, where, None)
        if ydk is not None:
            self.deck_file(p, ydk, player, f"{where}.ydk")
        slots, plain = self.slots, self.plain
        for name in LISTS:
            items = self.typed(player, name, list, where, [])
            prefix = f"{where}.{name}"
            i = 0
            # Equal entries side by side are grouped: a plain entry (a name or a passcode) is read
            # and checked once, and its copies are one run of slots.
            for item, n in _equal_runs(items):
                plain_entry = type(item) in (str, int)
                card = plain.get((name, item)) if plain_entry else None
                if card is None:
                    self.list_card(p, name, i, item, f"{prefix}[{i}]")
                    if not plain_entry:   # an object: each copy read as given, one slot each
                        for k in range(1, n):
                            self.list_card(p, name, i + k, item, f"{prefix}[{i + k}]")
                        i += n
                        continue
                    card, n = plain[(name, item)], n - 1
                    i += 1
                if n:
                    slots.append(Slot(len(slots) + 1, card, p, name, i, p), n)
                    i += n
        zones = self.typed(player, "monster_zones", list, where, [None] * 5)
        if len(zones) != 5:
            raise self.error(f"{where}.monster_zones",
                             f"there are 5 Main Monster Zones, {len(zones)} entries given")
        for z, entry in enumerate(zones):
            if entry is not None:
                self.monster(p, "monster_zone", z, entry, f"{where}.monster_zones[{z}]")
        st = self.typed(player, "spell_trap_zones", list, where, [None] * 5)
        if len(st) != 5:
            raise self.error(f"{where}.spell_trap_zones",
                             f"there are 5 Spell & Trap Zones, {len(st)} entries given")
        pendulum = self.typed(player, "pendulum_zones", list, where, [None, None])
        if len(pendulum) != 2:
            raise self.error(f"{where}.pendulum_zones", "there are 2 Pendulum Zones (left, right)")
        for side, z in ((0, 0), (1, 4)):
            if pendulum[side] is not None:
                if st[z] is not None:
                    raise self.error(f"{where}.pendulum_zones[{side}]",
                                     f"the Pendulum Zone is Spell & Trap Zone {z}, which already holds a card")
                st = list(st)
                st[z] = pendulum[side]
        for z, entry in enumerate(st):
            if entry is not None:
                self.spell_trap(p, z, entry, f"{where}.spell_trap_zones[{z}]")
        fz = player.get("field_zone")
        if fz is not None:
            self.spell_trap(p, 5, fz, f"{where}.field_zone")

    def deck_file(self, p: int, ydk: str, player: dict, where: str) -> None:
        """The Deck and Extra Deck from a .ydk file (relative to the position file)."""
        for key in ("deck", "extra_deck"):
            if player.get(key):
                raise self.error(where, f"give the {key.replace('_', ' ')} either in the .ydk or in {key!r}, not both")
        base = Path(self.source).parent if Path(self.source).is_file() else Path.cwd()
        try:
            deck = read_ydk(base / ydk, self.library)
        except OracleError as exc:  # the deck's own error (its file, its line), and where the position names it
            raise self.error(where, str(exc)) from None
        for name, cards in (("deck", deck.main), ("extra_deck", deck.extra)):
            for i, card in enumerate(cards):
                self.add(card, owner=p, controller=p, location=name, index=i)

    def list_card(self, p: int, name: str, i: int, item: Any, where: str) -> None:
        face_up, proper, sent, applied = False, True, False, []
        ref = item
        if isinstance(item, dict):
            self.keys(item, LIST_KEYS, where)
            ref = item.get("card")
            face_up = self.typed(item, "face_up", bool, where, False)
            proper = self.typed(item, "properly_summoned", bool, where, True)
            sent = self.typed(item, "sent_this_turn", bool, where, False)
            if sent and name != "graveyard":
                raise self.error(f"{where}.sent_this_turn", "only a card in the GY is sent there this turn")
            applied = self.typed(item, "effects_applied_this_turn", list, where, [])
            if applied and name != "graveyard":
                raise self.error(f"{where}.effects_applied_this_turn", "only a card in the GY records its effects applied this turn here")
            if not all(type(e) is int and e >= 1 for e in applied):
                raise self.error(f"{where}.effects_applied_this_turn", "effect numbers are integers from 1 (reading order of the text)")
        card = self.card(ref, f"{where}.card" if isinstance(item, dict) else where)
        location = name
        if name == "extra_deck":
            if face_up and not card.is_pendulum:
                raise self.error(where, f"{card.name} is not a Pendulum monster: only those are face-up in the Extra Deck")
            if not face_up and not (card.is_extra_deck or card.is_pendulum):
                raise self.error(where, f"{card.name} is not an Extra Deck monster (the Extra Deck holds Fusion, Synchro, Xyz and Link monsters, and Pendulum monsters)")
        elif name in ("hand", "deck") and card.is_extra_deck:
            raise self.error(where, f"{card.name} is an Extra Deck monster: it cannot be in the {name.replace('_', ' ')}")
        elif face_up:
            raise self.error(f"{where}.face_up", "only Extra Deck cards are face-up or face-down in a list")
        if "token" in card.kinds:
            raise self.error(where, f"{card.name} is a Token: Tokens exist only on the field")
        self.add(card, owner=p, controller=p, location=location, index=i,
                 face_up=face_up, properly_summoned=proper, sent_this_turn=sent, effects_applied=tuple(applied))
        if type(item) in (str, int):
            self.plain[(name, item)] = card

    def monster(self, p: int, location: str, z: int, entry: Any, where: str) -> Slot:
        if not isinstance(entry, dict):
            entry = {"card": entry}
        self.keys(entry, MONSTER_KEYS, where)
        card = self.card(entry.get("card"), f"{where}.card")
        if not (card.is_monster or card.is_trap_monster):
            raise self.error(f"{where}.card", f"{card.name} is not a monster card"
                             + (" (nor a Trap Monster)" if card.is_trap else ""))
        position = self.typed(entry, "position", str, where, "attack")
        if position not in BATTLE_POSITIONS:
            raise self.error(f"{where}.position", f"unknown position {position!r}; use attack, defense or set")
        if card.is_trap_monster and (position == "set" or location != "monster_zone"):
            raise self.error(f"{where}.position" if position == "set" else where,
                             f"{card.name} is a Trap Monster: the oracle holds it face-up in a Main "
                             "Monster Zone only (a face-down Trap Monster is not modelled)")
        if card.is_link and position != "attack":
            raise self.error(f"{where}.position", f"{card.name} is a Link monster: Link monsters are always in face-up Attack Position")
        controller = p if location == "monster_zone" else self.typed(entry, "controller", int, where, 0)
        if controller not in (0, 1):
            raise self.error(f"{where}.controller", "the controller is 0 or 1")
        if location == "monster_zone" and "controller" in entry and entry["controller"] != p:
            raise self.error(f"{where}.controller", f"a Main Monster Zone of player {p} is controlled by player {p}")
        slot = self.add(card, owner=controller, controller=controller, location=location, index=z,
                        position=position,
                        summoned_this_turn=self.typed(entry, "summoned_this_turn", bool, where, False),
                        position_changed_this_turn=self.typed(entry, "position_changed_this_turn", bool, where, False),
                        attacked_this_turn=self.typed(entry, "attacked_this_turn", bool, where, False),
                        destroyed_by_battle_this_turn=self.typed(entry, "destroyed_by_battle_this_turn", bool, where, False),
                        properly_summoned=self.typed(entry, "properly_summoned", bool, where, True),
                        from_extra_deck=self.typed(entry, "summoned_from_extra_deck", bool, where, card.is_extra_deck),
                        normal_summoned=self.typed(entry, "normal_summoned", bool, where, False),
                        tribute_summoned=self.typed(entry, "tribute_summoned", bool, where, False),
                        gemini_summoned=self.typed(entry, "gemini_summoned", bool, where, False),
                        effects_negated=self.typed(entry, "effects_negated", bool, where, False),
                        banished_when_it_leaves=self.typed(entry, "banished_when_it_leaves", bool, where, False),
                        cannot_be_tributed=self.typed(entry, "cannot_be_tributed", bool, where, False),
                        cannot_be_material=tuple(self.material_kinds(entry, where)),
                        effects_used=tuple(self.effect_numbers(entry, where)))
        if slot.gemini_summoned and not ("gemini" in card.kinds and position != "set"):
            raise self.error(f"{where}.gemini_summoned", f"only a face-up Gemini monster is Gemini Summoned; "
                             f"{card.name} is {'face-down' if 'gemini' in card.kinds else 'not a Gemini monster'}")
        materials = self.typed(entry, "materials", list, where, [])
        if materials and not card.is_xyz:
            raise self.error(f"{where}.materials", f"{card.name} is not an Xyz monster: only Xyz monsters have Xyz Materials")
        for m, ref in enumerate(materials):
            mwhere = f"{where}.materials[{m}]"
            mcard = self.card(ref, mwhere)
            if "token" in mcard.kinds:
                raise self.error(mwhere, f"{mcard.name} is a Token: a Token cannot be an Xyz Material")
            self.add(mcard, owner=controller, controller=controller, location="xyz_material", index=m,
                     attached_to=slot)
        return slot

    def spell_trap(self, p: int, z: int, entry: Any, where: str) -> None:
        if not isinstance(entry, dict):
            entry = {"card": entry, "face_up": True}
        self.keys(entry, ST_KEYS, where)
        card = self.card(entry.get("card"), f"{where}.card")
        face_up = self.typed(entry, "face_up", bool, where, True)
        set_now = self.typed(entry, "set_this_turn", bool, where, False)
        if set_now and face_up:
            raise self.error(f"{where}.set_this_turn", "only a face-down (Set) card was Set this turn")
        treated_as = self.typed(entry, "treated_as", str, where, None)
        if treated_as is not None:
            if treated_as not in TREATED_AS:
                raise self.error(f"{where}.treated_as", f"unknown {treated_as!r}; use {' or '.join(TREATED_AS)}")
            if z == 5 or not card.is_monster:
                raise self.error(f"{where}.treated_as", "only a monster card in a Spell & Trap Zone is treated as a Spell")
            if face_up == (treated_as == "spell"):
                raise self.error(f"{where}.face_up", f"{card.name} is treated as a Spell: it is "
                                 + ("Set face-down" if treated_as == "spell" else "face-up"))
            self.add(card, owner=p, controller=p, location="spell_trap_zone", index=z,
                     face_up=face_up, treated_as=treated_as, set_this_turn=set_now,
                     equipped_to=self.equipped_to(entry, z, face_up, where))
            return
        if z == 5:
            if not (card.is_spell and "field" in card.kinds):
                raise self.error(where, f"{card.name} is not a Field Spell: only Field Spells go in the Field Zone")
            self.add(card, owner=p, controller=p, location="field_zone", index=0, face_up=face_up)
            return
        if card.is_monster:
            if not card.is_pendulum:
                raise self.error(where, f"{card.name} is not a Pendulum monster: a monster card in a Spell & Trap Zone must be a Pendulum monster in a Pendulum Zone, or \"treated_as\" a Spell")
            if z not in (0, 4):
                raise self.error(where, f"{card.name} is a Pendulum monster: the Pendulum Zones are the leftmost and rightmost Spell & Trap Zones (0 and 4)")
            if not face_up:
                raise self.error(f"{where}.face_up", "a Pendulum monster in a Pendulum Zone is face-up")
        elif "field" in card.kinds:
            raise self.error(where, f"{card.name} is a Field Spell: it goes in the field_zone")
        self.add(card, owner=p, controller=p, location="spell_trap_zone", index=z, face_up=face_up,
                 set_this_turn=set_now, equipped_to=self.equipped_to(entry, z, face_up, where))

    def equipped_to(self, entry: dict, z: int, face_up: bool, where: str) -> tuple[int, int] | None:
        """``"equipped_to": {"player": P, "zone": Z}``: the monster (Main Monster Zone 0..4, Extra
        Monster Zone 5/6) a face-up Equip Card is equipped to; checked once the field is read."""
        ref = self.typed(entry, "equipped_to", dict, where, None)
        if ref is None:
            return None
        at = f"{where}.equipped_to"
        self.keys(ref, EQUIP_KEYS, at)
        if z == 5 or not face_up:
            raise self.error(at, "only a face-up card in a Spell & Trap Zone is equipped to a monster")
        player, zone = self.typed(ref, "player", int, at, None), self.typed(ref, "zone", int, at, None)
        if player not in (0, 1) or zone not in range(7):
            raise self.error(at, 'name the monster as {"player": 0 or 1, "zone": 0..4, or 5/6 for an Extra Monster Zone}')
        self.equips.append((at, player, zone))
        return (player, zone)

    def extra_monster_zones(self, doc: dict) -> None:
        emz = self.typed(doc, "extra_monster_zones", list, "", [None, None])
        if len(emz) != 2:
            raise self.error("extra_monster_zones", f"there are 2 Extra Monster Zones, {len(emz)} entries given")
        for z, entry in enumerate(emz):
            if entry is not None:
                where = f"extra_monster_zones[{z}]"
                slot = self.monster(0, "extra_monster_zone", z, entry, where)
                if not slot.card.is_extra_deck and not slot.card.is_pendulum:
                    raise self.error(f"{where}.card", f"{slot.card.name} cannot be in an Extra Monster Zone: only monsters summoned from the Extra Deck go there")


def _equal_runs(items: list) -> Iterator[tuple[Any, int]]:
    """Each entry of ``items`` with how many times it repeats side by side, counted at C speed;
    entries that are equal but of other types (1, 1.0 and True) are not one run."""
    for item, group in itertools.groupby(items):
        same = list(group)
        if len(same) == 1 or len(set(map(type, same))) == 1:
            yield item, len(same)
        else:
            for _, kind in itertools.groupby(same, key=type):
                kind = list(kind)
                yield kind[0], len(kind)


def _article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word
