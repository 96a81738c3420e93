"""The zones family of effects (issue 8): banish, return to the hand or Deck, change of battle
position, Equip Spells (equipped_to/2), Field Spells, a Pendulum monster placed in the Pendulum
Zone.  Every card is real (../shared/data via the bundled library); each rule has a legal and an
illegal case."""
from __future__ import annotations

from yugioh_board import board
from yugioh_lines import check, facts_of, illegal, legal

import pytest

import oracle
from oracle.errors import OracleError
from oracle.yugioh.position import parse_position
from oracle.yugioh.cards import Library
from oracle.yugioh.effect_text import _parse_unit, card_effects
from oracle.yugioh.lines import check_line, make_line

REBORN, CELTIC, DM = "Monster Reborn", "Celtic Guardian", "Dark Magician"
EJECTOR, CYCLONE, MST = "Card Ejector", "Cosmic Cyclone", "Mystical Space Typhoon"
EVAC, BURIAL = "Compulsory Evacuation Device", "Premature Burial"



def cards(entries) -> list:
    return sorted(e if isinstance(e, int) else e["card"] for e in entries if e)


def end(result) -> dict:
    return result.steps[-1].position


# --- the grammar ----------------------------------------------------------------------------------
def test_moves_are_read_as_actions_on_the_target():
    assert "eff_do(26701483,1,1,1,move(target,banished))" in facts_of(EJECTOR)
    assert "eff_do(94192409,1,1,1,move(target,hand))" in facts_of(EVAC)
    assert "eff_do(88369727,1,1,1,move(target,deck))" in facts_of("Foolish Return")
    assert "eff_do(5068132,1,1,1,change_position(target))" in facts_of("Dream Cicada")
    assert "eff_target(26701483,1,1,1,1,opp,graveyard)" in facts_of(EJECTOR)


def test_equip_only_is_the_activation_of_an_equip_spell_targeting_a_face_up_monster():
    lib = Library.load()
    p = _parse_unit('Equip only to a "Harpie Lady" monster.', lib)
    assert p["actions"] == [{"do": "zones_equip"}]
    (_, (lo, hi, alts), where), = p["pre"]
    assert (lo, hi, where) == (1, 1, ("both", "field"))
    assert {("pos", ("faceup",)), ("pos", ("kind", "monster"))} <= alts[0]
    p = _parse_unit("Equip only to a Warrior-Type monster.", lib)
    assert ("pos", ("race", "warrior")) in p["pre"][0][1][2][0]


def test_premature_burial_pays_summons_and_equips():
    f = facts_of(BURIAL)
    assert {"eff_pay(70828912,1,1,800)", "eff_do(70828912,1,1,1,summon_target)", "eff_do(70828912,1,1,2,equip)",
            "eff_do(70828912,1,1,3,takes_equipped(destroyed))"} <= f


def test_a_destroyed_pendulum_monster_places_itself_from_the_extra_deck():
    f = facts_of("Patissciel Couverture")
    assert {"eff_event(26435595,1,destroyed_mz,if)", "eff_from(26435595,1,extra_faceup)",
            "eff_do(26435595,1,1,1,place_pzone)"} <= f


# --- banish ------------------------------------------------------------------------------------------
def test_a_banished_monster_can_no_longer_be_revived():
    pos = board(hand=[REBORN], field=[EJECTOR])
    pos["players"][1]["graveyard"] = [DM]
    legal(pos, f'activate "{REBORN}" targeting "{DM}"')
    r = legal(pos, f'activate "{EJECTOR}" targeting "{DM}"')
    assert cards(end(r)["players"][1].get("banished", [])) == [46986414]
    why = illegal(pos, f'activate "{EJECTOR}" targeting "{DM}"', f'activate "{REBORN}" targeting "{DM}"')
    assert "target" in why


def test_card_ejector_targets_only_the_opponents_graveyard():
    pos = board(field=[EJECTOR], gy=[DM])
    assert "no valid target" in illegal(pos, f'activate "{EJECTOR}"')


