"""Statements that cannot fire are left out before grounding (oracle/relevance.py): the same
answers as the whole rules pack, on real positions and puzzles, and the analysis itself."""
from __future__ import annotations

from pathlib import Path

import clingo
import pytest
from clingo import ast

from conftest import ROOT
from oracle import relevance
from oracle.resources import encoding
from oracle.solver import _parsed, _relevant, _values, make_control, solve
from oracle.yugioh.cards import Library
from oracle.yugioh.facts import position_facts
from oracle.yugioh.position import load_position, parse_position

POSITIONS = sorted((ROOT / "facts" / "positions").glob("*.json"))


def _whole(files, facts: str, parts) -> clingo.Control:
    """A control with every statement of ``files``: what make_control did before."""
    ctl = clingo.Control([], logger=lambda code, msg: None)
    with ast.ProgramBuilder(ctl) as builder:
        for _, statement in _parsed(tuple(str(p) for p in files)):
            builder.add(statement)
    ctl.add("base", [], facts)
    ctl.ground(list(parts))
    return ctl


def _key(model) -> list[str]:
    return sorted(str(s) for s in model)


@pytest.mark.parametrize("path", [p for p in POSITIONS if '"duel-masters"' not in p.read_text()
                                  and '"skills"' not in p.read_text()], ids=lambda p: p.name)
def test_plays_of_bundled_positions_are_those_of_the_whole_rules(path: Path):
    library = Library.load()
    position = load_position(path, library=library)
    facts = position_facts(position, library).program() + "hide_picks.\n"
    parts = [("base", []), ("step", [clingo.Number(1)])]
    whole = solve(_whole(encoding("yugioh"), facts, parts), project=True)
    pruned = solve(make_control(encoding("yugioh"), facts, parts=parts, one_shot=True, relevant_only=True),
                   project=True)
    assert whole.models and sorted(map(_key, whole.models)) == sorted(map(_key, pruned.models))
    # as oracle.plays grounds it: also without the statements nothing shown depends on
    shown = solve(make_control(encoding("yugioh"), facts, parts=parts, one_shot=True, relevant_only=True,
                               reads=("open(_)", "follow(_)")), project=True)
    assert sorted(map(_key, whole.models)) == sorted(map(_key, shown.models))


def test_positions_without_effects_leave_the_effect_rules_out():
    library = Library.load()
    position = load_position(ROOT / "facts" / "positions" / "example.json", library=library)
    facts = position_facts(position, library).program()
    files = tuple(str(p) for p in encoding("yugioh"))
    keep = _relevant(files, None, relevance.abstract(facts))
    dropped = {str(s) for (_, s), ok in zip(_parsed(files), keep) if not ok}
    assert any("activating(t," in s for s in dropped)     # activate.lp / resolve.lp: no card has an effect
    kept = {str(s) for (_, s), ok in zip(_parsed(files), keep) if ok}
    assert any(s.startswith("h(F,0) :- init(F)") for s in kept)


def test_the_reader_of_printed_atoms():
    t = lambda text, params=(): relevance._text(text, tuple((p, None) for p in params))  # noqa: E731
    assert t("open_type(ignition;quick)") == (("open_type", (("ignition", ()),)), ("open_type", (("quick", ()),)))
    assert t("h(in(I,hand),(t-1))", "t") == (("h", (("in", ("?I", ("hand", ()))), None)),)
    assert t("block_start(t,(t-((t-1)\\S)))", "t") == (("block_start", (None, None)),)
    assert t('f((a,b),"x",-3,1..2)') == (("f", (("", (("a", ()), ("b", ()))), ('"x', ()), None, None)),)
    assert t("X < Y") == (None,)          # a comparison: no atom, nothing needed
    assert t("-p(a)") == (("p", (("a", ()),)),)


def test_a_parameter_of_known_value_is_that_number():
    # step(1) grounded alone: t is 1, t-1 is 0, and a plain number stays a wildcard (the
    # instance's numbers are all 0 in its abstracted text).
    t = lambda text: relevance._text(text, (("t", 1),))  # noqa: E731
    assert t("h(in(I,hand),(t-1))") == (("h", (("in", ("?I", ("hand", ()))), ("0", ()))),)
    assert t("pending(t,(t+2))") == (("pending", (("1", ()), ("3", ()))),)
    assert t("f((t*2),3)") == (("f", (None, None)),)      # any other operator: a wildcard
    assert relevance._text("g((t-1))", (("t", None),)) == (("g", (None,)),)


