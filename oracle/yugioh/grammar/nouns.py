"""common.lark's noun phrases read into items: counts, qualifier slots, postmodifiers.

An :class:`Item` is one described set of cards ("1+ non-Tuner monsters"); what its qualifiers
mean as filter literals (``("pos", ("kind", "tuner"))``) is decided here, per token. Quoted
names stay ``("quote", text)``: whether they name a card or an archetype depends on the library
and on the rest of the item, which is the reader's business (oracle/yugioh/requirements.py).
"""
from __future__ import annotations

import lark

from oracle.yugioh.grammar import Unsupported

MANY = 99  # "no upper bound" in group/5

Lit = tuple  # (sign, atom) with sign "pos" or "neg"; atom = ("kind", "tuner"), ("level_min", 7), ...


class Item:
    def __init__(self) -> None:
        self.count: tuple[int, int] | None = None
        self.slots: list[list[list]] = []  # slot -> alternatives -> literals
        self.has_noun = False
        self.extra: list[Lit] = []  # literals every alternative gets (from_extra, not token)
        self.constraints: list[tuple[str, str]] = []
        self.including: Item | None = None
        self.alternatives: list[Item] = []
        self.excepted: list[Item] = []  # 'except "X"': materials that must not match
        self.parts: list[Item] = []  # "(1 Fusion, 1 Synchro, ...)": how the count splits
        self.choices: list[list[tuple[str, str]]] = []  # "with the same Type or Attribute"
        # Only quoted names, joined by commas, after no count or "1": the head of a list of
        # names in an object ('1 "Sanga of the Thunder", "Kazejin", and "Suijin"').
        self.names: list[str] | None = None
        self.noun: str | None = None  # the noun's terminal ("NOUN" for "monster(s)")
        # What the item's words end with: a noun's terminal (NOUN, TUNERS, ...), QUOTED, TUNER (the
        # kind), QUAL (another qualifier) or POSTMOD.
        self.end = "QUAL"
        self.count_words: str | None = None  # the count when it starts with a number and a space
        self.tail: Item | None = None  # the item a last "except"/"including" nests: what follows is its


def innermost(it: Item) -> Item:
    """The item that words after this one would belong to: the last one nested at its end
    ("2 monsters, including a Tuner" -> "a Tuner")."""
    if it.alternatives:
        return innermost(it.alternatives[-1])
    return innermost(it.tail) if it.tail is not None else it


class Slot(list):
    """A slot's alternatives; ``joined_by_or`` when an "or" joins any two of them."""
    joined_by_or = False


def race_value(text: str) -> str:
    """A Type as the schema writes it: "Beast-Warrior" and "Beast-Warrior-Type" -> beast_warrior."""
    return text.removesuffix("-Type").lower().replace(" ", "_").replace("-", "_")


def kind_value(text: str) -> str:
    return text.lower().replace("-", "")  # "Quick-Play" -> quickplay


_LOC = {"in the hand": "hand", "in your hand": "hand", "on the field": "field", "you control": "field",
        "in your GY": "graveyard", "in the GY": "graveyard", "in an Extra Monster Zone": "emz",
        "in the Extra Monster Zone": "emz"}
# Where the cards of an effect's noun phrase are (effects.lark's where_unit): (whose, zone).
EFFECT_PLACES = {"on the field": ("both", "field"), "you control": ("me", "field"), "your opponent controls": ("opp", "field"),
                 "in your GY": ("me", "graveyard"), "in your Graveyard": ("me", "graveyard"), "in your hand": ("me", "hand"),
                 "in either player's GY": ("both", "graveyard"), "in either player's Graveyard": ("both", "graveyard"),
                 "in your opponent's GY": ("opp", "graveyard"), "in your opponent's Graveyard": ("opp", "graveyard"),
                 "on your opponent's field": ("opp", "field"), "on your field": ("me", "field"),
                 "on either side of the field": ("both", "field"), "in the GYs": ("both", "graveyard"),
                 "in both GYs": ("both", "graveyard"), "in both Graveyards": ("both", "graveyard")}
