"""This device, as the pages know it: its recent games, the edit keys it holds, and the game a page opens.

Shared by the sheet's pages and those that start or list sheets (:mod:`.sheets`, :mod:`.hands`, :mod:`.share`,
:mod:`.tables`, :mod:`.crews`). A key travels as :mod:`app.handover` says: in a link's fragment, then in a cookie
scoped to the sheet's pages (:func:`scope`).
"""

from __future__ import annotations

from flask import abort, flash, redirect, request, session, url_for
from flask_babel import gettext as _

from .. import handover
from ..database import in_writes_late_view
from ..errors import ApiError
from ..keys import key_matches
from ..services import sheets

RECENT_LIMIT = 20
"""Games this device's recent list keeps (the session's; the page's storage keeps more)."""


def remember(game_id: str) -> None:
    """Put the game first in this device's recent list."""
    recent = [g for g in session.get("recent", []) if g != game_id]
    session["recent"] = [game_id, *recent][:RECENT_LIMIT]


def scope(game_id: str) -> str:
    """The path under which this phone's key for the sheet travels (its pages and forms)."""
    return url_for("sheets.show", game_id=game_id)


def edit_key(game) -> str | None:
    """This device's edit key for ``game`` (its cookie for the sheet's pages), when it is the right one."""
    key = handover.held_key()
    return key if key and key_matches(key, game.edit_key_hash) else None


def handed_over(game_id: str, key: str, to: str | None = None):
    """Back to the sheet (or ``to``, a page under it) with the key in the fragment (the page script keeps it on
    the phone) and in the sheet's cookie (forms work at once, and without JavaScript)."""
    response = redirect(handover.fragment_link(to or scope(game_id), key))
    response.headers["Cache-Control"] = "no-store"
    return handover.keep(response, scope(game_id), key)


def load_game(game_id: str, edit: bool = False):
    """The sheet a page shows (404 for none); with ``edit``, ``None`` (and a message) when this phone cannot
    change it."""
    # A view that writes late locks the game's row under the write lock (writes.write_late), not while it replays.
    lock = edit and request.method == "POST" and not in_writes_late_view()
    try:
        game = sheets.get_game(game_id, lock=lock)
    except ApiError:
        abort(404)
    if edit and edit_key(game) is None:
        flash(_("This phone can only view this sheet: open the edit link to record rounds."), "error")
        return None
    return game
