"""Fusion and Ritual Summons by a card effect (the families "fusion" and "ritual":
grammar/effects_fusion.lark, effects_ritual.lark; asp/yugioh/grants.lp, fusion_grant.lp, ritual.lp):
the effect's Summon is the step right after its link resolves, with every rule of that Summon and
no Spell."""
from __future__ import annotations

from yugioh_board import board
from yugioh_lines import check, facts_of, illegal, legal, names

import oracle
from oracle.yugioh.cards import Library
from oracle.yugioh.position import parse_position
from oracle.yugioh.solve import Puzzle, solve_puzzle

SHARAKUSAI = "Ukiyoe-P.U.N.K. Sharakusai"   # You can pay 600 LP; Fusion Summon 1 "P.U.N.K." Fusion
                                            # Monster from your Extra Deck, using monsters from
                                            # your hand or field as material.
FOXY = "Noh-P.U.N.K. Foxy Tune"
CARP = "Ukiyoe-P.U.N.K. Rising Carp"        # 2 "P.U.N.K." monsters
LIGHT_END = "Light End Sublimation Dragon"  # During your Main Phase: You can Fusion Summon 1
                                            # Fusion Monster from your Extra Deck, using monsters
                                            # from your hand or field.
TRACT = "Fiendsmith's Tract"                # (GY) You can banish this card from your GY; Fusion
                                            # Summon 1 "Fiendsmith" Fusion Monster ...
FUSE = f'activate "{SHARAKUSAI}"'
CARP_STEP = f'then fusion_summon "{CARP}" with "{SHARAKUSAI}", "{FOXY}"'


def punk(**kw):
    return board(field=[SHARAKUSAI], hand=[FOXY], extra=[CARP], **kw)


def test_the_fusion_summon_of_an_effect_is_read():
    facts = facts_of(SHARAKUSAI)
    assert "eff_do(13258285,1,1,1,fusion)" in facts
    assert {"eff_src(13258285,1,1,1,hand)", "eff_src(13258285,1,1,1,field)"} <= facts
    assert "eff_filter(13258285,1,1,1,1,pos,kind(fusion))" in facts
    assert any(f.startswith("eff_filter(13258285,1,1,1,1,pos,archetype(") for f in facts)


def test_sharakusai_fusion_summons_with_itself_and_a_monster_from_the_hand():
    out = legal(punk(), FUSE, CARP_STEP)
    assert set(names(out, 0, "graveyard")) == {SHARAKUSAI, FOXY}
    state = out.steps[-1].position
    assert state["players"][0]["life_points"] == 7400
    on_field = [z for z in state["extra_monster_zones"] if z] + [z for z in state["players"][0]["monster_zones"] if z]
    assert [Library.load().resolve(z["card"]).name for z in on_field] == [CARP]


def test_the_fusion_summon_must_follow_and_must_be_one_the_effect_allows():
    # left out of the line
    assert "must follow it" in illegal(punk(), FUSE)
    # a Fusion Monster that is no "P.U.N.K." monster, with its own materials
    pos = board(field=[SHARAKUSAI], hand=["Flame Manipulator", "Masaki the Legendary Swordsman"],
                extra=["Flame Swordsman"])
    why = illegal(pos, FUSE, 'then fusion_summon "Flame Swordsman" with "Flame Manipulator", "Masaki the Legendary Swordsman"')
    assert "not the monster its text names" in why
    # too few materials for the monster's material line
    assert "at least 2" in illegal(punk(), FUSE, f'then fusion_summon "{CARP}" with "{SHARAKUSAI}"')
    # no Fusion Monster it names in the Extra Deck: it cannot be activated at all
    assert "holds no Fusion Monster it names" in illegal(board(field=[SHARAKUSAI], hand=[FOXY], extra=["Flame Swordsman"]), FUSE)


def test_a_fusion_summon_by_effect_is_no_step_of_its_own_without_the_effect():
    why = illegal(punk(), f'normal_summon "{FOXY}"', f'then fusion_summon "{CARP}" with "{SHARAKUSAI}", "{FOXY}"')
    assert "no effect that just resolved" in why


