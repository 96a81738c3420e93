"""Check Yu-Gi-Oh! lines and read a card's effect facts in a few words (the tests of effects)."""
from __future__ import annotations

from oracle.yugioh.cards import Library
from oracle.yugioh.effect_text import card_effects
from oracle.yugioh.lines import check_line, make_line


def check(position, *steps):
    return check_line(make_line(position, list(steps)))


def legal(position, *steps):
    result = check(position, *steps)
    assert result.legal, result.text()
    return result


def illegal(position, *steps) -> str:
    """The reasons the last step of the line is illegal, as one string."""
    result = check(position, *steps)
    assert result.status == "illegal", result.text()
    return " ".join(result.steps[-1].reasons)


def facts_of(name: str) -> set[str]:
    """The effect facts of a card the grammar reads whole."""
    lib = Library.load()
    effects = card_effects(lib.by_name(name), lib)
    assert effects.unsupported is None, effects.unsupported
    return {str(f) for f in effects.facts}


def names(result, player: int, where: str) -> list[str]:
    """The names of the cards of ``where`` (a zone list or pile) at the end of a checked line."""
    lib = Library.load()
    doc = result.steps[-1].position["players"][player]
    if where == "monster_zones":
        return [lib.resolve(z["card"]).name for z in doc[where] if z]
    return [lib.resolve(c if not isinstance(c, dict) else c["card"]).name for c in doc.get(where, [])]


def with_deck(pos: dict, *cards: str) -> dict:
    pos["players"][0]["deck"] = list(cards)
    return pos
