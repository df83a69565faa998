"""Hand-over links that expire (API.md "Hand-over links that expire"): a link carries a claim code, not a key.

``POST /api/claims`` (with the key that grants the right) makes a code: 192 random bits, good for
``CLAIM_MINUTES`` minutes (30), a seat's code for one claim only. ``POST /api/claims/<code>`` (no credentials)
answers the key; afterwards, or once expired, 410 with a sentence. A wrong code is 404, counted per client
address like a wrong key (429 with Retry-After past the limit). Claiming never replaces a key: a phone that
opens an old link later finds a code that no longer works, not the key in its history.

Only the code's SHA-256 is stored, and the key is stored masked with a pad drawn from the code: whoever reads
the table learns no key and no code.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Any, cast

from flask import current_app
from flask_babel import gettext as _
from sqlalchemy import CursorResult, delete, update
from sqlalchemy.orm.exc import StaleDataError

from ..errors import ApiError
from ..extensions import db
from ..keys import hash_key, key_matches, well_formed_id
from ..models import Claim, Game, PlayGame, utcnow
from ..security import refuse_wrong_key
from . import seats as seat_rules
from . import sheets

CLAIM_SCOPE = "claim-codes"
"""The wrong-key counter's name for claim codes (counted per address: a code belongs to no game until found)."""


def new_code() -> str:
    """192 random bits, URL-safe (32 characters)."""
    return secrets.token_urlsafe(24)


def _pad(code: str, length: int) -> bytes:
    pad = b""
    counter = 0
    while len(pad) < length:
        pad += hashlib.sha256(f"deckside-claim:{counter}:{code}".encode()).digest()
        counter += 1
    return pad[:length]


def mask(key: str, code: str) -> str:
    data = key.encode()
    return bytes(a ^ b for a, b in zip(data, _pad(code, len(data)), strict=True)).hex()


def unmask(masked: str, code: str) -> str:
    data = bytes.fromhex(masked)
    return bytes(a ^ b for a, b in zip(data, _pad(code, len(data)), strict=True)).decode()


def _seat_number(right: str) -> int | None:
    number = right.removeprefix("seat:")
    return int(number) if number.isascii() and number.isdigit() and len(number) <= 3 else None


def _right_of(body: dict[str, Any]) -> str:
    right = body.get("right")
    if not isinstance(right, str) or not (right == "edit" or right.startswith(("player:", "seat:"))):
        raise ApiError(_('"right" must be "edit", "player:<name>" or "seat:<number>".'))
    return right


def create(body: dict[str, Any], bearer: str | None) -> dict[str, Any]:
    """``POST /api/claims``: a code for ``body["right"]`` of ``body["game"]``, made with the key that grants it."""
    game_id, right = body.get("game"), _right_of(body)
    sheet = db.session.get(Game, game_id) if well_formed_id(game_id) else None
    play = None if sheet is not None or not well_formed_id(game_id) else db.session.get(PlayGame, game_id)
    if sheet is None and play is None:
        raise ApiError(_("There is no game with this id."), 404)
    assert well_formed_id(game_id)  # (a game was found by it)
    key: str | None
    if sheet is not None:
        right, key = _sheet_key(sheet, right, bearer)
    else:
        assert play is not None
        who = seat_rules.credential(play, bearer)
        if who.kind == seat_rules.NONE:
            raise ApiError(_("This needs the game's edit key or a seat key (Authorization: Bearer <key>)."), 401)
        key = _play_key(play, who, right, body, bearer)
    assert key is not None
    return make(game_id, right, key)


def _sheet_key(sheet: Game, right: str, bearer: str | None) -> tuple[str, str]:
    """The right (a player named as the sheet names them) and the key a score sheet's claim hands over: the edit
    key for "edit"; for "player:<name>", the player's own key as the bearer, or, with the edit key, a new key for
    that player (the player's older links stop working, as a new player link does)."""
    from . import drafts

    if right.startswith("player:"):
        own = drafts.player_of_key(sheet, bearer)
        if own is not None:
            if own != drafts.require_player(sheet, right.removeprefix("player:")):
                raise ApiError(_("A player link hands over its own player only."), 403)
            assert bearer is not None
            return f"player:{own}", bearer
    sheets.check_edit_key(sheet, bearer)  # 401/403 (counted) before anything is said about the right
    assert bearer is not None
    if right == "edit":
        return right, bearer
    if not right.startswith("player:"):
        raise ApiError(
            _('A score sheet hands over its edit key or a player\'s: "right" must be "edit" or "player:<name>".')
        )
    player, key = drafts.new_player_key(sheet, right.removeprefix("player:"))
    return f"player:{player}", key


def make(game_id: str, right: str, key: str) -> dict[str, Any]:
    """Store a new code handing ``key`` over as ``right`` of ``game_id`` (the caller checked the key); expired
    codes go at the same time. ``{"code", "expires"}``."""
    now = utcnow()
    expires = now + timedelta(minutes=float(current_app.config["CLAIM_MINUTES"]))
    code = new_code()
    db.session.execute(delete(Claim).where(Claim.expires_at < now))
    db.session.add(
        Claim(
            id=hash_key(code),
            game_id=game_id,
            right=right,
            masked_key=mask(key, code),
            once=right.startswith("seat:"),
            expires_at=expires,
            created_at=now,
        )
    )
    db.session.commit()
    return {"code": code, "expires": sheets.iso_time(expires)}


