"""The family of effects most common in the EDOPro puzzles that belongs to no other family
(grammar/effects_puzzles.lark; rules in asp/yugioh/puzzles.lp): a monster's battle position
changed by an effect (Block Attack, Book of Moon, Book of Taiyou); the target Tributed by an effect
and a monster the opponent controls destroyed, chosen on resolution (Order to Charge); targets
added to the hand from the GY (Magician of Faith); triggers of a monster that destroys another by
battle, and damage equal to the destroyed monster's ATK (Flame Wingman); a cost written first in
the sentence ("Discard 1 card, then target ...": Tribute to The Doomed); effects activated only on
the opponent's turn (Mirror Force, Kuriboh): effects of type ``opponent`` that the turn player
never activates, and that make an opponent's card a possible response; and Exodia's win with the
pieces in the hand (type ``static``: applies by itself).
"""
from __future__ import annotations

import clingo
from lark import Token

from oracle.yugioh import fx_stats
from oracle.yugioh.effect_symbols import filters

# "change that target to face-up Defense Position": the position fluent (state.lp pos/2) it takes.
_POSITIONS = {"Defense Position": "defense", "face-up Defense Position": "defense", "Attack Position": "attack",
              "face-up Attack Position": "attack", "face-down Defense Position": "set"}
# "face-up Attack Position monster", "face-down monster": the position a targeted monster is in.
_QUALIFIERS = {"Attack Position": "attack", "Defense Position": "defense", "face-down": "set"}



def _monster_fact(name: str, what: str) -> dict:
    """A rule of a monster card as one fact ``name(Code)``; on any other card the sentence is not read."""
    def make(card, _k):
        if not card.is_monster:
            raise ValueError(f"{what} on a card that is no monster (not read)")
        return [clingo.Function(name, [clingo.Number(card.code)])]
    return {"kind": "card_facts", "facts": make}

