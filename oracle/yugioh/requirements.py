"""Summoning requirements read from card text, as facts of docs/facts-schema.md.

Material lines ("1 Tuner + 1+ non-Tuner monsters") are read with the declared grammar of card
text, oracle/yugioh/grammar/ (materials.lark, which imports the noun phrases of common.lark; lark,
LALR); grammar/nouns.py turns the parse tree into items (counts, qualifier slots, postmodifiers).
This module gives the items their meaning: quoted names become card names or archetypes of the
library, alternatives multiply out, "including" splits a group, identical groups merge.

A slot's alternatives multiply out into the alternatives A of the group's ``filter`` facts.
Whatever the grammar does not cover makes the card *unsupported*, with the reason in words:
no ``proc`` is then emitted (the oracle never summons on a guess).

Procedures from the hand (conditions, costs, tail) and Normal Summon rules are read with
summons.lark; this module turns its trees into HandProcedure. The remaining sentences (summoning
conditions of Extra Deck monsters, alternative Xyz procedures, Ritual and Fusion Spells, Fusion
substitutes) are few fixed wordings, found with the regular expressions below; what they contain
is read with the grammar.
"""
from __future__ import annotations

import copy
import functools
import itertools
import re
from dataclasses import dataclass, field, replace

import clingo
import lark

from oracle.yugioh.cards import Card, Library
from oracle.yugioh import grammar
from oracle.yugioh.grammar import Unsupported
from oracle.yugioh.grammar.nouns import MANY, Item, Nouns, combine, innermost, kind_value, race_value

Atom = tuple  # ("kind", "tuner"), ("level_min", 7), ("name", 89631139), ("any",), ...
Lit = tuple  # (sign, Atom) with sign "pos" or "neg"


@dataclass
class Group:
    lo: int
    hi: int
    alts: list[frozenset]  # alternatives, each a frozenset of Lit


@dataclass
class Procedure:
    method: str
    groups: list[Group]
    constraints: list[tuple[str, str]] = field(default_factory=list)  # ("different", "name")
    sources: list[str] = field(default_factory=list)  # proc_from locations
    dispose: str | None = None  # contact procedures: where the materials go (proc_dispose/3)
    history: bool = False  # "during a Duel you Special Summoned both the above cards" (proc_history/3)
    phase: str | None = None  # "Cannot be Link Summoned, except during Main Phase 2" (proc_phase/3)
    spell: int | None = None  # "Must be Special Summoned with "Dark Fusion"": must_spell/2


# How a contact procedure gets rid of its materials ("by shuffling ... into the Deck").
_DISPOSAL = {"shuffling": "deck", "returning": "deck", "banishing": "banished", "sending": "graveyard",
             "Tributing": "graveyard"}


@dataclass
class Requirements:
    facts: list[clingo.Symbol]
    unsupported: str | None = None
    # Parts of the text that were understood to exist but not encoded (e.g. an alternative
    # procedure with a condition): the card stays supported through its other procedures.
    skipped: list[str] = field(default_factory=list)
    # A main-deck monster's own procedure from the hand that is not read (the reason): the card
    # is never Special Summoned that way, but may still be Normal Summoned.
    procedure_unsupported: str | None = None


# --------------------------------------------------------------------------------------------
# Material lines: the grammar of oracle/yugioh/grammar/ (materials.lark, common.lark)
# --------------------------------------------------------------------------------------------
def tokenize(line: str) -> list:
    """The tokens of a material line (Unsupported naming the words outside the vocabulary)."""
    return grammar.tokens("materials", "line", line.strip().rstrip("."))


def _items(line: str, method: str) -> list[Item]:
    line = line.strip().rstrip(".")
    try:
        tree = grammar.parse("materials", "line", line)
    except Unsupported:
        _no_card_nouns(grammar.tokens("materials", "line", line), method)  # the better reason, if any
        raise
    _no_card_nouns(list(tree.scan_values(lambda v: isinstance(v, lark.Token))), method)
    return grammar.transform(tree, Nouns())


def _no_card_nouns(toks: list, method: str) -> None:
    """Cards that need not be monsters ("Spell", "cards") are never materials of a summon."""
    odd = [t.value for t in toks if t.type in ("CARD_NOUN", "CARD_KIND")]
    if method != "hand_procedure" and odd:
        raise Unsupported(f"words not understood: {' '.join(odd)}")


# Names printed on older cards for cards that have since been renamed: a material line may still
# quote the old name (Amphibious Bugroth's "Defender of the Sea" is "Sentinel of the Seas").
_FORMER_NAMES: dict[str, int] = {
    "Defender of the Sea": 85448931,
}


def _resolve_quote(text: str, prefer_archetype: bool, lib: Library) -> list[Atom]:
    """A quoted name as filter atoms (alternatives). '"X" monster' names an archetype when X is
    one; a bare "X" is a card name. Either falls back on the other reading."""
    codes = _archetype_codes(text, lib)
    card = lib.by_name(text) or lib.get(_FORMER_NAMES.get(text, 0))
    if prefer_archetype and codes:
        return [("archetype", c) for c in codes]
    if card is not None:
        # The code of the card literally named, not of the card its name is treated as:
        # "Neo-Spacian Marine Dolphin" stays itself though it is also "Aqua Dolphin".
        return [("name", card.code)]
    if codes:
        return [("archetype", c) for c in codes]
    raise Unsupported(f'"{text}" is neither a card name nor an archetype')


def _archetype_codes(name: str, lib: Library) -> list[int]:
    """The archetype codes of a quoted name: from archetypes.tsv (also as "Name-", the table's
    spelling of "Ritual Beast Ulti-"), else inferred from the cards bearing the name."""
    return lib.archetype_codes(name) or lib.archetype_codes(name + "-") or _inferred_archetype(name, lib)


_INFERRED: dict[tuple[int, str], list[int]] = {}


def _inferred_archetype(name: str, lib: Library) -> list[int]:
    """An archetype missing from archetypes.tsv (newer than the locale file, or named differently
    there: "Dracotail" is "Dragontail"): accepted only when at least 3 cards bear the name and
    exactly one setcode unknown to the table is shared by all of them -- or, failing that, exactly
    one setcode at all. Membership itself still comes from the cards' setcodes."""
    key = (id(lib), name)
    if key not in _INFERRED:
        known = {code for code, _ in lib.archetypes}
        pattern = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")
        bearers = [c for c in lib if pattern.search(c.name)]
        common = set.intersection(*(set(c.setcodes) for c in bearers)) if len(bearers) >= 3 else set()
        shared = {s for s in common if s not in known}
        if not shared and len(common) == 1 and lib.by_name(name) is None:
            shared = common  # a known archetype under another name; never a card's own name
        _INFERRED[key] = sorted(shared) if len(shared) == 1 else []
        for code in _INFERRED[key]:
            if lib.archetype_name(code) is None:
                _INFERRED_NAMES[code] = name
    return _INFERRED[key]


_INFERRED_NAMES: dict[int, str] = {}  # for the normalised text only


def _item_alts(it: Item, lib: Library) -> list[frozenset]:
    """The item's qualifiers multiplied out into alternatives (sets of literals)."""
    result = _own_alts(it, lib)
    for other in it.alternatives:
        if (other.count or (1, 1)) != (it.count or (1, 1)) or other.including or other.constraints \
                or other.parts or other.choices:
            raise Unsupported("alternative materials with different counts")
        result += [a for a in _item_alts(other, lib) if a not in result]
    return result


def _own_alts(it: Item, lib: Library) -> list[frozenset]:
    others = sum(1 for s in it.slots for alt in s for q in alt if q[0] != "quote")
    prefer_arch = it.has_noun or others > 0
    slots: list[list[list[Lit]]] = []
    for slot in it.slots:
        alts: list[list[Lit]] = []
        for alt in slot:
            expanded: list[list[Lit]] = [[]]
            for q in alt:
                if q[0] == "quote":
                    atoms = _resolve_quote(q[1], prefer_arch, lib)
                    expanded = [e + [("pos", a)] for e in expanded for a in atoms]
                else:
                    expanded = [e + [q] for e in expanded]
            alts.extend(expanded)
        slots.append(alts)
    excluded: list[Lit] = []
    for ex in it.excepted:
        for alt in _item_alts(ex, lib):
            if len(alt) != 1 or next(iter(alt))[0] != "pos":
                raise Unsupported("an 'except' part naming more than one property")
            excluded.append(("neg", next(iter(alt))[1]))
    result = []
    for combo in itertools.product(*slots) if slots else [()]:
        lits = frozenset(itertools.chain(it.extra, excluded, *combo))
        if lits not in result:
            result.append(lits)
    return result


def parse_material_line(line: str, method: str, library: Library) -> Procedure:
    """The one procedure a material line describes (raises Unsupported)."""
    procs = parse_material_procs(line, method, library)
    if len(procs) != 1:
        raise Unsupported("a material line with several procedures")
    return procs[0]


def parse_material_procs(line: str, method: str, library: Library) -> list[Procedure]:
    """The procedures a material line describes: one, or one per count when alternatives of an
    item have different counts ("2+ Tuners or 1 Tuner Synchro Monster + ...")."""
    return _procedures(_items(line, method), method, library)


def _procedures(items: list[Item], method: str, library: Library) -> list[Procedure]:
    variants = [_count_variants(it) for it in items]
    procs = [_build(list(combo), method, library) for combo in itertools.product(*variants)]
    choices = [c for it in items for c in it.choices]
    if choices and len(items) > 1:
        raise Unsupported("a condition on part of the materials ('with the same ... or ...')")
    # "with the same Type or Attribute": one procedure per reading.
    return [replace(p, constraints=p.constraints + list(pick))
            for p in procs for pick in itertools.product(*choices)]


def _flatten(it: Item) -> list[Item]:
    head = copy.copy(it)
    head.alternatives = []
    return [head] + [x for alt in it.alternatives for x in _flatten(alt)]


def _count_variants(it: Item) -> list[Item]:
    flat = _flatten(it)
    if len(flat) > 1 and any(x.constraints or x.including or x.parts or x.choices for x in flat):
        raise Unsupported("alternative materials with their own conditions")
    by_count: dict[tuple[int, int], list[Item]] = {}
    for x in flat:
        by_count.setdefault(x.count or (1, 1), []).append(x)
    out = []
    for same in by_count.values():
        head = copy.copy(same[0])
        head.alternatives = same[1:]
        out.append(head)
    return out


