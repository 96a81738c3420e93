"""The clauses of an effect (effects.lark's `clauses`), read by where they stand: before the ";" a
clause is a cost or a target, after it an action, and after a Special Summon a rider of that summon
(", but negate its effects").  A clause that is read two ways ("discard 1 card": a cost, or an
action) is one rule of the grammar, whose value is a :class:`Clause`; the connectives between
clauses say which joins are read (", then" joins costs and actions; ", but" only a rider).
"""
from __future__ import annotations

from dataclasses import dataclass

from oracle.yugioh.grammar.nouns import MANY

# Heads of the values that are costs or targets (before an effect's ";").
TARGET_HEADS = ("target", "targets")   # one group of targets, or two
COST_HEADS = ("cost", "self", "pay", "detach", "mill", *TARGET_HEADS, "no_cost")


def has_targets(pre: list) -> bool:
    """Whether the clauses before the ";" target anything."""
    return any(isinstance(i, tuple) and i and i[0] in TARGET_HEADS for i in pre)
# How costs and targets are joined ("discard 1 card, then target 1 monster"), how actions are
# ("draw 1 card, then discard 1 card"), and what comes before a rider of a Special Summon (", but
# negate its effects", ", and if you do, banish it when it leaves the field").
_COST_JOINS = (",", ", then", "and", "to")
# Mask Change: "send it to the GY, also, after that, if it left the field by this effect, Special
# Summon ...": the Special Summon happens only if the target left (rider if_target_left).
_IF_LEFT = ", also, after that, if it left the field by this effect,"
# ", then you can add 1 ...": the action after it may be left out (_optional).
_MAY = ", then you can"
_ACTION_JOINS = (", then", ", also", ", also,", ", and", ", and if you do,", "and", _IF_LEFT, _MAY)
# The actions that take cards chosen on resolution: left out, they take none.
_TAKING = ("add_to_hand", "send_gy", "special_summon")
_RIDER_JOINS = (",", ", but", ", also", ", and if you do,")


@dataclass(frozen=True)
class Clause:
    """A clause read two ways, by where it stands: as a cost (or target), as an action, or as a rider
    of the Special Summon before it; None where it is not read so."""
    cost: object = None
    action: object = None
    rider: object = None


def is_rider(value) -> bool:
    """A rider's value: a tuple that is no cost ("negated", ("no_material", "link"), ...)."""
    return isinstance(value, tuple) and bool(value) and value[0] not in COST_HEADS and value != ("choose",)


def _optional(action: dict) -> dict:
    """"..., then you can Special Summon 1 ...": an action that takes 0 cards or its count (a
    lower bound of 0: resolve.lp never finds it with nothing to resolve).  Only an action that takes
    counted cards is read so; "then you can draw 1 card" is not."""
    what = action.get("what")
    if action.get("do") not in _TAKING:
        raise ValueError("an optional action that takes no cards chosen on resolution (not read)")
    if action["do"] == "special_summon":
        if not (isinstance(what, tuple) and what and what[0] == "np"):
            raise ValueError("an optional Special Summon of this card or a target (not read)")
        lo, hi, alts = what[1]
        return {**action, "what": ("np", (0, hi, alts))}
    lo, hi, alts = what
    return {**action, "what": (0, hi, alts)}


