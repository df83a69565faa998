"""Score-sheet endpoints (``/api/games``): create, read, record, replace, undo, tie-breaker."""

from __future__ import annotations

from flask import jsonify, request
from flask_babel import gettext as _

from ..errors import ApiError
from ..ratelimits import creation
from ..services import sheets
from . import bp
from .util import bearer_key, json_object


def _editable(game_id: str):
    """The game (404 first), then the edit key (401/403)."""
    game = sheets.get_game(game_id, lock=request.method != "GET")
    sheets.check_edit_key(game, bearer_key())
    return game


def _round_number(value: str) -> int:
    if not (value.isascii() and value.isdigit()) or len(value) > 6:
        raise ApiError(_("There is no round {number} in this game.").format(number=value[:10]), 404)
    return int(value)


@bp.post("/games")
@creation
def create_game():
    data = json_object()
    unknown = sorted(set(data) - {"game", "players", "rules"})
    if unknown:
        raise ApiError(
            _('Unknown field "{name}": a game is created with "game", "players" and "rules".').format(name=unknown[0])
        )
    game, key = sheets.create_game(data.get("game"), data.get("players"), data.get("rules"))
    body = sheets.game_json(game)
    body["edit_key"] = key
    return jsonify(body), 201


@bp.get("/games/<game_id>")
def read_game(game_id: str):
    game = sheets.get_game(game_id)
    response = jsonify(sheets.game_json(game))
    response.headers["ETag"] = f'"{game.version}"'
    return response


@bp.post("/games/<game_id>/rounds")
def record_round(game_id: str):
    game = _editable(game_id)
    body, status = sheets.record_round(game, json_object(), request.headers.get("Idempotency-Key"))
    return jsonify(body), status


@bp.put("/games/<game_id>/rounds/<number>")
def replace_round(game_id: str, number: str):
    game = _editable(game_id)
    return jsonify(sheets.replace_round(game, _round_number(number), json_object(), request.headers.get("If-Match")))


@bp.delete("/games/<game_id>/rounds/<number>")
def undo_round(game_id: str, number: str):
    game = _editable(game_id)
    return jsonify(sheets.undo_round(game, _round_number(number), request.headers.get("If-Match")))


@bp.post("/games/<game_id>/tiebreaker")
def record_tiebreaker(game_id: str):
    game = _editable(game_id)
    return jsonify(sheets.record_tiebreaker(game, json_object(), request.headers.get("If-Match")))


@bp.delete("/games/<game_id>/tiebreaker")
def clear_tiebreaker(game_id: str):
    game = _editable(game_id)
    return jsonify(sheets.clear_tiebreaker(game, request.headers.get("If-Match")))


@bp.post("/games/<game_id>/key")
def replace_key(game_id: str):
    """A new edit key for the sheet, with the current one: ``{"id", "edit_key"}``; the old key stops working."""
    game = _editable(game_id)
    response = jsonify(id=game.id, edit_key=sheets.replace_edit_key(game))
    response.headers["Cache-Control"] = "no-store"
    return response
