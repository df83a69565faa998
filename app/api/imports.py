"""``POST /api/games/import``: a whole score sheet from its JSON export, as a new game with a new edit key."""

from __future__ import annotations

from flask import jsonify

from ..database import writes_late
from ..heavy import long_work
from ..ratelimits import creation
from ..services import importer, sheets
from . import bp
from .util import json_object


@bp.post("/games/import")
@creation
@writes_late
@long_work
def import_game():
    """Answer ``201`` with the new game (as ``GET`` returns it) plus its ``edit_key``; 400 saying why otherwise."""
    game, key = importer.import_game(json_object())
    body = sheets.game_json(game)
    body["edit_key"] = key
    return jsonify(body), 201