class ClauseReading:
    """Transformer methods of effects.lark's body and clauses (a mixin of effect_text._CoreTree)."""

    # clauses ----------------------------------------------------------------------------------
    def choose_one(self, _):
        return ("choose",)

    def clauses(self, items):
        return [(None, items[0])] + [(str(items[k]), items[k + 1]) for k in range(1, len(items), 2)]

    def _costs(self, clauses) -> list:
        """The clauses before an effect's ";": its costs and target."""
        out = []
        for join, c in clauses:
            if join is not None and join not in _COST_JOINS:
                raise ValueError(f"{join!r} between costs")
            cost = c.cost if isinstance(c, Clause) else c
            if isinstance(cost, list):
                out += cost   # "Tribute this card and 1 other monster": two costs paid together
                continue
            if not (isinstance(cost, tuple) and cost and cost[0] in COST_HEADS):
                raise ValueError("a clause that is no cost before the ';'")
            if join == "to" and cost[0] not in TARGET_HEADS:
                raise ValueError("'to' before a cost that is no target")
            if cost[0] == "no_cost":
                if len(clauses) > 1:
                    raise ValueError("'activate this effect' with a cost")
                continue
            out.append(cost)
        return out

    def _actions(self, clauses) -> list:
        """The clauses after an effect's ";" (or all of them): its actions, each rider given to the
        Special Summon before it."""
        acts: list = []
        for join, c in clauses:
            rider = c.rider if isinstance(c, Clause) else c if is_rider(c) else None
            action = c.action if isinstance(c, Clause) else None if is_rider(c) else c
            if rider is not None and acts and join in _RIDER_JOINS and (action is None or join in (",", ", but")):
                self._attach(acts[-1], rider, join)
                continue
            if action is None or isinstance(action, tuple):
                raise ValueError("a clause that is no action after the ';'")
            if join is not None and join not in _ACTION_JOINS:
                raise ValueError(f"{join!r} between actions")
            if join == _IF_LEFT:
                if action.get("do") != "special_summon" or not acts or acts[-1].get("who") != "target":
                    raise ValueError("'if it left the field by this effect' after another action than sending the target")
                action = {**action, "riders": action["riders"] + [("if_target_left",)]}
            if join == _MAY:
                action = _optional(action)
            acts.append(action)
        return self.actions(acts)

    def _attach(self, action, rider, join: str) -> None:
        """A rider given to the action before it: a Special Summon's (each summon of "Special Summon
        both ..."); families take riders of their own actions."""
        for a in action if isinstance(action, list) else [action]:
            if not isinstance(a, dict) or "riders" not in a:
                raise ValueError("a rider of an action that is no Special Summon")
            a["riders"].append(rider)

    def actions(self, items):
        # an action of a family may be several actions of the core (fx_summon: "Special Summon
        # both this card and 1 ...": two summons)
        return [a for i in items if i is not None for a in (i if isinstance(i, list) else [i])]

    def body_pre(self, items):
        costs, acts = self._costs(items[0]), self._actions(items[1])
        for a in acts:
            if _moves_all(a):
                # fx_zones: "Target 5 ...; shuffle all 5 into the Deck": the count is the target's
                tg = [c for c in costs if c[0] in TARGET_HEADS]
                groups = ([(tg[0][1], tg[0][2])] if tg[0][0] == "target" else tg[0][1]) if len(tg) == 1 else []
                if not groups or sum(np[0] for np, _ in groups) != a["count"] or sum(np[1] for np, _ in groups) != a["count"]:
                    raise ValueError("'all N' / 'both' of a number of targets the text does not say")
        return ("body", costs, acts)

    def _on_either_field(self, np) -> tuple:
        """"... is on the field": the condition (both, Lo, MANY, face-up filter, where) of
        effect_text's control conditions, counted on both fields."""
        from oracle.yugioh.effect_text import _face_up   # effect_text reads this module

        if np.where is not None or np.except_self or np.token_stats is not None:
            raise ValueError("'... is on the field' of cards from somewhere (not read)")
        lo, _hi, alts = np

        def monster(alt) -> bool:
            names = [x[1] for s, x in alt if s == "pos" and x[0] == "name"]
            return ("pos", ("kind", "monster")) in alt or \
                (bool(names) and all(self.lib.get(c) is not None and self.lib.get(c).is_monster for c in names))
        # monsters in the Monster Zones, anything else in every zone of the field (procedures.lp's cond_in/4)
        where = "field" if all(monster(a) for a in alts) else "field_cards"
        return ("state", [("both", lo, MANY, _face_up(alts), where)])

    def body_while(self, items):
        # "You can Tribute this card while "Neo Space" is on the field to Special Summon 1 ...": the
        # costs and actions of body_pre, and the condition of the activation, on either field
        cond = self._on_either_field(items[1])
        body = self.body_pre([items[0], items[-1]])
        return (*body, cond)

    def body_plain(self, items):
        clauses = items[0]
        if clauses[-1][1] == ("choose",):
            return self._choice(clauses)
        acts = self._actions(clauses)
        if any(_moves_all(a) for a in acts):
            raise ValueError("'all N' / 'both' with no targets")
        return ("body", [], acts)

    def body_open(self, items):
        clauses = items[0]
        if clauses[-1][1] != ("choose",):
            raise ValueError("costs with no action after them")
        return self._choice(clauses)

    def _choice(self, clauses):
        # fx_modes: "[costs, then] activate 1 of these effects": the costs are paid whichever bullet is chosen
        if len(clauses) > 1 and clauses[-1][0] != ", then":
            raise ValueError("a choice of effects joined to its costs otherwise than by ', then'")
        return ("choice", self._costs(clauses[:-1]))


def _moves_all(action) -> bool:
    """fx_zones' move of "all N" / "both" targets (stats' "all ... you control" is another "all")."""
    return isinstance(action, dict) and action.get("do") == "zones_move" and action.get("who") == "all"
