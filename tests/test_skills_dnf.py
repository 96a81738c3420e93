"""The DNF Summoner (facts/skills/dnf-summoner.json): each rule of the seed's table, what must be
castable and what must not."""
from __future__ import annotations

from skills_helpers import castable, check, position, why

SPIRITS = {"精靈召喚：亞德炎": 1, "精靈召喚：冰奈斯": 1, "精靈召喚：瑟冥特克": 1, "精靈召喚：雷沃斯": 1}
KING = {"精靈召喚：伊伽貝拉": 1, "召喚獸強化": 9}
EX_CAP = "被動——EX下級精靈強化"


def dnf(skills: dict, **state) -> dict:
    return position("dnf-summoner", skills, **state)


# --- lesser spirits and their cap of seven ------------------------------------------------------
def test_each_lesser_spirit_summon_is_castable():
    assert {"summon_ador", "summon_naias", "summon_stalker", "summon_wisp"} <= set(castable(dnf(SPIRITS)))


def test_the_eighth_lesser_spirit_is_refused_without_the_passive():
    doc = dnf(SPIRITS, units={"亞德炎": 4, "冰奈斯": 3})
    assert not {"summon_ador", "summon_naias", "summon_stalker", "summon_wisp"} & set(castable(doc))
    assert any("cap of 7" in r and "下級精靈" in r for r in why(doc, "summon_wisp"))


def test_the_eighth_lesser_spirit_is_allowed_with_the_passive():
    doc = dnf(SPIRITS, units={"亞德炎": 4, "冰奈斯": 3}, passives=[EX_CAP])
    assert "summon_wisp" in castable(doc)
    result = check(doc, ['cast "精靈召喚：雷沃斯"'])
    assert result.legal and "units: 4 亞德炎, 3 冰奈斯, 1 雷沃斯" in result.text()


def test_the_raised_cap_is_a_cap_too():
    doc = dnf(SPIRITS, units={"亞德炎": 5, "冰奈斯": 5}, passives=[EX_CAP])
    assert "summon_ador" not in castable(doc)
    assert any("cap of 10" in r for r in why(doc, "summon_ador"))


def test_the_cap_of_seven_is_for_the_lesser_spirits_together_not_the_greater():
    doc = dnf({**SPIRITS, "精靈召喚：亡魂默克爾": 1}, units={"亞德炎": 7})
    assert "summon_dead_mulcor" in castable(doc)


def test_english_names_give_the_same_plays_and_english_reasons():
    zh = dnf(SPIRITS, units={"亞德炎": 4, "冰奈斯": 3})
    en = dnf({"Lesser Spirit: Ador": 1, "Lesser Spirit: Naias": 1, "Lesser Spirit: Stalker": 1,
              "Lesser Spirit: Wisp": 1}, units={"Ador": 4, "Naias": 3})
    assert castable(zh) == castable(en)
    assert any("cap of 7 lesser spirits reached" in r for r in why(en, "summon_wisp"))


# --- the spirit king ----------------------------------------------------------------------------
def test_the_spirit_king_with_three_spirits_lists_every_choice_of_sacrifice():
    doc = dnf({**SPIRITS, **KING}, units={"亞德炎": 2, "冰奈斯": 1, "雷沃斯": 1})
    choices = castable(doc)["summon_echeverria"]
    assert sorted(choices) == sorted([(("ador", 2), ("naias", 1)), (("ador", 2), ("wisp", 1)),
                                      (("ador", 1), ("naias", 1), ("wisp", 1))])


def test_the_spirit_king_is_refused_with_too_few_spirits():
    doc = dnf({**SPIRITS, **KING}, units={"亞德炎": 1, "冰奈斯": 1})
    assert "summon_echeverria" not in castable(doc)
    assert why(doc, "summon_echeverria") == ["needs 3 精靈 to sacrifice, 2 present"]


def test_the_spirit_king_needs_the_aura_at_level_nine():
    doc = dnf({**SPIRITS, **KING, "召喚獸強化": 8}, units={"亞德炎": 3})
    assert "summon_echeverria" not in castable(doc)
    assert why(doc, "summon_echeverria") == ["needs 召喚獸強化 at level 9 or more, learned at level 8"]


def test_one_spirit_king_at_a_time():
    doc = dnf({**SPIRITS, **KING}, units={"亞德炎": 3, "伊伽貝拉": 1})
    assert any("cap of 1 伊伽貝拉" in r for r in why(doc, "summon_echeverria"))


def test_a_line_names_the_sacrifice_and_a_wrong_one_is_illegal():
    doc = dnf({**SPIRITS, **KING}, units={"亞德炎": 2, "冰奈斯": 1})
    ok = check(doc, ['cast "精靈召喚：伊伽貝拉" sacrificing "亞德炎", "亞德炎", "冰奈斯"'])
    assert ok.legal and "units: 1 伊伽貝拉" in ok.text()
    bad = check(doc, ['cast "精靈召喚：伊伽貝拉" sacrificing "亞德炎", "冰奈斯", "冰奈斯"'])
    assert not bad.legal and "sacrifices 2 冰奈斯, 1 present" in bad.text()


def test_the_spirit_king_is_on_cooldown_after_its_cast_until_a_wait():
    doc = dnf({**SPIRITS, **KING}, units={"亞德炎": 6})
    twice = check(doc, ['cast "精靈召喚：伊伽貝拉"', 'cast "精靈召喚：伊伽貝拉"'])
    assert twice.status == "illegal" and "精靈召喚：伊伽貝拉 is on cooldown" in twice.text()
    # after a wait the cooldown is over: the second king is then refused by its cap only
    after = check(doc, ['cast "精靈召喚：伊伽貝拉"', "wait", 'cast "精靈召喚：伊伽貝拉"'])
    assert after.status == "illegal" and after.steps[-1].terms == ["cap(echeverria,1)"]


