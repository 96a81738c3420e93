"""Card effects read from card text with the declared grammar ``grammar/effects.lark`` (lark),
turned into the effect facts of docs/facts-schema.md ("Effects").

A card's effect text is split into sentences; each is parsed whole.  A sentence the grammar does
not cover makes the card *unsupported*: none of its effects is emitted (the oracle never plays an
effect on a guess), and the sentence is kept to say so.  Sentences that other readers own (the
material line, summoning conditions and procedures of requirements.py, Fusion and Ritual Spells)
are left to them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

import clingo
from lark import Lark, Token
from lark.exceptions import LarkError

from oracle.yugioh import (fx_battle, fx_chains, fx_fusion, fx_grave, fx_modes, fx_negate, fx_puzzles,
                           fx_removal, fx_ritual, fx_selfdestroy, fx_statics, fx_stats, fx_summon, fx_timing,
                           fx_tokens, fx_watch, fx_zones)
from oracle.yugioh.cards import Card, Library
from oracle.yugioh.effect_symbols import filters, sym
from oracle.yugioh.effect_clauses import TARGET_HEADS, Clause, ClauseReading, has_targets
from oracle.yugioh.effect_nouns import NounPhrases, faceup_named
from oracle.yugioh.grammar import Unsupported, _EffectLookahead
from oracle.yugioh.grammar.phrases import Phrases, Vocabulary
from oracle.yugioh.grammar.nouns import MANY
from oracle.yugioh.requirements import _sentences

# The actions that Summon as the effect resolves, at a step of their own (asp/yugioh/grants.lp).
SUMMONS_AS_IT_RESOLVES = ("fusion_summon", "ritual_summon")

# Sentences that requirements.py reads (summoning conditions and procedures): not effects.
_SUMMON_RULES = re.compile(
    r"^(?:Must (?:first )?be |Cannot be (?:Normal |Special )?Summoned|Cannot be Special Summoned|"
    r"(?:If [^:;]*, )?[Yy]ou can Normal Summon(?:/Set)? this card without Tributing"
    r"(?:, but its original ATK becomes \d+|, but its original ATK(?: and |/)DEF becomes? halved)?\.$|"
    r"This card can(?:not)? be treated as|You can Ritual Summon this card with|"
    r"You can Tribute Summon this card by Tributing \d|"   # requirements.normal_procedures
    r"This card cannot be Special Summoned except (?:with|by) (?:the effect of )?\"[^\"]+\"\.$|"   # requirements
    r"You can only Special Summon \"[^\"]+\" once per turn this way|"
    r"A Fusion Summon of this card can only be done with the above Fusion Materials\.$|"
    r"(?:.*\(from your hand\)))")


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The effect grammar, LALR(1), its tables cached by lark as the other grammars' are."""
    return build_parser(cache=True)


def build_parser(cache: bool) -> Lark:
    """effects.lark and, after it, each family's ``effects_<family>.lark``, which adds its
    alternatives to effects.lark's rules with ``%extend`` (one file per family of effects)."""
    grammar = resources.files("oracle.yugioh").joinpath("grammar")
    families = sorted(f.name for f in grammar.iterdir() if re.fullmatch(r"effects_\w+\.lark", f.name))
    text = "\n".join(grammar.joinpath(name).read_text(encoding="utf-8") for name in ["effects.lark", *families])
    lookahead = _EffectLookahead()
    out = Lark(text, start=["sentence", "mode"], parser="lalr", lexer="basic", postlex=lookahead, cache=cache,
               source_path=str(grammar.joinpath("effects.lark")))
    # The one-word literals, which WORD outranks: the postlexer gives a word its literal's terminal.
    word = re.compile(next(t.pattern.to_regexp() for t in out.terminals if t.name == "WORD"))
    lookahead.words = {t.pattern.value: t.name for t in out.terminals
                       if t.pattern.type == "str" and t.priority < 1 and word.fullmatch(t.pattern.value)}
    return out


@dataclass
class Effect:
    number: int
    type: str                      # ignition, trigger, spell, trap, continuous
    optional: bool = True
    timing: str | None = None      # trigger: when / if
    events: list[str] = field(default_factory=list)
    where: list[str] = field(default_factory=list)      # activated from
    phase: str | None = None
    soft_once: bool = False
    conds: list[tuple] = field(default_factory=list)    # (who, lo, hi, alts)
    costs: list[tuple] = field(default_factory=list)    # (how, lo, hi, alts, places) / (self, how) / (pay, n)
    target: tuple | None = None                         # (lo, hi, alts, where)
    modes: list[list[dict]] = field(default_factory=list)   # each mode: its actions; one mode when not modal
    mode_pre: list[tuple] = field(default_factory=list)      # per mode: (costs, target groups or None)
    limits: list[str] = field(default_factory=list)     # hard, activate_once, shared
    answer: str | None = None                           # fx_negate: a link answering an activation
    summoned_turn: list[str] = field(default_factory=list)   # "if this card was [Normal or] Special Summoned this turn"
    seen_filter: list | None = None                     # fx_watch: what the card of a watched event must be


@dataclass
class CardEffects:
    effects: list[Effect] = field(default_factory=list)
    unsupported: str | None = None   # the first sentence not understood
    rules: list = field(default_factory=list)   # rule/2 terms: only_one, ss_once, piercing, attacks(2), ...
    sentences: int = 0               # effect sentences read
    facts: list[clingo.Symbol] = field(default_factory=list)


