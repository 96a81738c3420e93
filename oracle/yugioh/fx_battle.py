"""The family "battle" of card effects (grammar/effects_battle.lark; rules in
asp/yugioh/battle_events.lp, beside battle.lp, battle_rules.lp and card_rules.lp).

Trigger conditions on this card's attacks: "When/If this card inflicts battle damage to your
opponent [by a direct attack]" (events ``battle_damage`` / ``battle_damage_direct``), answered
from the field; "When this card is targeted for an attack" / "If this card is attacked" (only the
opponent attacks the turn player's monsters: an effect of type ``opponent``); triggers "At the end of the Battle Phase" (event ``end_battle_phase``, which no
line reaches).  "At the start of the Damage Step, if this card attacks a [face-up / face-down]
Defense Position monster: Destroy that monster" (mandatory): the attacked monster is destroyed
before damage calculation (``destroy_foe``).  What an effect of type opponent does to the attack
("negate the attack", "destroy the attacking monster"): read, never played.  Battle rules of the
card: piercing, second attacks, direct attacks and "no battle damage" in other wordings, "cannot
be destroyed by battle with a monster that has N or more ATK / the same ATK"
(``battle_proof_atk(N)``, ``battle_proof_same_atk``).  The triggers' actions are whatever the
core and the other families read.
"""
from __future__ import annotations

import clingo
from lark import Token

from oracle.yugioh.effect_clauses import has_targets

# The events of this family's conditions (chain.lp's event/3, defined in battle_events.lp).
_DAMAGE_START = {None: "damage_start_def", "face-up": "damage_start_faceup_def", "face-down": "damage_start_facedown_def"}
EVENTS = ("battle_damage", "battle_damage_direct", *_DAMAGE_START.values())


def _rule(r) -> dict:
    return {"kind": "rule", "rule": r, "name": None}


def _names_a_target(action: dict, summons: bool) -> bool:
    """Whether an action acts on "that monster" / "it" (the target of the effect)."""
    if action["do"] in ("destroy_target", "puzzles_change_pos", "puzzles_tribute_target", "link"):
        return True
    if action.get("what") == ("target",) or "target" in (action.get("who"), action.get("what")):
        return True
    return action.get("who") == "it" and not summons


def _on_attacker(parsed: dict) -> bool:
    """Whether an effect (or a mode) acts on the attack or the attacking monster."""
    return any(a["do"] == "battle_opponent_attack" for a in parsed["actions"]) or any(
        isinstance(p, tuple) and p[3:] == ("attacker",) for p in parsed["pre"])


