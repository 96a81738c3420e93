"""Plays enumerated in groups of candidate actions (plays.action_groups, solver.solve's ``split``)
are the plays of one solve call: the groups partition the models, since every model of an open
step makes exactly one act/3 true."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import ROOT
from oracle.yugioh import plays as plays_module
from oracle.yugioh.cards import Library
from oracle.yugioh.facts import position_facts
from oracle.yugioh.position import load_position, parse_position

POSITIONS = [p for p in sorted((ROOT / "facts" / "positions").glob("*.json"))
             if '"duel-masters"' not in p.read_text() and '"skills"' not in p.read_text()]
PUZZLES = sorted((ROOT / "facts" / "puzzles").glob("*.json"))


def _position(path: Path, library: Library):
    doc = json.loads(path.read_text())
    if isinstance(doc.get("position"), str):   # a puzzle naming its position's file
        return load_position(path.parent / doc["position"], library=library)
    return parse_position(doc["position"], library=library) if "position" in doc else load_position(path, library=library)


def _plays(position, library: Library, group: int, monkeypatch, **options) -> tuple:
    monkeypatch.setattr(plays_module, "ACTION_GROUP", group)
    found = plays_module.plays(position, library=library, **options)
    return [p.to_json() for p in found], found.stopped


@pytest.mark.parametrize("path", POSITIONS + PUZZLES, ids=lambda p: p.name)
def test_plays_in_groups_of_one_candidate_are_the_plays_of_one_call(path: Path, monkeypatch):
    library = Library.load()
    position = _position(path, library)
    whole = _plays(position, library, 10 ** 9, monkeypatch)
    assert whole[0]
    assert _plays(position, library, 1, monkeypatch) == whole
    assert _plays(position, library, 3, monkeypatch) == whole


def test_a_step_of_many_candidates_is_split_and_a_small_one_is_not(monkeypatch):
    library = Library.load()
    position = load_position(ROOT / "facts" / "positions" / "example.json", library=library)
    ctl = plays_module.ground(position, position_facts(position, library))
    assert plays_module.action_groups(ctl) == []          # fewer than 2 * ACTION_GROUP candidates
    monkeypatch.setattr(plays_module, "ACTION_GROUP", 2)
    groups = plays_module.action_groups(ctl)
    acts = {a.literal for a in ctl.symbolic_atoms.by_signature("act", 3)}
    assert len(groups) > 1 and all(len(g) <= 2 for g in groups)
    assert sorted(lit for g in groups for lit in g) == sorted(acts)   # a partition of every candidate


def test_a_limit_is_one_call_and_says_it_stopped(monkeypatch):
    library = Library.load()
    position = _position(ROOT / "facts" / "positions" / "example.json", library)
    whole, _ = _plays(position, library, 10 ** 9, monkeypatch)
    found, stopped = _plays(position, library, 1, monkeypatch, limit=2)
    assert len(found) == 2 and stopped == "stopped at the limit of 2 answers"
    assert all(p in whole for p in found)
