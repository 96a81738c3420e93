"""Triggers on the events of an attack (family events, grammar/abilities_events.lark, fx_events.py;
asp/duel_masters/reply_events.lp): "whenever this creature blocks / becomes blocked / is attacked /
wins a battle / is attacking your opponent and isn't blocked", "whenever your opponent uses the
"shield trigger" ability ...".  Played where a rule plays them, or counted only where the event
never happens in a line or the effect provably changes nothing.  Real library cards."""
from __future__ import annotations

from test_dm_helpers import check, pos, side

from oracle.duel_masters import effects, fx_events
from oracle.duel_masters import lethal as L
from oracle.duel_masters.cards import library

VEHICLE = "Aqua Vehicle"       # water 1000
CRAGSAUR = "Cragsaur"          # fire 3000
SHOOTER = "Aqua Shooter"       # water 2000 blocker
SHEPHERD = "Tri-horn Shepherd"  # nature 5000


def counted(name: str) -> bool:
    lib = library()
    races = frozenset(r for c in lib.cards for r in c.races)
    reading = effects.read(lib.get(name), races)
    return not reading.unsupported and all(effects.played(a) for a in reading.abilities)


def after(result, player: int) -> str:
    assert result.legal, result.text()
    return result.text().split(f"P{player} battle zone after the attack")[-1].split("\n")[0]


def test_what_happens_only_where_no_line_meets_it_or_changes_nothing_is_counted():
    # Kelp Candle blocks (the opponent's, in a reply): it looks at his own deck and takes a card
    assert counted("Kelp Candle")
    # Coliseum Shell becomes blocked (ours): a mana boost of our own, which no attack rule reads
    assert counted("Coliseum Shell")
    # Emperor Quazla: "whenever your opponent uses the "shield trigger" ability ..., draw up to 2 cards"
    assert counted("Emperor Quazla")
    # Crash Lizard wins a battle: it would burn the opponent's mana card, which his stealth reads: not counted
    assert not counted("Crash Lizard")


BELMOL = "Belmol, the Explorer"   # light 3500 blocker that blocks if able: the reply of a checked line


def test_avalanche_giant_breaks_a_shield_when_it_becomes_blocked():
    giant = "Avalanche Giant"    # 8000, double breaker; blocked: breaks one shield
    doc = pos(side(battle_zone=[giant]), side(battle_zone=[BELMOL], shields=[VEHICLE, VEHICLE]))
    result = check(doc, f'attack "{giant}" -> player')
    assert result.legal and "shields left: 1\n" in result.text() and BELMOL not in after(result, 1)
    plain = pos(side(battle_zone=["Boltail Dragon"]), side(battle_zone=[BELMOL], shields=[VEHICLE, VEHICLE]))
    assert "shields left: 2\n" in check(plain, 'attack "Boltail Dragon" -> player').text()


def test_shock_trooper_mykee_destroys_the_named_creature_when_unblocked():
    mykee = "Shock Trooper Mykee"   # speed attacker; unblocked: you may destroy one with power 3000 or less
    target = {"card": CRAGSAUR, "tapped": True}
    doc = pos(side(battle_zone=[mykee]), side(battle_zone=[target], shields=[VEHICLE]))
    assert CRAGSAUR not in after(check(doc, f'attack "{mykee}" -> player targeting "{CRAGSAUR}"'), 1)
    assert CRAGSAUR in after(check(doc, f'attack "{mykee}" -> player'), 1)   # "you may": none named, none chosen
    # blocked by Belmol: not "isn't blocked", Cragsaur stays
    blocked = pos(side(battle_zone=[mykee]), side(battle_zone=[BELMOL, target], shields=[VEHICLE]))
    assert CRAGSAUR in after(check(blocked, f'attack "{mykee}" -> player targeting "{CRAGSAUR}"'), 1)


def test_necrodragon_jagraveen_is_destroyed_after_it_blocks():
    jag = "Necrodragon Jagraveen"   # 6000 blocker; when this creature blocks, destroy it after battles
    line = (f'attack "{VEHICLE}" -> player', f'attack "{CRAGSAUR}" -> "{{}}"')
    # Ardent Lunatron (5000) must block Aqua Vehicle and stays, tapped: Cragsaur may attack it
    lunatron = "Ardent Lunatron"
    doc = pos(side(battle_zone=[VEHICLE, CRAGSAUR]), side(battle_zone=[lunatron], shields=[VEHICLE]))
    assert check(doc, line[0], line[1].format(lunatron)).legal
    # Jagraveen either does not block (it stays untapped: not attackable) or blocks and is destroyed
    doc = pos(side(battle_zone=[VEHICLE, CRAGSAUR]), side(battle_zone=[jag], shields=[VEHICLE]))
    assert not check(doc, line[0], line[1].format(jag)).legal