def test_cosmic_cyclone_banishes_a_spell_or_trap_but_never_a_monster():
    pos = board(hand=[CYCLONE], opp_st=[{"card": "Mirror Force", "face_up": False}], opp_field=[CELTIC])
    r = legal(pos, f'activate "{CYCLONE}" targeting "Mirror Force"')
    opp = end(r)["players"][1]
    assert cards(opp.get("banished", [])) == [44095762] and not any(opp["spell_trap_zones"])
    assert "not a valid target" in illegal(pos, f'activate "{CYCLONE}" targeting "{CELTIC}"')
    assert "no valid target" in illegal(board(hand=[CYCLONE], opp_field=[CELTIC]), f'activate "{CYCLONE}"')


# --- return to the hand / Deck ---------------------------------------------------------------------
def test_compulsory_evacuation_device_returns_a_monster_to_its_owners_hand():
    pos = board(st=[{"card": EVAC, "face_up": False}], opp_field=[CELTIC])
    r = legal(pos, f'activate "{EVAC}" targeting "{CELTIC}"')
    assert cards(end(r)["players"][1]["hand"]) == [91152256] and not any(end(r)["players"][1]["monster_zones"])
    assert "Set this turn" in illegal(board(hand=[EVAC], opp_field=[CELTIC]), f'set_spell_trap "{EVAC}"',
                                      f'activate "{EVAC}" targeting "{CELTIC}"')


def test_an_extra_deck_monster_returned_goes_to_the_extra_deck_and_its_zone_is_free():
    gaia = "Gaia Knight, the Force of Earth"
    pos = board(st=[{"card": EVAC, "face_up": False}], emz=(gaia, None))
    r = legal(pos, f'activate "{EVAC}" targeting "{gaia}"')
    me = end(r)["players"][0]
    assert cards(me["extra_deck"]) == [97204936] and not me.get("hand")


def test_foolish_return_shuffles_into_the_deck_and_later_draws_are_refused():
    pos = board(hand=["Foolish Return", "Pot of Greed"])
    pos["players"][1]["graveyard"] = [DM]
    pos["players"][0]["deck"] = [CELTIC, "Kozaky", "Petit Moth"]
    r = legal(pos, f'activate "Foolish Return" targeting "{DM}"', 'activate "Pot of Greed"')
    assert 46986414 in cards(end(r)["players"][1]["deck"])
    assert "no valid target" in illegal(board(hand=["Foolish Return"], gy=[DM]), 'activate "Foolish Return"')


def test_a_card_shuffled_into_our_deck_makes_the_deck_order_unknown():
    imp = "Des Feral Imp"
    pos = board(hand=["Pot of Greed"], field=[{"card": imp, "position": "set"}], gy=[DM])
    pos["players"][0]["deck"] = [CELTIC, "Kozaky", "Petit Moth"]
    legal(pos, 'activate "Pot of Greed"')
    r = legal(pos, f'flip_summon "{imp}"', f'then activate "{imp}" targeting "{DM}"')
    assert 46986414 in cards(end(r)["players"][0]["deck"])
    why = illegal(pos, f'flip_summon "{imp}"', f'then activate "{imp}" targeting "{DM}"', 'activate "Pot of Greed"')
    assert "shuffled" in why


# --- battle position ---------------------------------------------------------------------------------
def test_dream_cicada_changes_the_battle_position_of_its_target():
    pos = board(hand=["Dream Cicada"], opp_field=[CELTIC])
    r = legal(pos, 'normal_summon "Dream Cicada"', f'then activate "Dream Cicada" targeting "{CELTIC}"')
    assert end(r)["players"][1]["monster_zones"][0]["position"] == "defense"
    why = illegal(board(hand=["Dream Cicada"]), 'normal_summon "Dream Cicada"', 'then activate "Dream Cicada"')
    assert "no valid target" in why


# --- Equip Spells ------------------------------------------------------------------------------------
def test_premature_burial_equips_the_monster_it_summons():
    pos = board(hand=[BURIAL], gy=[DM])
    r = legal(pos, f'activate "{BURIAL}" targeting "{DM}"')
    me = end(r)["players"][0]
    assert cards(me["monster_zones"]) == [46986414] and cards(me["spell_trap_zones"]) == [70828912]
    assert me["life_points"] == 7200


