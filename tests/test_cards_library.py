"""The card model and library: lookups, archetypes, import determinism (real data when present)."""
from __future__ import annotations

import time

import pytest

from oracle.errors import OracleError, UnknownCard
from oracle.yugioh.cards import Library, default_library_path, in_archetype
from oracle.yugioh.cdb import import_cdb


@pytest.fixture(scope="module")
def lib() -> Library:
    return Library.load()


def test_bundled_library_loads_fast_enough(capsys):
    start = time.perf_counter()
    fresh = Library.load(default_library_path())  # not the cached one
    took = time.perf_counter() - start
    with capsys.disabled():
        print(f"\nlibrary load: {len(fresh)} cards in {took:.3f} s")
    assert len(fresh) > 14000


def test_default_library_is_cached():
    assert Library.load() is Library.load()


def test_resolve_by_code_name_and_case(lib):
    card = lib.resolve("Black Rose Dragon")
    assert card.code == 73580471
    assert lib.resolve(73580471) is card
    assert lib.resolve("73580471") is card
    assert lib.resolve("black rose dragon") is card
    assert lib.by_name("BLACK ROSE DRAGON") is card
    assert lib.get(1) is None


def test_unknown_name_suggests_close_names(lib):
    with pytest.raises(UnknownCard) as e:
        lib.resolve("Polymerizaton", source="deck.json", field="hand[0]")
    message = str(e.value)
    assert message.startswith("deck.json: hand[0]: ")
    assert "'Polymerization'" in message


def test_unknown_passcode(lib):
    with pytest.raises(UnknownCard, match="no card has passcode 123"):
        lib.resolve(123)


def test_monster_fields(lib):
    card = lib.resolve("Black Rose Dragon")
    assert card.kinds == {"monster", "effect", "synchro"}
    assert (card.level, card.attribute, card.race, card.atk, card.defense) == (7, "fire", "dragon", 2400, 1800)
    assert card.is_extra_deck and card.is_synchro and not card.is_link


def test_link_fields(lib):
    card = lib.resolve("Decode Talker")
    assert card.level == 3 and card.defense is None
    assert card.arrows == {"top", "bottom_left", "bottom_right"}


def test_pendulum_scales_and_rank(lib):
    card = lib.resolve("Odd-Eyes Rebellion Dragon")
    assert card.scales == (4, 4) and card.level == 7 and card.is_xyz
    assert card.first_line == "2 Level 7 Dragon-Type monsters"


def test_spell_fields(lib):
    card = lib.resolve("Polymerization")
    assert card.kinds == {"spell"} and card.level == 0 and card.attribute is None and card.atk is None


def test_unknown_atk_is_none(lib):
    assert any(c.is_monster and c.atk is None for c in lib)


def test_alternate_arts_are_the_same_card_and_treated_as_cards_stay(lib):
    poly = lib.resolve("Polymerization")
    assert lib.get(24094654) is poly and 24094654 in poly.arts  # an alternate artwork of Polymerization
    assert lib.is_alternate_art(24094654) and 24094654 not in {c.code for c in lib}
    harpie2 = lib.resolve("Harpie Lady 2")
    assert harpie2.alias == lib.resolve("Harpie Lady").code
    assert all(c.alias == 0 or lib.get(c.alias).name != c.name for c in lib)


def test_archetypes(lib):
    hero = lib.archetype_code("HERO")
    ehero = lib.archetype_code("Elemental HERO")
    assert (hero, ehero) == (0x8, 0x3008)
    avian = lib.resolve("Elemental HERO Avian")
    assert lib.in_archetype(avian, hero) and lib.in_archetype(avian, ehero)
    assert not lib.in_archetype(lib.resolve("Black Rose Dragon"), hero)
    assert lib.archetype_code("polymerization") == lib.archetype_code("Fusion") == 0x46  # "A|B" names
    assert lib.archetype_code("No Such Archetype") is None
    assert in_archetype((0x3008,), 0x8) and not in_archetype((0x8,), 0x3008)


def test_missing_library_file_is_a_clear_error(tmp_path):
    with pytest.raises(OracleError, match="card library not found"):
        Library.load(tmp_path / "nope.jsonl.gz")


def test_corrupt_library_file_is_a_clear_error(tmp_path):
    path = tmp_path / "bad.jsonl.gz"
    path.write_bytes(b"not gzip")
    with pytest.raises(OracleError, match="bad.jsonl.gz"):
        Library.load(path)


def test_import_is_deterministic_and_matches_the_bundled_library(cards_cdb, tmp_path, capsys):
    start = time.perf_counter()
    first = import_cdb(cards_cdb)
    first.save(tmp_path / "a.jsonl.gz")
    took = time.perf_counter() - start
    import_cdb(cards_cdb).save(tmp_path / "b.jsonl.gz")
    with capsys.disabled():
        print(f"\nimport: {len(first)} cards in {took:.2f} s")
    a = (tmp_path / "a.jsonl.gz").read_bytes()
    assert a == (tmp_path / "b.jsonl.gz").read_bytes()
    assert a == default_library_path().read_bytes()
    # Figures of shared/data/README.md
    # 14,117 cards (data/README.md) and 200 Tokens, official; and one unofficial Token
    assert sum(not c.unofficial for c in first) == 14317 and len(first) == 14318
    assert sum(len(c.arts) for c in first) == 406
    assert sum(c.is_extra_deck for c in first) == 2159


def test_import_of_a_missing_database(tmp_path):
    with pytest.raises(OracleError, match="no such card database"):
        import_cdb(tmp_path / "none.cdb")


def test_import_of_a_non_database(tmp_path):
    bad = tmp_path / "bad.cdb"
    bad.write_text("hello")
    with pytest.raises(OracleError, match="not a readable card database"):
        import_cdb(bad)
