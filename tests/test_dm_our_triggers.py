"""Our own creatures' "whenever this creature attacks" and "when this creature is destroyed"
abilities resolved during the attacks (asp/duel_masters/our_triggers.lp, battle.lp), in checked
lines and in `oracle lethal`.  Real library cards, legal and illegal."""
from __future__ import annotations

from test_dm_helpers import check, pos, side, terms

from oracle.duel_masters import lethal as L

METALWING = "Metalwing Skyterror"    # fire 6000, double breaker; attacks: you may destroy one of their blockers
DAIDALOS = "Daidalos, General of Fury"  # darkness 11000, double breaker; attacks: destroy one of your creatures
GIGAGRAX = "Gigagrax"                # darkness 5000; destroyed: you may destroy one of their creatures
STALLOB = "Stallob, the Lifequasher"  # darkness 6000, double breaker; destroyed: destroy all creatures
SABERMASK = "Sabermask Scarab"       # attacks: return a card from your mana zone to your hand
BOLTAIL = "Boltail Dragon"           # fire 9000, double breaker
CRAGSAUR = "Cragsaur"                # fire 3000, no text
SEAMINE = "Seamine"                  # water 4000, blocker
SYFORCE = "Syforce, Aurora Elemental"  # light 7000, blocker
MANE = "Burning Mane"                # nature, no text
VEHICLE = "Aqua Vehicle"             # a blank shield


def verdict(doc: dict) -> L.Answer:
    return L.answer(L.problem_from(doc, "<test>"))


# --- "whenever this creature attacks" -----------------------------------------------------------
def test_metalwing_destroys_the_blocker_before_it_can_block():
    doc = pos(side(battle_zone=[METALWING]), side(battle_zone=[SEAMINE], shields=[VEHICLE]))
    ok = check(doc, f'attack "{METALWING}" -> player targeting "{SEAMINE}"')
    assert ok.legal, ok.text()
    state = "\n".join(ok.steps[0].state)
    assert "P1 battle zone after the attack: none" in state
    assert "no block" in state and "shields left: 0" in state
    # only a blocker of the opponent can be chosen
    doc = pos(side(battle_zone=[METALWING]), side(battle_zone=[SEAMINE, CRAGSAUR], shields=[VEHICLE]))
    assert "not_a_target" in terms(check(doc, f'attack "{METALWING}" -> player targeting "{CRAGSAUR}"'))


def test_an_optional_attack_effect_chooses_nothing_when_the_line_names_nothing():
    doc = pos(side(battle_zone=[METALWING]), side(battle_zone=[{"card": SEAMINE, "tapped": True}], shields=[VEHICLE]))
    ok = check(doc, f'attack "{METALWING}" -> player')
    assert ok.legal, ok.text()
    assert f"P1 battle zone after the attack: {SEAMINE} (tapped)" in ok.steps[0].state


def test_daidalos_must_destroy_one_of_our_creatures():
    doc = pos(side(battle_zone=[DAIDALOS, CRAGSAUR]), side(shields=[VEHICLE, VEHICLE, VEHICLE]))
    ok = check(doc, f'attack "{DAIDALOS}" -> player targeting "{CRAGSAUR}"')
    assert ok.legal, ok.text()
    assert f"P0 battle zone after the attack: {DAIDALOS} (tapped)" in ok.steps[0].state
    # the opponent's creatures are not "your creatures"
    doc = pos(side(battle_zone=[DAIDALOS, CRAGSAUR]), side(battle_zone=[SEAMINE], shields=[VEHICLE] * 3))
    assert "not_a_target" in terms(check(doc, f'attack "{DAIDALOS}" -> player targeting "{SEAMINE}"'))


def test_an_attack_effect_on_cards_resolves_in_the_line():
    doc = pos(side(battle_zone=[SABERMASK], mana_zone=[MANE]), side(shields=[VEHICLE, VEHICLE]))
    ok = check(doc, f'attack "{SABERMASK}" -> player')
    assert ok.legal, ok.text()
    assert f"P0 hand: {MANE}" in ok.steps[0].state


def test_lethal_with_metalwing_and_not_with_a_vanilla_double_breaker():
    doc = pos(side(battle_zone=[METALWING, CRAGSAUR]), {**side(battle_zone=[SEAMINE]), "shields": [VEHICLE, VEHICLE]})
    got = verdict(doc)
    assert got.verdict == "lethal", got.text()
    assert f'attack "{METALWING}" -> the player targeting "{SEAMINE}"' in got.line
    doc["players"][0]["battle_zone"] = [BOLTAIL, CRAGSAUR]
    assert verdict(doc).verdict == "no_lethal"


# --- "when this creature is destroyed" ------------------------------------------------------------
def test_gigagrax_destroyed_in_battle_destroys_the_creature_the_line_named():
    doc = pos(side(battle_zone=[GIGAGRAX]),
              side(battle_zone=[{"card": BOLTAIL, "tapped": True}, {"card": SEAMINE, "tapped": True}], shields=[VEHICLE]))
    ok = check(doc, f'attack "{GIGAGRAX}" -> "{BOLTAIL}" targeting "{SEAMINE}"')
    assert ok.legal, ok.text()
    state = "\n".join(ok.steps[0].state)
    assert f"P1 battle zone after the attack: {BOLTAIL} (tapped)" in state
    assert "P0 battle zone after the attack: none" in state


