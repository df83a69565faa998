"""Digital-game endpoints (``/api/play``): start a game, read it for a seat or a spectator, act."""

from __future__ import annotations

from flask import jsonify, request

from ..database import writes_late
from ..heavy import long_work
from ..ratelimits import creation
from ..services import play, sheets
from . import bp
from .util import bearer_key, json_object


@bp.post("/play")
@creation
@writes_late
@long_work
def create_play():
    """Start a game; bots move until a person must act. 201 with the first person's state and ``edit_key``."""
    return jsonify(play.create_play(json_object())), 201


@bp.get("/play/<play_id>")
@long_work
def read_play(play_id: str):
    """``?seat=N`` with the edit key: what seat N may see; otherwise what a spectator sees."""
    found = play.get_play(play_id)
    key = bearer_key()
    if key is not None:
        sheets.check_edit_key(found, key)
    engine = play.load_advanced(found)  # bots waiting to move go on (bounded), so bots-only games advance
    seat = request.args.get("seat")
    if seat is not None:
        seat = play.parse_seat(seat, engine) if key is None else play.person_seat(seat, engine)
    if key is None:
        seat = None
    response = jsonify(play.state_json(found, engine, seat))
    response.headers["ETag"] = f'"{found.version}"'
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/play/<play_id>/actions")
@writes_late
@long_work
def act(play_id: str):
    """``{"seat": n, "action": {...}}`` with the edit key: the action, then the bots; the new state for n."""
    found = play.get_play(play_id)
    sheets.check_edit_key(found, bearer_key())
    return jsonify(play.apply_action(found, json_object(), request.headers.get("If-Match")))
