"""Digital-game endpoints (``/api/play``): start a game, read it for a seat or a spectator (at once or by
long poll), act, hand seats to bots, issue seat keys, rematch."""

from __future__ import annotations

from flask import Response, current_app, g, jsonify, request, url_for

from .. import changes, heavy
from ..database import writes_late
from ..heavy import long_work
from ..ratelimits import creation
from ..services import play, seats
from . import bp
from .util import bearer_key, json_object

VARY = "Accept-Encoding, Accept-Language, Authorization"


def _etag_matches(header: str | None, version: int) -> bool:
    """Whether ``If-None-Match`` (one or several tags, ``W/`` or ``*`` allowed) names ``version``."""
    if not header:
        return False
    for tag in header.split(","):
        tag = tag.strip()
        if tag == "*" or tag.removeprefix("W/").strip().strip('"') == str(version):
            return True
    return False


def _bare_etag(response: Response) -> Response:
    """Put back the bare version as the ETag after Flask-Compress has made it ``"<version>:gzip"``: API.md
    wants the same tag for every encoding (If-None-Match is checked against the bare version)."""
    tag = g.get("play_etag")
    if tag is not None:
        response.headers["ETag"] = tag
    return response


@bp.record_once
def _install(state) -> None:
    # after_request functions run last-registered first: at the front of the list, this runs after compression.
    state.app.after_request_funcs.setdefault(None, []).insert(0, _bare_etag)


def _tagged(response: Response, version: int) -> Response:
    response.headers["ETag"] = g.play_etag = f'"{version}"'
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Vary"] = VARY
    return response


def _seat_asked(found, who: seats.Credential, engine) -> int | None:
    """The seat whose view the caller may see: a seat key its seat; the edit key ``?seat=`` of a seat on this
    device; else ``None`` (the spectator's view). 400/403 for a ``?seat=`` that is not one of these, checked
    before any ``If-None-Match``: a malformed request is never answered 304."""
    asked = request.args.get("seat")
    seat = None
    if asked is not None:
        seat = play.parse_seat(asked, engine)
        if who.kind == seats.EDIT:
            seat = play.person_seat(seat, engine)
    return seats.viewing_seat(found, who, seat)


def _view(found, engine, seat: int | None) -> Response:
    """The state as ``seat`` sees it (:func:`_seat_asked`), tagged with its version."""
    return _tagged(jsonify(play.state_json(found, engine, seat)), found.version)


@bp.post("/play")
@creation
@writes_late
@long_work
def create_play():
    """Start a game; bots move until a person must act. 201 with the first local person's state, ``edit_key``
    and, for remote seats, ``seat_keys``."""
    return jsonify(play.create_play(json_object())), 201


def _advanced(found):
    """The engine after the bots waiting to move (bounded, in a slot for long work); a game where no bot can
    move now is read without taking a slot."""
    engine = play.load(found)
    if not play.bots_to_move(found, engine):
        return engine
    return heavy.run(play.load_advanced, found)


@bp.get("/play/<play_id>")
def read_play(play_id: str):
    """A seat key: its seat's view. The edit key: ``?seat=N`` of a seat on this device. Otherwise the
    spectator's. Bots waiting to move go on first (bounded, in a slot for long work), so bots-only games
    advance as they are watched. ``If-None-Match`` naming the version reached answers 304."""
    heavy.refuse_at_limit()  # a client flooding the slots is refused before its game is loaded
    found = play.get_play(play_id)
    who = seats.credential(found, bearer_key())
    engine = _advanced(found)
    seat = _seat_asked(found, who, engine)
    if _etag_matches(request.headers.get("If-None-Match"), found.version):
        return _tagged(Response(status=304), found.version)
    return _view(found, engine, seat)


@bp.get("/play/<play_id>/wait")
def wait_play(play_id: str):
    """Long poll: as soon as the version differs from ``?version=N``, what ``GET`` answers; else 304 after
    20–25 seconds."""
    version = seats.parse_version(request.args.get("version"))
    found = play.get_play(play_id)
    who = seats.credential(found, bearer_key())
    # bots waiting to move go on first (bounded, in a slot), as for a GET; not the wait
    _seat_asked(found, who, _advanced(found))  # a malformed ?seat= is a 400 now, not after the wait
    with changes.open_wait(heavy.client_of(), int(current_app.config.get("WAITS_PER_CLIENT") or 0)):
        changed = seats.wait_for_change(found.id, version)
    if not changed:
        return _tagged(Response(status=304), version)
    found = play.get_play(play_id)
    engine = play.load(found)
    return _view(found, engine, _seat_asked(found, who, engine))  # asked again: seats may have changed hands


@bp.post("/play/<play_id>/actions")
@writes_late
def act(play_id: str):
    """``{"seat": n, "action": {...}}``: the action, then the bots; the new state for n. A seat key acts for
    its seat (``seat`` optional); the edit key for seats that are not remote."""
    found = play.get_play(play_id)
    who = seats.credential(found, bearer_key())
    seats.require_key(who)  # 404, then 401/403, then the body (400)
    return jsonify(
        play.apply_action(
            found, json_object(), request.headers.get("If-Match"), who, request.headers.get("Idempotency-Key")
        )
    )


def _creator(play_id: str):
    found = play.get_play(play_id)
    key = bearer_key()
    seats.require_edit(seats.credential(found, key))
    return found, key


@bp.put("/play/<play_id>/seats/<number>")
@writes_late
@long_work
def set_seat(play_id: str, number: str):
    """Edit key, ``{"bot": "smart" | "random" | null}``: hand a seat to a bot and back."""
    found, _key = _creator(play_id)
    return jsonify(play.set_seat_bot(found, number, json_object()))


@bp.post("/play/<play_id>/seats/<number>/key")
def new_seat_key(play_id: str, number: str):
    """Edit key: a new seat key for a remote seat (the old one stops working)."""
    found, _key = _creator(play_id)
    return jsonify(play.new_seat_key(found, number)), 201


@bp.post("/play/<play_id>/seats/<number>/join")
def join_link(play_id: str, number: str):
    """Edit key, ``{"key": <seat key>}``: the seat's join link (a one-use claim code in the fragment, good for 30
    minutes), its QR code (SVG) and when it expires."""
    found, _key = _creator(play_id)
    url = url_for("play.game", game_id=found.id, _external=True)
    return jsonify(play.join_link(found, number, json_object(), url))


@bp.post("/play/<play_id>/rematch")
def rematch_play(play_id: str):
    """Edit key: the same seats, rules and remote seats (keys still valid) in a new game; 201."""
    found, key = _creator(play_id)
    return jsonify(play.rematch(found, key, request.headers.get("Idempotency-Key"))), 201