def test_stallob_destroyed_by_a_blocker_destroys_our_next_attacker_too():
    # Attacking with Stallob first: Syforce blocks, Stallob is destroyed and destroys every creature,
    # Cragsaur with it.  Cragsaur first: Syforce blocks it (or not: Cragsaur wins), then Stallob wins.
    doc = pos(side(battle_zone=[STALLOB, CRAGSAUR]), {**side(battle_zone=[SYFORCE]), "shields": []})
    got = verdict(doc)
    assert got.verdict == "lethal", got.text()
    assert got.line == [f'attack "{CRAGSAUR}" -> the player', f'attack "{STALLOB}" -> the player']
    # the same with a vanilla 6000 double breaker: either order wins
    doc["players"][0]["battle_zone"] = [BOLTAIL, CRAGSAUR]
    assert verdict(doc).verdict == "lethal"


def test_an_opponents_when_destroyed_creature_destroyed_by_our_attack_trigger_is_not_guessed():
    # Jil Warka (blocker; when destroyed, taps up to 2 of our creatures): Metalwing may destroy it
    # before it blocks, but then its effect would be the opponent's to resolve; the oracle does not
    # count on that line.
    jil = "Jil Warka, Time Guardian"
    doc = pos(side(battle_zone=[METALWING, CRAGSAUR]), {**side(battle_zone=[jil]), "shields": [VEHICLE, VEHICLE]})
    got = verdict(doc)
    assert got.verdict == "no_lethal", got.text()
    # the same board with Seamine (no such ability) is lethal
    doc["players"][1]["battle_zone"] = [SEAMINE]
    assert verdict(doc).verdict == "lethal"


def test_an_attack_trigger_may_name_the_creature_a_broken_shield_became():
    # Cragsaur breaks Fantasy Fish (an S-Trigger blocker) first; Metalwing names that shield's
    # creature and destroys it before it blocks; the second Cragsaur attacks directly.
    fish = "Fantasy Fish"
    doc = pos(side(battle_zone=[CRAGSAUR, METALWING, CRAGSAUR]), side(shields=[fish, VEHICLE, VEHICLE]))
    got = verdict(doc)
    assert got.verdict == "lethal", got.text()
    assert f'attack "{METALWING}" -> the player targeting "{fish}"' in got.line
    # a double breaker without the trigger: Fantasy Fish blocks one of the later attacks
    doc["players"][0]["battle_zone"] = [CRAGSAUR, BOLTAIL, CRAGSAUR]
    assert verdict(doc).verdict == "no_lethal"


def test_king_neptas_returns_a_creature_with_power_2000_or_less_before_it_can_block():
    shooter = "Aqua Shooter"   # water 2000 blocker
    doc = pos(side(battle_zone=["King Neptas"]), side(battle_zone=[shooter], shields=[VEHICLE]))
    ok = check(doc, f'attack "King Neptas" -> player targeting "{shooter}"')
    assert ok.legal, ok.text()
    assert "P1 battle zone after the attack: none" in "\n".join(ok.steps[0].state)
    # Seamine (4000) is too strong to be chosen
    doc = pos(side(battle_zone=["King Neptas"]), side(battle_zone=[SEAMINE], shields=[VEHICLE]))
    assert "not_a_target" in terms(check(doc, f'attack "King Neptas" -> player targeting "{SEAMINE}"'))


def test_harmless_attack_effects_of_more_wordings_are_counted_and_attack():
    from oracle.duel_masters import effects
    from oracle.duel_masters.cards import library
    lib = library()
    races = frozenset(r for c in lib.cards for r in c.races)

    def counted(name: str) -> bool:
        reading = effects.read(lib.get(name), races)
        return not reading.unsupported and all(effects.played(a) for a in reading.abilities)
    # "when this creature attacks, search your deck ..." (Turbo rush), "look at 2 of your opponent's
    # shields", "$metamorph ... return all light spells in your graveyard to your hand"
    for name in ("Vikorakys", "Migalo, Vizier of Spycraft", "Irvine, the Spydroid"):
        assert counted(name), name
        doc = pos(side(battle_zone=[name], mana_zone=[MANE] * 7, graveyard=["Solar Ray"], deck=[MANE]),
                  side(shields=[VEHICLE, VEHICLE]))
        ok = check(doc, f'attack "{name}" -> player')
        assert ok.legal and "shields left: 1\n" in ok.text(), ok.text()
    # Moonlight's "$metamorph when this creature is destroyed, return up to 2 other creatures ...": a
    # condition on a destroyed trigger is not played
    assert not counted("Moonlight, the Fallen Noble")


def test_jewel_spider_destroyed_moves_a_shield_of_its_owner_only():
    # "When this creature is destroyed, you may choose one of your shields and put it into your hand. You
    # can't use the "shield trigger" ability of that shield": ours, in a battle, changes nothing our
    # attacks read; his, destroyed in our battle, would take a shield away: the attack step stops there
    from oracle.duel_masters import effects
    from oracle.duel_masters.cards import library
    lib = library()
    races = frozenset(r for c in lib.cards for r in c.races)
    reading = effects.read(lib.get("Jewel Spider"), races)
    assert not reading.unsupported and all(effects.played(a) for a in reading.abilities)
    doc = pos(side(battle_zone=["Jewel Spider"], shields=[MANE]), side(battle_zone=[{"card": SEAMINE, "tapped": True}]))
    ok = check(doc, f'attack "Jewel Spider" -> "{SEAMINE}"')
    assert ok.legal, ok.text()
    assert "P0 battle zone after the attack: none" in ok.steps[0].state
    def then_attack(victim: str):
        doc = pos(side(battle_zone=[BOLTAIL, CRAGSAUR]), {**side(battle_zone=[{"card": victim, "tapped": True}]),
                                                          "shields": [VEHICLE]})
        return check(doc, f'attack "{BOLTAIL}" -> "{victim}"', f'attack "{CRAGSAUR}" -> player')
    assert not then_attack("Jewel Spider").legal     # the attack step stopped after his Jewel Spider died
    assert then_attack("Bone Spider").legal          # a creature without it: the next attack follows
