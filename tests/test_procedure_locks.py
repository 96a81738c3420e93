"""A lock that a monster's own procedure from the hand puts on the rest of the turn (locks.lp's
plock/2): Ice Ryzeal's "If Summoned this way, you cannot Special Summon from the Extra Deck for the
rest of this turn, except Rank 4 Xyz Monsters.", with real cards."""
from __future__ import annotations

import pytest
from yugioh_board import board
from yugioh_lines import facts_of, illegal, legal

from oracle.errors import OracleError
from oracle.yugioh.cards import Library
from oracle.yugioh.requirements import hand_procedures

RYZEAL, WARWOLF = "Ice Ryzeal", "Gene-Warped Warwolf"
SUMMON = f'special_summon "{RYZEAL}" with "Celtic Guardian"'
LINK = f'link_summon "Proxy Dragon" with "{RYZEAL}", "{WARWOLF}"'


def test_the_lock_is_read_and_the_procedure_with_it():
    assert {"rule(8633261,proc_lock(extra))", "rule_filter(8633261,proc_lock(extra),1,pos,rank(4))",
            "rule_filter(8633261,proc_lock(extra),1,pos,kind(xyz))"} <= facts_of(RYZEAL)
    lib = Library.load()
    procs, why = hand_procedures(lib.by_name(RYZEAL), lib)
    assert len(procs) == 1 and why is None


def test_only_rank_4_xyz_monsters_from_the_extra_deck_after_the_procedure():
    pos = board(hand=[RYZEAL, "Celtic Guardian"], field=[WARWOLF], extra=["Number 39: Utopia", "Proxy Dragon"],
                first_turn=False)
    legal(pos, SUMMON, f'xyz_summon "Number 39: Utopia" with "{RYZEAL}", "{WARWOLF}"')
    assert illegal(pos, SUMMON, LINK) == (
        "locked: Ice Ryzeal was Special Summoned by its own procedure this turn, which allows only Xyz Rank 4 "
        "monsters from the Extra Deck to be Special Summoned for the rest of the turn, and Proxy Dragon is not one")
    # the same monster placed by the position, not summoned this way: no lock
    legal(board(field=[RYZEAL, WARWOLF], extra=["Proxy Dragon"], first_turn=False), LINK)


def test_the_lock_stays_in_the_state_and_in_a_position_file():
    pos = board(hand=[RYZEAL, "Celtic Guardian"], field=[WARWOLF], extra=["Proxy Dragon"], first_turn=False)
    after = legal(pos, SUMMON).steps[-1].position
    assert after["players"][0]["procedure_locks"] == [8633261]
    assert "locked" in illegal(after, LINK)
    after["players"][0]["monster_zones"] = [{"card": WARWOLF, "position": "attack"}, {"card": "Kozaky", "position": "attack"}] + [None] * 3
    assert "locked" in illegal(after, f'link_summon "Proxy Dragon" with "{WARWOLF}", "Kozaky"')
    after["players"][0]["procedure_locks"] = ["Celtic Guardian"]
    with pytest.raises(OracleError, match=r"procedure_locks\[0\]: Celtic Guardian has no lock"):
        legal(after, LINK)
