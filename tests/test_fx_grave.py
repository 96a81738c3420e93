"""The family "grave" of card effects (issue 8): effects activated in the GY or the hand, costs of
this card ("discard this card", "banish this card from your GY"), "except the turn this card was
sent to the GY", discards as actions that later steps see, discard and "sent from the hand"
triggers, banished targets.  Every card is real; each rule has a legal and an illegal case."""
from __future__ import annotations

from yugioh_board import board
from yugioh_lines import facts_of, illegal, legal, with_deck

from oracle.yugioh.cards import Library
from oracle.yugioh.effect_text import card_effects
from oracle.yugioh.requirements import requirements

STILTS, CHARITY, BEIIGE, CERBURREL = ("Speedroid Horse Stilts", "Graceful Charity",
                                      "Beiige, Vanguard of Dark World", "The Fabled Cerburrel")
DOOMED, ASSAULT, AMA = "Tribute to The Doomed", "Assault Beast", "Assault Mode Activate"
WIND, CELTIC, OX, ELF = "Speedroid Terrortop", "Celtic Guardian", "Battle Ox", "Mystical Elf"


def names(entries) -> list:
    lib = Library.load()
    codes = [e if isinstance(e, int) else e["card"] for e in entries if e]
    return sorted(lib.get(c).name for c in codes)


def mine(result) -> dict:
    return result.steps[-1].position["players"][0]


# --- reading -----------------------------------------------------------------------------------
def test_where_an_effect_is_activated_from_is_read_from_its_condition_and_its_costs():
    stilts = facts_of(STILTS)
    assert {"eff_from(17328157,2,graveyard)", "eff_limit(17328157,2,not_sent_turn)",
            "eff_cost_self(17328157,2,1,banish)", "eff_do(17328157,2,1,1,send_gy(1,1))"} <= stilts
    assert "eff_from(17328157,2,field)" not in stilts
    beast = facts_of(ASSAULT)
    assert {"eff_from(3431737,1,hand)", "eff_cost_self(3431737,1,1,discard)"} <= beast
    assert "eff_from(3431737,1,field)" not in beast
    assert {"eff_do(79571449,1,1,1,draw(3))", "eff_do(79571449,1,1,2,discard(2,2))"} <= facts_of(CHARITY)
    assert "eff_event(33731070,1,discarded_effect,if)" in facts_of(BEIIGE)
    assert {"eff_event(82888408,1,discarded,if)", "eff_do(82888408,1,1,1,summon_self)"} <= facts_of(CERBURREL)
    assert "eff_event(42082363,1,sent_from(hand),if)" in facts_of("Gusto Griffin")


# --- "discard this card": an effect of the hand, and its search filter ---------------------------
def test_assault_beast_discards_itself_from_the_hand_to_add_assault_mode_activate():
    pos = with_deck(board(hand=[ASSAULT]), *[CELTIC, AMA])
    r = legal(pos, f'activate "{ASSAULT}" adding "{AMA}"')
    me = mine(r)
    assert names(me["hand"]) == [AMA] and names(me["graveyard"]) == [ASSAULT]
    # the search takes only what its filter names
    assert "not a card this effect can take" in illegal(pos, f'activate "{ASSAULT}" adding "{CELTIC}"')
    # on the field it activates nothing (the cost is a discard from the hand)
    assert "cannot be activated from where" in illegal(with_deck(board(field=[ASSAULT]), *[AMA]),
                                                       f'activate "{ASSAULT}" adding "{AMA}"')


# --- "except the turn this card was sent to the GY" -----------------------------------------------
def test_horse_stilts_in_the_gy_of_the_position_banishes_itself_to_send_a_wind_monster():
    pos = with_deck(board(gy=[STILTS]), *[CELTIC, WIND])
    r = legal(pos, f'activate "{STILTS}" sending "{WIND}"')
    me = mine(r)
    assert names(me["banished"]) == [STILTS] and names(me["graveyard"]) == [WIND]
    assert "not a card this effect can take" in illegal(pos, f'activate "{STILTS}" sending "{CELTIC}"')