_PROP = {"name": "name", "names": "name", "Type": "race", "Types": "race", "Attribute": "attribute",
         "Attributes": "attribute", "Levels": "level", "Ranks": "rank", "Level": "level", "Rank": "rank"}


def qual_literals(q) -> list[list[Lit]]:
    """One qualifier as alternatives, each a list of literals ("Level/Rank/Link 2": three)."""
    if isinstance(q, list):  # a scale, already read
        return [[lit] for lit in q]
    t, v = q.type, q.value
    if t in ("ATTRIBUTE", "NON_ATTR"):
        return [[("neg" if t == "NON_ATTR" else "pos", ("attribute", v.removeprefix("non-").lower()))]]
    if t in ("RACE", "NON_RACE"):
        return [[("neg" if t == "NON_RACE" else "pos", ("race", race_value(v.removeprefix("non-"))))]]
    if t in ("KIND", "NON_KIND", "CARD_KIND"):
        return [[("neg" if t == "NON_KIND" else "pos", ("kind", kind_value(v.removeprefix("non-"))))]]
    if t == "QUOTED":
        return [[("quote", v[1:-1])]]
    return [[("pos", {"FACEUP": ("faceup",), "NORMAL_SUMMONED": ("normal_summoned",),
                      "TRIBUTE_SUMMONED": ("tribute_summoned",)}[t])]]


class Unspaced(lark.Transformer):
    """A transformer whose methods are named for common.lark's rules and aliases wherever they are
    imported: lark gives what an import brings in as a dependency its namespace
    ("common__slot", "common__count_exact"); the reading does not depend on it."""

    def _call_userfunc(self, tree, new_children=None):
        name = tree.data.split("__", 1)[-1] if isinstance(tree.data, str) else tree.data
        if name != tree.data:
            tree = lark.Tree(name, tree.children, tree._meta if hasattr(tree, "_meta") else None)
        return super()._call_userfunc(tree, new_children)


