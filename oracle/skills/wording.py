"""A sentence for each fail/2 reason of the skills pack (asp/skills/*.lp), in the position's names."""
from __future__ import annotations

from collections.abc import Callable

import clingo

from oracle import wording
from oracle.skills.position import Position


def _skill(ctx: wording.Context, s: str) -> str:
    return ctx.position.name("skill", s)


def _plural(ctx: wording.Context, x: str, n: int) -> str:
    """A set's name for n units: English group names take an s ("7 lesser spirits")."""
    cls = ctx.position.cls
    name = ctx.position.set_name(x)
    if n != 1 and x in cls.groups and ctx.position.lang == "en" and not name.endswith("s"):
        return name + "s"
    return name


def _cap(ctx, x, n) -> str:
    raisers = [s for s in ctx.position.cls.skills.values() if s.raises_cap and s.raises_cap[0] == x or s.lifts_cap == x]
    held = [s for s in raisers if s.id in ctx.position.learned]
    hint = f" (without {ctx.position.name('skill', raisers[0].id)})" if raisers and not held else ""
    return f"cap of {n} {_plural(ctx, x, n)} reached{hint}"


def _needs(ctx, s, x, n, have) -> str:
    pos = ctx.position
    thing = pos.name("thing", x)
    words = f"needs a {thing}" if n == 1 and pos.lang == "en" else f"needs {n} {thing}"
    if have:
        words += f", {have} nearby"
    unless = pos.cls.skills[s].consumes[2]
    if unless:
        words += f" (unless {pos.name('skill', unless)} is held)"
    return words


def _too_few(ctx, s, n, have) -> str:
    source = ctx.position.cls.skills[s].sacrifice[1]
    return f"needs {n} {_plural(ctx, source, n)} to sacrifice, {have} present"


def _nothing_to_sacrifice(ctx, s) -> str:
    pos = ctx.position
    _, source, excepted = pos.cls.skills[s].sacrifice
    other = f" other than {', '.join(pos.name('unit', e) for e in excepted)}" if excepted else ""
    return f"nothing to sacrifice: no {pos.set_name(source)}{other} present"


def _requires(ctx, s, s2, level) -> str:
    have = ctx.position.learned.get(s2)
    now = f", learned at level {have}" if have else ", not learned"
    return f"needs {_skill(ctx, s2)} at level {level} or more{now}"


def _needs_unit(ctx, s, x) -> str:
    if ctx.position.cls.skills[s].devours:
        return f"nothing to devour: no {ctx.position.set_name(x)} present"
    return f"needs a {ctx.position.set_name(x)} present"


def _state_forbids(ctx, state, s) -> str:
    allowed = ctx.position.cls.states.get(state, [])
    return f"{state}: only merge skills ({', '.join(_skill(ctx, a) for a in allowed)})"


SENTENCES: dict[str, Callable[..., str]] = {
    "cap": _cap,
    "mp": lambda ctx, s, n, m: f"{_skill(ctx, s)} costs {n} MP, {m} left",
    "no_mp": lambda ctx, s: f"{_skill(ctx, s)} spends all MP, and there is none left",
    "needs": _needs,
    "too_few": _too_few,
    "nothing_to_sacrifice": _nothing_to_sacrifice,
    "not_sacrificable": lambda ctx, s, k: f"{_skill(ctx, s)} cannot sacrifice {ctx.position.name('unit', k)}",
    "not_present": lambda ctx, k, n, c: f"sacrifices {n} {ctx.position.name('unit', k)}, {c} present",
    "no_sacrifice": lambda ctx, s: f"{_skill(ctx, s)} sacrifices nothing",
    "cooling": lambda ctx, s: f"{_skill(ctx, s)} is on cooldown (wait first)",
    "nothing_cooling": lambda ctx: "nothing is on cooldown: there is nothing to wait for",
    "not_learned": lambda ctx, s: f"{_skill(ctx, s)} is not learned",
    "passive": lambda ctx, s: f"{_skill(ctx, s)} is a passive skill: it is held, not cast",
    "requires": _requires,
    "needs_unit": _needs_unit,
    "replaced": lambda ctx, s, s2: f"replaced by its upgrade {_skill(ctx, s2)}",
    "unsupported": lambda ctx, s: f"not modelled: {ctx.position.cls.skills[s].unsupported}",
    "needs_state": lambda ctx, s, state: f"can be cast only while {state}",
    "state_forbids": _state_forbids,
}


def sentence(position: Position, reason: clingo.Symbol, atoms: list[clingo.Symbol], step: int) -> str:
    return wording.sentence(SENTENCES, wording.Context(position, atoms, step), reason)
