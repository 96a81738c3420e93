"""The family "statics" of card effects: continuous rules a card sets (rule/2), battle rules and
locks (grammar/effects_statics.lark; rules in asp/yugioh/card_rules.lp, battle_rules.lp, locks.lp).

A rule sentence becomes ``{"kind": "rule", "rule": R, "name": None}`` (or ``"rules"`` for several),
where R is a name or a tuple read as a term (``("attacks", 2)`` is ``attacks(2)``); a rule that
applies to the monsters a noun phrase describes carries ``"filter"``: the alternatives of that
noun phrase, emitted as ``rule_filter(C,R,A,Sign,Atom)``.  A lock sentence after an effect is
``{"kind": "after", "after": {"do": "statics_lock", ...}}``: one more action of that effect.
"""
from __future__ import annotations

import clingo

from oracle.yugioh.effect_symbols import filters, sym, while_facts


def _rule(r, filt=None) -> dict:
    out = {"kind": "rule", "rule": r, "name": None}
    if filt is not None:
        out["filter"] = filt
    return out


def _rules(*rs) -> dict:
    return {"kind": "rules", "rules": list(rs), "name": None}


def _np_alts(items):
    """The alternatives of the noun phrase among a rule's children (None when there is none)."""
    for it in items:
        if isinstance(it, tuple) and len(it) == 3 and isinstance(it[2], list):
            return it[2]
    return None


def complement(alts: list[frozenset]) -> list[frozenset]:
    """The alternatives of a filter that takes what ``alts`` does not (filters' DNF, negated: one
    negated literal of each alternative, every way of choosing; contradictions left out)."""
    out: list[frozenset] = [frozenset()]
    flip = {"pos": "neg", "neg": "pos"}
    for alt in alts:
        out = [a | {(flip[sign], x)} for a in out for sign, x in alt]
        out = [a for a in out if not any((flip[sign], x) in a for sign, x in a)]
    # (in a fixed order: the alternatives are numbered in the facts; [] when alts take every
    # monster: the lock then leaves none)
    return sorted(set(out), key=lambda a: sorted(map(repr, a)))


def _phase(items) -> tuple:
    """("during your", "Standby Phase"): the phase a sentence names (effects.lark's phase_when, phase_name)."""
    words = {getattr(i, "type", None): str(i) for i in items}
    return words.get("PHASE_WHEN", "").lower(), words.get("PHASE_NAME")


def _has(items, terminal: str) -> bool:
    return any(getattr(it, "type", None) == terminal for it in items)


