"""Class files (facts/skills/*.json): every bundled class reads, every number says where it comes
from, and a new class is data only."""
from __future__ import annotations

import json

import pytest
from skills_helpers import castable

from oracle.errors import OracleError
from oracle.skills.classes import bundled, load_class


@pytest.mark.parametrize("key", sorted(bundled()))
def test_each_bundled_class_reads(key):
    cls = load_class(key, base=bundled()[key].parent, source="test")
    assert cls.skills and cls.units


def test_the_seed_classes_have_chinese_and_english_names():
    for key in ("dnf-summoner", "zhengtu-summoner"):
        cls = load_class(key, base=bundled()[key].parent, source="test")
        assert all(s.zh and s.en for s in cls.skills.values()), key


MINIMAL = {"class": {"en": "Test"}, "game": {"en": "Test"}, "sources": {"doc": "a page"},
           "groups": [{"id": "pet", "en": "pet", "cap": {"value": 2, "source": "doc"}}],
           "units": [{"id": "wolf", "en": "Wolf", "groups": ["pet"]}],
           "skills": [{"id": "call_wolf", "en": "Call Wolf", "type": "summon", "summons": {"unit": "wolf"},
                       "mp": {"value": 5, "assumed": "a guess"}}]}


def write_class(tmp_path, doc) -> str:
    path = tmp_path / "test-class.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def test_a_new_class_is_data_only(tmp_path):
    write_class(tmp_path, MINIMAL)
    pos = {"game": "skills", "class": "test-class.json", "skills": {"Call Wolf": 1}, "mp": 10, "units": {"Wolf": 1}}
    (tmp_path / "pos.json").write_text(json.dumps(pos))
    from oracle.skills.position import load_position
    from oracle.skills.plays import plays
    found, _ = plays(load_position(tmp_path / "pos.json"))
    assert [p.skill for p in found] == ["call_wolf"]
    pos["units"] = {"Wolf": 2}
    assert castable({**pos, "class": str(tmp_path / "test-class.json")}) == {}


def test_a_passive_may_lift_a_cap(tmp_path):
    doc = json.loads(json.dumps(MINIMAL))
    doc["skills"].append({"id": "pack_leader", "en": "Pack Leader", "type": "passive", "lifts_cap": "pet"})
    cls = write_class(tmp_path, doc)
    pos = {"game": "skills", "class": cls, "skills": {"Call Wolf": 1}, "mp": 10, "units": {"Wolf": 2}}
    assert castable(pos) == {}
    assert castable({**pos, "passives": ["Pack Leader"], "units": {"Wolf": 9}}) == {"call_wolf": [()]}


@pytest.mark.parametrize("change, field, words", [
    (lambda d: d["skills"][0]["mp"].pop("assumed"), "skills[0].mp", "where it comes from"),
    (lambda d: d["groups"][0]["cap"].update(source="nowhere"), "groups[0].cap.source", "unknown source"),
    (lambda d: d["groups"][0].update(on_cap="replace"), "groups[0].on_cap", "cap of 1"),
    (lambda d: d["skills"][0].update(type="spell"), "skills[0].type", "a skill type"),
    (lambda d: d["skills"][0]["summons"].update(unit="bear"), "skills[0].summons.unit", "unknown unit kind"),
    (lambda d: d["skills"][0].update(requires=[{"skill": "x", "level": {"value": 1, "assumed": "-"}}]),
     "skills[0].requires[0].skill", "unknown skill"),
    (lambda d: d["skills"][0].update(sacrifice={"count": {"value": 1, "assumed": "-"}, "from": "pet"}),
     "skills[0].sacrifice.except", "cannot sacrifice the kind it summons"),
])
def test_a_bad_class_file_names_file_and_field(tmp_path, change, field, words):
    doc = json.loads(json.dumps(MINIMAL))
    change(doc)
    path = write_class(tmp_path, doc)
    with pytest.raises(OracleError) as info:
        load_class(path, base=tmp_path, source="pos.json")
    assert str(info.value).startswith(f"{path}: {field}: ") and words in str(info.value)
