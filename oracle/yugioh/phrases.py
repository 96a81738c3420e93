"""The phrase table of material lines: every word the requirement grammar understands.

Each entry maps a phrase of card text to a token ``(category, value)``. The tokenizer in
``requirements.py`` matches the longest phrase first, so "Beast-Warrior" wins over "Beast" and
"non-Tuner" over "Tuner". Anything not in this table (and not a number or a quoted name) makes a
line unsupported, naming the unknown words: the parser never guesses.

Categories:
  attr      an Attribute              -> filter atom attribute(A)
  nonattr   "non-WIND"                -> neg attribute(A)
  nonrace   "non-Spellcaster"         -> neg race(R)
  lparen/rparen  "(" and ")" (matched by the tokenizer itself): "(max. 5)", and a parenthesised
            qualifier after the noun: "2 monsters with different Types (Beast, Fiend, or Illusion)"
  race      a Type                    -> race(R)
  kind      a card kind adjective     -> kind(K)           ("Effect", "Synchro", "Tuner", ...)
  nonkind   a negated kind adjective  -> neg kind(K)       ("non-Tuner", "non-Link", ...)
  noun      "monster(s)"; value = an implied kind or None ("Tuners" = Tuner monsters)
  cardnoun  "card(s)": any card, monster or not (hand procedures only)
  nonnoun   "non-Tuners": a noun with a negated kind
  or        alternatives between qualifiers ("or", "and/or")
  more      "or more" after a count (same as "+")
  article   "a"/"an" (a count of 1 in "including a Tuner")
  except    "except" (followed by Tokens)
  token     "Tokens"
  from_extra  "Special Summoned from the Extra Deck"
  with_diff / with_same / but_diff   pconstraint openers
  prop      the property after them: name, race, attribute
  including "including" (a part of the materials must also match)
  with      "with" before a stat: "with 2000 or more ATK"
  stat      ATK / DEF / "ATK/DEF" / "ATK & DEF"           -> atk(N) / atk_min(N) / def_max(N) ...
  original  "original" (ATK, Level): the printed value, which is the only value the oracle knows
  where     a material location: "in the hand", "on the field", "you control", "in your GY",
            "in an Extra Monster Zone"                    -> loc(L)
  faceup    "face-up"                                     -> faceup
  slash     "/" between qualifiers: "Level/Rank/Link 2" (alternatives), "1500 ATK/2100 DEF" (both)
  linkr     "Link-" before a number: "Link-2 or higher"   -> link_rating(N) / link_min(N)
  whose_level  "whose original Level is" (then a Level, as after "Level")
"""
from __future__ import annotations

ATTRIBUTES = ("LIGHT", "DARK", "EARTH", "WATER", "FIRE", "WIND", "DIVINE")

# Type name in card text -> race value of the schema.
RACES = {
    "Warrior": "warrior", "Spellcaster": "spellcaster", "Fairy": "fairy", "Fiend": "fiend",
    "Zombie": "zombie", "Machine": "machine", "Aqua": "aqua", "Pyro": "pyro", "Rock": "rock",
    "Winged Beast": "winged_beast", "Plant": "plant", "Insect": "insect", "Thunder": "thunder",
    "Dragon": "dragon", "Beast": "beast", "Beast-Warrior": "beast_warrior",
    "Dinosaur": "dinosaur", "Fish": "fish", "Sea Serpent": "sea_serpent", "Reptile": "reptile",
    "Psychic": "psychic", "Divine-Beast": "divine_beast", "Creator God": "creator_god",
    "Wyrm": "wyrm", "Cyberse": "cyberse", "Illusion": "illusion",
}

# Kind adjectives ("Effect Monster", "Tuner Synchro Monster"); the noun follows them.
KINDS = {
    "Normal": "normal", "Effect": "effect", "Fusion": "fusion", "Synchro": "synchro",
    "Xyz": "xyz", "Link": "link", "Pendulum": "pendulum", "Ritual": "ritual", "Tuner": "tuner",
    "Flip": "flip", "Gemini": "gemini", "Spirit": "spirit", "Union": "union", "Toon": "toon",
}


