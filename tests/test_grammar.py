"""The declared grammar of card text (oracle/yugioh/grammar/*.lark): it loads, its vocabulary is
the card pool's, and every rule of it is exercised by a real card (text -> facts, golden)."""
from __future__ import annotations

from importlib import resources

import pytest

from oracle.yugioh import grammar
from oracle.yugioh.cards import Library
from oracle.yugioh.grammar import Unsupported
from oracle.yugioh.grammar.nouns import kind_value, race_value
from oracle.yugioh.requirements import describe, requirements

# One real card per rule family of common.lark / materials.lark: the text the grammar reads, and
# the procedure it gives (normalised, as `oracle cards show` prints it).
FAMILIES = {
    "count_exact": ("Flame Swordsman", ['fusion #0: 1 "Flame Manipulator" + 1 "Masaki the Legendary Swordsman"']),
    "count_more": ("Black Rose Dragon", ["synchro #0: 1 Tuner + 1+ non-Tuners"]),
    "max_clause": ("Shark Caesar", ["xyz #0: 3-5 Level 3 monsters"]),
    "count_one": ("Berserker of the Tenyi", ["link #0: 1 Link Monster + 1+ monsters"]),
    "count_at_least": ("Destiny HERO - Dogma",
                       ['hand_procedure #0: tribute 1 "Destiny HERO" monster on the field; tribute 2 monsters on the field']),
    "scale": ("Spright Elf", ["link #0: 1 Level 2 monster or Rank 2 monster or Link-2 monster + 1 monster"]),
    "scale_value": ("Linkross", ["link #0: 1 Link-2 or higher Link Monster"]),
    "slot": ("Dark Magician the Knight of Dragon Magic",
             ['fusion #0: 1 "Dark Magician" + 1 Level 7 or higher Dragon monster or Level 7 or higher Warrior monster']),
    "noun": ("Decode Talker", ["link #0: 2+ Effect Monsters"]),
    "item_alt": ("Dragon Master Magia",
                 ['fusion #0: 1 "Blue-Eyes Ultimate Dragon" + 1 "Chaos" Ritual Monster or "Black Luster Soldier" Ritual Monster',
                  'fusion #1: 3 "Blue-Eyes" monsters + 1 "Chaos" Ritual Monster or "Black Luster Soldier" Ritual Monster']),
    "from_extra": ("Extox Hydra", ["fusion #0: 2+ monsters on the field, Special Summoned from the Extra Deck"]),
    "with_stats": ("Ultimate Dragon of Pride and Soul", ["fusion #0: 3 monsters with 2500 ATK/2500 DEF"]),
    "stat": ("Titaniklad the Ash Dragon", ['fusion #0: 1 "Fallen of Albaz" + 1 monster with 2500 or more ATK']),
    "where": ("Gravity Controller", ["link #0: 1 non-Link monster in an Extra Monster Zone"]),
    "whose_level": ("Greedy Venom Fusion Dragon",
                    ['fusion #0: 1 "Predaplant" monster + 1 Level 8 or higher DARK monster']),
    "parts": ("Odd-Eyes Arcray Dragon",
              ["fusion #0: 1 Dragon Fusion Monster + 1 Dragon Synchro Monster + 1 Dragon Xyz Monster + 1 Dragon Pendulum Monster"]),
    "except_tokens": ("Agave Dragon", ["link #0: 2+ monsters, except Tokens"]),
    "except_where": ("Denial Deity Dotan", ["fusion #0: 1 LIGHT monster + 2 monsters, except on the field or in the GY"]),
    "except_item": ("Knightmare Mermaid", ['link #0: 1 "Knightmare" monster, except "Knightmare Mermaid"']),
    "paren_slot": ("Berfomet the Mythical King of Phantom Beasts",
                   ["fusion #0: 2 Beast monsters or Fiend monsters or Illusion monsters with different Types"]),
    "with_different": ("Aleister the Invoker of Madness", ["link #0: 2 monsters with different Types and different Attributes"]),
    "with_same": ("Favorite HERO Flame Wingman", ["fusion #0: 2 monsters with the same Type and different Attributes"]),
    "props": ("Union Carrier", ["link #0: 2 monsters with the same Type", "link #1: 2 monsters with the same Attribute"]),
    "including": ("Junk Connector",
                  ["link #0: 1 Warrior Tuner Effect Monster or Machine Tuner Effect Monster + 1 Warrior Effect Monster or Machine Effect Monster"]),
    # Objects: what the conditions and costs of a procedure count or take.
    "object_no": ("Kaiser Sea Snake",
                  ["hand_procedure #0: if your opponent controls: 1+ monsters; if you control: no monsters; once per turn"]),
    "object_exactly": ("Dark Armed Dragon", ["hand_procedure #0: if in your GY: exactly 3 DARK monsters"]),
    "item_other": ("Defrag Dragon", ["hand_procedure #0: send 1 monster in the hand; once per turn"]),
    "object_items": ("Chaos Sorcerer",
                     ["hand_procedure #0: banish 1 LIGHT monster in the GY; banish 1 DARK monster in the GY"]),
    "object_items, names": ("Gate Guardian", ['hand_procedure #0: tribute 1 "Sanga of the Thunder" on the field; '
                                              'tribute 1 "Kazejin" on the field; tribute 1 "Suijin" on the field']),
    # summons.lark: procedures from the hand.
    "proc_can": ("Cyber Dragon", ["hand_procedure #0: if your opponent controls: 1+ monsters; if you control: no monsters"]),
    "cond_fixed": ("T.G. Striker", ["hand_procedure #0: if your opponent controls: 1+ monsters; if you control: no monsters"]),
    "cond_opp": ("Moon Gardna", ["hand_procedure #0: if your opponent controls: 2+ monsters; once per turn"]),
    "cond_you": ("Photon Vanisher", ['hand_procedure #0: if you control: 1+ face-up "Photon" monsters or face-up "Galaxy" monsters']),
    "cond_field": ("Photon Slasher", ["hand_procedure #0: if on the field: 1+ face-up Xyz Monsters; in defense position"]),
    "cond_gy": ("Newbee!", ["hand_procedure #0: if in your GY: 1+ monsters with 0 ATK/0 DEF; once per turn"]),
    "proc_must": ("Enishi, Shien's Chancellor", ['hand_procedure #0: banish 2 "Six Samurai" monsters in the GY']),
    "cost_having": ("Dark Armed Dragon", ["hand_procedure #0: if in your GY: exactly 3 DARK monsters"]),
    "cost_except": ("U.A. Goalkeeper", ['hand_procedure #0: return 1 "U.A." monster on the field, except "U.A. Goalkeeper"; once per turn']),
    "cost_to": ("Brotherhood of the Fire Fist - Swallow",
                ['hand_procedure #0: send 3 face-up "Fire Formation" spell monsters in the Spell & Trap Zones '
                 'or face-up "Fire Formation" trap monsters in the Spell & Trap Zones']),
    "cost_from": ("Malefic Stardust Dragon", ['hand_procedure #0: banish 1 "Stardust Dragon" in the Extra Deck']),
    "while_": ("Blackwing - Gofu the Vague Shadow", None),
    "only, they control": ("Lava Golem", ["hand_procedure #0: tribute 2 monsters your opponent controls; to your opponent's field"]),
    # summons.lark: Normal Summon rules (their facts: NORMAL_RULES below).
    "ns_free": ("Laval Lancelord", None),
    "ns_cannot": ("Mystic Swordsman LV4", None),
    "ns_unless": ("Ghostrick Stein", None),
    "ns_if": ("Masked Chameleon", None),
    "tribute_rule": ("Gravekeeper's Visionary", None),
    "double_rule": ("Kaiser Sea Horse", None),
    "noun, Spells/Traps": ("Anteatereatingant", ["hand_procedure #0: send 2 spell monsters in the Spell & Trap Zones "
                                                 "or trap monsters in the Spell & Trap Zones"]),
}