def _build(items: list[Item], method: str, library: Library) -> Procedure:
    groups: list[Group] = []
    constraints: list[tuple[str, str]] = []
    shared_extra: list[Lit] = []
    for it in items:
        if it.constraints:
            if len(items) > 1:
                raise Unsupported("a condition on part of the materials ('with different/same ...')")
            constraints.extend(it.constraints)
        if ("neg", ("kind", "token")) in it.extra:
            shared_extra.append(("neg", ("kind", "token")))
        lo, hi = it.count or (1, 1)
        if lo < 1 or hi < lo:
            raise Unsupported(f"a material count of {lo}")
        alts = _item_alts(it, library)
        if it.parts:
            # "4 Dragon monsters (1 Fusion, 1 Synchro, 1 Xyz, and 1 Pendulum)": one group per part,
            # each material matching both the item and its part.
            counts = [p.count or (1, 1) for p in it.parts]
            if it.including or lo != hi or any(a != b for a, b in counts) or sum(a for a, _ in counts) != lo:
                raise Unsupported("a split of the materials that does not add up to their count")
            for part, (plo, phi) in zip(it.parts, counts):
                groups.append(Group(plo, phi, [a | b for a in alts for b in _item_alts(part, library)]))
            continue
        if it.including is None:
            groups.append(Group(lo, hi, alts))
            continue
        # "2+ monsters, including a Link Monster": one material matches both descriptions,
        # the others only the first one.
        inc = it.including
        if inc.constraints or inc.including or (inc.count not in (None, (1, 1), (1, MANY))):
            raise Unsupported("an 'including' part other than 'including a ...'")
        inc_alts = [a | b for a in alts for b in _item_alts(inc, library)]
        groups.append(Group(1, 1, inc_alts))
        if hi > 1:
            groups.append(Group(max(lo - 1, 0), hi - 1 if hi != MANY else MANY, alts))
    if shared_extra:
        for g in groups:
            g.alts = [a | frozenset(shared_extra) for a in g.alts]
    return Procedure(method, _merge_same(groups), constraints)


def _merge_same(groups: list[Group]) -> list[Group]:
    """"Cyber Dragon" + "Cyber Dragon" + "Cyber Dragon" is one group of 3: merge groups with
    the same alternatives, so 3 "Cyber Dragon" and the long form give the same facts."""
    out: list[Group] = []
    for g in groups:
        same = next((o for o in out if set(o.alts) == set(g.alts)), None)
        if same is None:
            out.append(Group(g.lo, g.hi, list(g.alts)))
        else:
            same.lo += g.lo
            same.hi = min(MANY, same.hi + g.hi)
    return out


# --------------------------------------------------------------------------------------------
# Sentences: summoning conditions, alternative procedures, Spells, substitutes
# --------------------------------------------------------------------------------------------
_MUST = re.compile(r"\bMust be (Fusion|Synchro|Xyz|Link|Ritual) Summoned\b|"
                   r"\bcan only be Special Summoned by (Fusion|Synchro|Xyz|Link|Ritual) Summon\b")
_MUST_EITHER = re.compile(r"\bMust be either Fusion Summoned, or Special Summoned")
_CONTACT = re.compile(
    r"(?:\bMust (?P<first>first )?be|This card can only be) (?:either Fusion Summoned, or )?Special Summoned "
    r"(?:\(from your Extra Deck\) |from your Extra Deck,? )?"
    r"(?P<history>during a Duel you Special Summoned both the above cards, )?by "
    r"(?P<how>shuffling|banishing|sending|returning|Tributing) "
    r"(?:the above (?:cards|monsters)(?:, (?P<each>1 each))? (?P<where>you control|from (?:your|either|any) [^.()]*?)"
    r"|cards (?P<where2>you control) with the above original names)"
    r"(?: (?:into the (?:Deck|Deck/Extra Deck|Main Deck)|to the (?:GY|Graveyard|Deck)|face-down))?"
    r"(?=[.,( ])")
_MUST_SPELL = re.compile(r'Must (?P<first>first )?be Special Summoned with "(?P<spell>[^"]+)"\.')
_NOT_POLY = re.compile(r"Must (?:first )?be Special Summoned with \"|Must be Special Summoned by \"|"
                       r"Must be Special Summoned \(from your Extra Deck\) by sending \d")
# "Must be Pendulum Summoned (from your hand), or ..." (Odd-Eyes Revolution Dragon), "Must be
# either Ritual Summoned, or Pendulum Summoned from your hand" (Odd-Eyes Pendulumgraph Dragon):
# a Special-Summon-only or Ritual monster that a Pendulum Summon may still bring out.
_PENDULUM_OK = re.compile(r"Must be (?:either Ritual Summoned, or )?Pendulum Summoned")
# "Cannot be Special Summoned." (Spirit monsters, Yata-Garasu): not even by a Pendulum Summon.
_NO_SPECIAL = re.compile(r"(?:^|[.:] )Cannot be Special Summoned\.")
# "Cannot be Special Summoned from the Deck." (Toy Knight), "... from the GY." (Dark Ruler Ha Des,
# XY-Dragon Cannon), "... from the hand or Deck.": summoning conditions, so an effect that ignores
# them may still (resolve.lp's no_ss_from/2; pendulum.lp: none from the Extra Deck, not even by a
# Pendulum Summon from the hand).  "... from the GY the turn this card was sent to the GY" is not
# read: never from the GY then (a guess never is).
_PLACE_OF = {"hand": "hand", "Deck": "deck", "GY": "graveyard", "Graveyard": "graveyard", "Extra Deck": "extra"}
_NO_SS_FROM = re.compile(r"(?:^|[.:)] )Cannot be Special Summoned from the (?P<places>(?:hand|Deck|GY|Graveyard|Extra Deck)"
                         r"(?: or (?:the )?(?:hand|Deck|GY|Graveyard|Extra Deck))?)(?P<turn> the turn [^.]*)?\.")
# The other "Cannot be Special Summoned, except ..." conditions of Main Deck monsters, which no
# fact says exactly: played as the nearest stricter rule, with a note (requirements' skipped).
# "except by Pendulum Summon", "by other ways" (after its own procedure), "by another Effect
# Monster's effect": no card effect Special Summons it (no_ss_effect/1); any other exception: it
# is never Special Summoned (no_special/1).
_SS_EXCEPT = re.compile(r"(?:^|[.:)] )(?P<all>Cannot be (?:Special )?Summoned(?:,? except | by (?:a card effect|other ways|another)"
                        r"| unless )[^.]*\.)")
# "Requires 3 Tributes to Normal Summon (cannot be Normal Set)" (the Egyptian Gods).
_TRIBUTES = re.compile(r"Requires (\d) Tributes to Normal Summon( \(cannot be Normal Set\))?")
_PHASE_ONLY = re.compile(r"Cannot be (?:Fusion|Synchro|Xyz|Link) Summoned, except during Main Phase 2\.")
_UNREAD_CONDITIONS = [
    (re.compile(r"Must (?:first )?be Special Summoned|can only be Special Summoned|"
                r"You do not use \"Polymerization\""), "special"),
    (re.compile(r"Cannot be (?:Fusion|Synchro|Xyz|Link) Summoned|cannot be Special Summoned except|"
                r"Cannot be Special Summoned from the Extra Deck unless"), "other"),
]
_EFFECT_ONLY = re.compile(
    r"^(?:This card's name is also treated as \"[^\"]+\"\. )?(?:Must be Special Summoned (?:with|by) |"
    r"This card cannot be Special Summoned except (?:with|by) )\"[^\"]+\"[^.]*\.")
# The card whose effect alone Special Summons this one (summon_by/2).
_BY_CARD = re.compile(r"Must (?:first )?be Special Summoned (?:with|by) (?:the effect of )?\"(?P<name>[^\"]+)\""
                      r"(?P<only>,? and cannot be Special Summoned by other ways)?")
# "This card cannot be Special Summoned except with "Trial of the Princesses"" (Princess Curran,
# the /Assault Mode monsters): that card's effect alone, ever (no revival by another).
_ONLY_BY_CARD = re.compile(r"This card cannot be Special Summoned except (?:with|by) (?:the effect of )?\"(?P<name>[^\"]+)\"\.")
# "Must first be Special Summoned by its own effect" (Kagetokage): its own effect summons it properly.
_BY_ITSELF = re.compile(r"Must (?:first )?be Special Summoned (?:\([^)]*\) )?(?:by|with) its own effect")
_ALT_XYZ = re.compile(
    r"You can also Xyz Summon this card by using (?P<what>[^.]*?) you control"
    r"(?: as (?:the )?material| \(transfer its materials to this card\))?"
    r"(?P<tail>[^.]*)\.")
_NO_SUB = re.compile(r"can only be done with the above Fusion Materials|"
                     r"Must (?:first )?be Fusion Summoned with the above Fusion Material")

_LOC_WORDS = [("hand", "hand"), ("field", "field"), ("control", "field"), ("Monster Zone", "field"),
              ("GY", "graveyard"), ("Graveyard", "graveyard"), ("Deck", "deck")]


def _locations(text: str) -> list[str]:
    out = []
    for word, loc in _LOC_WORDS:
        if word in text and loc not in out:
            out.append(loc)
    return out


def _sentence_after(text: str, start: int) -> str:
    end = text.find(".", start)
    return text[start:end if end >= 0 else len(text)]


def _alt_xyz(card: Card, lib: Library, text: str) -> tuple[list[Procedure], list[str]]:
    """"You can also Xyz Summon this card by using a Rank 3 Xyz Monster you control": one more
    procedure with a single material; any extra condition or cost leaves it out (noted)."""
    procs, skipped = [], []
    for m in _ALT_XYZ.finditer(text):
        what, tail = m.group("what"), m.group("tail").strip(" ,")
        before = text[max(0, m.start() - 3):m.start()]
        if tail or ":" in before or "If " in before or what.startswith(("discarding", "1 monster in")):
            skipped.append(f"alternative Xyz procedure with a condition: {m.group(0)!r}")
            continue
        try:
            proc = parse_material_line(re.sub(r"^(a|an) ", "1 ", what), "xyz", lib)
        except Unsupported as e:
            skipped.append(f"alternative Xyz procedure not understood ({e}): {m.group(0)!r}")
            continue
        if len(proc.groups) != 1 or proc.groups[0].lo != 1 or proc.groups[0].hi != 1:
            skipped.append(f"alternative Xyz procedure with several materials: {m.group(0)!r}")
            continue
        procs.append(proc)
    return procs, skipped


