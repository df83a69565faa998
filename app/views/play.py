"""The digital game pages: a start form and a game table, both driven by the ``/api/play`` JSON API.

The server renders only shells (the table rules as form fields, the translated strings, the phase
descriptions); the JavaScript in ``static/js/play-*.js`` talks to the API, which is the one way
into a digital game.
"""

from __future__ import annotations

from flask import Blueprint, render_template
from flask_babel import gettext as _

from ..errors import error_response
from ..extensions import db
from ..games import registry
from ..keys import well_formed_id
from ..models import PlayGame
from ..services import play as play_service

bp = Blueprint("play", __name__, url_prefix="/play")

API_ROOT = "/api/play"
"""Where the digital-game API lives (API.md "Digital games")."""


def _options(options):
    """The table rules a digital game can change (the sheet-only ones are left out)."""
    return [option for option in options if not option.sheet_only]


def _digital_games():
    """The registered games that can be played on the device, in the registry's order."""
    return [game for game in registry.all_games() if game.digital is not None]


def _page_data(games) -> dict:
    """What the games' page scripts need beside the state (e.g. Phase 10's phase descriptions), by kind id."""
    return {game.id: game.digital.page_data() if game.digital.page_data else {} for game in games}


@bp.get("/")
def start():
    """Start a digital game, or resume one kept on this device."""
    games = _digital_games()
    return render_template(
        "play/start.html",
        api=API_ROOT,
        games=games,
        seats={name: (kind.min_seats, kind.max_seats) for name, kind in play_service.KINDS.items()},
        options={game.id: _options(game.options) for game in games},
        page_data=_page_data(games),
    )


@bp.get("/<game_id>")
def game(game_id: str):
    """The table of one digital game; the script fetches its state from the API.

    The page loads the script of the game's plug-in. An unknown game is a 404 page, as an unknown sheet is.
    """
    row = db.session.get(PlayGame, game_id) if well_formed_id(game_id) else None
    kind = registry.get(row.kind) if row is not None else None
    if kind is None or kind.digital is None:
        return error_response(_("There is no such game. It may have been deleted."), 404)
    games = [kind]
    return render_template(
        "play/game.html", game_id=game_id, api=f"{API_ROOT}/{game_id}", games=games, page_data=_page_data(games)
    )