class _CoreTree(ClauseReading, NounPhrases, Phrases):
    """Parse tree -> plain Python values (tuples and dicts): the core families; each other
    family's module adds its own methods as a mixin (see :data:`FAMILIES`)."""

    def __init__(self, lib: Library):
        super().__init__()
        self.lib = lib
        self.vocabulary = _vocabulary()

    def _quoted(self, tok, archetype_first: bool):
        name = str(tok)[1:-1]
        if name.endswith("(s)") and self.lib.by_name(name) is None:
            name = name[:-3]   # "You can only Special Summon "X(s)" once per turn": copies of X
        card = self.lib.by_name(name)
        arch = self.lib.archetype_code(name)
        if archetype_first and arch is not None:
            return ("archetype", arch)
        if card is not None:
            return ("name", card.name_code)
        if arch is not None:
            return ("archetype", arch)
        raise ValueError(f"unknown name {name!r}")

    def _name(self, items):
        """The quoted name among a rule's children, as a card's name first."""
        return self._quoted(next(i for i in items if isinstance(i, Token) and i.type == "QUOTED"), False)

    # places ---------------------------------------------------------------------------------
    def places(self, items):
        return [{"hand": "hand", "Deck": "deck", "GY": "graveyard", "Graveyard": "graveyard", "Extra Deck": "extra",
                 "field": "field", "banishment": "banished", "face-up field": "faceup_field"}[str(t)]
                for t in items if isinstance(t, Token) and t.type == "PLACE"]

    # conditions ---------------------------------------------------------------------------
    def summon_events(self, items):
        return [str(t).lower() for t in items if isinstance(t, Token) and t.type == "SUMMON_EVENT"]

    def trigger_cond(self, items):
        events = items[1]
        if not set(events) <= {"normal", "special", "flip", "synchro", "xyz", "link", "fusion", "ritual", "pendulum"}:
            raise ValueError("a Summon effects do not read")
        return ("trigger", str(items[0]).lower(), events)

    def flip_cond(self, _):
        # FLIP effects are trigger effects that do not miss the timing.
        return ("trigger", "if", ["flip"])

    def quick(self, _):
        return "quick"

    def destroyed_trigger(self, items):
        return ("trigger", str(items[0]).lower(), ["destroyed_battle"])

    def _controls(self, who: str, obj) -> tuple:
        kind, what = obj
        if kind == "refused":
            raise ValueError(what)
        if kind == "other":
            raise ValueError("'other' in a condition")
        if kind == "no":
            # "If you control no monsters", "... no Effect Monsters": none of the face-up cards the
            # noun phrase describes (a face-down card shows no Type, as below)
            it = what
            if it.refused or it.count or it.posts or it.alternative or it.noun is None:
                raise ValueError("a condition 'no ...' effects do not read")
            alts = self.np([it])[2]
            return (who, 0, 0, _face_up(alts), _counted_on(it, alts))
        (it,) = what
        if it.count is not None and it.count[0] == "more":
            # "If you control 2 or more "Raidraptor" monsters": at least that many (an action's
            # "2 or more" is a choice of how many, which the noun phrases refuse)
            lo = it.count[1]
            it.count = None
            alts = self.np([it])[2]
            return (who, lo, MANY, _face_up(alts), _counted_on(it, alts))
        np = self.np([it])
        lo, _, alts = np
        return (who, lo, MANY, _face_up(alts), _counted_on(it, alts))

    def controls_me(self, items):
        return self._controls("me", items[0])

    # "While you control a Fusion Monster, ..." / "... while you control another Pyro monster": the
    # condition of a rule; "another" leaves the card itself out of the count (rule_while_other/2)
    def while_controls(self, items):
        kind, what = items[0]
        cond = self._controls("me", ("items", what) if kind == "other" else items[0])
        return ("while", cond, kind == "other")

    def while_another(self, items):
        return ("while", self._controls("me", ("items", [items[-1]])), True)

    def indestructible_while(self, items):
        # (after "If", the condition of control_cond: no "another")
        (cond,) = [i if i[0] == "while" else ("while", i, False) for i in items if isinstance(i, tuple)]
        how = " ".join(str(i) for i in items if isinstance(i, Token) and i.type.endswith("STATICS_KEPT_HOW"))
        rules = {"battle": ["battle_indestructible"], "card effects": ["effect_indestructible"],
                 "battle or card effects": ["battle_indestructible", "effect_indestructible"]}[how]
        return {"kind": "rules", "rules": rules, "name": None, "while": cond[1:]}

    def controls_opp(self, items):
        return self._controls("opp", items[0])

    def lp_lower(self, _):
        return ("lp_lower",)   # proc_cond(C,eff(E),K,lp_lower): activate.lp compares the LP

    def state_cond(self, items):
        return ("state", items)

    def phase_cond(self, items):
        when, phase = str(items[0]).lower(), str(items[1])
        tail = items[2] if len(items) > 2 else None
        if when == "during each of your" and phase in ("End Phases", "Standby Phases") and tail is None:
            when, phase = "during your", phase[:-1]   # "During each of your End Phases": every one of them
        if when == "during your" and phase in ("Main Phase", "End Phase", "Standby Phase") and \
                (tail is None or (tail[0] == "summoned" and tail[2] and set(tail[1]) <= {"normal", "special"})):
            # "During your Main Phase[, if this card was [Normal or] Special Summoned this turn]"
            name = {"Main Phase": "main", "End Phase": "end", "Standby Phase": "standby"}[phase]
            return ("phase", name, tail[1]) if tail else ("phase", name)
        if when == "during the" and phase == "Main Phase" and tail is None:
            return ("phase", "main")
        if when == "during the" and phase == "Main or Battle Phase" and (tail is None or tail[0] == "field_zone"):
            # a Quick Effect in the turn player's Main Phases and Battle Phase (activate.lp); "if "X"
            # is in a Field Zone": a face-up card named X in either Field Zone
            return ("phase", "main_battle", [], [tail[1]] if tail else [])
        if isinstance(tail, tuple) and tail[0] in ("summoned", "of_turn"):
            # fx_puzzles reads "During the End Phase, if this card was Normal Summoned ...: Return it ..."
            return ("phase_summoned", when, phase, tail)
        raise ValueError("an activation condition of a phase effects do not read")

    def phase_field_zone(self, items):
        name = self._name(items)
        if name[0] != "name":
            raise ValueError("an archetype in a Field Zone (not read)")
        return ("field_zone", faceup_named(name, "fzone"))

    def phase_summoned(self, items):
        return ("summoned", items[0], len(items) > 1 and items[1] is not None)

    def summoned_events(self, items):
        return items[0]

    def summoned_or_flipped(self, items):
        return items[0] + ["flip"]

    def summoned_flipped(self, _):
        return ["flip"]

    def condition(self, items):
        return items[0]

    # costs and targets ----------------------------------------------------------------------
    def discard(self, items):
        np = items[-1]
        return Clause(cost=("cost", "discard", tuple(np), ["hand"]),
                      action=None if np.other else {"do": "grave_discard", "what": tuple(np)})

    def send(self, items):
        np, places = items[1], items[2]
        exc = items[4] if len(items) > 4 else None
        # ', except "X"' is one more negated literal of the cards sent
        what = np if exc is None else (np[0], np[1], [a | {("neg", exc[1])} for a in np[2]])
        cost = ("cost", "send", what, places)
        action = None
        if set(places) <= {"deck", "hand", "extra"} and not np.other:
            # "send 1 ... from your Deck / hand / Extra Deck to the GY" as an action: chosen on resolution
            action = {"do": "send_gy", "what": what, "from": places}
        return Clause(cost=cost, action=action)

    def send_controlled(self, items):
        # only a cost: as an action ("then send 1 monster you control to the GY") it is not read
        return Clause(cost=("cost", "send", items[1], _controlled_places(items[1])))

    def return_controlled(self, items):
        # "return 1 monster you control to the hand": to its owner's hand (costs.lp), a cost only
        return Clause(cost=("cost", "return", items[1], _controlled_places(items[1])))

    def banish_self(self, items):
        word, places = items[0], (items[1] if len(items) > 1 else None)
        cost = ("self", "banish", tuple(places) if places else None) if str(word) == "banish" else None
        return Clause(cost=cost, action=self._zones_move("zones_banish", ["self"]) if places is None else None)

    def banish_cost(self, items):
        return ("cost", "banish", items[1], items[2])

    def tribute_self(self, _):
        return ("self", "tribute")

    # "Tribute / banish / discard this card and 1 ...": the card itself and the others (a cost of
    # this card never also pays the other group: effect_facts gives it no eff_cost_self_ok)
    def tribute_self_and(self, items):
        return [("self", "tribute"), ("cost", "tribute", items[1], items[2] if len(items) > 2 else ["field"])]

    def banish_self_and(self, items):
        return [("self", "banish", tuple(items[2])), ("cost", "banish", items[1], items[2])]

    def discard_self_and(self, items):
        return [("self", "discard", ("hand",)), ("cost", "discard", tuple(items[1]), ["hand"])]

    def tribute_cost(self, items):
        # "Tribute 1 monster [from your hand]": from the field unless the text names the places
        # the noun phrase itself (an NP): whether it said "other" decides if this card may be paid
        return ("cost", "tribute", items[1], items[2] if len(items) > 2 else ["field"])

    def pay(self, items):
        return ("pay", next(i for i in items if isinstance(i, int)))

    def detach(self, items):
        return ("detach", items[0])

    def reveal(self, items):
        np = items[0]
        if np.where != ("me", "hand"):
            raise ValueError("a reveal of cards not in your hand")
        return ("cost", "reveal", tuple(np), ["hand"])

    def target(self, items):
        np = items[0]
        return ("target", tuple(np), np.where)

    def target_two(self, items):
        first, second = [i for i in items if isinstance(i, tuple)]
        if second.other:
            raise ValueError("'other' in a second group of targets")
        # "target 1 "HERO" monster and 1 "Change" Quick-Play Spell in your Graveyard": a place said
        # once, after the second group, is both groups' place
        return ("targets", [(tuple(first), first.where or second.where), (tuple(second), second.where)])

    targeting = target

    # actions --------------------------------------------------------------------------------
    def this_card(self, _):
        return ("self",)

    def the_target(self, _):
        return ("target",)

    def ss_np(self, items):
        return ("np", self._np_at(items[0]))

    def either_gy(self, _):
        return ["graveyard_both"]

    def from_places(self, items):
        return items[0]

    def in_position(self, items):
        return {"Defense Position": "defense", "face-up Defense Position": "defense", "Attack Position": "attack",
                "face-up Attack Position": "attack", "face-down Defense Position": "set"}[str(items[-1])]

    def summon_own_field(self, _):
        return ("to_field",)

    def summon_opp_field(self, _):
        return ("to_opponent",)

    def except_clause(self, items):
        return ("not", self._quoted(items[0], archetype_first=False))

    def negate(self, _):
        return ("negated",)

    def negated_after(self, _):
        return {"kind": "after_rider", "rider": ("negated",)}

    def ready_after(self, _):
        return {"kind": "after_rider", "rider": ("ready",)}

    def end_phase_after(self, _):
        return {"kind": "after_rider", "rider": ("end_phase",)}

    def end_phase_only(self, _):
        # "destroy it during the End Phase": lines end before the End Phase (Main Phases and
        # battle only), so nothing in a line depends on it.
        return ("end_phase",)

    def material_kind(self, items):
        kind = str(items[0]).lower()
        if kind not in ("synchro", "xyz", "link", "fusion"):
            raise ValueError(f"{items[0]} Material")
        return kind

    def no_material(self, items):
        return ("no_material", items[-1])

    def special_summon(self, items):
        out = {"do": "special_summon", "what": None, "from": None, "position": None, "riders": []}
        mods = [i for i in items[1:]]
        what = mods.pop(0)
        if what == ("self_banished",):
            what, out["from"] = ("self",), ["banished"]
        out["what"] = what
        seen = set()
        exc = None
        for it in mods:
            key = "from" if isinstance(it, list) else "position" if isinstance(it, str) else it[0]
            if key in seen:
                raise ValueError("a Special Summon that says the same thing twice")
            seen.add(key)
            if isinstance(it, list):
                if out["from"] is not None:
                    raise ValueError("a Special Summon from two places")
                out["from"] = it
            elif isinstance(it, str):
                out["position"] = it
            elif it[0] == "not":
                exc = it
            elif it == ("to_opponent",):
                out["riders"].insert(0, it)
            elif it in (("ignoring",), ("same_attribute",)):
                out["riders"].append(it)
        if exc is not None:
            # "Special Summon 1 "X" monster from your Deck, except "X"": one more neg literal of the filter
            if what[0] != "np" or out["from"] is None:
                raise ValueError("an exception of a Special Summon that summons no noun phrase from a place")
            lo, hi, alts = what[1]
            out["what"] = ("np", (lo, hi, [a | {("neg", exc[1])} for a in alts]))
        if out["what"][0] == "np":
            np = out["what"][1]
            if getattr(np, "where", None) is not None or getattr(np, "except_self", False):
                raise ValueError("a place or postmodifier of the monsters a Special Summon summons")
            if getattr(np, "token_stats", None) is not None:
                return self._token_summon(np, out)
            out["what"] = ("np", tuple(np))
        return out

    def _token_summon(self, np, summon: dict):
        raise ValueError("a Token's stats (not read)")   # fx_tokens reads them

    def add_to_hand(self, items):
        np = items[1]
        if len(items) > 3:
            np = (np[0], np[1], [a | {("neg", items[3][1])} for a in np[2]])
        return {"do": "add_to_hand", "what": tuple(np), "from": items[2]}

    def draw(self, items):
        return {"do": "draw", "n": items[1]}

    def destroy_target(self, _):
        return {"do": "destroy_target"}

    def destroy_upto(self, items):
        what, per = items[1], items[2]
        if what.where != ("both", "field") or per.where != ("me", "field") or not per.except_self:
            raise ValueError("a destruction up to a number effects do not read")
        return {"do": "destroy_upto", "what": tuple(what), "per": tuple(per), "per_side": "me", "per_other": True}

    def damage(self, items):
        return {"do": "damage", "n": items[1], **_per(items[2] if len(items) > 2 else None)}

    def damage_they(self, items):
        np = items[2]
        if np.where is not None:
            raise ValueError("a place before \"they control\" (not read)")
        return {"do": "damage", "n": items[1], **_per(np, ("opp", "field"))}

    def destroyed_noun(self, items):
        return ("destroyed_noun", str(items[0]))

    def damage_self(self, items):
        return {"do": "damage_self", "n": items[0]}

    def damage_destroyed(self, items):
        n = next(i for i in items if isinstance(i, int))
        kind = next(i[1] for i in items if isinstance(i, tuple) and i[0] == "destroyed_noun")
        return {"do": "damage_destroyed", "n": n, "kind": kind}

    def gain_lp(self, items):
        n = next(i for i in items if isinstance(i, int) and not isinstance(i, bool))
        return {"do": "gain_lp", "n": n, **_per(next((i for i in items if isinstance(i, tuple)), None))}

    def set_from_deck(self, items):
        return {"do": "set_from_deck", "what": tuple(items[-1])}

    def lock(self, items):
        # the action of the statics family's locks (fx_statics.facts), ending with the turn
        scope = "extra" if "extra" in items else "any"
        alts = items[-1][2] if items and isinstance(items[-1], tuple) else None
        return {"do": "statics_lock", "scope": scope, "when": "rest", "pos": "any", "except": alts}

    def lock_from_extra(self, _):
        return "extra"

    def lock_resolves(self, _):
        return "resolves"

    def extra_normal_summon(self, _):
        return {"do": "extra_normal_summon"}

    def face_down(self, _):
        return {"do": "face_down_self"}

    def negate_effects(self, items):
        # "Special Summon it, but negate its effects": a rider; the negate family reads the action
        plain = str(items[1]) == "its effects" and items[2] is None
        return Clause(rider=("negated",) if plain else None)

    def subject_it(self, _):
        return "it"

    def subject_target(self, _):
        return "target"

    def subject_self(self, _):
        return "self"

    def subject_they(self, _):
        return "they"

    # sentences ------------------------------------------------------------------------------
    def soft_once(self, _):
        return "soft_once"

    def you_can(self, _):
        return "you_can"

    def effect(self, items):
        out = {"kind": "effect", "soft_once": False, "cond": None, "optional": False, "pre": [], "actions": []}
        for it in items:
            if it == "soft_once":
                out["soft_once"] = True
            elif it == "quick":
                out["quick"] = True
            elif it == "you_can":
                out["optional"] = True
            elif isinstance(it, dict):
                out["actions"] = [it]
                out["optional"] = True
            elif isinstance(it, tuple) and it[0] == "body":
                out["pre"], out["actions"] = it[1], it[2]
                if len(it) > 3:   # effect_clauses.body_while: the condition said inside the body
                    if out["cond"] is not None:
                        raise ValueError("two conditions of one activation")
                    out["cond"] = it[3]
            elif isinstance(it, tuple) and it[0] == "choice":
                out["kind"], out["pre"] = "modal", it[1]
            elif isinstance(it, tuple) and it[0] in ("trigger", "state", "phase", "grave"):
                out["cond"] = it
            elif isinstance(it, tuple) and it[0] == "phase_summoned":
                # "During the End Phase, if this card was Normal Summoned this turn: You can ..." (a
                # Spirit's return is fx_puzzles'): in a line the turn player's phase, as "your"
                _, when, phase, (_, events, this_turn) = it
                if when != "during the" or phase not in ("End Phase", "Main Phase") or not this_turn \
                        or not set(events) <= {"normal", "special"}:
                    raise ValueError("an activation condition of a phase effects do not read")
                out["cond"] = ("phase", "end" if phase == "End Phase" else "main", events)
        return out

    def effect_comma(self, items):
        # "When this card is sent to the Graveyard, draw 1 card": the older wording of a trigger.
        # Only an event is read so; "During each of your End Phases, this card loses 500 ATK" and
        # "If you control ..., ..." are continuous effects in that wording.
        out = self.effect(items)
        if out["cond"] is None or out["cond"][0] != "trigger":
            raise ValueError("an older wording (a comma before the effect) of a condition that is not an event")
        return out

    def mode(self, items):
        body = items[0]
        if body[0] != "body":
            raise ValueError("a choice of effects in a bullet")
        return {"kind": "mode", "pre": body[1], "actions": body[2]}

    def hard_each(self, items):
        return {"kind": "limit", "limit": "hard_each", "name": self._name(items)}

    def hard_this(self, items):
        return {"kind": "limit", "limit": "hard_this", "name": self._name(items)}

    def activate_once(self, items):
        return {"kind": "limit", "limit": "activate_once", "name": self._name(items)}

    def shared_once(self, items):
        return {"kind": "limit", "limit": "shared", "name": self._name(items)}

    def only_one(self, items):
        return {"kind": "rule", "rule": "only_one", "name": self._name(items)}

    def only_one_arch(self, items):
        got = self._quoted(next(i for i in items if isinstance(i, Token) and i.type == "QUOTED"), True)
        if got[0] != "archetype":
            raise ValueError("You can only control 1 of a named monster (not read)")
        return {"kind": "rule", "rule": ("only_one_arch", got), "name": None}

    def ss_once(self, items):
        return {"kind": "rule", "rule": "ss_once", "name": self._name(items)}

    def kind_once(self, items):
        # "You can only Link Summon "X" once per turn": the Summons of that method only, by any
        # means (a procedure or an effect's Summon); card_rules.lp counts them by name
        kind = str(items[0]).lower()
        if kind not in ("fusion", "synchro", "xyz", "link"):
            raise ValueError(f"You can only {kind} Summon once per turn (not read)")
        return {"kind": "rule", "rule": ("summon_once", f"{kind}_summon"), "name": self._name(items)}

    def placed_by(self, items):
        # "This card can only be placed on the field by the effect of "X"": the other card's name
        # is the rule's argument, not whose rule it is
        kind, code = self._name(items)
        if kind != "name":
            raise ValueError("placed on the field by the effect of an archetype (not read)")
        return {"kind": "rule", "rule": ("placed_by", code), "name": None}

    def damage_echo(self, items):
        # the "except" names the card itself (read_card checks the name)
        n = next(i for i in items if isinstance(i, int))
        return {"kind": "rule", "rule": ("damage_echo", n), "name": self._name(items)}

    def piercing(self, _):
        return {"kind": "rule", "rule": "piercing", "name": None}

    def direct_attack(self, _):
        return {"kind": "rule", "rule": "direct_attack", "name": None}

    def battle_indestructible(self, _):
        return {"kind": "rule", "rule": "battle_indestructible", "name": None}

    def no_special(self, _):
        return {"kind": "rule", "rule": "no_special", "name": None}

    def effect_indestructible(self, _):
        return {"kind": "rule", "rule": "effect_indestructible", "name": None}

    def both_indestructible(self, _):
        return {"kind": "rules", "rules": ["battle_indestructible", "effect_indestructible"], "name": None}

    def mutual_battle(self, _):
        return {"kind": "rule", "rule": "mutual_battle", "name": None}

    def material_forbidden(self, items):
        kind, _, rest = str(items[-1]).partition(" ")
        if kind not in ("Link", "Synchro") or (kind == "Link" and rest != "Material"):
            raise ValueError(f"{items[-1]} (not read)")
        return {"kind": "rule", "rule": ("no_material", kind.lower()), "name": None}

    def material_forbidden_except(self, items):
        # "Cannot be used as Synchro Material, except for the Synchro Summon of a "Dragunity" monster"
        rule = self.material_forbidden(items[:1])   # the forbidden_material words
        if rule["rule"][1] != "synchro":
            raise ValueError("a material restriction with an exception other than of Synchro Summons (not read)")
        alts = next(i for i in items if isinstance(i, tuple))[2]
        return {"kind": "rule", "rule": ("no_material_except", "synchro"), "name": None, "filter": alts}

    def no_battle_phase(self, _):
        return {"kind": "after", "after": "no_battle_phase"}

    def no_attack_after(self, _):
        return {"kind": "after", "after": "no_attack"}

    def rule(self, items):
        return items[0]

    def harmless(self, _):
        return {"kind": "harmless"}

    def linked_destruction(self, items):
        return {"kind": "linked_destruction"}

    def sentence(self, items):
        return items[0]


