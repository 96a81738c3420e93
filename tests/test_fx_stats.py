"""The family "stats" of card effects (issue 8): ATK/DEF, Level, Tuner status, names and card
types changed by effects, and read by battle, damage, materials and filters.  Real cards only;
each rule has a line that must be legal and one that must not."""
from __future__ import annotations

import pytest
from yugioh_board import board
from yugioh_lines import check, illegal, legal

from oracle.yugioh.cards import Library
from oracle.yugioh.effect_text import _parse_unit, card_effects
from oracle.yugioh.lines import check_line, make_line
from oracle.yugioh.solve import puzzle_from_json, solve_puzzle

KAGEN, HANZO, SKULL = "Twilight Ninja Kagen", "Ninja Grandmaster Hanzo", "Summoned Skull"
HAMMER, DIVA, ARMADES, BRIONAC = "Hammer Shark", "Deep Sea Diva", "Armades, Keeper of Boundaries", \
    "Brionac, Dragon of the Ice Barrier"
PIKARI, ACHICHI, UTOPIA = "Pikari @Ignister", "Achichi @Ignister", "Number 39: Utopia"
PROTO, CYBER, TWIN, POLY = "Proto-Cyber Dragon", "Cyber Dragon", "Cyber Twin Dragon", "Polymerization"



def lp(result, player: int) -> int:
    return result.steps[-1].position["players"][player]["life_points"]


def read(name: str):
    lib = Library.load()
    return card_effects(lib.by_name(name), lib)


def facts_of(name: str) -> set[str]:
    return {str(f) for f in read(name).facts}


# --- the grammar ---------------------------------------------------------------------------------
def test_stat_sentences_read_as_facts():
    assert {"eff_do(6830480,1,1,1,stat(it,gain(atk,800)))"} <= facts_of(KAGEN)
    assert {"eff_do(3244563,1,1,1,stat(it,gain(atk,400)))", "eff_do(3244563,1,1,1,stat(it,gain(def,400)))"} \
        <= facts_of("Shield Spear")   # "it gains 400 ATK and DEF until the End Phase"
    assert "eff_do(17201174,1,1,1,stat(self,level_by(-1)))" in facts_of(HAMMER)
    assert "eff_do(16020923,2,1,1,stat(it,level_is(4)))" in facts_of(PIKARI)
    assert {"eff_do(7721912,1,1,1,stat(it,name(19642774)))", "eff_do(7721912,1,1,2,stat(it,tuner))"} \
        <= facts_of("Noble Knight's Spearholder")
    assert facts_of(PROTO) == {"stat_name(26439287,70095154,field)"}
    assert {"stat_name(38517737,89631139,field)", "stat_name(38517737,89631139,graveyard)"} \
        <= facts_of("Blue-Eyes Alternative White Dragon")
    assert {"stat_cont(52222372,1,atk,400,mine)", "stat_filter(52222372,1,1,pos,faceup)"} <= facts_of("Genex Turbine")


def test_a_card_mixing_an_understood_stats_sentence_with_one_not_understood_stays_unsupported():
    # Magical Reflect Slime: the Gemini sentences are understood (gemini.lp plays them); its Gemini
    # effect is not.
    slime = read("Magical Reflect Slime")
    assert slime.unsupported == ("Your opponent takes any battle damage you would have taken from battles "
                                 "involving this card.") and slime.facts == []
    # "The original ATK of this card becomes 2100" is not a sentence of this family's grammar.
    assert read("Goggle Golem").unsupported


def test_a_field_spells_gain_with_no_place_is_of_the_monsters_of_both_fields():
    # Jurassic World: "All Dinosaur monsters gain 300 ATK/DEF." (no place: those on the field).
    facts = {str(f) for f in read("Jurassic World").facts if f.name == "stat_cont"}
    assert facts == {"stat_cont(10080320,1,atk,300,both)", "stat_cont(10080320,1,def,300,both)"}
    # The same words on a Normal Spell would be a change at resolution, not a rule: not read as one.
    assert read("Spright Gamma Burst").unsupported


# --- ATK: battle and damage read the changed values --------------------------------------------
def test_a_monster_whose_atk_was_raised_wins_a_battle_it_would_otherwise_lose():
    pos = board(field=[KAGEN, HANZO], opp_field=[SKULL])
    won = legal(pos, f'activate "{KAGEN}" targeting "{HANZO}"', f'attack "{HANZO}" -> "{SKULL}"')
    assert lp(won, 1) == 8000 - (1800 + 800 - 2500)
    assert SKULL not in won.text().split("opponent:")[-1].split("GY")[0]
    lost = legal(pos, f'attack "{HANZO}" -> "{SKULL}"')
    assert lp(lost, 0) == 8000 - (2500 - 1800) and lp(lost, 1) == 8000


def test_the_target_filter_of_a_boost_is_checked():
    pos = board(field=[KAGEN, "Kozaky"])
    assert "not a valid target" in illegal(pos, f'activate "{KAGEN}" targeting "Kozaky"')


