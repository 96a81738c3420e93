"""Family "verbs": the transformer of grammar/abilities_verbs.lark.  Effect bodies (act, who,
count, filters) of effects.py with the core's acts, and these additions:

* counts: ``per`` (as many as counted), ``up_to_per`` (0 up to that many: "you may ... for each"),
  with the filter ("count", WHO, ZONE, FILTERS) saying what is counted, relative to the source's
  owner: creatures of the battle zone (FILTERS as targets.lp's, plus race(R) read by ``resolve``)
  or cards of a mana zone (card_civ(X), card_tapped, card_untapped); ("count", "prev", "prev", ())
  counts what the effect before it moved ("that many", "for each creature destroyed");
  asp/duel_masters/counts.lp;
* acts: mana_to_shield (a mana card to the owner's shields), mana_tapped (the top card of the deck
  into the mana zone, tapped), deck_to_grave (cards of a deck into the graveyard), reorder (the top
  cards of the deck looked at and put back in an order the line does not state: later deck-top
  effects are refused), untap_mana (every card of the mana zone), to_shields and to_deck (a creature
  to its owner's shields / the top of his deck);
* card filters: card_tapped, card_untapped, card_race(R), card_race_word(W), card_blocker,
  card_power_at_most(N), top(N) (one of the top N cards of the deck); the count ``rest`` takes the
  cards an earlier effect of the source left among the top N;
* target filters: cost_at_most(N), lowest_power, total_power_at_most(N), self ("this creature")
  (targets.lp);
* ("if", ("did_prev",)) on the effect after "if you do," (conditions.lp).
"""
from __future__ import annotations

import re

from clingo import String
from lark import Transformer, v_args

from oracle.duel_masters import fx_power
from oracle.duel_masters.fx_cards import _kind
from oracle.duel_masters.fx_summoning import _race_phrase

ANY = ("up_to", 99)  # "any number of"
# Acts whose filters are those of creatures (targets.lp), not of cards (resolve.lp card_fits/2).
_ON_CREATURES = frozenset({"destroy", "tap", "bounce", "to_mana", "to_shields", "to_deck", "buff"})


def _count(spec: tuple, may: bool = False) -> tuple:
    """The (count, filter) pair of "for each ..."."""
    return ("up_to_per" if may else "per"), ("count",) + spec