def test_equipped_to_is_kept_in_the_position_and_read_back():
    pos = board(hand=[BURIAL], gy=[DM])
    after = end(legal(pos, f'activate "{BURIAL}" targeting "{DM}"'))
    entry = next(e for e in after["players"][0]["spell_trap_zones"] if e)
    zone = next(z for z, m in enumerate(after["players"][0]["monster_zones"]) if m)
    assert entry["equipped_to"] == {"player": 0, "zone": zone}
    # Read back: the Equip Spell follows its monster off the field.
    after["players"][0]["spell_trap_zones"][4] = {"card": EVAC, "face_up": False}
    r = legal(after, f'activate "{EVAC}" targeting "{DM}"')
    assert 70828912 in cards(end(r)["players"][0]["graveyard"])


def test_equipped_to_must_name_a_face_up_monster():
    pos = board(st=[{"card": BURIAL, "face_up": True, "equipped_to": {"player": 0, "zone": 3}}], field=[DM])
    with pytest.raises(OracleError, match=r"spell_trap_zones\[0\]\.equipped_to.*no face-up monster in zone 3"):
        parse_position(pos)
    parse_position(board(st=[{"card": BURIAL, "face_up": True, "equipped_to": {"player": 0, "zone": 0}}], field=[DM]))


def test_premature_burial_needs_a_monster_to_equip():
    assert "no valid target" in illegal(board(hand=[BURIAL]), f'activate "{BURIAL}"')


def test_destroying_premature_burial_destroys_its_monster_but_banishing_it_does_not():
    pos = board(hand=[BURIAL, MST, CYCLONE], gy=[DM])
    r = legal(pos, f'activate "{BURIAL}" targeting "{DM}"', f'activate "{MST}" targeting "{BURIAL}"')
    me = end(r)["players"][0]
    assert not any(me["monster_zones"]) and 46986414 in cards(me["graveyard"])
    r = legal(pos, f'activate "{BURIAL}" targeting "{DM}"', f'activate "{CYCLONE}" targeting "{BURIAL}"')
    me = end(r)["players"][0]
    assert cards(me["monster_zones"]) == [46986414] and cards(me["banished"]) == [70828912]


def test_the_equip_spell_of_a_monster_that_leaves_goes_to_the_graveyard():
    pos = board(hand=[BURIAL], gy=[DM], st=[None, {"card": EVAC, "face_up": False}])
    r = legal(pos, f'activate "{BURIAL}" targeting "{DM}"', f'activate "{EVAC}" targeting "{DM}"')
    me = end(r)["players"][0]
    assert cards(me["hand"]) == [46986414] and 70828912 in cards(me["graveyard"]) and not any(me["spell_trap_zones"])


# --- Pendulum Zone --------------------------------------------------------------------------------
COUVERTURE = "Patissciel Couverture"


def test_a_pendulum_monster_destroyed_by_battle_is_placed_in_the_pendulum_zone():
    pos = board(field=[COUVERTURE], opp_field=[DM], first_turn=False)
    r = legal(pos, f'attack "{COUVERTURE}" -> "{DM}"', f'then activate "{COUVERTURE}"')
    me = end(r)["players"][0]
    assert cards(me["spell_trap_zones"]) == [26435595] and not me.get("extra_deck")
    # Without the trigger it stays face-up in the Extra Deck.
    r = legal(pos, f'attack "{COUVERTURE}" -> "{DM}"')
    assert cards(end(r)["players"][0]["extra_deck"]) == [26435595]


def test_the_pendulum_zone_placement_needs_its_destruction_and_a_free_pendulum_zone():
    pos = board(extra=[{"card": COUVERTURE, "face_up": True}], field=[CELTIC], opp_field=[DM], first_turn=False)
    assert "trigger" in illegal(pos, f'activate "{COUVERTURE}"')
    full = board(field=[COUVERTURE], opp_field=[DM], first_turn=False,
                 st=[{"card": MST, "face_up": False}, None, None, None, {"card": CYCLONE, "face_up": False}])
    why = illegal(full, f'attack "{COUVERTURE}" -> "{DM}"', f'then activate "{COUVERTURE}"')
    assert "Pendulum Zones are taken" in why