def test_a_damage_goal_reached_only_with_the_boost():
    goal = {"damage": 2600}
    with_kagen = puzzle_from_json({"position": board(field=[KAGEN, HANZO]), "goal": goal})
    found = solve_puzzle(with_kagen, max_steps=3)
    assert found.lines and len(found.lines[0]) == 2
    without = puzzle_from_json({"position": board(field=[HANZO, "Kozaky"]), "goal": goal})
    assert not solve_puzzle(without, max_steps=3).lines


def test_a_continuous_gain_holds_while_its_monster_is_on_the_field():
    # Genex Turbine: "All face-up "Genex" monsters you control gain 400 ATK" (itself included).
    pos = board(field=["Genex Turbine", "Genex Controller"], opp_field=["Hammer Shark"])
    won = legal(pos, 'attack "Genex Controller" -> "Hammer Shark"')   # 1400 + 400 > 1700
    assert lp(won, 1) == 8000 - (1400 + 400 - 1700)
    # Without Turbine on the field the same attack loses.
    alone = legal(board(field=["Genex Controller"], opp_field=["Hammer Shark"]), 'attack "Genex Controller" -> "Hammer Shark"')
    assert lp(alone, 0) == 8000 - (1700 - 1400)


# --- Level: Synchro and Xyz Summons read the changed Level ----------------------------------------
def test_a_level_reduction_changes_the_synchro_sum():
    pos = board(field=[HAMMER], hand=[DIVA], extra=[ARMADES, BRIONAC])
    # Hammer Shark 4 -> 3, then Deep Sea Diva (2): Level 5 Synchro, not Level 6.
    legal(pos, f'activate "{HAMMER}" summoning "{DIVA}"', f'synchro_summon "{ARMADES}" with "{HAMMER}", "{DIVA}"')
    why = illegal(pos, f'activate "{HAMMER}" summoning "{DIVA}"', f'synchro_summon "{BRIONAC}" with "{HAMMER}", "{DIVA}"')
    assert "Level" in why
    # Unchanged, the same two monsters make the Level 6 one and not the Level 5 one.
    legal(pos, f'normal_summon "{DIVA}"', f'synchro_summon "{BRIONAC}" with "{HAMMER}", "{DIVA}"')
    illegal(pos, f'normal_summon "{DIVA}"', f'synchro_summon "{ARMADES}" with "{HAMMER}", "{DIVA}"')


def test_a_level_change_makes_an_xyz_summon_legal():
    pos = board(field=[PIKARI, ACHICHI], extra=[UTOPIA])
    assert "Level" in illegal(pos, f'xyz_summon "{UTOPIA}" with "{PIKARI}", "{ACHICHI}"')
    legal(pos, f'activate "{PIKARI}" effect 2 targeting "{ACHICHI}"', f'xyz_summon "{UTOPIA}" with "{PIKARI}", "{ACHICHI}"')
    # Kozaky is no "@Ignister" monster: it cannot be targeted, and stays Level 1.
    other = board(field=[PIKARI, "Kozaky"], extra=[UTOPIA])
    assert "not a valid target" in illegal(other, f'activate "{PIKARI}" effect 2 targeting "Kozaky"')


# --- Tuner status and names -------------------------------------------------------------------------
def test_treated_as_a_tuner_makes_a_synchro_summon_legal():
    spear = "Noble Knight's Spearholder"
    pos = board(hand=[spear], field=[HAMMER], extra=[BRIONAC])
    legal(pos, f'normal_summon "{spear}"', f'then activate "{spear}" targeting "{HAMMER}"',
          f'synchro_summon "{BRIONAC}" with "{HAMMER}", "{spear}"')
    why = illegal(pos, f'normal_summon "{spear}"', f'synchro_summon "{BRIONAC}" with "{HAMMER}", "{spear}"')
    assert "Tuner" in why


def test_a_name_that_holds_on_the_field_is_what_fusion_materials_read():
    on_field = board(hand=[POLY], field=[PROTO, CYBER], extra=[TWIN])
    legal(on_field, f'fusion_summon "{TWIN}" using "{POLY}" with "{PROTO}", "{CYBER}"')
    # In the hand Proto-Cyber Dragon keeps its own name.
    in_hand = board(hand=[POLY, PROTO], field=[CYBER], extra=[TWIN])
    assert "fits none" in illegal(in_hand, f'fusion_summon "{TWIN}" using "{POLY}" with "{PROTO}", "{CYBER}"')


def test_a_gain_for_each_card_in_the_gy_counts_only_what_the_text_names():
    # Mudora (1500): "Gains 200 ATK for each Fairy monster in your GY."
    two = board(field=["Mudora"], gy=["Shining Angel", "Shining Angel"], opp_field=[HANZO])
    assert lp(legal(two, f'attack "Mudora" -> "{HANZO}"'), 1) == 8000 - (1500 + 400 - 1800)
    one = board(field=["Mudora"], gy=["Shining Angel", "Kozaky"], opp_field=[HANZO])
    assert lp(legal(one, f'attack "Mudora" -> "{HANZO}"'), 0) == 8000 - (1800 - 1700)


