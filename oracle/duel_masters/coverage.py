"""How much of the Duel Masters card text is understood (`oracle cards coverage --game duel-masters`).

A card is fully understood when every line of its text is read by the grammar
(grammar/abilities.lark through effects.py) or by the summoning patterns of keywords.py; a card
without text counts as understood.  The sentences not understood are counted after the same
normalisation the grammar sees (lower case, reminder text removed)."""
from __future__ import annotations

from collections import Counter

from oracle.duel_masters import effects
from oracle.duel_masters.cards import library


def coverage(top: int = 15) -> dict:
    lib = library()
    races = frozenset(r for c in lib.cards for r in c.races)
    understood, missing, examples = 0, Counter(), {}
    for card in lib.cards:
        reading = effects.read(card, races)
        understood += not reading.unsupported
        for line in reading.unsupported:
            key = effects.normal(line)
            missing[key] += 1
            examples.setdefault(key, card.name)
    total = len(lib.cards)
    return {"game": "duel-masters", "cards": total, "understood": understood,
            "percent": round(100 * understood / total, 1),
            "not_understood": [{"count": n, "sentence": s, "example": examples[s]} for s, n in missing.most_common(top)]}


def text(report: dict) -> str:
    out = [f"Duel Masters cards fully understood: {report['understood']} / {report['cards']}  {report['percent']:.1f}%",
           "most frequent sentences not understood:"]
    out += [f"  {e['count']:4}  {e['sentence']}  (e.g. {e['example']})" for e in report["not_understood"]]
    return "\n".join(out)
