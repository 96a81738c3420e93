"""Issue 9: Gemini monsters are Normal Monsters face-up on the field until Gemini Summoned (a
second Normal Summon on the field); Spirit and Union monsters' unmodelled rules are named."""
from __future__ import annotations

import oracle
from oracle.yugioh import report
from oracle.yugioh.lines import check_line, make_line
from oracle.yugioh.position import parse_position

NEOS_ALIUS = "Elemental HERO Neos Alius"   # Gemini, Level 4
LINK_SPIDER = "Link Spider"                 # Link-1: "1 Normal Monster"


def board(alius: dict | None = None, *, hand=("Kozaky",), used: bool = False) -> dict:
    entry = {"card": NEOS_ALIUS, "position": "attack", **(alius or {})}
    return {"game": "yugioh", "turn": {"normal_summon_used": used},
            "players": [{"hand": list(hand), "monster_zones": [entry, None, None, None, None],
                         "extra_deck": [LINK_SPIDER]}, {}]}


def actions(doc: dict) -> set[tuple[str, str]]:
    return {(p.action, p.card.name) for p in oracle.plays(doc) if p.card}


def test_a_face_up_gemini_monster_is_a_normal_monster_for_link_spider():
    assert ("link_summon", LINK_SPIDER) in actions(board())


def test_a_gemini_summoned_monster_is_an_effect_monster_not_a_normal_one():
    assert ("link_summon", LINK_SPIDER) not in actions(board({"gemini_summoned": True}))
    result = check_line(make_line(board(), [f'gemini_summon "{NEOS_ALIUS}"',
                                            f'link_summon "{LINK_SPIDER}" with "{NEOS_ALIUS}"']))
    assert result.status == "illegal" and result.steps[0].legal
    assert any("fits none of the materials" in r for r in result.steps[1].reasons)


def test_a_face_down_gemini_monster_is_not_a_normal_monster():
    found = actions(board({"position": "set"}))
    assert ("link_summon", LINK_SPIDER) not in found and ("gemini_summon", NEOS_ALIUS) not in found


def test_the_gemini_summon_is_the_normal_summon_of_the_turn():
    assert ("gemini_summon", NEOS_ALIUS) in actions(board())
    assert ("gemini_summon", NEOS_ALIUS) not in actions(board(used=True))
    assert ("gemini_summon", NEOS_ALIUS) not in actions(board({"gemini_summoned": True}))
    result = check_line(make_line(board(), ['normal_summon "Kozaky"', f'gemini_summon "{NEOS_ALIUS}"']))
    assert result.status == "illegal"
    assert result.steps[1].reasons == ["the Normal Summon was already used at step 1"]
    after = check_line(make_line(board(), [f'gemini_summon "{NEOS_ALIUS}"']))
    assert after.legal
    entry = after.steps[0].position["players"][0]["monster_zones"][0]
    assert entry["gemini_summoned"] and entry["normal_summoned"] and entry["summoned_this_turn"]
    assert after.steps[0].position["turn"]["normal_summon_used"]
    # the saved state reads back: no second Gemini Summon, no Link Spider
    again = actions(after.steps[0].position)
    assert ("gemini_summon", NEOS_ALIUS) not in again and ("link_summon", LINK_SPIDER) not in again


def test_only_a_gemini_monster_is_gemini_summoned():
    doc = board()
    doc["players"][0]["monster_zones"][1] = {"card": "Kozaky", "position": "attack"}
    result = check_line(make_line(doc, ['gemini_summon "Kozaky"']))
    assert result.status == "illegal"
    assert "is not a Gemini monster" in result.steps[0].reasons[0]


def test_a_gemini_monster_in_the_hand_is_normal_summoned_as_usual():
    doc = {"game": "yugioh", "players": [{"hand": [NEOS_ALIUS], "extra_deck": [LINK_SPIDER]}, {}]}
    result = check_line(make_line(doc, [f'normal_summon "{NEOS_ALIUS}"',
                                        f'link_summon "{LINK_SPIDER}" with "{NEOS_ALIUS}"']))
    assert result.legal


def test_spirit_and_union_monsters_are_played_and_their_unmodelled_rules_named():
    doc = {"game": "yugioh", "players": [{"hand": ["Yata-Garasu", "Y-Dragon Head"]}, {}]}
    found = oracle.plays(doc)
    assert {(p.action, p.card.name) for p in found} >= {("normal_summon", "Yata-Garasu"),
                                                        ("normal_summon", "Y-Dragon Head")}
    text = report.explanations(parse_position(doc), found)
    assert "not modelled: Yata-Garasu is a Spirit monster" in text
    assert "not modelled: Y-Dragon Head is a Union monster" in text

