"""Diablo II's Necromancer (facts/skills/d2-necromancer.json): a class from another game, data only.
Raise Skeleton needs a corpse and raises as many skeletons as its level allows; one golem at a
time (a new one dismisses the old); Revive."""
from __future__ import annotations

from skills_helpers import castable, check, position, why


def nec(skills: dict, **state) -> dict:
    return position("d2-necromancer", skills, **state)


def test_raise_skeleton_needs_a_corpse():
    assert "raise_skeleton" in castable(nec({"Raise Skeleton": 1}, corpses=1))
    assert why(nec({"Raise Skeleton": 1}), "raise_skeleton") == ["needs a corpse"]


def test_the_number_of_skeletons_follows_the_skill_level():
    # level 1: one skeleton; level 4: three (the Diablo II table: 1 2 3 3 3 4 ...)
    assert why(nec({"Raise Skeleton": 1}, corpses=3, units={"Skeleton": 1}), "raise_skeleton") == [
        "cap of 1 Skeleton reached"]
    assert "raise_skeleton" in castable(nec({"Raise Skeleton": 4}, corpses=3, units={"Skeleton": 2}))
    assert why(nec({"Raise Skeleton": 4}, corpses=3, units={"Skeleton": 3}), "raise_skeleton") == [
        "cap of 3 Skeleton reached"]
    assert "raise_skeleton" in castable(nec({"Raise Skeleton": 6}, corpses=3, units={"Skeleton": 3}))


def test_the_mana_cost_follows_the_skill_level():
    # 6 mana at level 1, one more a level: 9 at level 4
    assert why(nec({"Raise Skeleton": 4}, corpses=1, mp=8), "raise_skeleton") == ["Raise Skeleton costs 9 MP, 8 left"]
    assert "raise_skeleton" in castable(nec({"Raise Skeleton": 4}, corpses=1, mp=9))


def test_one_golem_at_a_time_a_new_one_dismisses_the_old():
    doc = nec({"Clay Golem": 1, "Blood Golem": 1}, units={"Clay Golem": 1})
    assert {"clay_golem", "blood_golem"} <= set(castable(doc))
    result = check(doc, ['cast "Blood Golem"'])
    assert result.legal and result.steps[0].position["units"] == {"Blood Golem": 1}


def test_golems_need_their_prerequisite_and_the_iron_golem_a_metal_item():
    assert why(nec({"Blood Golem": 1}), "blood_golem") == ["needs Clay Golem at level 1 or more, not learned"]
    skills = {"Clay Golem": 1, "Blood Golem": 1, "Iron Golem": 1}
    assert why(nec(skills), "iron_golem") == ["needs a metal item"]
    assert "iron_golem" in castable(nec(skills, nearby={"metal item": 1}))


def test_revive_needs_a_corpse_and_revives_as_many_as_its_level():
    skills = {"Raise Skeleton": 1, "Raise Skeletal Mage": 1, "Clay Golem": 1, "Blood Golem": 1, "Iron Golem": 1,
              "Revive": 2}
    assert why(nec(skills), "revive") == ["needs a corpse"]
    assert check(nec(skills, corpses=2), ['cast "Revive"', 'cast "Revive"']).legal
    third = check(nec(skills, corpses=3), ['cast "Revive"', 'cast "Revive"', 'cast "Revive"'])
    assert not third.legal and third.steps[-1].reasons == ["cap of 2 Revived monster reached"]
    assert sorted(why(nec({"Revive": 1}, corpses=1), "revive")) == [
        "needs Iron Golem at level 1 or more, not learned", "needs Raise Skeletal Mage at level 1 or more, not learned"]
