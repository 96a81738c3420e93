"""The declared grammar of card text (lark, LALR): ``*.lark`` files of this package.

``common.lark`` holds the vocabulary and the noun phrases that every part of card text shares;
``materials.lark`` imports it for material lines, ``summons.lark`` for procedures from the hand,
``effects.lark`` (with one ``effects_<family>.lark`` per family of effects, loaded by
``effect_text.parser`` with the postlexer :class:`_EffectLookahead`) for effect sentences (see
docs/card-text.md). :func:`parser` loads a grammar once per process;
:func:`parse` reads a text with it and turns every way of not understanding the text into
:class:`Unsupported`, whose message names the words or the place that were not understood.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path

import lark
from lark.lark import PostLex

HERE = Path(__file__).parent


class Unsupported(Exception):
    """The text is outside the grammar; the message says why, in plain words."""


# Tokens that begin a qualifier of a noun ("Level 4", "DARK", "non-Tuner", a quoted name).
QUAL_STARTS = frozenset({"QUOTED", "ATTRIBUTE", "NON_ATTR", "RACE", "NON_RACE", "KIND", "NON_KIND", "CARD_KIND",
                         "LEVEL", "RANK", "LINKR", "FACEUP", "NORMAL_SUMMONED", "TRIBUTE_SUMMONED"})


# Tokens that begin a postmodifier after a comma (", except Tokens", ", including a Tuner").
POSTMOD_STARTS = frozenset({"FROM_EXTRA", "WITH", "WHERE", "EXCEPT", "WITH_SAME", "INCLUDING"})


# Tokens that begin a condition of summons.lark ("and you control ...").
COND_STARTS = frozenset({"YOU_CONTROL", "OPP_CONTROLS", "COND_FIXED", "YOU_HAVE"})


class _Lookahead(PostLex):
    """Refuses unknown words, and re-types "or", "and" and "," by the token after them (see
    common.lark and summons.lark): that one token of lookahead is what keeps the grammars LALR(1)."""

    always_accept = ("WORD",)

    def process(self, stream):
        toks = list(stream)
        unknown = [t.value for t in toks if t.type == "WORD"]
        if unknown:
            raise Unsupported(f"words not understood: {' '.join(unknown)}")
        # "and" first: whether it joins conditions decides what the comma before it is.
        toks = [_retype(t, "AND_COND") if t.type == "AND" and nxt in COND_STARTS else t
                for t, nxt in zip(toks, [t.type for t in toks[1:]] + [None])]
        for tok, nxt in zip(toks, toks[1:] + [None]):
            after = nxt.type if nxt is not None else None
            if tok.type in ("OR", "AND_OR") and after in QUAL_STARTS:
                tok = _retype(tok, "OR_QUAL")
            elif tok.type == "COMMA" and (after in QUAL_STARTS or after in ("OR", "AND_OR")):
                tok = _retype(tok, "QCOMMA")
            elif tok.type == "COMMA" and after in POSTMOD_STARTS:
                tok = _retype(tok, "PCOMMA")
            elif tok.type == "COMMA" and after == "AND":
                tok = _retype(tok, "ACOMMA")
            elif tok.type == "COMMA" and after == "AND_COND":
                tok = _retype(tok, "CCOMMA")
            elif tok.type == "COMMA" and after == "PLACE":
                tok = _retype(tok, "LCOMMA")
            yield tok


class _EffectLookahead(PostLex):
    """The postlexer of effects.lark (see its head): refuses unknown words as _Lookahead does, and
    re-types "and" and "," by the tokens after them.  Of common.lark's re-typings it keeps OR_QUAL,
    QCOMMA, PCOMMA and ACOMMA (the noun phrases are common.lark's); it adds its own for the places,
    modifiers and clauses of effects."""

    always_accept = ("WORD",)
    words: dict[str, str] = {}   # a word -> its terminal (the grammar's one-word literals: effect_text.parser)
    # a comma before one of these opens a postmodifier of the noun phrase before it
    POSTMOD_STARTS = POSTMOD_STARTS | {"ON_THE_FIELD", "YOU_CONTROL", "OPP_CONTROLS", "IN_YOUR_GY", "IN_YOUR_GRAVEYARD",
                                       "IN_THE_GY", "IN_YOUR_HAND", "IN_THE_HAND", "IN_EITHER_GY", "IN_OPP_GY"}
    PLACES = frozenset({"HAND", "DECK", "GY", "GRAVEYARD", "FIELD", "BANISHMENT", "EXTRA"})
    MODIFIERS = frozenset({"IF_LC", "WHILE_LC", "IN", "UNTIL", "UP", "IGNORING"})
    CONDITIONS = frozenset({"YOU_CONTROL", "OPP_CONTROLS"})
    COUNT_STARTS = frozenset({"INT", "NUM_PLUS", "ARTICLE", "AN"})
    # a comma before one of these verbs (lower case: not a sentence's first word) starts an action:
    # ECOMMA, which ends an older-worded trigger's condition ("When this card is sent to the
    # Graveyard, draw 1 card") and joins clauses as a plain comma does.
    EFFECT_VERBS = frozenset({"destroy", "inflict", "add", "draw", "send", "banish", "return", "increase", "gain",
                              "place", "discard", "shuffle", "negate", "halve", "change"})

    def process(self, stream):
        # Tokens are re-typed in place (they are this parse's own) as they come, with a window of
        # the two after each: a sentence the parser refuses early is not lexed to its end.
        words = self.words
        window: list = []
        prev = None   # the type of the token before the window, as re-typed
        for t in stream:
            if t.type == "WORD" and t.value in words:
                t.type = words[t.value]
            window.append(t)
            if len(window) == 3:
                prev = self._retype(window, prev).type
                yield window.pop(0)
        window += [None, None]
        while window[0] is not None:
            prev = self._retype(window, prev).type
            yield window.pop(0)

    # Qualifiers that a plural joins with "and" ("all Dinosaur, Zombie, and Rock monsters", "all
    # Fiend and Spellcaster-Type monsters"): a monster has one of each, so "and" there is "or".
    LISTED = frozenset({"RACE", "ATTRIBUTE"})

    def _retype(self, window: list, prev: str | None) -> lark.Token:
        """The first token of a window of three, re-typed by the two after it (None: the end) and
        the type of the one before it."""
        tok = window[0]
        after = window[1].type if window[1] is not None else None
        then = window[2].type if window[2] is not None else None
        if tok.type == "WORD":
            # refused by the parser (no rule reads a WORD): name the word
            raise Unsupported(f"words not understood: {tok.value}")
        if tok.type == "AND" and after in self.LISTED and prev in self.LISTED | {"QCOMMA"}:
            tok.type = "OR_QUAL"
        elif tok.type == "COMMA" and after == "AND" and then in self.LISTED and prev in self.LISTED:
            tok.type = "QCOMMA"
        elif tok.type == "AND" and after in self.CONDITIONS:
            tok.type = "AND_COND"
        elif tok.type in ("OR", "AND_OR") and after in QUAL_STARTS:
            tok.type = "OR_QUAL"
        elif tok.type == "COMMA" and window[1] is not None and window[1].value in self.EFFECT_VERBS:
            tok.type = "ECOMMA"
        elif tok.type == "COMMA":
            if after == "AND" and then in self.CONDITIONS:
                after = "AND_COND"   # the "and" after it joins conditions (re-typed next)
            tok.type = self._comma(after, then) or "COMMA"
        return tok

    def _comma(self, after, then) -> str | None:
        """What a comma is, by the two tokens after it (None: a comma)."""
        if after == "OR" and then in self.COUNT_STARTS:
            return "XCOMMA"
        if after in QUAL_STARTS or after in ("OR", "AND_OR"):
            return "QCOMMA"
        if after in self.POSTMOD_STARTS:
            return "PCOMMA"
        if after == "AND":
            return "ACOMMA"
        if after == "AND_COND":
            return "CCOMMA"
        if after in self.PLACES:
            return "LCOMMA"
        if after in self.MODIFIERS:
            return "MCOMMA"
        if after == "YOU_LC":
            return "YCOMMA"
        return None


def _retype(tok: lark.Token, type_: str) -> lark.Token:
    return lark.Token.new_borrow_pos(type_, tok.value, tok)


# The start rules of each grammar file.
STARTS = {"materials": ["line"], "summons": ["hand_procedure", "conds", "normal_rule",
                                                                       "tribute_rule", "double_rule"]}


@functools.lru_cache(maxsize=None)
def parser(grammar: str) -> lark.Lark:
    """The LALR parser of ``<grammar>.lark`` (loaded once per process), for each of its start rules."""
    return lark.Lark.open(str(HERE / f"{grammar}.lark"), start=STARTS[grammar], parser="lalr", lexer="basic",
                          postlex=_Lookahead(), maybe_placeholders=False, cache=True,
                          propagate_positions=True)


def tokens(grammar: str, start: str, text: str) -> list[lark.Token]:
    """The tokens of a text (Unsupported on a word outside the vocabulary)."""
    return list(parser(grammar).lex(text))


def words(terminal: str, grammar: str = "materials") -> list[str]:
    """The words of a vocabulary terminal of common.lark (RACE, KIND, ...): the alternatives of
    the first group of its pattern, which lists them literally."""
    term = next(t for t in parser(grammar).terminals if t.name.split("__", 1)[-1] == terminal)
    return re.search(r"\(\?:([^()]*)\)", term.pattern.value).group(1).split("|")


_WHAT = {"line": "material line", "hand_procedure": "procedure",
         "conds": "condition", "normal_rule": "Normal Summon rule", "tribute_rule": "Tribute procedure",
         "double_rule": "double Tribute"}  # what each start rule reads, for messages


def parse(grammar: str, start: str, text: str) -> lark.Tree:
    """The parse tree of a text, or Unsupported saying where it leaves the grammar."""
    try:
        return parser(grammar).parse(text, start=start)
    except lark.exceptions.UnexpectedToken as e:
        if e.token.type == "$END":
            raise Unsupported("the line ends too early") from None
        if "NOUN" in e.expected:  # where an item's description should begin
            raise Unsupported(f"a material with no description (at {e.token.value!r})") from None
        if "$END" in e.expected:  # the text could have ended here
            raise Unsupported(f"unexpected {e.token.value!r} in the {_WHAT.get(start, start)}") from None
        raise Unsupported(f"unexpected {e.token.value!r}") from None
    except lark.exceptions.UnexpectedCharacters as e:
        raise Unsupported(f"unexpected {text[e.pos_in_stream:].split()[0]!r}") from None


def read(grammar: str, start: str, text: str, transformer: lark.Transformer):
    """A text parsed and transformed."""
    return transform(parse(grammar, start, text), transformer)


def transform(tree: lark.Tree, transformer: lark.Transformer):
    """A parse tree transformed; an Unsupported raised while transforming propagates as is."""
    try:
        return transformer.transform(tree)
    except lark.exceptions.VisitError as e:
        if isinstance(e.orig_exc, Unsupported):
            raise e.orig_exc from None
        raise
