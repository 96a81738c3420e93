"""Rules of casting spells read from creatures' and spells' text (family summoning,
grammar/abilities_summoning.lark): cost changes printed for spells (cost.lp cost_for/3), "players
can't cast spells other than X spells" (spells.lp cast_locked) and "you can cast this spell only if
..." (cast_condition).  Real library cards, legal and illegal."""
from __future__ import annotations

from test_dm_helpers import check, pos, side, terms, untapped

from oracle.duel_masters import keywords as kw
from oracle.duel_masters.cards import library

SOLAR_RAY = "Solar Ray"          # light 2: tap one of the opponent's creatures
SPIRAL = "Spiral Gate"           # water 2: return a creature to its owner's hand
GHOST_TOUCH = "Ghost Touch"      # darkness 2: the opponent discards a card at random
EMERALD = "Emerald Grass"        # light (mana)
BONE = "Bone Spider"             # darkness (mana)
SHOOTER = "Aqua Shooter"         # water (mana), 2000 blocker
CRAGSAUR = "Cragsaur"            # fire (mana), 3000


def cast(mana: list, spell: str, ours: list, theirs: list = (SHOOTER,), target: str | None = SHOOTER):
    doc = pos(side(hand=[spell], mana_zone=untapped(*mana), battle_zone=list(ours)),
              side(battle_zone=list(theirs), hand=[CRAGSAUR]))
    paying = ", ".join(f'"{m}"' for m in mana)
    return check(doc, f'cast "{spell}" paying {paying}' + (f' targeting "{target}"' if target else ""))


def test_the_spell_half_of_a_cost_increase_is_read_not_dropped():
    races = frozenset(r for c in library().cards for r in c.races)
    items = kw.parse(library().get("Dew Mushroom"), races).items
    assert kw.CostChange("all", ("civ", "darkness"), 1, 0, spells=True) in items
    # Dew Mushroom: Ghost Touch (darkness 2) costs 3 beside it; two cards no longer pay it
    assert cast([BONE, BONE], GHOST_TOUCH, ["Dew Mushroom"], target=None).legal is False
    assert cast([BONE, BONE, BONE], GHOST_TOUCH, ["Dew Mushroom"], target=None).legal
    assert cast([BONE, BONE], GHOST_TOUCH, [CRAGSAUR], target=None).legal


def test_broken_horn_raises_water_and_darkness_spells_only():
    assert "not_enough_mana" in terms(cast([SHOOTER, SHOOTER], SPIRAL, ["Broken Horn, the Barricading"]))
    assert cast([SHOOTER] * 4, SPIRAL, ["Broken Horn, the Barricading"]).legal
    assert cast([EMERALD, EMERALD], SOLAR_RAY, ["Broken Horn, the Barricading"]).legal  # light: not raised


def test_essence_elf_lowers_our_spells_not_below_one():
    assert cast([EMERALD], SOLAR_RAY, ["Essence Elf"]).legal
    assert not cast([EMERALD], SOLAR_RAY, [CRAGSAUR]).legal
    # the opponent's Essence Elf lowers only his spells
    assert not cast([EMERALD], SOLAR_RAY, [CRAGSAUR], theirs=(SHOOTER, "Essence Elf")).legal


def test_alcadeias_forbids_every_spell_but_light_ones():
    assert "cast_locked" in terms(cast([SHOOTER, SHOOTER], SPIRAL, [], theirs=(SHOOTER, "Alcadeias, Lord of Spirits")))
    assert cast([EMERALD, EMERALD], SOLAR_RAY, [], theirs=(SHOOTER, "Alcadeias, Lord of Spirits")).legal
    assert "cast_locked" in terms(cast([SHOOTER, SHOOTER], SPIRAL, ["Alphadios, Lord of Spirits"]))


def test_blaze_cannon_only_with_a_mana_zone_all_fire():
    fires = [CRAGSAUR] * 7
    doc = pos(side(hand=["Blaze Cannon"], mana_zone=untapped(*fires), battle_zone=[CRAGSAUR]), side(shields=[SHOOTER]))
    assert check(doc, 'cast "Blaze Cannon"').legal
    doc["players"][0]["mana_zone"].append({"card": BONE, "tapped": True})
    assert "cast_condition" in terms(check(doc, 'cast "Blaze Cannon"'))