def test_bye_bye_amoeba_returns_its_attacker_after_the_battle():
    amoeba = {"card": "Bye Bye Amoeba", "tapped": True}    # 1000
    doc = pos(side(battle_zone=[CRAGSAUR]), side(battle_zone=[amoeba]))
    result = check(doc, f'attack "{CRAGSAUR}" -> "Bye Bye Amoeba"')
    assert CRAGSAUR not in after(result, 0) and "Bye Bye Amoeba" not in after(result, 1)   # won, then returned
    plain = pos(side(battle_zone=[CRAGSAUR]), side(battle_zone=[{"card": VEHICLE, "tapped": True}]))
    assert CRAGSAUR in after(check(plain, f'attack "{CRAGSAUR}" -> "{VEHICLE}"'), 0)


def test_frenzy_drum_is_destroyed_after_it_attacks():
    doc = pos(side(battle_zone=["Frenzy Drum"]), side(shields=[VEHICLE, VEHICLE]))
    assert "Frenzy Drum" not in after(check(doc, 'attack "Frenzy Drum" -> player'), 0)
    assert CRAGSAUR in after(check(pos(side(battle_zone=[CRAGSAUR]), side(shields=[VEHICLE])), f'attack "{CRAGSAUR}" -> player'), 0)


def test_creeping_plague_gives_our_blocked_creatures_slayer():
    doc = pos(side(hand=["Creeping Plague"], mana_zone=[{"card": "Bone Spider", "tapped": False}], battle_zone=[VEHICLE]),
              side(battle_zone=[BELMOL], shields=[VEHICLE]))
    result = check(doc, 'cast "Creeping Plague"', f'attack "{VEHICLE}" -> player')
    assert BELMOL not in after(result, 1)       # Belmol blocks (it must) and is destroyed too
    assert BELMOL in after(check(doc, f'attack "{VEHICLE}" -> player'), 1)


def test_a_lent_tap_ability_is_used_by_a_creature_of_its_civilization():
    # Fort Megacluster: each of your water creatures may tap ... : draw a card
    doc = pos(side(battle_zone=["Fort Megacluster", VEHICLE], deck=[CRAGSAUR]), side(shields=[VEHICLE]))
    result = check(doc, f'tap_ability "{VEHICLE}"')
    assert result.legal and len(result.steps[-1].position["players"][0]["hand"]) == 1
    fire = pos(side(battle_zone=["Fort Megacluster", CRAGSAUR], deck=[CRAGSAUR]), side(shields=[VEHICLE]))
    assert "no_tap_ability" in " ".join(check(fire, f'tap_ability "{CRAGSAUR}"').steps[-1].terms)  # not water


def test_arc_bine_lends_a_tap_that_taps_before_the_attack():
    # Arc Bine (light): a light creature taps to tap one of the opponent's creatures, which can then be attacked
    doc = pos(side(battle_zone=["Arc Bine, the Astounding", "Emerald Grass", CRAGSAUR]), side(battle_zone=[SHEPHERD]))
    ok = check(doc, f'tap_ability "Emerald Grass" targeting "{SHEPHERD}"', f'attack "Arc Bine, the Astounding" -> "{SHEPHERD}"')
    assert ok.legal, ok.text()
    assert not check(doc, f'tap_ability "{CRAGSAUR}" targeting "{SHEPHERD}"').legal   # fire


def test_propeller_mutant_of_the_opponent_destroyed_by_our_step_is_refused():
    # "when this creature is destroyed, your opponent discards a card at random": our discard in our
    # main step would be his creature's effect, which a step does not resolve
    doc = pos(side(hand=["Terror Pit", CRAGSAUR], mana_zone=[{"card": "Bone Spider", "tapped": False}] * 6),
              side(battle_zone=["Propeller Mutant"]))
    assert "effect_not_resolved" in " ".join(check(doc, 'cast "Terror Pit"').steps[-1].terms)
    # destroyed in a battle (a reply), our discard changes nothing an attack reads: played
    assert counted("Propeller Mutant")