def _one_each(proc: Procedure, places: list[str]) -> list[Procedure]:
    """"by banishing the above monsters, 1 each from your field and GY": one material from each
    place; one procedure per way of matching the materials to the places (loc/1 filter atoms)."""
    units = [g for g in proc.groups for _ in range(g.lo)]
    if any(g.lo != g.hi for g in proc.groups) or len(units) != len(places):
        raise Unsupported("'1 each from' with a material count that does not match the places")
    out: list[Procedure] = []
    for order in dict.fromkeys(itertools.permutations(places)):
        groups = _merge_same([Group(1, 1, [a | {("pos", ("loc", loc))} for a in g.alts])
                              for g, loc in zip(units, order)])
        if not any(set(map(str, o.groups)) == set(map(str, groups)) for o in out):
            out.append(replace(proc, groups=groups))
    return out


def extra_deck_requirements(card: Card, lib: Library) -> tuple[list[Procedure], list[str], list[str]]:
    """(procedures, must_method values, skipped notes) of an Extra Deck monster."""
    text = card.monster_text.replace("\n", " ")
    method = card.summon_method
    line = card.first_line
    must: list[str] = []
    notes: list[str] = []
    effect_only = _EFFECT_ONLY.search(text)
    if effect_only and not _CONTACT.search(text):
        # No summoning procedure at all: only a named card's effect brings it out, and the
        # oracle does not play card effects. That is fully understood: no proc, and
        # must_method(special) forbids every other Special Summon.
        return [], ["special"], [f"summoned only by a card's effect: {effect_only.group(0)!r}"]
    # "Must be Special Summoned with "Dark Fusion"": a Fusion Summon, only with that Spell, which
    # must be a Fusion Spell this module reads (must_spell/2; the rules check the Spell's name).
    with_spell = _MUST_SPELL.search(text)
    spell = lib.by_name(with_spell.group("spell")) if with_spell and card.is_fusion else None
    if spell is not None and spell.is_spell and not _CONTACT.search(text):
        if not fusion_spell_facts(spell, lib):
            raise Unsupported(f'summoned only with "{spell.name}", a Spell whose Fusion Summon is not read')
    else:
        spell = None
    if _NOT_POLY.search(text) and not _CONTACT.search(text) and spell is None:
        m = _NOT_POLY.search(text)
        raise Unsupported(f"summoned only by a card's effect: {_sentence_after(text, m.start())!r}")
    # "Cannot be Link Summoned, except during Main Phase 2": a phase condition (proc_phase/3).
    phase = _PHASE_ONLY.search(text)
    # Safety net: a summoning condition this module has no reading for must not be ignored.
    for rx, why in _UNREAD_CONDITIONS:
        m = rx.search(text, phase.end()) if phase else rx.search(text)
        if m and spell is not None and m.start() == with_spell.start():
            m = rx.search(text, with_spell.end())
        if m and not (why == "special" and _CONTACT.search(text)) and not \
                (m.group(0) == "can only be Special Summoned" and _MUST.search(text)):
            raise Unsupported(f"summoning condition not understood: {_sentence_after(text, m.start())!r}")
    if re.search(r"\.\s*$|:", line) or line.startswith(("Must ", "Cannot ", "You can", "If ")):
        raise Unsupported("no material line")
    procs = parse_material_procs(line, method, lib)
    if phase:
        procs = [replace(p, phase="main2") for p in procs]
    if spell is not None:
        procs = [replace(p, spell=spell.code) for p in procs]
        if not with_spell.group("first"):
            must.append("fusion")
    contact = _CONTACT.search(text)
    if contact:
        sentence = _sentence_after(text, contact.start())
        if re.search(r"either field|any Monster Zone|opponent", sentence):
            raise Unsupported("contact Fusion using the opponent's monsters")
        # No Spell is involved, so every location is listed, the field included.
        # The places are read up to the disposal ("into the Deck", "to the GY") or the sentence end.
        where = re.split(r"\s(?:into|to) the |\sface-down|\.|, (?:and|then|but) ",
                         text[contact.start("where" if contact.group("where") else "where2"):])[0]
        sources = sorted(_locations(where), key=lambda loc: loc != "field")
        cprocs = [Procedure("contact", p.groups, p.constraints, sources, _DISPOSAL[contact.group("how")],
                            history=bool(contact.group("history"))) for p in procs]
        if contact.group("each"):
            cprocs = [q for p in cprocs for q in _one_each(p, sources)]
        if _MUST_EITHER.search(text):
            procs += cprocs
        else:
            procs = cprocs
            if not contact.group("first"):
                must.append("special")
    m = _MUST.search(text)
    if m:
        must.append((m.group(1) or m.group(2)).lower())
    if method == "xyz":
        alt, skipped = _alt_xyz(card, lib, text)
        procs += alt
        notes += skipped
    elif "You can also" in text and "Summon this card" in text:
        notes.append("an alternative procedure in the text is not encoded")
    if re.search(r"must (?:first )?be either Fusion Summoned, or Special Summoned by (?!sending|shuffling|banishing|"
                 r"returning)", text):  # Odd-Eyes Arcray Dragon: "… or Special Summoned by Tributing 1 …"
        notes.append("an alternative Special Summon in the text is not encoded")
    return procs, must, notes


# Hand procedures ------------------------------------------------------------------------------
# A main-deck monster's own Special Summon from the hand ("If only your opponent controls a
# monster, you can Special Summon this card (from your hand)."; "Must first be Special Summoned
# (from your hand) by banishing 1 LIGHT and 1 DARK monster from your GY."). The parenthesised
# "(from your hand)" is what marks a game-rule procedure (no chain) in the card text. The
# sentence is read with summons.lark; the functions below give its conditions and costs their
# meaning (count/4 conditions, cost groups with their places).

# Any sentence that announces a procedure, from the hand or from elsewhere (counted by coverage).
_PROC_MARK = re.compile(r"Special Summon(?:ed)? (?:this card |it )?\(from your [^)]*\)")
_PROC_LIMIT = re.compile(r"You can only Special Summon \"(?P<name>[^\"]+)\" once per turn this way\.")
# Where a cost takes from: the places of "from your hand, field, or GY", in this order.
_COST_PLACES = {"hand": "hand", "field": "field", "face-up field": "field", "Monster Zone": "field",
                "GY": "graveyard", "Graveyard": "graveyard", "Deck": "deck", "Extra Deck": "extra"}
_PLACE_ORDER = ["hand", "field", "graveyard", "deck", "extra"]
# Where an item is when it is not the last one of a cost: a location of that item, as in a
# material line ("2 monsters you control and 1 monster from your GY, except …").
_ITEM_PLACES = {"you control": "field", "in your hand": "hand", "in your GY": "graveyard"}


@dataclass
class HandProcedure:
    conds: list[tuple[str, str, int, int, list[frozenset]]] = field(default_factory=list)  # (who, where, lo, hi, alts)
    more_monsters: bool = False  # "your opponent controls more monsters than you do"
    costs: list[tuple[str, Group]] = field(default_factory=list)  # (tribute | banish | send, group)
    constraints: list[tuple[str, str]] = field(default_factory=list)
    position: str | None = None
    zone: str | None = None
    side: str | None = None  # "to your opponent's field": opponent
    once_per_turn: bool = False
    first: bool | None = None  # "Must first be" (True) / "Must be" (False) / "you can" (None)
    ns_stats: tuple | None = None  # a Normal Summon without Tributing: ("atk", N) / ("halved",)
    ns_set: bool = False           # ... or a Set ("Normal Summon/Set this card without Tributing")


@functools.lru_cache(maxsize=4096)
def _sentences(text: str) -> tuple[str, ...]:
    """Sentences of a card text, split at a period outside quotes and parentheses (cached: three
    readers of a monster's text ask for them)."""
    out, cur, quote, depth = [], [], False, 0
    for i, ch in enumerate(text):
        cur.append(ch)
        if ch == '"':
            quote = not quote
        elif not quote and ch == "(":
            depth += 1
        elif not quote and ch == ")":
            depth = max(0, depth - 1)
        elif ch == "." and not quote and depth == 0 and (i + 1 == len(text) or text[i + 1] in " \n"):
            out.append("".join(cur).strip())
            cur = []
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return tuple(out)


_MONSTERS = re.compile(r"\b(?:[mM]onsters?|Tuners?)\b")
_CARDS = re.compile(r"\b(?:[cC]ards?|Spells?|Traps?)\b")


def _span(tree: lark.Tree, text: str) -> str:
    return text[tree.meta.start_pos:tree.meta.end_pos]


def _one_procedure(items: list[Item], lib: Library) -> Procedure:
    procs = _procedures(items, "hand_procedure", lib)
    if len(procs) != 1:
        raise Unsupported("a material line with several procedures")
    return procs[0]


_FIXED_CONDITIONS = {
    "only your opponent controls a monster":
        [("opp", "field", 1, MANY, [frozenset()]), ("me", "field", 0, 0, [frozenset()])],
    "there are no monsters on the field": [("both", "field", 0, 0, [frozenset()])],
    "this is the only card in your hand": [("me", "hand", 1, 1, [frozenset()])],
}


def _condition(cond: lark.Tree, text: str, proc: HandProcedure, lib: Library) -> None:
    """One condition of summons.lark (cond_fixed, cond_you, cond_opp, cond_field, cond_gy)."""
    kind, clause = cond.data, _span(cond, text)
    if kind == "cond_fixed":
        if clause == "your opponent controls more monsters than you do":
            proc.more_monsters = True
        else:
            proc.conds += _FIXED_CONDITIONS[clause]
        return
    if kind == "cond_gy" and cond.children[-1].value == "in your hand":
        raise Unsupported(f"a condition not understood: {clause!r}")
    who, where = {"cond_you": ("me", "field"), "cond_opp": ("opp", "field"), "cond_field": ("both", "field"),
                  "cond_gy": ("me", "graveyard")}[kind]
    obj = next(c for c in cond.children if isinstance(c, lark.Tree))
    _count_condition(who, where, obj, text, clause, proc, lib)