def _clean(text: str) -> str:
    # Quoted names go to the grammar as QUOTED tokens; the typographic bullet starts a mode.
    return re.sub(r"\s+", " ", text).strip()


def effect_sentences(card: Card) -> list[str]:
    """The sentences of a card's text that are effects (not the material line, not flavour text,
    not the summoning rules requirements.py reads); a bullet list stays one unit with its head."""
    if "normal" in card.kinds and card.is_monster and not card.is_pendulum:
        return []
    text = card.monster_text if card.is_monster else card.text.replace("\r\n", "\n")
    lines = [ln.strip() for ln in text.split("\n")]
    if card.is_extra_deck and lines and not _NO_MATERIAL_LINE.match(lines[0]):
        lines = lines[1:]  # the material line (requirements.py)
    out: list[str] = []
    for ln in lines:
        if not ln or ln.startswith("*") or ln.startswith("("):
            if ln.startswith("(") and not ln.endswith(")"):
                out.append(ln)
            continue
        if ln.startswith("●") and out:
            out[-1] += " " + ln
            continue
        for s in _sentences(ln):
            # A Contact Fusion's reminder (requirements.py reads the procedure) is kept with the
            # sentence after it by the splitter, as it ends inside its parentheses.
            s = _CONTACT_REMINDER.sub("", s)
            # The splitter keeps a sentence in parentheses with the one after it ("(You can only
            # gain this effect once per turn.) If this card is banished: ..."): two sentences.
            gain = _GAIN_ONCE.match(s)
            if gain and s[gain.end():]:
                out.append(gain.group(1))
                s = s[gain.end():]
            if not s or _SUMMON_RULES.match(s):
                continue
            if s == "This card cannot be Normal Summoned or Set." and card.special_summon_only:
                continue  # the data's Special-Summon-only flag (ss_only/1) says the same
            out.append(_clean(s))
    # Call of the Haunted's pair of sentences is read as one.
    joined: list[str] = []
    for s in out:
        if joined and _LINK_PAIR.match(s) and joined[-1].startswith("When this card leaves"):
            joined[-1] += " " + s
        elif "gemini" in card.kinds and _GEMINI_HEAD.match(s) and "●" in s:
            # A Gemini monster's effects, which it has once Gemini Summoned: the head (fx_stats,
            # gemini.lp) and each sentence of the bullets on its own.
            head, *bullets = [x.strip() for x in s.split("●")]
            joined += [head] + [x for b in bullets for x in _sentences(b)]
        else:
            joined.append(s)
    return joined


