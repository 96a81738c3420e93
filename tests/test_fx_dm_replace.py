"""Family "replace" of the Duel Masters text (grammar/abilities_replace.lark, fx_replace.py,
asp/duel_masters/replace.lp): replacement effects, read by one rule in a step's destruction, in a
battle, during the attacks and when a shield is broken.  Real library cards, what happens and what
does not."""
from __future__ import annotations

import dataclasses

from test_dm_helpers import check, pos, side, terms

from oracle.duel_masters import effects, lethal

FIRE = ["Bolshack Dragon"] * 6          # six fire mana: Blizzard of Spears
DARK = ["Bone Spider"] * 7              # darkness mana: Terror Pit, Death Cruzer
BLIZZARD = 'cast "Blizzard of Spears"'  # destroy all creatures that have power 4000 or less


def tapped(name: str) -> dict:
    return {"card": name, "tapped": True}


def zone(result, player: int, name: str) -> list[str]:
    """The cards of a zone in the state after the last step of a legal line."""
    assert result.legal, result.text()
    return [e["card"] for e in result.steps[-1].position["players"][player][name]]


def verdict(doc: dict) -> str:
    return lethal.answer(lethal.problem_from(doc)).verdict


def test_the_sentences_are_read_as_replacements():
    read = lambda line: effects.read_line(line)
    assert read("When this creature would be destroyed, you may return it to your hand instead.") == (
        ("repl", "destroyed", "self", ("to", "hand"), "may", ()),)
    assert read("When this creature would be destroyed, shuffle it into your deck instead.") == (
        ("repl", "destroyed", "self", ("to", "deck"), "must", ()),)
    assert read("When one of your shields would be broken, you may destroy this creature instead.") == (
        ("repl", "broken", "yours", "saver", "may", ()),)
    assert read("Whenever this creature would break a shield, your opponent puts that shield into his graveyard "
                "instead.") == (("repl", "breaks", "self", ("to", "graveyard"), "must", ()),)
    assert read("Whenever another creature would be destroyed, it stays in the battle zone instead.") == (
        ("repl", "destroyed", "anyone", "stay", "must", ("other",)),)
    # a saver names a race of the library; one that names none is not understood
    balor = _card("Balor, Lifesaving Doll")
    assert effects.understood(balor, _races())
    assert not effects.understood(dataclasses.replace(balor, text="Saver: Horn Beasts"), _races())
    # the conditional ones are not read (yet)
    for name in ("Kalute, Vizier of Eternity", "Dream Pirate, Shadow of Theft", "Ophanis, Unified Five Elemental"):
        assert not effects.understood(_card(name), _races()), name


def _card(name: str):
    from oracle.duel_masters.cards import library
    return library().find(name)


def _races() -> frozenset[str]:
    from oracle.duel_masters.cards import library
    return frozenset(r for c in library().cards for r in c.races)


def test_a_step_destroys_with_the_replacements_of_both_players():
    doc = pos(side(hand=["Blizzard of Spears"], mana_zone=FIRE, battle_zone=["Aqua Soldier", "Cragsaur"]),
              side(battle_zone=["Aqua Knight", "Coiling Vines", "Cragsaur"]))
    result = check(doc, BLIZZARD)
    assert zone(result, 0, "hand") == ["Aqua Soldier"]          # "return it to your hand instead"
    assert zone(result, 1, "hand") == ["Aqua Knight"]
    assert zone(result, 1, "mana_zone") == ["Coiling Vines"]    # "put it into your mana zone instead"
    assert zone(result, 1, "graveyard") == ["Cragsaur"] and "Cragsaur" in zone(result, 0, "graveyard")
    assert zone(result, 0, "battle_zone") == [] and zone(result, 1, "battle_zone") == []


def test_the_opponents_saver_is_their_choice_and_is_not_played_in_a_step():
    doc = pos(side(hand=["Terror Pit"], mana_zone=DARK[:6]),
              side(battle_zone=["Balor, Lifesaving Doll", "Dark Titan Maginn"]))
    # Balor may be destroyed instead of the Demon Command: their choice, so the step is refused ...
    assert "effect_not_resolved(" in terms(check(doc, 'cast "Terror Pit" targeting "Dark Titan Maginn"'))
    # ... but not for a creature that no saver protects (Balor is no Demon Command)
    assert zone(check(doc, 'cast "Terror Pit" targeting "Balor, Lifesaving Doll"'), 1, "graveyard") == [
        "Balor, Lifesaving Doll"]


def test_mihail_keeps_every_other_creature_in_the_battle_zone():
    doc = pos(side(hand=["Terror Pit"], mana_zone=DARK[:6]),
              side(battle_zone=["Mihail, Celestial Elemental", "Aqua Vehicle"]))
    assert zone(check(doc, 'cast "Terror Pit" targeting "Aqua Vehicle"'), 1, "battle_zone") == [
        "Mihail, Celestial Elemental", "Aqua Vehicle"]
    # not himself ("another creature")
    assert zone(check(doc, 'cast "Terror Pit" targeting "Mihail, Celestial Elemental"'), 1, "graveyard") == [
        "Mihail, Celestial Elemental"]
    # nor in a battle: the tapped creature attacked by a 9000 stays
    doc = pos(side(battle_zone=["Boltail Dragon"]),
              side(battle_zone=["Mihail, Celestial Elemental", tapped("Aqua Vehicle")], shields=["Aqua Vehicle"]))
    after = check(doc, 'attack "Boltail Dragon" -> "Aqua Vehicle"').text()
    assert "P1 battle zone after the attack: Mihail, Celestial Elemental, Aqua Vehicle (tapped)" in after


