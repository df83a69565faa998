"""Moving a phone's games to another phone (issue 23 §3): a short-lived claim holding this phone's score sheets,
crews and digital games with the keys it keeps for them, handed over by one link or QR code (or the same list as
a file).

The old phone sends its list (``games``: sheets with their edit keys; ``crews``: with their crew keys;
``plays``: digital games with the edit or seat key the phone plays with and the remote seats' keys its creator's
phone keeps). Every key is checked against what it opens, when the link is made and again when it is taken: a
key that is not its sheet's, crew's, game's or seat's (a new one was made) is left out and said (``refused``),
and so is what no longer exists. The list is sealed with AES-GCM under a key derived from the claim's code (192
random bits), which only the link carries, in its fragment: the server keeps the code's SHA-256 (to find the
claim) and the sealed list, so its database alone cannot open it. The new phone claims it once, within 30
minutes: the sealed list is then wiped, or, when the phone sent an ``Idempotency-Key``, sealed again under the
code and that key, so that the same phone (its connection dropped before the answer came) is answered again and
no other (the row stays until it expires, so a second phone is told the link was used).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import timedelta
from typing import Any, cast

from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.hashes import SHA256
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from flask import current_app
from flask_babel import gettext as _
from sqlalchemy import CursorResult, delete, select, update

from ..errors import ApiError
from ..extensions import db
from ..games import registry
from ..keys import hash_key, key_matches, well_formed_id
from ..models import Crew, Game, MoveClaim, PlayGame, utcnow
from ..security import refuse_wrong_key
from . import play as play_service
from . import seats as seat_rules
from .claims import new_code
from .sheets import iso_time, kind_of, player_names

MAX_GAMES = 200
"""The most sheets (and the most crews, and the most digital games) one list moves."""
FORMAT = "deckside-games"
"""The ``format`` of the file that holds the same list (the page saves and opens it)."""
PARTS = ("games", "crews", "plays")
"""The list's parts: score sheets, crews and digital games, each ``[{"id": ..., "key": ... | null}]`` (a digital
game adds ``"seat_keys": {"<seat>": "..."}``, the remote seats' keys its creator's phone keeps)."""


def _cipher(code: str) -> AESGCM:
    key = HKDF(algorithm=SHA256(), length=32, salt=None, info=b"deckside move claim").derive(code.encode("utf-8"))
    return AESGCM(key)


def _wanted(items: Any, part: str) -> dict[str, dict[str, Any]]:
    """One part of the list, its shape checked (400 naming what is wrong): ``{id: item}``, each id once; ids
    that could not be an id are left out (never looked up)."""
    if items is None and part != "games":
        return {}  # a list made before crews and digital games moved (format_version 1)
    if not isinstance(items, list) or len(items) > MAX_GAMES:
        if part == "games":
            raise ApiError(_('"games" must be a list of at most {maximum} sheets.').format(maximum=MAX_GAMES))
        raise ApiError(_('"{part}" must be a list of at most {maximum} items.').format(part=part, maximum=MAX_GAMES))
    shape = (
        _('Each sheet of the list is {"id": "...", "key": "..." or null}.')
        if part == "games"
        else _('Each item of "{part}" is an object with "id" and "key" (a text or null).').format(part=part)
    )
    wanted: dict[str, dict[str, Any]] = {}
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            raise ApiError(shape)
        key = item.get("key")
        if key is not None and not isinstance(key, str):
            raise ApiError(shape)
        seat_keys = item.get("seat_keys") if part == "plays" else None
        if seat_keys is not None and not (
            isinstance(seat_keys, dict) and all(isinstance(v, str) for v in seat_keys.values())
        ):
            raise ApiError(_('"seat_keys" is {"<seat>": "<seat key>", ...}.'))
        if well_formed_id(item["id"]):
            wanted.setdefault(item["id"], {"key": key, "seat_keys": seat_keys or {}})
    return wanted


def _refusal(part: str, item_id: str, name: str, what: str) -> dict[str, Any]:
    return {"part": part, "id": item_id, "name": name, "error": what}


def _stale() -> str:
    return _("The key this phone holds for it no longer works (a new key was made): that key was not moved.")


def _sheet_name(game: Game) -> str:
    return f"{kind_of(game).name}: {', '.join(player_names(game))}"


def _key_check(hash_of: Callable[[Any], str]) -> Callable[[Any, dict[str, Any]], tuple[dict[str, Any], bool]]:
    """What a sheet's or a crew's entry moves (``{"key"}``: ``None`` for a key that is not the one ``hash_of``
    gives), and whether the phone's key was stale."""

    def check(row: Any, item: dict[str, Any]) -> tuple[dict[str, Any], bool]:
        key = item["key"]
        if key and not key_matches(key, hash_of(row)):
            return {"key": None}, True
        return {"key": key or None}, False

    return check


