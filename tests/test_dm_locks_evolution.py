"""Summon locks, evolution bases, and summon versus put into the battle zone."""
from test_dm_helpers import pos, side, summons, untapped

from oracle.duel_masters import plays

ALPHADIOS = {"card": "Alphadios, Lord of Spirits"}  # "Players can't summon creatures other than light creatures"


def test_summon_lock_forbids_non_light_creatures_for_both_players():
    mana = untapped(*["Faerie Life"] * 3) + untapped(*["Cubela, the Oracle"] * 3)
    hand = ["Bronze-Arm Tribe", "Cubela, the Oracle"]
    for board in ([ALPHADIOS], []):
        for mine in (True, False):
            me = side(hand=hand, mana_zone=mana, battle_zone=board if mine else [])
            other = side(battle_zone=[] if mine else board)
            names = sorted({p.card["name"] for p in summons(plays(pos(me, other)))})
            expected = ["Cubela, the Oracle"] if board else ["Bronze-Arm Tribe", "Cubela, the Oracle"]
            assert names == expected


def test_summon_only_if_a_spell_was_cast():
    me = side(hand=["Gariel, Elemental of Sunbeams"], mana_zone=untapped(*["Cubela, the Oracle"] * 5))
    assert summons(plays(pos(me))) == []
    me["spells_cast_this_turn"] = 1
    assert len(summons(plays(pos(me)))) == 1


def test_evolution_with_and_without_a_base():
    mana = untapped(*["Cubela, the Oracle"] * 6)
    alc = "Alcadeias, Lord of Spirits"  # Evolution: on one of your Angel Commands
    none = pos(side(hand=[alc], mana_zone=mana, battle_zone=[{"card": "Cubela, the Oracle"}]))
    assert summons(plays(none)) == []
    theirs = pos(side(hand=[alc], mana_zone=mana), side(battle_zone=[{"card": "Aeris, Flight Elemental"}]))
    assert summons(plays(theirs)) == []
    board = [{"card": "Aeris, Flight Elemental"}, {"card": "Cubela, the Oracle"},
             {"card": "Amnis, Holy Elemental", "tapped": True}]
    found = summons(plays(pos(side(hand=[alc], mana_zone=mana, battle_zone=board))))
    assert sorted(p.base[0]["index"] for p in found) == [0, 2]


def test_evolution_race_word_dragon_excludes_dragonoid():
    bajula = "Überdragon Bajula"  # on a creature that has Dragon in its race
    mana = untapped(*["Artisan Picora"] * 7)
    dragonoid = pos(side(hand=[bajula], mana_zone=mana, battle_zone=[{"card": "Blasto, Explosive Soldier"}]))
    assert summons(plays(dragonoid)) == []
    dragon = pos(side(hand=[bajula], mana_zone=mana, battle_zone=[{"card": "Astrocomet Dragon"}]))
    assert [p.base[0]["name"] for p in summons(plays(dragon))] == ["Astrocomet Dragon"]


def test_vortex_evolution_needs_both_bases():
    phoenix = "Eternal Phoenix, Phoenix of the Dragonflame"  # Fire Bird + Armored Dragon
    mana = untapped(*["Artisan Picora"] * 5)
    one = pos(side(hand=[phoenix], mana_zone=mana, battle_zone=[{"card": "Baby Zoppe"}]))
    assert summons(plays(one)) == []
    both = pos(side(hand=[phoenix], mana_zone=mana,
                    battle_zone=[{"card": "Baby Zoppe"}, {"card": "Astrocomet Dragon"}]))
    assert [len(p.base) for p in summons(plays(both))] == [2]