NORMAL_RULES = {
    "Laval Lancelord": {"proc(123709,0,no_tribute)"},  # "You can Normal Summon this card without Tributing."
    "Mystic Swordsman LV4": {"no_normal_summon(74591968)"},  # "Cannot be Normal Summoned (but can be Normal Set)."
    "Ghostrick Stein": {"proc(16279989,0,normal_condition)", "proc_cond(16279989,0,1,count(me,field,1,99))",
                        "cond_filter(16279989,0,1,1,pos,archetype(141))", "cond_filter(16279989,0,1,1,pos,faceup)"},
    # "Cannot be Normal Summoned if you control a Level 5 or higher monster": allowed with none.
    "Masked Chameleon": {"proc(53573406,0,normal_condition)", "proc_cond(53573406,0,1,count(me,field,0,0))",
                         "cond_filter(53573406,0,1,1,pos,level_min(5))", "cond_filter(53573406,0,1,1,pos,faceup)"},
    "Gravekeeper's Visionary": {"proc(3825890,0,tribute)", "group(3825890,0,1,1,1)",
                                "filter(3825890,0,1,1,pos,archetype(46))"},
    "Kaiser Sea Horse": {"double_tribute(17444133,1,pos,attribute(light))"},
}


@pytest.fixture(scope="module")
def lib() -> Library:
    return Library.load()


def test_grammar_files_are_package_data():
    names = {p.name for p in resources.files("oracle.yugioh.grammar").iterdir()}
    assert {"common.lark", "materials.lark", "summons.lark"} <= names


