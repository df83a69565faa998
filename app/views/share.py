"""Sharing a sheet in one tap: the view link and, separately, the edit link, each with a QR code.

The QR codes are drawn here with segno as inline SVG (no image service). The edit link is made in
one place, :func:`edit_link` (a claim code good for 30 minutes in the fragment, see app/handover.py). It appears only on its own
page — the one way a sheet offers to hand edit rights over ("Let another phone edit too"), with its QR
code, Share button and "Make a new edit key" — served with ``Cache-Control: no-store`` and never kept
by the service worker (static/js/sw.js); the sheet page, which the service worker keeps for offline
use, never holds the key.
"""

from __future__ import annotations

import segno
from flask import Blueprint, flash, make_response, redirect, render_template, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from .. import handover
from ..database import begin_write
from ..errors import ApiError
from ..services import claims, sheets
from . import device

bp = Blueprint("share", __name__, url_prefix="/sheets")


def view_link(game_id: str) -> str:
    """The address that lets anyone read the sheet (and nothing more)."""
    return url_for("sheets.show", game_id=game_id, _external=True)


def edit_link(game_id: str, key: str) -> str:
    """The address that gives another phone the right to edit the sheet (the only place it is made): a claim
    code good for 30 minutes, not the key."""
    return handover.claim_link(view_link(game_id), claims.make(game_id, "edit", key)["code"])


@bp.app_template_global()
def qr_svg(text: str, label: str) -> Markup:
    """``text`` as a QR code in inline SVG (dark on white, scales with CSS), labelled for screen readers."""
    code = segno.make(text, error="m")
    svg = code.svg_inline(scale=4, omitsize=True, svgclass="qr", light="#fff", dark="#000", title=label)
    return Markup(svg.replace("<svg ", '<svg role="img" ', 1))


@bp.get("/<game_id>/share/edit")
def edit(game_id: str):
    """The edit link, its Share button and QR code: for a phone that holds the edit rights only."""
    try:
        game = sheets.get_game(game_id)
    except ApiError:
        return redirect(url_for("sheets.recent"))
    key = device.edit_key(game)
    if key is None:
        flash(_("This phone can only view this sheet: open the edit link to record rounds."), "error")
        return redirect(url_for("sheets.show", game_id=game.id))
    begin_write()  # the link's code is stored: take the write turn first (SQLite: BEGIN IMMEDIATE)
    page = render_template("sheets/share_edit.html", game=game, link=edit_link(game.id, key))
    response = make_response(page)
    response.headers["Cache-Control"] = "no-store"
    return response