def _count_condition(who: str, where: str, obj: lark.Tree, text: str, clause: str, proc: HandProcedure,
                     lib: Library) -> None:
    """A count of what an object describes, where it is: 'you control a "Cipher" monster'."""
    exact, items = grammar.transform(obj, Nouns())
    procedure = _one_procedure(items, lib)
    named = all(len(g.alts) == 1 and len(g.alts[0]) == 1 and next(iter(g.alts[0]))[1][0] == "name"
                for g in procedure.groups)
    if procedure.constraints or (len(procedure.groups) != 1 and (exact is not None or not named)):
        # 'you control "A", "B" and "C"' is one condition per name; other mixes could count one
        # monster twice ("a Dragon and a DARK monster"): not read.
        raise Unsupported(f"a condition on several kinds of monsters: {clause!r}")
    said = _span(obj, text)
    cards = _CARDS.search(said) and not _MONSTERS.search(said)
    if cards and where == "field":
        where = "field_cards"  # Monster Zones and Spell & Trap Zones
    for group in procedure.groups:
        lo, hi = (exact, exact) if exact is not None else (group.lo, MANY)
        alts = []
        for alt in group.alts:
            if where in ("field", "field_cards") and alt:
                alt = alt | {("pos", ("faceup",))}  # "a "Cipher" monster" you control: a face-up one
            if where == "graveyard" and not cards:
                alt = alt | {("pos", ("kind", "monster"))}
            alts.append(frozenset(alt))
        proc.conds.append((who, where, lo, hi, alts))


def _conditions(conds: lark.Tree, text: str, proc: HandProcedure, lib: Library) -> None:
    for cond in conds.children:
        if isinstance(cond, lark.Tree):
            _condition(cond, text, proc, lib)


def _cost(body: lark.Tree, text: str, proc: HandProcedure, lib: Library) -> None:
    """The cost of a procedure (summons.lark's cost_having, cost_take)."""
    said = _span(body, text)
    if body.data == "cost_having":  # not a cost at all: a count of the GY ("by having exactly 3 DARK ...")
        if body.children[-1].value == "in your hand":
            raise Unsupported(f"a cost not understood: {said!r}")
        obj = next(c for c in body.children if isinstance(c, lark.Tree))
        _count_condition("me", "graveyard", obj, text, said, proc, lib)
        return
    verb = body.children[0].value
    parts = [c for c in body.children if isinstance(c, lark.Tree) and c.data == "cost_item"]
    to = next((c for c in body.children if isinstance(c, lark.Tree) and c.data == "cost_to"), None)
    exc = next((c for c in body.children if isinstance(c, lark.Tree) and c.data == "cost_except"), None)
    to_words = to.children[0].value if to else ""
    if (verb in ("sending", "returning")) != bool(to) or (verb == "returning") != ("hand" in to_words):
        raise Unsupported(f"a cost not understood: {said!r}")
    # Items joined by "and" before a number are parts ('1 "A", "B", and "C"' is one part).
    groups: list[list[lark.Tree]] = []
    for part in parts:
        if groups and grammar.transform(part.children[0], Nouns()).count_words is None:
            groups[-1].append(part)
        else:
            groups.append([part])
    if len(groups) > 1 and exc is None and all(len(g[-1].children) == 2 for g in groups):
        # "banishing 2 monsters you control and 1 monster from your Graveyard": each its own place.
        for group in groups:
            _take(verb, group, None, text, said, proc, lib)
        return
    _take(verb, parts, exc, text, said, proc, lib)


def _take(verb: str, parts: list[lark.Tree], exc: lark.Tree | None, text: str, said: str,
          proc: HandProcedure, lib: Library) -> None:
    how = {"Tributing": "tribute", "banishing": "banish", "sending": "send", "discarding": "send",
           "returning": "return"}[verb]
    places = ["field"] if how == "tribute" else ["hand"] if verb == "discarding" else []
    faceup_field = False
    where = parts[-1].children[1] if len(parts[-1].children) == 2 else None
    if where is not None:
        toks = [t for t in where.children if t.type in ("PLACE", "YOU_CONTROL", "IN_YOUR_PLACE", "THEY_CONTROL")]
        words = [t.value.removeprefix("in your ") if t.type != "YOU_CONTROL" else "field" for t in toks]
        faceup_field = "face-up field" in words
        places = sorted({_COST_PLACES[w] for w in words if w in _COST_PLACES}, key=_PLACE_ORDER.index)
        if toks[0].type == "THEY_CONTROL":  # "Tributing 1 monster they control": for a summon to their field
            if proc.side != "opponent":
                raise Unsupported(f"a cost taken from the opponent: {said!r}")
            places = ["opp_field"]
    if not places:
        raise Unsupported(f"a cost that does not say where it takes from: {said!r}")
    if how == "return" and places != ["field"]:
        raise Unsupported(f"a return to the hand from elsewhere than the field: {said!r}")
    said_items = [grammar.transform(p.children[0], Nouns()) for p in parts]
    for part, it in zip(parts[:-1], said_items):
        if len(part.children) == 2:  # "2 monsters you control and 2 monsters from your GY, except …"
            words = part.children[1].children[0].value
            if words not in _ITEM_PLACES:
                raise Unsupported(f"a cost not understood: {said!r}")
            innermost(it).extra.append(("pos", ("loc", _ITEM_PLACES[words])))
            it.end = "POSTMOD"  # the place is said after the noun: the noun is not shared
    obj = text[parts[0].meta.start_pos:parts[-1].children[0].meta.end_pos]
    if exc is not None:  # "…, except "U.A. Goalkeeper"": a postmodifier of the last item
        excepted = grammar.transform(next(c for c in exc.children if isinstance(c, lark.Tree)), Nouns())
        innermost(said_items[-1]).excepted.append(excepted)
        said_items[-1].end = excepted.end
        obj += ", except " + _span(next(c for c in exc.children if isinstance(c, lark.Tree)), text)
    items = combine(said_items)
    if exc is not None and len(items) != len(said_items):  # '"A", "B", and "C", except …'
        raise Unsupported(f"a cost not understood: {said!r}")
    parsed = _one_procedure(items, lib)
    monster = {("pos", ("kind", "monster"))} if _MONSTERS.search(obj) else set()
    if _CARDS.search(obj) and not monster and "field" in places:
        places.append("spell_trap")  # cards you control: in the Spell & Trap Zones too
        if re.search(r"\b(?:Spell|Trap)", obj):
            places.remove("field")  # Spells and Traps you control: only there
    for g in parsed.groups:
        alts = [frozenset(a | {("pos", ("loc", loc))} | monster |
                          ({("pos", ("faceup",))} if loc == "field" and faceup_field else set()))
                for a in g.alts for loc in places]
        proc.costs.append((how, Group(g.lo, g.hi, list(dict.fromkeys(alts)))))
    proc.constraints += parsed.constraints


def _not_understood(what: str, text: str, e: Unsupported) -> Unsupported:
    """The grammar's reason, with the text it was given: "words not understood: all are (in '…')",
    "a condition not understood: '…' (unexpected 'if')"."""
    if str(e).startswith("words not understood"):
        return Unsupported(f"{e} (in {text!r})")
    return Unsupported(f"{what} not understood: {text!r} ({e})")


def _hand_procedure(sentence: str, lib: Library) -> HandProcedure:
    """One procedure sentence, read with summons.lark's ``hand_procedure``."""
    text = sentence[:-1] if sentence.endswith(".") else sentence
    try:
        if text == sentence:
            raise Unsupported("no period at the end")
        tree = grammar.parse("summons", "hand_procedure", text)
    except Unsupported as e:
        raise _not_understood("a procedure", sentence, e) from None
    proc = HandProcedure()
    if tree.data == "proc_must":
        proc.first = " first " in tree.children[0].value
    for child in tree.children:
        if isinstance(child, lark.Tree) and child.data == "conds":
            _conditions(child, text, proc, lib)
    tail = next(c for c in tree.children if isinstance(c, lark.Tree) and c.data == "tail")
    for piece in tail.children:
        if isinstance(piece, lark.Token) and piece.type == "TO_OPP_FIELD":
            proc.side = "opponent"
        elif isinstance(piece, lark.Token) and piece.type == "POSITION":
            proc.position = "defense" if "Defense" in piece.value else "attack"
        elif isinstance(piece, lark.Token) and piece.type == "TO_LINKED":
            proc.zone = "linked"
        elif piece.data == "cost":
            _cost(piece.children[-1], text, proc, lib)
        elif piece.data == "while_":
            _conditions(piece.children[-1], text, proc, lib)
    return proc


def _proc_lock_read(sentence: str) -> bool:
    """Whether the effects grammar reads a restriction after the procedure as its lock
    ("If Summoned this way, you cannot Special Summon from the Extra Deck for the rest of this
    turn, except ...": fx_statics' proc_lock, locks.lp)."""
    from oracle.yugioh.effect_text import accepted, normalized   # effect_text reads this module

    return sentence.startswith("If Summoned this way, you cannot") and accepted(normalized(sentence))


def hand_procedures(card: Card, lib: Library) -> tuple[list[HandProcedure], str | None]:
    """The procedures of a main-deck monster, or the reason one of them is not read (then none
    is used: the card is never Special Summoned on a guess)."""
    text = card.monster_text.replace("\n", " ")
    if not _PROC_MARK.search(text):
        return [], None
    procs: list[HandProcedure] = []
    sentences = _sentences(text)
    try:
        for s in sentences:
            if not _PROC_MARK.search(s):
                continue
            s = re.sub(r"^\((?:This card is (?:always|not) treated as [^)]*)\) ", "", s)
            # "(from your hand or GY)": the hand is one of the places; only that one is played.
            s = re.sub(r"\(from your hand(?:,? or|, and/or| and/or) (?:Deck|GY|Graveyard)\)", "(from your hand)", s)
            if "(from your hand)" not in s:
                raise Unsupported(f"a procedure from elsewhere than the hand: {s!r}")
            if re.search(r"[:;]", s.split("(from your hand)")[0]):
                raise Unsupported(f"a procedure inside an effect: {s!r}")
            procs.append(_hand_procedure(s, lib))
    except Unsupported as e:
        return [], str(e)
    for s in sentences:  # "After this card was Special Summoned this way, you cannot Special Summon ..."
        if "this way" in s and re.search(r"\byou cannot\b", s) and not _proc_lock_read(s):
            return [], f"a restriction after the procedure not read: {s!r}"
    limit = [s for s in sentences if s.startswith("You can only Special Summon") and "this way" in s]
    for s in limit:
        m = _PROC_LIMIT.fullmatch(s)
        if not m or lib.by_name(m.group("name")) is None or lib.by_name(m.group("name")).name_code != card.name_code:
            return [], f"a limit on the procedure not understood: {s!r}"
        for p in procs:
            p.once_per_turn = True
    return procs, None


