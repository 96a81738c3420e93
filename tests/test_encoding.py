"""Unit tests of the ASP encodings themselves (clintest), on hand-written instance facts.

These pin the behaviour of the rule files without Python in between: the material groups and
filters, Link Rating counting, the zone geometry, and the relaxed (explaining) mode.
"""
from __future__ import annotations

import clingo
from clintest.assertion import Contains, Equals, Implies, Not as NotA, SubsetOf
from clintest.quantifier import All, Any, Exact
from clintest.solver import Solver
from clintest.test import And, Assert

from oracle.resources import encoding


class Step1(Solver):
    """Grounds the Yu-Gi-Oh! rules for one step (base + step(1)) and enumerates projected plays."""

    def __init__(self, program: str, *arguments: str):
        self.program = program
        self.arguments = ["0", "--project=show", *arguments]

    def solve(self, test) -> None:
        ctl = clingo.Control(self.arguments, logger=lambda *_: None)
        for path in encoding("yugioh"):
            ctl.load(str(path))
        ctl.add("base", [], self.program)
        ctl.ground([("base", []), ("step", [clingo.Number(1)])])
        ctl.solve(on_model=test.on_model, on_unsat=test.on_unsat, on_finish=test.on_finish)


BOARD = """
turn_player(0). phase(main1). rules(mr2020).
kind(C,monster) :- card(C).
name_of(C,C) :- card(C).
"""


def monster(code: int, level: int, *kinds: str, attribute: str = "dark", race: str = "warrior") -> str:
    facts = [f"card({code}).", f"level({code},{level}).", f"attribute({code},{attribute}).", f"race({code},{race})."]
    facts += [f"kind({code},{k})." for k in kinds]
    return "\n".join(facts)


def on_field(i: int, code: int, zone: int, pos: str = "attack", player: int = 0) -> str:
    return f"inst({i},{code}). owner({i},{player}). init(mz({i},{player},{zone})). init(pos({i},{pos})).\n"


def in_extra(i: int, code: int) -> str:
    return f"inst({i},{code}). owner({i},0). init(in({i},extra)).\n"


def run(test, program: str, *arguments: str) -> None:
    Step1(BOARD + program, *arguments).solve(test)
    test.assert_()


SYNCHRO_7 = """
card(100). kind(100,monster). kind(100,synchro). level(100,7).
proc(100,0,synchro). group(100,0,1,1,1). group(100,0,2,1,99).
filter(100,0,1,1,pos,kind(tuner)). filter(100,0,2,1,neg,kind(tuner)).
"""


def test_synchro_groups_and_level_sum():
    program = (SYNCHRO_7 + monster(1, 3, "tuner") + monster(2, 4) + monster(3, 2) + monster(4, 2)
               + in_extra(10, 100) + on_field(11, 1, 0) + on_field(12, 2, 1) + on_field(13, 3, 2) + on_field(14, 4, 3))
    synchros = "act(1,synchro_summon,10)"
    test = And(
        # 3 + 4 and 3 + 2 + 2: exactly two material sets.
        Assert(Exact(2), Contains(synchros)),
        Assert(Any(), Equals({synchros, "mat(1,11)", "mat(1,12)"})),
        Assert(Any(), Equals({synchros, "mat(1,11)", "mat(1,13)", "mat(1,14)"})),
    )
    run(test, program)


def test_filters_conjunction_alternatives_and_negation():
    # Group: 2 materials that are (LIGHT and Level 4 or higher) or (Dragon), never Tuners.
    program = """
    card(200). kind(200,monster). kind(200,link). link_rating(200,2).
    proc(200,0,link). group(200,0,1,2,2).
    filter(200,0,1,1,pos,attribute(light)). filter(200,0,1,1,pos,level_min(4)). filter(200,0,1,1,neg,kind(tuner)).
    filter(200,0,1,2,pos,race(dragon)). filter(200,0,1,2,neg,kind(tuner)).
    """ + monster(1, 4, attribute="light") + monster(2, 3, attribute="light") + monster(3, 1, race="dragon") \
        + monster(4, 5, "tuner", attribute="light") \
        + in_extra(10, 200) + on_field(11, 1, 0) + on_field(12, 2, 1) + on_field(13, 3, 2) + on_field(14, 4, 3)
    links = "act(1,link_summon,10)"
    test = And(
        Assert(Exact(1), Contains(links)),
        Assert(Any(), Equals({links, "mat(1,11)", "mat(1,13)"})),
    )
    run(test, program)