def test_horse_stilts_discarded_this_turn_cannot_use_its_gy_effect():
    pos = with_deck(board(hand=[CHARITY, STILTS, OX]), *[CELTIC, ELF, WIND, "Kuriboh"])
    r = legal(pos, f'activate "{CHARITY}" sending "{STILTS}", "{OX}"')
    me = mine(r)
    assert names(me["hand"]) == [CELTIC, ELF, WIND] and set(names(me["graveyard"])) == {CHARITY, STILTS, OX}
    why = illegal(pos, f'activate "{CHARITY}" sending "{STILTS}", "{OX}"', f'activate "{STILTS}" sending "{WIND}"')
    assert "sent to the GY" in why


# --- discards as actions: drawn cards may be discarded; what is discarded is in the GY --------------
def test_graceful_charity_may_discard_a_card_it_drew_and_the_discarded_monster_can_be_revived():
    pos = with_deck(board(hand=[CHARITY, "Monster Reborn"]), *[CELTIC, ELF, "Dark Magician", "Kuriboh"])
    r = legal(pos, f'activate "{CHARITY}" sending "Dark Magician", "{CELTIC}"',
              'activate "Monster Reborn" targeting "Dark Magician"')
    me = mine(r)
    assert "Dark Magician" in names(me["monster_zones"]) and names(me["hand"]) == [ELF]
    # it discards exactly 2 cards of the hand
    assert "fewer cards" in illegal(pos, f'activate "{CHARITY}" sending "Dark Magician", "{CELTIC}", "{ELF}"')
    assert "not a card this effect can take" in illegal(pos, f'activate "{CHARITY}" sending "Kuriboh", "{CELTIC}"')


# --- discard triggers: by card effect or any discard -----------------------------------------------
def test_beiige_answers_a_discard_by_card_effect_and_must_be_activated():
    pos = with_deck(board(hand=[CHARITY, BEIIGE, OX]), *[CELTIC, ELF, WIND])
    r = legal(pos, f'activate "{CHARITY}" sending "{BEIIGE}", "{OX}"', f'then activate "{BEIIGE}"')
    assert names(mine(r)["monster_zones"]) == [BEIIGE]
    assert "mandatory" in illegal(pos, f'activate "{CHARITY}" sending "{BEIIGE}", "{OX}"')


def test_beiige_discarded_as_a_cost_is_not_discarded_by_card_effect():
    pos = board(hand=[DOOMED, BEIIGE], opp_field=[CELTIC])
    legal(pos, f'activate "{DOOMED}" paying "{BEIIGE}" targeting "{CELTIC}"')
    why = illegal(pos, f'activate "{DOOMED}" paying "{BEIIGE}" targeting "{CELTIC}"', f'then activate "{BEIIGE}"')
    assert "trigger" in why


def test_the_fabled_cerburrel_answers_any_discard_even_a_cost():
    pos = board(hand=[DOOMED, CERBURREL], opp_field=[CELTIC])
    r = legal(pos, f'activate "{DOOMED}" paying "{CERBURREL}" targeting "{CELTIC}"', f'then activate "{CERBURREL}"')
    assert names(mine(r)["monster_zones"]) == [CERBURREL]
    # sent to the GY otherwise (destroyed on the field) it is no discard
    pos = board(hand=[DOOMED, OX], field=[CERBURREL])
    why = illegal(pos, f'activate "{DOOMED}" paying "{OX}" targeting "{CERBURREL}"', f'then activate "{CERBURREL}"')
    assert "trigger" in why


# --- targets among the banished --------------------------------------------------------------------
def test_dd_m_targets_one_of_your_banished_monsters():
    ddm = "D.D.M. - Different Dimension Master"
    pos = board(hand=["Pot of Greed"], field=[ddm])
    pos["players"][0]["hand"] = ["Monster Reborn"]
    pos["players"][0]["banished"] = [CELTIC]
    r = legal(pos, f'activate "{ddm}" paying "Monster Reborn" targeting "{CELTIC}"')
    assert names(mine(r)["monster_zones"]) == sorted([ddm, CELTIC])
    # a banished monster of the opponent is no target
    pos["players"][0]["banished"] = []
    pos["players"][1]["banished"] = [CELTIC]
    assert "target" in illegal(pos, f'activate "{ddm}" paying "Monster Reborn" targeting "{CELTIC}"')


