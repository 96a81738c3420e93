"""fail/2 reasons of the rules core, in plain words.

The rules decide what is broken (every rule file writes its checks as ``fail(t,Reason)``; the
relaxed program returns the fewest broken rules of a step).  This module only words a reason
term, reading numbers and names from the term and, where a sentence needs more context (which
zones are taken, what a material group asks for), from the atoms of the same model.  It never
decides a rule itself.

``SENTENCES`` has one entry per reason name; tests/test_lines_explain.py checks that every
``fail(t,Name...)`` written in asp/yugioh has one.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

import clingo

from oracle import wording
from oracle.yugioh.cards import Library
from oracle.yugioh.position import Position

KIND_WORDS = {"normal_summon": "Normal Summon", "normal_set": "Normal Set", "tribute_summon": "Tribute Summon",
              "tribute_set": "Tribute Set", "flip_summon": "Flip Summon", "change_position": "change of battle position",
              "ritual_summon": "Ritual Summon", "fusion_summon": "Fusion Summon", "synchro_summon": "Synchro Summon",
              "xyz_summon": "Xyz Summon", "link_summon": "Link Summon", "pendulum_summon": "Pendulum Summon",
              "special_summon": "Special Summon", "gemini_summon": "Gemini Summon",
              "activate_scale": "activated as a Pendulum Scale", "attack": "attack"}
PHASE_WORDS = {"draw": "the Draw Phase", "standby": "the Standby Phase", "main1": "Main Phase 1",
               "battle": "the Battle Phase", "main2": "Main Phase 2", "end": "the End Phase"}


class Context(wording.Context):
    """The atoms of the explaining model, with Yu-Gi-Oh! names (cards by slot) and the summon of the step."""

    position: Position

    def name(self, i) -> str:
        if isinstance(i, int) and self.position.has_instance(i):
            return self.position.slot(i).card.name
        return str(i)

    def card_name(self, code: int) -> str:
        for s in self.position.slots:
            if s.card.code == code:
                return s.card.name
        # a card the rules name that is not in the position ("must be Special Summoned with "Dark
        # Fusion""): the bundled library names it
        from oracle.yugioh.cards import Library

        card = Library.load().get(code) if isinstance(code, int) else None
        return card.name if card else str(code)

    def summoned(self) -> tuple[int, int] | None:
        """(card code, procedure) of the summon at this step."""
        for c, p in [(a[1], a[2]) for a in self.find("summoning", self.step)]:
            return c, p
        return None

    def group_words(self, g: int) -> str:
        s = self.summoned()
        if s is None:
            return f"group {g}"
        c, p = s
        alts: dict[int, list[str]] = {}
        places: dict[int, list[str]] = {}
        for (_c, _p, _g, a, sign, x) in self.find("filter", c, p, g):
            if x == ("kind", "monster"):
                alts.setdefault(a, [])  # said by the noun
            elif isinstance(x, tuple) and x[0] == "loc":  # where: after the noun
                alts.setdefault(a, [])
                places.setdefault(a, []).append(("not " if sign == "neg" else "") + self.atom_words(x))
            else:
                alts.setdefault(a, []).append(("non-" if sign == "neg" else "") + self.atom_words(x))
        if not alts:
            return f"group {g}"
        return " or ".join(" ".join(sorted(words) + (["monster"] if not words or words[-1][0].isupper() and
                                                      a in places else []) + places.get(a, []))
                           for a, words in alts.items())

    def material_word(self) -> str:
        """"material", or "for its cost" when a monster's own procedure from the hand pays with it."""
        s = self.summoned()
        return "for its cost" if s and self.has("proc", s[0], s[1], "hand_procedure") else "material"

    def atom_words(self, x) -> str:
        if isinstance(x, tuple):
            head, *args = x
            if head == "kind":
                return {"tuner": "Tuner", "effect": "Effect", "normal": "Normal"}.get(args[0], str(args[0]).capitalize())
            if head == "name":
                return f'"{self.card_name(args[0])}"'
            if head in ("level", "rank"):
                return f"{head.capitalize()} {args[0]}"
            if head == "level_min":
                return f"Level {args[0]} or higher"
            if head == "level_max":
                return f"Level {args[0]} or lower"
            if head in ("attribute", "race"):
                return str(args[0]).replace("_", "-").upper() if head == "attribute" else str(args[0]).replace("_", "-").title()
            if head == "archetype":
                name = Library.load().archetype_name(args[0])
                return f'"{name}"' if name else f"archetype {args[0]:#x}"
            if head == "loc":
                return {"graveyard": "in your GY", "field": "on the field", "hand": "in your hand", "deck": "in your Deck",
                        "extra": "in your Extra Deck", "banished": "banished", "emz": "in an Extra Monster Zone"}.get(args[0], str(args[0]))
            return f"{head}({', '.join(map(str, args))})"
        return {"any": "monster", "from_extra": "monster Special Summoned from the Extra Deck"}.get(x, str(x))


def _when(step: int) -> str:
    return "before the line started" if step == 0 else f"at step {step}"


def _no_zone(c: Context, i: int) -> str:
    t = c.step
    me = c.position.turn_player
    name = c.name(i)
    if not c.has("needs_link", t, i):
        return f"no zone available to {name}: all five of your Main Monster Zones are taken"
    card = c.position.slot(i).card
    what = ("a Link monster" if card.is_link else "a Pendulum monster from the Extra Deck" if card.is_pendulum
            else "a monster from the Extra Deck under Master Rule 4")
    if c.has("own_emz", t, me) or len(c.find("occ_emz", t)) < 2:
        emz = "the Extra Monster Zone is taken"
    else:
        emz = "both Extra Monster Zones are taken"
    return (f"no zone available to {what}: {emz} and no Link Arrow points to a free Main Monster Zone "
            f"({name})")


