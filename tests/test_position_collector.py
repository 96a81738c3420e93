"""Reading a position pauses Python's cycle collector while its slots are made (a Deck of a million
cards); the collector is on again afterwards, after a bad position too, and stays off if it was off."""
from __future__ import annotations

import gc

import pytest

from oracle.errors import OracleError
from oracle.yugioh.position import parse_position
from yugioh_board import board


def test_the_collector_runs_again_after_a_position_and_after_an_error():
    pos = parse_position(board(hand=["Kuriboh", "Summoned Skull"]))
    assert [s.card.name for s in pos.slots] == ["Kuriboh", "Summoned Skull"] and gc.isenabled()
    with pytest.raises(OracleError):
        parse_position(board(field=[{"card": "Link Spider", "position": "set"}]))
    assert gc.isenabled()


def test_a_collector_switched_off_stays_off():
    gc.disable()
    try:
        parse_position(board(hand=["Kuriboh"]))
        assert not gc.isenabled()
    finally:
        gc.enable()
