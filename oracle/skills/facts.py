"""A skill position and its class as ASP facts (the predicates of asp/skills/input.lp).

Python decides no rule here: it writes what the class file says (costs at the learned level,
caps, the kinds a sacrifice may take) and the character's state; the rules are in asp/skills/.
"""
from __future__ import annotations

from clingo import Symbol

from oracle.skills.position import Position
from oracle.terms import fact


def position_facts(pos: Position) -> list[Symbol]:
    cls = pos.cls
    out: list[Symbol] = []
    for g in cls.groups.values():
        out.append(fact("set", g.id))
        if g.cap:
            out.append(fact("cap", g.id, g.cap.value))
        if g.replace:
            out.append(fact("replace", g.id))
    for u in cls.units.values():
        out += [fact("kind", u.id), fact("set", u.id), fact("member", u.id, u.id)]
        out += [fact("member", u.id, g) for g in u.groups]
        if u.cap:
            out.append(fact("cap", u.id, u.cap.value))
        if u.cap_by_level and u.cap_by_level[0] in pos.learned:
            skill, caps = u.cap_by_level
            out.append(fact("cap", u.id, caps[min(pos.learned[skill], len(caps)) - 1]))
    for s in cls.skills.values():
        level = pos.learned.get(s.id, 1)
        out.append(fact("active" if s.cast else "passive", s.id))
        if s.id in pos.learned:
            out.append(fact("learned", s.id, level))
        if s.summons:
            out.append(fact("creates", s.id, s.summons[0], s.summons[1].value))
        if s.spends_all_mp:
            out.append(fact("spends_all_mp", s.id))
        elif s.cast:
            cost = s.mp or cls.default_mp
            if cost is not None and cost.at(level) > 0:
                out.append(fact("cost_mp", s.id, cost.at(level)))
        if s.cooldown and s.cooldown.value > 0:
            out.append(fact("cooldown", s.id))
        if s.consumes:
            thing, n, unless = s.consumes
            out.append(fact("consumes", s.id, thing, n.value))
            if unless:
                out.append(fact("waived_by", s.id, thing, unless))
        if s.sacrifice:
            n, source, excepted = s.sacrifice
            out.append(fact("sacrifice", s.id, n.value) if n else fact("sacrifice_any", s.id))
            out += [fact("sacrificable", s.id, u.id) for u in cls.units.values()
                    if (source == u.id or source in u.groups) and u.id not in excepted]
        out += [fact("requires", s.id, r, level_needed.value) for r, level_needed in s.requires]
        if s.requires_unit:
            out.append(fact("requires_unit", s.id, s.requires_unit))
        if s.type == "merge":
            out.append(fact("requires_state", s.id, "merged"))
        if s.devours:
            out.append(fact("devours", s.id, s.devours))
        if s.upgrades:
            out.append(fact("upgrades", s.id, s.upgrades))
        if s.raises_cap:
            out.append(fact("raises_cap", s.id, s.raises_cap[0], s.raises_cap[1].value))
        if s.lifts_cap:
            out.append(fact("lifts_cap", s.id, s.lifts_cap))
        if s.unsupported:
            out.append(fact("unsupported", s.id))
    for state, allowed in cls.states.items():
        out.append(fact("limits", state))
        out += [fact("allows", state, a) for a in allowed]
    out.append(fact("start_mp", pos.mp))
    out += [fact("start_units", k, n) for k, n in sorted(pos.units.items())]
    out += [fact("start_nearby", x, pos.nearby.get(x, 0)) for x in cls.things]
    out += [fact("start_cooling", s) for s in pos.cooling]
    if pos.merged:
        out.append(fact("start_merged", pos.merged))
    return out


def as_program(facts: list[Symbol]) -> str:
    return "".join(f"{f}.\n" for f in facts)