class Words:
    """Transformer methods of effects_puzzles.lark (a mixin of effect_text._CoreTree)."""

    def puzzles_change_pos(self, items):
        return {"do": "puzzles_change_pos", "to": _POSITIONS[str(items[-1])]}

    def puzzles_tribute_target(self, _):
        return {"do": "puzzles_tribute_target"}

    def puzzles_destroys_cond(self, items):
        # A line attacks only the opponent's monsters: "a monster" and "an opponent's monster" are one.
        gy = any(isinstance(i, Token) and i.type == "PUZZLES_SENDS_GY" for i in items)
        return ("trigger", str(items[0]).lower(), ["destroys_battle_gy" if gy else "destroys_battle"])

    def effect(self, items):
        # A Spirit's return: "During the End Phase[ of the turn this card is Normal Summoned | , if this
        # card was Normal Summoned this turn]: Return it to the hand." (effects.lark's phase_cond with
        # the tail phase_summoned), mandatory, nothing else.
        cond = next((i for i in items if isinstance(i, tuple) and i and i[0] == "phase_summoned"), None)
        if cond is not None:
            _, when, phase, (_, events, _this_turn) = cond
            body = next(i for i in items if isinstance(i, tuple) and i[0] in ("body", "choice"))
            if when == "during the" and phase == "End Phase" and events in (["normal", "flip"], ["normal"], ["special"], ["flip"]) \
                    and "you_can" not in items and body == ("body", [], [{"do": "zones_move", "who": "target", "to": "hand"}]):
                return _monster_fact("pz_end_return", "a return to the hand in the End Phase")
        return super().effect(items)

    def puzzles_equip_to_self(self, _):
        return {"do": "puzzles_equip_to_self"}

    def puzzles_equipped_rule(self, items):
        text = str(items[0])
        which = ("stats" if text.startswith("This card's ATK/DEF") else
                 "substitute" if text.startswith("If this card would") else "damage")

        def make(card, _k):
            # "that equipped monster" is the one its own effect equips (Relinquished's wording)
            if not (card.is_monster and "equip that target to this card (max. 1)" in card.text):
                raise ValueError("a rule of 'that equipped monster' on a card that does not equip one (not read)")
            return [clingo.Function("pz_equipped_rule", [clingo.Number(card.code), clingo.Function(which)])]
        return {"kind": "card_facts", "facts": make}

    def puzzles_send_others(self, _):
        return {"do": "puzzles_send_others"}

    def puzzles_fusion_stats(self, _):
        return self._fusion_count("stats")

    def puzzles_fusion_attacks(self, _):
        return self._fusion_count("attacks")

    def _fusion_count(self, which: str):
        def make(card, _k):
            if not (card.is_monster and "fusion" in card.kinds):
                raise ValueError("a count of Fusion Materials on a card that is no Fusion Monster (not read)")
            return [clingo.Function("pz_fusion_count", [clingo.Number(card.code), clingo.Function(which)])]
        return {"kind": "card_facts", "facts": make}

    def puzzles_swap(self, _):
        return {"do": "puzzles_swap"}

    def puzzles_swap_lock(self, _):
        # a rider of the swap before it (read_card appends it to that effect's actions)
        return {"kind": "after", "after": {"do": "puzzles_swap_lock"}}

    def puzzles_others_locked(self, _):
        return _monster_fact("pz_others_locked", "a lock of the other monsters")

    def puzzles_damage_atk(self, _):
        return {"do": "puzzles_damage_atk"}

    def puzzles_battle_pos_q(self, items):
        return ("battle_pos", _QUALIFIERS[str(items[0])])

    def puzzles_non_token_q(self, _):
        return ("not", ("kind", "token"))

    def puzzles_opponent_turn(self, _):
        return {"kind": "effect", "cond": ("opponent_turn",), "soft_once": False, "optional": True, "pre": [],
                "actions": []}

    def puzzles_exodia(self, items):
        pieces = [self._quoted(t, archetype_first=False) for t in items if isinstance(t, Token)]
        if any(kind != "name" for kind, _ in pieces):
            raise ValueError("a piece that is not a card name")
        return {"kind": "effect", "cond": ("static",), "soft_once": False, "optional": False, "pre": [],
                "actions": [{"do": "puzzles_win_hand", "pieces": [code for _, code in pieces]}]}

    def puzzles_halve_opp(self, items):
        stat, what = items
        if str(stat) not in ("ATK", "ATK and DEF"):
            raise ValueError(f"halve the {stat} (not read)")
        return {"do": "puzzles_halve_opp", "stats": ["atk", "def"] if str(stat) == "ATK and DEF" else ["atk"],
                "what": tuple(what)}

    def puzzles_lp_atk(self, items):
        cmp = "lower" if "lower" in str(items[0]) else "higher"
        op = "double" if str(items[1]).startswith("double") else "half"

        def make(card, k):
            if not (card.is_spell and "equip" in card.kinds):
                raise ValueError("the equipped monster's ATK on a card that is no Equip Spell (not read)")
            c, key = clingo.Number(card.code), clingo.Number(k)
            return [clingo.Function("pz_lp_atk", [c, key, clingo.Function(cmp), clingo.Function(op)])]
        return {"kind": "card_facts", "facts": make}

    # Old Equip Spells: the activation targets a face-up monster of the kind named, and equips it;
    # the gain is the Equip Spell's (stats.lp stat_equip/4).  Not optional: on a monster the words
    # would be an effect neither optional nor a trigger, which effect_text refuses.
    def _old_equip(self, items, stats):
        _lo, _hi, alts = next(i for i in items if isinstance(i, tuple))
        alts = [a | {("pos", ("faceup",)), ("pos", ("kind", "monster"))} for a in alts]
        return {"kind": "effect", "soft_once": False, "cond": None, "optional": False,
                "pre": [("target", (1, 1, alts), ("both", "field"))],
                "actions": [{"do": "zones_equip"}, {"do": "puzzles_equip_stats", "stats": stats}]}

    def puzzles_old_equip_up(self, items):
        n = next(i for i in items if isinstance(i, int) and not isinstance(i, bool))
        return self._old_equip(items, [("atk", n), ("def", n)])

    def puzzles_old_equip_inc(self, items):
        if str(items[0]).lower() != "increase":
            raise ValueError("a decrease of an equipped monster's stats (not read)")
        n = next(i for i in items if isinstance(i, int) and not isinstance(i, bool))
        stat = next(i for i in items if isinstance(i, Token) and i.type.endswith("STATS_OLD_STAT"))
        return self._old_equip(items, [(s, n) for s in fx_stats.STATS[str(stat)]])

    def puzzles_old_equip_updown(self, items):
        up, down = [i for i in items if isinstance(i, int) and not isinstance(i, bool)]
        return self._old_equip(items, [("atk", up), ("def", -down)])

    def puzzles_battle_boost(self, items):
        if any(isinstance(i, Token) and i.type.endswith("STATS_GAIN_WORD") and str(i) != "gain" for i in items):
            raise ValueError("a loss during the Battle Phase (not read)")
        np = next(i for i in items if isinstance(i, tuple))
        if np.where != ("me", "field") or np.except_self:
            raise ValueError("a gain of monsters elsewhere than on your field (not read)")
        _lo, _hi, alts = np
        n = next(i for i in items if isinstance(i, int) and not isinstance(i, bool))

        def make(card, k):
            # Only a Continuous Spell: a monster's own gain would need the phase in stats.lp's
            # continuous gains of monsters (not read).
            if not (card.is_spell and "continuous" in card.kinds):
                raise ValueError("a gain during the Battle Phase on a card other than a Continuous Spell (not read)")
            c, key = clingo.Number(card.code), clingo.Number(k)
            return ([clingo.Function("stat_cont", [c, key, clingo.Function("atk"), clingo.Number(n), clingo.Function("mine")]),
                     clingo.Function("pz_battle_only", [c, key])] + filters("stat_filter", [c, key], alts))
        return {"kind": "card_facts", "facts": make}

    def _check_atoms(self, atoms):
        # A battle position is a property of a monster on the field: "face-down" said of a
        # Spell or Trap ("1 face-down card") is another thing, left unread.
        if any(a[0] == "battle_pos" for a in atoms) and ("kind", "monster") not in atoms:
            raise ValueError("a battle position of something other than a monster")
        super()._check_atoms(atoms)

    def puzzles_kept_face_down(self, _):
        return {"kind": "after_opponent_only"}

    def puzzles_no_flip(self, _):
        return {"kind": "after_no_flip"}

    def puzzles_destroy_if(self, _):
        return {"do": "puzzles_destroy_if_spell"}