# --- Field Spells and lasting cards ---------------------------------------------------------------
FORTISSIMO, ARMY, ARMY_CODE = "Fortissimo the Mobile Fortress", "Meklord Army of Wisel", 39648965


def test_a_field_spell_is_activated_into_the_field_zone_then_its_effect_is_used_there():
    f = facts_of(FORTISSIMO)
    assert {"effect(86997073,0,spell)", "effect(86997073,1,ignition)", "eff_from(86997073,1,field)"} <= f
    full_st = [{"card": MST, "face_up": False}] * 5
    pos = board(hand=[FORTISSIMO, ARMY], st=full_st)
    r = legal(pos, f'activate "{FORTISSIMO}"', f'activate "{FORTISSIMO}" effect 1 summoning "{ARMY}"')
    me = end(r)["players"][0]
    assert me["field_zone"]["card"] == 86997073 and cards(me["monster_zones"]) == [ARMY_CODE]
    # Its effect is not its activation: it is used from the field, after the card is activated.
    assert "cannot be activated from where" in illegal(pos, f'activate "{FORTISSIMO}" effect 1 summoning "{ARMY}"')


def test_a_new_field_spell_sends_the_old_one_to_the_graveyard():
    pos = board(hand=[FORTISSIMO])
    pos["players"][0]["field_zone"] = {"card": FORTISSIMO, "face_up": True}
    r = legal(pos, f'activate "{FORTISSIMO}"')
    me = end(r)["players"][0]
    assert me["field_zone"]["card"] == 86997073 and cards(me["graveyard"]) == [86997073] and not me.get("hand")
    # The copy in the Field Zone is face-up already: it is not activated again.
    pos["players"][0]["hand"] = [ARMY]
    assert {(p.action, p.card.name, p.effect) for p in oracle.plays(pos) if p.action == "activate"} == \
        {("activate", FORTISSIMO, 1)}


def test_a_continuous_trap_is_activated_before_its_effect_can_be_used():
    factory = "Dark Factory of More Production"
    pos = board(st=[{"card": factory, "face_up": False}], hand=[CELTIC])
    pos["players"][0]["deck"] = [DM]
    r = legal(pos, f'activate "{factory}"', f'activate "{factory}" effect 1 paying "{CELTIC}"')
    assert cards(end(r)["players"][0]["hand"]) == [46986414]
    assert "cannot be activated from where" in illegal(pos, f'activate "{factory}" effect 1 paying "{CELTIC}"')


# --- rules played from one sentence of a real card ---------------------------------------------------
# These cards have other sentences outside the grammar (their ATK changes and later effects belong to
# other families), so they are unsupported as a whole; each test plays the facts of the one sentence
# named, read by the grammar from the card's own text, and nothing else of the card.
def sentence_effect(name: str, index: int):
    """The card and the effect its ``index``-th effect sentence alone is read as."""
    from oracle.yugioh.effect_text import _effect, effect_sentences

    lib = Library.load()
    card = lib.by_name(name)
    return card, _effect(card, 1, _parse_unit(effect_sentences(card)[index], lib))


def one_sentence(monkeypatch, name: str, index: int) -> None:
    from oracle.yugioh import facts as facts_module
    from oracle.yugioh.effect_text import CardEffects, effect_facts

    card, effect = sentence_effect(name, index)
    read = CardEffects(effects=[effect], facts=effect_facts(card.code, [effect]), sentences=1)
    real = facts_module.card_effects
    monkeypatch.setattr(facts_module, "card_effects", lambda c, lb: read if c.code == card.code else real(c, lb))


ARMOR, MOTH = "Insect Armor with Laser Cannon", "Petit Moth"


