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

from lark import Transformer, v_args

from oracle.duel_masters import fx_conditions

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
                             ("search_mana", "you"), ("mana_burn", "opponent"), ("mana_to_hand", "opponent")})

# when -> (does it happen for our card, does it happen for the opponent's card), both in replies
SIDES = {"blocks": (False, True), "attacked": (False, True), "blocked": (True, False),
         "unblocked": (True, False), "wins": (True, True), "opp_trigger": (True, False)}


def reply_harmless(act: str, who: str) -> bool:
    """An effect of the opponent's card, resolved in one of his replies during our attacks, that
    changes nothing an attack rule reads (who relative to the card's owner)."""
    return (act, who) in _REPLY_HARMLESS


def played(when: str, act: str, who: str, own_harmless) -> bool:
    """Whether an effect on one of this family's events is played: wherever the event can happen
    in a line, the effect provably changes nothing there.  ``own_harmless(act, who)`` says it of
    our own card's effect during our attacks (effects._attack_harmless)."""
    ours, theirs = SIDES[when]
    return (not ours or own_harmless(act, who)) and (not theirs or reply_harmless(act, who))


@v_args(inline=True)
class Words(Transformer):
    """Transformer methods of the family (a base of effects._Reader)."""

    def ev_trigger(self, when, effects): return [("eff", when, *e) for e in effects]
    def ev_cond_trigger(self, when, cond, effects):
        return fx_conditions.governed([("eff", when, *e) for e in effects], cond)

    def ev_blocks(self, _w): return "blocks"
    def ev_blocked(self, _w): return "blocked"
    def ev_attacked(self, _w): return "attacked"
    def ev_wins(self, _w): return "wins"
    def ev_unblocked(self, _w, _a): return "unblocked"
    def ev_opp_uses_trigger(self, _w): return "opp_trigger"
    def ev_destroyed(self, _w): return "destroyed"
