"""Golden test: real material lines -> facts -> normalised text, and the normalised text parsed
again gives the same facts (the normaliser writes in the grammar it reads)."""
from __future__ import annotations

import re

import pytest

from oracle.yugioh.cards import Library
from oracle.yugioh.requirements import (
    Unsupported,
    describe,
    parse_material_line,
    procedure_facts,
    requirements,
)

# (card name, normalised procedures). Reviewed by hand against the card text.
GOLDEN = [
    ('Black Rose Dragon', ['synchro #0: 1 Tuner + 1+ non-Tuners']),
    ('Decode Talker', ['link #0: 2+ Effect Monsters']),
    ('Flame Swordsman', ['fusion #0: 1 "Flame Manipulator" + 1 "Masaki the Legendary Swordsman"']),
    ('Cyber End Dragon', ['fusion #0: 3 "Cyber Dragon"']),
    ('Number C39: Utopia Ray', ['xyz #0: 3 Level 4 LIGHT monsters', 'xyz #1: 1 "Number 39: Utopia"']),
    ('Elemental HERO Air Neos', ['contact #0: 1 "Elemental HERO Neos" + 1 "Neo-Spacian Air Hummingbird"; materials from field']),
    ('Blue-Eyes Twin Burst Dragon', ['fusion #0: 2 "Blue-Eyes White Dragon"', 'contact #1: 2 "Blue-Eyes White Dragon"; materials from field']),
    ('Odd-Eyes Rebellion Dragon', ['xyz #0: 2 Level 7 Dragon monsters']),
    ('Knightmare Mermaid', ['link #0: 1 "Knightmare" monster, except "Knightmare Mermaid"']),
    ('Sky Striker Ace - Hayate', ['link #0: 1 non-WIND "Sky Striker Ace" monster']),
    ('Shark Caesar', ['xyz #0: 3-5 Level 3 monsters']),
    ('Union Controller', ['contact #0: 1 LIGHT Machine monster + 1 "Y-Yare Head" or "Z-Zillion Tank"; materials from field']),
    ('Garura, Wings of Resonant Life', ['fusion #0: 2 monsters with the same Type and the same Attribute and different names']),
    ('Apollousa, Bow of the Goddess', ['link #0: 2+ monsters with different names, except Tokens']),
    ('Dragunity Knight - Romulus', ['link #0: 2 Dragon monsters or Winged Beast monsters, except Tokens']),
    ('Meizen the Battle Ninja', ['contact #0: 2 "Ninja" monsters with different Types; materials from field']),
    ('Elemental HERO Flame Wingman', ['fusion #0: 1 "Elemental HERO Avian" + 1 "Elemental HERO Burstinatrix"']),
    ('Dark Dimension Soldier', ['synchro #0: 1 Tuner + 1+ non-Tuners']),
    ('Double Headed Anger Knuckle', ['link #0: 2 Machine monsters']),
    ('Dual Avatar - Empowered Mitsu-Jaku', ['fusion #0: 1 "Dual Avatar Feet - Kokoku" + 2 "Dual Avatar" monsters']),
    ('Jet Warrior', ['synchro #0: 1 "Jet Synchron" + 1+ non-Tuners']),
    ('Trickstar Colchica', ['link #0: 1 "Trickstar" non-Link monster']),
    ('Ultimate Flame Swordsman', ['fusion #0: 1 "Flame Swordsman" + 1 "Fighting Flame Dragon"']),
    ('Evilswarm Nightmare', ['xyz #0: 2 Level 4 DARK monsters']),
    ('Frightfur Tiger', ['fusion #0: 1 "Edge Imp Sabres" + 1+ "Fluffal" monsters']),
    ('Superheavy Samurai Warlord Susanowo', ['synchro #0: 1 Machine Tuner + 1+ "Superheavy Samurai" non-Tuners']),
    ('Daigusto Emeral', ['xyz #0: 2 Level 4 monsters']),
    ('Virgil, Rock Star of the Burning Abyss', ['synchro #0: 1 Tuner + 1+ non-Tuners']),
    ('Thunder End Dragon', ['xyz #0: 2 Level 8 Normal Monsters']),
    ('Vorticular Drumgon', ['link #0: 3 DARK Dragon monsters']),
    ('Empress of Prophecy', ['xyz #0: 2 Level 5 Spellcaster monsters']),
    ('Visas Amritara', ['synchro #0: 1+ Tuners + 1 LIGHT monster']),
    ('Dragunity Knight - Gae Bulg', ['synchro #0: 1 Dragon Tuner + 1+ Winged Beast non-Tuners']),
    ('Traptrix Cularia', ['link #0: 2 Insect monsters or Plant monsters']),
    ('D/D/D Gust King Alexander', ['synchro #0: 1 "D/D" Tuner + 1+ non-Tuners']),
    ('Drytron Mu Beta Fafnir', ['xyz #0: 2+ Level 1 monsters']),
    ('SPYRAL Double Helix', ['link #0: 2 "SPYRAL" monsters']),
    ('Varar, Vaalmonican Concord', ['link #0: 1 "Vaalmonica" Link Monster + 1 monster']),
    ("Cosmic Slicer Zer'oll", ['link #0: 2+ Reptile monsters']),
    ('Rune-Eyes Pendulum Dragon', ['fusion #0: 1 "Odd-Eyes Pendulum Dragon" + 1 Spellcaster monster']),
    ('Silhouhatte Rabbit', ['link #0: 2 Effect Monsters']),
    ('Evolved Daneen', ['fusion #0: 1 "Returned Dino Daneen" + 1 Dinosaur monster']),
    ('Chimera the King of Phantom Beasts', ['fusion #0: 1 Beast monster + 1 Fiend monster']),
    ('Shadow of the Six Samurai - Shien', ['xyz #0: 2 Level 4 "Six Samurai" monsters']),
    ('Bujintei Kagutsuchi', ['xyz #0: 2 Level 4 Beast-Warrior monsters']),
    ('Elemental HERO Nova Master', ['fusion #0: 1 "Elemental HERO" monster + 1 FIRE monster']),
    ('XX-Saber Hyunlei', ['synchro #0: 1 Tuner + 1+ "X-Saber" non-Tuners']),
    ('Secure Gardna', ['link #0: 1 Cyberse Link Monster']),
    ('Abyss Actor - Hyper Director', ['link #0: 1 "Abyss Actor" Pendulum Monster']),
    ('Guoglim, Spear of the Ghoti', ['synchro #0: 1 Fish Tuner + 1+ non-Tuners']),
    ('Agave Dragon', ['link #0: 2+ monsters, except Tokens']),
    ("Fiendsmith's Requiem", ['link #0: 1 LIGHT Fiend monster']),
    ('Sky Galloping Gaia the Dragon Champion', ['fusion #0: 1 "Gaia The Fierce Knight" monster + 1 Dragon monster']),
    ('Yuki-Onna, the Absolute Zero Mayakashi', ['link #0: 2+ Zombie monsters']),
    ('Rescue-ACE Arbitrator', ['link #0: 2+ FIRE monsters']),
    ('Crystron Phoenix', ['synchro #0: 1 Tuner Synchro Monster + 1+ non-Tuner Synchro Monsters']),
    ('Wattchimera', ['synchro #0: 1 "Watt" Tuner + 1+ Thunder non-Tuners']),
    ('Beetrooper Armor Horn', ['link #0: 2 Insect monsters']),
    ('Knightmare Phoenix', ['link #0: 2 monsters with different names']),
    ('Naturia Barkion', ['synchro #0: 1 EARTH Tuner + 1+ EARTH non-Tuners']),
    ('Number 46: Dragluon', ['xyz #0: 2 Level 8 Dragon monsters']),
    ('Orcustrion', ['link #0: 1 "Orcust" Effect Monster + 1+ Effect Monsters']),
    ('Magical Musket Mastermind Caspar', ['link #0: 1 LIGHT Fiend monster + 1 monster']),
    ('Crimson Blade Dragon', ['synchro #0: 1 "Resonator" Tuner + 1+ non-Tuners']),
    ('Appliancer Dryer Drake', ['link #0: 1 "Appliancer" monster']),
    ('Allvain the Essence of Vanity', ['fusion #0: 2 Normal Monsters']),
    ('D/D/D Wave King Caesar', ['xyz #0: 2 Level 4 Fiend monsters']),
    ("Night's End Administrator", ['synchro #0: 1 "Night\'s End Sorcerer" + 1+ non-Tuners']),
    ('Trickstar Delfiendium', ['link #0: 2+ "Trickstar" monsters']),
    ('Super Vehicroid - Stealth Union', ['fusion #0: 1 "Truckroid" + 1 "Expressroid" + 1 "Drillroid" + 1 "Stealthroid"']),
    ('Trisborrel Dragon', ['link #0: 1 DARK Dragon "Rokket" monster + 1+ DARK Dragon monsters']),
    ('Flower Cardian Boardefly', ['synchro #0: 1 Tuner + 2 non-Tuners']),
    ('Missus Radiant', ['link #0: 2 EARTH monsters']),
    ('Teller of Fairy Tails', ['fusion #0: 1 LIGHT "Fairy Tail" monster + 1 Spellcaster monster']),
    ('Gung-Ho! Springans!', ['xyz #0: 2+ Level 4 "Springans" monsters']),
    ('The First Darklord', ['fusion #0: 3 DARK Fairy monsters']),
    ('Clock Spartoi', ['link #0: 2 Cyberse monsters']),
    ('Amazoness Empress', ['fusion #0: 1 "Amazoness Queen" + 1 "Amazoness" monster']),
    ('S-Force Mystify', ['link #0: 1 "S-Force" monster + 1+ monsters']),
    ('Metalfoes Mithrilium', ['fusion #0: 1 "Metalfoes" monster + 1 Pendulum Monster']),
    ('A Bao A Qu, the Lightless Shadow', ['link #0: 1 Fiend monster + 1+ monsters']),
    ('Michael, the Arch-Lightsworn', ['synchro #0: 1 Tuner + 1+ LIGHT non-Tuners']),
    ('Zalen the Shackled Dragon', ['synchro #0: 1 Tuner + 1+ Synchro Monsters']),
    ('Space Insulator', ['link #0: 2 monsters']),
    ('Chasma, Dragon Ruler of Auroras', ['xyz #0: 2 Level 7 Dragon monsters']),
    ('Firewall Dragon', ['link #0: 2+ monsters']),
    ('Starving Venom Wing Dragon', ['fusion #0: 1 Fusion Monster + 1 "Clear Wing" monster']),
    ('Revived King Ha Des', ['synchro #0: 1 "Plaguespreader Zombie" + 1+ Zombie non-Tuners']),
    ('Berserker of the Tenyi', ['link #0: 1 Link Monster + 1+ monsters']),
    ('Elfnote June Pride', ['synchro #0: 1 Tuner + 1 Spellcaster non-Tuner']),
    ('Hi-Speedroid Kitedrake', ['synchro #0: 1 WIND Machine Tuner + 1+ non-Tuners']),
    ('Dark Magician the Knight of Dragon Magic', ['fusion #0: 1 "Dark Magician" + 1 Level 7 or higher Dragon monster or Level 7 or higher Warrior monster']),
    ('Melffy Godmommy', ['xyz #0: 3+ Level 2 Beast monsters']),
    ('Junora the Power Patron of Tuning', ['synchro #0: 1 Tuner + 2 non-Tuners']),
    ('Myutant Ultimus', ['fusion #0: 3 Level 8 or higher "Myutant" monsters']),
    ('Borreload eXcharge Dragon', ['xyz #0: 2 Level 4 DARK Dragon monsters']),
    ('Bramble Rose Dragon', ['synchro #0: 1 Plant Tuner + 1+ non-Tuners']),
    ('Glacial Beast Iceberg Narwhal', ['synchro #0: 1 Tuner + 1+ WATER non-Tuners']),
    ('Thermal Genex', ['synchro #0: 1 "Genex Controller" + 1+ FIRE non-Tuners']),
    ('Blaze Fenix, the Burning Bombardment Bird', ['fusion #0: 1 Machine monster + 1 Pyro monster']),
    ('Encode Talker', ['link #0: 2+ Cyberse monsters']),
    ('Performage Trapeze High Magician', ['xyz #0: 2 Level 5 Spellcaster monsters']),
    ('Invoked Oceanus', ['fusion #0: 1 "Aleister" monster + 1 DARK monster or WATER monster']),
    ('Ragnaraika Chain Coils', ['link #0: 1 Insect monster or Plant monster or Reptile monster + 1+ monsters']),
    ('Goyo Guardian', ['synchro #0: 1 EARTH Tuner + 1+ non-Tuners']),
    ('Psychic Nightmare', ['synchro #0: 1 Tuner + 1+ Psychic non-Tuners']),
    ('Gouki The Tyrant Ogre', ['fusion #0: 1 "Gouki" Link Monster + 1 Warrior monster or Dinosaur monster or Cyberse monster']),
    ('Majestic Star Dragon', ['synchro #0: 1 "Majestic Dragon" + 1 "Stardust Dragon" + 1 non-Tuner']),
    ('Sunavalon Daphne', ['link #0: 2 Plant monsters']),
    ('Repair Genex Controller', ['link #0: 1 Level 4 or lower "Genex" monster']),
    ('Dragon Master Magia', ['fusion #0: 1 "Blue-Eyes Ultimate Dragon" + 1 "Chaos" Ritual Monster or "Black Luster Soldier" Ritual Monster', 'fusion #1: 3 "Blue-Eyes" monsters + 1 "Chaos" Ritual Monster or "Black Luster Soldier" Ritual Monster']),
    ('Crystal Clear Wing Over Synchro Dragon', ['synchro #0: 2+ Tuners + 1 "Clear Wing Synchro Dragon"', 'synchro #1: 1 Tuner Synchro Monster + 1 "Clear Wing Synchro Dragon"']),
    ('Berfomet the Mythical King of Phantom Beasts', ['fusion #0: 2 Beast monsters or Fiend monsters or Illusion monsters with different Types']),
    ('Mixousia the Confounder', ['fusion #0: 1 Spellcaster monster + 1 non-Spellcaster monster']),
    ('Aleister the Invoker of Madness', ['link #0: 2 monsters with different Types and different Attributes']),
    ('Crimson Nova Trinity the Dark Cubic Lord', ['fusion #0: 3 "Crimson Nova the Dark Cubic Lord"']),
    ('Junk Connector', ['link #0: 1 Warrior Tuner Effect Monster or Machine Tuner Effect Monster + 1 Warrior Effect Monster or Machine Effect Monster']),
    ('A-to-Z-Dragon Buster Cannon', ['contact #0: 1 "ABC-Dragon Buster" + 1 "XYZ-Dragon Cannon"; materials from field']),
    # Patterns added for the whole pool (issue 3): stats, locations, Level/Rank conditions, splits.
    ('Titaniklad the Ash Dragon', ['fusion #0: 1 "Fallen of Albaz" + 1 monster with 2500 or more ATK']),
    ('Metalfoes Adamante', ['fusion #0: 1 "Metalfoes" monster + 1 monster with 2500 or less ATK']),
    ('Ultimate Dragon of Pride and Soul', ['fusion #0: 3 monsters with 2500 ATK/2500 DEF']),
    ('Clockwork Knight', ['link #0: 1 Machine non-Link monster with 1000 or less ATK']),
    ('Paladins of Bonds and Unity', ['synchro #0: 1 Tuner + 1+ non-Tuners with 2500 ATK/2500 DEF']),
    ('Galaxy-Eyes Solflare Dragon', ['link #0: 1 LIGHT monster with 2000 or more ATK + 1 LIGHT monster']),
    ('Number F0: Utopic Future Zexal', ['xyz #0: 2 Xyz Monsters with the same Rank']),
    ('Number F0: Utopic Future', ['xyz #0: 2 Xyz Monsters with the same Rank, except "Number"']),
    ('Number 100: Numeron Dragon', ['xyz #0: 2 "Number" Xyz Monsters with the same name and the same Rank']),
    ('Bujinki Ahashima', ['link #0: 2 monsters with the same Level']),
    ('Puzzlomino, the Drop-n-Deleter', ['link #0: 2 monsters with different Levels']),
    ('Fata Dragna', ['fusion #0: 2 monsters with the same Type and the same Attribute and different Levels']),
    ('Union Carrier', ['link #0: 2 monsters with the same Type', 'link #1: 2 monsters with the same Attribute']),
    ('Magnum the Reliever', ['fusion #0: 1 monster Special Summoned from the Extra Deck + 1 monster in the hand']),
    ('Starving Venom Fusion Dragon', ['fusion #0: 2 DARK monsters on the field, except Tokens']),
    ('Gaia Prominence, the Fierce Force', ['fusion #0: 1 "Gaia Blaze, the Force of the Sun" + 1 face-up monster on the field']),
    ('Gravity Controller', ['link #0: 1 non-Link monster in an Extra Monster Zone']),
    ('Denial Deity Dotan', ['fusion #0: 1 LIGHT monster + 2 monsters, except on the field or in the GY']),
    ('Extox Hydra', ['fusion #0: 2+ monsters on the field, Special Summoned from the Extra Deck']),
    ('Saint Azamina', ['fusion #0: 1 Level 6 or higher Fusion Monster + 1 Level 6 or higher Synchro Monster']),
    ('Odd-Eyes Arcray Dragon', ['fusion #0: 1 Dragon Fusion Monster + 1 Dragon Synchro Monster + 1 Dragon Xyz Monster + 1 Dragon Pendulum Monster']),
    ('Spright Elf', ['link #0: 1 Level 2 monster or Rank 2 monster or Link-2 monster + 1 monster']),
    ('Linkross', ['link #0: 1 Link-2 or higher Link Monster']),
    ('Greedy Venom Fusion Dragon', ['fusion #0: 1 "Predaplant" monster + 1 Level 8 or higher DARK monster']),
    ('Invoked Elysium', ['fusion #0: 1 "Invoked" monster + 1 monster Special Summoned from the Extra Deck']),
    ('Dracotail Arthalion', ['fusion #0: 1 "Dragontail" monster + 1+ monsters in the hand']),
    ('Evil HERO Dark Gaia', ['fusion #0: 1 Fiend monster + 1 Rock monster; only with "Dark Fusion"']),
    ('Enlightenment Dragon', ['contact #0: 1 "Judgment Dragon" on the field + 1 "Punishment Dragon" in the GY; materials from field/graveyard',
                              'contact #1: 1 "Judgment Dragon" in the GY + 1 "Punishment Dragon" on the field; materials from field/graveyard']),
]


