"""Digital games on several phones (API.md "Digital games on several phones"): remote seats, seat keys,
who may see and do what, ``turn_since``, idempotent resends and the long poll.

- A remote seat is a person playing on their own phone. Its seat key is made like an edit key (192
  random bits), shown once (``seat_keys`` in the ``201`` of ``POST /api/play``) and stored hashed in
  :attr:`~app.models.PlayGame.seat_info`, next to the seat's ``remote`` flag.
- Credentials (:func:`credential`): the edit key, a seat key, none, or a wrong key (403). A seat key
  sees and acts for its seat only; the edit key sees and acts for the seats that are not remote (hot
  seat on the creator's device), never a remote seat's hand.
- ``turn_since`` (:func:`mark_turn`) is when the seat to play began its turn: it is reset when the
  seat to play changes, or when that seat has just acted (a move that keeps the turn is a move).
- ``Idempotency-Key`` on an action: the last :data:`RECENT_KEYS` keys acted on are kept in the game's
  row (saved with the action, in the same versioned write), so a resend is answered with the
  current state instead of acting twice.
- :func:`wait_for_change` polls the stored version (one indexed ``SELECT`` every
  :data:`POLL_SECONDS`), so it works across worker processes and on PostgreSQL.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast

import segno
from flask import current_app
from flask_babel import gettext as _
from sqlalchemy import select

from .. import changes
from ..errors import ApiError
from ..extensions import db
from ..keys import hash_key, key_matches, new_edit_key
from ..models import PlayGame, utcnow
from ..security import refuse_wrong_key

RECENT_KEYS = 100
"""How many ``Idempotency-Key`` values a game remembers."""

POLL_SECONDS = 0.4
"""How often a waiting request looks at the stored version."""

WAIT_SECONDS = 22.0
"""How long a long poll waits for a change before answering ``304`` (API.md: 20–25 s)."""

EDIT, SEAT, NONE = "edit", "seat", "none"


@dataclass(frozen=True)
class Credential:
    """Who is asking: the edit key's holder, one seat's phone, or nobody in particular."""

    kind: str
    seat: int | None = None


CREATOR = Credential(EDIT)
"""The edit key's holder (the default caller of the service's functions)."""


# --- remote seats at creation ------------------------------------------------------------------------


def split_remote(seats: Any) -> tuple[Any, list[bool]]:
    """The seats without their ``remote`` flags (as the engine takes them), and the flags; 400 for a flag
    that is not true/false or that comes with a ``bot``. Anything that is not a list of objects is
    passed on untouched, for the usual checks to refuse."""
    if not isinstance(seats, list) or not all(isinstance(seat, dict) for seat in seats):
        return seats, []
    clean, flags = [], []
    for number, seat in enumerate(seats, start=1):
        remote = seat.get("remote", False)
        if not isinstance(remote, bool):
            raise ApiError(_('Seat {number}: "remote" must be true or false.').format(number=number))
        if remote and seat.get("bot") is not None:
            raise ApiError(
                _("Seat {number} cannot be both a bot and a person on their own phone.").format(number=number)
            )
        clean.append({k: v for k, v in seat.items() if k != "remote"})
        flags.append(remote)
    return clean, flags


def new_seat_info(flags: list[bool]) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """Per-seat storage (``remote`` and the key's hash) and the keys themselves, by seat number as text."""
    info, keys = [], {}
    for seat, remote in enumerate(flags):
        key = new_edit_key() if remote else None
        info.append({"remote": remote, "key": hash_key(key) if key else None})
        if key:
            keys[str(seat)] = key
    return info, keys


def seat_info(play: PlayGame, count: int) -> list[dict[str, Any]]:
    """The stored per-seat entries (a game made before remote seats has none remote)."""
    return list(play.seat_info or [{"remote": False, "key": None} for _seat in range(count)])


def is_remote(play: PlayGame, seat: int) -> bool:
    """Whether ``seat`` is played on its own phone."""
    info = play.seat_info or []
    return seat < len(info) and bool(info[seat].get("remote"))


def first_local_person(play: PlayGame, bots: list[str | None]) -> int | None:
    """The first seat a person plays on the creator's device (``None``: the spectator's view)."""
    return next((s for s, bot in enumerate(bots) if bot is None and not is_remote(play, s)), None)


def replace_seat_key(play: PlayGame, seat: int, count: int) -> str:
    """A new key for a remote seat (the old one stops working); 400 for a seat that is not remote."""
    if not is_remote(play, seat):
        raise ApiError(_("Seat {seat} is not played on its own phone, so it has no seat key.").format(seat=seat))
    key = new_edit_key()
    info = seat_info(play, count)
    info[seat] = {**{k: v for k, v in info[seat].items() if k != "joined"}, "key": hash_key(key)}
    play.seat_info = info  # the phone that had joined holds the old key: nobody holds the new one yet
    return key


def note_joined(play: PlayGame, seat: int) -> None:
    """Note that a phone took remote seat ``seat`` through its join link just now (the creator's panel says
    so, and the link it shows has been used: a seat's link works once)."""
    info = [dict(item) for item in play.seat_info or []]
    if seat < len(info) and info[seat].get("remote"):
        info[seat]["joined"] = _stamp(utcnow())
        play.seat_info = info


def check_seat_key(play: PlayGame, seat: int, key: Any) -> None:
    """400 unless ``key`` is seat ``seat``'s current key (a join link is made only for the right key)."""
    info = play.seat_info or []
    stored = info[seat].get("key") if seat < len(info) else None
    if not isinstance(key, str) or not stored or not key_matches(key, stored):
        raise ApiError(_('"key" must be the current seat key of seat {seat}.').format(seat=seat))


def qr_svg(text: str, title: str) -> str:
    """``text`` as a QR code, an inline SVG element (drawn by segno: no script, no style)."""
    return segno.make(text, error="m").svg_inline(scale=4, border=2, title=title, dark="#000", light="#fff")


# --- credentials ---------------------------------------------------------------------------------------


def credential(play: PlayGame, key: str | None) -> Credential:
    """Who the bearer key makes the caller: 403 for a key that is neither the edit key nor a seat key, counted
    with the wrong edit keys of sheets (:func:`app.security.refuse_wrong_key`: 429 past the limit)."""
    if key is None:
        return Credential(NONE)
    if key_matches(key, play.edit_key_hash):
        return Credential(EDIT)
    for seat, item in enumerate(play.seat_info or []):
        if item.get("key") and key_matches(key, item["key"]):
            return Credential(SEAT, seat)
    refuse_wrong_key(
        play.id,
        _("This key belongs neither to this game nor to one of its seats."),
        _("Too many wrong keys for this game: wait a few minutes and try again."),
    )


def require_edit(who: Credential) -> None:
    """401 without a key, 403 for a seat key: only the creator's edit key may do this."""
    if who.kind == NONE:
        raise ApiError(_("This needs the game's edit key (Authorization: Bearer <edit key>)."), 401)
    if who.kind != EDIT:
        raise ApiError(_("A seat key cannot do this: it needs the game's edit key."), 403)


def _other_seat(seat: int, own: int) -> ApiError:
    return ApiError(
        _("This seat key belongs to seat {own}; it cannot see or act for seat {seat}.").format(own=own, seat=seat),
        403,
    )


def _remote_seat(seat: int) -> ApiError:
    return ApiError(
        _("Seat {seat} plays on its own phone: only its seat key sees its hand and acts for it.").format(seat=seat),
        403,
    )


def viewing_seat(play: PlayGame, who: Credential, asked: int | None) -> int | None:
    """The seat whose view a ``GET`` shows (``None``: the spectator's). ``asked`` is the parsed ``?seat=``."""
    if who.kind == SEAT:
        own = cast(int, who.seat)  # a seat key's credential always names its seat (see credential())
        if asked is not None and asked != own:
            raise _other_seat(asked, own)
        return own
    if who.kind == EDIT and asked is not None:
        if is_remote(play, asked):
            raise _remote_seat(asked)
        return asked
    return None


def require_key(who: Credential) -> None:
    """401 without a key: acting needs the edit key or a seat key (checked before the body is read)."""
    if who.kind == NONE:
        raise ApiError(_("Acting in this game needs a key: the edit key, or the seat key of your seat."), 401)


def acting_seat(play: PlayGame, who: Credential, sent: int | None) -> int:
    """The seat an action is for. ``sent`` is the body's parsed ``seat`` (optional with a seat key)."""
    require_key(who)
    if who.kind == SEAT:
        own = cast(int, who.seat)  # a seat key's credential always names its seat (see credential())
        if sent is not None and sent != own:
            raise _other_seat(sent, own)
        return own
    if sent is None:
        raise ApiError(_('"seat" is missing: send the number of the seat that acts.'))
    if is_remote(play, sent):
        raise _remote_seat(sent)
    return sent


# --- what each seat shows --------------------------------------------------------------------------------


def _stamp(moment: datetime | None) -> str | None:
    return None if moment is None else moment.replace(tzinfo=UTC).isoformat().replace("+00:00", "Z")


def decorate(body: dict[str, Any], play: PlayGame, seat: int | None) -> None:
    """Add ``remote``, ``joined`` (when a phone last took a remote seat through its join link, else ``null``) and
    ``turn_since`` to every seat, and ``you`` (the seat whose view this is) and ``next`` (the rematch's id) to the
    state."""
    turn = body.get("turn") if body.get("status") == "playing" else None
    info = play.seat_info or []
    for number, entry in enumerate(body.get("seats", [])):
        entry["remote"] = is_remote(play, number)
        entry["joined"] = info[number].get("joined") if entry["remote"] else None
        entry["turn_since"] = _stamp(play.turn_since) if number == turn else None
    body["you"] = seat
    body["next"] = play.next_id


def mark_turn(play: PlayGame, before: int | None, after: int | None, actor: int | None) -> None:
    """Reset ``turn_since`` when the seat to play changed, or when it has just moved itself."""
    if play.turn_since is None or before != after or (actor is not None and actor == after):
        play.turn_since = utcnow()


# --- idempotent resends ----------------------------------------------------------------------------------


def check_idempotency_key(value: str | None) -> str | None:
    """The header's value, or a 400 when it is empty or longer than 100 characters."""
    if value is None:
        return None
    if not value.strip() or len(value) > 100:
        raise ApiError(_("An Idempotency-Key is a string of 1 to 100 characters."))
    return value.strip()


def already_done(play: PlayGame, seat: int | str, idempotency_key: str | None) -> bool:
    """Whether this seat's action (or ``"rematch"``) with this key was applied already."""
    return bool(idempotency_key) and f"{seat}:{idempotency_key}" in (play.recent_keys or [])


def remember(play: PlayGame, seat: int | str, idempotency_key: str | None) -> None:
    """Keep the key with the action's write (the oldest ones are forgotten)."""
    if idempotency_key:
        play.recent_keys = ([*(play.recent_keys or []), f"{seat}:{idempotency_key}"])[-RECENT_KEYS:]


# --- the long poll ---------------------------------------------------------------------------------------


def parse_version(value: str | None) -> int:
    """``?version=N`` as a non-negative integer, or a 400."""
    text = (value or "").strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 12:
        raise ApiError(_('"version" must be a whole number, 0 or more (the version your page shows).'))
    return int(text)


def current_version(play_id: str) -> int | None:
    """The stored version, read in a short transaction of its own (so the next read sees new writes)."""
    version = db.session.execute(select(PlayGame.version).where(PlayGame.id == play_id)).scalar_one_or_none()
    db.session.rollback()
    return version


def wait_for_change(play_id: str, version: int) -> bool:
    """Wait until the stored version differs from ``version`` (True) or the wait is over (False)."""
    limit = float(current_app.config.get("PLAY_WAIT_SECONDS", WAIT_SECONDS))
    step = float(current_app.config.get("PLAY_POLL_SECONDS", POLL_SECONDS))
    deadline = time.monotonic() + limit
    key = changes.play_key(play_id)
    changes.listen(current_app)  # PostgreSQL: other processes' moves wake this wait at once
    with changes.watching(key):
        seen = changes.generation(key)  # before the check: a save between the check and the wait is not missed
        while True:
            if current_version(play_id) != version:
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            seen = changes.wait(key, min(step, left), seen)  # the next poll, or when this process saves the game