def test_all_other_monsters_leaves_the_card_itself_out():
    # Launcher Commander (1700): "All other Cyberse monsters you control gain 300 ATK/DEF."
    pos = board(field=["Launcher Commander", "Backup Secretary"])
    assert lp(legal(pos, 'attack "Backup Secretary" directly'), 1) == 8000 - (1200 + 300)
    assert lp(legal(pos, 'attack "Launcher Commander" directly'), 1) == 8000 - 1700


def test_a_continuous_gain_is_grounded_again_at_every_step_of_a_search():
    # An EDOPro puzzle whose Amazoness cards gain ATK continuously: the rule that leaves a card out
    # of its own "All other ..." gain once had an atom without its time, and clingo refused the
    # second step's grounding ("redefinition of atom").  The search must end with an answer.
    import pytest
    from conftest import DATA

    from oracle.yugioh.solve import load_puzzle

    path = DATA / "puzzles" / "Miscellaneous" / "Eroldin_10_Ladies_Night.lua"
    if not path.is_file():
        pytest.skip(f"{path} not present")
    out = solve_puzzle(load_puzzle(path), max_steps=3, timeout=60)
    assert out.max_steps == 3 and (out.lines or out.searched or out.exhausted or out.stopped)



def _plays_with_rule(position: dict, name: str, sentence_no: int) -> set[str]:
    """The plays of step 1 with the facts of one understood sentence of a card whose other
    sentences are not understood yet (so that the card itself is unsupported)."""
    import clingo

    from oracle.resources import encoding
    from oracle.yugioh.effect_text import _parse_unit, effect_sentences
    from oracle.yugioh.facts import position_facts
    from oracle.yugioh.position import parse_position

    lib = Library.load()
    card = lib.by_name(name)
    rule = _parse_unit(effect_sentences(card)[sentence_no], lib)
    assert rule["kind"] == "card_facts"
    ctl = clingo.Control(["0", "--project=show"], logger=lambda *_: None)
    for path in encoding("yugioh"):
        ctl.load(str(path))
    facts = list(position_facts(parse_position(position), lib).facts) + rule["facts"](card, 1)
    ctl.add("base", [], "".join(f"{f}." for f in facts) + "#show act/3. #show mat/2.")
    ctl.ground([("base", []), ("step", [clingo.Number(1)])])
    plays: set[str] = set()
    ctl.solve(on_model=lambda m: plays.add(" ".join(sorted(str(a) for a in m.symbols(shown=True)))))
    return plays


def test_treated_as_a_normal_monster_and_named_on_the_field():
    # Mokey Mokey Adrift: "This card's name becomes "Mokey Mokey" and is treated as a Normal Monster
    # while face-up on the field or in the GY." (its other sentence, a cost from the hand, is read
    # by the family grave; the rule is played here on its own).  Link Spider asks for "1 Normal
    # Monster"; Mokey Mokey King for "Mokey Mokey" + "Mokey Mokey" + "Mokey Mokey".
    adrift, spider, king = "Mokey Mokey Adrift", "Link Spider", "Mokey Mokey King"
    on_field = _plays_with_rule(board(field=[adrift], extra=[spider]), adrift, 0)
    assert any("act(1,link_summon," in p for p in on_field)
    assert not any("act(1,link_summon," in p for p in _plays_with_rule(board(field=[HAMMER], extra=[spider]), adrift, 0))
    fused = _plays_with_rule(board(hand=[POLY, "Mokey Mokey", "Mokey Mokey"], field=[adrift], extra=[king]), adrift, 0)
    assert any("act(1,fusion_summon," in p for p in fused)
    # In the hand it keeps its own name: no third "Mokey Mokey".
    in_hand = _plays_with_rule(board(hand=[POLY, "Mokey Mokey", "Mokey Mokey", adrift], extra=[king]), adrift, 0)
    assert not any("act(1,fusion_summon," in p for p in in_hand)


def test_a_gain_for_each_monster_counts_face_down_monsters():
    # Jurrac Protops (1700): "Gains 100 ATK for each monster your opponent controls."
    pos = board(field=["Jurrac Protops"], opp_field=[HANZO, {"card": "Kozaky", "position": "set"}])
    assert lp(legal(pos, f'attack "Jurrac Protops" -> "{HANZO}"'), 1) == 8000 - (1700 + 200 - 1800)
    # "for each Spell/Trap your opponent controls" would count the Spell & Trap Zones: not read.
    assert read("Neo-Spacian Flare Scarab").unsupported


# --- Gemini monsters: their effects only once Gemini Summoned ----------------------------------------
def test_a_gemini_monster_has_its_effects_only_once_gemini_summoned():
    # King Pyron: "… with this effect: ● Once per turn, you can inflict 1000 damage to your opponent."
    pos = board(field=["King Pyron"])
    assert "not Gemini Summoned" in illegal(pos, 'activate "King Pyron"')
    assert lp(legal(pos, 'gemini_summon "King Pyron"', 'activate "King Pyron"'), 1) == 7000