class Words:
    """Transformer methods of effects_statics.lark (a mixin of effect_text._CoreTree)."""

    # battle rules of the card itself
    def statics_second_attack(self, _):
        return _rule(("attacks", 2))

    def statics_monster_attacks(self, _):
        return _rule(("monster_attacks", 2))

    def statics_defense_attack(self, _):
        return _rule("defense_attack")

    def statics_def_damage(self, _):
        return _rule("def_damage")

    def statics_no_damage_self(self, _):
        return _rule(("no_battle_damage", "self"))

    def statics_no_damage_opp(self, _):
        return _rule(("no_battle_damage", "opp"))

    def statics_no_damage_both(self, _):
        return _rules(("no_battle_damage", "self"), ("no_battle_damage", "opp"))

    def statics_no_attack_summoned(self, _):
        return _rule("no_attack_summoned_turn")

    def statics_battle_once(self, _):
        return _rule(("battle_saves", 1))

    def statics_battle_twice(self, _):
        return _rule(("battle_saves", 2))

    def statics_no_direct(self, _):
        return _rule("no_direct_attack")

    def statics_attack_all(self, _):
        return _rule("attack_all")

    def statics_attack_shield(self, _):
        return _rule("attack_shield")

    def statics_attack_shield_direct(self, _):
        # "... but does not prevent your opponent from attacking you directly": it is no target,
        # and it does not count as a monster that stops a direct attack.
        return _rules("attack_shield", "ignored_for_direct")

    def statics_defense_after_attack(self, _):
        return _rule("defense_after_attack")

    # rules on every monster
    def statics_no_attack(self, items):
        # the subject of "... you control cannot be destroyed" (one rule for LALR): no place
        np = items[0]
        if np.where is not None or np.except_self:
            raise ValueError("a place or postmodifier effects do not read there")
        return _rule("no_attack", np[2])

    def statics_others_no_attack(self, _):
        return _rule("others_no_attack")

    def statics_one_attacker(self, _):
        return _rule("one_attacker")

    def statics_opp_no_attack(self, _):
        return _rule("opp_no_attack")

    def statics_mine_opp(self, _):
        # Mystic Mine: the player who controls more monsters cannot activate monster effects or
        # declare an attack (two sentences, one for each player).
        return _rule(("more_monsters_lock", "opp"))

    def statics_mine_self(self, _):
        return _rule(("more_monsters_lock", "self"))

    def statics_remains(self, _):
        # "After this card's activation, it remains on the field, but you must destroy it during the
        # End Phase of your opponent's 3rd turn": it stays face-up; that End Phase is after every line.
        return _rule("remains_on_field")

    def statics_extra_ns(self, items):
        # "you can Normal Summon[/Set] 1 "X" monster in addition to your Normal Summon/Set": a Set
        # too only with "/Set", a Tribute Summon only with "Tribute Summon" (normal.lp's
        # grant_kind/2); a rule of the card, see grant_rule
        return {"do": "grant_normal_summon", "how": _grant_how(items), "filter": _np_alts(items)}

    def grant_turn_ns(self, items):
        # "you can Normal Summon 1 "Frog" monster during your Main Phase this turn, except "Swap
        # Frog", in addition to your Normal Summon/Set": an action, the grant of the rest of the
        # turn (facts below); each resolution grants one ("each": a second copy grants another,
        # unless "(You can only gain this effect once per turn.)" follows, effect_text.read_card)
        return {"do": "grant_turn_ns", "how": _grant_how(items), "filter": _grant_filter(items), "once": False}

    def statics_grant_after(self, items):
        # "After you Normal Summon this card, you can Normal Summon 1 "Nordic" monster during your
        # Main Phase this turn, in addition ...": ns_after(How,Event,Each) (normal.lp)
        return _rule(("ns_after", _grant_how(items), items[0], "each"), _grant_filter(items))

    def statics_grant_during(self, items):
        # "During the turn this card was Normal Summoned, you can Normal Summon 1 "Constellar"
        # monster in addition ...": the same grant, from that Normal Summon on (EDOPro gives it to
        # the player as the Summon succeeds, as for "After you Normal Summon this card")
        return _rule(("ns_after", _grant_how(items), items[0], "each"), _grant_filter(items))

    def after_summoned(self, _):
        return "summoned"   # "After you Normal or Special Summon this card"

    def after_normal_flip(self, _):
        return "normal_flip"   # "... Normal Summoned or flipped face-up"

    def after_normal(self, _):
        return "normal"

    def after_special(self, _):
        return "special"

    def statics_proc_lock(self, items):
        lock = next(i for i in items if isinstance(i, dict))
        if lock["when"] != "rest" or lock["pos"] != "any":
            raise ValueError("a lock after a procedure other than for the rest of the turn (not read)")
        return _rule(("proc_lock", lock["scope"]), lock["except"])

    def statics_banish_instead(self, _):
        return _rule("banish_instead")

    def statics_gain_once(self, _):
        return {"kind": "gain_once"}

    def statics_attack_guard(self, items):
        # "Monsters your opponent controls cannot target Warrior monsters for attacks, except this one"
        return _rule("attack_guard", _np_alts(items))

    def statics_fortress(self, _):
        return _rules("battle_indestructible", ("no_battle_damage", "self"))

    def statics_proof_vs_extra(self, _):
        return _rule("battle_proof_vs_extra")

    def statics_upkeep(self, items):
        # "Once per turn, during your Standby Phase, pay 1000 LP or destroy this card": harmless
        if _phase(items) != ("during your", "Standby Phase"):
            raise ValueError("a cost to keep a card paid in another phase (not read)")
        return {"kind": "harmless"}

    def statics_end_phase_destroy(self, items):
        # Mystic Mine's "during the End Phase, if both players control ...: Destroy this card": harmless
        if _phase(items) != ("during the", "End Phase"):
            raise ValueError("a destruction of this card in another phase (not read)")
        return {"kind": "harmless"}

    def statics_summoned_no_traps(self, items):
        # "When this card is Normal Summoned successfully, no Trap Cards can be activated": harmless
        if items[1] != ["normal"]:
            raise ValueError("a Summon after which no Trap is activated (not read)")
        return {"kind": "harmless"}

    def statics_no_link_material_turn(self, items):
        if str(items[0]) != "Link Material":
            raise ValueError(f"{items[0]} the turn it is Summoned (not read)")
        return _rule("no_link_material_turn")

    def statics_flip_opp(self, _):
        return {"kind": "effect", "soft_once": False, "cond": None, "optional": True, "pre": [],
                "actions": [{"do": "statics_flip_opp"}]}

    # protection and uniqueness
    def statics_unaffected(self, _):
        return _rule("unaffected")

    def statics_untargetable_opp(self, _):
        return _rule("untargetable_opp")

    def statics_proof_opp(self, _):
        return _rule("effect_proof_opp")

    def statics_next_turn_only(self, _):
        return {"kind": "harmless"}

    def statics_shielded_opp(self, _):
        return _rules("untargetable_opp", "effect_proof_opp")

    def statics_while(self, items):
        # the rule(s) of the sentence, each while the condition holds (effect_text.while_controls)
        cond, rule = items[0], items[-1]
        return {**rule, "while": cond[1:]}

    def statics_only_one_field(self, items):
        quoted = next(it for it in items if getattr(it, "type", None) == "QUOTED")
        # "There can only be 1 "Malefic" monster on the field": an archetype; with no noun, the name.
        name = self._quoted(quoted, archetype_first=_has(items, "STATICS_MONSTER"))
        return _rule(("only_one_field", name))

    def statics_token_proof(self, _):
        return _rule("token_proof")

    def statics_toon_direct(self, items):
        return _rule(("toon_direct", self._quoted(items[0], archetype_first=False)))

    def statics_ss_lock(self, items):
        scope = "extra" if _has(items, "STATICS_FROM_EXTRA") else "any"
        return _rule(("ss_lock", scope), _np_alts(items) or [])

    def statics_ss_lock_all(self, items):
        scope = "extra" if _has(items, "STATICS_FROM_EXTRA") else "any"
        return _rule(("ss_lock_all", scope), _np_alts(items) or [])

    def statics_ss_lock_opp(self, items):
        scope = "extra" if _has(items, "STATICS_FROM_EXTRA") else "any"
        return _rule(("ss_lock_opp", scope), _np_alts(items) or [])

    def statics_ss_ban_all(self, items):
        np = items[0]
        if np.where is not None or np.other or np.except_self or np.token_stats is not None:
            raise ValueError("a lock of monsters from somewhere, or but one (not read)")
        return _rule(("ss_lock_all", "any"), complement(np[2]))

    # ""X" monsters you control cannot be destroyed by battle [or card effects]"
    def statics_kept(self, items):
        np, how = items[0], str(items[1])
        if np.where != ("me", "field") or np.token_stats is not None or np.except_self:
            raise ValueError("a protection of cards elsewhere than your field")
        how = {"battle": "battle", "card effects": "effect", "battle or card effects": "any"}[how]
        return _rule(("protects", how), np[2])

    def statics_kept_who(self, items):
        return items[0]

    # locks riding on the effect before
    def statics_lock_turn_set(self, _):
        return {"kind": "after", "after": {"do": "statics_lock", "scope": "any", "when": "turn", "pos": "set",
                                           "except": None}}

    def statics_lock_turn(self, items):
        scope = "extra" if _has(items, "STATICS_FROM_EXTRA") else "any"
        return {"kind": "after", "after": {"do": "statics_lock", "scope": scope, "when": "turn", "pos": "any",
                                           "except": _np_alts(items)}}

    def statics_no_ns_ss_turn(self, _):
        return _rule("no_ns_ss_turn")

    def statics_lock_turn_normal(self, _):
        return {"kind": "after", "after": {"do": "statics_lock", "scope": "normal", "when": "turn", "pos": "any",
                                           "except": None}}

    def statics_lock_rest(self, items):
        return {"kind": "after", "after": {"do": "statics_lock", "scope": "any", "when": "rest", "pos": "any",
                                           "except": _np_alts(items)}}