def _play_key(play: PlayGame, who, right: str, body: dict[str, Any], bearer: str | None) -> str | None:
    """The key a digital game's claim hands over: the edit key for "edit"; a seat's key for "seat:<n>" (the seat
    key as the bearer, or, with the edit key, the seat key in ``"key"`` as the creator's phone keeps it)."""
    if right == "edit":
        seat_rules.require_edit(who)
        return bearer
    seat = _seat_number(right)
    info = play.seat_info or []
    if seat is None or right.startswith("player:") or seat >= len(info):
        raise ApiError(_('"right" must be "edit" or "seat:<number>" of one of this game\'s seats.'))
    if who.kind == seat_rules.SEAT:
        if who.seat != seat:
            raise ApiError(_("A seat key hands over its own seat only."), 403)
        return bearer
    seat_rules.check_seat_key(play, seat, body.get("key"))  # the edit key: the seat's key comes in the body
    return body["key"]


def claim(code: str, retry: str | None = None) -> dict[str, Any]:
    """``POST /api/claims/<code>``: the key the code hands over; 404 (counted) for a wrong code, 410 once it is
    expired, used (a seat code) or its key no longer works.

    ``retry`` is the request's ``Idempotency-Key``: a seat code claimed with one is answered again to the same
    key (the phone that claimed it lost the answer on the way and asks again), and to no other."""
    retry = seat_rules.check_idempotency_key(retry)
    found = db.session.get(Claim, hash_key(code)) if 0 < len(code) <= 64 else None
    if found is None:
        refuse_wrong_key(
            CLAIM_SCOPE,
            _("This link does not work: check that it was copied whole, or ask for a new one."),
            _("Too many wrong links from here: wait a few minutes and try again."),
            status=404,
            everyone=False,
        )
    words = _gone_words(found)
    if found.expires_at <= utcnow():
        raise ApiError(words["expired"], 410)
    mine = hash_key(retry) if retry else None
    if found.once and found.used_at is not None and (mine is None or found.used_by != mine):
        raise ApiError(words["used"], 410)
    key = unmask(found.masked_key, code)
    if not _still_works(found, key):
        raise ApiError(words["replaced"], 410)
    if found.once and found.used_at is None:
        used = db.session.execute(  # an UPDATE answers a CursorResult (Session.execute is typed as a Result)
            update(Claim).where(Claim.id == found.id, Claim.used_at.is_(None)).values(used_at=utcnow(), used_by=mine)
        )
        db.session.commit()
        if cast(CursorResult[Any], used).rowcount != 1:  # another request claimed it first: was it this phone?
            db.session.refresh(found)
            if mine is None or found.used_by != mine:
                raise ApiError(words["used"], 410)
        else:
            _note_seat_taken(found)
    return {"game": found.game_id, "right": found.right, "key": key}


def _note_seat_taken(found: Claim) -> None:
    """A digital game's seat code was just used: the game notes that a phone took the seat (its creator's panel
    says so). A move landing at the same moment wins the race; the note is tried once more, then left out (the
    claim itself has been answered already)."""
    seat = _seat_number(found.right)
    if seat is None:
        return
    for _attempt in range(2):
        play = db.session.get(PlayGame, found.game_id)
        if play is None:
            return
        seat_rules.note_joined(play, seat)
        try:
            db.session.commit()
            return
        except StaleDataError:
            db.session.rollback()


def _gone_words(found: Claim) -> dict[str, str]:
    """Why a code no longer works, said for its kind of game: a score sheet can still be read, a digital game
    watched, and a new link comes from the phone that shared it (for a digital game: its creator)."""
    if db.session.get(Game, found.game_id) is not None:
        gone = _("This link has expired: ask the phone that shared it for a new one. The sheet can still be read.")
        return {"expired": gone, "replaced": gone, "used": gone}
    return {
        "expired": _("This link has expired: ask the game's creator for a new one. You can watch the game meanwhile."),
        "used": _(
            "This link has been used already (a link to a seat works once): ask the game's creator for a new one. "
            "You can watch the game meanwhile."
        ),
        "replaced": _(
            "This link no longer works: the seat has been given a new key since. Ask the game's creator for a new "
            "link; you can watch the game meanwhile."
        ),
    }


def _still_works(found: Claim, key: str) -> bool:
    """Whether the key handed over is still the game's (a new edit or seat key made since ends the link)."""
    sheet = db.session.get(Game, found.game_id)
    if sheet is not None:
        if found.right.startswith("player:"):
            from . import drafts

            return drafts.player_of_key(sheet, key) == found.right.removeprefix("player:")
        return key_matches(key, sheet.edit_key_hash)
    play = db.session.get(PlayGame, found.game_id)
    if play is None:
        return False
    if found.right == "edit":
        return key_matches(key, play.edit_key_hash)
    seat = _seat_number(found.right)
    info = play.seat_info or []
    stored = info[seat].get("key") if seat is not None and seat < len(info) else None
    if not stored:
        return False
    return key_matches(key, stored)
