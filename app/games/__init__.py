"""Game plug-ins, one module per game, and the registry the rest of the web app asks (:mod:`.registry`).

Importing this package registers the games, in the order the pages list them.
"""

from . import phase10, points, uno, uno_flip, uno_no_mercy
from .registry import GameType, all_games, get, register, require

for _module in (phase10, uno, uno_flip, uno_no_mercy, points):
    register(_module.GAME)

__all__ = ["GameType", "all_games", "get", "register", "require"]
