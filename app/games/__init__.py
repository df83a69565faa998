"""The games, one folder each (``app/games/<kind>/``), and the registry the rest of the web app asks (:mod:`.registry`).

:data:`KINDS` lists the games' folders, in the order the pages list them: adding a game is a new folder and its
name there. The registry imports their plug-ins the first time it is asked (so that a program using one game's
engine loads nothing else); :func:`init_app` serves each game's templates and static files.
"""

from __future__ import annotations

KINDS = ("phase10", "uno", "uno_flip", "uno_no_mercy", "points")
"""The games' folders, in the order the pages list them (the one place where games are listed)."""


def init_app(app) -> None:
    """Serve every registered game's templates and static files (its blueprint); a game whose id is the name of
    one of the app's own parts is refused with a sentence."""
    from .registry import GameError, all_games

    for game in all_games():
        if game.id in app.blueprints:
            raise GameError(f"The game id {game.id!r} is the name of one of the app's own parts: choose another.")
        app.register_blueprint(game.blueprint())