_CONTACT_REMINDER = re.compile(r'^\(You do not use "[^"]+"\.\)\s*')
_GAIN_ONCE = re.compile(r"^(\(You can only gain this effect once per turn\.\))\s*")

# An Extra Deck monster with no material line ("Must be Special Summoned with "Mask Change".
# Cannot be destroyed by card effects."): its first line is read too.
_NO_MATERIAL_LINE = re.compile(r"(?:Must be|Cannot be) ")

# The second sentence of a card linked to a monster (Call of the Haunted; fx_negate's "leaves").
_LINK_PAIR = re.compile(r"When (?:that monster is destroyed|that monster leaves the field|it leaves the field|"
                        r"that monster is removed from the field)")
_GEMINI_HEAD = re.compile(r"While this card is (?:a Normal Monster|face-up) on the field, you can Normal Summon it to have it "
                          r"(?:become|be treated as) an Effect Monster with (?:this effect|these effects)[.:]")


def _face_up(alts: list) -> list:
    """A condition's filter: what it says of a card beyond "monster" is seen on face-up cards only
    (where a monster was Special Summoned from is known of a face-down one too)."""
    return [a | {("pos", ("faceup",))} if any(s == "pos" and x not in (("kind", "monster"), ("from_extra",)) for s, x in a)
            else a for a in alts]


def _counted_on(it, alts: list) -> str:
    """Where a condition counts: "cards", Spells and Traps in every zone of the field, anything
    else (monsters, Tuners, a monster's name) in the Monster Zones (procedures.lp's cond_in/4)."""
    cards = it.noun is not None and it.noun[2] in ("CARD_NOUN", "CARDS", "CARD_S", "CARD_CAP", "CARDS_CAP",
                                                   "SPELL_TRAP_NOUN", "SPELLS_NOUN")
    spells = any(("pos", ("kind", k)) in a for a in alts for k in ("spell", "trap"))
    return "field_cards" if cards or spells else "field"


def read_elsewhere(card: Card) -> bool:
    """Ritual and Fusion Spells: requirements.py reads them (the ritual_summon / fusion_summon
    actions), not this grammar."""
    return card.is_spell and ("ritual" in card.kinds or bool(re.match(r"Fusion Summon 1 ", card.text)))