def test_one_part_grounded_once_cannot_read_what_an_earlier_time_derives():
    program = """
    #program base.
    done(0).
    #program step(t).
    moved(t) :- unit(I).
    again(t) :- moved(t-1).
    after(t) :- done(t-1).
    """
    statements: list = []
    ast.parse_string(program, statements.append)
    instance = relevance.instance_shapes(relevance.abstract("unit(1).\n"))
    first = relevance.live(relevance.shapes(statements, (("base", ()), ("step", (1,)))), instance)
    assert [str(s).split(" :-")[0] for s, ok in zip(statements, first) if not ok] == ["again(t)"]
    # step(1) and step(2) grounded together: t has no one value, and moved(1) may hold at t = 2.
    both = _values([("base", []), ("step", [clingo.Number(1)]), ("step", [clingo.Number(2)])])
    assert both == (("base", ()),)
    assert all(relevance.live(relevance.shapes(statements, both), instance))
    assert all(relevance.live(relevance.shapes(statements), instance))   # parts grounded later: kept


def test_a_rule_is_dropped_only_when_a_positive_body_atom_cannot_hold():
    program = """
    a(X) :- f(X,red).
    b(X) :- f(X,blue).
    c :- not f(1,blue).
    d(N) :- N = #count{ X : f(X,blue) }.
    e(X) :- a(X), b(X).
    g(X) :- h(X).
    h(X) :- a(X).
    """
    statements: list = []
    ast.parse_string(program, statements.append)
    shapes = relevance.shapes(statements)
    instance = relevance.instance_shapes(relevance.abstract("f(1,red).\nf(2,red).\n"))
    alive = relevance.live(shapes, instance)
    assert [str(s).split(" :-")[0] for s, ok in zip(statements, alive) if not ok] == ["b(X)", "e(X)"]


def test_a_head_takes_the_values_its_body_and_condition_give():
    # act/2 of kind K exists only for the kinds cand/2 has: a rule about act(_,fly) cannot fire.
    program = """
    { act(I,K) : cand(I,K) } = 1 :- turn.
    cand(I,walk) :- unit(I).
    cand(I,fly) :- unit(I), wings(I).
    walked(I) :- act(I,walk).
    flew(I) :- act(I,fly).
    moved(I) :- act(I,K), K != stay.
    """
    statements: list = []
    ast.parse_string(program, statements.append)
    instance = relevance.instance_shapes(relevance.abstract("unit(1).\nturn.\n"))
    alive = relevance.live(relevance.shapes(statements), instance)
    assert [str(s).split(" :-")[0] for s, ok in zip(statements, alive) if not ok] == ["cand(I,fly)", "flew(I)"]
    with_wings = relevance.instance_shapes(relevance.abstract("unit(1).\nturn.\nwings(1).\n"))
    assert all(relevance.live(relevance.shapes(statements), with_wings))


def test_an_instance_with_rules_is_read_with_its_parameters():
    # Deck analysis adds rules of its own, in program parts with parameters.
    instance = relevance.instance_shapes(relevance.abstract(
        "#program step(t).\nacand(t,pass,none) :- met(t-1).\n#program base.\nmet(0).\n"))
    rule = []
    ast.parse_string("#program step(t).\nok(t) :- acand(t,pass,none).\nno(t) :- acand(t,attack,none).", rule.append)
    assert relevance.live(relevance.shapes(rule), instance)[-2:] == (True, False)
    broken = relevance.instance_shapes("this is not ASP")
    assert broken is None


def test_a_pool_in_an_argument_list_is_one_atom_per_tuple_of_arguments():
    # clingo reads popt(t,I,attack;t,I,defense) as two atoms of arity 3; read as one atom of arity
    # 5, every rule reading popt/3 (or moves.lp's zflip/4) was dropped as one that cannot fire.
    from oracle.relevance import _text

    params = (("t", None),)
    assert _text("popt(t,I,attack;t,I,defense)", params) == (
        ("popt", (None, "?I", ("attack", ()))), ("popt", (None, "?I", ("defense", ()))))
    assert _text("g(h(a;b),c)", params) == (
        ("g", (("h", (("a", ()),)), ("c", ()))), ("g", (("h", (("b", ()),)), ("c", ()))))