def test_an_equip_spell_equips_only_a_face_up_monster_its_text_allows(monkeypatch):
    one_sentence(monkeypatch, ARMOR, 0)   # "Equip only to an Insect-Type monster."
    pos = board(hand=[ARMOR], field=[MOTH, CELTIC])
    r = legal(pos, f'activate "{ARMOR}" targeting "{MOTH}"')
    assert cards(end(r)["players"][0]["spell_trap_zones"]) == [3492538]
    assert "not a valid target" in illegal(pos, f'activate "{ARMOR}" targeting "{CELTIC}"')
    face_down = board(hand=[ARMOR], field=[{"card": MOTH, "position": "set"}, CELTIC])
    assert "no valid target" in illegal(face_down, f'activate "{ARMOR}"')
    # The equipped monster leaves: the Equip Spell goes to the GY.
    pos = board(hand=[ARMOR], field=[MOTH], st=[{"card": EVAC, "face_up": False}])
    r = legal(pos, f'activate "{ARMOR}" targeting "{MOTH}"', f'activate "{EVAC}" targeting "{MOTH}"')
    me = end(r)["players"][0]
    assert cards(me["graveyard"]) == [3492538, 94192409] and cards(me["hand"]) == [58192742]


def test_an_equip_spell_with_no_equip_in_its_text_is_not_activated(monkeypatch):
    caliburn = "Noble Arms - Caliburn"
    one_sentence(monkeypatch, caliburn, 3)   # "Once per turn: You can gain 500 LP.": not an equip
    assert "must equip a monster" in illegal(board(hand=[caliburn], field=[CELTIC]), f'activate "{caliburn}"')


SLEIPNIR, UTOPIA = "ZW - Sleipnir Mail", "Number 39: Utopia"


def test_a_monster_equips_itself_from_the_hand_or_the_field(monkeypatch):
    one_sentence(monkeypatch, SLEIPNIR, 0)
    pos = board(hand=[SLEIPNIR], emz=(UTOPIA, None))
    r = legal(pos, f'activate "{SLEIPNIR}" targeting "{UTOPIA}"')
    me = end(r)["players"][0]
    assert cards(me["spell_trap_zones"]) == [2648201] and not me.get("hand")
    r = legal(board(field=[SLEIPNIR], emz=(UTOPIA, None)), f'activate "{SLEIPNIR}" targeting "{UTOPIA}"')
    me = end(r)["players"][0]
    assert cards(me["spell_trap_zones"]) == [2648201] and not any(me["monster_zones"])
    assert next(e for e in me["spell_trap_zones"] if e)["treated_as"] == "equip_spell"
    parse_position(end(r))   # the state is a position again
    assert "no valid target" in illegal(board(hand=[SLEIPNIR], field=[CELTIC]), f'activate "{SLEIPNIR}"')
    face_down = board(hand=[SLEIPNIR], field=[{"card": UTOPIA, "position": "set"}])
    assert "face-down" in illegal(face_down, f'activate "{SLEIPNIR}" targeting "{UTOPIA}"')


MORALLTACH = "Artifact Moralltach"


def test_a_monster_set_from_the_hand_as_a_spell(monkeypatch):
    one_sentence(monkeypatch, MORALLTACH, 0)
    r = legal(board(hand=[MORALLTACH]), f'activate "{MORALLTACH}"')
    st = end(r)["players"][0]["spell_trap_zones"]
    assert cards(st) == [85103922] and not next(e for e in st if e)["face_up"]
    assert next(e for e in st if e)["treated_as"] == "spell"
    parse_position(end(r))
    assert "not in your hand" in illegal(board(field=[MORALLTACH]), f'activate "{MORALLTACH}"')
    full = board(hand=[MORALLTACH], st=[{"card": MST, "face_up": False}] * 5)
    assert "Spell & Trap Zone" in illegal(full, f'activate "{MORALLTACH}"')


STAGE, CANDINA = "Trickstar Light Stage", "Trickstar Candina"