S = Callable[..., str]
# Monster kinds with summoning-related rules the oracle does not play, said by name wherever such
# a card appears (oracle plays --explain, oracle cards show), never silently half-played.
KIND_NOTES = {
    "spirit": "a Spirit monster: its summons follow its text (\"Cannot be Special Summoned\" is read), "
              "but its return to the hand in the End Phase is not modelled (it never comes in a line outside an "
              "End Phase position; in one, a line with it on the field is refused)",
    "union": "a Union monster: equipping it to a monster, and Special Summoning it back from the "
             "Spell & Trap Zone, are effects that are not modelled; it is played as an ordinary monster",
}


def kind_notes(card) -> list[str]:
    """What the oracle does not model about ``card``'s kind (Spirit, Union), in sentences."""
    return [f"{card.name} is {KIND_NOTES[k]}" for k in sorted(card.kinds & KIND_NOTES.keys())]


POSITION_WORDS = {"attack": "face-up Attack Position", "defense": "face-up Defense Position",
                  "set": "face-down Defense Position"}
ZONE_WORDS = {5: "the left Extra Monster Zone", 6: "the right Extra Monster Zone"}

SENTENCES: dict[str, S] = {
    # step.lp
    "not_main_phase": lambda c, f: f"summons happen in a Main Phase; the position is in {PHASE_WORDS.get(f, f)}",
    "slow_effect_in_phase": lambda c, i, f: f"{c.name(i)}: outside a Main Phase only a Quick Effect, a Quick-Play Spell, a Trap or an effect of that phase can be activated; the position is in {PHASE_WORDS.get(f, f)}",
    # normal.lp
    "not_in_hand": lambda c, i: f"{c.name(i)} is not in your hand",
    "not_a_monster": lambda c, i: f"{c.name(i)} is not a monster card",
    "cannot_normal_summon": lambda c, i: f"{c.name(i)} cannot be Normal Summoned or Set (it must be Special Summoned, or comes from the Extra Deck)",
    "normal_summon_used": lambda c, s: f"the Normal Summon was already used {_when(s)}",
    "tribute_not_controlled": lambda c, m: f"{c.name(m)} cannot be Tributed: you do not control it",
    "needs_tributes": lambda c, i, n: f"{c.name(i)} is Level {c.position.slot(i).card.level}: it needs {n} Tribute{'s' if n > 1 else ''}, so it must be Tribute Summoned or Set",
    "no_tribute_needed": lambda c, i: f"{c.name(i)} is Level {c.position.slot(i).card.level}: it is Normal Summoned without Tributes",
    "cannot_be_set": lambda c, i: f"{c.name(i)} cannot be Normal Set",
    "tribute_count": lambda c, i, n, got: f"{c.name(i)} needs {n} Tribute{'s' if n > 1 else ''}, {got} given",
    "not_face_down": lambda c, i: f"{c.name(i)} is not a face-down monster: only those can be Flip Summoned",
    "not_controlled": lambda c, i: f"you do not control {c.name(i)}",
    "summoned_this_turn": lambda c, i: f"{c.name(i)} was summoned or Set this turn: its battle position cannot be changed yet",
    "position_changed_this_turn": lambda c, i: f"the battle position of {c.name(i)} was already changed this turn",
    "not_face_up": lambda c, i: f"{c.name(i)} is not face-up: only a face-up monster changes between Attack and Defense Position",
    "link_no_defense": lambda c, i: f"{c.name(i)} is a Link monster: Link monsters are never in Defense Position",
    "attacked_this_turn": lambda c, i: f"{c.name(i)} declared an attack this turn: its battle position cannot be changed this turn",
    # zones.lp
    "no_zone": _no_zone,
    "zones_short": lambda c, a, b: f"{c.name(a)} and {c.name(b)} would need the same zone: not enough free Monster Zones",
    "two_extra_monster_zones": lambda c, a, b: f"{c.name(a)} and {c.name(b)} cannot both go to the Extra Monster Zones",
    # gemini.lp
    "not_gemini": lambda c, i: f"{c.name(i)} is not a Gemini monster: only a Gemini monster is Normal Summoned on the field",
    "gemini_not_face_up": lambda c, i: f"{c.name(i)} is not face-up: a Gemini Summon needs the Gemini monster face-up on the field",
    "gemini_summoned_already": lambda c, i: f"{c.name(i)} was already Gemini Summoned: it is an Effect Monster now",
    "gemini_effect_off": lambda c, i: f"{c.name(i)} is a Gemini monster that was not Gemini Summoned: it has no effects yet",
    # given.lp
    "position_not_offered": lambda c, i, pos: f"{c.name(i)} cannot be summoned in {POSITION_WORDS.get(pos, pos)} this way",
    "zone_not_offered": lambda c, i, z: f"{c.name(i)} cannot go to {ZONE_WORDS.get(z, f'Main Monster Zone {z}')}: "
                                        "it is taken, or not a zone this summon may use",
    # extra.lp
    "not_in_extra_deck": lambda c, i: f"{c.name(i)} is not face-down in your Extra Deck",
    "wrong_kind": lambda c, i, k: f"{c.name(i)} cannot be {KIND_WORDS.get(k, k)}ed: it is not that kind of monster",
    "material_not_face_up_on_field": lambda c, m: f"{c.name(m)} is not a face-up monster you control, so it cannot be a material",
    "material_without_level": lambda c, m: f"{c.name(m)} has no Level (Xyz and Link monsters have none), so it cannot be used here",
    "synchro_level": lambda c, i, n, l: f"the Levels of the materials total {n}, {c.name(i)} is Level {l}",
    "token_material": lambda c, m: f"{c.name(m)} is a Token: Tokens cannot be Xyz Materials",
    "xyz_levels_differ": lambda c, a, b: f"Xyz Materials must have the same Level: {c.name(a)} is Level {_lv(c, a)}, {c.name(b)} is Level {_lv(c, b)}",
    "link_rating": lambda c, i, n, r: f"the materials make a Link Rating of {n}, {c.name(i)} is Link-{r}",
    "no_fusion_spell": lambda c, i: f"a Fusion Summon of {c.name(i)} needs a Fusion Spell (like Polymerization) in your hand or Set",
    "spell_not_ready": lambda c, s: f"{c.name(s)} is neither in your hand nor Set on your field",
    "not_a_fusion_spell": lambda c, s: f"{c.name(s)} is not a Spell that Fusion Summons",
    "material_from": lambda c, m, i: f"{c.name(i)} cannot use {c.name(m)} as material from where it is",
    "spell_cannot_fuse": lambda c, s, i: f"{c.name(s)} cannot Fusion Summon {c.name(i)}",
    "needs_spell": lambda c, i, n: f"{c.name(i)} can only be Fusion Summoned with \"{c.card_name(n)}\"",
    "fusion_material_from": lambda c, m, s: f"{c.name(s)} cannot use {c.name(m)} as material from where it is",
    "no_spell_zone": lambda c, s: f"{c.name(s)} cannot be activated: all your Spell & Trap Zones are taken",
    # materials.lp
    "only_in_phase": lambda c, i, f: f"{c.name(i)} can only be summoned this way in {PHASE_WORDS.get(f, f)}",
    "duel_history": lambda c, i, x: f"{c.name(i)} needs {_history(c, x)} earlier in the Duel",
    "no_procedure": lambda c, i: f"{c.name(i)} has no summoning procedure of that kind",
    "material_fits_nothing": lambda c, m: f"{c.name(m)} fits none of the materials {_summoned_name(c)} asks for",
    "substitutes": lambda c, n: f"{n} Fusion Substitute monsters are used: at most one may stand in for a named material",
    "group_short": lambda c, g, n, lo: f"{_summoned_name(c)} needs at least {lo} {c.group_words(g)} {_plural(c.material_word(), lo)}, {n} given",
    "group_over": lambda c, g, n, hi: f"{_summoned_name(c)} takes at most {hi} {c.group_words(g)} {_plural(c.material_word(), hi)}, {n} given",
    "not_different": lambda c, x, a, b: f"the materials must all have different {_prop(x)}s: {c.name(a)} and {c.name(b)} share one",
    "not_same": lambda c, x, a, b: f"the materials must share one {_prop(x)}: {c.name(a)} and {c.name(b)} do not",
    # procedures.lp
    "normal_condition": lambda c, i, p, k, n: f"{c.name(i)} can be Normal Summoned only if {_cond_words(c, i, k, p)}; {_cond_found(c, i, k, n)}",
    "no_tribute_condition": lambda c, i, p, k, n: f"{c.name(i)} is Normal Summoned without Tributing only if {_cond_words(c, i, k, p)}; {_cond_found(c, i, k, n)}",
    "normal_set_only": lambda c, i: f"{c.name(i)} cannot be Normal Summoned (but it can be Normal Set)",
    "proc_condition": lambda c, i, k, n: f"{c.name(i)} can be Special Summoned by its own procedure only if {_cond_words(c, i, k)}; {_cond_found(c, i, k, n)}",
    "opponent_not_more": lambda c, i, a, b: f"{c.name(i)} can be Special Summoned by its own procedure only if your opponent controls more monsters than you do; they control {a}, you control {b}",
    "cost_not_yours": lambda c, m, i: f"{c.name(i)}'s procedure cannot use {c.name(m)}: it is not in a place of yours the procedure takes from",
    "cost_is_summoned": lambda c, i: f"{c.name(i)} cannot pay its own procedure's cost with itself",
    "procedure_used": lambda c, i: f"{c.name(i)} was already Special Summoned by its own procedure this turn: that can be done only once per turn",
    # pendulum.lp
    "no_pendulum_scales": lambda c: "a Pendulum Summon needs a Pendulum monster in each of your Pendulum Zones",
    "pendulum_summon_used": lambda c, s: f"the Pendulum Summon was already used {_when(s)}",
    "nothing_pendulum_summoned": lambda c: "a Pendulum Summon summons at least one monster",
    "cannot_pendulum_summon": lambda c, i: f"{c.name(i)} cannot be Pendulum Summoned from where it is",
    "pendulum_level": lambda c, i, l, lo, hi: f"{c.name(i)} is Level {l}: the Scales {lo} and {hi} allow only Levels {lo + 1} to {hi - 1}",
    # ritual.lp
    "no_ritual_spell": lambda c, i: f"a Ritual Summon of {c.name(i)} needs a Ritual Spell for it, in your hand or Set",
    "spell_cannot_summon": lambda c, s, i: f"{c.name(s)} cannot Ritual Summon {c.name(i)}",
    "ritual_only_with": lambda c, i, n: f"{c.name(i)} can only be Ritual Summoned with the Ritual Spell Card {c.card_name(n)}",
    "tribute_from": lambda c, m, s: f"{c.name(s)} cannot Tribute {c.name(m)} from where it is",
    "tribute_filter": lambda c, m, s: f"{c.name(s)} cannot Tribute {c.name(m)}: it is not the kind of monster the Spell asks for",
    "banish_filter": lambda c, m, s: f"{c.name(s)} cannot banish {c.name(m)} from the graveyard: it is not the kind of monster the Spell asks for",
    "tribute_is_summoned": lambda c, i: f"{c.name(i)} cannot be Tributed for its own Ritual Summon",
    "tribute_without_level": lambda c, m: f"{c.name(m)} has no Level, so it cannot be Tributed for a Ritual Summon",
    "ritual_short": lambda c, i, n, l: f"the Levels of the Tributes total {n}, {c.name(i)} is Level {l}: they must total at least that",
    "ritual_not_equal": lambda c, i, n, l: f"the Levels of the Tributes total {n}, {c.name(i)} is Level {l}: they must total exactly that",
    "ritual_superfluous": lambda c, m, n, l: f"{c.name(m)} is one Tribute too many: the Levels total {n} and would still reach {l} without it",
    # scales.lp
    "no_pendulum_zone": lambda c, i: f"{c.name(i)} cannot be placed as a Pendulum Scale: both of your Pendulum Zones are taken",
    "not_a_pendulum_monster": lambda c, i: f"{c.name(i)} is not a Pendulum monster: only those are placed in a Pendulum Zone",
    # battle.lp
    "no_battle_phase_first_turn": lambda c: "there is no Battle Phase in the first turn of the duel",
    "no_attack_in_phase": lambda c, f: f"attacks happen in the Battle Phase; the position is in {PHASE_WORDS.get(f, f)}",
    "attacker_not_controlled": lambda c, i: f"{c.name(i)} cannot attack: you do not control it",
    "not_in_attack_position": lambda c, i: f"{c.name(i)} cannot attack: it is not in face-up Attack Position",
    "already_attacked": lambda c, i: f"{c.name(i)} has already attacked this turn",
    "direct_attack_blocked": lambda c, i, n: f"{c.name(i)} cannot attack directly: the opponent controls {n} monster{'s' if n > 1 else ''}",
    "target_not_on_field": lambda c, j: f"{c.name(j)} is not a monster the opponent controls, so it cannot be attacked",
    "attack_in_main2": lambda c, i: f"{c.name(i)} cannot attack: Main Phase 2 has begun (a summon or a Main Phase effect after the attacks ended the Battle Phase)",
    "battle_phase_conducted": lambda c, i: f"{c.name(i)}: you cannot conduct your Battle Phase the turn you activate it, and you already did",
    "already_attacked_this_turn": lambda c, i: f"{c.name(i)} already attacked this turn: its effect says it cannot attack the turn it is activated",
    # activate.lp, chain.lp, costs.lp, resolve.lp: card effects
    "no_effect": lambda c, i: f"{c.name(i)} has no effect the oracle can activate (its text has none, or is not understood)",
    "not_where_activated": lambda c, i, e: f"{_eff(c, i, e)} cannot be activated from where {c.name(i)} is",
    "not_summoned_this_turn": lambda c, i, e: f"{_eff(c, i, e)} is activated only if {c.name(i)} was {_summoned_how(c, i, e)} Summoned this turn",
    "wrong_phase": lambda c, i, e, f: f"{_eff(c, i, e)} is activated only " + (
        "at the start of the Battle Phase, from Main Phase 1 before any attack (not in the first turn)"
        if f == "battle_start" else f"during the {'Main' if f == 'main' else f.capitalize()} Phase"),
    "effects_negated": lambda c, i: f"the effects of {c.name(i)} are negated: it activates nothing",
    "set_this_turn": lambda c, i: f"{c.name(i)} was Set this turn: a Trap (or a Quick-Play Spell) cannot be activated the turn it is Set",
    "lp_not_lower": lambda c, i, e, a, b: f"{_eff(c, i, e)} can be activated only while your LP ({a}) are lower than your opponent's ({b})",
    "effect_condition": lambda c, i, e, k, n: f"{_eff(c, i, e)} can be activated only if {_cond_words(c, i, k, ('eff', e))}; {_cond_found(c, i, k, n)}",
    "once_per_turn": lambda c, i, e: f"once per turn: {_eff(c, i, e)} was already used this turn",
    "once_per_turn_name": lambda c, i, e: f"once per turn: {_eff(c, i, e)} (by name) was already used this turn",
    "activate_once_name": lambda c, i: f"once per turn: a card named {c.name(i)} was already activated this turn",
    "no_trigger_event": lambda c, i, e: f"{_eff(c, i, e)} is a trigger, and what it answers did not happen in this action",
    "not_a_trigger": lambda c, i, e: f"{_eff(c, i, e)} is not a trigger effect: it cannot follow an action, it is activated on its own",
    "trigger_at_open_state": lambda c, i, e: f"{_eff(c, i, e)} is a trigger effect: it is activated right after its event (a 'then' step), not on its own",
    "grant_left_out": lambda c, cc, e: f"effect {e} of {c.card_name(cc)} Summons a monster as it resolves: that Summon must follow it in the line (a 'then' step)",
    "grant_not_done": lambda c, cc, e: f"effect {e} of {c.card_name(cc)} Summons a monster as it resolves, and no Summon it allows is made (it cannot be activated without one)",
    "grant_first": lambda c, i: f"the Summon of the effect that just resolved comes first: {c.name(i)} cannot be activated at this step",
    "grant_without_effect": lambda c, i: f"{c.name(i)} is Summoned in a chain, and no effect that just resolved Summons it",
    "grant_without_self": lambda c, j: f"{c.name(j)} must be one of the materials or Tributes (\"including this card\")",
    "no_fusion_monster": lambda c, cc, e: f"effect {e} of {c.card_name(cc)} Fusion Summons, and the Extra Deck holds no Fusion Monster it names",
    "effect_cannot_fuse": lambda c, i: f"the effect that resolved cannot Fusion Summon {c.name(i)}: it is not the monster its text names",
    "no_ritual_monster": lambda c, cc, e: f"effect {e} of {c.card_name(cc)} Ritual Summons, and the hand holds no Ritual Monster it names",
    "effect_cannot_ritual": lambda c, i: f"the effect that resolved cannot Ritual Summon {c.name(i)}: it is not the monster its text names",
    "effect_tribute_from": lambda c, m: f"{c.name(m)} is not where the effect takes Tributes from",
    "effect_material_from": lambda c, m: f"{c.name(m)} is not where the effect takes Fusion Materials from",
    "event_passed": lambda c, i, e: f"{_eff(c, i, e)} is activated right after what its activation condition says happened (a 'then' step), not on its own",
    "no_activation_event": lambda c, i, e: f"{_eff(c, i, e)} cannot be activated: what its activation condition says did not happen in this action",
    "damage_step_activation": lambda c, i, e: f"{_eff(c, i, e)} cannot be activated in the Damage Step: only Counter Traps, negations of an activation and changes of ATK/DEF can",
    "missed_timing": lambda c, i, e: f"missed the timing: {_eff(c, i, e)} says \"When\", and its event was not the last thing to happen",
    "already_answered": lambda c, i, e: f"{_eff(c, i, e)} was already activated for this event",
    "mandatory_trigger": lambda c, i, e: f"{_eff(c, i, e)} is mandatory: it must be activated after its event",
    # chain.lp, frequency.lp: chains, timing and frequency
    "chain_resolving": lambda c, i: f"{c.name(i)} cannot be added to a chain that has begun to resolve",
    # negate.lp: negation, protection, control
    "nothing_to_answer": lambda c, i, e: f"{_eff(c, i, e)} answers an activation: it is chained right after a link of the kind its text names, and there is none",
    "negated_card_in_hand": lambda c, j: f"{c.name(j)} is in the hand: destroying a card there whose activation was negated is not modelled",
    "negates_nothing": lambda c, i: f"{c.name(i)} negates the effects of its target, and has none",
    "controls_nothing": lambda c, i: f"{c.name(i)} takes control of its target, and has none",
    "no_zone_for_control": lambda c, j: f"control of {c.name(j)} cannot be taken: you have no free Monster Zone",
    "no_zone_to_return": lambda c, j: f"{c.name(j)} would return to its owner, who has no free Monster Zone (it would be sent to the GY: not modelled)",
    "trigger_in_response": lambda c, i, e: f"{_eff(c, i, e)} is a trigger effect (Spell Speed 1): it cannot respond to a chain link",
    "spell_speed": lambda c, i, e: f"Spell Speed: {_eff(c, i, e)} is too slow to respond to the chain link before it (a response needs Spell Speed 2, and at least that of the link)",
    "mandatory_first": lambda c, i, e: f"{_eff(c, i, e)} is a mandatory trigger: it goes on the chain before the optional ones",
    "no_response": lambda c, j: f"no card or effect can be activated in response to {c.name(j)}",
    "one_per_chain": lambda c, i, e: f"{_eff(c, i, e)}: no more than 1 effect of {c.name(i)} in the same Chain",
    "late_trigger": lambda c, i, e: f"{_eff(c, i, e)} is activated in the first chain after its event, not later",
    "once_per_duel": lambda c, i, e: f"once per Duel: {_eff(c, i, e)} was already used this Duel",
    "once_while_face_up": lambda c, i, e: f"{_eff(c, i, e)} can only be used once while this card is face-up on the field, and this copy used it",
    # frequency.lp: the family modes
    "twice_per_turn_name": lambda c, i, e: f"twice per turn: {_eff(c, i, e)} (by name) was already used twice this turn",
    "cost_not_valid": lambda c, j: f"the cost cannot be paid with {c.name(j)}: it is not what the cost asks for, or not where it is taken from",
    "cost_twice": lambda c, j: f"{c.name(j)} cannot pay two costs at once",
    "cost_cannot_be_paid": lambda c, g: "the cost cannot be paid" + (": not enough Life Points" if g == "lp" else ": not enough Xyz Materials" if g == "detach" else ""),
    "cost_too_many": lambda c, g: "more cards are paid than the cost asks for",
    "paying_loses": lambda c, n: f"paying {n} LP leaves you with 0: the Duel is lost before the effect resolves",
    "duel_lost": lambda c: "your Life Points are 0: the Duel is lost, and nothing can follow",
    "no_valid_target": lambda c, i: f"no valid target: {c.name(i)} needs a target it can choose",
    "not_a_valid_target": lambda c, j: f"{c.name(j)} is not a valid target for this effect",
    "too_many_targets": lambda c, i: f"{c.name(i)} targets fewer cards than that",
    "target_is_cost": lambda c, j: f"{c.name(j)} is paid as a cost, so it cannot also be the target",
    "not_a_valid_card": lambda c, j: f"{c.name(j)} is not a card this effect can take (wrong kind, or not where the effect takes from)",
    "nothing_to_resolve": lambda c, k: "the effect finds no card to take where it looks, so it cannot be activated",
    "left_behind": lambda c, k, j: f"the mandatory effect takes what there is: {c.name(j)} fits and is left behind",
    # removal.lp: destruction
    "nothing_to_destroy": lambda c, i: f"{c.name(i)} destroys every card of a kind, and there is none: it cannot be activated",
    "set_not_modelled": lambda c, j: f"{c.name(j)} would be Set by an effect: only a Spell/Trap (not a Field Spell) Set from the GY or banishment is modelled",
    "applies_by_itself": lambda c, i, e: f"{_eff(c, i, e)} applies by itself: it is never activated",
    "opponent_turn_only": lambda c, i, e: f"{_eff(c, i, e)} is activated only on the opponent's turn or answering only the opponent's own actions, which never come in your line",
    "already_equipped_max_one": lambda c, i: f"{c.name(i)} already has a monster equipped by its effect (max. 1)",
    "swap_needs_a_monster_each": lambda c, i: f"{c.name(i)} needs a monster on each side of the field whose control can switch",
    "not_modelled_swap_choice": lambda c: "which monster each player gives to the other is not modelled: a swap of control is played only when each player controls exactly one monster",
    "not_modelled_swap_extra_zone": lambda c, j: f"{c.name(j)} is in an Extra Monster Zone: a swap of control from there is not modelled",
    "position_locked": lambda c, i: f"the battle position of {c.name(i)} cannot be changed for the rest of this turn",
    "not_modelled_more_attacks": lambda c, i: f"{c.name(i)} would attack a third time: more than two attacks are not modelled",
    "position_locked_by": lambda c, i, s: f"{c.name(s)} forbids the other monsters on the field to change their battle positions: {c.name(i)} cannot",
    "not_modelled_end_phase_return": lambda c, i: f"{c.name(i)} returns to the hand during this End Phase: not modelled",
    "not_modelled_halved_over_continuous_gain": lambda c, j: f"{c.name(j)} would be halved while a continuous effect raises its ATK or DEF: not modelled (which value holds afterwards is not kept)",
    "not_modelled_atk_set_twice": lambda c, j: f"{c.name(j)}'s ATK would be set by two rules at once (Megamorph): not modelled (which applies last is not kept)",
    "not_modelled_atk_set_and_changed": lambda c, j: f"{c.name(j)}'s ATK would be set by Megamorph while other effects change it: not modelled (which applies last is not kept)",
    "too_many_cards": lambda c, k: "the effect takes fewer cards than that",
    "too_few_tokens": lambda c, k, n: f"the effect Special Summons {n} Token{'s' if n > 1 else ''}: there must be a free Main Monster Zone for each, so it cannot be activated",
    "cannot_be_tributed": lambda c, j: f"{c.name(j)} cannot be Tributed for a Tribute Summon (the effect that Special Summoned it says so)",
    "zone_twice": lambda c, p, z: f"two monsters Special Summoned by the effect would need the same Monster Zone ({z}): not enough free Monster Zones",
    "tokens_not_as_many": lambda c, k: "the effect Special Summons as many Tokens as possible: a free Main Monster Zone is left empty",
    "picked_twice": lambda c, j: f"{c.name(j)} cannot be taken twice by the same effect",
    "picked_cost": lambda c, j: f"{c.name(j)} was paid as the cost, so the effect cannot take it",
    "not_from_deck": lambda c, j: f"{c.name(j)} is not in your Deck",
    "already_on_field": lambda c, j: f"{c.name(j)} is already on the field",
    "no_special_from": lambda c, j, p: f"summoning condition: {c.name(j)} cannot be Special Summoned from the {_PLACE_WORDS.get(p, p)}",
    "cannot_be_special_summoned": lambda c, j: f"summoning condition: {c.name(j)} cannot be Special Summoned by a card effect (it cannot be Special Summoned, or must be summoned one way)",
    "summoning_condition": lambda c, j: f"summoning condition: {c.name(j)} must first be properly summoned, so a card effect cannot Special Summon it from the hand or Deck",
    "revive_limit": lambda c, j: f"revive limit: {c.name(j)} was not properly summoned, so it cannot be Special Summoned from the GY or banishment",
    "from_extra_deck_by_effect": lambda c, j: f"{c.name(j)} cannot be Special Summoned from the Extra Deck by this effect",
    "cannot_be_material": lambda c, m, k: f"{c.name(m)} cannot be used as {str(KIND_WORDS.get(k, k)).replace(' Summon', '')} Material (its card or an effect says so)",
    "deck_too_small": lambda c, n: f"the Deck has fewer than {n} cards to draw",
    "deck_too_small_to_send": lambda c, n: f"the Deck has fewer than {n} cards to send to the GY",
    "only_one": lambda c, n: f"you can only control 1 \"{c.card_name(n)}\"",
    "special_summon_once": lambda c, n: f"you can only Special Summon \"{c.card_name(n)}\" once per turn",
    "attack_tribute_unpaid": lambda c, i: f"{c.name(i)} cannot declare an attack unless you Tribute 1 other monster you control",
    "must_attack": lambda c, i: f"{c.name(i)} must attack if able, and it still can: the Battle Phase does not end before it attacks",
    "battle_phase_end": lambda c, i: f"the oracle does not play the end of the Battle Phase, where {c.name(i)} has something to do (an effect, a change of battle position), so no line moves on to Main Phase 2 here",
    "placed_only_by": lambda c, j, n: f"{c.name(j)} can only be placed on the field by the effect of \"{c.card_name(n)}\"",
    "summon_once": lambda c, k, n: f"you can only {KIND_WORDS.get(k, k)} \"{c.card_name(n)}\" once per turn",
    "no_battle_phase_after_effect": lambda c: "an effect activated this turn says you cannot conduct your Battle Phase",
    "cannot_attack_after_effect": lambda c, i: f"{c.name(i)} cannot attack the turn its effect was activated",
    "not_a_spell_or_trap": lambda c, i: f"{c.name(i)} is a monster: only Spells and Traps are Set in the Spell & Trap Zones",
    # stats.lp
    "no_level": lambda c, j: f"{c.name(j)} has no Level, so an effect cannot change its Level",
    "level_below_one": lambda c, j: f"the Level of {c.name(j)} cannot be reduced below 1",
    # moves.lp, equip.lp: the zones family of effects
    "deck_shuffled": lambda c, p: "the Deck was shuffled (or a card placed on it) by an effect or a cost this turn: the Deck order given no longer tells what a draw takes",
    "not_an_extra_deck_card": lambda c, j: f"{c.name(j)} is not a card of the Extra Deck: it cannot be shuffled into the Extra Deck",
    "target_gone": lambda c, j: f"{c.name(j)} is no longer a valid target when the effect resolves: an effect that shuffles all of its targets into the Deck then shuffles none (and does nothing more)",
    "attach_to_non_xyz": lambda c, x: f"{c.name(x)} is not a face-up Xyz Monster on the field: nothing can be attached to it",
    "attach_token": lambda c, m: f"{c.name(m)} is a Token: a Token cannot become Xyz Material",
    "not_in_face_up_defense": lambda c, i: f"{c.name(i)} is not in face-up Defense Position, so it cannot be changed to Attack Position",
    "not_a_monster_on_the_field": lambda c, j: f"{c.name(j)} is not a monster on the field: its battle position cannot be changed",
    "moves_nothing": lambda c, i: f"{c.name(i)} moves \"it\" but targets nothing: not read",
    "equip_to_face_down": lambda c, j: f"{c.name(j)} is face-down: only a face-up monster can be equipped",
    "equips_spent_card": lambda c, i: f"{c.name(i)} goes to the GY once activated, so it cannot stay equipped: not read",
    "equips_nothing": lambda c, i: f"{c.name(i)} is an Equip Spell: its activation must equip a monster, and the oracle reads none in its text",
    # selfdestroy.lp: a card that destroys itself while a state holds
    "state_check_first": lambda c, i: f"the state that destroys {c.name(i)} holds, so the game destroys it (its own effect) before anything else happens; this step does something else first (the oracle gives that destruction a step of its own)",
    "state_check_in_chain": lambda c, i: f"the state that destroys {c.name(i)} holds in the middle of a chain: the oracle does not read a destruction between two links",
    "state_check_kept": lambda c, i: f"the state that destroys {c.name(i)} holds, but it cannot be destroyed by card effects: not read",
    # grave.lp: the family "grave" of effects
    "sent_this_turn": lambda c, i, e: f"{_eff(c, i, e)} cannot be used the turn {c.name(i)} was sent to the GY",
    "not_the_same_attribute": lambda c, j: f"{c.name(j)} does not have the Attribute the sent monster had",
    "target_did_not_leave": lambda c, i: f"the target of {c.name(i)} did not leave the field, so nothing is Special Summoned",
    "previous_not_applied": lambda c, i, e: f"{_eff(c, i, e)} is used only if the effect before it was applied this turn, and it was not",
    "no_battle_won": lambda c, i, e: f"{_eff(c, i, e)} is used only if {c.name(i)} destroyed a monster by battle this turn, and it did not",
    "not_sent_this_turn": lambda c, i, e: f"{_eff(c, i, e)} is used only the turn {c.name(i)} was sent to the GY, and it was not sent there this turn",
    # battle_rules.lp, card_rules.lp, locks.lp: continuous rules of cards, and locks
    "second_attack_on_monsters": lambda c, i: f"{c.name(i)} can make its second attack only on a monster",
    "attack_all_once_each": lambda c, i: f"{c.name(i)} attacks each monster the opponent controls once: not that one again, and not directly",
    "cannot_attack_summoned_turn": lambda c, i: f"{c.name(i)} cannot attack the turn it is Summoned",
    "cannot_attack_directly": lambda c, i: f"{c.name(i)} cannot attack directly (its card says so)",
    "cannot_be_attack_target": lambda c, j: f"{c.name(j)} cannot be targeted for attacks (its card says so)",
    "attack_forbidden": lambda c, i, s: f"{c.name(i)} cannot attack: {c.name(s)} forbids it",
    "only_one_attacker": lambda c, i, s: f"{c.name(s)}: only 1 monster can attack during each Battle Phase, and another one already attacked",
    "cannot_be_targeted": lambda c, j: f"{c.name(j)} cannot be targeted by your card effects (its card says so)",
    "only_one_field": lambda c, x: f"there can only be 1 face-up {c.atom_words(x)} monster on the field",
    "nothing_to_return": lambda c, i: f"{c.name(i)} has no card to return to the hand",
    "only_one_mine": lambda c, x: f"a player can only control 1 {c.atom_words(x)} monster (its card says so)",
    "locked_by_card": lambda c, i, s: f"locked: while {c.name(s)} is face-up on the field, you cannot Special Summon {c.name(i)}",
    "monster_effects_forbidden": lambda c, i, s: f"{c.name(s)}: the player who controls more monsters cannot activate monster effects, so {c.name(i)} activates nothing",
    "locked": lambda c, i, code: f"locked: the effect of {c.card_name(code)} {_lock_words(c, code)} this turn, and {c.name(i)} is not one",
    "proc_locked": lambda c, i, code: f"locked: {c.card_name(code)} was Special Summoned by its own procedure this turn, "
                                      f"which {_proc_lock_words(c, code)} for the rest of the turn, and {c.name(i)} is not one",
    "locked_earlier": lambda c, j, code: f"locked: {c.card_name(code)} cannot be activated the turn you Special Summoned {c.name(j)}",
    "locked_normal": lambda c, code: f"locked: the effect of {c.card_name(code)} forbids every Normal Summon and Set this turn",
    "normal_before_ss": lambda c, i: f"{c.name(i)} cannot be Special Summoned the turn you Normal Summoned or Set a monster (its card says so)",
    "normal_after_ss": lambda c, code: f"you cannot Normal Summon or Set the turn you Special Summoned {c.card_name(code)} (its card says so)",
    "locked_earlier_normal": lambda c, code: f"locked: {c.card_name(code)} cannot be activated the turn you Normal Summoned or Set a monster",
}


