"""common.lark's noun phrases as an effect reads them: an ``item`` becomes an :class:`NP`, the card
filter of an effect (``(lo, hi, alternatives)``, each alternative a frozenset of ``(sign, atom)``
literals), with the place after it (``np.where``: ``("me", "graveyard")``, ...).

What a qualifier, a noun or a place *means* is nouns.py's (``qual_literals``, ``race_value``,
``EFFECT_PLACES``); this module says which of common.lark's phrases effects play.  A negated
qualifier (non-Tuner, non-DARK) is a negated atom, and items joined by "or" are one filter
(``_np_or``).  Effects play no Ranks or Link ratings, not how a monster was summoned, no counts
"2+", "2 or more", "at least 2" (but where a condition counts), no items joined by "and/or", no
"including", "with the same ...", "(1 Fusion, 1 Synchro)": such a noun phrase is not understood (a
ValueError leaves the sentence unsupported), exactly as when effects.lark had noun phrases of its
own.
"""
from __future__ import annotations

import copy

from lark import Token

from oracle.yugioh.grammar.nouns import EFFECT_PLACES, MANY, Nouns, qual_literals, race_value


def faceup_named(name: tuple, where: str) -> tuple:
    """The condition "a face-up card named X" on either field, counted in ``where`` (cond/5)."""
    return ("both", 1, MANY, [frozenset({("pos", name), ("pos", ("faceup",))})], where)


class NP(tuple):
    """``(lo, hi, alternatives)`` of a noun phrase, with what came after it: ``where`` (a place),
    ``other`` ("1 other monster"), ``except_self`` (", except this card"), ``token_stats``
    ("(Machine/WIND/Level 3/ATK 0/DEF 0)", fx_tokens)."""
    where: tuple | None = None
    other: bool = False
    except_self: bool = False
    token_stats: dict | None = None
    quoted = None   # the quoted name, when the noun phrase is one name ('1 "Dragon Token"')


class _Item:
    """One item of common.lark, read by the rules of effects; ``refused`` says why effects do not
    play it (the noun phrase is then not understood wherever it stands)."""

    def __init__(self) -> None:
        self.count: tuple | None = None      # (lo, hi), or ("more", lo, hi) for "2+", "2 or more", "at least 2"
        self.quals: list = []                # one qualifier per slot: a token, a scale's literals, a family's tuple
        self.noun: tuple | None = None       # ("noun", atom or None, terminal)
        self.posts: list = []                # postmodifiers: ("not", name), ("stat", atom), ("where", place), ...
        self.alternative: _Item | None = None  # "1 face-up Spell, or 1 Set Spell/Trap" (fx_puzzles)
        self.choice: tuple | None = None     # (where among quals, [qualifiers]): one slot "Insect or Plant"
        self.refused: str | None = None

    def refuse(self, why: str) -> None:
        self.refused = self.refused or why


# Nouns as effects read them: the atom each adds to the filter (None: any card).
_NOUNS = {"NOUN": ("kind", "monster"), "NOUNS": ("kind", "monster"), "NOUN_CAP": ("kind", "monster"),
          "MONSTER_S": ("kind", "monster"), "NOUNS_CAP": ("kind", "monster"), "CARD_NOUN": None, "CARDS": None, "CARD_S": None, "CARD_CAP": None, "CARDS_CAP": None,
          "SPELL_TRAP_NOUN": ("spell_trap",), "TUNERS": ("kind", "tuner")}
# Qualifiers that end a noun phrase with no noun as a noun does ("1 Spell", "1 Tuner", "1 Trap Card").
_NOUN_QUALS = {("kind", "spell"), ("kind", "trap"), ("kind", "tuner")}
# "with 1500 or less ATK" and the two others effects read (common.lark's stat: INT, LOWER/OR_MORE, STAT).
_STATS = {("ATK", "or less"): "atk_max", ("ATK", "or more"): "atk_min", ("DEF", "or less"): "def_max"}


