""".ydk decks: sections, unknown passcodes and too many copies reported with file and line."""
from __future__ import annotations

import pytest

from oracle.errors import OracleError
from oracle.yugioh.cards import Library, default_library_path
from oracle.yugioh.ydk import read_ydk

EXAMPLE = default_library_path().parent / "decks" / "example.ydk"


@pytest.fixture(scope="module")
def lib() -> Library:
    return Library.load()


def test_example_deck(lib):
    deck = read_ydk(EXAMPLE, lib)
    assert len(deck.main) == 24 and len(deck.extra) == 8 and len(deck.side) == 2
    assert sum(c.name == "Dark Magician" for c in deck.main) == 3
    assert all(c.is_extra_deck for c in deck.extra)


def write(tmp_path, text):
    path = tmp_path / "deck.ydk"
    path.write_text(text)
    return path


def test_unknown_passcode_names_file_and_line(tmp_path, lib):
    path = write(tmp_path, "#created by test\n#main\n46986414\n99999999\n#extra\n!side\n")
    with pytest.raises(OracleError) as e:
        read_ydk(path, lib)
    assert str(e.value) == f"{path}: line 4: no card has passcode 99999999"


def test_more_than_three_copies(tmp_path, lib):
    path = write(tmp_path, "#main\n" + "46986414\n" * 3 + "#extra\n!side\n46986414\n")
    with pytest.raises(OracleError, match=r"line 2: 4 copies of Dark Magician \(at most 3\)"):
        read_ydk(path, lib)


def test_wrong_section_and_garbage(tmp_path, lib):
    path = write(tmp_path, "46986414\n#main\nabc\n73580471\n#extra\n46986414\n")
    with pytest.raises(OracleError) as e:
        read_ydk(path, lib)
    message = str(e.value)
    assert "line 1: card '46986414' before any #main/#extra/!side section" in message
    assert "line 3: 'abc' is not a passcode" in message
    assert "line 4: Black Rose Dragon (73580471) belongs in the Extra Deck" in message
    assert "line 6: Dark Magician (46986414) is not an Extra Deck monster" in message


def test_missing_file(tmp_path, lib):
    with pytest.raises(OracleError, match="no such deck file"):
        read_ydk(tmp_path / "none.ydk", lib)