def test_a_gemini_tuner_is_a_tuner_only_once_gemini_summoned():
    # Tuned Magician (Level 4): "… with this effect: ● This card is treated as a Tuner."
    pos = board(field=["Tuned Magician", "Kozaky"], extra=[ARMADES])
    assert "Tuner" in illegal(pos, f'synchro_summon "{ARMADES}" with "Tuned Magician", "Kozaky"')
    legal(pos, 'gemini_summon "Tuned Magician"', f'synchro_summon "{ARMADES}" with "Tuned Magician", "Kozaky"')


def test_a_gain_for_each_named_monster_you_control():
    # Lava Battleguard (1550): "Gains 500 ATK for each "Swamp Battleguard" you control."
    pos = board(field=["Lava Battleguard", "Swamp Battleguard"])
    assert lp(legal(pos, 'attack "Lava Battleguard" directly'), 1) == 8000 - 2050
    assert lp(legal(board(field=["Lava Battleguard"]), 'attack "Lava Battleguard" directly'), 1) == 8000 - 1550


def test_dark_magician_girl_gains_300_for_every_dark_magician_in_either_gy():
    def lp_after(gy, opp_gy):
        pos = board(field=["Dark Magician Girl"], gy=gy, first_turn=False)
        pos["players"][1]["graveyard"] = opp_gy
        r = legal(pos, 'attack "Dark Magician Girl" directly')
        return r.steps[-1].position["players"][1]["life_points"]
    assert lp_after([], []) == 8000 - 2000
    assert lp_after(["Dark Magician"], ["Magician of Black Chaos"]) == 8000 - 2600   # "in the GYs": both
    assert lp_after(["Kozaky"], ["Celtic Guardian"]) == 8000 - 2000                 # only the names it says


def test_blazeman_takes_the_attribute_and_stats_of_the_hero_it_sends():
    blazeman, burst = "Elemental HERO Blazeman", "Elemental HERO Burstinatrix"   # WATER 1200/1800; FIRE 1200/800
    pos = board(field=[blazeman], hand=["Mask Change"], extra=["Masked HERO Goka", "Masked HERO Vapor"], first_turn=False)
    pos["players"][0]["deck"] = [burst]
    send = f'activate "{blazeman}" effect 2 sending "{burst}"'
    r = legal(pos, send, f'attack "{blazeman}" directly')
    assert r.steps[-1].position["players"][1]["life_points"] == 8000 - 1200
    # now FIRE: Mask Change takes the FIRE Masked HERO, no longer the WATER one
    legal(pos, send, f'activate "Mask Change" targeting "{blazeman}" summoning "Masked HERO Goka"')
    assert "Attribute" in illegal(pos, send, f'activate "Mask Change" targeting "{blazeman}" summoning "Masked HERO Vapor"')
    # its lock: only Fusion Monsters are Special Summoned for the rest of the turn
    reborn = board(field=[blazeman], hand=["Monster Reborn"], gy=["Kozaky"], first_turn=False)
    reborn["players"][0]["deck"] = [burst]
    assert "locked" in illegal(reborn, send, 'activate "Monster Reborn" targeting "Kozaky"')


def test_it_becomes_level_n_changes_the_xyz_math():
    # Feedback Warrior: "When this card is Normal or Special Summoned: You can target 1 face-up
    # monster you control; it becomes Level 3."  Gene-Warped Warwolf (Level 4) then makes a Rank 3.
    fw, wolf, rank3 = "Feedback Warrior", "Gene-Warped Warwolf", "Number 17: Leviathan Dragon"
    pos = board(hand=[fw], field=[wolf], extra=[rank3])
    xyz = f'xyz_summon "{rank3}" with "{fw}", "{wolf}"'
    legal(pos, f'normal_summon "{fw}"', f'then activate "{fw}" targeting "{wolf}"', xyz)
    assert "Level" in illegal(pos, f'normal_summon "{fw}"', xyz)   # without the effect: Levels 3 and 4
    # Harmonic Waves (a Trap): "it becomes Level 4 until the End Phase", on a monster of either side
    waves = board(field=["Kozaky", wolf], st=[{"card": "Harmonic Waves", "face_up": False}],
                  extra=["Number 39: Utopia"])
    legal(waves, 'activate "Harmonic Waves" targeting "Kozaky"', f'xyz_summon "Number 39: Utopia" with "Kozaky", "{wolf}"')
    assert "Level" in illegal(waves, f'xyz_summon "Number 39: Utopia" with "Kozaky", "{wolf}"')