class NounPhrases:
    """Transformer methods of common.lark's noun phrases in effects (a mixin of effect_text._CoreTree)."""

    # counts ---------------------------------------------------------------------------------------
    def INT(self, t):
        return int(t)

    def count_exact(self, items):
        if len(items) > 1:  # "2x"
            return ("more", 0, 0)
        return (items[0], items[0])

    def count_one(self, _):
        return (1, 1)

    def count_more(self, items):
        n = int(str(items[0]).rstrip("+"))
        hi = next((x for x in items[1:] if isinstance(x, int)), MANY)
        return ("more", n, hi)

    def max_clause(self, items):
        return next(x for x in items if isinstance(x, int))

    def count_at_least(self, items):
        return ("more", int(str(items[-1]).rstrip("+")), MANY)

    def up_to(self, items):
        return (1, items[0])

    # qualifiers: what nouns.py says they are ------------------------------------------------------
    scale = Nouns.scale
    scale_value = Nouns.scale_value

    def slot(self, items):
        quals = [q for q in items if not (isinstance(q, Token) and q.type in ("OR_QUAL", "QCOMMA"))]
        if len(quals) == 1 and len(quals) == len(items):
            return ("slot", quals[0])
        return ("slot_alts", quals)   # "Insect or Plant": one of them

    def slots(self, items):
        return ("slots", list(items))

    def noun(self, items):
        t = items[0]
        if isinstance(t, tuple):   # a family's noun (fx_removal: "Spell and Trap Cards")
            return ("noun", t, "FAMILY")
        if t.type == "SPELLS_NOUN":  # "Traps"
            return ("noun", ("kind", "spell" if str(t).startswith("Spell") else "trap"), t.type)
        if t.type not in _NOUNS:
            return ("noun_refused", t.type)
        return ("noun", _NOUNS[t.type], t.type)

    def _qual(self, q, archetype_first: bool = True):
        """One qualifier of common.lark as an atom of an effect's filter."""
        if isinstance(q, list):  # a scale: "Level 4 or lower"
            # (an exact Rank too: "except Rank 4 Xyz Monsters", materials.lp's has/3 of rank(N))
            if len(q) == 1 and q[0][0] == "pos" and q[0][1][0] in ("level", "level_min", "level_max", "rank"):
                return q[0][1]
            raise ValueError(f"a scale effects do not read: {q}")
        if isinstance(q, tuple):   # a family's qualifier ("face-down", "Set", "non-Token")
            return q
        if q.type == "QUOTED":
            return self._quoted(q, archetype_first=archetype_first)
        if q.type == "RACE":
            return ("race", race_value(str(q)))
        if q.type in ("NON_ATTR", "NON_RACE", "NON_KIND"):   # "non-Tuner", "non-DARK": a negated atom
            (lit,), = qual_literals(q)
            return ("not", lit[1])
        if q.type not in ("ATTRIBUTE", "KIND", "CARD_KIND", "FACEUP"):
            raise ValueError(f"a qualifier effects do not read: {q}")
        (lit,), = qual_literals(q)
        return lit[1]

    # postmodifiers ---------------------------------------------------------------------------------
    def with_stats(self, items):
        (stat,) = [i for i in items if isinstance(i, list)] or [None]
        return ("stats", stat)

    def from_extra(self, _):
        # "a monster Special Summoned from the Extra Deck": the atom from_extra (state.lp's has/3
        # of the fluent from_extra/1), one more literal of every alternative as a stat is
        return ("stats", [("from_extra",)])

    def with_a_level(self, _):
        return ("stats", [("level_min", 1)])

    def stats(self, items):
        return [i for i in items if not isinstance(i, Token)]

    def stat(self, items):
        # "1500 or less ATK" (INT, the bound, the stat) and "2000 ATK"; anything else ("original ATK") is not read
        words = [str(i) for i in items]
        if len(items) == 3 and isinstance(items[0], int) and (words[2], words[1]) in _STATS:
            return (_STATS[words[2], words[1]], items[0])
        if len(items) == 2 and isinstance(items[0], int) and words[1] in ("ATK", "DEF"):
            return (words[1].lower(), items[0])     # "with 200 DEF": materials.lp's has(I,def(200))
        return None

    def effect_where(self, items):
        (unit,) = [i for i in items if isinstance(i, Token) and i.type == "WHERE_UNIT"]
        if str(unit) not in EFFECT_PLACES:
            return ("refused", f"a place effects do not read ({unit})")
        return ("where", EFFECT_PLACES[str(unit)])

    def except_item(self, items):
        it = items[-1]
        if it.refused or it.count or it.noun or it.posts or it.alternative or len(it.quals) != 1 \
                or not (isinstance(it.quals[0], Token) and it.quals[0].type == "QUOTED"):
            return ("refused", "an exception effects do not read")
        return ("not", self._quoted(it.quals[0], archetype_first=False))

    def except_self(self, _):
        return ("except_self",)

    def item_alt(self, items):
        # '1 "Berfomet" or 1 "Gazelle the King of Mythical Beasts"': one card of either
        # description (_np_or); "and/or" between counts says more than that
        if any(getattr(t, "type", None) == "AND_OR" for t in items):
            return ("refused", "alternatives joined by 'and/or'")
        return ("alt", items[-1])

    # items -------------------------------------------------------------------------------------------
    def item(self, items):
        it = _Item()
        for x in items:
            if isinstance(x, tuple) and len(x) == 2 and all(isinstance(v, int) for v in x):
                it.count = x
            elif isinstance(x, tuple) and x[0] == "more":
                it.count = x
            elif isinstance(x, tuple) and x[0] == "slots":
                for s in x[1]:
                    if s[0] == "slot":
                        it.quals.append(s[1])
                    elif it.choice is not None or len(s) < 2:
                        it.refuse("alternatives of a qualifier")   # two slots of alternatives
                    else:
                        it.choice = (len(it.quals), s[1])
            elif isinstance(x, tuple) and x[0] == "noun":
                it.noun = x
            elif isinstance(x, tuple) and x[0] == "noun_refused":
                it.refuse(f"a noun effects do not read ({x[1]})")
            elif isinstance(x, tuple) and x[0] == "refused":
                it.refuse(x[1])
            elif isinstance(x, tuple) and x[0] == "stats":
                if x[1] is None or None in x[1]:
                    it.refuse("stats effects do not read")
                else:   # "with 1500 ATK/200 DEF": both
                    it.posts += [("stat", a) for a in x[1]]
            elif isinstance(x, tuple) and x[0] == "alt":
                it.alternative = x[1]
            elif isinstance(x, (tuple, dict)):
                it.posts.append(x)   # ("not", name), ("where", place), ("except_self",), a Token's stats
        return it

    def np_other(self, items):
        it = self.item(items)
        np = self._np(it)
        np.other = True
        return np

    def _np(self, it: _Item) -> NP:
        """An item as an effect's filter (see the module's head for what is refused)."""
        if it.refused:
            raise ValueError(it.refused)
        if it.count is not None and it.count[0] == "more":
            raise ValueError("a count effects do not read")
        lo, hi = it.count or (1, 1)
        stats = next((p for p in it.posts if isinstance(p, dict)), None)
        if stats is not None:
            # a Token and its stats ('2 "Dragon Tokens" (Dragon/EARTH/...)'): fx_tokens reads the name
            if len(it.quals) != 1 or it.noun is not None or len(it.posts) != 1 \
                    or not (isinstance(it.quals[0], Token) and it.quals[0].type == "QUOTED"):
                raise ValueError("a Token's stats after other words than its name")
            np = NP((lo, hi, [frozenset()]))
            np.quoted, np.token_stats = it.quals[0], stats
            return np
        # a card's name, alone or face-up ('a face-up "Dark Magician Girl"')
        bare = [q for q in it.quals if not (isinstance(q, Token) and q.type == "FACEUP")]
        named = it.noun is None and len(bare) == 1 and isinstance(bare[0], Token) and bare[0].type == "QUOTED"
        atoms, negs = [], []
        for q in it.quals:
            a = self._qual(q, archetype_first=not named)
            (negs if a[0] == "not" else atoms).append(a[1] if a[0] == "not" else a)
        # A slot of alternatives ("Insect or Plant monster", '"Dark Magician" or "Magician of Black
        # Chaos"'): one alternative of the filter for each; names alone are cards' names first.
        options: list = [None]
        if it.choice is not None:
            names_only = it.noun is None and not it.quals and all(
                isinstance(q, Token) and q.type == "QUOTED" for q in it.choice[1])
            options = [self._qual(q, archetype_first=not names_only) for q in it.choice[1]]
            if any(o[0] == "not" for o in options):
                raise ValueError("a negated qualifier among alternatives")
            if it.noun is None and not names_only and not all(o in _NOUN_QUALS for o in options):
                raise ValueError("a noun phrase without a noun")
            named = names_only
        if it.noun is not None:
            if it.noun[2] in ("CARD_CAP", "CARDS_CAP") and not (atoms and atoms[-1] in (("kind", "spell"), ("kind", "trap"))):
                # "Card(s)" is a noun of Spells and Traps ("1 Spell Card", "Trap Cards"), not "Equip Cards"
                raise ValueError(f"a noun effects do not read ({it.noun[2]})")
            if it.noun[1] is not None:
                atoms.append(it.noun[1])
        elif not named and it.choice is None and not (atoms and atoms[-1] in _NOUN_QUALS):
            raise ValueError("a noun phrase without a noun")
        out_where, except_self = None, False
        for p in it.posts:
            if p[0] == "not":
                negs.append(p[1])
            elif p[0] == "stat":
                atoms.append(p[1])
            elif p[0] == "where":
                if out_where is not None:
                    raise ValueError("two places of one noun phrase")
                out_where = p[1]
            elif p[0] == "except_self":
                except_self = True
        chosen = [atoms + ([o] if o is not None else []) for o in options]
        for c in chosen:
            self._check_atoms(c)
        np = NP((lo, hi, [frozenset({("pos", a) for a in alt} | {("neg", n) for n in negs})
                          for c in chosen for alt in _alternatives(c)]))
        np.where, np.except_self = out_where, except_self
        np.quoted = it.quals[0] if named and it.choice is None else None
        return np

    def _check_atoms(self, atoms: list) -> None:
        """A family's check of a noun phrase's atoms (fx_puzzles: a battle position is a monster's)."""

    def _np_at(self, it: _Item) -> NP:
        return self._np(it) if it.alternative is None else self._np_or(it)

    def _np_or(self, it: _Item) -> NP:
        """Items joined by "or" ('1 "Generaider" card or 1 Plant monster', "1 face-up Spell, or 1
        Set Spell/Trap, on the field"): one filter with the alternatives of both, the same count,
        and the place the last item names (said of both)."""
        head = copy.copy(it)
        head.alternative = None
        first, second = self._np(head), self._np_at(it.alternative)
        if first[:2] != second[:2] or first.token_stats is not None or second.token_stats is not None:
            raise ValueError("alternatives joined by 'or' with different counts")
        if first.where is not None and first.where != second.where:
            raise ValueError("alternatives joined by 'or' in different places")
        out = NP((first[0], first[1], first[2] + second[2]))
        out.where, out.except_self = second.where, first.except_self or second.except_self
        out.other = first.other and second.other
        return out

    def np(self, items):
        np = self._np_at(items[0])
        if np.where is not None or np.except_self or np.token_stats is not None:
            raise ValueError("a place or postmodifier effects do not read there")
        return np

    def np_at(self, items):
        np = self._np_at(items[0])
        if np.token_stats is not None:
            raise ValueError("a Token's stats outside a Special Summon")
        return np

    def np_target(self, items):
        return self.np_at(items)

    def object_no(self, items):
        return ("no", items[-1])

    def object_exactly(self, _):
        return ("refused", "'exactly' in a condition effects do not read")

    def object_items(self, items):
        its = [i for i in items if not isinstance(i, Token)]
        if len(its) != 1:
            return ("refused", "several items in a condition")
        # an item_other ("2 or more other "X" monsters") says so itself
        return its[0] if isinstance(its[0], tuple) else ("items", its)

    def item_other(self, items):
        # "another Dinosaur monster": the item without "other" (a condition reads it only where the
        # card itself is left out of the count: effect_text's while_controls)
        return ("other", [self.item([x for x in items if not (isinstance(x, Token) and x.type == "OTHER")])])


def _alternatives(atoms: list[tuple]) -> list[list[tuple]]:
    """The atoms of a noun phrase as alternatives: "Spells/Traps" is a Spell or a Trap."""
    alts: list[list[tuple]] = [[]]
    for a in atoms:
        if a == ("spell_trap",):
            alts = [x + [("kind", "spell")] for x in alts] + [x + [("kind", "trap")] for x in alts]
        else:
            alts = [x + [a] for x in alts]
    return alts or [[]]



def _refused(name: str):
    return lambda self, _items: ("refused", f"a postmodifier effects do not read ({name})")


# common.lark's other postmodifiers, which effects do not read
for _name in ("where", "whose_level", "parts", "except_tokens", "except_where", "paren_slot",
              "with_different", "with_same", "including"):
    setattr(NounPhrases, _name, _refused(_name))
