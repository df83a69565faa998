"""Cheap reads of a score sheet: ``GET /api/games/<id>`` with its ETag, and the long poll ``/wait``.

Both start with a one-column version check; a ``304`` stops there, and a ``200`` for a version
already computed comes from :mod:`app.services.live`'s cache without replaying the sheet.
"""

from __future__ import annotations

from flask import Response, current_app, g, request

from .. import changes
from ..heavy import client_of
from ..services import live, sheets
from . import bp


def _load(game_id: str) -> tuple[int, dict]:
    game = sheets.get_game(game_id)
    return game.version, sheets.game_json(game)


def _tagged(response: Response, version: int) -> Response:
    """The headers every answer about a version carries: the bare version as the ETag, and what it varies on."""
    response.headers["ETag"] = f'"{version}"'
    response.headers["Vary"] = live.LIVE_VARY
    response.headers["Cache-Control"] = "no-cache"
    g.etag_every_encoding = True  # app.assets keeps this ETag as it is when the body is compressed
    return response


def not_modified(version: int) -> Response:
    """``304``: the version the phone has is the current one (no body)."""
    return _tagged(Response(status=304), version)


def sheet_answer(game_id: str, version: int) -> Response:
    """``200`` with the game as ``GET`` returns it (from the cache when this version was computed before)."""
    found, body = live.sheet_body(game_id, version, lambda: _load(game_id))
    return _tagged(Response(body, status=200, mimetype="application/json"), found)


@bp.get("/games/<game_id>")
def read_game(game_id: str):
    version = live.existing_version(game_id)
    if live.etag_matches(version):
        return not_modified(version)
    return sheet_answer(game_id, version)


@bp.get("/games/<game_id>/wait")
def wait_game(game_id: str):
    live.existing_version(game_id)  # an unknown game is 404 before anything else
    known = live.wanted_version(request.args.get("version"))
    with changes.open_wait(client_of(), int(current_app.config.get("WAITS_PER_CLIENT") or 0)):
        version = live.wait_for_change(game_id, known)
    if version is None:
        return not_modified(known)
    return sheet_answer(game_id, version)