def facts(head: list, action: dict) -> list[clingo.Symbol] | None:
    f, n = clingo.Function, clingo.Number
    do = action["do"]
    if do == "puzzles_change_pos":
        return [f("eff_do", head + [f("change_pos", [f(action["to"])])])] + \
            ([f("eff_rider", head + [f("no_flip")])] if action.get("no_flip") else [])
    if do == "puzzles_destroy_if_spell":
        return [f("eff_do", head + [f("destroy_target_if", [f("spell")])])]
    if do == "puzzles_equip_to_self":
        return [f("eff_do", head + [f("equip_to_self")])]
    if do in ("puzzles_send_others", "puzzles_swap", "puzzles_swap_lock"):
        return [f("eff_do", head + [f(do[len("puzzles_"):])])]
    if do == "puzzles_tribute_target":
        return [f("eff_do", head + [f("tribute_target")])]
    if do == "puzzles_win_hand":
        return [f("eff_do", head + [f("win_hand")])] + [f("win_piece", [head[0], n(p)]) for p in action["pieces"]]
    if do == "puzzles_damage_atk":
        return [f("eff_do", head + [f("damage_destroyed_atk")])]
    if do == "puzzles_equip_stats":
        # key 0: the rules a card sets for itself are numbered from 1
        return [f("stat_equip", [head[0], n(0), f(stat), n(v)]) for stat, v in action["stats"]]
    if do == "puzzles_halve_opp":
        _lo, _hi, alts = action["what"]
        return ([f("eff_do", head + [f("halve", [f(s)])]) for s in action["stats"]]
                + [f("eff_src", head + [f("opp_field")])] + filters("eff_filter", head, alts))
    return None
