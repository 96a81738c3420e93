"""征途's summoner (facts/skills/zhengtu-summoner.json): corpses and 冥府之門, 強化召喚, devouring and
the merge skills, iron items; each rule of the seed's tables, what must work and what must not."""
from __future__ import annotations

from skills_helpers import castable, check, position, why

MERGE = {"bone_claw", "corpse_eating", "iron_bone_armour", "heavenly_strike", "heavenly_thunder",
         "petrifying_fist", "wind_and_cloud", "berserk"}


def zt(skills: dict, **state) -> dict:
    return position("zhengtu-summoner", skills, **state)


def test_the_skeleton_archer_needs_a_corpse():
    assert "summon_skeleton_archer" in castable(zt({"召喚骷髏弓手": 1}, corpses=1))
    doc = zt({"召喚骷髏弓手": 1})
    assert "summon_skeleton_archer" not in castable(doc)
    assert why(doc, "summon_skeleton_archer") == ["needs 1 屍體 (unless 冥府之門 is held)"]


def test_the_skeleton_archer_needs_no_corpse_with_the_gate_of_the_underworld():
    doc = zt({"召喚骷髏弓手": 1, "召喚骸骨守衛": 1}, passives=["冥府之門"])
    assert {"summon_skeleton_archer", "summon_bone_guard"} <= set(castable(doc))


def test_the_corpse_is_used_up():
    doc = zt({"召喚骷髏弓手": 1, "召喚骸骨守衛": 1}, corpses=1)
    result = check(doc, ['cast "召喚骷髏弓手"', 'cast "召喚骸骨守衛"'])
    assert not result.legal and "needs 1 屍體" in result.steps[-1].reasons[0]
    two = zt({"召喚骷髏弓手": 1, "召喚骸骨守衛": 1}, corpses=2)
    assert check(two, ['cast "召喚骷髏弓手"', 'cast "召喚骸骨守衛"']).legal


def test_in_english_the_archer_needs_a_corpse():
    doc = zt({"Summon Skeleton Archer": 1})
    assert why(doc, "summon_skeleton_archer") == ["needs a corpse (unless Gate of the Underworld is held)"]


def test_empowered_summons_spends_all_mp():
    doc = zt({"強化召喚": 1}, mp=137, units={"土靈": 1})
    assert "empower_summons" in castable(doc)
    result = check(doc, ['cast "強化召喚"'])
    assert result.legal and "MP: 0" in result.text() and result.steps[0].position["mp"] == 0


def test_empowered_summons_needs_mp_and_a_summon():
    assert why(zt({"強化召喚": 1}, mp=0, units={"土靈": 1}), "empower_summons") == [
        "強化召喚 spends all MP, and there is none left"]
    assert why(zt({"強化召喚": 1}, mp=50), "empower_summons") == ["needs a 召喚獸 present"]


def test_swap_places_needs_a_summon():
    assert "swap_places" in castable(zt({"移形換位": 1}, units={"天兵": 1}))
    assert why(zt({"移形換位": 1}), "swap_places") == ["needs a 召喚獸 present"]


def test_one_summon_of_each_kind():
    doc = zt({"召喚土靈": 1, "召喚天兵": 1}, units={"土靈": 1})
    assert set(castable(doc)) == {"summon_heavenly_soldier"}


def test_devouring_needs_the_unit_and_merges():
    doc = zt({"召喚骷髏戰士": 1, "吞噬骷髏戰士": 1})
    assert why(doc, "devour_skeleton_warrior") == ["nothing to devour: no 骷髏戰士 present"]
    result = check(doc, ['cast "召喚骷髏戰士"', 'cast "吞噬骷髏戰士"'])
    assert result.legal and result.steps[-1].position["merged"] == "骷髏戰士"
    assert "units: none" in result.text()


def test_after_devouring_only_merge_skills_remain():
    every = {"召喚骷髏戰士": 1, "白骨之爪": 1, "食屍術": 1, "鐵骨裝甲": 1, "棍擊": 1, "召喚幽魂": 1,
             "吞噬幽魂": 1, "強化召喚": 1, "天雷": 1}
    merged = zt(every, merged="骷髏戰士", corpses=1, units={"幽魂": 1})
    assert set(castable(merged)) == {"bone_claw", "corpse_eating", "iron_bone_armour", "heavenly_thunder"}
    assert why(merged, "staff_strike")[0].startswith("merged: only merge skills")
    assert why(merged, "devour_wraith")[0].startswith("merged: only merge skills")
    free = zt(every, corpses=1, units={"幽魂": 1})
    assert not set(castable(free)) & MERGE
    assert why(free, "bone_claw") == ["can be cast only while merged"]


def test_the_merge_skills_of_each_table_work_only_merged():
    skills = {"天道一擊": 1, "石化之拳": 1, "風雲動": 1, "狂暴": 1, "合體天將": 1, "融合石靈": 1}
    assert set(castable(zt(skills, merged="天將"))) == {"heavenly_strike", "petrifying_fist", "wind_and_cloud", "berserk"}
    assert set(castable(zt(skills, units={"天將": 1, "石靈": 1}))) == {"merge_heavenly_general", "fuse_stone_spirit"}


def test_corpse_eating_uses_a_corpse_even_with_the_gate():
    doc = zt({"食屍術": 1}, merged="骷髏戰士", passives=["冥府之門"])
    assert why(doc, "corpse_eating") == ["needs 1 屍體"]
    assert "corpse_eating" in castable(zt({"食屍術": 1}, merged="骷髏戰士", corpses=1))


def test_the_iron_spirit_needs_an_iron_item():
    assert "summon_iron_spirit" in castable(zt({"召喚鐵靈": 1}, nearby={"鐵制物品": 1}))
    assert why(zt({"召喚鐵靈": 1}), "summon_iron_spirit") == ["needs 1 鐵制物品"]


def test_blessing_and_rebirth_are_cast_on_a_summon():
    skills = {"天神祝福": 1, "重生": 1}
    assert not castable(zt(skills))
    assert set(castable(zt(skills, units={"風靈": 1}))) == {"heavenly_blessing", "rebirth"}


def test_boundless_mana_is_reported_unsupported():
    doc = zt({"無邊法力": 1})
    assert why(doc, "boundless_mana") == ["not modelled: restores the MP of the whole party by an amount the seed does not give"]


def test_the_heaven_and_nature_summons_and_their_merges():
    doc = zt({"召喚天仙": 1, "合體天仙": 1, "召喚三界天王": 1, "合體三界天王": 1, "召喚焰魔君主": 1, "融合焰魔君主": 1})
    assert set(castable(doc)) == {"summon_immortal", "summon_heaven_king", "summon_flame_lord"}
    line = check(doc, ['cast "召喚焰魔君主"', 'cast "融合焰魔君主"', 'cast "召喚天仙"'])
    assert not line.legal and line.steps[-1].reasons[0].startswith("merged: only merge skills")