def facts(head: list, action: dict) -> list[clingo.Symbol] | None:
    """The facts of this family's actions: a lock ``eff_do(C,E,M,K,lock(Scope,When,Pos))``
    with its exception as ``eff_filter`` (none: no monster is excepted); ``flip_opp`` (the
    opponent's face-down monsters are flipped face-up); ``grant_ns(How,Each)``, an additional
    Normal Summon for the rest of the turn, of the monsters ``eff_filter`` describes."""
    if action["do"] == "statics_flip_opp":
        return [clingo.Function("eff_do", head + [clingo.Function("flip_opp")])]
    if action["do"] == "grant_turn_ns":
        grant = sym(("grant_ns", action["how"], "once" if action["once"] else "each"))
        return [clingo.Function("eff_do", head + [grant])] + filters("eff_filter", head, action["filter"])
    if action["do"] != "statics_lock":
        return None
    out = [clingo.Function("eff_do", head + [sym(("lock", action["scope"], action["when"], action["pos"]))])]
    if action["except"] is not None:
        out += filters("eff_filter", head, action["except"])
    return out


def _grant_how(items) -> str:
    """summon (a Normal or Tribute Summon), summon_set (a Set too), tribute (a Tribute Summon only)."""
    how = next(str(i) for i in items if getattr(i, "type", None) == "STATICS_NS_HOW")
    if how.startswith("Tribute Summon"):
        return "tribute"
    if not how.startswith("Normal Summon"):
        raise ValueError(f"{how} ... in addition to your Normal Summon/Set (not read)")
    return "summon_set" if "Set" in how else "summon"