_PLACE_WORDS = {"graveyard": "GY", "deck": "Deck", "hand": "hand"}


def _eff(c: Context, i: int, e: int) -> str:
    return f"effect {e} of {c.name(i)}"


def _summoned_how(c: Context, i: int, e: int) -> str:
    code = c.position.slot(i).card.code
    hows = sorted({how for (_c, _e, how) in c.find("eff_summoned_turn", code, e)})
    return " or ".join(h.capitalize() for h in hows) or "so"


def _lock_words(c: Context, code: int) -> str:
    """What the locks of a card's effects allow: "allows only DARK monsters from the Extra Deck
    this turn", or "forbids every Special Summon this turn" (no exception)."""
    locks = {(e, m, k): do for (_c, e, m, k, do) in c.find("eff_do", code)
             if isinstance(do, tuple) and do[0] == "lock"}
    words = [c.atom_words(x) for (_c, e, m, k, _a, sign, x) in c.find("eff_filter", code)
             if (e, m, k) in locks and sign == "pos" and x not in ("any", ("kind", "monster"))]
    extra = " from the Extra Deck" if locks and all(do[1] == "extra" for do in locks.values()) else ""
    if words:
        return f"allows only {' '.join(words)} monsters{extra} to be Special Summoned"
    if any(do[3] == "set" for do in locks.values()):
        return "allows only Special Summons in face-down Defense Position"
    return f"forbids every Special Summon{extra}"