def read_card(card: Card, lib: Library) -> CardEffects:
    out = CardEffects()
    if read_elsewhere(card):
        # Played by the ritual_summon / fusion_summon actions only when requirements.py reads the
        # Spell (Polymerization's wording, a Ritual Spell it understands): any other (Miracle Fusion,
        # "by banishing Fusion Materials ...") is never played, so it is not understood.
        from oracle.yugioh.requirements import requirements

        req = requirements(card, lib)
        if not req.facts or req.unsupported is not None:
            out.unsupported = req.unsupported or "a Fusion Spell without Polymerization's wording (not read)"
        return out
    sentences = effect_sentences(card)
    out.sentences = len(sentences)
    parsed = []
    for s in sentences:
        try:
            unit = _parse_unit(s, lib)
            parsed += unit["units"] if unit["kind"] == "bullets" else [unit]
        except (LarkError, ValueError, KeyError):
            out.unsupported = s
            return out
    number = 0
    effects: list[Effect] = []
    rules: list[dict] = []
    card_facts: list[clingo.Symbol] = []
    rule_k = 0
    gemini = False
    group = 0   # fx_modes: the first effect of the bullets a frequency clause heads
    only_if = None   # fx_timing: "Activate only if you control ...", for the card's effect after it
    for p, before in zip(parsed, [None] + parsed):
        if p["kind"] == "activate_only":
            if effects or rules or only_if or not (card.is_spell or card.is_trap) or fx_zones.lasting(card):
                out.unsupported = "'Activate only if ...' other than before a Normal/Quick-Play Spell's or Normal Trap's effect"
                return out
            only_if = p["cond"]
            continue
        if p["kind"] == "group":
            group = len(effects)
            continue
        if p["kind"] == "limit":
            scope = effects[group:] if p.get("group") else effects
            if p.get("group") and not scope:
                out.unsupported = "a limit of bullets that are no effects"
                return out
            if p["name"] != ("name", card.name_code) and not (p["name"] is None and p["limit"] == "family"):
                out.unsupported = "a limit naming another card"
                return out
            if p["limit"] == "family":
                # a family's frequency clause: of the effect before it, or of every effect
                if not effects:
                    out.unsupported = "a limit before any effect"
                    return out
                for e in effects[-1:] if p["previous"] else scope:
                    e.limits += [p["as"]] + ([p["also"]] if "also" in p else [])
                    e.conds += [p["cond"]] if "cond" in p else []
                continue
            if p["limit"] == "hard_this":
                if not effects:
                    out.unsupported = "a limit before any effect"
                    return out
                effects[-1].limits.append("hard")
            else:
                for e in scope:
                    e.limits.append({"hard_each": "hard", "activate_once": "activate_once", "shared": "shared"}[p["limit"]])
            continue
        if p["kind"] == "harmless":
            continue
        if p["kind"] == "after_rule":
            # a rider of the card's rule before it (fx_battle: the Goblins' kept Defense Position)
            if not any(r["rule"] == p["needs"] for r in rules):
                out.unsupported = "a rider of a rule the card does not have before it"
                return out
            continue
        if p["kind"] == "gain_once":
            # fx_statics: "(You can only gain this effect once per turn.)" says of the additional
            # Normal Summon before it what normal.lp already plays for a face-up card's (once per
            # turn, by name), and makes a grant for the rest of the turn once per turn by name
            last_rule = rules[-1]["rule"] if rules and isinstance(rules[-1]["rule"], tuple) else ("",)
            grants = [a for m in (effects[-1].modes if effects else []) for a in m
                      if isinstance(a, dict) and a.get("do") == "grant_turn_ns"]
            if last_rule[0] == "ns_after" and before is rules[-1]:
                rules[-1]["rule"] = last_rule[:3] + ("once",)
            elif grants and before is not None and before.get("kind") == "effect":
                for a in grants:
                    a["once"] = True
            elif last_rule[0] != "extra_ns":
                out.unsupported = "(You can only gain this effect once per turn.) after another sentence than an additional Normal Summon"
                return out
            continue
        if p["kind"] == "gemini_effects":
            # "While this card is a Normal Monster on the field, you can Normal Summon it to have it
            # become an Effect Monster with this effect": gemini.lp plays the Gemini Summon and the
            # effects after it only while the monster is Gemini Summoned.
            if "gemini" not in card.kinds:
                out.unsupported = "a Gemini monster's sentence on another card"
                return out
            gemini = True
            continue
        if p["kind"] == "card_facts":
            # A family's rule of the card itself (fx_stats: "This card's name becomes ..."): its
            # facts, from the card and the rule's number.
            try:
                rule_k += 1
                card_facts += p["facts"](card, rule_k)
                rule_k += p.get("keys", 1) - 1   # a rule of several parts numbers each (fx_stats.stats_all)
            except ValueError as e:
                out.unsupported = f"{e}"
                return out
            continue
        if p["kind"] == "rules":
            rules += [{"rule": r, "while": p.get("while")} for r in p["rules"]]
            continue
        if p["kind"] == "after":
            # "You cannot conduct your Battle Phase the turn you activate this card/effect", "This
            # card cannot attack the turn you activate this effect": a rider of the effect before.
            if not effects:
                out.unsupported = "a restriction before any effect"
                return out
            after = p["after"] if isinstance(p["after"], dict) else {"do": p["after"]}
            effects[-1].modes = [m + [after] for m in effects[-1].modes]
            continue
        if p["kind"] == "after_opponent_only":
            # fx_puzzles: a rider of an effect the turn player never activates (type opponent: the
            # opponent's Summon or attack); nothing of it is ever played
            if not effects or effects[-1].type != "opponent":
                out.unsupported = "a rider of what a face-down monster may do after an effect the turn player activates (not read)"
                return out
            continue
        if p["kind"] == "after_no_flip":
            # fx_puzzles: "(Flip monsters' effects are not activated.)" of the change of battle
            # position to face-up that ends every mode of the effect before
            last = [m[-1] if m else None for m in effects[-1].modes] if effects else [None]
            if any(not (isinstance(a, dict) and (a.get("do") == "puzzles_change_pos" and a["to"] != "set"
                                                 or a.get("do") == "zones_change_pos" and a["who"] == "target"))
                   for a in last):
                out.unsupported = "'(Flip monsters' effects are not activated.)' after another action than a change to face-up"
                return out
            for a in last:
                a["no_flip"] = True
            continue
        if p["kind"] == "after_rider":
            # a rider said after the sentence of its summon (or Set): the last action of every mode
            # of the effect before must be that one Special Summon (or Set from the Deck)
            last = [m[-1] if m else None for m in effects[-1].modes] if effects else [None]
            if p["rider"] == ("ready",):
                if any(not (isinstance(a, dict) and a.get("do") in ("set_from_deck", "removal_set")) for a in last):
                    out.unsupported = "'It can be activated this turn' after another action than a Set"
                    return out
                for a in last:
                    a["ready"] = True
                continue
            if any(not (isinstance(a, dict) and a.get("do") == "special_summon") for a in last):
                out.unsupported = "a rider after another action than a Special Summon"
                return out
            for a in last:
                a["riders"] = a["riders"] + [p["rider"]]
            continue
        if p["kind"] == "rule":
            if p["name"] not in (None, ("name", card.name_code)):
                out.unsupported = "a rule naming another card"
                return out
            if p["rule"] == "only_one" and not card.is_monster:
                out.unsupported = "You can only control 1 of a Spell or Trap (not read)"
                return out
            rules.append(p)
            continue
        if p["kind"] == "linked_destruction":
            if not effects:
                out.unsupported = "a linked destruction without an effect"
                return out
            # fx_negate: "When this card leaves the field, destroy that monster." alone is one way
            effects[-1].modes[0].append({"do": "link_one" if p.get("one_way") else "link"})
            if p.get("leaves"):
                # fx_negate: "When that monster leaves the field, destroy this card" (any way out)
                effects[-1].modes[0].append({"do": "link_leaves"})
            continue
        try:
            grant = fx_statics.grant_rule(p) if p["kind"] == "effect" else None
        except ValueError as e:
            out.unsupported = f"{e}"
            return out
        if grant is not None:
            rules.append(grant)
            continue
        number += 1
        try:
            effects.append(_effect(card, number, p))
        except ValueError as e:
            out.unsupported = f"{e}"
            return out
        if only_if is not None:
            if effects[-1].type not in ("spell", "trap"):
                out.unsupported = "'Activate only if ...' before an effect that is not the card's activation"
                return out
            effects[-1].conds.append(only_if)
            only_if = None
    if only_if is not None:
        out.unsupported = "'Activate only if ...' with no effect after it"
        return out
    if gemini and (rules or any(e.where != ["field"] or (e.type == "trigger" and not e.optional) for e in effects)):
        # gemini.lp switches off the effects activated on the field; a rule of the card, an effect
        # from another place or a mandatory trigger would need the same switch elsewhere.
        out.unsupported = "a Gemini effect other than an optional one activated on the field (not read)"
        return out
    out.effects = effects
    out.rules = [r["rule"] for r in rules]
    # "This card cannot be Special Summoned" is the no_special/1 fact requirements.py writes for
    # "Cannot be Special Summoned"; every other rule is rule/2 (card_rules.lp, fx_statics.py).  A
    # Continuous Spell/Trap whose text is only rules (Gravity Bind) is still activated: effect 0 of
    # fx_zones.card_activation, after which its rules hold.
    try:
        out.facts = effect_facts(card.code, effects) + fx_zones.card_activation(card, effects) + card_facts
        if any(f.name != "eff_cost_from" and clingo.Function("faceup_field") in f.arguments for f in out.facts):
            # "your face-up field" is a place of costs only (procedures.lp's cost_place/3)
            raise ValueError("a face-up field effects do not read there")
    except ValueError as e:
        # an action read whole but without what its facts need ('Special Summon 1 "Baby Mantis
        # Token".': no place, no stats)
        out.unsupported = f"{e}"
        return out
    for r in rules:
        out.facts += ([clingo.Function("no_special", [clingo.Number(card.code)])] if r["rule"] == "no_special"
                      else fx_statics.rule_facts(card.code, r))
    return out


def normalized(sentence: str) -> str:
    """The sentence with every quoted name as "X": the grammar treats all names alike, so this is
    the unit of the grammar's answer (and of the coverage report's counts)."""
    return re.sub(r'"[^"]*"', '"X"', sentence)


def _controlled_places(np) -> list[str]:
    """Where the cards of a noun phrase "you control" are, for procedures.lp's cost_place/3: the
    Monster Zones for a monster, the Spell & Trap Zones (the Field Zone among them) for a Spell or
    Trap, both for a card."""
    if np.where != ("me", "field"):
        raise ValueError("a cost from a place the text does not name as yours")
    places: list[str] = []
    for alt in np[2]:
        kinds = {lit[1][1] for lit in alt if lit[0] == "pos" and lit[1][0] == "kind"}
        here = ["field"] if "monster" in kinds else ["spell_trap"] if kinds & {"spell", "trap"} else ["field", "spell_trap"]
        places += [pl for pl in here if pl not in places]
    return places