def test_gains_for_each_monster_on_the_field_and_except_this_card():
    # Machine King (2200): "This card gains 100 ATK for each Machine-Type monster on the field."
    # itself and the opponent's Cyber Dragon: 2400, so 300 damage attacking Cyber Dragon (2100)
    r = legal(board(field=["Machine King"], opp_field=["Cyber Dragon"]), 'attack "Machine King" -> "Cyber Dragon"')
    assert r.steps[-1].position["players"][1]["life_points"] == 8000 - 300
    # Beetrooper Assault Roller (1600): "Gains 200 ATK for each Insect monster you control, except
    # this card": with one other Insect, 1800 in a direct attack
    roller = "Beetrooper Assault Roller"
    r = legal(board(field=[roller, "Petit Moth"]), f'attack "{roller}" directly')
    assert r.steps[-1].position["players"][1]["life_points"] == 8000 - 1800
    r = legal(board(field=[roller]), f'attack "{roller}" directly')
    assert r.steps[-1].position["players"][1]["life_points"] == 8000 - 1600


# --- a Continuous or Field Spell's "All ... monsters you control / on the field gain" ---------------
def test_a_field_spell_gives_its_gain_to_the_monsters_of_both_fields_while_face_up():
    phoenix, crusader, templar = "Ignition Phoenix", "Igknight Crusader", "Igknight Templar"   # 1600, 1700
    up = board(field=[crusader], opp_field=[templar])
    up["players"][0]["field_zone"] = {"card": phoenix, "face_up": True}
    # 1900 against 2000: both gain, so the Crusader loses the battle
    r = legal(up, f'attack "{crusader}" -> "{templar}"')
    assert (lp(r, 0), lp(r, 1)) == (7900, 8000)
    direct = board(field=[crusader])
    direct["players"][0]["field_zone"] = {"card": phoenix, "face_up": True}
    assert lp(legal(direct, f'attack "{crusader}" directly'), 1) == 8000 - 1900
    # Set, it gives nothing
    direct["players"][0]["field_zone"] = {"card": phoenix, "face_up": False}
    assert lp(legal(direct, f'attack "{crusader}" directly'), 1) == 8000 - 1600


def test_a_continuous_spells_gain_goes_to_its_controllers_monsters_only():
    tablet, jet = "Chronomaly Pyramid Eye Tablet", "Chronomaly Golden Jet"   # 800; Golden Jet 1300
    pos = board(field=[jet], st=[tablet], opp_field=["Chronomaly Moai"])     # Moai: 1800
    # 2100 against 1800: the opponent's Chronomaly gains nothing
    r = legal(pos, f'attack "{jet}" -> "Chronomaly Moai"')
    assert (lp(r, 0), lp(r, 1)) == (8000, 8000 - 300)


def test_all_monsters_your_opponent_controls_lose_atk_and_yours_do_not():
    borg = "Threshold Borg"   # 2400; "All monsters your opponent controls lose 500 ATK."
    pos = board(field=[borg, "Celtic Guardian"], opp_field=["Battle Ox"])   # 1400; 1700
    r = legal(pos, f'attack "{borg}" -> "Battle Ox"', 'attack "Celtic Guardian" directly')
    assert lp(r, 1) == 8000 - (2400 - 1200) - 1400


# --- gains and losses of every monster a filter takes, in both wordings ------------------------------
def field(pos: dict, spell: str, face_up: bool = True) -> dict:
    pos["players"][0]["field_zone"] = {"card": spell, "face_up": face_up}
    return pos


def test_umi_raises_the_listed_types_of_both_fields_and_lowers_machines():
    # Umi: "All Fish, Sea Serpent, Thunder, and Aqua monsters on the field gain 200 ATK/DEF, also
    # all Machine and Pyro monsters on the field lose 200 ATK/DEF."  7 Colored Fish 1800 -> 2000,
    # the opponent's Cyber Dragon 2100 -> 1900: the Fish wins by 100.
    fish, cyber = "7 Colored Fish", "Cyber Dragon"
    r = legal(field(board(field=[fish], opp_field=[cyber]), "Umi"), f'attack "{fish}" -> "{cyber}"')
    assert (lp(r, 0), lp(r, 1)) == (8000, 8000 - 100)
    # Without Umi, or with Umi Set, the Fish loses the battle.
    for pos in (board(field=[fish], opp_field=[cyber]), field(board(field=[fish], opp_field=[cyber]), "Umi", False)):
        assert lp(legal(pos, f'attack "{fish}" -> "{cyber}"'), 0) == 8000 - 300
    # a Warrior is in neither list
    assert lp(legal(field(board(field=["Celtic Guardian"]), "Umi"), 'attack "Celtic Guardian" directly'), 1) == 8000 - 1400


def test_gaia_power_gives_atk_and_takes_def_from_the_same_monsters():
    # Gaia Power: "All EARTH monsters gain 500 ATK and lose 400 DEF."  Giant Soldier of Stone (EARTH,
    # 1300/2000) in Defense Position has 1600 DEF: Celtic Guardian (EARTH, 1900 under it) destroys it.
    soldier, celtic = "Giant Soldier of Stone", "Celtic Guardian"
    pos = field(board(field=[celtic], opp_field=[{"card": soldier, "position": "defense"}]), "Gaia Power")
    r = legal(pos, f'attack "{celtic}" -> "{soldier}"')
    assert lp(r, 0) == 8000 and r.steps[-1].position["players"][1]["graveyard"]
    # without it, 1400 against 2000 DEF: 600 damage to us, and the Soldier stays
    r = legal(board(field=[celtic], opp_field=[{"card": soldier, "position": "defense"}]), f'attack "{celtic}" -> "{soldier}"')
    assert lp(r, 0) == 8000 - 600