def _proc_lock_words(c: Context, code: int) -> str:
    """What the lock of a card's procedure allows (rule proc_lock(Scope) and its exception)."""
    scopes = [r[1] for (_c, r) in c.find("rule", code) if isinstance(r, tuple) and r[0] == "proc_lock"]
    extra = " from the Extra Deck" if scopes and all(s == "extra" for s in scopes) else ""
    words = [c.atom_words(x) for (_c, r, _a, sign, x) in c.find("rule_filter", code)
             if isinstance(r, tuple) and r[0] == "proc_lock" and sign == "pos" and x not in ("any", ("kind", "monster"))]
    if words:
        return f"allows only {' '.join(words)} monsters{extra} to be Special Summoned"
    return f"forbids every Special Summon{extra}"


_WHERE = {"field": "", "graveyard": " in your GY", "hand": " in your hand"}


def _proc_of(c: Context, i: int, p: int | None) -> tuple[int, int] | None:
    """(card code, procedure): procedure ``p`` of card ``i`` when given (a Normal Summon
    condition), else the procedure summoning at this step."""
    if p is None:
        return c.summoned()
    return (c.position.slot(i).card.code, p) if isinstance(i, int) and c.position.has_instance(i) else None


def _cond(c: Context, i: int, k: int, p: int | None = None) -> tuple | None:
    """The count(Who,Where,Min,Max) term of condition k of the procedure in use, if known."""
    s = _proc_of(c, i, p)
    code = c.position.slot(i).card.code if isinstance(i, int) and c.position.has_instance(i) else None
    for (_c, _p, _k, term) in c.find("proc_cond", s[0] if s else code, s[1] if s else None, k):
        if isinstance(term, tuple) and term[0] == "count":
            return term
    return None


