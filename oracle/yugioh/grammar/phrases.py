"""How the transformer of effects.lark sees the tokens of a rule (see effects.lark's head).

* A rule marked "!" is a *phrase*: its value is one :class:`Phrase` token named after the rule, whose
  value is the words as written (`!gy_word` -> ``Phrase("GY_WORD", "Graveyard")``), unless the
  transformer has a method for it.
* A rule ``w_<word>`` is one word of a vocabulary terminal that has several ("Tuner" of KIND): any
  other word there is refused (the sentence is not understood), and the word is left out.
* In the other rules of effects (not common.lark's, whose rules read their tokens), every lexer token
  is left out of the children, but a quoted name: the words of an effect rule are its frame, and what
  the reader needs of them comes as phrases.
"""
from __future__ import annotations

import functools

import lark
from lark.exceptions import VisitError
from lark.visitors import Discard

from oracle.yugioh.grammar import HERE
from oracle.yugioh.grammar.nouns import Unspaced


class Phrase(lark.Token):
    """The words of a phrase rule, as one token (its type is the rule's name in capitals)."""


def phrase(name: str, words: list) -> Phrase:
    """The phrase of a rule's words, spaced as in the text (the sentence has single spaces)."""
    text = ""
    end = None
    for w in words:
        start = getattr(w, "start_pos", None)
        if text and (end is None or start is None or start > end):
            text += " "
        text += str(w)
        end = getattr(w, "end_pos", None)
    first, last = words[0], words[-1]
    return Phrase(name.upper(), text, getattr(first, "start_pos", None), getattr(first, "line", None),
                  getattr(first, "column", None), getattr(last, "end_line", None), getattr(last, "end_column", None),
                  getattr(last, "end_pos", None))


@functools.lru_cache(maxsize=1)
def common_rules() -> frozenset[str]:
    """The rules of common.lark (a parser of its own, cached as the others): in an effect sentence,
    their trees keep their tokens."""
    common = lark.Lark.open(str(HERE / "common.lark"), start=["item", "object"], parser="lalr", lexer="basic",
                            cache=True)
    return frozenset(r.origin.name.split("__", 1)[-1] for r in common.rules)


class Vocabulary:
    """What a compiled effect parser says of its rules: which are phrases, which are common.lark's
    (by their name or alias, as trees carry it)."""

    def __init__(self, parser: lark.Lark):
        common = common_rules()
        self.phrases: set[str] = set()
        self.common: set[str] = set()
        for r in parser.rules:
            origin = r.origin.name.split("__", 1)[-1]
            name = (r.alias or r.origin.name).split("__", 1)[-1]
            if r.options.keep_all_tokens:
                self.phrases.add(name)
            if origin in common:
                self.common.add(name)


class Phrases(Unspaced):
    """A transformer of effects.lark: phrases, checked words, and the tokens an effect rule keeps."""

    vocabulary: Vocabulary   # set by the subclass (effect_text._Tree), from the parser it transforms

    def _call_userfunc(self, tree, new_children=None):
        name = tree.data.split("__", 1)[-1] if isinstance(tree.data, str) else tree.data
        children = tree.children if new_children is None else new_children
        method = getattr(self, name, None)
        if method is None:
            if name.startswith("w_"):
                word = " ".join(str(c) for c in children)
                if word.lower() != name[2:].replace("_", " "):
                    raise VisitError(name, tree, ValueError(f"{word!r} where the sentence reads {name[2:]!r}"))
                return Discard
            if name in self.vocabulary.phrases:
                return phrase(name, children)
            return lark.Tree(name, children)
        if name not in self.vocabulary.common and name not in self.vocabulary.phrases:
            children = [c for c in children if not (isinstance(c, lark.Token) and not isinstance(c, Phrase)
                                                    and c.type != "QUOTED")]
        try:
            return method(children)
        except Exception as e:   # as lark's transformers do: the error and the rule it came from
            raise VisitError(name, tree, e) from e