@lru_cache(maxsize=None)
def accepted(sentence: str) -> bool:
    """Whether the grammar reads a (normalized) sentence, bullets included."""
    # The parser is built outside the ``try``: a grammar file that does not load is a defect of
    # the package, never a sentence "not understood" (that would make every card unsupported).
    grammar = parser()
    try:
        if "●" in sentence:
            head, *bullets = [x.strip() for x in sentence.split("●")]
            choice = _is_choice(grammar.parse(head, start="sentence"))
            for b in bullets:
                # the modes of a choice, or (after a frequency clause) effects of their own
                for x in [b] if choice else _sentences(b):
                    grammar.parse(x, start="mode" if choice else "sentence")
        else:
            grammar.parse(sentence, start="sentence")
    except (LarkError, Unsupported):
        return False
    return True


def _is_choice(tree) -> bool:
    """Whether a sentence's tree is a choice of effects ("... activate 1 of these effects")."""
    return any(t.data == "choose_one" for t in tree.iter_subtrees())


@lru_cache(maxsize=1)
def _vocabulary() -> Vocabulary:
    return Vocabulary(parser())


def _parse_unit(sentence: str, lib: Library) -> dict:
    # Parsing a sentence once says both whether the grammar reads it (a LarkError when not) and
    # what it says.
    tree = _Tree(lib)
    if "●" in sentence:
        head, *bullets = [x.strip() for x in sentence.split("●")]
        result = tree.transform(_parse(head, "sentence"))
        if result["kind"] == "limit":
            # fx_modes: "You can only use each of these effects of "X" once per turn. ● A ● B": the
            # bullets are effects of their own, and the clause (read after them) limits those only
            units = [_parse_unit(x, lib) for b in bullets for x in _sentences(b)]
            return {"kind": "bullets", "units": [{"kind": "group"}, *units, result | {"group": True}]}
        if result["kind"] != "modal":
            raise ValueError("bullets after a sentence that is neither a choice of effects nor a limit of them")
        result["modes"] = [tree.transform(_parse(b, "mode")) for b in bullets]
        return result
    result = tree.transform(_parse(sentence, "sentence"))
    if result["kind"] == "modal":
        raise ValueError("a choice of effects without its bullets")
    return result


def _parse(text: str, start: str):
    """The parse tree of a sentence; a word outside the vocabulary is a ValueError (not understood)."""
    try:
        return parser().parse(text, start=start)
    except Unsupported as e:
        raise ValueError(str(e)) from None


# Events of a card arriving in the GY that a Spell/Trap going there as its own activation resolves
# never sets off in the game (that move is by the rules: no cost, no card effect, no destruction).
_NOT_BY_RESOLUTION = frozenset({"sent_cost_monster", "sent_gy_effect", "destroyed_gy", "destroyed_effect_gy",
                                "discarded", "discarded_effect"})


def _stays_trigger(card: Card, cond) -> bool:
    """A trigger in the GY of a Spell/Trap that stays on the field once activated (Continuous,
    Field, Equip): it leaves the field by the rules' moves (leaves/2), which set off its events.  A
    Normal or Quick-Play Spell or a Normal Trap goes to the GY as its activation resolves, which
    sets off no event here (activate.lp's spent/2), so only its triggers on events that move never
    is are read ("If this card is sent to the GY to activate a monster effect", "... by card
    effect"); "If this card is sent to the GY" is not."""
    if not (cond and cond[0] == "trigger" and cond[3:] == (["graveyard"],)):
        return False
    return fx_zones.stays_on_field(card) or set(cond[2]) <= _NOT_BY_RESOLUTION


# The Summons of this card that a trigger's event names ("If this card is Synchro Summoned").
_OWN_SUMMONS = frozenset({"normal", "special", "flip", "synchro", "xyz", "link", "fusion", "ritual", "pendulum"})


def _summoned_itself(cond) -> bool:
    return bool(cond and cond[0] == "trigger" and cond[2] and all(
        (ev[0] == "special_from" if isinstance(ev, tuple) else ev in _OWN_SUMMONS) for ev in cond[2]))


def _destroyed_by_it(cond) -> bool:
    """A trigger on this card's destroying a monster by battle and sending it to the GY only."""
    return bool(cond and cond[0] == "trigger" and cond[2] == ["destroys_battle_gy"])


