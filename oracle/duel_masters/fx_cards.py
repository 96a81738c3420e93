"""Family "cards": the transformer of grammar/abilities_cards.lark (returns from the graveyard,
discards, the opponent's mana cards).  Each method gives an effect body (act, who, count,
filters) of effects.py; the acts are resolved by asp/duel_masters/resolve.lp (pick_from/3):

* grave_to_hand, grave_to_mana: cards of the player's graveyard, filtered by kind(creature),
  kind(spell), kind(evolution), card_civ(X), card_civ_or(X,Y), cost_at_least(N), cost_at_most(N);
* discard: cards of the named player's hand to the graveyard.  Who picks them (the owner of the
  source, the opponent, or chance for "at random") is not modelled: a line is checked against one
  legal outcome, and only the opponent's hand, which no rule of a line reads, depends on it;
* mana_burn, mana_to_hand of the opponent: cards of the opponent's mana zone, chosen by us;
* hand_to_shield: cards of the player's hand added to their shields face down (a shield gained by
  the opponent during our attacks stops the attack step: triggers.lp);
* shield_to_mana: any number of the player's shields into the mana zone (not the hand: no
  S-Trigger);
* search, search_mana: "you may take" a card of the deck into the hand or mana zone; the deck is
  shuffled after, so no later effect of the line may take its top cards (resolve.lp).  What is
  taken is a phrase read by ``what`` with the library's races.
"""
from __future__ import annotations

from clingo import String
from lark import Transformer, v_args

_NOUN_KIND = {"creature": "creature", "creatures": "creature", "spell": "spell", "spells": "spell"}


def _kind(noun) -> tuple:
    kind = _NOUN_KIND.get(str(noun))
    return (("kind", kind),) if kind else ()


@v_args(inline=True)
class Words(Transformer):
    """Transformer methods of the family (a base of effects._Reader)."""

    def cards_grave_to_hand(self, pick): return ("grave_to_hand", "you", *pick)
    def cards_grave_to_mana(self, pick): return ("grave_to_mana", "you", *pick)
    def cards_mana_to_hand(self, pick): return ("mana_to_hand", "you", *pick)
    def cards_mana_to_hand_all(self): return ("mana_to_hand", "you", "all", ())
    def cards_search(self, _one, what, *rest):
        act = "search" if str(rest[-1]) == "hand" else "search_mana"
        return (act, "you", "may_one", (("phrase", str(what)),))
    def cards_shields_to_mana(self): return ("shield_to_mana", "you", ("up_to", 99), ())
    def cards_shield_add_up_to(self, n): return ("shield_add", "you", ("up_to", int(n)), ())
    def cards_discard(self, n): return ("discard", "you", n, ())
    def cards_discard_all(self): return ("discard", "you", "all", ())
    def cards_hand_to_shield(self, n): return ("hand_to_shield", "you", n, ())
    def cards_opp_discard(self, _who, n): return ("discard", "opponent", n, ())
    def cards_opp_discard_all(self, _who): return ("discard", "opponent", "all", ())
    def cards_opp_mana_burn(self, n, _them): return ("mana_burn", "opponent", n, ())
    def cards_opp_mana_to_hand(self, n, _them): return ("mana_to_hand", "opponent", n, ())

    # (count, filters) of the cards picked
    def cards_one(self, _one, kind): return ("one", kind)
    def cards_up_to(self, n, kind): return (("up_to", int(n)), kind)
    def cards_n(self, n, kind): return ("one" if int(n) == 1 else ("exactly", int(n)), kind)
    def cards_any(self, noun): return _kind(noun)
    def cards_civ(self, civ, noun): return (("card_civ", str(civ)),) + _kind(noun)
    def cards_civ_or(self, c1, c2, noun): return (("card_civ_or", str(c1), str(c2)),) + _kind(noun)
    def cards_evolution(self, noun): return (("kind", "evolution"),) + _kind(noun)
    def cards_cost_min(self, noun, n): return (("cost_at_least", int(n)),) + _kind(noun)
    def cards_cost_max(self, noun, n): return (("cost_at_most", int(n)),) + _kind(noun)


_CIVS = ("light", "water", "darkness", "fire", "nature")


def what(phrase: str, card, races: frozenset[str]) -> tuple | None:
    """The card filters a search phrase names, or None when it names nothing known: "card",
    "creature", "spell", CIV "creature", "multi-colored creature", "non-CIV card", a race of the
    library, "cross gear", the card's own name."""
    words = phrase.split(" ")
    noun = _kind(words[-1]) if words[-1] in _NOUN_KIND else (() if words[-1] == "card" else None)
    if noun is not None and len(words) == 1:
        return noun
    if noun is not None and len(words) == 2:
        if words[0] in _CIVS:
            return (("card_civ", words[0]),) + noun
        if words[0].startswith("non-") and words[0][4:] in _CIVS:
            return (("card_not_civ", words[0][4:]),) + noun
        if words[0] == "multi-colored":
            return ("multicolored",) + noun
    race = {r.lower(): r for r in races}.get(phrase)
    if race:
        return (("card_race", String(race)),)  # a string term, as race/2 of facts.py
    if phrase == "cross gear":
        return (("kind", "cross_gear"),)  # resolve.lp is_kind/2 (the card type)
    if phrase == card.name.lower():
        return (("card_is", card.code),)
    return None