# --- "sent from the hand to the GY" ------------------------------------------------------------------
def test_gusto_griffin_answers_being_sent_from_the_hand_not_from_the_field():
    griffin, squirro = "Gusto Griffin", "Gusto Squirro"
    pos = with_deck(board(hand=[CHARITY, griffin, OX]), *[CELTIC, ELF, WIND, squirro])
    r = legal(pos, f'activate "{CHARITY}" sending "{griffin}", "{OX}"', f'then activate "{griffin}" summoning "{squirro}"')
    assert names(mine(r)["monster_zones"]) == [squirro]
    pos = with_deck(board(hand=[DOOMED, OX], field=[griffin]), *[squirro])
    why = illegal(pos, f'activate "{DOOMED}" paying "{OX}" targeting "{griffin}"',
                  f'then activate "{griffin}" summoning "{squirro}"')
    assert "trigger" in why


# --- End Phase effects; "if this card is in the GY because it was sent there this turn" --------------
def test_an_end_phase_effect_is_activated_in_the_end_phase_only():
    gantala, blaster = "General Gantala of the Ice Barrier", "Blizzed, Defender of the Ice Barrier"
    pos = board(field=[gantala], gy=[blaster], phase="end")
    r = legal(pos, f'activate "{gantala}" targeting "{blaster}"')
    assert names(mine(r)["monster_zones"]) == sorted([gantala, blaster])
    assert "once per turn" in illegal(board(field=[gantala], gy=[blaster, "Dewdark of the Ice Barrier"], phase="end"),
                                      f'activate "{gantala}" targeting "{blaster}"',
                                      f'activate "{gantala}" targeting "Dewdark of the Ice Barrier"')
    assert "End Phase" in illegal(board(field=[gantala], gy=[blaster]), f'activate "{gantala}" targeting "{blaster}"')
    # a Normal Spell is still a Main Phase action
    assert "Main Phase" in illegal(with_deck(board(hand=["Pot of Greed"], phase="end"), *[CELTIC, ELF]),
                                   'activate "Pot of Greed"')


def test_white_stone_needs_to_have_been_sent_to_the_gy_this_turn():
    stone, bewd = "The White Stone of Ancients", "Blue-Eyes White Dragon"
    assert {"eff_phase(71039903,1,end)", "eff_limit(71039903,1,sent_turn)", "eff_limit(71039903,1,soft)",
            "eff_from(71039903,1,graveyard)"} <= facts_of(stone)
    # in the GY of the position given, it was not sent there this turn unless the position says so
    assert "not sent there this turn" in illegal(with_deck(board(gy=[stone], phase="end"), *[bewd]),
                                                 f'activate "{stone}" summoning "{bewd}"')
    pos = with_deck(board(gy=[{"card": stone, "sent_this_turn": True}], phase="end"), *[CELTIC, bewd])
    r = legal(pos, f'activate "{stone}" summoning "{bewd}"')
    assert names(mine(r)["monster_zones"]) == [bewd]
    assert "not a card this effect can take" in illegal(pos, f'activate "{stone}" summoning "{CELTIC}"')


def test_sent_this_turn_is_kept_in_the_state_and_forbids_the_gy_effect_of_horse_stilts():
    pos = with_deck(board(hand=[CHARITY, STILTS, OX]), *[CELTIC, ELF, WIND, "Kuriboh"])
    after = mine(legal(pos, f'activate "{CHARITY}" sending "{STILTS}", "{OX}"'))
    stilts = next(e for e in after["graveyard"] if isinstance(e, dict) and Library.load().get(e["card"]).name == STILTS)
    assert stilts["sent_this_turn"] is True
    pos = with_deck(board(gy=[{"card": STILTS, "sent_this_turn": True}]), *[WIND])
    assert "sent to the GY" in illegal(pos, f'activate "{STILTS}" sending "{WIND}"')


# --- what only the opponent does to this card ---------------------------------------------------------
def test_a_trigger_on_the_opponents_destruction_never_answers_the_turn_players_own():
    mag = "Madolche Magileine"
    assert "eff_event(11868731,1,opponent,if)" in facts_of(mag)
    pos = board(hand=[DOOMED, OX], field=[mag])
    why = illegal(pos, f'activate "{DOOMED}" paying "{OX}" targeting "{mag}"', f'then activate "{mag}"')
    assert "trigger" in why