def _cond_facts(c: clingo.Symbol, pn: clingo.Symbol, proc: HandProcedure) -> list[clingo.Symbol]:
    f, num = clingo.Function, clingo.Number
    facts = []
    for k, (who, where, lo, hi, alts) in enumerate(proc.conds, 1):
        facts.append(f("proc_cond", [c, pn, num(k), f("count", [f(who), f(where), num(lo), num(hi)])]))
        for a, alt in enumerate(alts, 1):
            lits = sorted(alt, key=_lit_order) or [("pos", ("any",))]
            facts += [f("cond_filter", [c, pn, num(k), num(a), f(sign), _atom_symbol(atom)]) for sign, atom in lits]
    return facts


def hand_procedure_facts(code: int, p: int, proc: HandProcedure) -> list[clingo.Symbol]:
    c, pn, f, num = clingo.Number(code), clingo.Number(p), clingo.Function, clingo.Number
    facts = [f("proc", [c, pn, f("hand_procedure")])] + _cond_facts(c, pn, proc)
    if proc.more_monsters:
        facts.append(f("proc_cond", [c, pn, num(len(proc.conds) + 1), f("more_monsters", [f("opp")])]))
    for g, (how, group) in enumerate(proc.costs, 1):
        gn = num(g)
        facts.append(f("group", [c, pn, gn, num(group.lo), num(group.hi)]))
        facts.append(f("proc_cost", [c, pn, gn, f(how)]))
        for a, alt in enumerate(group.alts, 1):
            lits = sorted(alt, key=_lit_order) or [("pos", ("any",))]
            facts += [f("filter", [c, pn, gn, num(a), f(sign), _atom_symbol(atom)]) for sign, atom in lits]
    facts += [f("pconstraint", [c, pn, f(kind, [f(prop)])]) for kind, prop in proc.constraints]
    if proc.position:
        facts.append(f("proc_position", [c, pn, f(proc.position)]))
    if proc.zone:
        facts.append(f("proc_zone", [c, pn, f(proc.zone)]))
    if proc.side:
        facts.append(f("proc_side", [c, pn, f(proc.side)]))
    if proc.once_per_turn:
        facts.append(f("proc_limit", [c, pn, f("once_per_turn")]))
    return facts


# Normal Summon procedures --------------------------------------------------------------------
# "You can Normal Summon this card without Tributing[, but its original ATK becomes 1800]." (maybe
# "If COND, ..."): a Normal Summon of a Level 5+ monster with no Tribute (proc no_tribute).
# "Cannot be Normal Summoned (but can be Normal Set)." (no_normal_summon) and "Cannot be Normal
# Summoned, unless COND." / "... if COND." (proc normal_condition, the "if" negated): summons.lark's
# normal_rule, whose conditions are those of hand procedures.  A stat change after "but": "its
# original ATK becomes N" and "its original ATK and DEF become halved" (ns_stat/3); another one
# is not read, and that procedure is not offered (noted).
# "You can Tribute Summon this card by Tributing 1 Tribute Summoned monster." (the Mega Monarchs),
# "... by Tributing 1 "Gravekeeper's" monster.": its Tribute Summon takes those Tributes instead.
_NS_MARK = re.compile(r"Normal Summon(?:/Set)? this card without Tributing|[Cc]annot be Normal Summoned(?!/Set)")


def normal_procedures(card: Card, lib: Library) -> tuple[list[tuple[str, object]], list[str], str | None]:
    """(kind, conditions or Tribute group) of each Normal Summon procedure or condition, notes,
    and the reason a sentence is not read (then the card is never Normal Summoned:
    no_normal_summon)."""
    out: list[tuple[str, object]] = []
    notes: list[str] = []
    for s in _sentences(card.monster_text.replace("\n", " ")):
        what = s.removeprefix("You can Tribute Summon this card by Tributing ")
        if what != s and s.endswith(".") and what.split(" ", 1)[0].isdigit():  # "by Tributing N …"
            try:
                tree = grammar.parse("summons", "tribute_rule", s[:-1])
                _, items = grammar.transform(tree.children[1], Nouns())
                obj = _one_procedure(items, lib)
            except Unsupported as e:
                return [], notes, str(e)
            if len(obj.groups) != 1 or obj.constraints:
                return [], notes, f"a Tribute procedure not understood: {s!r}"
            out.append(("tribute", obj.groups[0]))
            continue
        if not _NS_MARK.search(s):
            continue
        try:
            text = s[:-1] if s.endswith(".") else s
            try:
                if text == s:
                    raise Unsupported("no period at the end")
                tree = grammar.parse("summons", "normal_rule", text)
            except Unsupported as e:
                raise _not_understood("a Normal Summon rule", s, e) from None
            proc = HandProcedure()
            conds = next((c for c in tree.children if isinstance(c, lark.Tree) and c.data == "conds"), None)
            if conds is not None:
                _conditions(conds, text, proc, lib)
            if tree.data == "ns_free":
                but = next((t for t in tree.children if isinstance(t, lark.Token) and t.type.startswith("NS_BUT")), None)
                if but is not None and but.type == "NS_BUT":
                    notes.append("never Normal Summoned without Tributing, as what that changes is not read "
                                 f"({but.value.strip(', ')!r})")
                    continue
                if but is not None and but.type == "NS_BUT_ATK":
                    proc.ns_stats = ("atk", int(but.value.rsplit(" ", 1)[1]))
                elif but is not None:
                    proc.ns_stats = ("halved",)
                # "Normal Summon/Set this card without Tributing": a Set without Tributes too
                proc.ns_set = "/Set" in next(t for t in tree.children if isinstance(t, lark.Token) and t.type == "NS_FREE")
                out.append(("no_tribute", proc))
            elif tree.data in ("ns_unless", "ns_if"):
                if tree.data == "ns_if":  # forbidden if COND: allowed while none of it is there
                    if len(proc.conds) != 1 or proc.more_monsters or proc.conds[0][2] < 1:
                        raise Unsupported(f"a negated condition not understood: {s!r}")
                    who, where, lo, _, alts = proc.conds[0]
                    proc.conds = [(who, where, 0, lo - 1, alts)]
                out.append(("normal_condition", proc))
        except Unsupported as e:
            return [], notes, str(e)
    return out, notes, None


# "This card can be treated as 2 Tributes for the Tribute Summon of a LIGHT monster."
def _starts_with_article(tree: lark.Tree) -> bool:
    first = next(tree.scan_values(lambda v: isinstance(v, lark.Token)))
    return first.type == "ARTICLE"


def double_tribute_facts(card: Card, lib: Library) -> tuple[list[clingo.Symbol], str | None]:
    """double_tribute(C,A,S,X): C counts as 2 Tributes for a monster matching alternative A."""
    c, f, num = clingo.Number(card.code), clingo.Function, clingo.Number
    for s in _sentences(card.monster_text.replace("\n", " ")):
        if "treated as 2 Tributes" not in s:
            continue
        try:
            if not s.endswith("."):
                raise Unsupported("no period at the end")
            tree = grammar.parse("summons", "double_rule", s[:-1])
            exact, items = grammar.transform(tree.children[1], Nouns())
            if exact is not None or tree.children[1].data.split("__", 1)[-1] != "object_items" \
                    or not _starts_with_article(tree.children[1]):
                raise Unsupported("not 'a' or 'an' before the monster")
        except Unsupported:
            return [], f"a double Tribute not understood: {s!r}"
        try:
            obj = _one_procedure(items, lib)
        except Unsupported as e:
            return [], str(e)
        if len(obj.groups) != 1 or obj.constraints:
            return [], f"a double Tribute not understood: {s!r}"
        facts = []
        for a, alt in enumerate(obj.groups[0].alts, 1):
            lits = sorted(alt, key=_lit_order) or [("pos", ("any",))]
            facts += [f("double_tribute", [c, num(a), f(sign), _atom_symbol(atom)]) for sign, atom in lits]
        return facts, None
    return [], None


def normal_procedure_facts(code: int, p: int, kind: str, proc) -> list[clingo.Symbol]:
    c, pn = clingo.Number(code), clingo.Number(p)
    if kind == "tribute":  # proc is the Group of Tributes
        return procedure_facts(code, p, Procedure("tribute", [proc]))
    out = [clingo.Function("proc", [c, pn, clingo.Function(kind)])] + _cond_facts(c, pn, proc)
    if proc.ns_set:
        out.append(clingo.Function("ns_set", [c, pn]))
    if proc.ns_stats is not None:   # normal.lp: ns_stat(C,P,atk(N)) / ns_stat(C,P,halved)
        what, *values = proc.ns_stats
        out.append(clingo.Function("ns_stat", [c, pn, clingo.Function(what, [clingo.Number(v) for v in values])]))
    return out


# Ritual Spells ------------------------------------------------------------------------------
_RIT_NAMES = re.compile(r"(?:is|can be) used to Ritual Summon ((?:\"[^\"]+\"(?:, | or |, or )?)+)(?=[ .])")
# "Ritual Summon any/1 [qualifiers] Ritual Monster": the qualifiers go through the material grammar.
_RIT_ANY = re.compile(r"Ritual Summon (?:any|1) (?P<what>(?:[^.,\"]|\"[^\"]*\")*?)Ritual Monster\b")
_RIT_TRIBUTE = re.compile(
    r"(?:Tribute|by Tributing) (?P<what>(?:[^.,\"]|\"[^\"]*\")*?)(?:monsters|Monsters) "
    r"(?:(?:from|on) (?P<from1>your hand or field|your hand or your side of the field|"
    r"the field or your hand|your hand|your field|your hand and/or field)"
    r"|whose total (?:Levels|Level Stars) (?:equal|exactly equal|equal or exceed)[^.]*?(?:from|on) "
    r"(?P<from2>the field or your hand|your hand or field))"
    r"|offer monsters whose total Level Stars equal \d+ or more as a Tribute from (?P<from3>the field or your hand)")
