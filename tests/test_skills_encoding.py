"""Unit tests of asp/skills/ itself (clintest), on hand-written facts: caps raised and lifted, the
replace policy, sacrifices, and the relaxed (explaining) mode."""
from __future__ import annotations

import clingo
from clintest.assertion import And, Contains, Not as NotA
from clintest.quantifier import All, Any, Exact
from clintest.solver import Solver
from clintest.test import Assert

from oracle.resources import encoding


class Step1(Solver):
    """Grounds the skills pack for one step (base + step(1)) and enumerates projected plays."""

    def __init__(self, program: str):
        self.program = program

    def solve(self, test) -> None:
        ctl = clingo.Control(["0", "--project=show"], logger=lambda *_: None)
        for path in encoding("skills"):
            ctl.load(str(path))
        ctl.add("base", [], self.program)
        ctl.ground([("base", []), ("step", [clingo.Number(1)])])
        ctl.solve(on_model=test.on_model, on_unsat=test.on_unsat, on_finish=test.on_finish)


SPIRITS = """
set(lesser). cap(lesser,2).
kind(a). set(a). member(a,a). member(a,lesser).
kind(b). set(b). member(b,b). member(b,lesser).
kind(king). set(king). member(king,king).
active(summon_a). learned(summon_a,1). creates(summon_a,a,1).
active(king_call). learned(king_call,1). creates(king_call,king,1). sacrifice(king_call,2).
sacrificable(king_call,a). sacrificable(king_call,b).
passive(more). raises_cap(more,lesser,3).
start_mp(10).
"""


def run(test, program: str) -> None:
    Step1(program).solve(test)
    test.assert_()


def test_a_cap_forbids_the_cast_and_a_raise_allows_it():
    full = SPIRITS + "start_units(a,1). start_units(b,1)."
    run(Assert(All(), NotA(Contains("cast(summon_a,1)"))), full)
    run(Assert(Any(), Contains("cast(summon_a,1)")), full + "learned(more,1).")


def test_a_lifted_cap_is_no_cap():
    full = SPIRITS + "start_units(a,5). passive(free). lifts_cap(free,lesser). learned(free,1)."
    run(Assert(Any(), Contains("cast(summon_a,1)")), full)


def test_a_sacrifice_takes_exactly_its_count_of_the_kinds_it_may_take():
    run(Assert(Exact(2), Contains("cast(king_call,1)")),  # two ways: a+b or two a; never the king
        SPIRITS + "start_units(a,2). start_units(b,1). start_units(king,0).")
    run(Assert(All(), NotA(Contains("cast(king_call,1)"))), SPIRITS + "start_units(a,1).")


def test_replace_dismisses_the_unit_at_the_cap():
    golems = """set(golem). cap(golem,1). replace(golem).
    kind(clay). set(clay). member(clay,clay). member(clay,golem).
    kind(blood). set(blood). member(blood,blood). member(blood,golem).
    active(blood_golem). learned(blood_golem,1). creates(blood_golem,blood,1).
    start_mp(10). start_units(clay,1). #show count(K,N,1) : count(K,N,1), N > 0."""
    run(Assert(All(), And(Contains("count(blood,1,1)"), NotA(Contains("count(clay,1,1)")))), golems)


def test_relaxed_mode_keeps_the_broken_rule():
    program = SPIRITS + "start_units(a,2). relaxed. given_cast(1,summon_a). #show fail/2."
    run(Assert(Any(), Contains("fail(1,cap(lesser,2))")), program)
