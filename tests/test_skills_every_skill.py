"""Every skill of the seed's classes (DNF, 征途), one by one: a position where it must be castable and
one where it must not, built from what the class file says the skill needs."""
from __future__ import annotations

import pytest
from skills_helpers import castable, check, position

from oracle.skills.classes import bundled, load_class

CLASSES = {key: load_class(key, base=bundled()[key].parent, source="test") for key in ("dnf-summoner", "zhengtu-summoner")}
SKILLS = [(key, s.id) for key, cls in CLASSES.items() for s in cls.skills.values()]


def ready(key: str, skill_id: str) -> dict:
    """A position where everything the skill needs is there."""
    cls = CLASSES[key]
    s = cls.skills[skill_id]
    skills = {s.zh: 1}
    state: dict = {"units": {}, "nearby": {}}
    for req, level in s.requires:
        skills[cls.skills[req].zh] = level.value
    if s.consumes:
        state["nearby"][cls.things[s.consumes[0]].zh] = s.consumes[1].value
    if s.requires_unit:
        kind = next(u for u in cls.units.values() if s.requires_unit in (u.id, *u.groups))
        state["units"][kind.zh] = 1
    if s.devours:
        state["units"][cls.units[s.devours].zh] = 1
    if s.sacrifice:
        count, source, excepted = s.sacrifice
        kinds = [u for u in cls.units.values() if (source == u.id or source in u.groups) and u.id not in excepted]
        state["units"][kinds[0].zh] = count.value if count else 1
    if s.type == "merge":
        state["merged"] = next(u.zh for u in cls.units.values())
    return position(key, skills, **state)


@pytest.mark.parametrize("key, skill_id", SKILLS, ids=[f"{k}:{s}" for k, s in SKILLS])
def test_each_skill_must_work_and_must_not(key, skill_id):
    cls = CLASSES[key]
    s = cls.skills[skill_id]
    doc = ready(key, skill_id)
    if s.type == "passive":
        assert skill_id not in castable(doc)
        assert "is a passive skill" in check(doc, [f'cast "{s.zh}"']).text()
        return
    if s.unsupported:
        assert skill_id not in castable(doc)
        return
    assert skill_id in castable(doc), doc  # must work
    # must not: not learned, or without what it needs
    refused = []
    del doc["skills"][s.zh]
    refused.append(doc)
    doc = ready(key, skill_id)
    if s.summons:
        unit = cls.units[s.summons[0]]
        cap = (unit.cap.value if unit.cap else
               min(cls.groups[g].cap.value for g in unit.groups if cls.groups[g].cap))
        doc["units"][unit.zh] = cap
        refused.append(doc)
    if s.consumes and not s.consumes[2]:
        refused.append({**ready(key, skill_id), "nearby": {}})
    if s.consumes and s.consumes[2]:  # waived by a passive: works without the thing then
        waived = {**ready(key, skill_id), "nearby": {}, "passives": [cls.skills[s.consumes[2]].zh]}
        assert skill_id in castable(waived)
        refused.append({**ready(key, skill_id), "nearby": {}})
    if s.requires_unit or s.devours or s.sacrifice:
        refused.append({**ready(key, skill_id), "units": {}})
    if s.type == "merge":
        refused.append({**ready(key, skill_id), "merged": None})
    elif cls.states:
        merged = {**ready(key, skill_id), "merged": next(iter(cls.units.values())).zh}
        refused.append(merged)
    if s.spends_all_mp:
        refused.append({**ready(key, skill_id), "mp": 0})
    for doc in refused:
        assert skill_id not in castable(doc), doc


UPGRADES = [(key, s.id) for key, cls in CLASSES.items() for s in cls.skills.values() if s.upgrades]


@pytest.mark.parametrize("key, skill_id", UPGRADES, ids=[f"{k}:{s}" for k, s in UPGRADES])
def test_each_upgrade_replaces_its_skill(key, skill_id):
    cls = CLASSES[key]
    ex, base = cls.skills[skill_id], cls.skills[cls.skills[skill_id].upgrades]
    assert base.id in castable(position(key, {base.zh: 1}))
    both = castable(position(key, {base.zh: 1, ex.zh: 1}))
    assert ex.id in both and base.id not in both