_RIT_GY = re.compile(r"and/or banish (?P<what>(?:[^.,\"]|\"[^\"]*\")*?) from your (?:GY|Graveyard)")
_RIT_ATOMS = ("attribute", "race", "archetype", "name", "kind", "level", "any")  # has/3 atoms


def _one_atom_alternatives(what: str, noun: str, lib: Library, drop: Atom | None = None) -> list[Atom]:
    """"Dragon or Warrior", '"Red-Eyes"', "Spirit" (before a noun) as alternatives of one atom each,
    read with the material grammar; Unsupported when a description needs two atoms at once."""
    proc = parse_material_line(f"1 {what}{noun}", "ritual", lib)
    if len(proc.groups) != 1:
        raise Unsupported(f"not one description: {what!r}")
    out: list[Atom] = []
    for alt in proc.groups[0].alts:
        atoms = [atom for sign, atom in alt if atom != drop]
        if any(sign != "pos" for sign, _ in alt) or len(atoms) > 1 or any(a[0] not in _RIT_ATOMS for a in atoms):
            raise Unsupported(f"a description with several properties: {what!r}")
        out.append(atoms[0] if atoms else ("any",))
    return out


def ritual_spell_facts(card: Card, lib: Library) -> tuple[list[clingo.Symbol], str | None]:
    """A Ritual Spell: which Ritual Monsters (ritual_target, alternatives), where the Tributes
    come from (ritual_tribute_from), which monsters may be Tributed (ritual_tribute_filter,
    alternatives), which may be banished from the GY instead (ritual_gy_filter), and the mode."""
    text = card.text.replace("\r\n", " ")
    names, anyof = _RIT_NAMES.search(text), _RIT_ANY.search(text)
    m = names or anyof
    if not m:
        return [], "which Ritual Monster it summons is not understood"
    if re.search(r"Ritual Monsters? from your (?:hand or |hand, )?(?:Deck|GY|Graveyard|face-up Extra Deck)", text):
        return [], "the Ritual Monster may come from the Deck, GY or Extra Deck"
    if "●" in text:
        return [], "a choice between several effects"
    try:
        if names:
            targets = []
            for name in re.findall(r"\"([^\"]+)\"", names.group(1)):
                target = lib.by_name(name)
                if target is None:
                    return [], f'"{name}" is not a card name'
                targets.append(("name", target.code))
        else:
            targets = _one_atom_alternatives(anyof.group("what"), "Ritual Monster", lib, ("kind", "ritual"))
        trib = _RIT_TRIBUTE.search(text)
        if not trib:
            return [], "where the Tributes come from is not understood"
        tribute_filter = _one_atom_alternatives(trib.group("what"), "monster", lib) \
            if trib.group("what") and trib.group("what").strip() else []
        gy = _RIT_GY.search(text)
        gy_filter = _one_atom_alternatives(re.sub(r"\b[mM]onsters$", "", gy.group("what")) + " ", "monster", lib) \
            if gy else []
    except Unsupported as e:
        return [], f"a description not understood ({e})"
    if "and/or shuffle" in text or "and/or send" in text or "and/or destroy" in text or \
            "You must also Tribute a monster" in text or re.search(r"and/or banish (?!.*from your (?:GY|Graveyard))", text):
        return [], "Tributes or substitutes other than monsters from hand/field/GY"
    if _RIT_EXACT.search(text):
        mode = "equal"
    elif _RIT_ATLEAST.search(text):
        mode = "at_least"
    else:
        return [], "whether the Levels must match exactly is not understood"
    where = trib.group("from1") or trib.group("from2") or trib.group("from3")
    s = clingo.Number(card.code)
    f = clingo.Function
    facts = [f("ritual_spell", [s, f(mode)])]
    facts += [f("ritual_target", [s, _atom_symbol(t)]) for t in targets]
    facts += [f("ritual_tribute_from", [s, f(loc)]) for loc in _locations(where) + (["graveyard"] if gy else [])]
    facts += [f("ritual_tribute_filter", [s, _atom_symbol(t)]) for t in tribute_filter if t != ("any",)]
    facts += [f("ritual_gy_filter", [s, _atom_symbol(t)]) for t in gy_filter]
    return facts, None


_RIT_EXACT = re.compile(r"exactly equal|equal exactly|whose total Levels equal the Level|"
                        r"Level exactly equals the total Levels")
_RIT_ATLEAST = re.compile(r"equal or exceed|equal \d+ or more|equals? or exceeds?|"
                          r"Level Stars equal \d+ or more")


# Fusion Spells and substitutes --------------------------------------------------------------
_POLY = re.compile(
    r"^(?:\(This card is always treated as \"Polymerization\"\.\) )?"
    r"Fusion Summon 1 (?P<target>(?:[^.\"]|\"[^\"]*\")*?)Fusion Monster from your Extra Deck, using monsters "
    r"(?:from your (?P<from>hand or field|hand|field)|(?P<control>you control)) as (?:Fusion )?Materials?\.")
# "Fusion Summon 1 "Elemental HERO" Fusion Monster from your Extra Deck, by banishing Fusion
# Materials mentioned on it from your field or GY." (Miracle Fusion, Overload Fusion, Dragon's
# Mirror) as the whole text: the materials are banished (fusion_banish/1), from those places.
_BANISH_FUSION = re.compile(
    r"^Fusion Summon 1 (?P<target>(?:[^.\"]|\"[^\"]*\")*?)Fusion Monster from your Extra Deck, by banishing "
    r"Fusion Materials (?:mentioned|listed) on it from your (?P<from>field or GY|field or Graveyard)\.$")
_SUBSTITUTE = re.compile(
    r"can be used as a substitute for any 1 Fusion Material whose name is (?:specifically listed|mentioned) "
    r"on the Fusion Monster Card|can substitute for any 1 Fusion Material whose name is specifically "
    r"listed|This card can be used as a substitute for any 1 Fusion Material")


_TARGET_ATOMS = ("attribute", "race", "archetype", "name", "kind", "level")  # what cprop/2 gives


def fusion_spell_facts(card: Card, lib: Library) -> list[clingo.Symbol]:
    """Polymerization's wording, optionally naming what it summons ("1 Fiend Fusion Monster":
    fusion_target/2, read with the material grammar)."""
    text = card.text.replace("\r\n", " ")
    m = _POLY.search(text) or _BANISH_FUSION.search(text.strip())
    if not m or re.search(r"you can also|as Fusion Material", text[m.end():], re.IGNORECASE):
        return []  # other materials allowed on conditions: not the plain wording
    s = clingo.Number(card.code)
    targets: list[clingo.Symbol] = []
    if m.group("target").strip():
        try:
            proc = parse_material_line(f"1 {m.group('target')}Fusion Monster", "fusion", lib)
        except Unsupported:
            return []
        alts = proc.groups[0].alts if len(proc.groups) == 1 else []
        if len(alts) != 1 or any(sign != "pos" or atom[0] not in _TARGET_ATOMS for sign, atom in alts[0]):
            return []  # alternatives or negations: not a plain conjunction of properties
        targets = [clingo.Function("fusion_target", [s, _atom_symbol(atom)])
                   for _, atom in sorted(alts[0], key=_lit_order) if atom != ("kind", "fusion")]
    banish = m.re is _BANISH_FUSION
    where = "field" if not banish and m.group("control") else m.group("from")
    return [clingo.Function("fusion_spell", [s])] + targets + [clingo.Function("fusion_banish", [s])] * banish + [
        clingo.Function("fusion_from", [s, clingo.Function(loc)]) for loc in _locations(where)]


# --------------------------------------------------------------------------------------------
# Facts
# --------------------------------------------------------------------------------------------
def _atom_symbol(atom: Atom) -> clingo.Symbol:
    name, *args = atom
    return clingo.Function(name, [clingo.Number(a) if isinstance(a, int) else clingo.Function(a) for a in args])


def procedure_facts(code: int, p: int, proc: Procedure) -> list[clingo.Symbol]:
    c, pn = clingo.Number(code), clingo.Number(p)
    f = clingo.Function
    facts = [f("proc", [c, pn, f(proc.method)])]
    facts += [f("proc_from", [c, pn, f(loc)]) for loc in proc.sources]
    if proc.dispose:
        facts.append(f("proc_dispose", [c, pn, f(proc.dispose)]))
    if proc.phase:
        facts.append(f("proc_phase", [c, pn, f(proc.phase)]))
    if proc.history:
        named = sorted({atom[1] for g in proc.groups for alt in g.alts for sign, atom in alt if atom[0] == "name"})
        facts += [f("proc_history", [c, pn, f("special_summoned", [clingo.Number(n)])]) for n in named]
    for g, group in enumerate(proc.groups, 1):
        gn = clingo.Number(g)
        facts.append(f("group", [c, pn, gn, clingo.Number(group.lo), clingo.Number(group.hi)]))
        for a, alt in enumerate(group.alts, 1):
            an = clingo.Number(a)
            lits = sorted(alt, key=_lit_order) or [("pos", ("any",))]
            facts += [f("filter", [c, pn, gn, an, f(sign), _atom_symbol(atom)]) for sign, atom in lits]
    facts += [f("pconstraint", [c, pn, f(kind, [f(prop)])]) for kind, prop in proc.constraints]
    return facts


def _lit_order(lit: Lit) -> tuple:
    order = ["faceup", "normal_summoned", "tribute_summoned", "level", "level_min", "level_max", "rank", "link_rating", "link_min", "link_max",
             "attribute", "race", "archetype", "name", "kind", "from_extra", "loc", "atk", "atk_min",
             "atk_max", "def", "def_min", "def_max", "any"]
    sign, atom = lit
    return (order.index(atom[0]) if atom[0] in order else 99, sign, str(atom[1:]))