def _cond_words(c: Context, i: int, k: int, p: int | None = None) -> str:
    """"you control no monsters", "you have exactly 3 DARK monsters in your GY", ..."""
    term = _cond(c, i, k, p)
    s = _proc_of(c, i, p)
    if term is None or s is None:
        return "its condition holds"
    _, who, where, lo, hi = term
    alts: dict[int, list[str]] = {}
    after = ""   # what is said after the noun ("Special Summoned from the Extra Deck")
    for (_c, _p, _k, a, sign, x) in c.find("cond_filter", s[0], s[1], k):
        words = alts.setdefault(a, [])
        if x == "faceup":
            words.insert(0, "face-up")
        elif x == "from_extra":
            after = " Special Summoned from the Extra Deck" if sign == "pos" else " not Special Summoned from the Extra Deck"
        elif x != "any" and x != ("kind", "monster"):
            words.append(("non-" if sign == "neg" else "") + c.atom_words(x))
    noun = "card" if where in ("hand", "field_cards", "fzone") else "monster"
    what = " or ".join(" ".join(w) for w in alts.values() if w)
    count = "no" if hi == 0 else f"exactly {lo}" if lo == hi else "a" if lo == 1 else f"{lo} or more"
    what = f"{what} {noun}{'' if count in ('a', 'exactly 1') else 's'}{after}".strip()
    if where == "fzone":
        return f"{count} {what} is in a Field Zone"
    if where in ("field", "field_cards"):   # field_cards: the Spell & Trap Zones too
        head = {"me": "you control", "opp": "your opponent controls", "both": "the field has"}[who]
        return f"{head} {count} {what}"
    return f"you have {count} {what}{_WHERE[where]}"


def _cond_found(c: Context, i: int, k: int, n: int) -> str:
    return f"{n} {'is' if n == 1 else 'are'} there"


def _plural(word: str, n: int) -> str:
    return word + "s" if word == "material" and n > 1 else word


def _history(c: Context, x) -> str:
    if isinstance(x, tuple) and x[0] == "special_summoned":
        return f'you to have Special Summoned "{c.card_name(x[1])}"'
    return str(x)


def _lv(c: Context, i: int) -> str:
    for a in c.find("lv", i):
        if a[2] == c.step - 1:
            return str(a[1])
    return "?"


def _prop(x: str) -> str:
    return {"race": "Type", "attribute": "Attribute", "name": "name"}.get(x, x)


def _summoned_name(c: Context) -> str:
    s = c.summoned()
    return c.card_name(s[0]) if s else "the monster"


def sentence(position: Position, reason: clingo.Symbol, atoms: Iterable[clingo.Symbol] = (), step: int = 1) -> str:
    """One sentence for a fail/2 reason term."""
    return wording.sentence(SENTENCES, Context(position, atoms, step), reason)