def test_a_trigger_on_destruction_by_an_opponents_card_answers_a_battle_with_their_monster():
    # "destroyed by an opponent's card" covers a battle with the opponent's monster: Madolche Magileine
    # (1400 ATK) attacks Summoned Skull (2500) and its mandatory trigger shuffles it into the Deck
    mag, skull = "Madolche Magileine", "Summoned Skull"
    assert "eff_event(11868731,1,owned_destroyed_battle,if)" in facts_of(mag)
    pos = board(field=[mag], opp_field=[skull], first_turn=False)
    r = legal(pos, f'attack "{mag}" -> "{skull}"', f'then activate "{mag}"')
    assert names(mine(r)["deck"]) == [mag]
    # a monster that was not destroyed (it won the battle) has nothing to answer
    weak = board(field=[mag], opp_field=["Kuriboh"], first_turn=False)
    assert "did not happen" in illegal(weak, f'attack "{mag}" -> "Kuriboh"', f'then activate "{mag}"')


# --- conditions on the GY -------------------------------------------------------------------------------
def test_motorbike_searches_only_while_you_have_no_spells_or_traps_in_your_gy():
    bike, samurai = "Superheavy Samurai Motorbike", "Superheavy Samurai Blue Brawler"
    assert "proc_cond(83334932,eff(1),1,count(me,graveyard,0,0))" in facts_of(bike)
    pos = with_deck(board(hand=[bike], gy=[OX]), *[CELTIC, samurai])
    r = legal(pos, f'activate "{bike}" adding "{samurai}"')
    assert names(mine(r)["hand"]) == [samurai]
    why = illegal(with_deck(board(hand=[bike], gy=["Pot of Greed"]), *[samurai]), f'activate "{bike}" adding "{samurai}"')
    assert "can be activated only if" in why


# --- a Spell's effect in the GY ----------------------------------------------------------------------------
def test_speed_recovery_banishes_itself_from_the_gy_and_is_not_sent_back_there():
    rec, terror = "Speed Recovery", WIND
    assert {"effect(88204302,2,ignition)", "eff_from(88204302,2,graveyard)"} <= facts_of(rec)
    pos = board(gy=[rec, terror])
    r = legal(pos, f'activate "{rec}" targeting "{terror}"')
    me = mine(r)
    assert names(me["banished"]) == [rec] and names(me["hand"]) == [terror] and not me.get("graveyard")
    # from the hand it is the Spell's own activation (effect 1), which targets too
    assert "cannot be activated from where" in illegal(board(hand=[rec], gy=[terror]),
                                                       f'activate "{rec}" effect 2 targeting "{terror}"')


def test_this_card_you_control_is_sent_to_your_gy_from_the_field_only():
    # Pinch Hopper: "When this card you control is sent to your GY: You can Special Summon 1 Insect
    # monster from your hand."  Tributed from the field it triggers; discarded from the hand not.
    hopper, insect, big = "Pinch Hopper", "Petit Moth", "Summoned Skull"
    pos = board(hand=[big, insect], field=[hopper])
    r = legal(pos, f'tribute_summon "{big}" with "{hopper}"', f'then activate "{hopper}" summoning "{insect}"')
    assert insect in names(r.steps[-1].position["players"][0]["monster_zones"])
    # sent from the hand as One for One's cost: no trigger
    pos2 = board(hand=["One for One", hopper, "Cockroach Knight"])
    pos2["players"][0]["deck"] = [insect]
    head = f'activate "One for One" paying "{hopper}" summoning "{insect}"'
    legal(pos2, head)
    assert "did not happen" in illegal(pos2, head, f'then activate "{hopper}" summoning "Cockroach Knight"')


def test_cards_show_words_a_trigger_that_is_no_summon():
    from click.testing import CliRunner

    from oracle.cli import main

    out = CliRunner().invoke(main, ["cards", "show", "Pinch Hopper"])
    assert out.exit_code == 0, out.output
    assert "1: trigger, when sent_from(field), from graveyard, optional" in out.output


