"""The summon ruling oracle: every legal summon of a position, computed by clingo from ASP rules.

``oracle.plays(position)`` lists the plays of a Yu-Gi-Oh! position (a Position, a dict in the
position JSON form, or a path to such a file).
"""
from oracle.errors import OracleError, UnknownCard
from oracle.yugioh.plays import CardRef, Play, PlayList, plays

__all__ = ["OracleError", "UnknownCard", "CardRef", "Play", "PlayList", "plays"]
