"""Cost increases, reductions and their floors, and free summons."""
from test_dm_helpers import pos, side, summons, untapped

from oracle.duel_masters import plays

AKASHIC = "Akashic First, Electro-Dragon"  # water/fire 7, Sympathy: Cyber Virus and Dragonoid, floor 2
VIRUSES = ["Bubble Lamp", "Bye Bye Amoeba", "Candy Drop"]  # Cyber Virus
DRAGONOIDS = ["Blasto, Explosive Soldier", "Bombat, General of Speed", "Branca, Protection Soldier"]


def test_sympathy_reduces_to_its_floor_not_below():
    board = [{"card": n} for n in VIRUSES + DRAGONOIDS]  # six: 7 - 6 = 1, but the floor is 2
    two = pos(side(hand=[AKASHIC], battle_zone=board, mana_zone=untapped("Aqua Hulcus", "Artisan Picora")))
    found = summons(plays(two))
    assert [p.cost for p in found] == [2]
    one = pos(side(hand=[AKASHIC], battle_zone=board, mana_zone=untapped("Aqua Hulcus")))
    assert summons(plays(one)) == []


def test_sympathy_partial_reduction():
    board = [{"card": n} for n in VIRUSES[:2]]  # 7 - 2 = 5
    mana = untapped("Aqua Hulcus", "Artisan Picora", "Faerie Life", "Faerie Life", "Faerie Life")
    found = summons(plays(pos(side(hand=[AKASHIC], battle_zone=board, mana_zone=mana))))
    assert [p.cost for p in found] == [5]


def test_opponents_creatures_do_not_count_for_sympathy():
    board = [{"card": n} for n in VIRUSES]
    mana = untapped("Aqua Hulcus", "Artisan Picora", "Faerie Life", "Faerie Life")
    doc = pos(side(hand=[AKASHIC], mana_zone=mana), side(battle_zone=board))
    assert summons(plays(doc)) == []


def test_cost_increase_from_either_side():
    # Dorberos: "Non-Darkness creatures cost 2 more to summon." (here on the opponent's side)
    mana = untapped(*["Faerie Life"] * 5)
    doc = pos(side(hand=["Bronze-Arm Tribe"], mana_zone=mana),
              side(battle_zone=[{"card": "Dorberos, the Imprisoning Fiend"}]))
    assert [p.cost for p in summons(plays(doc))] == [5]
    doc["players"][0]["mana_zone"].pop()
    assert summons(plays(doc)) == []


def test_reduction_with_floor_one():
    # Elf-X: "Your creatures each cost 1 less to summon. They can't cost less than 1."
    doc = pos(side(hand=["Raging Bamboo", "Bronze-Arm Tribe"], battle_zone=[{"card": "Elf-X"}],
                   mana_zone=untapped("Faerie Life", "Faerie Life")))
    costs = {p.card["name"]: p.cost for p in summons(plays(doc))}
    assert costs == {"Raging Bamboo": 1, "Bronze-Arm Tribe": 2}


def test_higher_floor_first_lets_both_reductions_count():
    # Cocco Lupia (-2, floor 2) on a Dragon and Elf-X (-1, floor 1): 7 -> 5 -> 4.
    board = [{"card": "Cocco Lupia"}, {"card": "Elf-X"}]
    mana = untapped("Artisan Picora", "Faerie Life", "Faerie Life", "Faerie Life")
    doc = pos(side(hand=["Astrocomet Dragon"], battle_zone=board, mana_zone=mana))
    assert [p.cost for p in summons(plays(doc))] == [4]


def test_up_to_reduction_is_a_choice():
    # Fever Nuts: "... each cost up to 1 less to summon": paying 3 or 2 are both legal.
    doc = pos(side(hand=["Bronze-Arm Tribe"], mana_zone=untapped(*["Faerie Life"] * 3)),
              side(battle_zone=[{"card": "Fever Nuts"}]))
    assert sorted(p.cost for p in summons(plays(doc))) == [2, 3]


def test_faerie_gift_effect_this_turn():
    doc = pos(side(hand=["Bronze-Arm Tribe"], mana_zone=untapped("Faerie Life")),
              effects=[{"card": "Faerie Gift", "player": 0}])
    assert [p.cost for p in summons(plays(doc))] == [1]  # 3 - 3 = 0, floor 1
    doc["effects"][0]["player"] = 1
    assert summons(plays(doc)) == []


def test_gravity_zero_met_and_not_met():
    lunatron = "Cosmoview Lunatron"  # "If a player has 9 or more cards in their hand"
    nine = pos(side(hand=[lunatron] + ["Faerie Life"] * 8))
    found = summons(plays(nine), lunatron)
    assert [(p.method, p.cost, p.payment) for p in found] == [("gravity_zero", 0, [])]
    eight = pos(side(hand=[lunatron] + ["Faerie Life"] * 7))
    assert summons(plays(eight)) == []
    # The condition counts either player's hand.
    theirs = pos(side(hand=[lunatron]), side(hand=["Faerie Life"] * 9))
    assert [p.method for p in summons(plays(theirs))] == ["gravity_zero"]


def test_gravity_zero_all_five_civilizations():
    ophanis = "Ophanis, Unified Five Elemental"
    five = [{"card": n} for n in ("Cubela, the Oracle", "Aqua Hulcus", "Black Feather, Shadow of Rage",
                                  "Artisan Picora", "Raging Bamboo")]
    assert [p.method for p in summons(plays(pos(side(hand=[ophanis], battle_zone=five))))] == ["gravity_zero"]
    assert summons(plays(pos(side(hand=[ophanis], battle_zone=five[:4])))) == []


def test_gravity_zero_or_pay_are_two_plays():
    lunatron = "Cosmoview Lunatron"
    doc = pos(side(hand=[lunatron] + ["Faerie Life"] * 8, mana_zone=untapped(*["Aqua Hulcus"] * 9)))
    assert sorted((p.method, p.cost) for p in summons(plays(doc), lunatron)) == [
        ("gravity_zero", 0), ("normal", 9)]