def test_root_charger_lasts_for_the_turn_from_the_step_it_is_cast():
    doc = pos(side(hand=["Root Charger", "Blizzard of Spears"], mana_zone=FIRE + ["Burning Mane"] * 3,
                   battle_zone=["Cragsaur"]), side(battle_zone=["Cragsaur"]))
    after = check(doc, 'cast "Root Charger"', BLIZZARD)
    assert zone(after, 0, "mana_zone")[-1] == "Cragsaur" and zone(after, 1, "graveyard") == ["Cragsaur"]
    assert "Cragsaur" in zone(check(doc, BLIZZARD), 0, "graveyard")   # not cast: destroyed


def test_lords_and_survivors_replace_for_the_creatures_they_name():
    # Gigamantis: another of your nature creatures goes to the mana zone; a fire one is destroyed
    doc = pos(side(hand=["Blizzard of Spears"], mana_zone=FIRE, battle_zone=["Gigamantis", "Burning Mane", "Cragsaur"]))
    result = check(doc, BLIZZARD)
    assert zone(result, 0, "mana_zone")[-1] == "Burning Mane" and "Cragsaur" in zone(result, 0, "graveyard")
    # Balloonshroom Q gives its Survivor ability to each of your Survivors (itself too)
    doc = pos(side(hand=["Blizzard of Spears"], mana_zone=FIRE,
                   battle_zone=["Balloonshroom Q", "Promephius Q", "Aqua Vehicle"]))
    result = check(doc, BLIZZARD)
    assert set(zone(result, 0, "mana_zone")) >= {"Balloonshroom Q", "Promephius Q"}
    assert "Aqua Vehicle" in zone(result, 0, "graveyard")


def test_shuffled_into_the_deck_the_order_is_unknown():
    doc = pos(side(hand=["Terror Pit"], mana_zone=DARK[:6]),
              side(battle_zone=["Ryudmila, Channeler of Suns"], deck=["Aqua Vehicle"]))
    assert "Ryudmila, Channeler of Suns" in zone(check(doc, 'cast "Terror Pit" targeting "Ryudmila, Channeler of Suns"'),
                                                 1, "deck")


def test_the_opponents_saver_keeps_a_blocker_that_untaps_lethal_considers_it():
    # La Byle blocks and untaps after the battle; Breiga may be destroyed instead of it
    ours = side(battle_zone=["Boltail Dragon", "Deathliger, Lion of Chaos"])
    saved = {**side(battle_zone=["La Byle, Seeker of the Winds", "Breiga, the Wicked Protector"]), "shields": []}
    alone = {**side(battle_zone=["La Byle, Seeker of the Winds"]), "shields": []}
    assert verdict(pos(ours, saved)) == "no_lethal" and verdict(pos(ours, alone)) == "lethal"


def test_a_shield_saved_by_destroying_a_creature_instead():
    two = side(battle_zone=["Cragsaur", "Cragsaur"])
    tree = side(battle_zone=["Pulsar Tree"], shields=["Aqua Vehicle"])
    assert verdict(pos(two, side(shields=["Aqua Vehicle"]))) == "lethal"
    assert verdict(pos(two, tree)) == "no_lethal"     # the first break is replaced: one attack short
    assert verdict(pos(side(battle_zone=["Cragsaur"] * 3), tree)) == "lethal"


def test_bolmeteus_puts_the_shields_into_the_graveyard_no_shield_trigger():
    shields = side(shields=["Holy Awe", "Aqua Vehicle"])   # Holy Awe would tap our other attacker
    assert verdict(pos(side(battle_zone=["Bolmeteus Steel Dragon", "Cragsaur"]), shields)) == "lethal"
    assert verdict(pos(side(battle_zone=["Boltail Dragon", "Cragsaur"]), shields)) == "no_lethal"


def test_replacements_count_as_understood_and_played():
    for name in ("Aqua Agent", "Balor, Lifesaving Doll", "Breiga, the Wicked Protector", "Kip Chippotto",
                 "Nastasha, Channeler of Suns", "Pulsar Tree", "Bolmeteus Steel Dragon", "Root Charger",
                 "Fruit of Eternity", "Gigamantis", "Jack Viper, Shadow of Doom", "Mihail, Celestial Elemental",
                 "Balloonshroom Q", "Ryudmila, Channeler of Suns", "Rinne Seuss, Sacred Weapon Guardian"):
        card = _card(name)
        assert effects.understood(card, _races()), name
        assert all(effects.played(ab) for ab in effects.read(card, _races()).abilities), name
