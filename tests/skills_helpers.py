"""Helpers of the skills tests: positions of the bundled classes, their plays, and checked lines."""
from __future__ import annotations

from oracle.skills.lines import check_line, make_line
from oracle.skills.plays import explanations, plays
from oracle.skills.position import parse_position


def position(cls: str, skills: dict, **state) -> dict:
    return {"game": "skills", "class": cls, "skills": skills, "mp": state.pop("mp", 500), **state}


def castable(doc: dict) -> dict[str, list[tuple]]:
    """Each castable skill (by id) with its sacrifice choices."""
    pos = parse_position(doc, "test.json")
    found, result = plays(pos)
    assert result.complete
    out: dict[str, list[tuple]] = {}
    for p in found:
        out.setdefault(p.skill, []).append(p.sacrifice)
    return out


def why(doc: dict, skill_id: str) -> list[str]:
    """The reasons a learned skill cannot be cast (empty: it can)."""
    pos = parse_position(doc, "test.json")
    found, _ = plays(pos)
    return dict(explanations(pos, found)).get(skill_id, [])


def check(doc: dict, steps: list[str]):
    return check_line(make_line(doc, steps, source="test.txt"))