def test_send_from_the_hand_or_the_extra_deck_to_the_gy_as_an_action():
    # Gale Dogra: "You can pay 3000 LP; send 1 monster from your Extra Deck to the GY."
    dogra = "Gale Dogra"
    pos = board(field=[dogra], hand=["Kozaky"], extra=["Stardust Dragon"])
    r = legal(pos, f'activate "{dogra}" sending "Stardust Dragon"')
    assert names(r.steps[-1].position["players"][0]["graveyard"]) == ["Stardust Dragon"]
    assert r.steps[-1].position["players"][0]["life_points"] == 5000
    assert illegal(pos, f'activate "{dogra}" sending "Kozaky"')       # in the hand, not the Extra Deck
    # Satellarknight Procyon: "If this card is Summoned: You can send 1 "tellarknight" monster from
    # your hand to the Graveyard, and if you do, draw 1 card."
    procyon = "Satellarknight Procyon"
    pos = board(hand=[procyon, "Satellarknight Deneb", "Kozaky"])
    pos["players"][0]["deck"] = ["Pot of Greed"]
    r = legal(pos, f'normal_summon "{procyon}"', f'then activate "{procyon}" sending "Satellarknight Deneb"')
    assert names(r.steps[-1].position["players"][0]["graveyard"]) == ["Satellarknight Deneb"]
    assert illegal(pos, f'normal_summon "{procyon}"', f'then activate "{procyon}" sending "Kozaky"')


def test_a_send_cost_with_an_exception():
    # Fabled Soulkius: "If this card is in your GY: You can send 2 cards from your hand to the GY,
    # except "Fabled Soulkius"; Special Summon this card."
    soul = "Fabled Soulkius"
    pos = board(hand=["Kozaky", "Petit Moth", soul], gy=[soul])
    r = legal(pos, f'activate "{soul}" paying "Kozaky", "Petit Moth"')
    assert names(r.steps[-1].position["players"][0]["monster_zones"]) == [soul]
    assert "cost" in illegal(pos, f'activate "{soul}" paying "Kozaky", "{soul}"')


# --- "When you draw this card: You can reveal it; Special Summon it from your hand." --------------
HIKARI = "Fortune Fairy Hikari"


def test_a_card_drawn_by_an_effect_can_summon_itself_as_it_is_drawn_only():
    code = Library.load().by_name(HIKARI).code
    assert {f"eff_event({code},1,drawn,when)", f"eff_cost_self({code},1,1,reveal)", f"eff_from({code},1,hand)"} <= facts_of(HIKARI)
    pos = with_deck(board(hand=["Pot of Greed"]), HIKARI, OX)
    r = legal(pos, 'activate "Pot of Greed"', f'then activate "{HIKARI}"')
    me = r.steps[-1].position["players"][0]
    assert [z["card"] for z in me["monster_zones"] if z] == [code]
    assert [e["card"] if isinstance(e, dict) else e for e in me["hand"]] == [Library.load().by_name(OX).code]
    # in the hand already: not drawn, so the trigger has nothing to answer
    assert illegal(board(hand=[HIKARI]), f'activate "{HIKARI}"')


# --- "Send the top N cards of your / your opponent's Deck to the GY" -------------------------------
CHARGE, RYKO, GAROTH = "Charge of the Light Brigade", "Ryko, Lightsworn Hunter", "Garoth, Lightsworn Warrior"


def gy(result, player=0) -> list[int]:
    return [e["card"] for e in result.steps[-1].position["players"][player]["graveyard"]]


def test_the_top_cards_of_the_deck_are_sent_as_a_cost_before_the_search():
    assert "eff_mill_cost(94886282,1,1,3)" in facts_of(CHARGE)
    lib = Library.load()
    pos = with_deck(board(hand=[CHARGE]), RYKO, OX, ELF, GAROTH)
    r = legal(pos, f'activate "{CHARGE}" adding "{GAROTH}"')
    assert sorted(gy(r)) == sorted([lib.by_name(n).code for n in (RYKO, OX, ELF, CHARGE)])
    # the top three are in the GY before the search: the Ryko on top is not in the Deck any more
    assert illegal(pos, f'activate "{CHARGE}" adding "{RYKO}"')
    # fewer than 3 cards: the cost cannot be paid
    assert "cost cannot be paid" in illegal(with_deck(board(hand=[CHARGE]), GAROTH, OX), f'activate "{CHARGE}"')