def _play_check(play: PlayGame, item: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """What a digital game's entry moves (``{"key", "seat_keys"}``: the creator's or a seat's key, and the seat
    keys that are still their seats'), and whether any key the phone held was stale."""
    seats = play.seat_info or []
    stale = False
    key = item["key"]
    if key and not (
        key_matches(key, play.edit_key_hash) or any(s.get("key") and key_matches(key, s["key"]) for s in seats)
    ):
        stale, key = True, None
    seat_keys = {}
    for number, seat_key in item["seat_keys"].items():
        seat = int(number) if number.isdigit() else -1
        stored = seats[seat].get("key") if 0 <= seat < len(seats) else None
        if stored and key_matches(seat_key, stored):
            seat_keys[str(seat)] = seat_key
        else:
            stale = True
    return {"key": key or None, "seat_keys": seat_keys or None}, stale


def _checked_part(
    data: dict[str, Any],
    part: str,
    model: Any,
    check: Callable[[Any, dict[str, Any]], tuple[dict[str, Any], bool]],
    name: Callable[[Any], str],
    refused: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    """One part of a list (``"games"``, ``"crews"`` or ``"plays"``), each entry looked up in ``model`` and its keys
    checked by ``check``; what no longer exists, or held a stale key, is added to ``refused``, named by ``name``."""
    wanted = _wanted(data.get(part), part)
    found = {row.id: row for row in db.session.execute(select(model).where(model.id.in_(list(wanted)))).scalars()}
    kept = []
    for item_id, item in wanted.items():
        row = found.get(item_id)
        if row is None:
            refused.append(_refusal(part, item_id, item_id, _("It no longer exists (it was deleted).")))
            continue
        entry, stale = check(row, item)
        if stale:
            refused.append(_refusal(part, item_id, name(row), _stale()))
        kept.append({"id": item_id, **entry})
    return kept


def checked_list(data: Any) -> dict[str, list[dict[str, Any]]]:
    """The list a phone hands on, every key checked against what it claims to open: ``{"games", "crews",
    "plays", "refused"}``. Sheets, crews and digital games that no longer exist are left out and said; a key
    that is not its sheet's, crew's, game's or seat's (revoked: a new one was made) is left out and said (the
    sheet, crew or game then moves to be looked at). 400 naming what is wrong with the list's shape."""
    if not isinstance(data, dict):
        raise ApiError(_('"games" must be a list of at most {maximum} sheets.').format(maximum=MAX_GAMES))
    refused: list[dict[str, Any]] = []
    games = _checked_part(data, "games", Game, _key_check(lambda game: game.edit_key_hash), _sheet_name, refused)
    crews = _checked_part(data, "crews", Crew, _key_check(lambda crew: crew.key_hash), lambda crew: crew.name, refused)
    plays = _checked_part(data, "plays", PlayGame, _play_check, _play_name, refused)
    return {"games": games, "crews": crews, "plays": plays, "refused": refused}


def _play_name(play: PlayGame) -> str:
    kind = registry.get(play.kind)
    names = play_service.names_of(play_service.load(play))
    return f"{kind.name if kind else play.kind}: {', '.join(names)}"


def checked_games(items: Any) -> list[dict[str, Any]]:
    """The sheets of a list, checked as :func:`checked_list` checks them (``[{"id", "key"}]``)."""
    return checked_list({"games": items})["games"]


def create_claim(data: Any) -> dict[str, Any]:
    """A claim holding the checked list: ``{"code", "expires", "games", "crews", "plays", "refused"}`` (the
    first three: how many of each; ``refused``: what was left out, and why)."""
    checked = checked_list(data)
    if not any(checked[part] for part in PARTS):
        raise ApiError(_("This phone has no sheets to move."))
    code = new_code()  # 192 random bits
    sealed = _seal(code, {part: checked[part] for part in PARTS})
    now = utcnow()
    expires = now + timedelta(minutes=float(current_app.config["CLAIM_MINUTES"]))  # as every hand-over link
    db.session.execute(delete(MoveClaim).where(MoveClaim.expires_at <= now))
    db.session.add(MoveClaim(code_hash=hash_key(code), payload=sealed, expires_at=expires))
    db.session.commit()
    return {
        "code": code,
        "expires": iso_time(expires),
        **{part: len(checked[part]) for part in PARTS},
        "refused": checked["refused"],
    }


TAKEN = b"taken\x00"
"""Marks a claim's payload once taken with an ``Idempotency-Key``: the list sealed again, under the code and that
key together, so that the phone whose answer was lost on the way (and only it) is answered again."""


def _open(code: str, payload: bytes, retry: str | None = None) -> Any:
    """The list a payload seals (under ``code``, or once taken under ``code`` and ``retry``); ``ValueError``
    when it does not open."""
    secret = code if retry is None else f"{code}\n{retry}"
    try:
        return json.loads(_cipher(secret).decrypt(payload[:12], payload[12:], None))
    except Exception as error:
        raise ValueError("not this claim's") from error


def _seal(secret: str, data: Any) -> bytes:
    nonce = os.urandom(12)
    return nonce + _cipher(secret).encrypt(nonce, json.dumps(data).encode("utf-8"), None)


def take_claim(code: Any, retry: str | None = None) -> dict[str, list[dict[str, Any]]]:
    """The list a code holds, once, checked again as :func:`checked_list` checks it (a key revoked since the
    link was made is left out and said). An unknown code is 404, counted like a wrong key (then 429); an
    expired or used one is 410.

    ``retry`` is the request's ``Idempotency-Key``: the list taken with one stays, sealed again under the code and
    that key, until the claim expires, and a request with the same code and key is answered again (a phone whose
    connection dropped before the answer came asks again); without one the list is wiped. Any other phone is
    told the link was used."""
    retry = seat_rules.check_idempotency_key(retry)
    claim = db.session.get(MoveClaim, hash_key(code)) if isinstance(code, str) and code else None
    if claim is None:  # counted per address like wrong claim codes (429 past the limit), never for everyone
        refuse_wrong_key(
            "move-claims",
            _("This move link is not known: ask the other phone for a new one."),
            status=404,
            everyone=False,
        )
    used = _("This move link was used already: make a new one on the other phone.")
    if claim.expires_at <= utcnow():
        raise ApiError(_("This move link has expired (it works for 30 minutes): make a new one."), 410)
    payload = bytes(claim.payload or b"")
    if payload.startswith(TAKEN):
        try:
            opened = _open(code, payload[len(TAKEN) :], retry) if retry else None
        except ValueError:
            opened = None
        if opened is None:
            raise ApiError(used, 410)
        return checked_list(opened)
    if not payload:
        raise ApiError(used, 410)
    try:
        opened = _open(code, payload)
    except ValueError:  # a payload that does not open is a code that is not this claim's
        raise ApiError(_("This move link is not known: ask the other phone for a new one."), 404) from None
    opened = opened if isinstance(opened, dict) else {"games": opened}  # a claim sealed before crews moved
    after = TAKEN + _seal(f"{code}\n{retry}", opened) if retry else b""  # used: the list is gone but for this phone
    taken = db.session.execute(  # one taker only: the payload is replaced only if it is still the one read
        update(MoveClaim)
        .where(MoveClaim.code_hash == claim.code_hash, MoveClaim.payload == payload)
        .values(payload=after)
    )
    db.session.commit()
    if cast(CursorResult[Any], taken).rowcount != 1:
        raise ApiError(used, 410)
    return checked_list(opened)