def _table() -> dict[str, tuple[str, object]]:
    t: dict[str, tuple[str, object]] = {}
    for a in ATTRIBUTES:
        t[a] = ("attr", a.lower())
        t["non-" + a] = ("nonattr", a.lower())
    for text, race in RACES.items():
        t[text] = ("race", race)
        t[text + "-Type"] = ("race", race)  # older wording: "Dragon-Type monsters"
        t["non-" + text] = ("nonrace", race)
    for text, kind in KINDS.items():
        t[text] = ("kind", kind)
        t["non-" + text] = ("nonkind", kind)
    for noun in ("monster", "monsters", "Monster", "Monsters"):
        t[noun] = ("noun", None)
    t["Tuner"] = ("kind", "tuner")  # also a noun: "1 Tuner + ..." (handled by the parser)
    t["Tuners"] = ("noun", "tuner")
    t["Token"] = ("noun", "token")  # "including a Token"
    t["non-Tuners"] = ("nonnoun", "tuner")
    t["or"] = ("or", None)
    t["and/or"] = ("or", None)
    t["or more"] = ("more", None)
    t["a"] = ("article", None)
    t["an"] = ("article", None)
    t["at least"] = ("atleast", None)
    t["except"] = ("except", None)
    t["Tokens"] = ("token", None)
    t["other than"] = ("except", None)  # 'a "Blackwing" monster other than "Blackwing - Gale ..."'
    # Cards that need not be monsters: only the costs and conditions of a hand procedure read
    # them ("by sending 2 Spell or Trap cards you control to the GY"); a material line that
    # names them stays unsupported.
    for word in ("card", "cards", "Card", "Cards"):
        t[word] = ("cardnoun", None)
    for text, kind in (("Spell", "spell"), ("Trap", "trap"), ("Continuous", "continuous"),
                       ("Equip", "equip"), ("Field", "field"), ("Quick-Play", "quickplay")):
        t[text] = ("kind", kind)

    t["Special Summoned from the Extra Deck"] = ("from_extra", None)
    t["with different"] = ("with_diff", None)
    t["with the same"] = ("with_same", None)
    t["but different"] = ("but_diff", None)
    t["and"] = ("and", None)  # "with the same Type and Attribute"
    t["and the same"] = ("and", None)  # the normalised "with the same Type and the same Attribute"
    t["max."] = ("max", None)  # "3 or more (max. 5)"
    t["and different"] = ("and_diff", None)  # "with different Types and different Attributes"
    t["x"] = ("times", None)  # "3 x "Crimson Nova the Dark Cubic Lord""
    for word in ("names", "name"):
        t[word] = ("prop", "name")
    for word in ("Types", "Type"):
        t[word] = ("prop", "race")
    for word in ("Attributes", "Attribute"):
        t[word] = ("prop", "attribute")
    t["including"] = ("including", None)
    t["Level"] = ("level", None)
    t["Rank"] = ("rank", None)
    t["or lower"] = ("lower", None)
    t["or higher"] = ("higher", None)
    t["or less"] = ("lower", None)  # "2500 or less ATK"
    t["with"] = ("with", None)
    t["ATK"] = ("stat", ("atk",))
    t["DEF"] = ("stat", ("def",))
    t["ATK/DEF"] = ("stat", ("atk", "def"))
    t["ATK & DEF"] = ("stat", ("atk", "def"))
    t["original"] = ("original", None)
    for words, loc in (("in the hand", "hand"), ("in your hand", "hand"), ("on the field", "field"),
                       ("you control", "field"), ("in your GY", "graveyard"), ("in the GY", "graveyard"),
                       ("in an Extra Monster Zone", "emz"), ("in the Extra Monster Zone", "emz")):
        t[words] = ("where", loc)
    t["face-up"] = ("faceup", None)
    t["Normal Summoned/Set"] = ("normalsummoned", None)  # Salamangreat Almiraj, Clara & Rushka
    t["Tribute Summoned"] = ("tributesummoned", None)  # the Mega Monarchs' Tribute
    t["/"] = ("slash", None)
    t["Link-"] = ("linkr", None)
    t["that was Special Summoned from the Extra Deck"] = ("from_extra", None)
    t["whose original Level is"] = ("whose_level", None)
    for word in ("Levels",):
        t[word] = ("prop", "level")
    for word in ("Ranks",):
        t[word] = ("prop", "rank")
    t[","] = ("comma", None)
    t["+"] = ("plus", None)
    return t


PHRASES: dict[str, tuple[str, object]] = _table()

# Names printed on older cards for cards that have since been renamed: a material line may still
# quote the old name (Amphibious Bugroth's "Defender of the Sea" is "Sentinel of the Seas").
FORMER_NAMES: dict[str, int] = {
    "Defender of the Sea": 85448931,
}