def test_a_mandatory_effect_sends_the_top_cards_of_the_opponents_deck_as_far_as_there_are():
    worm = "Needle Worm"
    assert "eff_do(81843628,1,1,1,mill(5,opp))" in facts_of(worm)
    pos = board(field=[{"card": worm, "position": "set"}], first_turn=False)
    pos["players"][1]["deck"] = [CELTIC, OX, ELF, CELTIC, OX, ELF]
    r = legal(pos, f'flip_summon "{worm}"', f'then activate "{worm}"')
    lib = Library.load()
    assert sorted(gy(r, 1)) == sorted(lib.by_name(n).code for n in (CELTIC, OX, ELF, CELTIC, OX))
    assert len(r.steps[-1].position["players"][1]["deck"]) == 1
    pos["players"][1]["deck"] = [CELTIC, OX]
    assert sorted(gy(legal(pos, f'flip_summon "{worm}"', f'then activate "{worm}"'), 1)) == sorted(
        lib.by_name(n).code for n in (CELTIC, OX))


def test_cards_sent_from_the_top_after_a_draw_are_the_ones_below_the_drawn_cards():
    recharge = "Solar Recharge"   # "Discard 1 "Lightsworn" monster; draw 2 cards, then send the top 2 ..."
    lib = Library.load()
    pos = with_deck(board(hand=[recharge, RYKO]), CELTIC, OX, ELF, GAROTH, CELTIC)
    r = legal(pos, f'activate "{recharge}" paying "{RYKO}"')
    me = r.steps[-1].position["players"][0]
    assert sorted(e["card"] if isinstance(e, dict) else e for e in me["hand"]) == sorted(lib.by_name(n).code for n in (CELTIC, OX))
    assert sorted(gy(r)) == sorted(lib.by_name(n).code for n in (recharge, RYKO, ELF, GAROTH))


def test_an_optional_effect_that_cannot_send_all_the_top_cards_is_not_activated():
    cliff = "Dark Scorpion - Cliff the Trap Remover"   # ● Send the top 2 cards of their Deck to the GY.
    pos = board(field=[cliff], first_turn=False)
    pos["players"][1]["deck"] = [CELTIC, OX, ELF]
    attack = f'attack "{cliff}" directly'
    r = legal(pos, attack, f'then activate "{cliff}" mode 2')
    assert len(gy(r, 1)) == 2 and len(r.steps[-1].position["players"][1]["deck"]) == 1
    pos["players"][1]["deck"] = [CELTIC]
    assert "fewer than 2 cards to send" in illegal(pos, attack, f'then activate "{cliff}" mode 2')


def test_a_mandatory_end_phase_effect_is_activated_once_in_that_phase():
    lumina = "Lumina, Lightsworn Summoner"   # "Once per turn, during your End Phase: Send the top 3 ..."
    code = Library.load().by_name(lumina).code
    assert {f"eff_phase({code},2,end)", f"eff_limit({code},2,soft)", f"eff_do({code},2,1,1,mill(3,me))"} <= facts_of(lumina)
    assert f"eff_optional({code},2)" not in facts_of(lumina)
    pos = with_deck(board(field=[lumina], phase="end"), CELTIC, OX, ELF, CELTIC)
    r = legal(pos, f'activate "{lumina}" effect 2')
    assert len(gy(r)) == 3 and len(r.steps[-1].position["players"][0]["deck"]) == 1
    assert "once per turn" in illegal(pos, f'activate "{lumina}" effect 2', f'activate "{lumina}" effect 2')
    # in the Main Phase it is not activated
    assert illegal(with_deck(board(field=[lumina]), CELTIC, OX, ELF), f'activate "{lumina}" effect 2')


def test_an_effect_during_each_of_your_standby_phases_is_one_per_phase_too():
    bowganian = "Bowganian"   # "During each of your Standby Phases: Inflict 600 damage to your opponent."
    pos = board(field=[bowganian], phase="standby", first_turn=False)
    r = legal(pos, f'activate "{bowganian}"')
    assert r.steps[-1].position["players"][1]["life_points"] == 8000 - 600
    assert "once per turn" in illegal(pos, f'activate "{bowganian}"', f'activate "{bowganian}"')
    assert illegal(board(field=[bowganian], phase="end", first_turn=False), f'activate "{bowganian}"')


