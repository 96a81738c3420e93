"""Family "events": the transformer of grammar/abilities_events.lark -- triggered abilities on
events other than the core's (enters, attacks, destroyed), and whether the rules play them.

Each head gives the ``when`` of its effects (("eff", WHEN, act, who, count, filters) of
effects.py).  A line is our turn: the main step (our summons, casts, tap abilities), then our
attacks, where the opponent replies (blocks, S-Triggers, his creatures' "destroyed" abilities).
So an event happens in a line only on one side, or only in the replies:

=============  ======================================  ============================================
when           our card                                the opponent's card
=============  ======================================  ============================================
blocks         never (only he blocks in our turn)      in a reply (his creature blocks)
attacked       never (he does not attack)              in a reply (our creature attacks it)
blocked        in a reply (our attacker is blocked)    never (we do not block)
unblocked      in a reply ("is attacking your          never
               opponent and isn't blocked")
wins           in a reply (a battle it wins)           in a reply
opp_trigger    in a reply (he uses an S-Trigger)       never (we use none in our turn)
=============  ======================================  ============================================

An effect on such an event is played (``played``) when on each side it happens it provably
changes nothing a line can do after it (``own_harmless``, ``reply_harmless``), or a rule plays it
(none yet).  "When this creature is put into your graveyard from the battle zone" is the core's
"destroyed" (a creature going from the battle zone to the graveyard is destroyed).
"""
from __future__ import annotations

from clingo import String
from lark import Transformer, v_args

from oracle.duel_masters import fx_conditions
from oracle.duel_masters.fx_summoning import _race_phrase

# Acts that move only the owner's own cards among hand, deck, graveyard, mana zone and own
# shields, or only look -- and the opponent's discards, a hand no attack rule reads -- when the
# card's owner is the turn player: once a line attacks it only attacks (no summon, no cast), and no
# attack rule reads those zones of ours (effects.ATTACK_HARMLESS, the same reasoning).
# Acts of the opponent's card in one of his replies that change nothing an attack reads: his own
# hand, deck and graveyard (no rule of a line reads them, Ninja Strike is not modelled), looking,
# adding to his own mana zone (which only ever helps our stealth creatures, so ignoring it never
# makes a line win that would not), and our hand and mana zone (no summon or cast follows an attack).
_REPLY_HARMLESS = frozenset({("draw", "you"), ("look", "you"), ("look", "opponent"), ("search", "you"),
                             ("grave_to_hand", "you"), ("discard", "you"), ("discard", "opponent"),
                             ("mana", "you"), ("hand_to_mana", "you"), ("grave_to_mana", "you"),
                             ("search_mana", "you"), ("mana_burn", "opponent"), ("mana_to_hand", "opponent"),
                             ("reorder", "you"), ("later", "you"), ("must_attack", "opponent")})

# when -> (does it happen for our card, does it happen for the opponent's card), both in replies
SIDES = {"blocks": (False, True), "attacked": (False, True), "blocked": (True, False),
         "unblocked": (True, False), "wins": (True, True), "opp_trigger": (True, False),
         # "whenever one of your opponent's X creatures attacks": his, in our attacks; ours never
         "opp_creature_attacks": (False, True),
         # "whenever you discard cards during your opponent's turn": his, when our line makes him discard
         "discard_opp_turn": (False, True),
         # "whenever one of your creatures attacks": ours, in our attacks; his never
         "own_creature_attacks": (True, False),
         # "whenever one of your X or Y blocks": his, in a reply; ours never
         "own_blocks": (False, True),
         # "whenever one of your creatures is destroyed during your opponent's turn": his, in our turn
         # (in a reply, or by a step of ours: his draw changes his hand and deck, which no rule reads)
         "own_destroyed_opp_turn": (False, True)}


# Watched events (asp/duel_masters/watchers.lp): when -> whether it happens (in our main step for our
# card, in our main step for his card -- by our summons, puts and casts --, in a reply for our card,
# in a reply for his card -- by his S-Triggers: a creature summoned, a spell cast).
WATCHED = {"other_enters": (True, True, True, True), "own_other_enters": (True, False, False, True),
           "you_put": (True, False, False, True), "evolution_enters": (True, True, True, True),
           "opp_summons_or_casts": (False, True, True, False), "any_casts": (True, True, True, True),
           "opp_casts": (False, True, True, False)}


def watched_played(ab: tuple, step_resolved, on_creatures, own_harmless) -> bool:
    """Whether an effect on a watched event is played wherever the event happens: in our main step
    our card's effect resolves as a step's (step_resolved); his card's resolves there only when it
    leaves him no choice (on "this creature" or on all) or changes nothing our line reads; in a reply
    effects on creatures resolve with the S-Triggers (his choice; ours only where there is none; a
    grant there stops the attack step: buffs.lp), and effects on cards must change nothing an attack
    reads."""
    _, when, act, who, count, filters = ab
    our_main, their_main, our_reply, their_reply = WATCHED[when]
    forced = "self" in filters or count == "all"
    creatures = act in on_creatures or act == "buff"
    return ((not our_main or act in step_resolved)
            and (not their_main or creatures and forced or reply_harmless(act, who))
            and (not our_reply or creatures and forced or own_harmless(act, who))
            and (not their_reply or creatures or reply_harmless(act, who)))


