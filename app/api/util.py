"""Request parsing shared by the API views."""

from __future__ import annotations

from typing import Any

from flask import jsonify, request
from flask_babel import gettext as _

from ..errors import ApiError
from ..services import live


def json_object() -> dict[str, Any]:
    """The request body as a JSON object, or a 400 that says what is wrong with it."""
    try:
        data = request.get_json(force=True, silent=True)
    except RecursionError:  # nesting deeper than the parser goes: silent=True catches only ValueError
        raise ApiError(_("The body is nested too deeply to be read.")) from None
    if not isinstance(data, dict):
        raise ApiError(_("The body must be a JSON object."))
    from .edge import check_body  # the route's definition (app/api/schemas.py), when it has one

    check_body(data)
    return data


def token_list(data: dict[str, Any], key: str, what: str | None = None) -> list[str]:
    """``data[key]`` as a list of card tokens (strings), or a 400 naming the field."""
    value = data.get(key)
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise ApiError(_('"{key}" must be a list of card tokens (strings).').format(key=what or key))
    return value


def bearer_key() -> str | None:
    """The edit key sent as ``Authorization: Bearer <key>``, if any."""
    scheme, _sep, value = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()


def written(body: dict[str, Any], status: int = 200):
    """A write's answer; the phones watching the game will ask for this version next (app.services.live)."""
    live.remember_answer(body)
    return jsonify(body), status


SHOWN_MAX = 40
"""The longest part of an address repeated in an error message (a longer one is shortened with "…")."""


def round_number(value: str) -> int:
    """The round number in the address; 404 naming it as asked (a long one shortened, never cut silently)."""
    if not (value.isascii() and value.isdigit()) or len(value) > 6:
        shown = value if len(value) <= SHOWN_MAX else value[: SHOWN_MAX - 1] + "…"
        raise ApiError(_("There is no round {number} in this game.").format(number=shown), 404)
    return int(value)