def test_grammar_loads_as_lalr():
    p = grammar.parser("materials")
    assert p.options.parser == "lalr"
    assert p.parse("1 Tuner + 1+ non-Tuner monsters", start="line").data == "line"


def test_vocabulary_is_the_pools(lib):
    """Every Type and monster kind of the pool is a word of common.lark, and back."""
    races = {race_value(w) for w in grammar.words("RACE")}
    assert len(races) == 26
    assert {c.race for c in lib if c.is_monster and c.race} <= races
    kinds = {kind_value(w) for w in grammar.words("KIND")}
    assert {"tuner", "link", "pendulum", "gemini", "effect", "normal"} <= kinds


def test_words_outside_the_vocabulary_are_named():
    with pytest.raises(Unsupported, match="words not understood: whose is"):
        grammar.tokens("materials", "line", "1 monster whose Level is 4")


def test_text_outside_the_grammar_says_where():
    with pytest.raises(Unsupported, match="unexpected 'monsters' in the material line"):
        grammar.parse("materials", "line", "1 Tuner + 1+ non-Tuner monsters monsters")
    with pytest.raises(Unsupported, match="no description"):
        grammar.parse("materials", "line", "2+ with different names")


@pytest.mark.parametrize("name", sorted(NORMAL_RULES))
def test_normal_summon_rules(lib, name):
    req = requirements(lib.resolve(name), lib)
    assert {str(f) for f in req.facts} == NORMAL_RULES[name]
    assert not any("not read" in note for note in req.skipped)


def test_procedure_outside_the_grammar_names_the_sentence(lib):
    """Doggy Diver's condition has words no frame reads: the reason names them and the sentence."""
    req = requirements(lib.resolve("Doggy Diver"), lib)
    assert not any(f.name == "proc" for f in req.facts)
    assert req.procedure_unsupported.startswith("words not understood: all min. are (in 'If your opponent controls")


def test_malefic_stardust_dragon_cost_without_a_comma(lib):
    """"… from your Extra Deck and cannot be Special Summoned by other ways" (no comma before
    "and"): read like the sentences with the comma, a Special Summon by banishing the named card."""
    card = lib.resolve("Malefic Stardust Dragon")
    stardust = lib.resolve("Stardust Dragon").code
    facts = {str(f) for f in requirements(card, lib).facts}
    c = card.code
    assert {f"proc({c},0,hand_procedure)", f"proc_cost({c},0,1,banish)", f"group({c},0,1,1,1)",
            f"filter({c},0,1,1,pos,name({stardust}))", f"filter({c},0,1,1,pos,loc(extra))",
            f"must_method({c},special)"} <= facts
    assert not any(f.startswith(f"filter({c},0,1,1,pos,loc(") and "extra" not in f for f in facts)


def test_lookahead_keeps_or_and_comma_apart():
    """"or" before a qualifier joins alternatives of one slot; before a count, alternatives of
    the whole item. A comma before a postmodifier opens it."""
    t = grammar.parse("materials", "line", '"Blue-Eyes Ultimate Dragon" or 3 "Blue-Eyes" monsters')
    assert [s.data.split("__", 1)[-1] for s in t.iter_subtrees_topdown()].count("item_alt") == 1
    t = grammar.parse("materials", "line", "2 monsters with different Types (Beast, Fiend, or Illusion)")
    slot = next(s for s in t.iter_subtrees() if s.data.split("__", 1)[-1] == "slot")
    assert [str(c) for c in slot.children if c.type == "RACE"] == ["Beast", "Fiend", "Illusion"]


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_family_on_a_real_card(lib, family):
    name, expected = FAMILIES[family]
    card = lib.resolve(name)
    req = requirements(card, lib)
    assert req.unsupported is None and req.procedure_unsupported is None
    if expected is not None:
        assert describe(req.facts, lib) == expected


def test_every_rule_is_exercised_by_the_family_cards(lib, monkeypatch):
    """Each rule of the grammar that makes a node of the tree is used by one of the cards above."""
    used: set[str] = set()
    parse = grammar.parse

    def spy(g, start, text):
        tree = parse(g, start, text)
        used.update(s.data.split("__", 1)[-1] for s in tree.iter_subtrees())
        return tree

    monkeypatch.setattr(grammar, "parse", spy)
    for name, _ in FAMILIES.values():
        requirements(lib.resolve(name), lib)
    # Rules named "_x" (also "_common__x" once imported) are inlined, "?x" rules too unless an
    # alternative is aliased; "x_star_N" are lark's own.
    names = {str(r.alias or r.origin.name) for g in grammar.STARTS for r in grammar.parser(g).rules
             if r.alias or not r.options.expand1}
    rules = {n.split("__", 1)[-1] for n in names if not n.startswith("_") and "_star_" not in n and "_plus_" not in n}
    assert rules - used == set()
    assert {f.split(",")[0] for f in FAMILIES} <= used
