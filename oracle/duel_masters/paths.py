"""Where this pack's rules and data are.

``oracle.resources`` is the shared way; in an editable install whose ``asp/`` and ``facts/``
are namespace packages, ``importlib.resources.files`` raises NotADirectoryError (Python 3.11),
so we fall back on the first folder of the namespace package's ``__path__``.
"""
from __future__ import annotations

import importlib
from pathlib import Path

from oracle import resources


def _first_path(package: str) -> Path:
    module = importlib.import_module(package)
    return Path(list(module.__path__)[0])


def facts_dir() -> Path:
    try:
        return resources.facts_dir()
    except (NotADirectoryError, TypeError):
        return _first_path("oracle.facts")


def encoding() -> list[Path]:
    try:
        files = resources.encoding("duel_masters")
    except (NotADirectoryError, TypeError):
        files = sorted((_first_path("oracle.asp") / "duel_masters").glob("*.lp"))
    return files