@v_args(inline=True)
class Words(Transformer):
    """Transformer methods of the family (a base of effects._Reader)."""

    # --- counts -----------------------------------------------------------------------------------
    def vb_draw_per(self, spec):
        cnt, flt = _count(spec)
        return ("draw", "you", cnt, (flt,))
    def vb_draw_that_many(self): return ("draw", "you", "per", (("count", "prev", "prev", ()),))
    def vb_tap_per(self, spec):
        cnt, flt = _count(spec)
        return ("tap", "opponent", cnt, (flt,))
    def vb_discard_per(self, _who, spec):
        cnt, flt = _count(spec)
        return ("discard", "opponent", cnt, (flt,))
    def vb_for_each(self, spec, body):
        act, who, may, filters = body
        cnt, flt = _count(spec, may)
        return (act, who, cnt, filters + (flt,))
    def vb_each_tap(self): return ("tap", "opponent", True, ())
    def vb_each_bounce(self): return ("bounce", "opponent", True, ())
    def vb_each_mana_burn(self): return ("mana_burn", "opponent", True, ())
    def vb_each_mana_to_hand(self): return ("mana_to_hand", "opponent", True, ())
    def vb_each_mana_tapped(self): return ("mana_tapped", "you", False, ())

    def vb_cnt_bz_you(self, *items): return ("you", "battle_zone", fx_power._filters(items))
    def vb_cnt_bz_opp(self, *items): return ("opponent", "battle_zone", fx_power._filters(items))
    def vb_cnt_bz_any(self, *items): return ("any", "battle_zone", fx_power._filters(items))
    def vb_cnt_mana_you(self, *items): return ("you", "mana_zone", _card_filters(items))
    def vb_cnt_mana_opp(self, *items): return ("opponent", "mana_zone", _card_filters(items))
    def vb_cnt_prev(self): return ("prev", "prev", ())

    # --- moves ------------------------------------------------------------------------------------
    def vb_mana_burn_any(self): return ("mana_burn", "you", ANY, ())
    def vb_discard_any(self): return ("discard", "you", ANY, ())
    def vb_destroy_own_any(self): return ("destroy", "you", ANY, ())
    def vb_destroy_total(self, n): return ("destroy", "opponent", ANY, (("total_power_at_most", int(n)),))
    def vb_shields_to_hand(self, _q): return ("shield_to_hand", "you", ANY, ())
    def vb_mana_to_shield(self): return ("mana_to_shield", "you", "one", ())
    def vb_tapped_mana_to_hand(self): return ("mana_to_hand", "you", "all", ("card_tapped",))
    def vb_grave_all_to_hand(self, kind): return ("grave_to_hand", "you", "all", kind)
    def vb_grave_one_race(self, _one, phrase): return ("grave_to_hand", "you", "one", (("vb_race", str(phrase)),))
    def vb_grave_mana_all_to_hand(self, kind):
        return [("grave_to_hand", "you", "all", kind), ("mana_to_hand", "you", "all", kind)]
    def vb_look_discard(self): return [("look", "opponent", "one", ()), ("discard", "opponent", "one", ())]
    def vb_look_discard_all(self, _he, kind): return [("look", "opponent", "one", ()), ("discard", "opponent", "all", kind)]
    def vb_look_discard_power(self, _he, noun, n):
        return [("look", "opponent", "one", ()), ("discard", "opponent", "all", _kind(noun) + (("card_power_at_most", int(n)),))]
    def vb_look_discard_one(self, _one, kind): return [("look", "opponent", "one", ()), ("discard", "opponent", "one", kind)]
    def vb_all_mana_burn(self, kind): return ("mana_burn", "any", "all", kind)
    def vb_untap_mana(self): return ("untap_mana", "you", "all", ())
    def vb_reorder(self, *_): return ("reorder", "you", "one", ())
    # "... and put the rest on the bottom of your deck in any order": an order the line does not state
    def vb_top_pick_one(self, _see, n, *has):
        return [("search", "you", "one", (("top", int(n)),) + (has[0] if has else ())), ("reorder", "you", "one", ())]
    def vb_top_pick_all(self, _see, n, kind, _from):
        return [("search", "you", "all", (("top", int(n)),) + kind), ("reorder", "you", "one", ())]
    def vb_top_pick_rest(self, _see, n, kind, _from):
        return [("search", "you", "all", (("top", int(n)),) + kind), ("deck_to_grave", "you", "rest", (("top", int(n)),))]
    def vb_search_any(self): return ("search", "you", ANY, ())
    def vb_opp_deck_burn(self, n): return ("deck_to_grave", "opponent", ("up_to", int(n)), ())
    def vb_bounce_own_cost(self, n): return ("bounce", "you", "one", (("cost_at_most", int(n)),))
    def vb_destroy_lowest(self, _least): return ("destroy", "any", "one", ("lowest_power",))
    def vb_to_shields(self): return ("to_shields", "any", "one", ("non_evolution",))
    def vb_to_deck(self): return ("to_deck", "opponent", "one", ())
    def vb_each_draws(self, draws):
        return ("draw", "any", "may_one" if str(draws) == "may draw" else "one", ())
    def vb_opp_draws(self): return ("draw", "opponent", "one", ())

    def vb_bounce_all(self): return ("bounce", "any", "all", ())
    def vb_tap_all_evolution(self): return ("tap", "any", "all", ("evolution",))
    def vb_own_to_shields(self): return ("to_shields", "you", "one", ())
    def vb_grave_other_to_hand(self): return ("grave_to_hand", "you", "one", (("kind", "creature"), "card_other"))
    def vb_grave_others_to_hand(self, n):
        return ("grave_to_hand", "you", ("up_to", int(n)), (("kind", "creature"), "card_other"))
    def vb_all_discard(self): return ("discard", "any", "all", ())
    def vb_mana_swap_top(self): return [("mana_to_hand", "you", "one", ()), ("mana", "you", "one", ())]
    def vb_destroy_weaker(self): return ("destroy", "opponent", "one", ("weaker_than_source",))
    def vb_bounce_weaker(self): return ("bounce", "opponent", "one", ("weaker_than_source",))
    # a race the line chooses: the filter chosen_race (targets.lp, resolve.lp); grants for the turn
    def vb_chosen_race(self, body): return body
    def vb_race_unblockable(self): return ("buff", "any", "all", ("chosen_race", ("grant", "unblockable")))
    def vb_race_kw(self, q):
        return ("buff", "any", "all", ("chosen_race", ("grant", fx_power._KEYWORDS[re.sub(r" ?\.?\"$", "", str(q)).strip('"')])))
    def vb_race_unblockable_power(self, n):
        return ("buff", "any", "all", ("chosen_race", ("grant", ("unblockable_power", int(n)))))
    def vb_race_untapped(self):
        return ("buff", "any", "all", ("chosen_race", ("grant", "attack_untapped"), ("grant", "unblockable_vs_creature")))
    def vb_race_own_kw(self, q):
        return ("buff", "you", "all", ("chosen_race", ("grant", fx_power._KEYWORDS[re.sub(r" ?\.?\"$", "", str(q)).strip('"')])))
    def vb_race_grave(self, n): return ("grave_to_hand", "you", ("up_to", int(n)), (("kind", "creature"), "card_chosen_race"))
    def vb_shield_burn_blind(self, _q): return ("shield_burn", "you", "one", ())
    def vb_mana_all_to_hand(self, kind): return ("mana_to_hand", "you", "all", kind)
    def vb_later(self, *_): return ("later", "you", "one", ())
    def vb_must_attack(self, *_): return ("must_attack", "opponent", "all", ())
    def vb_until_next_turn(self, q):
        kw = re.sub(r" ?\.?\"$", "", str(q)).strip('"')
        return ("buff", "you", "all", (("grant", fx_power._KEYWORDS[kw]),))
    def vb_blocked_slayer(self, q):
        if re.sub(r" ?\.?\"$", "", str(q)).strip('"') != "slayer":
            raise ValueError("only slayer")
        return ("blocked_slayer", "you", "all", ())
    def vb_destroy_others_power(self, n): return ("destroy", "any", "all", ("other", ("power_is", int(n))))
    # one, and one more for each card of this card's name in each graveyard (effects._own_name checks the name)
    def vb_clone_destroy(self, n, name, m):
        if int(n) != int(m):
            raise ValueError("two powers")
        return ("destroy", "opponent", "one_plus_per", (("power_at_most", int(n)), _clone(name)))
    def vb_clone_tap(self, name): return ("tap", "opponent", "one_plus_per", (_clone(name),))
    def vb_clone_discard(self, name): return ("discard", "opponent", "one_plus_per", (_clone(name),))
    def vb_clone_bounce(self, name): return ("bounce", "any", "one_plus_per", (_clone(name),))
    # "if your opponent has more cards in his hand than you do, draw until ...": the difference
    def vb_draw_even(self): return ("draw", "you", "per", (("count", "even", "hand", ()),))

    # "this creature" (a watcher's own effect: watchers.lp), the filter self of targets.lp
    def vb_tap_self(self): return ("tap", "you", "one", ("self",))
    def vb_destroy_self(self): return ("destroy", "you", "one", ("self",))
    def vb_bounce_self(self): return ("bounce", "you", "one", ("self",))
    def vb_to_mana_self(self): return ("to_mana", "you", "one", ("self",))

    def vb_if_you_do(self, first, second):
        act, who, count, filters = second
        return [first, (act, who, count, filters + (("if", ("did_prev",)),))]

    # --- kinds of cards ---------------------------------------------------------------------------
    def vb_kind(self, *items):
        *civ, noun = items
        out = _kind(noun)
        if civ:
            word = str(civ[0])
            out = ((("card_not_civ", word[4:]) if word.startswith("non-") else ("card_civ", word)),) + out
        return out
    def vb_kind_civ_and(self, c1, c2, noun): return (("card_civ_or", str(c1), str(c2)),) + _kind(noun)
    def vb_kind_civ_or(self, c1, c2, noun): return (("card_civ_or", str(c1), str(c2)),) + _kind(noun)
    def vb_kind_word(self, noun, word): return _kind(noun) + (("card_race_word", String(str(word).capitalize())),)
    def vb_kind_evolution(self): return (("kind", "evolution"),)
    def vb_kind_race(self, phrase): return (("vb_race", str(phrase)),)
    def vb_has_blocker(self, _q): return ("card_blocker",)