def test_a_part_grounded_once_is_handed_over_with_its_numbers(tmp_path):
    # One-shot parts: the statements of step(1) reach clingo with 1 in place of t (t-1 folded to
    # 0), in base; a constant t of another part stays; the instance's own statements of step(t)
    # are still grounded with t = 1.  Same answers as clingo grounding the parameters itself.
    rules = tmp_path / "rules.lp"
    rules.write_text("""
    #program base.
    name(t).
    #program step(t).
    #external ext(t).
    { pick(X,t) : item(X) } 1 :- time(t-1).
    big(X,t*2) :- pick(X,t).
    half(t/2) :- pick(_,t).
    prev(X) :- pick(X,t), item(X), X < t+1.
    #show pick/2.
    #show seen(t) : pick(_,t).
    """)
    facts = "item(0). item(1). item(2). time(0).\n#program step(t).\n:- pick(2,t).\n"
    parts = [("base", []), ("step", [clingo.Number(1)])]
    plain = clingo.Control(["0"], logger=lambda c, m: None)
    plain.load(str(rules))
    plain.add("base", [], facts)
    plain.ground(parts)
    expected, got = [], []
    plain.solve(on_model=lambda m: expected.append(_key(m.symbols(atoms=True))))
    ctl = make_control([rules], facts, parts=parts, one_shot=True, arguments=["0"])
    ctl.solve(on_model=lambda m: got.append(_key(m.symbols(atoms=True))))
    assert sorted(got) == sorted(expected) and len(expected) == 3   # nothing, pick(0,1) or pick(1,1): not pick(2,1)
    assert any({"big(1,2)", "half(0)", "prev(1)"} <= set(m) for m in expected) and all("name(t)" in m for m in expected)
    from oracle.solver import _bound, _parsed as parsed
    files = (str(rules),)
    texts = [str(_bound(files, i, (1,))) for i, (part, _) in enumerate(parsed(files)) if part == "step"]
    assert texts[0] == "#program base." and texts[2] == "1 >= { pick(X,1): item(X) } :- time(0)."
    assert "big(X,2) :- pick(X,1)." in texts and "half((1/2)) :- pick(_,1)." in texts


def _kept(facts: str, values: tuple) -> set[str]:
    files = tuple(str(p) for p in encoding("yugioh"))
    keep = _relevant(files, frozenset({"base", "step"}), relevance.abstract(facts), values)
    return {str(s) for (_, s), ok in zip(_parsed(files), keep) if ok}


def test_a_variable_shared_by_two_atoms_takes_only_values_both_allow():
    program = """
    open_type(ignition;quick).
    cand(C) :- effect(C,Ty), open_type(Ty).
    used(C) :- cand(C).
    """
    statements: list = []
    ast.parse_string(program, statements.append)
    alive = lambda facts: relevance.live(  # noqa: E731
        relevance.shapes(statements), relevance.instance_shapes(relevance.abstract(facts)))[1:]  # after #program base
    assert alive("effect(1,trigger).\n") == (True, False, False)
    assert alive("effect(1,trigger).\neffect(2,quick).\n") == (True, True, True)


def test_cards_with_trigger_effects_only_have_no_effect_to_activate_at_an_open_step():
    # Junk Synchron's only effect is a trigger (activate.lp's open_type/1 has none): the rule of
    # effects activated at an open step cannot fire; One for One's is a Spell's, which can.
    library = Library.load()
    one = _values([("base", []), ("step", [clingo.Number(1)])])
    doc = lambda hand: {"game": "yugioh", "players": [{"hand": hand}, {}]}  # noqa: E731
    rule = "acand(t,activate,I) :- open(t)"
    triggers = position_facts(parse_position(doc(["Junk Synchron", "Kozaky"]), library=library), library).program()
    assert not any(s.startswith(rule) for s in _kept(triggers, one))
    spell = position_facts(parse_position(doc(["Junk Synchron", "One for One"]), library=library), library).program()
    assert any(s.startswith(rule) for s in _kept(spell, one))


def test_a_comparison_false_for_every_value_drops_its_statement():
    # follow(t) :- slots(S), (t-1)\S != 0 (chain.lp): at t = 1, 0\S is 0 (or undefined), so
    # follow(1) never holds and the plays of one step leave out the trigger candidates of
    # follow-up steps; a line search, grounding step(t) for many t, keeps them.
    never = lambda text, t: relevance._never(_comparison(text), {"t": t})  # noqa: E731
    assert never("(t-1)\\S != 0", 1) and never("t*2 > 1", 0) and never("-t > 0", 1)
    assert not never("(t-1)\\S != 0", 2) and not never("(t-1)\\S = 0", 1) and not never("X != 0", 1)
    assert not never("(t-1)\\S != 0", None) and not never("1 < t < 3", 2)
    library = Library.load()
    facts = position_facts(load_position(ROOT / "facts" / "positions" / "junk-synchron.json", library=library),
                           library).program()
    rule = "fcand(t,I) :- follow(t)"
    assert not any(s.startswith(rule) for s in _kept(facts, _values([("base", []), ("step", [clingo.Number(1)])])))
    assert any(s.startswith(rule) for s in _kept(facts, ()))


def _comparison(text: str) -> ast.AST:
    statements: list = []
    ast.parse_string(f"#program step(t).\n:- {text}.", statements.append)
    return statements[-1].body[0].atom
