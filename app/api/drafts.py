"""A round entered together (``/api/games/<id>/draft``) and player links (``/api/games/<id>/players/<name>/key``).

The rules are the service's (:mod:`app.services.drafts`); each write locks the game's row for its short
transaction (the rows are small), so two phones writing at once are served one after the other.
"""

from __future__ import annotations

from flask import jsonify, request

from ..extensions import db
from ..services import drafts, sheets
from . import bp
from .util import bearer_key, json_object, round_number, written


def _writable(game_id: str):
    """The game (404 first, locked for the write), then who sends the key (401/403)."""
    game = sheets.get_game(game_id, lock=True)
    return game, drafts.writer(game, bearer_key())


@bp.put("/games/<game_id>/draft")
def put_draft(game_id: str):
    game, who = _writable(game_id)
    return written(drafts.put_draft(game, json_object(), who))


@bp.delete("/games/<game_id>/draft")
def delete_draft(game_id: str):
    game, who = _writable(game_id)
    return written(drafts.delete_draft(game, who))


@bp.put("/games/<game_id>/draft/rows/<player>")
def put_row(game_id: str, player: str):
    game, who = _writable(game_id)
    return written(drafts.put_row(game, player, json_object(), who))


@bp.delete("/games/<game_id>/draft/rows/<player>")
def delete_row(game_id: str, player: str):
    game, who = _writable(game_id)
    body = json_object() if request.get_data(cache=True) else None
    return written(drafts.delete_row(game, player, body, who))


@bp.post("/games/<game_id>/draft/commit")
def commit_draft(game_id: str):
    game, who = _writable(game_id)
    body, status = drafts.commit_draft(game, json_object(), request.headers.get("Idempotency-Key"), who)
    return written(body, status)


@bp.post("/games/<game_id>/players/<player>/key")
def new_player_key(game_id: str, player: str):
    """A player link's key (edit key): ``{"player", "player_key"}``; the player's previous key stops working."""
    game = sheets.get_game(game_id, lock=True)
    sheets.check_edit_key(game, bearer_key())
    name, key = drafts.new_player_key(game, player)
    db.session.commit()
    response = jsonify(player=name, player_key=key)
    response.headers["Cache-Control"] = "no-store"
    return response, 201


@bp.put("/games/<game_id>/rounds/<number>/rows/<player>")
def correct_row(game_id: str, number: str, player: str):
    """A stored round corrected with one player's row (a row that arrived after the round was stored): the edit
    key only (a player key is 403: it grants only its own row of the round being filled in)."""
    game, who = _writable(game_id)
    return written(drafts.correct_row(game, round_number(number), player, json_object(), who))