def _clone(name) -> tuple:
    return ("count", "any", "graveyard", (("named", str(name)),))


def _card_filters(items) -> tuple:
    out = []
    for i in items:
        word = str(i)
        if word in ("tapped", "untapped"):
            out.append(f"card_{word}")
        elif word in ("light", "water", "darkness", "fire", "nature"):
            out.append(("card_civ", word))
    return tuple(out)


def resolve(items: tuple | None, races: frozenset[str]) -> tuple | None:
    """The effects of a line with the race phrases of their counts and kinds read with the
    library's races; None if one names no race."""
    if items is None:
        return None
    lower = {r.lower(): r for r in races}

    def fix(f, creature: bool):
        if isinstance(f, tuple) and f[0] in ("pow_race", "vb_race"):
            found = _race_phrase(f[1], lower)
            if found is None:
                return None
            return ("race" if creature else "card_race", String(found[1]))
        return f

    out = []
    for ab in items:
        if ab[0] == "eff":
            flt = []
            for f in ab[5]:
                if isinstance(f, tuple) and f[0] == "if" and f[1][0] == "has_race":
                    race = fix(f[1][2], True)
                    if race is None:
                        return None
                    f = ("if", (*f[1][:2], race))
                elif isinstance(f, tuple) and f[0] == "count":
                    sub = [fix(g, f[2] == "battle_zone") for g in f[3]]
                    if None in sub:
                        return None
                    f = (*f[:3], tuple(sub))
                else:
                    f = fix(f, ab[2] in _ON_CREATURES)
                    if f is None:
                        return None
                flt.append(f)
            ab = (*ab[:5], tuple(flt))
        out.append(ab)
    return tuple(out)