def test_tropico_cannot_be_blocked_beside_two_other_creatures():
    from oracle.duel_masters import lethal as L
    def answer(ours: list) -> str:
        doc = pos(side(battle_zone=ours), {**side(battle_zone=[SHOOTER]), "shields": []})
        return L.answer(L.problem_from(doc, "<t>")).verdict
    tapped = {"card": VEHICLE, "tapped": True}
    assert answer(["Tropico", tapped, tapped]) == "lethal"
    assert answer(["Tropico", tapped]) == "no_lethal"


def test_heads_of_other_creatures_attacks_and_blocks_are_counted_where_harmless():
    # Zero Nemesis: "whenever one of your creatures attacks, your opponent discards a card at random":
    # ours in our attacks, a discard of his no attack rule reads
    assert counted("Zero Nemesis, Shadow of Panic")
    # Agira: "whenever one of your Gladiators or Earth Eaters blocks, you may draw a card": his, in a reply
    assert counted("Agira, the Warlord Crawler")
    # the same head with an effect on creatures is not played
    ab = effects.read_line("Whenever one of your creatures attacks, destroy one of your opponent's creatures.")
    assert ab and not any(effects.played(a) for a in ab)
    # a race phrase that names no race of the library is not read
    races = frozenset(r for c in library().cards for r in c.races)
    assert fx_events.resolve(effects.read_line("Whenever one of your Gladiators or Moon Folks blocks, you may draw a card."),
                             races) is None


def test_zero_nemesis_lets_another_creature_attack():
    zero = {"card": "Zero Nemesis, Shadow of Panic", "under": ["Bone Spider"]}
    doc = pos(side(battle_zone=[zero, CRAGSAUR]), side(hand=[VEHICLE], shields=[VEHICLE]))
    assert check(doc, f'attack "{CRAGSAUR}" -> player').legal


def test_lalicious_looks_at_the_opponents_hand_and_deck_and_attacks():
    assert counted("Lalicious")
    doc = pos(side(battle_zone=["Lalicious"]), side(hand=[VEHICLE], deck=[CRAGSAUR], shields=[VEHICLE]))
    result = check(doc, 'attack "Lalicious" -> player')
    assert result.legal and "shields left: 0\n" in result.text()


def test_necrodragon_zalva_makes_the_opponent_draw_a_card():
    bone = {"card": "Bone Spider", "tapped": False}
    doc = pos(side(hand=["Necrodragon Zalva"], mana_zone=[bone] * 4), side(deck=[CRAGSAUR, VEHICLE]))
    result = check(doc, 'summon "Necrodragon Zalva"')
    assert result.legal, result.text()
    hand = [c if isinstance(c, str) else c["card"] for c in result.steps[-1].position["players"][1]["hand"]]
    assert hand == [CRAGSAUR]                   # the top card of his deck, and only it


def test_marrow_ooze_is_destroyed_after_it_attacks_a_player():
    doc = pos(side(battle_zone=["Marrow Ooze, the Twister", VEHICLE]), side(shields=[VEHICLE] * 2))
    result = check(doc, 'attack "Marrow Ooze, the Twister" -> player')
    assert "Marrow Ooze" not in after(result, 0) and "shields left: 1\n" in result.text()
    result = check(doc, f'attack "{VEHICLE}" -> player')
    assert VEHICLE in after(result, 0)


def test_lamiel_draws_for_his_creatures_destroyed_in_our_turn_which_changes_nothing():
    assert counted("Lamiel, Destiny Enforcer")
    bone = {"card": "Bone Spider", "tapped": False}
    doc = pos(side(hand=["Terror Pit"], mana_zone=[bone] * 6),
              side(battle_zone=["Lamiel, Destiny Enforcer", CRAGSAUR], deck=[VEHICLE]))
    result = check(doc, f'cast "Terror Pit" targeting "{CRAGSAUR}"')
    assert result.legal, result.text()
    # the same head with an effect on creatures is not played
    ab = effects.read_line("Whenever one of your creatures is destroyed during your opponent's turn, "
                           "destroy one of your opponent's creatures.")
    assert ab and not any(effects.played(a) for a in ab)