class Nouns(Unspaced):
    """Trees of common.lark's rules -> Item (items), lists of literals (qualifiers), and
    functions that apply a postmodifier to its Item."""

    # Counts ---------------------------------------------------------------------------------
    def count_more(self, c):
        n = int(c[0].rstrip("+"))
        hi = next((x for x in c[1:] if isinstance(x, int)), MANY)
        return ("count", (n, hi), c[0].value if c[0].type == "INT" else None)  # "2 or more", not "2+"

    def max_clause(self, c):
        return int(c[2])

    def count_exact(self, c):
        return ("count", (int(c[0]), int(c[0])), " ".join(c))

    def count_one(self, c):
        return ("count", (1, 1), None)

    def count_at_least(self, c):
        return ("count", (int(c[1].rstrip("+")), MANY), None)

    # Qualifiers -----------------------------------------------------------------------------
    def scale_value(self, c):
        bound = None
        if len(c) > 1:
            bound = "max" if c[1].type == "LOWER" else "min"
        return (int(c[0]), bound)

    def scale(self, c):
        heads = [{"LINKR": "link", "LEVEL": "level", "RANK": "rank"}[c[0].type]]
        heads += ["rank" if t.type == "RANK" else "link" for t in c[1:-1] if t.type != "SLASH"]
        if any(t.type == "KIND" and t.value != "Link" for t in c[1:-1]):
            bad = next(t for t in c[1:-1] if t.type == "KIND" and t.value != "Link")
            raise Unsupported(f"unexpected {bad.value!r} after '/'")
        return _scale_lits(heads, c[-1])

    def slot(self, c):
        slot = Slot(alt for q in c if not (isinstance(q, lark.Token) and q.type in ("OR_QUAL", "QCOMMA"))
                    for alt in qual_literals(q))
        slot.joined_by_or = any(isinstance(q, lark.Token) and q.type == "OR_QUAL" for q in c)
        return slot

    def slots(self, c):
        return ("slots", c)

    def noun(self, c):
        t, v = c[0].type, c[0].value
        if t == "SPELL_TRAP_NOUN":  # "Spells/Traps": Spell or Trap cards
            return ("noun", [[("pos", ("kind", "spell"))], [("pos", ("kind", "trap"))]], t)
        if t == "SPELLS_NOUN":  # "Traps": Trap cards
            return ("noun", [[("pos", ("kind", kind_value(v[:-1])))]], t)
        kind = {"TUNERS": ("pos", "tuner"), "TOKEN": ("pos", "token"), "NON_TUNERS": ("neg", "tuner")}.get(t)
        return ("noun", [[(kind[0], ("kind", kind[1]))]] if kind else None, t)

    # Postmodifiers: functions of the item -----------------------------------------------------
    def from_extra(self, c):
        return lambda it: it.extra.append(("pos", ("from_extra",)))

    def stat(self, c):
        n = int(c[0].rstrip("+"))
        suffix = "_min" if c[0].endswith("+") else ""
        for t in c[1:]:
            if t.type == "OR_MORE":
                suffix = "_min"
            elif t.type == "LOWER":
                suffix = "_max"
        stats = {"ATK": ("atk",), "DEF": ("def",), "ATK/DEF": ("atk", "def"), "ATK & DEF": ("atk", "def")}[c[-1].value]
        return [("pos", (s + suffix, n)) for s in stats]

    def stats(self, c):
        return [lit for s in c if isinstance(s, list) for lit in s]

    def with_stats(self, c):
        lits = c[-1]
        return lambda it: it.extra.extend(lits)

    def where(self, c):
        loc = _LOC[c[-1].value]
        return lambda it: it.extra.append(("pos", ("loc", loc)))

    def whose_level(self, c):
        lits = _scale_lits(["level"], c[1])
        return lambda it: it.extra.extend(lits)

    def parts(self, c):
        items = [x for x in c if isinstance(x, Item)]
        return lambda it: it.parts.extend(items)

    def except_tokens(self, c):
        return lambda it: it.extra.append(("neg", ("kind", "token")))

    def except_where(self, c):
        locs = [_LOC[t.value] for t in c if t.type == "WHERE"]
        return lambda it: it.extra.extend(("neg", ("loc", loc)) for loc in locs)

    def except_item(self, c):
        def apply(it):
            it.excepted.append(c[-1])
            it.tail = c[-1]
        return apply

    def paren_slot(self, c):
        slot = c[1]
        return lambda it: it.slots.append(slot)

    def props(self, c):
        """[("either", p, q) | ("one", p) | ("different", props)] in reading order."""
        out, i = [], 0
        vals = [x for x in c if not (isinstance(x, lark.Token) and x.type in ("AND", "AND_SAME", "AND_DIFF"))]
        first = _PROP[vals[0].value]
        if len(vals) > 2 and isinstance(vals[1], lark.Token) and vals[1].type in ("OR", "OR_QUAL", "AND_OR"):
            out.append(("either", first, _PROP[vals[2].value]))
            i = 3
        else:
            out.append(("one", first))
            i = 1
        for v in vals[i:]:
            out.append(("different", v) if isinstance(v, list) else ("one", _PROP[v.value]))
        return out

    def with_different(self, c):
        return lambda it: _apply_props(it, c[-1], "different")

    def with_same(self, c):
        lists = [x for x in c if isinstance(x, list)]

        def apply(it):
            _apply_props(it, lists[0], "same")
            if len(lists) > 1:
                _apply_props(it, lists[1], "different")
        return apply

    def including(self, c):
        inner = c[-1]

        def apply(it):
            if it.including is not None:
                raise Unsupported("two 'including' parts")
            it.including = it.tail = inner
        return apply

    def item_alt(self, c):
        return ("alt", c[-1])

    # Items -------------------------------------------------------------------------------------
    def item(self, c):
        it = Item()
        for x in c:
            if isinstance(x, tuple) and x[0] == "count":
                it.count, it.count_words = x[1], x[2]
            elif isinstance(x, tuple) and x[0] == "slots":
                it.slots.extend(x[1])
            elif isinstance(x, tuple) and x[0] == "noun":
                it.has_noun, it.noun = True, x[2]
                if x[1]:
                    it.slots.append(x[1])
            elif isinstance(x, tuple) and x[0] == "alt":
                it.alternatives.append(x[1])
            elif callable(x):
                it.tail = None
                x(it)
        it.end = innermost(it).end if innermost(it) is not it else _end(c[-1])
        quotes = [alt[0][1] for slot in it.slots for alt in slot if len(alt) == 1 and alt[0][0] == "quote"]
        if (it.count is None or it.count_words == "1") and len(c) == 1 + (it.count is not None) \
                and len(it.slots) == 1 and not getattr(it.slots[0], "joined_by_or", False) and len(quotes) == len(it.slots[0]):
            it.names = quotes
        return it

    part_first = item
    item_other = item  # "1 other monster": never this card, anyway

    # Objects: (exact count or None, items) --------------------------------------------------
    def object_no(self, c):
        it = c[-1]
        if it.count is not None:
            raise Unsupported("a count after 'no'")
        return 0, [it]

    def object_exactly(self, c):
        it = c[-1]
        if it.count is None or it.count[0] != it.count[1]:
            raise Unsupported("'exactly' without a number")
        return it.count[0], [it]

    def object_items(self, c):
        return None, combine([x for x in c if isinstance(x, Item)])

    def line(self, c):
        return [x for x in c if isinstance(x, Item)]