def test_a_trigger_in_the_gy_is_paid_by_banishing_the_card_from_there():
    peten = "Peten the Dark Clown"   # "When this card is sent to the GY: You can banish this card from your GY; ..."
    lib = Library.load()
    code = lib.by_name(peten).code
    assert {f"eff_cost_self({code},1,1,banish)", f"eff_from({code},1,graveyard)"} <= facts_of(peten)
    pos = with_deck(board(hand=["Summoned Skull"], field=[peten]), peten)
    r = legal(pos, f'tribute_summon "Summoned Skull" with "{peten}"', f'then activate "{peten}" summoning "{peten}"')
    me = r.steps[-1].position["players"][0]
    assert sorted(z["card"] for z in me["monster_zones"] if z) == sorted([code, lib.by_name("Summoned Skull").code])
    assert [e["card"] for e in me["banished"]] == [code] and not me["graveyard"]
    # without its event it is not activated from the GY
    assert illegal(with_deck(board(gy=[peten]), peten), f'activate "{peten}"')


def test_a_card_attaches_itself_to_an_xyz_monster_from_the_hand_the_field_or_the_gy():
    rockey, ship = "Springans Rockey", "Springans Ship - Exblowrer"
    lib = Library.load()
    code = lib.by_name(rockey).code
    assert {f"eff_from({code},2,hand)", f"eff_from({code},2,field)", f"eff_from({code},2,graveyard)"} <= facts_of(rockey)
    for pos in (board(hand=[rockey], field=[ship]), board(field=[rockey, ship]), board(gy=[rockey], field=[ship])):
        r = legal(pos, f'activate "{rockey}" effect 2 targeting "{ship}"')
        me = r.steps[-1].position["players"][0]
        assert code not in [e if isinstance(e, int) else e["card"] for e in me["hand"] + me["graveyard"]]
        (xyz,) = [z for z in me["monster_zones"] if z]
        assert xyz["card"] == lib.by_name(ship).code and [m["card"] if isinstance(m, dict) else m for m in xyz["materials"]] == [code]
    # no Xyz Monster to attach it to: no target
    assert illegal(board(hand=[rockey], field=["Kozaky"]), f'activate "{rockey}" effect 2 targeting "Kozaky"')


def test_horus_lv6_becomes_lv8_in_the_end_phase_only_after_destroying_a_monster_by_battle():
    lv6, lv8 = "Horus the Black Flame Dragon LV6", "Horus the Black Flame Dragon LV8"
    won = board(field=[{"card": lv6, "position": "attack", "destroyed_by_battle_this_turn": True}], hand=[lv8],
                phase="end", first_turn=False)
    r = legal(won, f'activate "{lv6}" summoning "{lv8}"')
    # LV8 "Must be Special Summoned by "Horus the Black Flame Dragon LV6"": that effect may
    assert [z["card"] for z in r.steps[-1].position["players"][0]["monster_zones"] if z] == [48229808]
    assert [c if isinstance(c, int) else c["card"] for c in r.steps[-1].position["players"][0]["graveyard"]] == [11224103]
    lost = board(field=[lv6], hand=[lv8], phase="end", first_turn=False)
    assert "destroyed a monster by battle this turn" in illegal(lost, f'activate "{lv6}" summoning "{lv8}"')
    # the battle sets the flag of the state after it
    fight = board(field=[lv6], opp_field=["Kozaky"], first_turn=False)
    after = legal(fight, f'attack "{lv6}" -> "Kozaky"').steps[-1].position["players"][0]["monster_zones"]
    assert next(z for z in after if z)["destroyed_by_battle_this_turn"] is True


def test_a_card_summoned_only_by_a_named_card_is_not_summoned_by_another_effect():
    # Horus LV8: "Must be Special Summoned by "Horus ... LV6", and cannot be Special Summoned by
    # other ways": not even revived once properly summoned
    lv8 = "Horus the Black Flame Dragon LV8"
    pos = board(hand=["Monster Reborn"], gy=[lv8], first_turn=False)
    assert "cannot be Special Summoned" in illegal(pos, f'activate "Monster Reborn" targeting "{lv8}"')