def _effect(card: Card, number: int, p: dict) -> Effect:
    e = Effect(number, "ignition", optional=p["optional"], soft_once=p["soft_once"])
    cond = p["cond"]
    on_event = False
    if cond in (("opponent_turn",), ("static",)) or (cond is not None and cond[:3] == ("trigger", "when", ["opponent"])):
        # Never activated in the turn player's line: "opponent" (only on the opponent's turn, or
        # answering what only the opponent does: fx_puzzles, fx_chains), "static" (applies by
        # itself: Exodia).  One mode, so that a line naming it is told why.
        e.type = "static" if cond == ("static",) else "opponent"
        e.modes, e.mode_pre = [list(p["actions"])], [([], None)]
        return e
    if cond is not None and cond[0] == "answer":
        # fx_negate: "When ... is activated": a chain link answering the link before it (negate.lp).
        if not (card.is_trap or p.get("quick")):
            raise ValueError("an answer to an activation that is neither a Trap nor a Quick Effect")
        e.answer, cond = cond[1], None
    if (card.is_spell or card.is_trap) and (fx_timing.set_card_trigger(cond) or _stays_trigger(card, cond)
                                            or fx_watch.face_up_watcher(card, cond)):
        # "If this Set card is destroyed by card effect", "When this card is sent from the field to
        # the GY", "If a monster you control is destroyed" on a Continuous card: a trigger of the
        # Spell/Trap from where it then is, not its activation
        e.type, e.timing, e.events, e.where = "trigger", cond[1], cond[2], cond[3]
        e.seen_filter = cond[4] if len(cond) > 4 else None
        e.conds = list(cond[5]) if len(cond) > 5 else e.conds   # fx_watch: "..., if you control ..."
    elif card.is_spell or card.is_trap:
        e.type = "spell" if card.is_spell else "trap"
        if fx_watch.activated_on_event(card, cond):
            # "When a monster you control is destroyed by battle ...: Special Summon ..." (Hero
            # Signal): the card is activated right after what it watches, in the chain that event
            # opens (chain.lp: an activation on an event), never at open game state.
            if len(cond) > 5:
                raise ValueError("a Spell/Trap activated on an event with a condition (not read)")
            e.timing, e.events, e.seen_filter = cond[1], cond[2], cond[4]
            cond, on_event = None, True
        if cond == ("phase", "main"):
            # "During the Main Phase: ..." (Starry Knight Arrival): activated in a Main Phase only,
            # as a monster's phase condition (activate.lp's wrong_phase; battle.lp moves a line in
            # the Battle Phase on to Main Phase 2 for it)
            e.phase, cond = "main", None
        # "Once per turn, during your Standby Phase: Take 1000 damage." (the Dark Contracts): a
        # mandatory effect of the face-up card in that phase, owed before the phase ends, as a
        # monster's is (below)
        duty = (cond is not None and cond[0] == "phase" and len(cond) == 2 and cond[1] in ("standby", "end")
                and fx_zones.lasting(card) and not p["optional"])
        if duty:
            e.phase, cond = cond[1], None
        if cond is not None and cond[0] not in ("grave", "state"):   # fx_grave: an effect in the GY
            raise ValueError("a Spell/Trap effect with an activation condition")
        if cond is not None and cond[0] == "state":
            # "If you control "Dark Magician": ...": read when the card (or its effect) is activated
            e.conds = cond[1]
        e.optional = not duty
        e.where = ["hand", "set"] if card.is_spell else ["set"]
        if duty and not e.soft_once and "soft" not in e.limits:
            e.limits.append("soft")   # once in each such phase, and a turn has one
        if fx_zones.lasting(card) and (p["optional"] or duty):
            # "You can ..." on a Continuous or Field Spell/Trap: an effect of the card face-up on
            # the field, once the card itself was activated (fx_zones.card_activation), not that
            # activation; a Quick Effect there too ("During either player's turn": fx_timing).
            e.type, e.where = "quick" if p.get("quick") else "ignition", ["field"]
    elif cond and cond[0] == "trigger":
        e.type, e.timing, e.events = "trigger", cond[1], cond[2]
        e.seen_filter = cond[4] if len(cond) > 4 else None
        e.conds = list(cond[5]) if len(cond) > 5 else e.conds   # fx_watch: "..., if you control ..."
        e.where = (cond[3] if len(cond) > 3 else  # a family's event says where its card then is
                   ["graveyard"] if cond[2] in (["destroyed_battle"], ["sent_gy"]) else ["field"])
    else:
        # A Quick Effect is activated by the turn player at open game state like an ignition
        # effect, or as a response in the turn player's own chain (chain.lp).
        e.type = "quick" if p.get("quick") else "ignition"
        phase_once = bool(cond) and cond[0] == "phase" and cond[1] in ("standby", "end", "battle_start")
        if phase_once and cond[1] == "battle_start" and (not p["optional"] or len(cond) > 2):
            raise ValueError("a mandatory effect at the start of the Battle Phase (not read)")
        # fx_grave reads "During each of your Standby Phases" (of a card on the field, no condition)
        each_phase = bool(cond) and cond[0] == "grave" and cond[1] is None and cond[2] in ("standby", "end") \
            and not cond[4] and len(cond) == 5
        if not p["optional"] and not (phase_once and len(cond) == 2) and not each_phase:
            raise ValueError("an effect that is neither a trigger nor optional")
        e.optional = p["optional"]
        e.where = ["field"]
        if cond and cond[0] == "state":
            e.conds = cond[1]
        if cond and cond[0] == "phase":
            e.phase = cond[1]
            e.summoned_turn = list(cond[2]) if len(cond) > 2 else []
            e.conds = list(cond[3]) if len(cond) > 3 else e.conds
        if phase_once and not e.soft_once and "soft" not in e.limits:
            # "During your End Phase: ..." happens once in each such phase, and a turn has one; a
            # mandatory one ("Send the top 2 cards of your Deck to the GY") is owed before the phase
            # ends, which is after the line (a position in that phase; a line never changes it)
            e.limits.append("soft")
    modes = p["modes"] if p["kind"] == "modal" else [p]
    for m in modes:
        costs, target = [], None
        for item in m["pre"]:
            if item[0] == "self" and item[3:] == ("it",):
                # fx_grave: "You can reveal it;" reveals this card only as a trigger of its own draw
                if cond != ("trigger", "when", ["drawn"], ["hand"]):
                    raise ValueError("a reveal of 'it' after another condition than this card's draw")
                item = item[:3]
            if item[0] in TARGET_HEADS:
                if target is not None:
                    raise ValueError("two targets")
                target = [(item[1], item[2])] if item[0] == "target" else item[1]
                if len(target) > 1:
                    _two_group_actions(m["actions"])
            else:
                costs.append(item)
        untargeted = [a for a in m["actions"] if a["do"] == "special_summon" and a["what"] == ("target",)]
        if target is None and untargeted and _destroyed_by_it(cond):
            # "When this card destroys an opponent's monster by battle and sends it to the GY: You
            # can Special Summon that monster" (Goyo Guardian): the monster it destroyed (puzzles.lp)
            for a in untargeted:
                a["what"] = ("destroyed",)
        elif target is None and untargeted:
            if not fx_grave.it_is_this_card(cond):
                # "Special Summon it / that monster / them" with nothing targeted (a monster that
                # destroyed, a card drawn): what it names is not read (fx_summon)
                raise ValueError("a Special Summon of a monster the effect does not target")
            for a in untargeted:
                a["what"] = ("self",)
        if target is None and _summoned_itself(cond):
            # "If this card is Special Summoned from the GY: You can treat it as a Tuner this turn"
            # (White Stingray): with nothing targeted and nothing summoned before it, "it" is this card
            for k, a in enumerate(m["actions"]):
                if a["do"] == "stats" and a["who"] == "it" and \
                        not any(b["do"] == "special_summon" for b in m["actions"][:k]):
                    a["who"] = "self"
        e.mode_pre.append((costs, target))
        e.modes.append(list(m["actions"]))
        mills = [k for k, a in enumerate(m["actions"]) if a["do"] == "mill" and a["who"] == "me"]
        if mills and any(a["do"] == "draw" or "deck" in (a.get("from") or ()) for a in m["actions"][mills[0] + 1:]):
            # resolve.lp sends the top cards the actions before it leave in the Deck; an action on the
            # Deck after them would have to skip the cards sent
            raise ValueError("an action on the Deck after sending its top cards (not read)")
        if any(a["do"] in SUMMONS_AS_IT_RESOLVES for a in m["actions"][:-1]):
            # fx_fusion, fx_ritual: the Summon is played at the step after the link resolves
            # (grants.lp), so that nothing of the effect may come after it
            raise ValueError("an action after a Fusion or Ritual Summon by an effect (not read)")
    if p["kind"] == "modal":
        if has_targets(p["pre"]):
            # fx_modes: a target before the choice would be every bullet's (not read)
            raise ValueError("a target before a choice of effects")
        # costs before the bullets' colon apply to every mode
        for costs, _ in e.mode_pre:
            costs[:0] = [i for i in p["pre"] if i[0] not in TARGET_HEADS]
    # Where the effect is activated from, when its action, condition or a cost of this card says
    # ("Special Summon this card from your GY", "If this card is in your GY", "discard this card").
    fx_grave.finish_effect(card, e, p)
    if on_event and e.type not in ("spell", "trap"):
        # "If ...: You can banish this card from your GY; ..." (Raidraptor - Return): an effect of
        # the card in the GY on another card's event, whose Spell Speed the rules do not settle here
        raise ValueError("an effect of a Spell/Trap in the GY on another card's event")
    return e


# The families of effects read beyond the core, one module each (see docs/card-text.md,
# "Families of effects"): its grammar file ``grammar/effects_<family>.lark`` adds alternatives to
# effects.lark's rules with ``%extend``; the module holds ``Words``, a transformer mixin with the
# methods of that file's rules, and ``facts(head, action)``, the facts of its own actions (None
# for an action that is not its own).
FAMILIES: tuple = (fx_stats, fx_zones, fx_puzzles, fx_chains, fx_statics, fx_battle, fx_grave, fx_summon,
                   fx_negate, fx_modes, fx_timing, fx_tokens, fx_removal, fx_watch, fx_fusion, fx_ritual, fx_selfdestroy)

_Tree = type("_Tree", tuple(m.Words for m in FAMILIES) + (_CoreTree,), {})


# What an effect with two groups of targets may do: every target at once ("destroy them", "return
# them to the hand", "banish them"), and what takes no target (a draw).
_TWO_GROUP_DOS = ("destroy_target", "zones_move", "draw")


def _two_group_actions(actions: list[dict]) -> None:
    for a in actions:
        if a["do"] not in _TWO_GROUP_DOS or (a["do"] != "draw" and not a.get("plural")):
            raise ValueError("an action on one of two groups of targets (not read)")


def _per(np, where: tuple | None = None) -> dict:
    """What an action's "for each ..." counts (resolve.lp's per_fits/3): the monsters of a field."""
    if np is None:
        return {"per": None, "per_side": None, "per_other": False}
    where = where or np.where
    if where not in (("me", "field"), ("opp", "field")):
        raise ValueError("a count of cards elsewhere than on a field")
    return {"per": tuple(np), "per_side": where[0], "per_other": bool(np.except_self)}


def _per_facts(head: list, action: dict) -> list[clingo.Symbol]:
    """Whose field an action's count "for each ... / up to the number of ..." reads (resolve.lp's
    per_fits/3: the turn player's unless eff_per_side says the opponent's), and ", except this
    card" (eff_per_other: the resolving card is not counted)."""
    f = clingo.Function
    out = [f("eff_per_side", head + [f("opp")])] if action["per_side"] == "opp" else []
    return out + ([f("eff_per_other", head)] if action["per_other"] else [])


def _family_facts(head: list, action: dict) -> list[clingo.Symbol]:
    for family in FAMILIES:
        got = family.facts(head, action)
        if got is not None:
            return got
    raise ValueError(f"no facts for the action {action['do']!r}")