def test_different_names_constraint():
    program = """
    card(300). kind(300,monster). kind(300,link). link_rating(300,2).
    proc(300,0,link). group(300,0,1,2,2). filter(300,0,1,1,pos,any). pconstraint(300,0,different(name)).
    """ + monster(1, 4) + monster(2, 4) + in_extra(10, 300) + on_field(11, 1, 0) + on_field(12, 1, 1) + on_field(13, 2, 2)
    links = "act(1,link_summon,10)"
    test = And(
        Assert(Exact(2), Contains(links)),
        Assert(All(), NotA(SubsetOf({links, "mat(1,11)", "mat(1,12)"}))),
        Assert(Any(), Equals({links, "mat(1,11)", "mat(1,13)"})),
        Assert(Any(), Equals({links, "mat(1,12)", "mat(1,13)"})),
    )
    run(test, program)


def test_link_monster_as_material_counts_one_or_its_rating():
    program = """
    card(400). kind(400,monster). kind(400,link). link_rating(400,3).
    proc(400,0,link). group(400,0,1,2,99). filter(400,0,1,1,pos,any).
    card(401). kind(401,monster). kind(401,link). link_rating(401,2).
    """ + monster(1, 4) + monster(2, 4) + in_extra(10, 400) + on_field(11, 401, 5) + on_field(12, 1, 0) \
        + on_field(13, 2, 1)
    links = "act(1,link_summon,10)"
    test = And(
        Assert(Any(), Equals({links, "mat(1,11)", "mat(1,12)"})),       # 2 + 1
        Assert(Any(), Equals({links, "mat(1,11)", "mat(1,13)"})),
        Assert(Any(), Equals({links, "mat(1,11)", "mat(1,12)", "mat(1,13)"})),  # 1 + 1 + 1
        Assert(Exact(3), Contains(links)),
    )
    run(test, program)


def test_opponents_arrow_in_the_extra_monster_zone_points_to_our_main_zone():
    # Player 1's Link monster (arrow `top` from its view) in zone 5 = cell (1,1); turned, it
    # points at (1,0): our Main Monster Zone 1.
    program = """
    card(500). kind(500,monster). kind(500,link). link_rating(500,1). arrow(500,top).
    card(501). kind(501,monster). kind(501,link). link_rating(501,1). arrow(501,right).
    proc(501,0,link). group(501,0,1,1,1). filter(501,0,1,1,pos,any).
    card(502). kind(502,monster). kind(502,link). link_rating(502,1).
    show_zones.
    """ + monster(1, 4) + on_field(11, 500, 5, player=1) + on_field(12, 502, 6) + on_field(13, 1, 3) \
        + in_extra(10, 501)
    test = And(
        # With the Level 4 as material, our own Link in zone 6 stays: zone 1 is the only place.
        Assert(All(), Implies(Contains("mat(1,13)"), Contains("to(1,10,1)"))),
        Assert(Any(), Contains("mat(1,13)")),
    )
    run(test, program)


def test_relaxed_mode_reports_the_broken_rule():
    # The line says: Synchro Summon with the Tuner and the Level 2 monster (3 + 2 = 5, not 7).
    program = (SYNCHRO_7 + monster(1, 3, "tuner") + monster(3, 2) + in_extra(10, 100) + on_field(11, 1, 0)
               + on_field(13, 3, 2)
               + "relaxed. given_act(1,synchro_summon,100). given_mat(1,1,1). given_mat(1,3,1).")
    test = Assert(All(), Contains("fail(1,synchro_level(10,5,7))"))
    run(test, program, "--opt-mode=optN")
