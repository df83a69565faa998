"""Score-sheet endpoints (``/api/games``): create, record, replace, undo, tie-breaker (reads: :mod:`.live`)."""

from __future__ import annotations

import json

from flask import Response, jsonify, request
from flask_babel import gettext as _

from ..database import writes_late
from ..errors import ApiError
from ..heavy import long_work
from ..ratelimits import creation
from ..services import bgstats, crews, exports, sheets, writes
from . import bp
from .crews import crew_key
from .util import bearer_key, json_object, round_number, written

"""The longest round number an error repeats whole (a 23-digit number is named as asked)."""


def _editable(game_id: str, lock: bool = True):
    """The game (404 first), then the edit key (401/403); ``lock=False`` reads it without locking its row;
    a write reads its body only after this."""
    game = sheets.get_game(game_id, lock=lock and request.method != "GET")
    sheets.check_edit_key(game, bearer_key())
    return game


def _write_late(game, prepare, write):
    """Compute first, lock last (:func:`app.services.writes.write_late`): ``prepare(game)`` without the write
    lock, then ``write(game, prepared)`` under it; a game changed meanwhile is read again, and the key checked
    on it again, before ``write`` works it out anew. ``game`` comes from :func:`_editable` with ``lock=False``:
    the game and the key are checked before the body is read."""
    return writes.write_late(game, prepare, write, may_write=_key_still_works).answer


def _key_still_works(game) -> None:
    """401/403 when the request's key no longer opens the game (read again under the write lock)."""
    sheets.check_edit_key(game, bearer_key())


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
    body, status = _write_late(  # checked and scored before the lock: the lock holds the inserts
        game,
        lambda game: sheets.prepare_round(game, data, idempotency_key),
        lambda game, prepared: sheets.record_round(game, data, idempotency_key, prepared=prepared),
    )
    return written(body, status)


@bp.put("/games/<game_id>/rounds/<number>")
@writes_late
@long_work
def replace_round(game_id: str, number: str):
    game = _editable(game_id, lock=False)
    wanted = round_number(number)
    sheets.require_round(game, wanted)  # 404 for a round the game lacks, before the body's 400
    data, if_match = json_object(), request.headers.get("If-Match")

    def prepare(game):
        sheets.check_version(game, if_match)
        return sheets.correct_round(game, wanted, data)

    return written(
        _write_late(
            game,
            prepare,
            lambda game, corrected: sheets.replace_round(game, wanted, data, if_match, corrected=corrected),
        )
    )


@bp.delete("/games/<game_id>/rounds/<number>")
@writes_late
def undo_round(game_id: str, number: str):
    if_match = request.headers.get("If-Match")
    return written(
        _write_late(
            _editable(game_id, lock=False),
            lambda game: sheets.prepare_undo(game, round_number(number), if_match),
            lambda game, undone: sheets.undo_round(game, round_number(number), if_match, prepared=undone),
        )
    )


@bp.post("/games/<game_id>/tiebreaker")
@writes_late
def record_tiebreaker(game_id: str):
    if_match = request.headers.get("If-Match")

    def prepare(game):
        return sheets.prepare_tiebreaker(game, json_object(), if_match)

    return written(
        _write_late(
            _editable(game_id, lock=False),
            prepare,
            lambda game, tied: sheets.record_tiebreaker(game, json_object(), if_match, prepared=tied),
        )
    )


@bp.delete("/games/<game_id>/tiebreaker")
@writes_late
def clear_tiebreaker(game_id: str):
    if_match = request.headers.get("If-Match")
    return written(
        _write_late(
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
        headers={"Content-Disposition": f'attachment; filename="{exports.file_name(game, "bgsplay")}"'},
    )


@bp.post("/games/<game_id>/players")
def change_players(game_id: str):
    """A player joins or leaves from the next round (edit key): ``{"join": "Eve"}`` or ``{"leave": "Cy"}``."""
    game = _editable(game_id)
    return written(sheets.change_players(game, json_object()))


@bp.put("/games/<game_id>/notes")
def set_notes(game_id: str):
    """Keep a note with the game (edit key): ``{"notes": "..."}``, at most 2,000 characters; null clears it."""
    game = _editable(game_id)
    return written(sheets.set_notes(game, json_object()))


@bp.post("/games/<game_id>/key")
def replace_key(game_id: str):
    """A new edit key for the sheet, with the current one: ``{"id", "edit_key"}``; the old key stops working."""
    game = _editable(game_id)
    response = jsonify(id=game.id, edit_key=sheets.replace_edit_key(game))
    response.headers["Cache-Control"] = "no-store"
    return response
