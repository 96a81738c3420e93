"""Normal Summon rules written on cards: without Tributing, under a condition, Set only."""
from __future__ import annotations

from yugioh_board import board, can, summons

GAIA, ELPHIN, STEIN = "Charging Gaia the Fierce Knight", "Blackwing - Elphin the Raven", "Ghostrick Stein"
KOZAKY = "Kozaky"


def test_normal_summon_without_tributing():
    pos = board(hand=[GAIA])
    assert can(pos, "normal_summon", GAIA, [])
    # The procedure is a Summon: a Set of a Level 7 still needs 2 Tributes.
    assert not summons(pos, "normal_set") and not summons(pos, "tribute_set")
    # And the ordinary Tribute Summon stays legal.
    assert can(board(hand=[GAIA], field=[KOZAKY, "Petit Moth"]), "tribute_summon", GAIA, [KOZAKY, "Petit Moth"])


def test_normal_summon_without_tributing_under_a_condition():
    blackwing = "Blackwing - Bora the Spear"
    assert can(board(hand=[ELPHIN], field=[blackwing]), "normal_summon", ELPHIN, [])
    assert not can(board(hand=[ELPHIN], field=[KOZAKY]), "normal_summon", ELPHIN)
    # A face-down Blackwing does not count.
    assert not can(board(hand=[ELPHIN], field=[{"card": blackwing, "position": "set"}]), "normal_summon", ELPHIN)


def test_cannot_be_normal_summoned_unless():
    assert not can(board(hand=[STEIN]), "normal_summon", STEIN)
    assert can(board(hand=[STEIN]), "normal_set", STEIN, [])
    assert can(board(hand=[STEIN], field=["Ghostrick Jiangshi"]), "normal_summon", STEIN, [])


def test_cannot_be_normal_summoned_if():
    chameleon = "Masked Chameleon"
    assert can(board(hand=[chameleon], field=[KOZAKY]), "normal_summon", chameleon, [])
    assert not can(board(hand=[chameleon], field=["Summoned Skull"]), "normal_summon", chameleon)
    assert can(board(hand=[chameleon], field=["Summoned Skull"]), "normal_set", chameleon, [])


def test_set_only():
    bot = "Dododo Bot"
    assert not can(board(hand=[bot]), "normal_summon", bot)
    assert can(board(hand=[bot]), "normal_set", bot, [])


def test_a_double_tribute_for_a_matching_monster():
    horse = "Kaiser Sea Horse"  # 2 Tributes for a LIGHT monster
    assert can(board(hand=["Blue-Eyes White Dragon"], field=[horse]), "tribute_summon", "Blue-Eyes White Dragon", [horse])
    # Dark Magician is DARK: the Sea Horse is one Tribute, and one is not enough for a Level 7.
    assert not summons(board(hand=["Dark Magician"], field=[horse]), "tribute_summon")
    # For a Level 6, one Tribute either way.
    assert can(board(hand=["Summoned Skull"], field=[horse]), "tribute_summon", "Summoned Skull", [horse])


def test_tribute_summon_by_one_tribute_summoned_monster():
    granmarg, monarch = "Granmarg the Mega Monarch", "Granmarg the Rock Monarch"
    # Level 8: normally 2 Tributes; 1 Tribute Summoned monster is enough.
    assert can(board(hand=[granmarg], field=[{"card": monarch, "tribute_summoned": True}]),
               "tribute_summon", granmarg, [monarch])
    assert not summons(board(hand=[granmarg], field=[monarch]), "tribute_summon")
    # Not for a Set.
    assert not summons(board(hand=[granmarg], field=[{"card": monarch, "tribute_summoned": True}]), "tribute_set")


def _attack_lp(position, name):
    from yugioh_lines import legal
    r = legal(position, f'normal_summon "{name}"', f'attack "{name}" directly')
    return r.steps[-1].position["players"][1]["life_points"]


def test_a_normal_summon_without_tributing_gives_the_original_atk_the_text_says():
    horror = "Hundred-Footed Horror"   # "..., but its original ATK becomes 1300" (printed 2600)
    pos = board(hand=[horror], opp_field=[KOZAKY], first_turn=False)
    assert can(pos, "normal_summon", horror, [])
    from yugioh_lines import legal
    r = legal(pos, f'normal_summon "{horror}"', f'attack "{horror}" -> "{KOZAKY}"')
    assert r.steps[-1].position["players"][1]["life_points"] == 8000 - (1300 - 400)
    # a Tribute Summon keeps the printed ATK
    tributed = board(hand=[horror], field=[KOZAKY, "Petit Moth"], first_turn=False)
    r = legal(tributed, f'tribute_summon "{horror}" with "{KOZAKY}", "Petit Moth"', f'attack "{horror}" directly')
    assert r.steps[-1].position["players"][1]["life_points"] == 8000 - 2600


def test_normal_summon_or_set_without_tributing_halves_the_original_stats():
    fusilier = "Fusilier Dragon, the Dual-Mode Beast"   # ATK 2800 / DEF 2000, "Normal Summon/Set"
    pos = board(hand=[fusilier], first_turn=False)
    assert can(pos, "normal_summon", fusilier, []) and can(pos, "normal_set", fusilier, [])
    assert _attack_lp(pos, fusilier) == 8000 - 1400


def test_a_normal_summon_without_tributing_whose_change_is_not_read_is_not_offered():
    genomix = "Genomix Fighter"   # "..., but its original ATK is halved and its Level becomes 3"
    assert not can(board(hand=[genomix]), "normal_summon", genomix)
    assert can(board(hand=[genomix], field=[KOZAKY]), "tribute_summon", genomix, [KOZAKY])
