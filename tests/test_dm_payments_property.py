"""The enumerated payments equal a brute-force count over every subset and civilization choice."""
from collections import Counter
from itertools import combinations, product

from hypothesis import given, settings
from hypothesis import strategies as st
from test_dm_helpers import pos, side, summons

from oracle.duel_masters import plays
from oracle.duel_masters.cards import library

MANA_POOL = ["Faerie Life", "Aqua Hulcus", "Artisan Picora", "Cubela, the Oracle",
             "Black Feather, Shadow of Rage", "Aegis, Sage of Fire and Lightning",
             "Melnia, the Aqua Shadow", "Gonta, the Warrior Savage"]
CREATURES = ["Aegis, Sage of Fire and Lightning", "Gonta, the Warrior Savage",
             "Melnia, the Aqua Shadow", "Tick Tick, Swift Viral Swordfighter", "Bronze-Arm Tribe",
             "Skysword, the Savage Vizier"]


def brute_force(mana: list[tuple[str, bool]], creature: str) -> tuple[int, int]:
    """(every per-card payment, payments up to swapping identical cards)."""
    lib = library()
    target = lib.get(creature)
    free = [(i, lib.get(name)) for i, (name, tapped) in enumerate(mana) if not tapped]
    every, distinct = 0, set()
    for chosen in combinations(free, target.cost):
        for colours in product(*[card.civilizations for _, card in chosen]):
            if set(target.civilizations) <= set(colours):
                every += 1
                distinct.add(frozenset(Counter((card.name, c) for (_, card), c in zip(chosen, colours)).items()))
    return every, len(distinct)


@settings(max_examples=30, deadline=None)
@given(mana=st.lists(st.tuples(st.sampled_from(MANA_POOL), st.booleans()), max_size=7),
       creature=st.sampled_from(CREATURES))
def test_payments_match_brute_force(mana, creature):
    doc = pos(side(hand=[creature], mana_zone=[{"card": n, "tapped": t} for n, t in mana]))
    every, distinct = brute_force(mana, creature)
    assert len(summons(plays(doc, all_payments=True))) == every
    assert len(summons(plays(doc))) == distinct
