"""Per-pattern tests of the requirement parser on real cards (facts as in docs/facts-schema.md)."""
from __future__ import annotations

import clingo
import pytest

from oracle.yugioh.cards import Library
from oracle.yugioh.requirements import Unsupported, requirements, tokenize


@pytest.fixture(scope="module")
def lib() -> Library:
    return Library.load()


def facts_of(lib, name) -> set[str]:
    req = requirements(lib.resolve(name), lib)
    assert req.unsupported is None, req.unsupported
    return {str(f) for f in req.facts}



def test_schema_example_black_rose_dragon(lib):
    assert facts_of(lib, "Black Rose Dragon") == {
        "proc(73580471,0,synchro)", "group(73580471,0,1,1,1)", "group(73580471,0,2,1,99)",
        "filter(73580471,0,1,1,pos,kind(tuner))", "filter(73580471,0,2,1,neg,kind(tuner))"}


def test_schema_example_decode_talker(lib):
    assert facts_of(lib, "Decode Talker") == {
        "proc(1861629,0,link)", "group(1861629,0,1,2,99)", "filter(1861629,0,1,1,pos,kind(effect))"}


def test_schema_example_flame_swordsman(lib):
    assert facts_of(lib, "Flame Swordsman") == {
        "proc(45231177,0,fusion)", "group(45231177,0,1,1,1)", "group(45231177,0,2,1,1)",
        "filter(45231177,0,1,1,pos,name(34460851))", "filter(45231177,0,2,1,pos,name(44287299))"}


def test_repeated_named_material_is_one_group(lib):
    facts = facts_of(lib, "Cyber End Dragon")
    assert "group(1546123,0,1,3,3)" in facts
    assert "filter(1546123,0,1,1,pos,name(70095154))" in facts
    assert "fusion_no_substitute(1546123)" in facts  # "can only be done with the above"


def test_xyz_level_group(lib):
    facts = facts_of(lib, "Number 39: Utopia")
    assert facts == {"proc(84013237,0,xyz)", "group(84013237,0,1,2,2)",
                     "filter(84013237,0,1,1,pos,level(4))"}


def test_pendulum_material_line_after_monster_effect(lib):
    facts = facts_of(lib, "Odd-Eyes Rebellion Dragon")
    assert "filter(45627618,0,1,1,pos,race(dragon))" in facts
    assert "filter(45627618,0,1,1,pos,level(7))" in facts


def test_alternative_xyz_procedure(lib):
    c = lib.resolve("Number C39: Utopia Ray").code
    facts = facts_of(lib, "Number C39: Utopia Ray")
    utopia = lib.resolve("Number 39: Utopia").code
    assert f"proc({c},1,xyz)" in facts
    assert f"filter({c},1,1,1,pos,name({utopia}))" in facts
    assert f"group({c},1,1,1,1)" in facts


def test_alternatives_multiply_out(lib):
    card = lib.resolve("Dark Magician the Knight of Dragon Magic")
    facts = facts_of(lib, card.name)
    c = card.code
    assert {f"filter({c},0,2,1,pos,race(dragon))", f"filter({c},0,2,1,pos,level_min(7))",
            f"filter({c},0,2,2,pos,race(warrior))", f"filter({c},0,2,2,pos,level_min(7))"} <= facts


def test_including_splits_the_group(lib):
    card = lib.resolve("Berserker of the Tenyi")  # 2+ monsters, including a Link Monster
    c = card.code
    assert facts_of(lib, card.name) == {
        f"proc({c},0,link)", f"group({c},0,1,1,1)", f"filter({c},0,1,1,pos,kind(link))",
        f"group({c},0,2,1,99)", f"filter({c},0,2,1,pos,any)"}


def test_different_names_and_except_tokens(lib):
    c = lib.resolve("Apollousa, Bow of the Goddess").code
    facts = facts_of(lib, "Apollousa, Bow of the Goddess")
    assert f"pconstraint({c},0,different(name))" in facts
    assert f"filter({c},0,1,1,neg,kind(token))" in facts