def test_when_this_card_is_activated_it_may_search(monkeypatch):
    one_sentence(monkeypatch, STAGE, 0)   # "When this card is activated: You can add 1 "Trickstar" monster ..."
    pos = board(hand=[STAGE], st=[{"card": MST, "face_up": False}] * 5)
    pos["players"][0]["deck"] = [CANDINA, "Trickstar Reincarnation"]
    r = legal(pos, f'activate "{STAGE}" adding "{CANDINA}"')
    me = end(r)["players"][0]
    assert me["field_zone"]["card"] == 35371948 and cards(me["hand"]) == [61283655]
    # "You can": the search may take nothing (0 to 1 cards).
    from oracle.yugioh.effect_text import effect_facts

    card, effect = sentence_effect(STAGE, 0)
    assert "eff_do(35371948,1,1,1,search(0,1))" in {str(f) for f in effect_facts(card.code, [effect])}
    assert "not a card this effect can take" in illegal(pos, f'activate "{STAGE}" adding "Trickstar Reincarnation"')


# --- attach as Xyz Material --------------------------------------------------------------------------
def test_xyz_reborn_revives_an_xyz_monster_and_becomes_its_material():
    pos = board(st=[{"card": "Xyz Reborn", "face_up": False}], gy=[{"card": UTOPIA, "properly_summoned": True}, DM])
    r = legal(pos, f'activate "Xyz Reborn" targeting "{UTOPIA}"')
    me = end(r)["players"][0]
    utopia = next(m for m in me["monster_zones"] + end(r)["extra_monster_zones"] if m)
    assert cards(utopia.get("materials", [])) == [26708437] and 26708437 not in cards(me["graveyard"])
    assert not any(me["spell_trap_zones"])
    assert "not a valid target" in illegal(pos, f'activate "Xyz Reborn" targeting "{DM}"')


def test_overlay_regen_attaches_only_to_a_face_up_xyz_monster():
    pos = board(hand=["Overlay Regen"], emz=(UTOPIA, None), field=[DM])
    r = legal(pos, f'activate "Overlay Regen" targeting "{UTOPIA}"')
    assert cards(end(r)["extra_monster_zones"][0]["materials"]) == [27068117]
    assert "not a valid target" in illegal(pos, f'activate "Overlay Regen" targeting "{DM}"')
    assert "no valid target" in illegal(board(hand=["Overlay Regen"], field=[DM]), 'activate "Overlay Regen"')


def test_a_token_never_becomes_xyz_material(monkeypatch):
    infinity = "Cyber Dragon Infinity"
    one_sentence(monkeypatch, infinity, 2)   # "target 1 face-up Attack Position monster on the field; attach it ..."
    pos = board(emz=(infinity, None), opp_field=[CELTIC, {"card": "Sheep Token", "position": "attack"},
                                                 {"card": DM, "position": "defense"}])
    r = legal(pos, f'activate "{infinity}" targeting "{CELTIC}"')
    assert cards(end(r)["extra_monster_zones"][0]["materials"]) == [91152256]
    assert "Token" in illegal(pos, f'activate "{infinity}" targeting "Sheep Token"')
    assert "not a valid target" in illegal(pos, f'activate "{infinity}" targeting "{DM}"')


def test_superheavy_samurai_wagon_changes_itself_to_attack_and_if_it_does_searches():
    soul, wagon = "Superheavy Samurai Soulhorns", "Superheavy Samurai Wagon"
    pos = board(field=[{"card": wagon, "position": "defense"}])
    pos["players"][0]["deck"] = [soul, "Kozaky"]
    r = legal(pos, f'activate "{wagon}" effect 2 adding "{soul}"')
    state = r.steps[-1].position["players"][0]
    assert [z["position"] for z in state["monster_zones"] if z] == ["attack"]
    assert [c if isinstance(c, int) else c["card"] for c in state["hand"]] == [Library.load().by_name(soul).code]
    assert "not a card this effect can take" in illegal(pos, f'activate "{wagon}" effect 2 adding "Kozaky"')
    # only a face-up Defense Position card changes (and then searches)
    attack = board(field=[wagon])
    attack["players"][0]["deck"] = [soul]
    assert "face-up Defense Position" in illegal(attack, f'activate "{wagon}" effect 2 adding "{soul}"')
    # "If you have no Spells/Traps in your GY"
    spent = board(field=[{"card": wagon, "position": "defense"}], gy=["Pot of Greed"])
    spent["players"][0]["deck"] = [soul]
    assert illegal(spent, f'activate "{wagon}" effect 2 adding "{soul}"')