def test_a_generic_fusion_effect_respects_what_the_fusion_monster_demands():
    # Light End Sublimation Dragon Fusion Summons any Fusion Monster...
    pos = board(field=[LIGHT_END], hand=["Flame Manipulator", "Masaki the Legendary Swordsman"],
                extra=["Flame Swordsman"])
    legal(pos, f'activate "{LIGHT_END}" effect 2',
          'then fusion_summon "Flame Swordsman" with "Flame Manipulator", "Masaki the Legendary Swordsman"')
    # ... but not one that must be Special Summoned with "Dark Fusion"
    pos = board(field=[LIGHT_END], hand=["Elemental HERO Avian", "Elemental HERO Burstinatrix"],
                extra=["Evil HERO Inferno Wing"])
    why = illegal(pos, f'activate "{LIGHT_END}" effect 2',
                  'then fusion_summon "Evil HERO Inferno Wing" with "Elemental HERO Avian", "Elemental HERO Burstinatrix"')
    assert "Dark Fusion" in why


def test_materials_only_from_the_places_the_effect_names():
    # "using monsters from your hand or field": a material in the GY is not one
    pos = board(field=[SHARAKUSAI], gy=[FOXY], extra=[CARP])
    assert not check(pos, FUSE, CARP_STEP).legal


def test_fiendsmiths_tract_fusion_summons_from_the_gy_after_banishing_itself():
    pos = board(gy=[TRACT], hand=["Fiendsmith Engraver", "Lacrima the Crimson Tears"], extra=["Fiendsmith's Lacrima"])
    out = legal(pos, f'activate "{TRACT}" effect 2',
                'then fusion_summon "Fiendsmith\'s Lacrima" with "Fiendsmith Engraver", "Lacrima the Crimson Tears"')
    assert TRACT in names(out, 0, "banished")


def test_the_activation_is_a_play_only_with_a_fusion_monster_it_names():
    assert any(p.action == "activate" and p.card.name == SHARAKUSAI for p in oracle.plays(punk()))
    assert not any(p.action == "activate" for p in oracle.plays(board(field=[SHARAKUSAI], hand=[FOXY],
                                                                        extra=["Flame Swordsman"])))


def test_the_solver_finds_the_fusion_summon_by_effect():
    library = Library.load()
    solved = solve_puzzle(Puzzle(parse_position(punk(), library=library), {"summon": CARP}), max_steps=1, library=library)
    assert solved.lines, "no line"
    text = "\n".join(s.normalized() for s in solved.lines[0])
    assert text == f'activate "{SHARAKUSAI}"\n{CARP_STEP}'.replace(f'"{SHARAKUSAI}", "{FOXY}"', f'"{FOXY}", "{SHARAKUSAI}"'), text


SWIRL = "D/D Swirl Slime"   # If this card is in your hand: You can Fusion Summon 1 "D/D/D" Fusion
                            # Monster from your Extra Deck, using monsters from your hand as Fusion
                            # Materials, including this card.
GENGHIS = "D/D/D Flame King Genghis"   # 2 "D/D" monsters


def test_including_this_card_makes_the_effects_card_a_material():
    pos = board(hand=[SWIRL, "D/D Lamia", "D/D Ghost"], extra=[GENGHIS])
    act = f'activate "{SWIRL}" effect 1'
    out = legal(pos, act, f'then fusion_summon "{GENGHIS}" with "{SWIRL}", "D/D Lamia"')
    assert {SWIRL, "D/D Lamia"} <= set(names(out, 0, "graveyard"))
    assert "must be one of the materials" in illegal(pos, act, f'then fusion_summon "{GENGHIS}" with "D/D Lamia", "D/D Ghost"')
    # "from your hand": a "D/D" monster on the field is no material of it
    field = board(hand=[SWIRL], field=["D/D Lamia"], extra=[GENGHIS])
    assert "not where the effect takes Fusion Materials from" in illegal(
        field, act, f'then fusion_summon "{GENGHIS}" with "{SWIRL}", "D/D Lamia"')