# --- facts ------------------------------------------------------------------------------------
def effect_facts(code: int, effects: list[Effect]) -> list[clingo.Symbol]:
    f, n = clingo.Function, clingo.Number
    c = n(code)
    out: list[clingo.Symbol] = []
    for e in effects:
        E = n(e.number)
        out.append(f("effect", [c, E, f(e.type)]))
        out += [f("eff_from", [c, E, f(w)]) for w in e.where]
        if e.optional:
            out.append(f("eff_optional", [c, E]))
        for ev in e.events:
            out.append(f("eff_event", [c, E, sym(ev), f(e.timing)]))
        if e.phase:
            out.append(f("eff_phase", [c, E, f(e.phase)]))
        out += [f("eff_summoned_turn", [c, E, f(how)]) for how in e.summoned_turn]
        if e.seen_filter is not None:
            out += fx_watch.seen_facts(code, e.number, e.seen_filter)
        if e.soft_once:
            out.append(f("eff_limit", [c, E, f("soft")]))
        if e.answer:
            out.append(f("eff_answer", [c, E, f(e.answer)]))
        for lim in dict.fromkeys(e.limits):
            out.append(f("eff_limit", [c, E, f(lim)]))
        pe = f("eff", [E])
        for k, (who, *count) in enumerate(e.conds, 1):
            if who == "lp_lower":
                out.append(f("proc_cond", [c, pe, n(k), f("lp_lower")]))
                continue
            # a count on the field, or where a family's condition says (fx_grave: "in your GY")
            lo, hi, alts, *place = count
            where = place[0] if place else "field"
            out.append(f("proc_cond", [c, pe, n(k), f("count", [f(who), f(where), n(lo), n(hi)])]))
            out += filters("cond_filter", [c, pe, n(k)], alts)
        for m, acts in enumerate(e.modes, 1):
            M = n(m)
            out.append(f("eff_mode", [c, E, M]))
            costs, target = e.mode_pre[m - 1]
            for g, cost in enumerate(costs, 1):
                if cost[0] == "self":
                    out.append(f("eff_cost_self", [c, E, M, f(cost[1])]))
                elif cost[0] == "pay":
                    out.append(f("eff_pay", [c, E, M, n(cost[1])]))
                elif cost[0] == "detach":
                    out.append(f("eff_detach", [c, E, M, n(cost[1])]))
                elif cost[0] == "mill":
                    out.append(f("eff_mill_cost", [c, E, M, n(cost[1])]))   # fx_grave, costs.lp
                else:
                    _, how, what, places = cost
                    lo, hi, alts = what
                    out.append(f("eff_cost", [c, E, M, n(g), f(how), n(lo), n(hi)]))
                    if how in SELF_PAYABLE and getattr(what, "other", True) is False \
                            and not any(k[0] == "self" for k in costs):
                        # "Tribute 1 monster" (not "1 other monster"): the card itself may pay it
                        # (Cannon Soldier), where the effect does not need it (costs.lp)
                        out.append(f("eff_cost_self_ok", [c, E, M, n(g)]))
                    out += [f("eff_cost_from", [c, E, M, n(g), f(pl)]) for pl in places]
                    out += filters("eff_cost_filter", [c, E, M, n(g)], [a | {("pos", ("kind", "monster"))} if how == "tribute" else a for a in alts])
            for g, ((lo, hi, alts), where) in enumerate(target or [], 1):
                # the first group is eff_target/7; a second one ("... and 1 card your opponent
                # controls") eff_target_more/8 (costs.lp's tgroup/8 reads both)
                who, place = where or ("both", "field")
                if g == 1:
                    out.append(f("eff_target", [c, E, M, n(lo), n(hi), f(who), f(place)]))
                    out += filters("eff_target_filter", [c, E, M], alts)
                else:
                    out.append(f("eff_target_more", [c, E, M, n(g), n(lo), n(hi), f(who), f(place)]))
                    out += filters("eff_target_more_filter", [c, E, M, n(g)], alts)
            for k, a in enumerate(acts, 1):
                K = n(k)
                head = [c, E, M, K]
                do = a["do"]
                if do == "special_summon":
                    what = a["what"]
                    if what == ("self",):
                        out.append(f("eff_do", head + [f("summon_self")]))
                    elif what == ("target",):
                        out.append(f("eff_do", head + [f("summon_target")]))
                    elif what == ("destroyed",):
                        out.append(f("eff_do", head + [f("summon_destroyed")]))
                    else:
                        lo, hi, alts = what[1]
                        if a["from"] is None:
                            raise ValueError("a Special Summon that does not say from where")
                        out.append(f("eff_do", head + [f("summon", [n(lo), n(hi)])]))
                        for pl in a["from"]:
                            out.append(f("eff_src", head + [f(pl)]))
                        out += filters("eff_filter", head, alts)
                    if a["position"]:
                        out.append(f("eff_position", head + [f(a["position"])]))
                    for r in a["riders"]:
                        if r != ("end_phase",):
                            out.append(f("eff_rider", head + [sym(r)]))
                elif do == "add_to_hand":
                    lo, hi, alts = a["what"]
                    out.append(f("eff_do", head + [f("search", [n(lo), n(hi)])]))
                    out += [f("eff_src", head + [f(pl)]) for pl in a["from"]]
                    out += filters("eff_filter", head, alts)
                elif do == "send_gy":
                    lo, hi, alts = a["what"]
                    out.append(f("eff_do", head + [f("send_gy", [n(lo), n(hi)])]))
                    out += [f("eff_src", head + [f(pl)]) for pl in a["from"]]
                    out += filters("eff_filter", head, alts)
                elif do == "set_from_deck":
                    lo, hi, alts = a["what"]
                    out.append(f("eff_do", head + [f("set_deck", [n(lo), n(hi)])]))
                    out.append(f("eff_src", head + [f("deck")]))
                    out += filters("eff_filter", head, alts)
                    if a.get("ready"):
                        out.append(f("eff_rider", head + [f("ready")]))
                elif do == "draw":
                    out.append(f("eff_do", head + [f("draw", [n(a["n"])])]))
                elif do == "destroy_target":
                    out.append(f("eff_do", head + [f("destroy_target")]))
                elif do == "destroy_upto":
                    lo, hi, alts = a["what"]
                    out.append(f("eff_do", head + [f("destroy_upto")]))
                    out += filters("eff_filter", head, alts)
                    out += filters("eff_per_filter", head, a["per"][2]) + _per_facts(head, a)
                elif do == "damage":
                    out.append(f("eff_do", head + [f("damage", [n(a["n"])])]))
                    if a["per"]:
                        out += filters("eff_per_filter", head, a["per"][2]) + _per_facts(head, a)
                elif do == "damage_self":
                    out.append(f("eff_do", head + [f("damage_self", [n(a["n"])])]))
                elif do == "damage_destroyed":
                    out.append(f("eff_do", head + [f("damage_destroyed", [n(a["n"]), f(a["kind"])])]))
                elif do == "gain_lp":
                    out.append(f("eff_do", head + [f("gain_lp", [n(a["n"])])]))
                    if a["per"]:
                        out += filters("eff_per_filter", head, a["per"][2]) + _per_facts(head, a)
                elif do == "extra_normal_summon":
                    out.append(f("eff_do", head + [f("extra_normal_summon")]))
                elif do in ("no_battle_phase", "no_attack"):
                    out.append(f("eff_do", head + [f(do)]))
                elif do == "face_down_self":
                    out.append(f("eff_do", head + [f("face_down_self")]))
                elif do == "link":
                    out.append(f("eff_do", head + [f("link")]))
                else:
                    out += _family_facts(head, a)
    return out


def grants_for_the_turn(effects: CardEffects) -> bool:
    """Whether a card's facts grant an additional Normal Summon for the rest of a turn (normal.lp's
    tg_kind/3: an action grant_ns, a rule ns_after)."""
    return not effects.unsupported and any(
        (f.name == "eff_do" and f.arguments[-1].name == "grant_ns")
        or (f.name == "rule" and f.arguments[-1].name == "ns_after") for f in effects.facts)


@lru_cache(maxsize=8192)
def card_effects(card: Card, lib: Library) -> CardEffects:
    return read_card(card, lib)


# The costs from the field the activated monster may pay itself, unless the text says "other".
SELF_PAYABLE = ("tribute", "send", "banish")

CARD_GROUPS = ("effect monsters", "Extra Deck monsters", "Spells", "Traps")


def _family(card: Card) -> str:
    if card.is_spell:
        return "Spells"
    if card.is_trap:
        return "Traps"
    return "Extra Deck monsters" if card.is_extra_deck else "effect monsters"


def coverage(library: Library, top: int = 50) -> dict:
    """The share of official cards with effect text whose every effect sentence is understood, per
    family and overall, and the most frequent sentences not understood (names as "X")."""
    from collections import Counter

    totals: Counter = Counter()
    ok: Counter = Counter()
    missing: Counter = Counter()
    examples: dict[str, str] = {}
    for card in library:
        if card.code >= 100000000 or "token" in card.kinds:
            continue  # official cards only (anime, Rush and pre-release cards have longer codes)
        sentences = effect_sentences(card)
        if not sentences:
            continue
        fam = _family(card)
        totals[fam] += 1
        if read_elsewhere(card):
            from oracle.yugioh.requirements import requirements

            req = requirements(card, library)
            ok[fam] += bool(req.facts) and req.unsupported is None
            continue
        bad = [s for s in sentences if not accepted(normalized(s))]
        for s in bad:
            missing[normalized(s)] += 1
            examples.setdefault(normalized(s), card.name)
        if not bad and not card_effects(card, library).unsupported:
            ok[fam] += 1
    pct = lambda a, b: round(100.0 * a / b, 1) if b else 0.0  # noqa: E731
    return {"families": {f: {"total": totals[f], "understood": ok[f], "percent": pct(ok[f], totals[f])}
                         for f in CARD_GROUPS},
            "overall": {"total": sum(totals.values()), "understood": sum(ok.values()),
                        "percent": pct(sum(ok.values()), sum(totals.values()))},
            "not_understood": [{"count": n, "sentence": s, "example": examples[s]} for s, n in missing.most_common(top)]}