def test_hoshiningen_raises_light_monsters_itself_included_and_lowers_dark_ones():
    # Hoshiningen (LIGHT, 500): "All LIGHT monsters on the field gain 500 ATK, also all DARK monsters
    # on the field lose 400 ATK."  Itself 1000; the opponent's Dark Magician 2500 -> 2100.
    star, dm = "Hoshiningen", "Dark Magician"
    assert lp(legal(board(field=[star]), f'attack "{star}" directly'), 1) == 8000 - 1000
    r = legal(board(field=[star, "Blue-Eyes White Dragon"], opp_field=[dm]), 'attack "Blue-Eyes White Dragon" -> "Dark Magician"')
    assert lp(r, 1) == 8000 - (3500 - 2100)
    # face-down, it gives nothing
    r = legal(board(field=[{"card": star, "position": "set"}, "Blue-Eyes White Dragon"], opp_field=[dm]),
              'attack "Blue-Eyes White Dragon" -> "Dark Magician"')
    assert lp(r, 1) == 8000 - 500


def test_the_older_wording_increase_and_decrease_by_points():
    # Star Boy: "As long as this card remains face-up on the field, increase the ATK of all WATER
    # monsters by 500 points and decrease the ATK of all FIRE monsters by 400 points." (Star Boy is
    # WATER, 550): 1050 in a direct attack.
    assert lp(legal(board(field=["Star Boy"]), 'attack "Star Boy" directly'), 1) == 8000 - 1050
    # Mystic Plasma Zone: "Increase the ATK of all DARK monsters by 500 points and decreases their
    # DEF by 400 points."  Dark Magician 3000; a DARK Kozaky in Defense Position has 0 DEF left.
    dm, koz = "Dark Magician", "Kozaky"
    assert lp(legal(field(board(field=[dm]), "Mystic Plasma Zone"), f'attack "{dm}" directly'), 1) == 8000 - 3000
    pos = field(board(field=[dm], opp_field=[{"card": koz, "position": "defense"}]), "Mystic Plasma Zone")
    assert legal(pos, f'attack "{dm}" -> "{koz}"').steps[-1].position["players"][1]["monster_zones"][0] is None


def test_yami_reads_its_two_sentences_as_two_rules():
    # Yami: "Increases the ATK and DEF of all Fiend and Spellcaster-Type monsters by 200 points." and
    # "Also decreases the ATK and DEF of all Fairy-Type monsters by 200 points."
    dm, angel = "Dark Magician", "Petit Angel"   # Spellcaster 2500; Fairy 600
    r = legal(field(board(field=[dm, angel]), "Yami"), f'attack "{dm}" directly', f'attack "{angel}" directly')
    assert lp(r, 1) == 8000 - 2700 - 400


def test_mountain_lists_three_types_and_leaves_the_others_alone():
    # Mountain: "Increase the ATK and DEF of all Dragon, Winged Beast, and Thunder-Type monsters by 200 points."
    luster, harpie, celtic = "Luster Dragon", "Harpie Lady", "Celtic Guardian"   # 1900, 1300, 1400
    r = legal(field(board(field=[luster, harpie, celtic]), "Mountain"),
              f'attack "{luster}" directly', f'attack "{harpie}" directly', f'attack "{celtic}" directly')
    assert lp(r, 1) == 8000 - 2100 - 1500 - 1400


def test_chorus_of_sanctuary_raises_defense_position_monsters_only():
    # "Increase the DEF of all Defense Position monsters by 500 points." Giant Soldier of Stone 2500 DEF.
    soldier, celtic = "Giant Soldier of Stone", "Celtic Guardian"
    pos = field(board(field=[celtic], opp_field=[{"card": soldier, "position": "defense"}]), "Chorus of Sanctuary")
    assert lp(legal(pos, f'attack "{celtic}" -> "{soldier}"'), 0) == 8000 - 1100
    # an Attack Position monster keeps its DEF and ATK: Celtic Guardian's own attack is 1400
    assert lp(legal(field(board(field=[celtic]), "Chorus of Sanctuary"), f'attack "{celtic}" directly'), 1) == 8000 - 1400


def test_an_equip_spell_that_gives_atk_and_takes_def():
    # Sword of Dark Destruction: "Equip only to a DARK monster. It gains 400 ATK and loses 200 DEF."
    sword, dm = "Sword of Dark Destruction", "Dark Magician"
    r = legal(board(hand=[sword], field=[dm]), f'activate "{sword}" targeting "{dm}"', f'attack "{dm}" directly')
    assert lp(r, 1) == 8000 - 2900
    assert "no valid target" in illegal(board(hand=[sword], field=["Celtic Guardian"]), f'activate "{sword}"')