def requirements(card: Card, library: Library) -> Requirements:
    """The summoning-requirement facts of one card (empty for cards without any)."""
    c = clingo.Number(card.code)
    f = clingo.Function
    facts: list[clingo.Symbol] = []
    skipped: list[str] = []
    if card.is_monster:
        text = card.monster_text.replace("\n", " ")
        for m in _NO_SS_FROM.finditer(text):
            places = [_PLACE_OF[w] for w in re.split(r" or (?:the )?", m.group("places"))]
            facts += [f("no_ss_from", [c, f(p)]) for p in places]
            if m.group("turn"):
                skipped.append(f"never Special Summoned from the {m.group('places')}, as this is not read: "
                               f"'Cannot be Special Summoned from the {m.group('places')}{m.group('turn')}'")
        if not card.is_extra_deck:
            for m in _SS_EXCEPT.finditer(text):
                said = m.group("all")
                if re.search(r"except by Pendulum Summon|by other ways|by another Effect Monster's effect", said):
                    facts.append(f("no_ss_effect", [c]))
                    if "by other ways" not in said:   # that one says exactly this
                        skipped.append(f"never Special Summoned by a card effect, as this is not read exactly: {said!r}")
                else:
                    facts.append(f("no_special", [c]))
                    skipped.append(f"never Special Summoned, as this is not read: {said!r}")
                if said.startswith("Cannot be Summoned"):   # "Cannot be Summoned unless you control ..."
                    facts.append(f("no_normal_summon", [c]))
        # "Must be Special Summoned by "Horus the Black Flame Dragon LV6"" / "... with "Mask Change"":
        # that card's effect may Special Summon it (resolve.lp), no other
        for m in _BY_CARD.finditer(card.monster_text.replace("\n", " ")):
            by = library.by_name(m.group("name")) or library.get(_FORMER_NAMES.get(m.group("name"), 0))
            if by is not None and by.code != card.code:
                facts.append(f("summon_by", [c, clingo.Number(by.code)]))
                if not card.is_extra_deck and m.group("only"):
                    facts.append(f("must_method", [c, f("special")]))   # no other Special Summon, no revival
        for m in _ONLY_BY_CARD.finditer(card.monster_text.replace("\n", " ")):
            by = library.by_name(m.group("name"))
            if by is None or by.code == card.code:
                facts.append(f("no_special", [c]))
                skipped.append(f"never Special Summoned: {m.group(0)!r} names no other card of the library")
            elif not card.is_extra_deck:
                facts += [f("summon_by", [c, clingo.Number(by.code)]), f("must_method", [c, f("special")])]
        if _BY_ITSELF.search(card.monster_text.replace("\n", " ")):
            facts.append(f("summon_by", [c, c]))
    if card.is_extra_deck:
        try:
            procs, must, skipped = extra_deck_requirements(card, library)
        except Unsupported as e:
            return Requirements([], str(e))
        for p, proc in enumerate(procs):
            facts += procedure_facts(card.code, p, proc)
        facts += [f("must_method", [c, f(m)]) for m in dict.fromkeys(must)]
        facts += [f("must_spell", [c, clingo.Number(s)]) for s in sorted({p.spell for p in procs if p.spell})]
        if card.is_fusion and _NO_SUB.search(card.monster_text.replace("\n", " ")):
            # Not in the schema yet: "only with the above Fusion Materials" (no substitutes).
            facts.append(f("fusion_no_substitute", [c]))
        return Requirements(facts, None, skipped)
    if card.is_spell and "ritual" in card.kinds:
        facts, why = ritual_spell_facts(card, library)
        return Requirements(facts, why)
    if card.is_spell and re.match(r"(?:When this card is activated: You can )?Ritual Summon 1 ", card.text):
        # A Spell of another kind that Ritual Summons with the same wording ("Fire Formation -
        # Domei"): facts when it reads plainly, nothing otherwise (it is not a Ritual Spell).
        facts, why = ritual_spell_facts(card, library)
        return Requirements(facts if why is None else [])
    if card.is_spell:
        return Requirements(fusion_spell_facts(card, library))
    if card.is_monster:
        if _SUBSTITUTE.search(text):
            facts.append(f("fusion_substitute", [c]))
        m = _MUST.search(text)
        if m and card.is_ritual:
            facts.append(f("must_method", [c, f((m.group(1) or m.group(2)).lower())]))
        if _NO_SPECIAL.search(text):
            facts.append(f("no_special", [c]))
        if _PENDULUM_OK.search(text):
            facts.append(f("pendulum_allowed", [c]))
        tributes = _TRIBUTES.search(text)
        if tributes:
            facts.append(f("tributes_required", [c, clingo.Number(int(tributes.group(1)))]))
            if tributes.group(2):
                facts.append(f("no_set", [c]))
        procs, why = hand_procedures(card, library)
        for p, proc in enumerate(procs):
            facts += hand_procedure_facts(card.code, p, proc)
        double, dwhy = double_tribute_facts(card, library)
        facts += double
        if dwhy:
            skipped.append(f"counts as 1 Tribute only, as this is not read: {dwhy}")
        nprocs, notes, nwhy = normal_procedures(card, library)
        for p, (kind, proc) in enumerate(nprocs, len(procs)):
            facts += normal_procedure_facts(card.code, p, kind, proc)
        skipped += notes
        if nwhy or re.search(r"[Cc]annot be Normal Summoned \(but can be Normal Set\)", text):
            # Not read, or "(but can be Normal Set)": never Normal Summoned (a guess never is).
            facts.append(f("no_normal_summon", [c]))
            if nwhy:
                skipped.append(f"never Normal Summoned, as this is not read: {nwhy}")
        if any(proc.first is False for proc in procs):
            facts.append(f("must_method", [c, f("special")]))  # "Must be Special Summoned (from your hand) by ..."
        return Requirements(facts, skipped=skipped, procedure_unsupported=why)
    return Requirements(facts)


# --------------------------------------------------------------------------------------------
# Normalised text: the facts read back as one canonical material line per procedure
# --------------------------------------------------------------------------------------------
_RACE_TEXT = {race_value(w): w for w in grammar.words("RACE")}
_KIND_TEXT = {kind_value(w): w for w in grammar.words("KIND")}
_LOC_TEXT = {"hand": "in the hand", "field": "on the field", "graveyard": "in the GY",
             "emz": "in an Extra Monster Zone", "deck": "in the Deck", "extra": "in the Extra Deck",
             "spell_trap": "in the Spell & Trap Zones", "opp_field": "your opponent controls",
             "banished": "banished"}
_NOUN_KINDS = ("effect", "fusion", "synchro", "xyz", "link", "pendulum", "ritual", "normal")


def _alt_text(lits: list[tuple[str, clingo.Symbol]], plural: bool, library: Library) -> str:
    words: list[str] = []
    after: list[str] = []
    noun_kind = None
    names = []
    locs: list[str] = []
    except_locs: list[str] = []
    stats: list[str] = []
    for sign, atom in sorted(lits, key=lambda l: _lit_order((l[0], (l[1].name,) + tuple(
            a.number if a.type == clingo.SymbolType.Number else a.name for a in l[1].arguments)))):
        name, args = atom.name, atom.arguments
        val = args[0].number if args and args[0].type == clingo.SymbolType.Number else (
            args[0].name if args else None)
        neg = sign == "neg"
        if name == "level":
            words.append(f"Level {val}")
        elif name == "level_min":
            words.append(f"Level {val} or higher")
        elif name == "level_max":
            words.append(f"Level {val} or lower")
        elif name == "rank":
            words.append(f"Rank {val}")
        elif name == "attribute":
            words.append(("non-" if neg else "") + val.upper())
        elif name == "race":
            words.append(("non-" if neg else "") + _RACE_TEXT[val])
        elif name in ("archetype", "name"):
            if name == "name":
                card = library.get(val)
                label = f'"{card.name if card else val}"'
            else:
                arche = library.archetype_name(val) or _INFERRED_NAMES.get(val)
                label = f'"{arche.split("|")[0]}"' if arche else f"archetype {hex(val)}"
            if neg:
                after.append(f"except {label}")
            elif name == "name":
                names.append(label)
            else:
                words.append(label)
        elif name == "kind" and val == "token":
            if neg:
                after.append("except Tokens")
            else:
                words.append("Token")
        elif name == "kind":
            text = _KIND_TEXT.get(val, val)
            if not neg and val in _NOUN_KINDS and noun_kind is None:
                noun_kind = text
            else:
                words.append(("non-" if neg else "") + text)
        elif name == "from_extra":
            after.insert(0, "Special Summoned from the Extra Deck")
        elif name == "faceup":
            words.append("face-up")
        elif name == "normal_summoned":
            words.append("Normal Summoned/Set")
        elif name == "tribute_summoned":
            words.append("Tribute Summoned")
        elif name in ("link_rating", "link_min", "link_max"):
            words.append(f"Link-{val}" + {"link_min": " or higher", "link_max": " or lower"}.get(name, ""))
        elif name == "loc":
            (except_locs if neg else locs).append(_LOC_TEXT[val])
        elif name.startswith(("atk", "def")):
            stat, _, bound = name.partition("_")
            stats.append(f"{val}{ {'min': ' or more', 'max': ' or less'}.get(bound, '')} {stat.upper()}")
    after += locs
    if except_locs:
        after.append("except " + " or ".join(except_locs))
    if stats:
        after.append("with " + "/".join(stats))
    if names and not words and noun_kind is None:
        core = " ".join(names)
    else:
        noun = f"{noun_kind} Monster" if noun_kind else "monster"
        if words and words[-1] in ("Tuner", "non-Tuner") and noun_kind is None:
            noun = ""  # "1 Tuner", "2+ non-Tuners"
            words[-1] += "s" if plural else ""
        elif plural:
            noun += "s"
        core = " ".join(names + words + ([noun] if noun else []))
    after = list(dict.fromkeys(after))
    if after and after != ["Special Summoned from the Extra Deck"]:
        # "with ..." and locations need no comma; "except ..." parts do.
        head = " ".join([core] + [a for a in after if not a.startswith(("except", "Special"))])
        tail = [a for a in after if a.startswith(("except", "Special"))]
        return ", ".join([head] + tail)
    return " ".join([core] + after)


