"""How much of the Duel Masters card text is understood (`oracle cards coverage --game duel-masters`).

A card is fully understood when every line of its text is read by the grammar
(grammar/abilities.lark and its family files, through effects.py), and every
ability read is played by the rules or provably changes nothing (``effects.played``); a card
without text counts as understood.  The sentences not understood are counted after the same
normalisation the grammar sees (lower case, reminder text removed)."""
from __future__ import annotations

from collections import Counter

from oracle.duel_masters import effects
from oracle.duel_masters.cards import library


def coverage(top: int = 15) -> dict:
    lib = library()
    races = frozenset(r for c in lib.cards for r in c.races)
    understood, read_only, missing, examples = 0, 0, Counter(), {}
    for card in lib.cards:
        reading = effects.read(card, races)
        unplayed = [line for line in card.text.split("\n") if line.strip()
                    and any(not effects.played(ab) for ab in (effects.read_line(line) or ()))]
        understood += not reading.unsupported and not unplayed
        read_only += not reading.unsupported and bool(unplayed)
        for line in reading.unsupported + unplayed:
            key = effects.normal(line)
            missing[key] += 1
            examples.setdefault(key, card.name)
    total = len(lib.cards)
    return {"game": "duel-masters", "cards": total, "understood": understood,
            "percent": round(100 * understood / total, 1), "read_not_played": read_only,
            "not_understood": [{"count": n, "sentence": s, "example": examples[s]} for s, n in missing.most_common(top)]}


def text(report: dict) -> str:
    out = [f"Duel Masters cards fully understood and played: {report['understood']} / {report['cards']}  {report['percent']:.1f}%",
           f"(besides: {report['read_not_played']} cards read whole, with an ability the rules do not play yet)",
           "most frequent sentences not understood (or read but not played):"]
    out += [f"  {e['count']:4}  {e['sentence']}  (e.g. {e['example']})" for e in report["not_understood"]]
    return "\n".join(out)