# --- Ritual Summons by a card effect (the family "ritual": grammar/effects_ritual.lark, ritual.lp) ---
OCH = "Megalith Och"   # During the Main Phase (Quick Effect): You can activate this effect; Ritual
                       # Summon 1 Ritual Monster from your hand, by Tributing monsters from your
                       # hand or field, including this card on your field, whose total Levels
                       # equal or exceed the Level of the Ritual Monster.
PHALEG, HAGITH, PHUL = "Megalith Phaleg", "Megalith Hagith", "Megalith Phul"   # Levels 8, 4, 2


def test_the_ritual_summon_of_an_effect_is_read():
    facts = facts_of(OCH)
    assert "eff_do(36849933,2,1,1,ritual)" in facts
    assert "ritual_spell(eff(36849933,2,1,1),at_least)" in facts
    assert {"ritual_tribute_from(eff(36849933,2,1,1),hand)", "ritual_tribute_from(eff(36849933,2,1,1),field)"} <= facts
    assert "eff_rider(36849933,2,1,1,with_self)" in facts


def test_megalith_och_ritual_summons_tributing_itself():
    pos = board(field=[OCH], hand=[PHALEG, HAGITH, PHUL])
    act = f'activate "{OCH}" effect 2'
    out = legal(pos, act, f'then ritual_summon "{PHALEG}" with "{OCH}", "{HAGITH}"')
    assert {OCH, HAGITH} <= set(names(out, 0, "graveyard"))
    # this card must be one of the Tributes
    assert "must be one of the materials or Tributes" in illegal(
        board(field=[OCH], hand=[PHALEG, HAGITH, "Megalith Ophiel"]), act, f'then ritual_summon "{PHALEG}" with "{HAGITH}", "Megalith Ophiel"')
    # the Levels must reach the Ritual Monster's (4 + 2 < 8)
    assert "total 6" in illegal(pos, act, f'then ritual_summon "{PHALEG}" with "{OCH}", "{PHUL}"')
    # the Summon follows the effect, or the effect is not activated
    assert "must follow it" in illegal(pos, act)
    # no Ritual Monster in the hand: it cannot be activated
    assert "holds no Ritual Monster" in illegal(board(field=[OCH], hand=["Kozaky"]), act)


def test_the_solver_finds_the_ritual_summon_by_effect():
    library = Library.load()
    pos = parse_position(board(field=[OCH], hand=[PHALEG, HAGITH]), library=library)
    solved = solve_puzzle(Puzzle(pos, {"summon": PHALEG}), max_steps=1, library=library)
    assert solved.lines, "no line"
    assert "\n".join(s.normalized() for s in solved.lines[0]) == (
        f'activate "{OCH}" effect 2\nthen ritual_summon "{PHALEG}" with "{HAGITH}", "{OCH}"')


NECRO_SLIME = "D/D Necro Slime"   # If this card is in your GY: You can Fusion Summon 1 "D/D/D" Fusion
                                  # Monster from your Extra Deck, by banishing Fusion Materials
                                  # mentioned on it from your GY, including this card.


def test_a_fusion_summon_by_banishing_its_materials_from_the_gy():
    pos = board(gy=[NECRO_SLIME, "D/D Lamia"], hand=["D/D Ghost"], extra=[GENGHIS])
    act = f'activate "{NECRO_SLIME}"'
    out = legal(pos, act, f'then fusion_summon "{GENGHIS}" with "{NECRO_SLIME}", "D/D Lamia"')
    assert set(names(out, 0, "banished")) == {NECRO_SLIME, "D/D Lamia"} and not names(out, 0, "graveyard")
    # a material from the hand is not one of the GY's
    assert "not where the effect takes Fusion Materials from" in illegal(
        pos, act, f'then fusion_summon "{GENGHIS}" with "{NECRO_SLIME}", "D/D Ghost"')