def _scale_lits(heads: list[str], value: tuple[int, str | None]) -> list[Lit]:
    """INT ["or lower" | "or higher"] after Level / Rank / Link-: one literal per head."""
    n, bound = value
    out = []
    for head in heads:
        if bound and head == "rank":
            raise Unsupported("a Rank range")
        exact = {"level": "level", "rank": "rank", "link": "link_rating"}[head]
        out.append(("pos", (f"{head}_{bound}" if bound else exact, n)))
    return out


def _apply_props(it: Item, props: list, how: str) -> None:
    for entry in props:
        if entry[0] == "either":
            it.choices.append([(how, entry[1]), (how, entry[2])])
        elif entry[0] == "one":
            it.constraints.append((how, entry[1]))
        else:
            _apply_props(it, entry[1], "different")


def combine(items: list[Item]) -> list[Item]:
    """Items joined by "and" in an object: '"A", "B", and "C"' is one of each name; in
    "1 LIGHT and 1 DARK monster" the items before the last share its noun "monster(s)". Every
    item after an "and" starts with a number, as a list of counted things does."""
    if len(items) == 2 and items[0].names and items[1].names and len(items[1].names) == 1 \
            and items[1].count is None:
        out = []
        for name in items[0].names + items[1].names:
            it = Item()
            it.count, it.slots = (1, 1), [[[("quote", name)]]]
            out.append(it)
        return out
    if any(it.count_words is None for it in items[1:]):
        raise Unsupported("unexpected 'and'")
    if items[-1].end == "NOUN":
        for it in items[:-1]:
            if it.end == "QUAL" and not it.has_noun:
                it.has_noun = True  # "1 LIGHT and 1 DARK monster": "monster" is shared
            elif it.end not in ("NOUN", "TUNERS", "NON_TUNERS", "QUOTED", "TUNER"):
                # "2 Spells/Traps and 2 monsters", "1 monster in your GY and 1 LIGHT and 1 DARK
                # monster": which noun is shared, and with what, is not said plainly.
                raise Unsupported("a noun shared by items that have their own")
    return items


def _end(last) -> str:
    """What an item's last child ends with (see Item.end)."""
    if isinstance(last, tuple) and last[0] == "noun":
        return last[2]
    if isinstance(last, tuple) and last[0] == "slots":
        lit = last[1][-1][-1][-1]
        return "QUOTED" if lit[0] == "quote" else "TUNER" if lit == ("pos", ("kind", "tuner")) else "QUAL"
    return "POSTMOD" if callable(last) else "QUAL"
