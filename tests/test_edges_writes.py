"""Issue 9, writes that cannot destroy: every command that writes goes through
oracle.safe_write: regular files only, symbolic links written through, no folder created, a
failed write reported and nothing half written."""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import ROOT
from oracle.cli import main
from oracle.errors import OracleError
from oracle.safe_write import write_file

LINE = ROOT / "facts" / "lines" / "black-rose-dragon.txt"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_a_regular_file_is_replaced_whole_and_keeps_its_mode(tmp_path):
    path = tmp_path / "out.json"
    path.write_text("old")
    os.chmod(path, 0o640)
    assert write_file(path, "new") == path
    assert path.read_text() == "new" and stat.S_IMODE(path.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]  # no temporary file left


@pytest.mark.parametrize("device", ["/dev/full", "/dev/null"])
def test_device_files_are_refused(device):
    if not Path(device).exists():
        pytest.skip(f"no {device}")
    with pytest.raises(OracleError, match="character device: only regular files are written"):
        write_file(device, "x")
    assert stat.S_ISCHR(os.stat(device).st_mode)


def test_a_directory_is_refused(tmp_path):
    with pytest.raises(OracleError, match="is a directory"):
        write_file(tmp_path, "x")


def test_a_missing_folder_is_never_created(tmp_path):
    with pytest.raises(OracleError, match="does not exist; create it first"):
        write_file(tmp_path / "a" / "b.json", "x")
    assert not (tmp_path / "a").exists()


def test_a_symbolic_link_to_a_file_is_written_through(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_file(link, "new")
    assert link.is_symlink() and real.read_text() == "new"


def test_a_symbolic_link_to_a_device_is_refused(tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to("/dev/null")
    with pytest.raises(OracleError, match="the symbolic link leads to /dev/null"):
        write_file(link, "x")


def test_a_failed_write_is_reported_and_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "out.json"
    path.write_text("old")

    def full(src, dst):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(OracleError, match="cannot write the file: No space left on device"):
        write_file(path, "new")
    monkeypatch.undo()
    assert path.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]


def test_cards_import_to_dev_full_is_refused_before_the_import(cards_cdb):
    out = run("cards", "import", cards_cdb, "--output", "/dev/full")
    assert out.exit_code == 2 and "character device" in out.output
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_check_state_writes_through_the_safe_writer(tmp_path):
    state = tmp_path / "state.json"
    out = run("check", LINE, "--state", state)
    assert out.exit_code == 0 and state.is_file()
    link = tmp_path / "link.json"
    link.symlink_to("/dev/null")
    out = run("check", LINE, "--state", link)
    assert out.exit_code == 2 and "symbolic link leads to /dev/null" in out.output


def test_puzzle_import_output_is_safe(shared_data, tmp_path):
    lua = next((shared_data / "puzzles").rglob("*.lua"))
    out = run("puzzle", "import", lua, "-o", "/dev/null")
    assert out.exit_code == 2 and "character device" in out.output
    out = run("puzzle", "import", lua, "-o", tmp_path / "missing" / "p.json")
    assert out.exit_code == 2 and "does not exist" in out.output


DECK = """3 Junk Synchron
3 The Tricky
3 Gene-Warped Warwolf
Stardust Dragon
"""


def test_the_pictures_folder_is_made_only_when_its_parent_exists_and_said_so(tmp_path):
    out = run("check", LINE, "--pictures", tmp_path / "pics")
    assert out.exit_code == 0 and "written to" in out.stderr and "a folder created for them" in out.stderr
    assert sorted(p.name for p in (tmp_path / "pics").iterdir())[0] == "step-00.svg"
    again = run("check", LINE, "--pictures", tmp_path / "pics")
    assert again.exit_code == 0 and "folder created" not in again.stderr
    missing = run("check", LINE, "--pictures", tmp_path / "a" / "pics")
    assert missing.exit_code == 2 and "parent folder does not exist" in missing.output
    assert not (tmp_path / "a").exists()


def test_show_output_is_safe(tmp_path):
    fifo = tmp_path / "pipe.svg"
    os.mkfifo(fifo)
    out = run("show", ROOT / "facts" / "positions" / "example.json", "-o", fifo)
    assert out.exit_code == 2 and "named pipe" in out.output and stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.mark.parametrize("option", ["--plot", "--checkpoint"])
def test_deck_analysis_writes_only_regular_files(tmp_path, option):
    # The plot was written to a temporary file and renamed over its target: a device node or a
    # pipe named by --plot was replaced. A checkpoint opened a pipe for writing and waited.
    pytest.importorskip("matplotlib") if option == "--plot" else None
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK)
    fifo = tmp_path / ("pipe.png" if option == "--plot" else "pipe.jsonl")
    os.mkfifo(fifo)
    args = ["deck", "analyse", deck, "--goal", "summon:Stardust Dragon", "--hands", "5", "--workers", "1",
            "--no-progress", "--top", "0"]
    out = run(*args, option, fifo)
    assert out.exit_code == 2 and "named pipe: only regular files are written" in out.output, out.output
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    link = tmp_path / ("link.png" if option == "--plot" else "link.jsonl")
    link.symlink_to("/dev/null")
    out = run(*args, option, link)
    assert out.exit_code == 2 and "symbolic link leads to /dev/null" in out.output
    missing = run(*args, option, tmp_path / "no" / ("p.png" if option == "--plot" else "c.jsonl"))
    assert missing.exit_code == 2 and "does not exist" in missing.output and not (tmp_path / "no").exists()


def test_the_duel_masters_library_is_written_safely(shared_data, tmp_path):
    from oracle.duel_masters.cards import import_library
    source = shared_data / "duel-masters" / "DuelMastersCards.json"
    if not source.is_file():
        pytest.skip("no Duel Masters card list")
    fifo = tmp_path / "cards.json.gz"
    os.mkfifo(fifo)
    with pytest.raises(OracleError, match="named pipe"):
        import_library(source, fifo)
    with pytest.raises(OracleError, match="does not exist"):
        import_library(source, tmp_path / "no" / "cards.json.gz")
    assert not (tmp_path / "no").exists()