def test_put_into_the_battle_zone_is_not_a_summon():
    # Rollicking Totem's ability resolves: put a Dragon from the mana zone into the battle zone.
    me = side(mana_zone=[{"card": "Astrocomet Dragon", "tapped": True}, {"card": "Blasto, Explosive Soldier"}])
    doc = pos(me, side(battle_zone=[{"card": "Aqua Rider"}, ALPHADIOS]),
              resolving={"card": "Rollicking Totem", "player": 0})
    found = plays(doc)
    assert [(p.action, p.card["name"], p.payment) for p in found] == [
        ("put_into_battle_zone", "Astrocomet Dragon", [])]
    # Aqua Rider ("whenever your opponent summons") does not trigger on a put, and the
    # summon lock of Alphadios does not stop it.
    assert all(t["card"]["name"] != "Aqua Rider" for t in found[0].triggers)


def test_summoned_trigger_fires_on_summon():
    me = side(hand=["Bronze-Arm Tribe"], mana_zone=untapped(*["Faerie Life"] * 3))
    found = plays(pos(me, side(battle_zone=[{"card": "Aqua Rider"}])))
    kinds = sorted((t["card"]["name"], t["on"]) for t in found[0].triggers)
    assert kinds == [("Aqua Rider", "opponent_summons"), ("Bronze-Arm Tribe", "self_enters")]
    # Aqua Rider reacts to the opponent only.
    mine = plays(pos(side(hand=["Bronze-Arm Tribe"], mana_zone=untapped(*["Faerie Life"] * 3),
                          battle_zone=[{"card": "Aqua Rider"}])))
    assert [t["card"]["name"] for t in mine[0].triggers] == ["Bronze-Arm Tribe"]


def test_put_with_cost_limit():
    # Rapid Reincarnation: a creature in your hand costing at most the cards in your mana zone.
    me = side(hand=["Bronze-Arm Tribe", "Astrocomet Dragon"], mana_zone=untapped(*["Faerie Life"] * 3))
    found = plays(pos(me, resolving={"card": "Rapid Reincarnation", "player": 0}))
    assert [p.card["name"] for p in found] == ["Bronze-Arm Tribe"]


def test_cannot_be_summoned_but_can_be_put():
    cards = [{"name": "Sealed Giant", "civilizations": ["nature"], "cost": 1, "type": "Creature",
              "races": ["Giant"], "text": "This creature can't be summoned."}]
    me = side(hand=["Sealed Giant"], mana_zone=untapped("Faerie Life"))
    assert plays(pos(me, cards=cards)) == []
    found = plays(pos(me, cards=cards, resolving={"card": "Rapid Reincarnation", "player": 0}))
    assert [(p.action, p.card["name"]) for p in found] == [("put_into_battle_zone", "Sealed Giant")]


def test_a_base_of_any_race_and_its_metamorph_form():
    # "You can put an evolution creature of any race on this creature": Innocent Hunter (a Beast Folk)
    # takes Diamondia (on one of your Snow Faeries); Burning Mane, a Beast Folk too, does not.
    # Innocent, the Invoked has it as a $metamorph ability: with 7 or more cards in the mana zone.
    diamondia = "Diamondia, the Blizzard Rider"
    board = [{"card": "Innocent Hunter, Blade of All"}, {"card": "Burning Mane"}]
    mana = untapped(*["Burning Mane"] * 6)
    found = summons(plays(pos(side(hand=[diamondia], mana_zone=mana, battle_zone=board))))
    assert sorted(p.base[0]["index"] for p in found) == [0]
    invoked = [{"card": "Innocent, the Invoked"}, {"card": "Burning Mane"}]
    assert summons(plays(pos(side(hand=[diamondia], mana_zone=mana, battle_zone=invoked)))) == []
    found = summons(plays(pos(side(hand=[diamondia], mana_zone=mana + untapped("Burning Mane"), battle_zone=invoked))))
    assert sorted(p.base[0]["index"] for p in found) == [0]
    # any race: Alcadeias (on one of your Angel Commands, a light card) goes on it too
    alc = "Alcadeias, Lord of Spirits"
    light = untapped(*["Cubela, the Oracle"] * 6)
    found = summons(plays(pos(side(hand=[alc], mana_zone=light, battle_zone=board))))
    assert sorted(p.base[0]["index"] for p in found) == [0]