def _describe_hand(facts: list[clingo.Symbol], p: int, library: Library) -> str:
    """A hand procedure in words: its conditions, then its costs and the rest."""
    monster = clingo.Function("kind", [clingo.Function("monster")])
    mine = [f for f in facts if len(f.arguments) > 1 and f.arguments[1].type == clingo.SymbolType.Number
            and f.arguments[1].number == p and not (f.name in ("filter", "cond_filter") and f.arguments[5] == monster)]
    parts = []
    who = {"me": "you control", "opp": "your opponent controls", "both": "on the field"}
    for f in mine:
        if f.name != "proc_cond":
            continue
        term = f.arguments[3]
        if term.name == "more_monsters":
            parts.append("if your opponent controls more monsters than you do")
            continue
        w, where, lo, hi = (a.name if a.type == clingo.SymbolType.Function else a.number for a in term.arguments)
        alts: dict[int, list] = {}
        for g in mine:
            if g.name == "cond_filter" and g.arguments[2] == f.arguments[2]:
                alts.setdefault(g.arguments[3].number, [])
                if g.arguments[5].name != "any":
                    alts[g.arguments[3].number].append((g.arguments[4].name, g.arguments[5]))
        what = " or ".join(dict.fromkeys(_alt_text(lits, hi != 1, library) for lits in alts.values()))
        count = "no" if hi == 0 else f"exactly {lo}" if lo == hi else f"{lo}+"
        place = who[w] if where == "field" else (who[w] + " (cards)") if where == "field_cards" else \
            {"graveyard": "in your GY", "hand": "in your hand"}[where]
        parts.append(f"if {place}: {count} {what}")
    for f in mine:
        if f.name == "proc_cost":
            g = f.arguments[2].number
            lo_hi = next(x for x in mine if x.name == "group" and x.arguments[2].number == g)
            lo, hi = lo_hi.arguments[3].number, lo_hi.arguments[4].number
            alts = {}
            for x in mine:
                if x.name == "filter" and x.arguments[2].number == g:
                    alts.setdefault(x.arguments[3].number, [])
                    if x.arguments[5].name != "any":
                        alts[x.arguments[3].number].append((x.arguments[4].name, x.arguments[5]))
            what = " or ".join(dict.fromkeys(_alt_text(lits, hi > 1, library) for lits in alts.values()))
            parts.append(f"{f.arguments[3].name} {lo if lo == hi else f'{lo}-{hi}'} {what}")
        elif f.name == "pconstraint":
            parts.append(f"the cost with {f.arguments[2].name} {f.arguments[2].arguments[0].name}s")
        elif f.name == "proc_position":
            parts.append(f"in {f.arguments[2].name} position")
        elif f.name == "proc_zone":
            parts.append("to a zone a Link Monster points to")
        elif f.name == "proc_side":
            parts.append("to your opponent's field")
        elif f.name == "proc_limit":
            parts.append("once per turn")
    return f"hand_procedure #{p}: " + ("; ".join(parts) or "no condition")


def describe(facts: list[clingo.Symbol], library: Library) -> list[str]:
    """One normalised line per procedure, e.g. '1 Tuner + 1+ non-Tuners' (xyz: ...)."""
    hand = sorted(f.arguments[1].number for f in facts if f.name == "proc" and f.arguments[2].name == "hand_procedure")
    if hand:
        return [_describe_hand(facts, p, library) for p in hand]
    by_proc: dict[tuple[int, int], dict] = {}
    for f in facts:
        if f.name not in ("proc", "group", "filter", "pconstraint", "proc_from"):
            continue
        key = (f.arguments[0].number, f.arguments[1].number)
        entry = by_proc.setdefault(key, {"method": None, "groups": {}, "cons": [], "from": []})
        args = f.arguments
        if f.name == "proc":
            entry["method"] = args[2].name
        elif f.name == "proc_from":
            entry["from"].append(args[2].name)
        elif f.name == "group":
            entry["groups"].setdefault(args[2].number, {"lo": 0, "hi": 0, "alts": {}})
            entry["groups"][args[2].number].update(lo=args[3].number, hi=args[4].number)
        elif f.name == "filter":
            g = entry["groups"].setdefault(args[2].number, {"lo": 0, "hi": 0, "alts": {}})
            if args[5].name != "any":
                g["alts"].setdefault(args[3].number, []).append((args[4].name, args[5]))
            else:
                g["alts"].setdefault(args[3].number, [])
        else:
            c = args[2]
            entry["cons"].append(f"{c.name} {c.arguments[0].name}")
    lines = []
    no_token = ("neg", clingo.Function("kind", [clingo.Function("token")]))
    for (_, p), entry in sorted(by_proc.items()):
        parts = []
        # "except Tokens" on every alternative is said once, at the end of the line.
        all_alts = [lits for g in entry["groups"].values() for lits in g["alts"].values()]
        except_tokens = bool(all_alts) and all(no_token in lits for lits in all_alts)
        if except_tokens:
            for g in entry["groups"].values():
                g["alts"] = {a: [l for l in lits if l != no_token] for a, lits in g["alts"].items()}
        for _, g in sorted(entry["groups"].items()):
            lo, hi = g["lo"], g["hi"]
            count = str(lo) if lo == hi else f"{lo}+" if hi == MANY else f"{lo}-{hi}"
            plural = hi > 1
            # An archetype with two codes ("Number") reads the same in both alternatives: say it once.
            alts = list(dict.fromkeys(_alt_text(lits, plural, library) for _, lits in sorted(g["alts"].items())))
            parts.append(f"{count} " + " or ".join(alts))
        text = " + ".join(parts)
        cons = {"different name": "different names", "different race": "different Types",
                "different attribute": "different Attributes", "same race": "the same Type",
                "same attribute": "the same Attribute", "same name": "the same name", "different level": "different Levels",
                "same level": "the same Level", "same rank": "the same Rank", "different rank": "different Ranks"}
        if entry["cons"]:
            # Before an "except" part, which would otherwise take the condition as its own.
            head, sep, tail = text.partition(", except ")
            text = head + " with " + " and ".join(cons.get(c, c) for c in entry["cons"]) + sep + tail
        if except_tokens:
            text += ", except Tokens"
        label = "materials from" if entry["method"] == "contact" else "materials also from"
        src = f"; {label} {'/'.join(entry['from'])}" if entry["from"] else ""
        spells = [library.get(f.arguments[1].number) for f in facts if f.name == "must_spell"]
        if spells and entry["method"] == "fusion":
            src += "; only with " + " or ".join(f'"{c.name}"' for c in spells if c)
        lines.append(f"{entry['method']} #{p}: {text}{src}")
    return lines


# --------------------------------------------------------------------------------------------
# Coverage over a library
# --------------------------------------------------------------------------------------------
_NAMED_ONLY = re.compile(r'^(?:\d+ )?"[^"]+"(?: \+ (?:\d+ )?"[^"]+")*$')


def coverage(library: Library) -> dict:
    """How many summoning requirements are understood, per kind, with the reasons of the rest."""
    kinds = {k: {"total": 0, "supported": 0} for k in ("fusion", "synchro", "xyz", "link")}
    named = {"total": 0, "supported": 0}
    effect_only = 0
    reasons: dict[str, list[str]] = {}
    spells: list[Requirements] = []
    others: list[Requirements] = []
    for card in library:
        if card.is_extra_deck:
            req = requirements(card, library)
            entry = kinds[card.summon_method]
            entry["total"] += 1
            ok = req.unsupported is None
            entry["supported"] += ok
            if ok and not any(f.name == "proc" for f in req.facts):
                effect_only += 1
            if card.is_fusion and _NAMED_ONLY.match(card.first_line):
                named["total"] += 1
                named["supported"] += ok
            if not ok:
                key = re.sub(r'"[^"]*"', '"…"', req.unsupported)
                reasons.setdefault(key, []).append(card.name)
        elif card.is_spell and "ritual" in card.kinds:
            spells.append(requirements(card, library))
        elif card.is_spell:  # "Fire Formation - Domei" Ritual Summons too, but is no Ritual Spell
            others.append(requirements(card, library))
    hand = {"total": 0, "supported": 0, "procedures": 0}
    hand_reasons: dict[str, list[str]] = {}
    for card in library:
        if card.is_monster and not card.is_extra_deck and "token" not in card.kinds:
            procs, why = hand_procedures(card, library)
            if not procs and why is None:
                continue
            hand["total"] += 1
            hand["supported"] += why is None
            hand["procedures"] += len(procs)
            if why is not None:
                hand_reasons.setdefault(why.split(":")[0], []).append(card.name)
    rituals = [c for c in library if c.is_monster and c.is_ritual]
    targets = [f.arguments[1] for r in spells + others for f in r.facts if f.name == "ritual_target"]
    tied = sum(1 for c in rituals if any(_ritual_match(c, t, library) for t in targets))
    kinds["ritual"] = {"total": len(rituals), "supported": tied}
    kinds["ritual_spell"] = {"total": len(spells), "supported": sum(r.unsupported is None for r in spells)}
    kinds["named_fusion"] = named
    kinds["hand_procedure"] = hand
    for entry in kinds.values():
        entry["percent"] = round(100 * entry["supported"] / entry["total"], 1) if entry["total"] else 100.0
    extra_total = sum(kinds[k]["total"] for k in ("fusion", "synchro", "xyz", "link"))
    extra_ok = sum(kinds[k]["supported"] for k in ("fusion", "synchro", "xyz", "link"))
    return {
        "kinds": kinds,
        "extra_deck": {"total": extra_total, "supported": extra_ok,
                       "percent": round(100 * extra_ok / extra_total, 1) if extra_total else 100.0,
                       "effect_only": effect_only},
        "unsupported_reasons": sorted(
            ({"reason": r, "count": len(names), "examples": names[:3]} for r, names in reasons.items()),
            key=lambda e: (-e["count"], e["reason"])),
        "hand_procedure_reasons": sorted(
            ({"reason": r, "count": len(names), "examples": names[:3]} for r, names in hand_reasons.items()),
            key=lambda e: (-e["count"], e["reason"])),
    }


def _ritual_match(card: Card, target: clingo.Symbol, library: Library) -> bool:
    if target.name == "any":
        return True
    value = target.arguments[0]
    if target.name == "name":
        return value.number in (card.code, card.alias)
    if target.name == "archetype":
        return library.in_archetype(card, value.number)
    if target.name == "attribute":
        return card.attribute == value.name
    if target.name == "race":
        return card.race == value.name
    return False