def _grant_filter(items) -> list[frozenset]:
    """The monsters a grant takes: the first noun phrase, less the one after "except"."""
    nps = [it[2] for it in items if isinstance(it, tuple) and len(it) == 3 and isinstance(it[2], list)]
    if len(nps) == 1:
        return nps[0]
    return [a | b for a in nps[0] for b in complement(nps[1])]


def grant_rule(p: dict) -> dict | None:
    """The rule of "During your Main Phase, you can Normal Summon 1 "X" monster in addition to
    your Normal Summon/Set", which the grammar reads as an effect (a phase condition, "you can",
    the action grant_normal_summon): None for any other effect; a ValueError for that action
    anywhere else (after a cost, with another action, under another condition)."""
    actions = p.get("actions") or []
    grants = [a for a in actions if a["do"] == "grant_normal_summon"]
    if not grants:
        return None
    if p["cond"] != ("phase", "main") or p["pre"] or len(actions) != 1 or p["soft_once"] or not p["optional"]:
        raise ValueError("an additional Normal Summon other than while this card is face-up (not read)")
    return _rule(("extra_ns", grants[0]["how"]), grants[0]["filter"])


def rule_facts(code: int, rule: dict) -> list[clingo.Symbol]:
    """``rule(C,R)`` and, for a rule on the monsters a noun phrase describes, ``rule_filter``."""
    c, r = clingo.Number(code), sym(rule["rule"])
    out = [clingo.Function("rule", [c, r])]
    if rule.get("filter"):
        out += filters("rule_filter", [c, r], rule["filter"])
    if rule.get("while"):
        out += while_facts(code, r, rule["while"])
    return out