def test_same_and_different(lib):
    c = lib.resolve("Favorite HERO Flame Wingman").code
    facts = facts_of(lib, "Favorite HERO Flame Wingman")
    assert {f"pconstraint({c},0,same(race))", f"pconstraint({c},0,different(attribute))"} <= facts


def test_from_extra(lib):
    card = next(c for c in lib if c.is_link and c.first_line == "2+ monsters Special Summoned from the Extra Deck")
    assert f"filter({card.code},0,1,1,pos,from_extra)" in facts_of(lib, card.name)


def test_archetype_vs_name(lib):
    # '"Fabled" Tuner' is the archetype; a bare "Junk Synchron" is the card.
    fabled = lib.archetype_code("Fabled")
    c = lib.resolve("Fabled Andwraith").code
    assert f"filter({c},0,1,1,pos,archetype({fabled}))" in facts_of(lib, "Fabled Andwraith")
    junk = lib.resolve("Junk Synchron").code
    warrior = lib.resolve("Junk Warrior")
    assert f"filter({warrior.code},0,1,1,pos,name({junk}))" in facts_of(lib, "Junk Warrior")


def test_except_named_card_and_non_attribute(lib):
    c = lib.resolve("Knightmare Mermaid").code
    assert f"filter({c},0,1,1,neg,name({c}))" in facts_of(lib, "Knightmare Mermaid")
    h = lib.resolve("Sky Striker Ace - Hayate").code
    assert f"filter({h},0,1,1,neg,attribute(wind))" in facts_of(lib, "Sky Striker Ace - Hayate")


def test_must_be_fusion_summoned(lib):
    c = lib.resolve("Elemental HERO Flame Wingman").code
    assert f"must_method({c},fusion)" in facts_of(lib, "Elemental HERO Flame Wingman")


def test_contact_fusion(lib):
    facts = facts_of(lib, "Elemental HERO Air Neos")
    assert "proc(11502550,0,contact)" in facts and "proc(11502550,0,fusion)" not in facts
    assert "proc_from(11502550,0,field)" in facts
    twin = facts_of(lib, "Blue-Eyes Twin Burst Dragon")
    c = lib.resolve("Blue-Eyes Twin Burst Dragon").code
    assert {f"proc({c},0,fusion)", f"proc({c},1,contact)"} <= twin


def test_effect_only_monster_has_no_procedure(lib):
    card = lib.resolve("Masked HERO Vapor")
    req = requirements(card, lib)
    assert req.unsupported is None
    # no procedure; only Mask Change's effect Special Summons it (summon_by/2)
    assert sorted(str(f) for f in req.facts) == [f"must_method({card.code},special)",
                                                f"summon_by({card.code},{lib.resolve('Mask Change').code})"]


def test_ritual_spell_named_target(lib):
    assert facts_of(lib, "Black Luster Ritual") == {
        "ritual_spell(55761792,at_least)", "ritual_target(55761792,name(5405694))",
        "ritual_tribute_from(55761792,hand)", "ritual_tribute_from(55761792,field)"}


def test_ritual_spell_exactly_equal_any_archetype(lib):
    card = lib.resolve("Earth Chant")
    assert facts_of(lib, card.name) >= {f"ritual_spell({card.code},equal)",
                                        f"ritual_target({card.code},attribute(earth))"}


def test_polymerization(lib):
    assert facts_of(lib, "Polymerization") == {
        "fusion_spell(24094653)", "fusion_from(24094653,hand)", "fusion_from(24094653,field)"}


def test_fusion_substitute(lib):
    assert facts_of(lib, "King of the Swamp") == {"fusion_substitute(79109599)"}


def test_unsupported_gives_a_reason_and_no_proc(lib):
    card = lib.resolve("Number 93: Utopia Kaiser")  # '2+ "Number" Xyz Monsters, with the same Rank, that have material'
    req = requirements(card, lib)
    assert req.unsupported and "that have material" in req.unsupported
    assert not any(f.name == "proc" for f in req.facts)


