"""The board of an EDOPro puzzle, as its ``Debug`` calls lay it out, and its position JSON.

oracle.yugioh.puzzle_lua reads the Lua and calls this module with constant values only: cards
with EDOPro's locations, sequences and positions (ocgcore's numbers), the duel flags and the
master rule. This module places them as EDOPro does, keeps a note (with its Lua line) of what the
position format does not hold, and writes the position of docs/positions.md. docs/edopro-puzzles.md
says how each location maps.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from oracle.errors import OracleError, UnknownCard
from oracle.yugioh.cards import Card, Library

# -- EDOPro constants (values of ProjectIgnis CardScripts constant.lua) --------------------------

LOCATION = {
    "LOCATION_DECK": 0x01, "LOCATION_HAND": 0x02, "LOCATION_MZONE": 0x04, "LOCATION_SZONE": 0x08,
    "LOCATION_GRAVE": 0x10, "LOCATION_REMOVED": 0x20, "LOCATION_EXTRA": 0x40,
    "LOCATION_OVERLAY": 0x80, "LOCATION_ONFIELD": 0x0C, "LOCATION_FZONE": 0x100,
    "LOCATION_PZONE": 0x200,
    "LOCATION_STZONE": 0x10000000, "LOCATION_MMZONE": 0x20000000, "LOCATION_EMZONE": 0x40000000,
}
_LOC_NAME = {v: k for k, v in LOCATION.items()}
POSITION = {
    "POS_FACEUP_ATTACK": 0x1, "POS_FACEDOWN_ATTACK": 0x2, "POS_FACEUP_DEFENSE": 0x4,
    "POS_FACEDOWN_DEFENSE": 0x8, "POS_FACEUP": 0x5, "POS_FACEDOWN": 0xA, "POS_ATTACK": 0x3,
    "POS_DEFENSE": 0xC,
}
_FACEUP, _FACEDOWN = 0x5, 0xA
DUEL_FLAG = {
    "DUEL_TEST_MODE": 0x01, "DUEL_ATTACK_FIRST_TURN": 0x02, "DUEL_OBSOLETE_RULING": 0x08,
    "DUEL_PSEUDO_SHUFFLE": 0x10, "DUEL_TAG_MODE": 0x20, "DUEL_SIMPLE_AI": 0x40,
    "DUEL_RELAY": 0x80, "DUEL_OBSOLETE_IGNITION": 0x100, "DUEL_1ST_TURN_DRAW": 0x200,
    "DUEL_1_FIELD": 0x400, "DUEL_PZONE": 0x800, "DUEL_SEPARATE_PZONE": 0x1000,
    "DUEL_EMZONE": 0x2000, "DUEL_FSX_MMZONE": 0x4000, "DUEL_TRAP_MONSTERS_NOT_USE_ZONE": 0x8000,
    "DUEL_RETURN_TO_EXTRA_DECK_TRIGGERS": 0x10000, "DUEL_TRIGGER_ONLY_IN_LOCATION": 0x20000,
    "DUEL_SPSUMMON_ONCE_OLD_NEGATE": 0x40000, "DUEL_CANNOT_SUMMON_OATH_OLD": 0x80000,
    "DUEL_NO_STANDBY_PHASE": 0x100000, "DUEL_NO_MAIN_PHASE_2": 0x200000,
    "DUEL_3_COLUMNS_FIELD": 0x400000, "DUEL_DRAW_UNTIL_5": 0x800000,
    "DUEL_NO_HAND_LIMIT": 0x1000000, "DUEL_UNLIMITED_SUMMONS": 0x2000000,
    "DUEL_INVERTED_QUICK_PRIORITY": 0x4000000,
}
_SINGLE_FLAGS = list(DUEL_FLAG.items())
DUEL_FLAG["DUEL_MODE_SPEED"] = 0x400000 | 0x200000 | 0x20000
DUEL_FLAG["DUEL_MODE_RUSH"] = DUEL_FLAG["DUEL_MODE_SPEED"] | 0x100000 | 0x200 | 0x4000000 | 0x800000 | 0x1000000 | 0x2000000
# Flags that say nothing about the position (AI behaviour, shuffling, the test-mode menu).
_HARMLESS_FLAGS = {"DUEL_TEST_MODE", "DUEL_PSEUDO_SHUFFLE", "DUEL_SIMPLE_AI", "DUEL_ATTACK_FIRST_TURN"}
_FLAG_NOTES = {
    "DUEL_3_COLUMNS_FIELD": "Speed Duel field (DUEL_3_COLUMNS_FIELD): only the three middle "
                            "Monster and Spell & Trap Zones exist; the position still has five",
    "DUEL_NO_MAIN_PHASE_2": "DUEL_NO_MAIN_PHASE_2: the turn has no Main Phase 2",
}
SUMMON_TYPE = {
    "SUMMON_TYPE_NORMAL": 0x10000000, "SUMMON_TYPE_TRIBUTE": 0x11000000,
    "SUMMON_TYPE_GEMINI": 0x12000000, "SUMMON_TYPE_FLIP": 0x20000000,
    "SUMMON_TYPE_SPECIAL": 0x40000000, "SUMMON_TYPE_FUSION": 0x43000000,
    "SUMMON_TYPE_RITUAL": 0x45000000, "SUMMON_TYPE_SYNCHRO": 0x46000000,
    "SUMMON_TYPE_XYZ": 0x49000000, "SUMMON_TYPE_PENDULUM": 0x4A000000,
    "SUMMON_TYPE_LINK": 0x4C000000,
}
SUMMON_NAME = {v: k[len("SUMMON_TYPE_"):].lower() for k, v in SUMMON_TYPE.items()}
CONSTANTS: dict[str, int] = {**LOCATION, **POSITION, **DUEL_FLAG, **SUMMON_TYPE}

RULES = {5: "master-rule-2020", 4: "master-rule-4"}
_RULE_GAPS = {
    3: "Master Rule 3 (2014) has separate Pendulum Zones and no Extra Monster Zone",
    2: "Master Rule 2 (2008-2014) has no Pendulum Zones and no Extra Monster Zone",
    1: "Master Rule 1 (the original rules) has no Pendulum Zones and no Extra Monster Zone",
}
_LIST_KEYS = {0x02: "hand", 0x10: "graveyard", 0x20: "banished", 0x40: "extra_deck"}


@dataclass
class PuzzleCard:
    code: int
    owner: int
    controller: int
    location: int
    sequence: int
    position: int
    proc: bool
    line: int
    materials: list["PuzzleCard"] = field(default_factory=list)
    where: str = ""            # readable place, for notes
    pzone: bool = False        # added with LOCATION_PZONE
    equipped_to: "PuzzleCard | None" = None


class Board:
    """The cards placed so far, the duel settings and the notes, for one puzzle file."""

    def __init__(self, source: str, library: Library):
        self.source, self.library = source, library
        self.notes: list[tuple[int, str]] = []
        self.flags, self.rule, self.reload_line = 0, 3, None
        self.fields: list[tuple[str, PuzzleCard]] = []          # position field -> card, for errors
        self.clear()

    def clear(self) -> None:
        self.lp: list[int | None] = [None, None]
        self.lists: list[dict[str, list[PuzzleCard]]] = [
            {"hand": [], "deck": [], "graveyard": [], "banished": [], "extra_deck": []} for _ in (0, 1)]
        self.mzones: list[list[PuzzleCard | None]] = [[None] * 5 for _ in (0, 1)]
        self.szones: list[list[PuzzleCard | None]] = [[None] * 5 for _ in (0, 1)]
        self.fzone: list[PuzzleCard | None] = [None, None]
        self.emz: list[PuzzleCard | None] = [None, None]

    def flag_names(self) -> list[str]:
        return [name for name, v in _SINGLE_FLAGS if self.flags & v]

    def cards(self) -> list[PuzzleCard]:
        out = [c for side in self.lists for cards in side.values() for c in cards]
        for c in [*self.mzones[0], *self.mzones[1], *self.szones[0], *self.szones[1], *self.fzone, *self.emz]:
            if c is not None:
                out += [c, *c.materials]
        return out

    def fail(self, problem: str, line: int | None) -> OracleError:
        return OracleError(problem, source=self.source, field=f"line {line}" if line else None)

    def note(self, line: int, text: str) -> None:
        """A soft problem; line 0 means the file as a whole."""
        self.notes.append((line, f"line {line}: {text}" if line else f"file: {text}"))

    def card(self, code: int) -> Card | None:
        """The card of a passcode through the library's own lookup (None when unknown)."""
        try:
            return self.library.resolve(code)
        except UnknownCard:
            return None

    def card_name(self, code: int) -> str:
        card = self.card(code)
        return f"{card.name} ({code})" if card else str(code)

    def describe(self, card: PuzzleCard) -> str:
        return f"{self.card_name(card.code)} {card.where}".strip()

    def reload_begin(self, vals: list, line: int) -> bool:
        """Debug.ReloadFieldBegin(flags, rule, build mode); True when it cleared a board."""
        if not vals or not isinstance(vals[0], int) or isinstance(vals[0], bool):
            raise self.fail("Debug.ReloadFieldBegin needs the duel flags", line)
        cleared = self.reload_line is not None
        if cleared:
            placed = len(self.cards())
            self.note(line, f"a second Debug.ReloadFieldBegin (first at line {self.reload_line}) clears "
                            "the board" + (f"; {placed} card(s) added before it are dropped" if placed else ""))
            self.clear()
        self.reload_line, self.flags = line, vals[0]
        rule = vals[1] if len(vals) > 1 and vals[1] else 3
        if isinstance(rule, bool) or rule not in (1, 2, 3, 4, 5):
            raise self.fail(f"Debug.ReloadFieldBegin: unknown master rule {rule!r}", line)
        self.rule = rule
        if len(vals) > 2 and vals[2]:
            self.note(line, "Debug.ReloadFieldBegin's third argument (build mode) ignores the "
                            "master rule; the rule number is used anyway")
        unknown = self.flags
        for name, v in _SINGLE_FLAGS:
            if self.flags & v:
                unknown &= ~v
                if name not in _HARMLESS_FLAGS:
                    self.note(line, _FLAG_NOTES.get(name, f"duel flag {name} is not represented"))
        if unknown:
            self.note(line, f"unknown duel flag bits 0x{unknown:x}; ignored")
        return cleared

    def place(self, card: PuzzleCard) -> None:
        b, p, loc, seq, line = self, card.controller, card.location, card.sequence, card.line
        if loc in _LIST_KEYS:
            key = _LIST_KEYS[loc]
            b.lists[p][key].append(card)
            card.where = f"in player {p}'s {key.replace('_', ' ')}"
            return
        if loc == LOCATION["LOCATION_DECK"]:
            b.lists[p]["deck"].insert(len(b.lists[p]["deck"]) if seq == 1 else 0, card)   # 0 = top
            card.where = f"in player {p}'s deck"
            return
        if loc == LOCATION["LOCATION_MMZONE"]:
            loc = LOCATION["LOCATION_MZONE"]
        elif loc == LOCATION["LOCATION_EMZONE"]:
            loc, seq = LOCATION["LOCATION_MZONE"], seq + 5
        elif loc == LOCATION["LOCATION_STZONE"]:
            loc = LOCATION["LOCATION_SZONE"]
        elif loc == LOCATION["LOCATION_FZONE"]:
            loc, seq = LOCATION["LOCATION_SZONE"], 5
        elif loc == LOCATION["LOCATION_PZONE"]:
            if seq not in (0, 1):
                raise self.fail(f"Pendulum Zone sequence {seq} (only 0 and 1 exist)", line)
            loc, seq, card.pzone = LOCATION["LOCATION_SZONE"], 0 if seq == 0 else 4, True
        if loc == LOCATION["LOCATION_MZONE"]:
            self.place_monster(card, seq)
        elif loc == LOCATION["LOCATION_SZONE"]:
            self.place_spell_trap(card, seq)
        else:
            raise self.fail(f"Debug.AddCard: cannot place a card in {_LOC_NAME.get(loc, hex(loc))}", line)

    def place_monster(self, card: PuzzleCard, seq: int) -> None:
        b, p, line = self, card.controller, card.line
        if 0 <= seq <= 4:
            zones, index, label = b.mzones[p], seq, f"in player {p}'s Monster Zone {seq}"
        elif seq in (5, 6):
            # ocgcore pairs a player's zone 5 with the opponent's zone 6; the position indexes
            # the Extra Monster Zones from player 0's view.
            zones, index = b.emz, seq - 5 if p == 0 else 6 - seq
            label = f"in the {'left' if index == 0 else 'right'} Extra Monster Zone"
            if self.rule < 4:
                self.note(line, f"{self.card_name(card.code)} is placed in an Extra Monster Zone, "
                                f"which Master Rule {self.rule} does not have")
        else:
            raise self.fail(f"Monster Zone sequence {seq} does not exist (0-4 Main, 5-6 Extra)", line)
        base = zones[index]
        if base is not None:
            if seq >= 5 and base.controller != p:
                raise self.fail(f"the Extra Monster Zone of sequence {seq} is already used by "
                                f"player {base.controller}", line)
            base.materials.append(card)
            card.where = f"as Xyz Material of {self.card_name(base.code)} ({base.where})"
            return
        zones[index], card.where = card, label
        if card.position == 0x2:
            self.note(line, f"{self.describe(card)} is face-down in Attack Position; imported as Set")
        elif card.position not in (0x1, 0x4, 0x8, _FACEDOWN):
            self.note(line, f"{self.describe(card)} has the position value 0x{card.position:x}, which is "
                            f"no single battle position; imported as {_battle_position(card.position)}")

    def place_spell_trap(self, card: PuzzleCard, seq: int) -> None:
        b, p, line = self, card.controller, card.line
        if seq in (6, 7):
            if self.rule != 3:
                raise self.fail(f"Spell & Trap Zone sequence {seq} exists only under Master Rule 3 "
                                "(its separate Pendulum Zones)", line)
            seq, card.pzone = (0 if seq == 6 else 4), True
        if seq == 5:
            if b.fzone[p] is not None:
                self.note(line, f"{self.card_name(card.code)} is added to player {p}'s occupied Field Zone; "
                                "it is left out")
                return
            b.fzone[p], card.where = card, f"in player {p}'s Field Zone"
            return
        if not 0 <= seq <= 4:
            raise self.fail(f"Spell & Trap Zone sequence {seq} does not exist (0-4, 5 is the Field Zone)", line)
        taken = b.szones[p][seq]
        if card.pzone and self.rule == 3:
            side = "left" if seq == 0 else "right"
            if taken is not None:
                self.note(line, f"{self.card_name(card.code)} is in player {p}'s {side} Pendulum Zone, which "
                                "Master Rule 3 keeps apart from the Spell & Trap Zones; the position holds it "
                                f"in Spell & Trap Zone {seq}, already taken by {self.card_name(taken.code)}, "
                                "so the card is left out")
                return
            self.note(line, f"{self.card_name(card.code)}: Master Rule 3 keeps the Pendulum Zones apart "
                            f"from the Spell & Trap Zones; the position puts the card in the {side}most "
                            "Spell & Trap Zone")
        if taken is not None:
            fate = "EDOPro does not add it" if card.pzone else f"EDOPro attaches it to {self.card_name(taken.code)}"
            self.note(line, f"{self.card_name(card.code)} is added to player {p}'s occupied Spell & Trap "
                            f"Zone {seq} ({fate}); it is left out")
            return
        b.szones[p][seq], card.where = card, f"in player {p}'s Spell & Trap Zone {seq}"

    # -- output --
    def position(self) -> dict:
        if self.reload_line is None:
            self.note(0, "no Debug.ReloadFieldBegin: EDOPro's default, Master Rule 3 without a Battle "
                         "Phase on the first turn, is assumed")
        if self.rule not in RULES:
            self.note(self.reload_line or 0, f"written for Master Rule {self.rule}: {_RULE_GAPS[self.rule]}; "
                                             "imported as master-rule-2020, the closest rules the position "
                                             "format names")
        b, players = self, []
        for p in (0, 1):
            if self.lp[p] is None:
                self.note(0, f"no Debug.SetPlayerInfo for player {p}: 8000 life points assumed")
            where, side = f"players[{p}]", b.lists[p]
            player: dict[str, Any] = {"life_points": 8000 if self.lp[p] is None else self.lp[p]}
            for key in ("hand", "deck", "graveyard", "banished", "extra_deck"):
                player[key] = [self.listed(c, key, f"{where}.{key}[{i}]") for i, c in enumerate(side[key])]
            player["monster_zones"] = [self.monster(c, f"{where}.monster_zones[{z}]")
                                       for z, c in enumerate(b.mzones[p])]
            player["spell_trap_zones"] = [self.spell(c, f"{where}.spell_trap_zones[{z}]", z)
                                          for z, c in enumerate(b.szones[p])]
            player["field_zone"] = self.spell(b.fzone[p], f"{where}.field_zone", 5)
            players.append(player)
        emz: list[dict | None] = []
        for z, c in enumerate(b.emz):
            entry = self.monster(c, f"extra_monster_zones[{z}]")
            emz.append(None if entry is None else {"card": entry.pop("card"), "controller": c.controller, **entry})
        return {
            "game": "yugioh",
            "rules": RULES.get(self.rule, "master-rule-2020"),
            "turn": {"player": 0, "phase": "main1", "normal_summon_used": False, "pendulum_summon_used": False,
                     "first_turn": not self.flags & DUEL_FLAG["DUEL_ATTACK_FIRST_TURN"]},
            "players": players,
            "extra_monster_zones": emz,
        }

    def listed(self, c: PuzzleCard, key: str, where: str) -> int | dict:
        self.fields.append((where, c))
        entry: dict[str, Any] = {"card": c.code}
        if key == "extra_deck" and c.position & _FACEUP:
            known = self.card(c.code)
            if known is not None and not known.is_pendulum:
                # EDOPro itself turns it face-down: only Pendulum Monsters are face-up there.
                self.note(c.line, f"{self.card_name(c.code)} is added face-up to the Extra Deck but is "
                                  "no Pendulum Monster; EDOPro puts it face-down")
            else:
                entry["face_up"] = True
        if c.proc:
            entry["properly_summoned"] = True
        return entry if len(entry) > 1 else c.code

    def monster(self, c: PuzzleCard | None, where: str) -> dict | None:
        if c is None:
            return None
        self.fields.append((where, c))
        entry: dict[str, Any] = {"card": c.code, "position": _battle_position(c.position),
                                 "properly_summoned": c.proc}
        if c.materials:
            entry["materials"] = [m.code for m in c.materials]
            self.fields += [(f"{where}.materials[{i}]", m) for i, m in enumerate(c.materials)]
        return entry

    def spell(self, c: PuzzleCard | None, where: str, zone: int) -> dict | None:
        if c is None:
            return None
        self.fields.append((where, c))
        entry: dict[str, Any] = {"card": c.code, "face_up": bool(c.position & _FACEUP)}
        known = self.card(c.code)
        # A monster card face-up in a Spell & Trap Zone is a Spell there (docs/positions.md), unless
        # it is a Pendulum Monster in a Pendulum Zone.
        target = c.equipped_to
        if (target is not None and entry["face_up"] and zone < 5 and target.location == LOCATION["LOCATION_MZONE"]
                and target.sequence < 5 and target.position & _FACEUP):
            # Debug.PreEquip of a card to a face-up monster in a Main Monster Zone: what it equips
            # (an Equip Spell's gain, Megamorph) holds from the start.
            entry["equipped_to"] = {"player": target.controller, "zone": target.sequence}
        if known is not None and known.is_monster and entry["face_up"] and zone < 5:
            if c.equipped_to is not None:
                entry["treated_as"] = "equip_spell"
            elif not (known.is_pendulum and zone in (0, 4)):
                entry["treated_as"] = "continuous_spell"
                self.note(c.line, f"{self.describe(c)} is a monster card face-up in a Spell & Trap Zone and "
                                  "equipped to nothing: imported as treated as a Continuous Spell (as Crystal "
                                  "Beasts are placed)")
        return entry

    def field_line(self, name: str | None) -> int | None:
        """The Lua line of the card the position field ``name`` (or a part of it) stands for."""
        if not name:
            return None
        if name.endswith(".materials"):
            name += "[0]"
        best = max((f for f, _ in self.fields if name == f or name.startswith((f + ".", f + "["))),
                   key=len, default=None)
        return next(c.line for f, c in self.fields if f == best) if best else None


def _battle_position(pos: int) -> str:
    if pos & _FACEDOWN and not pos & _FACEUP:
        return "set"
    return "attack" if pos & 0x1 or not pos & 0x4 else "defense"