@pytest.fixture(scope="module")
def lib() -> Library:
    return Library.load()


@pytest.mark.parametrize("name,expected", GOLDEN, ids=[g[0] for g in GOLDEN])
def test_golden(lib, name, expected):
    card = lib.resolve(name)
    req = requirements(card, lib)
    assert req.unsupported is None
    assert describe(req.facts, lib) == expected


def test_golden_has_about_a_hundred_lines():
    assert len(GOLDEN) >= 100


def test_normalised_text_parses_back_to_the_same_facts(lib):
    """The normalised line of a plain procedure is itself a material line of the grammar."""
    same = tried = 0
    for name, lines in GOLDEN:
        card = lib.resolve(name)
        facts = {f for f in requirements(card, lib).facts if f.name in ("group", "filter", "pconstraint")
                 and f.arguments[1].number == 0}
        method, text = re.match(r"(\w+) #0: (.*)", lines[0]).groups()
        text = text.split(";")[0]
        if method == "contact":
            continue
        tried += 1
        try:
            proc = parse_material_line(text, method, lib)
        except Unsupported:
            continue
        again = {f for f in procedure_facts(card.code, 0, proc) if f.name != "proc"}
        assert again == facts, (name, text)
        same += 1
    print(f"\nnormalised lines parsed back: {same}/{tried}")
    assert same >= 0.9 * tried


NEW_PATTERNS = [name for name, lines in GOLDEN[[n for n, _ in GOLDEN].index("Titaniklad the Ash Dragon"):]
                if not lines[0].startswith("contact")]


@pytest.mark.parametrize("name", NEW_PATTERNS)
def test_new_patterns_parse_back_exactly(lib, name):
    """Every pattern added for the whole pool is written back in words the grammar reads again."""
    card = lib.resolve(name)
    facts = {f for f in requirements(card, lib).facts if f.name in ("group", "filter", "pconstraint")
             and f.arguments[1].number == 0}
    method, text = re.match(r"(\w+) #0: ([^;]*)", dict(GOLDEN)[name][0]).groups()
    again = {f for f in procedure_facts(card.code, 0, parse_material_line(text, method, lib)) if f.name != "proc"}
    assert again == facts
