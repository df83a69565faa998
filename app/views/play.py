"""The digital game pages: a start form and a game table, both driven by the ``/api/play`` JSON API.

The server renders only shells (the table rules as form fields, the translated strings, the phase
descriptions); the JavaScript in ``static/js/play-*.js`` talks to the API, which is the one way
into a digital game.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template

from ..engine.phase10 import phases as p10_phases
from ..engine.uno import rules as uno_rules
from ..keys import well_formed_id
from ..services import play as play_service

bp = Blueprint("play", __name__, url_prefix="/play")

API_ROOT = "/api/play"
"""Where the digital-game API lives (API.md "Digital games")."""


def _options(options):
    """The table rules a digital game can change (the sheet-only ones are left out)."""
    return [option for option in options if not option.sheet_only]


@bp.get("/")
def start():
    """Start a digital game, or resume one kept on this device."""
    return render_template(
        "play/start.html",
        api=API_ROOT,
        seats={name: (kind.min_seats, kind.max_seats) for name, kind in play_service.KINDS.items()},
        options={"phase10": _options(p10_phases.OPTIONS), "uno": _options(uno_rules.OPTIONS)},
        phase_lists=p10_phases.PHASE_LISTS,
    )


@bp.get("/<game_id>")
def game(game_id: str):
    """The table of one digital game; the script fetches its state from the API."""
    if not well_formed_id(game_id):
        abort(404)
    phases = {str(key): {"name": phase.name, "needs": phase.describe()} for key, phase in p10_phases.PHASES.items()}
    return render_template("play/game.html", game_id=game_id, api=f"{API_ROOT}/{game_id}", phases=phases)