def test_every_extra_deck_monster_gets_facts_or_a_reason(lib):
    for card in lib:
        if card.is_extra_deck:
            req = requirements(card, lib)
            assert (req.unsupported is None) == bool(req.facts), card.name
            if req.unsupported:
                assert not any(f.name == "proc" for f in req.facts)


def test_tokenizer_names_unknown_words():
    with pytest.raises(Unsupported, match="not understood: whose"):
        tokenize("1 monster whose Level is 4")


def test_symbols_are_clingo_terms(lib):
    req = requirements(lib.resolve("Black Rose Dragon"), lib)
    assert all(isinstance(f, clingo.Symbol) for f in req.facts)
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], "".join(f"{f}." for f in req.facts))
    ctl.ground([("base", [])])


def test_alternatives_with_different_counts_give_procedures(lib):
    card = lib.resolve("Crystal Clear Wing Over Synchro Dragon")
    facts = facts_of(lib, card.name)
    c = card.code
    assert {f"proc({c},0,synchro)", f"proc({c},1,synchro)", f"group({c},0,1,2,99)",
            f"group({c},1,1,1,1)", f"filter({c},1,1,1,pos,kind(synchro))"} <= facts


def test_parenthesised_qualifier_and_non_type(lib):
    card = lib.resolve("Berfomet the Mythical King of Phantom Beasts")
    facts = facts_of(lib, card.name)
    c = card.code
    assert {f"filter({c},0,1,1,pos,race(beast))", f"filter({c},0,1,3,pos,race(illusion))",
            f"pconstraint({c},0,different(race))"} <= facts
    m = lib.resolve("Mixousia the Confounder").code
    assert f"filter({m},0,2,1,neg,race(spellcaster))" in facts_of(lib, "Mixousia the Confounder")


# --- patterns added for the whole pool (issue 3) -----------------------------------------------------
def test_must_spell_and_the_spell_it_names(lib):
    gaia = facts_of(lib, "Evil HERO Dark Gaia")
    assert {"must_spell(58332301,94820406)", "must_method(58332301,fusion)"} <= gaia
    assert facts_of(lib, "Dark Fusion") == {
        "fusion_spell(94820406)", "fusion_target(94820406,race(fiend))",
        "fusion_from(94820406,hand)", "fusion_from(94820406,field)"}


def test_spell_named_by_a_card_without_polymerization_wording_is_unsupported(lib):
    req = requirements(lib.resolve("Fossil Warrior Skull King"), lib)
    assert req.unsupported and "Fossil Fusion" in req.unsupported and not req.facts


def test_ritual_tribute_and_gy_filters(lib):
    assert "ritual_tribute_filter(52472775,attribute(light))" in facts_of(lib, "Prayers of the Voiceless Voice")
    assert {"ritual_tribute_from(45410988,graveyard)", "ritual_gy_filter(45410988,archetype(59))"} <= \
        facts_of(lib, "Red-Eyes Transmigration")
    assert "ritual_target(34767865,race(cyberse))" in facts_of(lib, "Cynet Ritual")


def test_ritual_summon_from_gy_or_deck_stays_unsupported(lib):
    req = requirements(lib.resolve("Nekroz Cycle"), lib)  # "… Ritual Monster from your hand or GY"
    assert req.unsupported and not req.facts


def test_stat_and_location_atoms(lib):
    assert "filter(3149401,0,1,1,pos,atk(2500))" in facts_of(lib, "Ultimate Dragon of Pride and Soul")
    assert "filter(43227,0,2,1,pos,loc(hand))" in facts_of(lib, "Magnum the Reliever")
    dotan = facts_of(lib, "Denial Deity Dotan")
    assert {"filter(12890860,0,2,1,neg,loc(field))", "filter(12890860,0,2,1,neg,loc(graveyard))"} <= dotan


def test_alternative_special_summon_is_noted(lib):
    req = requirements(lib.resolve("Odd-Eyes Arcray Dragon"), lib)
    assert req.unsupported is None and any("alternative Special Summon" in n for n in req.skipped)
