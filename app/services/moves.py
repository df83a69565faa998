"""Moving a phone's games to another phone (issue 23 §3): a short-lived claim holding this phone's sheets and
their edit keys, handed over by one link or QR code.

The old phone sends its list (each sheet's id, and its edit key when it holds one); every key is checked
against its sheet (a key that is not the sheet's is not handed on). The list is sealed with AES-GCM under a
key derived from the claim's code (192 random bits), which only the link carries, in its fragment: the
server keeps the code's SHA-256 (to find the claim) and the sealed list, so its database alone cannot open
it. The new phone claims it once, within 30 minutes: the sealed list is then wiped (the row stays until it
expires, so a second claim is told the link was used).
"""

from __future__ import annotations

import json
import os
from datetime import timedelta
from typing import Any

from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.hashes import SHA256
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from flask import current_app
from flask_babel import gettext as _
from sqlalchemy import delete, select

from ..errors import ApiError
from ..extensions import db
from ..keys import hash_key, key_matches, well_formed_id
from ..models import Game, MoveClaim, utcnow
from ..security import refuse_wrong_key
from .claims import new_code
from .sheets import iso_time

MAX_GAMES = 200
"""The most sheets one list moves (a phone's recent list holds far fewer)."""
FORMAT = "deckside-games"
"""The ``format`` of the file that holds the same list (the page saves and opens it)."""


def _cipher(code: str) -> AESGCM:
    key = HKDF(algorithm=SHA256(), length=32, salt=None, info=b"deckside move claim").derive(code.encode("utf-8"))
    return AESGCM(key)


def checked_games(items: Any) -> list[dict[str, Any]]:
    """The list a phone hands on, checked: ``[{"id": ..., "key": ... | null}]``; sheets that do not exist are
    left out, and so is a key that is not its sheet's (the sheet is then handed on to view). 400 naming what
    is wrong with the list's shape."""
    if not isinstance(items, list) or len(items) > MAX_GAMES:
        raise ApiError(_('"games" must be a list of at most {maximum} sheets.').format(maximum=MAX_GAMES))
    wanted: dict[str, str | None] = {}
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            raise ApiError(_('Each sheet of the list is {"id": "...", "key": "..." or null}.'))
        key = item.get("key")
        if key is not None and not isinstance(key, str):
            raise ApiError(_('Each sheet of the list is {"id": "...", "key": "..." or null}.'))
        if well_formed_id(item["id"]):
            wanted.setdefault(item["id"], key)
    games = {g.id: g for g in db.session.execute(select(Game).where(Game.id.in_(list(wanted)))).scalars()}
    return [
        {"id": game_id, "key": key if key and key_matches(key, games[game_id].edit_key_hash) else None}
        for game_id, key in wanted.items()
        if game_id in games
    ]


def create_claim(items: Any) -> dict[str, Any]:
    """A claim holding the checked list: ``{"code", "expires", "games"}`` (``games``: how many)."""
    games = checked_games(items)
    if not games:
        raise ApiError(_("This phone has no sheets to move."))
    code = new_code()  # 192 random bits
    nonce = os.urandom(12)
    sealed = nonce + _cipher(code).encrypt(nonce, json.dumps(games).encode("utf-8"), None)
    now = utcnow()
    expires = now + timedelta(minutes=float(current_app.config["CLAIM_MINUTES"]))  # as every hand-over link
    db.session.execute(delete(MoveClaim).where(MoveClaim.expires_at <= now))
    db.session.add(MoveClaim(code_hash=hash_key(code), payload=sealed, expires_at=expires))
    db.session.commit()
    return {"code": code, "expires": iso_time(expires), "games": len(games)}


def take_claim(code: Any) -> list[dict[str, Any]]:
    """The list a code holds, once (the sealed list is then wiped). An unknown code is 404, counted like a wrong
    key (then 429); an expired or used one is 410."""
    claim = db.session.get(MoveClaim, hash_key(code)) if isinstance(code, str) and code else None
    if claim is None:  # counted per address like wrong claim codes (429 past the limit), never for everyone
        refuse_wrong_key(
            "move-claims",
            _("This move link is not known: ask the other phone for a new one."),
            status=404,
            everyone=False,
        )
    if claim.expires_at <= utcnow():
        raise ApiError(_("This move link has expired (it works for 30 minutes): make a new one."), 410)
    if not claim.payload:
        raise ApiError(_("This move link was used already: make a new one on the other phone."), 410)
    try:
        nonce, sealed = claim.payload[:12], claim.payload[12:]
        games = json.loads(_cipher(code).decrypt(nonce, sealed, None))
    except Exception:  # noqa: BLE001 - a payload that does not open is a code that is not this claim's
        raise ApiError(_("This move link is not known: ask the other phone for a new one."), 404) from None
    claim.payload = b""  # used: the list is gone, the row says so until it expires
    db.session.commit()
    return games
