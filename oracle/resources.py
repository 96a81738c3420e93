"""Where the shipped rules (asp/) and data (facts/) are, in a checkout or an installed package."""
from __future__ import annotations

from importlib import resources
from pathlib import Path


_CHECKOUT = Path(__file__).resolve().parent.parent


def _root(folder: str) -> Path:
    # In a checkout (and an editable install) the folders sit beside the package; an ordinary
    # install ships them inside it as oracle.asp and oracle.facts (see pyproject.toml).
    beside = _CHECKOUT / folder
    if beside.is_dir():
        return beside
    return Path(str(resources.files(f"oracle.{folder}")))


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