def reply_harmless(act: str, who: str) -> bool:
    """An effect of the opponent's card, resolved in one of his replies during our attacks, that
    changes nothing an attack rule reads (who relative to the card's owner)."""
    return (act, who) in _REPLY_HARMLESS


# Effects these rules play on such an event (asp/duel_masters/reply_events.lp, our_triggers.lp):
# our unblocked attacker's effects on creatures (their targets named by the line, resolved with the
# S-Triggers of that attack); "it breaks one of your opponent's shields" when it becomes blocked.
MODELLED = {("unblocked", a) for a in ("destroy", "tap", "bounce", "to_mana", "to_deck")} | {("blocked", "break_shield")}


def played(when: str, act: str, who: str, own_harmless, filters: tuple = ()) -> bool:
    """Whether an effect on one of this family's events is played: a rule plays it (MODELLED), or
    wherever the event can happen in a line, the effect provably changes nothing there.
    ``own_harmless(act, who)`` says it of our own card's effect during our attacks
    (effects._attack_harmless)."""
    if (when, act) in MODELLED:
        return True
    if when == "attacked" and act == "bounce" and "attacker" in filters:
        return True  # "return the attacking creature to its owner's hand after the battle" (reply_events.lp)
    ours, theirs = SIDES[when]
    return (not ours or own_harmless(act, who)) and (not theirs or reply_harmless(act, who))


@v_args(inline=True)
class Words(Transformer):
    """Transformer methods of the family (a base of effects._Reader)."""

    def ev_trigger(self, when, effects):
        if isinstance(when, tuple):  # a watched event: its filters ride on each effect
            when, watch = when
            return [("eff", when, act, who, count, filters + tuple(("watch", f) for f in watch))
                    for act, who, count, filters in effects]
        return [("eff", when, *e) for e in effects]
    def ev_cond_trigger(self, when, cond, effects):
        return fx_conditions.governed([("eff", when, *e) for e in effects], cond)

    def ev_blocks(self, _w): return "blocks"
    def ev_blocked(self, _w): return "blocked"
    def ev_attacked(self, _w): return "attacked"
    def ev_wins(self, _w): return "wins"
    def ev_unblocked(self, _w, _a): return "unblocked"
    def ev_opp_uses_trigger(self, _w): return "opp_trigger"
    def ev_lent_tap(self, civ, effects):
        return [("eff", "lent_tap", act, who, count, filters + (("lend", ("civ", str(civ))),))
                for act, who, count, filters in effects]
    def ev_break_shield(self): return ("break_shield", "opponent", "one", ())
    def ev_bounce_attacker(self): return ("bounce", "opponent", "one", ("attacker",))
    def ev_destroy_after_attack(self): return ("kw", "self_destruct", "attacks")
    def ev_destroy_after_attack_player(self): return ("kw", "self_destruct", "attacks_player")
    def ev_opp_creature_attacks(self, _w, _c1, _c2): return "opp_creature_attacks"
    def ev_discard_opp_turn(self, _w): return "discard_opp_turn"
    def ev_own_creature_attacks(self, _w): return "own_creature_attacks"
    def ev_own_destroyed_opp_turn(self, _w): return "own_destroyed_opp_turn"
    def ev_own_races_block(self, _w, r1, r2): return ("own_blocks", (("ev_race", str(r1)), ("ev_race", str(r2))))
    def ev_destroy_after_block(self): return ("kw", "self_destruct", "blocks")
    def ev_destroyed(self, _w): return "destroyed"

    # watched events: (when, watch filters) -- effects get the filters as ("watch", F)
    def ev_other_enters(self, _w): return ("other_enters", ())
    def ev_own_other_enters(self, _w): return ("own_other_enters", ())
    def ev_you_put_word(self, _w, word): return ("own_other_enters", (("race_word", String(str(word).capitalize())),))
    def ev_you_put(self, _w, _one, race, *word):
        return ("you_put", (("ev_race", str(race)),) + ((("race_word", String(str(word[0]).capitalize())),) if word else ()))
    def ev_evolution_enters(self, _w): return ("evolution_enters", ())
    def ev_opp_summons_or_casts(self, _w): return ("opp_summons_or_casts", ())
    def ev_any_casts(self, _w): return ("any_casts", ())
    def ev_opp_casts(self, _w): return ("opp_casts", ())
    def ev_opp_casts_civ(self, _w, c1, c2): return ("opp_casts", (("civ_or", str(c1), str(c2)),))


def resolve(items: tuple | None, races: frozenset[str]) -> tuple | None:
    """The watched events' race phrases ("whenever you put a Ghost into the battle zone") read with
    the library's races; None if one names no race."""
    if items is None:
        return None
    lower = {r.lower(): r for r in races}
    out = []
    for ab in items:
        if ab[0] == "eff" and any(isinstance(f, tuple) and f[0] == "watch" and f[1][0] == "ev_race" for f in ab[5]):
            flt = []
            for f in ab[5]:
                if isinstance(f, tuple) and f[0] == "watch" and f[1][0] == "ev_race":
                    found = _race_phrase(f[1][1], lower)
                    if found is None:
                        return None
                    f = ("watch", ("race", String(found[1])))
                flt.append(f)
            ab = (*ab[:5], tuple(flt))
        out.append(ab)
    return tuple(out)