def test_the_gains_are_read_as_facts_of_their_own_rules():
    # the two parts of Hoshiningen are two rules (their own filters); Gaia Power's two stats are one
    star = {str(f) for f in read("Hoshiningen").facts if f.name.startswith("stat_")}
    assert {"stat_cont(67629977,1,atk,500,both)", "stat_cont(67629977,2,atk,-400,both)",
            "stat_filter(67629977,1,1,pos,attribute(light))", "stat_filter(67629977,2,1,pos,attribute(dark))"} <= star
    gaia = {str(f) for f in read("Gaia Power").facts if f.name == "stat_cont"}
    assert gaia == {"stat_cont(56594520,1,atk,500,both)", "stat_cont(56594520,1,def,-400,both)"}
    # a loss during the Battle Phase only is not read as a gain
    assert read("Wetlands").unsupported


def test_a_gain_that_holds_while_you_control_something():
    # Boot-Up Soldier - Dread Dynamo (0 ATK): "While you control a "Gadget" monster, this card gains
    # 2000 ATK."; Legendary Six Samurai - Kizan (1800): "While you control 2 or more other "Six
    # Samurai" monsters, this card gains 300 ATK and DEF." -- itself not among them.
    dynamo, kizan = "Boot-Up Soldier - Dread Dynamo", "Legendary Six Samurai - Kizan"
    assert lp(legal(board(field=[dynamo, "Green Gadget"], first_turn=False), f'attack "{dynamo}" directly'), 1) == 6000
    assert lp(legal(board(field=[dynamo, "Kozaky"], first_turn=False), f'attack "{dynamo}" directly'), 1) == 8000
    two = [kizan, "The Six Samurai - Yaichi", "The Six Samurai - Kamon"]
    assert lp(legal(board(field=two, first_turn=False), f'attack "{kizan}" directly'), 1) == 8000 - 2100
    assert lp(legal(board(field=[kizan, kizan, "The Six Samurai - Kamon"], first_turn=False),
                    f'attack "{kizan}" directly'), 1) == 8000 - 2100      # the other Kizan counts
    assert lp(legal(board(field=[kizan, "The Six Samurai - Kamon"], first_turn=False), f'attack "{kizan}" directly'), 1) == 6200


def test_a_gain_said_after_its_condition():
    # Flamvell Magician (1400): "Gains 400 ATK while you control an "Ally of Justice" monster." --
    # a face-up one (as EDOPro's script counts).
    mage, aoj = "Flamvell Magician", "Ally of Justice Garadholg"
    assert lp(legal(board(field=[mage, aoj], first_turn=False), f'attack "{mage}" directly'), 1) == 8000 - 1800
    assert lp(legal(board(field=[mage], first_turn=False), f'attack "{mage}" directly'), 1) == 8000 - 1400
    down = board(field=[mage, {"card": aoj, "position": "set"}], first_turn=False)
    assert lp(legal(down, f'attack "{mage}" directly'), 1) == 8000 - 1400


def test_a_gain_if_summoned_by_its_own_procedure():
    # Indiora Doom Volt the Cubic Emperor (0 ATK): "Must be Special Summoned (from your hand) by
    # sending 3 "Cubic" monsters you control to the GY. If Summoned this way, this card gains 2400
    # ATK. If this card is Special Summoned from the hand: Inflict 800 damage to your opponent."
    ind = "Indiora Doom Volt the Cubic Emperor"
    assert "stat_by_proc(3775068,1)" in facts_of(ind)
    pos = board(hand=[ind], field=["Vijam the Cubic Seed"] * 3, first_turn=False)
    r = legal(pos, f'special_summon "{ind}"', f'then activate "{ind}"', f'attack "{ind}" directly')
    assert lp(r, 1) == 8000 - 800 - 2400
    # on the field without that Summon (a puzzle's card placed there): no gain
    assert lp(legal(board(field=[ind], first_turn=False), f'attack "{ind}" directly'), 1) == 8000


def test_a_gain_of_all_monsters_for_each_card_a_count_takes():
    # The A. Forces (a Continuous Spell): "All Warrior-Type monsters you control gain 200 ATK for
    # each Warrior or Spellcaster-Type monster you control."
    pos = board(field=["Celtic Guardian", "Mystical Elf"], st=["The A. Forces"], first_turn=False)
    assert lp(legal(pos, 'attack "Celtic Guardian" directly'), 1) == 8000 - (1400 + 2 * 200)
    assert lp(legal(pos, 'attack "Mystical Elf" directly'), 1) == 8000 - 800      # no Warrior: no gain
    # Naturia Fruitfly: "All monsters your opponent controls lose 300 ATK/DEF for each "Naturia"
    # monster you control." -- itself one of them
    r = legal(board(field=["Summoned Skull"], opp_field=["Naturia Fruitfly", "Battle Ox"], first_turn=False),
              'attack "Summoned Skull" -> "Battle Ox"')
    assert lp(r, 1) == 8000 - (2500 - 300 - 1700)   # the opponent's Fruitfly: your Summoned Skull loses 300
    r = legal(board(field=["Naturia Fruitfly", "Summoned Skull"], opp_field=["Battle Ox"], first_turn=False),
              'attack "Summoned Skull" -> "Battle Ox"')
    assert lp(r, 1) == 8000 - (2500 - (1700 - 300))