class Words:
    """Transformer methods of effects_battle.lark (a mixin of effect_text._CoreTree)."""

    # conditions -------------------------------------------------------------------------------
    def battle_inflicts_cond(self, items):
        timing = str(items[0]).lower()
        direct = any(isinstance(i, Token) and i.type == "BATTLE_DIRECT" for i in items)
        return ("trigger", timing, ["battle_damage_direct" if direct else "battle_damage"], ["field"])

    def battle_damage_start_cond(self, items):
        face = next((str(i) for i in items if isinstance(i, Token) and i.type == "BATTLE_FACE"), None)
        return ("trigger", "if", [_DAMAGE_START[face]], ["field"])

    def battle_deck_instead(self, _):
        return {"do": "battle_deck_instead"}

    def battle_destroy_face_down(self, _):
        # "Destroy that face-down monster": the attacked monster (``effect`` below)
        return {"do": "destroy_target"}

    def battle_attacked_cond(self, _):
        # Only the opponent attacks this card: never in the turn player's line (type opponent).
        return ("trigger", "when", ["opponent"], ["field"])

    def battle_end_bp_cond(self, _):
        # An event no line reaches (battle_events.lp defines none): never activated in a line.
        return ("trigger", "if", ["end_battle_phase"], ["field"])

    def battle_negate_attack(self, _):
        return {"do": "battle_opponent_attack", "what": "negate"}

    def battle_destroy_attacker(self, _):
        return {"do": "battle_opponent_attack", "what": "destroy"}

    def battle_end_bp(self, _):
        return {"do": "battle_end_bp"}

    def battle_no_attack_rest(self, _):
        return {"do": "battle_no_attack_rest"}

    def battle_none_attack_rest(self, _):
        return {"do": "battle_none_attack_rest"}

    def battle_no_attack_rest_after(self, _):
        return {"kind": "after", "after": {"do": "battle_no_attack_rest"}}

    def actions(self, items):
        # "negate the attack, then end the Battle Phase": the end goes with the negation (never played)
        acts = super().actions(items)
        for k, a in enumerate(acts):
            if a["do"] == "battle_end_bp" and not (k and acts[k - 1] == {"do": "battle_opponent_attack", "what": "negate"}):
                raise ValueError("an end of the Battle Phase other than after negating an attack (not read)")
        return [a for a in acts if a["do"] != "battle_end_bp"]

    def battle_target_attacker(self, _):
        # marked as the attacker: only an effect of type opponent may name it (``effect`` below)
        return ("target", (1, 1, [frozenset({("pos", ("kind", "monster"))})]), ("opp", "field"), "attacker")

    def mode(self, items):
        # A bullet of "activate 1 of these effects" has no condition of its own: what it does to the
        # opponent's attack is not read there.
        out = super().mode(items)
        if _on_attacker(out):
            raise ValueError("an effect on the opponent's attack in a choice of effects (not read)")
        return out

    def effect(self, items):
        out = super().effect(items)
        cond = out.get("cond")
        opponent = cond == ("opponent_turn",) or (cond is not None and cond[:3] == ("trigger", "when", ["opponent"]))
        if _on_attacker(out) and not opponent:
            # The opponent's attack never happens in the turn player's line.
            raise ValueError("an effect on the opponent's attack outside an effect of the opponent's turn (not read)")
        if cond and cond[0] == "trigger" and any(ev in _DAMAGE_START.values() for ev in cond[2]):
            # Before damage calculation: battle_events.lp plays only the mandatory "Destroy that
            # monster" (the attacked monster), which stops the damage calculation.
            deck = out["actions"][1:] == [{"do": "battle_deck_instead"}]
            if out["optional"] or out["pre"] or out["actions"][:1] != [{"do": "destroy_target"}] or \
                    len(out["actions"]) > 1 + deck:
                raise ValueError("an effect at the start of the Damage Step other than destroying the attacked monster (not read)")
            out["actions"] = [{"do": "battle_destroy_foe"}] + ([{"do": "battle_deck_instead"}] if deck else [])
        elif cond and cond[0] == "trigger" and any(ev in EVENTS for ev in cond[2]):
            # "that monster" after a battle condition is the monster this card battled, which no
            # action of the grammar names: such an effect without a target is not read.
            has_target = has_targets(out["pre"])
            summons = any(a["do"] == "special_summon" for a in out["actions"])
            if not has_target and any(_names_a_target(a, summons) for a in out["actions"]):
                raise ValueError("an action on the battled monster (not read)")
        return out

    # rules ------------------------------------------------------------------------------------
    def battle_twice(self, _):
        return _rule(("attacks", 2))

    def battle_no_damage_opp(self, _):
        # "If this card attacks or is attacked": the attacks involving this card.
        return _rule(("no_battle_damage", "opp"))

    def battle_proof_atk(self, items):
        return _rule(("battle_proof_atk", items[0]))

    def battle_proof_same_atk(self, _):
        return _rule("battle_proof_same_atk")

    def battle_start_cond(self, _):
        return ("phase", "battle_start")

    def battle_equipped_piercing(self, _):
        return _rule(("equipped", "piercing"))

    def battle_group_piercing(self, items):
        np = next(i for i in items if isinstance(i, tuple))
        if str(items[0]) != "If" or np.where != ("me", "field") or np.token_stats is not None or np.except_self:
            raise ValueError("piercing damage of monsters other than yours (not read)")
        return _rule(("group", "piercing")) | {"filter": np[2]}

    def battle_group_direct(self, items):
        np = next(i for i in items if isinstance(i, tuple))
        if np.where is not None or np.token_stats is not None or np.except_self:
            raise ValueError("a direct attack of monsters from somewhere (not read)")
        return _rule(("group", "direct_attack")) | {"filter": np[2]}

    def battle_attack_tribute(self, _):
        return _rule("attack_tribute")

    def _ds_atk(self, kind: str, items) -> dict:
        verb, n, stat = items[-3:]
        if str(stat) != "ATK":
            raise ValueError(f"a change of {stat} during the Damage Step (not read)")
        return _rule(("ds_atk", kind, -n if str(verb).startswith("lose") else n))

    def battle_ds_attacks(self, items):
        return self._ds_atk("attacks", items)

    def battle_ds_attacks_monster(self, items):
        return self._ds_atk("attacks_monster", items)

    def battle_ds_attacks_direct(self, items):
        return self._ds_atk("attacks_direct", items)

    def battle_ds_attacked(self, items):
        return self._ds_atk("attacked", items)

    def battle_ds_battles(self, items):
        np = next(i for i in items if isinstance(i, tuple))
        if np[:2] != (1, 1):
            raise ValueError("a count of the monster this card battles (not read)")
        out = self._ds_atk("battles", items)
        out["filter"] = np[2]   # battle.lp reads it as rule_filter/5 on the monster battled
        return out

    def battle_must_attack(self, _):
        return _rule("must_attack")

    def battle_end_bp_defense(self, _):
        return _rule("end_bp_defense")

    def battle_kept_defense(self, _):
        return {"kind": "after_rule", "needs": "end_bp_defense"}



def facts(head: list, action: dict) -> list | None:
    """The facts of this family's one action, what an effect of type opponent does to the attack
    (``eff_do(C,E,M,K,opponent_attack(negate / destroy))``: read, never played); its other facts
    are eff_event/4 and rule/2."""
    if action["do"] == "battle_destroy_foe":
        return [clingo.Function("eff_do", head + [clingo.Function("destroy_foe")])]
    if action["do"] in ("battle_no_attack_rest", "battle_none_attack_rest"):
        what = "no_attack_rest" if action["do"] == "battle_no_attack_rest" else "none_attack_rest"
        return [clingo.Function("eff_do", head + [clingo.Function(what)])]
    if action["do"] == "battle_deck_instead":
        return [clingo.Function("eff_do", head + [clingo.Function("foe_to_deck_option")])]
    if action["do"] != "battle_opponent_attack":
        return None
    return [clingo.Function("eff_do", head + [clingo.Function("opponent_attack", [clingo.Function(action["what"])])])]