def test_an_unnamed_sacrifice_with_several_choices_is_ambiguous():
    doc = dnf({**SPIRITS, **KING}, units={"亞德炎": 2, "冰奈斯": 2})
    result = check(doc, ['cast "精靈召喚：伊伽貝拉"'])
    assert result.status == "ambiguous" and "sacrificing" in result.message


# --- spirit sacrifice ---------------------------------------------------------------------------
def test_spirit_sacrifice_never_sacrifices_the_spirit_king():
    doc = dnf({**SPIRITS, **KING, "精靈獻祭": 1}, units={"伊伽貝拉": 1, "亞德炎": 1})
    choices = castable(doc)["spirit_sacrifice"]
    assert choices == [(("ador", 1),)]
    named = check(doc, ['cast "精靈獻祭" sacrificing "伊伽貝拉"'])
    assert not named.legal and "精靈獻祭 cannot sacrifice 伊伽貝拉" in named.text()


def test_spirit_sacrifice_with_only_the_king_is_refused():
    doc = dnf({"精靈獻祭": 1, **KING}, units={"伊伽貝拉": 1})
    assert "spirit_sacrifice" not in castable(doc)
    assert why(doc, "spirit_sacrifice") == ["nothing to sacrifice: no 精靈 other than 伊伽貝拉 present"]


def test_spirit_sacrifice_takes_greater_spirits_too():
    doc = dnf({"精靈獻祭": 1}, units={"亡魂默克爾": 1})
    assert castable(doc)["spirit_sacrifice"] == [(("dead_mulcor", 1),)]


def test_sacrifice_attacks_are_passives_not_casts():
    doc = dnf({"精靈獻祭": 1}, passives=["獻祭攻擊：亞德炎"], units={"亞德炎": 1})
    assert "sacrifice_ador" not in castable(doc) and "spirit_sacrifice" in castable(doc)
    result = check(doc, ['cast "獻祭攻擊：亞德炎"'])
    assert not result.legal and "is a passive skill" in result.text()


# --- contract and greater spirits, follow and frenzy --------------------------------------------
def test_contract_summons_one_each():
    doc = dnf({"契約召喚：桑德爾": 1, "契約召喚：襖索": 1, "契約召喚：路易絲": 1}, units={"桑德爾": 1})
    assert set(castable(doc)) == {"contract_aukuso", "contract_louise"}
    assert any("cap of 1 桑德爾" in r for r in why(doc, "contract_sandor"))


def test_greater_spirits_one_each():
    doc = dnf({"精靈召喚：火焰赫瑞克": 1, "精靈召喚：極光格雷林": 1}, units={"火焰赫瑞克": 1})
    assert set(castable(doc)) == {"summon_glarine"}


def test_follow_and_frenzy_need_a_summon():
    skills = {"召喚獸跟隨": 1, "召喚獸狂化": 1}
    assert not castable(dnf(skills))
    assert why(dnf(skills), "follow") == ["needs a 召喚獸 present"]
    assert set(castable(dnf(skills, units={"路易絲": 1}))) == {"follow", "frenzy"}


def test_a_skill_not_learned_is_refused():
    result = check(dnf(SPIRITS), ['cast "魔力印記"'])
    assert not result.legal and "魔力印記 is not learned" in result.text()
    assert "mana_mark" in castable(dnf({"魔力印記": 1}, passives=["被動——EX魔力印記"]))


def test_mp_is_spent_and_a_cast_needs_enough():
    doc = dnf(SPIRITS, mp=40)
    result = check(doc, ['cast "精靈召喚：亞德炎"', 'cast "精靈召喚：冰奈斯"'])
    assert not result.legal and "精靈召喚：冰奈斯 costs 30 MP, 10 left" in result.text()


# --- EX upgrades --------------------------------------------------------------------------------
def test_an_ex_upgrade_replaces_the_skill():
    doc = dnf({"精靈召喚：亞德炎": 1, "EX精靈召喚：炎德亞": 1})
    assert set(castable(doc)) == {"ex_ador"}
    assert why(doc, "summon_ador") == ["replaced by its upgrade EX精靈召喚：炎德亞"]
    assert "summon_ador" in castable(dnf({"精靈召喚：亞德炎": 1}))


def test_the_ex_summon_creates_the_same_lesser_spirit_under_the_same_cap():
    doc = dnf({"EX精靈召喚：炎德亞": 1}, units={"亞德炎": 7})
    assert "ex_ador" not in castable(doc)


# --- cooldowns ----------------------------------------------------------------------------------
def test_a_skill_on_cooldown_waits():
    doc = dnf(SPIRITS)
    again = check(doc, ['cast "精靈召喚：亞德炎"', 'cast "精靈召喚：亞德炎"'])
    assert not again.legal and "on cooldown" in again.text()
    assert check(doc, ['cast "精靈召喚：亞德炎"', "wait", 'cast "精靈召喚：亞德炎"']).legal
    idle = check(doc, ["wait"])
    assert not idle.legal and "nothing to wait for" in idle.text()


def test_the_position_may_put_a_skill_on_cooldown():
    doc = dnf(SPIRITS, cooldown=["精靈召喚：亞德炎"])
    assert "summon_ador" not in castable(doc)
    assert check(doc, ["wait", 'cast "精靈召喚：亞德炎"']).legal