def test_an_equip_spell_gain_for_each_card_a_count_takes():
    # United We Stand: "The equipped monster gains 800 ATK/DEF for each face-up monster you
    # control." -- the Set monster is not counted
    uws = "United We Stand"
    field = ["Celtic Guardian", "Mystical Elf", {"card": "Kozaky", "position": "set"}]
    r = legal(board(hand=[uws], field=field, first_turn=False), f'activate "{uws}" targeting "Celtic Guardian"',
              'attack "Celtic Guardian" directly')
    assert lp(r, 1) == 8000 - (1400 + 2 * 800)
    # Cursed Armaments: "The equipped monster loses 600 ATK for each monster you control."
    ca = "Cursed Armaments"
    r = legal(board(hand=[ca], field=["Summoned Skull", "Kozaky"], first_turn=False),
              f'activate "{ca}" targeting "Summoned Skull"', 'attack "Summoned Skull" directly')
    assert lp(r, 1) == 8000 - (2500 - 2 * 600)


def test_a_gain_of_all_monsters_said_without_all():
    # Megalith Phaleg: "Monsters you control gain 300 ATK/DEF for each Ritual Monster in your GY."
    pos = board(field=["Megalith Phaleg", "Celtic Guardian"], gy=["Black Luster Soldier", "Relinquished", "Kozaky"],
                first_turn=False)
    assert lp(legal(pos, 'attack "Celtic Guardian" directly'), 1) == 8000 - (1400 + 2 * 300)
    # a singular verb is one monster's gain, never every monster's
    with pytest.raises(Exception, match="a gain of one monster"):
        _parse_unit("1 monster you control gains 300 ATK.", Library.load())


def test_white_stingray_is_treated_as_a_tuner_after_its_special_summon_from_the_gy():
    # "If this card is Special Summoned from the GY: You can treat it as a Tuner this turn.": "it"
    # is this card (nothing targeted, nothing summoned before it)
    stingray, warwolf = "White Stingray", "Gene-Warped Warwolf"
    assert "eff_do(49930315,1,1,1,stat(self,tuner))" in facts_of(stingray)
    pos = board(hand=["Monster Reborn"], field=[warwolf], extra=["Stardust Dragon"], first_turn=False)
    pos["players"][0]["graveyard"] = [{"card": stingray, "properly_summoned": True}]
    revive, synchro = f'activate "Monster Reborn" targeting "{stingray}"', \
        f'synchro_summon "Stardust Dragon" with "{stingray}", "{warwolf}"'
    legal(pos, revive, f'then activate "{stingray}"', synchro)
    # without its effect it is no Tuner
    assert "needs at least 1 Tuner" in illegal(pos, revive, synchro)


def test_rose_princess_is_a_tuner_only_when_summoned_by_its_own_procedure():
    rose, warwolf = "Rose Princess", "Gene-Warped Warwolf"
    assert "stat_tuner_proc(58062306)" in facts_of(rose)
    synchro = f'synchro_summon "Black Rose Dragon" with "{rose}", "{warwolf}"'
    pos = board(hand=[rose, warwolf], opp_field=["Kozaky"], extra=["Black Rose Dragon"], first_turn=False)
    legal(pos, f'special_summon "{rose}"', f'normal_summon "{warwolf}"', synchro)
    placed = board(field=[rose, warwolf], extra=["Black Rose Dragon"], first_turn=False)
    assert "needs at least 1 Tuner" in illegal(placed, synchro)


def test_buster_blader_counts_the_opponents_dragons_on_the_field_and_in_their_gy():
    # "Gains 500 ATK for each Dragon monster your opponent controls or is in their GY."
    blader = "Buster Blader"
    assert {"stat_per(78193831,1,opp)", "stat_per(78193831,1,opp_graveyard)"} <= facts_of(blader)
    pos = board(field=[blader], opp_field=["Blue-Eyes White Dragon"], first_turn=False)
    pos["players"][1]["graveyard"] = ["Red-Eyes Black Dragon", "Celtic Guardian"]
    attack = f'attack "{blader}" -> "Blue-Eyes White Dragon"'
    # 2600 + 2 x 500 = 3600 against 3000
    assert legal(pos, attack).steps[-1].position["players"][1]["life_points"] == 8000 - 600
    # a Dragon in your own GY is not counted
    pos["players"][1]["graveyard"], pos["players"][0]["graveyard"] = ["Celtic Guardian"], ["Red-Eyes Black Dragon"]
    assert legal(pos, attack).steps[-1].position["players"][1]["life_points"] == 8000 - 100
