"""Score-sheet endpoints (``/api/games``): create, record, replace, undo, tie-breaker (reads: :mod:`.live`)."""

from __future__ import annotations

import json

from flask import Response, jsonify, request
from flask_babel import gettext as _

from .. import heavy
from ..database import begin_write, writes_late
from ..errors import ApiError
from ..extensions import db
from ..heavy import long_work
from ..ratelimits import creation
from ..services import bgstats, crews, live, sheets
from . import bp
from .crews import crew_key
from .util import bearer_key, json_object

SHOWN_MAX = 40
"""The longest round number an error repeats whole (a 23-digit number is named as asked)."""


def _editable(game_id: str, lock: bool = True):
    """The game (404 first), then the edit key (401/403); ``lock=False`` reads it without locking its row;
    a write reads its body only after this."""
    game = sheets.get_game(game_id, lock=lock and request.method != "GET")
    sheets.check_edit_key(game, bearer_key())
    return game


def _prepared_write(game, prepare, write):
    """Long work first, the write lock after: ``prepare(game)`` runs on the game as read (a replay, checking
    every later round) without the write lock; then the lock is taken and ``write(game, prepared)`` stores
    it. When the game moved meanwhile, ``prepared`` is ``None`` and ``write`` works it out again.

    ``game`` comes from :func:`_editable` with ``lock=False`` (the row is locked, and its version checked, under
    the write lock): the game and the key are checked before the body is read."""
    game_id = game.id
    with heavy.slot_for_replay(len(game.rounds)):
        prepared = prepare(game)
    begin_write()
    if sheets.unchanged_since_read(game):
        return write(game, prepared)
    db.session.expire_all()
    return write(_editable(game_id), None)


def _round_number(value: str) -> int:
    """The round number in the address; 404 naming it as asked (a long one shortened, never cut silently)."""
    if not (value.isascii() and value.isdigit()) or len(value) > 6:
        shown = value if len(value) <= SHOWN_MAX else value[: SHOWN_MAX - 1] + "…"
        raise ApiError(_("There is no round {number} in this game.").format(number=shown), 404)
    return int(value)


def _written(body: dict, status: int = 200):
    """A write's answer; the phones watching the game will ask for this version next (app.services.live)."""
    live.remember_answer(body)
    return jsonify(body), status


@bp.post("/games")
@creation
def create_game():
    data = json_object()
    unknown = sorted(set(data) - {"game", "players", "rules", "crew", "name"})
    if unknown:
        raise ApiError(
            _('Unknown field "{name}": a game is created with "game", "players", "rules" and "crew".').format(
                name=unknown[0]
            )
        )
    crew = crews.crew_for_new_game(data["crew"], crew_key()) if "crew" in data else None
    game, key = sheets.create_game(
        data.get("game"), data.get("players"), data.get("rules"), commit=crew is None, name=data.get("name")
    )
    if crew is not None:  # the game and its place in the crew are stored together
        crews.add_game(crew, game)
        crews.commit()
    body = sheets.game_json(game)
    body["edit_key"] = key
    return jsonify(body), 201


@bp.post("/games/<game_id>/rounds")
@writes_late
def record_round(game_id: str):
    game = _editable(game_id, lock=False)
    data = json_object()
    idempotency_key = request.headers.get("Idempotency-Key")
    body, status = _prepared_write(  # checked and scored before the lock: the lock holds the inserts
        game,
        lambda game: sheets.prepare_round(game, data, idempotency_key),
        lambda game, prepared: sheets.record_round(game, data, idempotency_key, prepared=prepared),
    )
    return _written(body, status)


@bp.put("/games/<game_id>/rounds/<number>")
@writes_late
@long_work
def replace_round(game_id: str, number: str):
    game = _editable(game_id, lock=False)
    round_number = _round_number(number)
    sheets.require_round(game, round_number)  # 404 for a round the game lacks, before the body's 400
    data, if_match = json_object(), request.headers.get("If-Match")

    def prepare(game):
        sheets.check_version(game, if_match)
        return sheets.correct_round(game, round_number, data)

    return _written(
        _prepared_write(
            game,
            prepare,
            lambda game, corrected: sheets.replace_round(game, round_number, data, if_match, corrected=corrected),
        )
    )


@bp.delete("/games/<game_id>/rounds/<number>")
@writes_late
def undo_round(game_id: str, number: str):
    if_match = request.headers.get("If-Match")
    return _written(
        _prepared_write(
            _editable(game_id, lock=False),
            lambda game: sheets.prepare_undo(game, _round_number(number), if_match),
            lambda game, undone: sheets.undo_round(game, _round_number(number), if_match, prepared=undone),
        )
    )


@bp.post("/games/<game_id>/tiebreaker")
@writes_late
def record_tiebreaker(game_id: str):
    if_match = request.headers.get("If-Match")

    def prepare(game):
        return sheets.prepare_tiebreaker(game, json_object(), if_match)

    return _written(
        _prepared_write(
            _editable(game_id, lock=False),
            prepare,
            lambda game, tied: sheets.record_tiebreaker(game, json_object(), if_match, prepared=tied),
        )
    )


@bp.delete("/games/<game_id>/tiebreaker")
@writes_late
def clear_tiebreaker(game_id: str):
    if_match = request.headers.get("If-Match")
    return _written(
        _prepared_write(
            _editable(game_id, lock=False),
            lambda game: sheets.prepare_clear_tiebreaker(game, if_match),
            lambda game, cleared: sheets.clear_tiebreaker(game, if_match, prepared=cleared),
        )
    )


@bp.get("/games/<game_id>/export.bgstats")
def export_bgstats(game_id: str):
    """The game as the play BG Stats imports (a ``.bgsplay`` file's JSON); no key needed, as for the sheet."""
    game = sheets.get_game(game_id)
    body = json.dumps(bgstats.play_file(game), ensure_ascii=False, indent=2)
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="deckside-{game.kind}-{game.id[:8]}.bgsplay"'},
    )


@bp.post("/games/<game_id>/players")
def change_players(game_id: str):
    """A player joins or leaves from the next round (edit key): ``{"join": "Eve"}`` or ``{"leave": "Cy"}``."""
    game = _editable(game_id)
    return _written(sheets.change_players(game, json_object()))


@bp.put("/games/<game_id>/notes")
def set_notes(game_id: str):
    """Keep a note with the game (edit key): ``{"notes": "..."}``, at most 2,000 characters; null clears it."""
    game = _editable(game_id)
    return _written(sheets.set_notes(game, json_object()))


@bp.post("/games/<game_id>/key")
def replace_key(game_id: str):
    """A new edit key for the sheet, with the current one: ``{"id", "edit_key"}``; the old key stops working."""
    game = _editable(game_id)
    response = jsonify(id=game.id, edit_key=sheets.replace_edit_key(game))
    response.headers["Cache-Control"] = "no-store"
    return response
