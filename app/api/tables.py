"""Rematch and a table's record: ``POST /api/games/<id>/rematch`` and ``GET /api/tables/<id>``."""

from __future__ import annotations

from flask import jsonify, request

from ..services import sheets, tables
from . import bp
from .util import bearer_key, json_object


@bp.post("/games/<game_id>/rematch")
def rematch_game(game_id: str):
    game = sheets.get_game(game_id, lock=True)
    key = sheets.check_edit_key(game, bearer_key())
    body = json_object() if request.get_data() else None  # the body is optional
    answer, status = tables.rematch(game, body, request.headers.get("Idempotency-Key"), edit_key=key)
    return jsonify(answer), status


@bp.get("/tables/<table_id>")
def read_table(table_id: str):
    return jsonify(tables.record(table_id))
