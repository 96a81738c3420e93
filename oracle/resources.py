"""Where the shipped rules (asp/) and data (facts/) are, in a checkout or an installed package."""
from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _root(folder: str) -> Path:
    # An ordinary install ships the folders inside the package as oracle/asp and oracle/facts
    # (see pyproject.toml); in a checkout, and an editable install, they sit beside it.
    inside = _PACKAGE / folder
    return inside if inside.is_dir() else _PACKAGE.parent / folder


def asp_dir() -> Path:
    """The folder of the ASP encodings (``asp/`` in the repository)."""
    return _root("asp")


def facts_dir() -> Path:
    """The folder of bundled data (``facts/`` in the repository)."""
    return _root("facts")


def encoding(game: str) -> list[Path]:
    """Every ``.lp`` file of one game's rules pack, in a stable order."""
    folder = asp_dir() / game
    return sorted(folder.glob("*.lp"))