def test_a_card_that_cannot_be_special_summoned_except_with_a_named_card_is_never_revived():
    # Princess Curran: "This card cannot be Special Summoned except with "Trial of the
    # Princesses"": only that card's effect, ever, even once properly summoned (the same reading
    # as Horus LV8's "... and cannot be Special Summoned by other ways")
    curran = "Princess Curran"
    lib = Library.load()
    assert {"summon_by(2316186,72709014)", "must_method(2316186,special)"} <= \
        {str(f) for f in requirements(lib.by_name(curran), lib).facts}
    pos = board(hand=["Monster Reborn"], first_turn=False)
    pos["players"][0]["graveyard"] = [{"card": curran, "properly_summoned": True}]
    assert "cannot be Special Summoned" in illegal(pos, f'activate "Monster Reborn" targeting "{curran}"')
    # a monster with no such condition, properly summoned, is revived
    pos["players"][0]["graveyard"] = [{"card": "Cyber Dragon", "properly_summoned": True}]
    legal(pos, 'activate "Monster Reborn" targeting "Cyber Dragon"')


def test_stardust_dragon_negates_a_destruction_and_comes_back_in_the_end_phase():
    sd = "Stardust Dragon"
    pos = board(field=[sd, "Kozaky"], hand=["Dark Hole", "Pot of Greed"], first_turn=False)
    pos["players"][0]["deck"] = ["Celtic Guardian", "Petit Moth"]
    r = legal(pos, 'activate "Dark Hole"', f'chain activate "{sd}"')
    mine = r.steps[-1].position["players"][0]
    assert [z["card"] for z in mine["monster_zones"] if z] == [99171160]   # Kozaky survives: Dark Hole negated
    gy = {e["card"] if isinstance(e, dict) else e: e for e in mine["graveyard"]}
    assert gy[44508094]["effects_applied_this_turn"] == [1]
    # it answers only an activation that would destroy a card on the field
    assert "answers an activation" in illegal(pos, 'activate "Pot of Greed"', f'chain activate "{sd}"')
    # "During the End Phase, if the previous effect was applied this turn"
    back = board(gy=[{"card": sd, "effects_applied_this_turn": [1]}], phase="end", first_turn=False)
    assert [z["card"] for z in legal(back, f'activate "{sd}" effect 2').steps[-1].position["players"][0]["monster_zones"]
            if z] == [44508094]
    assert "applied this turn" in illegal(board(gy=[sd], phase="end", first_turn=False), f'activate "{sd}" effect 2')


def test_effects_applied_this_turn_is_a_list_of_effect_numbers_of_a_gy_card():
    import pytest

    from oracle.errors import OracleError
    from oracle.yugioh.position import parse_position
    for bad in ({"hand": [{"card": "Stardust Dragon", "effects_applied_this_turn": [1]}]},
                {"graveyard": [{"card": "Stardust Dragon", "effects_applied_this_turn": [0]}]},
                {"graveyard": [{"card": "Stardust Dragon", "effects_applied_this_turn": 1}]}):
        with pytest.raises(OracleError, match="effects_applied_this_turn"):
            parse_position({"game": "yugioh", "players": [bad, {}]})


# --- a Normal Spell's own trigger in the GY, on an event its resolution never sets off -------------
def test_a_white_forest_spell_sent_to_activate_a_monster_effect_sets_itself_and_not_after_it_resolved():
    elzette, tales, astellar = ("Elzette of the White Forest", "Tales of the White Forest",
                                "Astellar of the White Forest")
    pos = with_deck(board(hand=[elzette, tales], field=["Dark Magician"]), astellar, CELTIC)
    me = mine(legal(pos, f'activate "{elzette}" paying "{tales}" adding "{astellar}"', f'then activate "{tales}"'))
    assert [z["card"] for z in me["spell_trap_zones"] if z] == [Library.load().by_name(tales).code]
    # activated from the hand, Tales goes to the GY as it resolves: that sets off nothing
    assert "trigger" in illegal(pos, f'activate "{tales}" adding "{astellar}"', f'then activate "{tales}"')
    # "If this card is sent to the Graveyard" would be set off by that move too: not read
    lib = Library.load()
    assert card_effects(lib.by_name("Limiter Overload"), lib).unsupported == "a Spell/Trap effect with an activation condition"
