"""An UNO Flip round's API body from the values of its round form (pure; see :mod:`app.games.entry`): UNO's, with
the side the hand ended on."""

from __future__ import annotations

from typing import Any

from app.engine.errors import RoundError
from app.engine.i18n import _
from app.games.entry import Values
from app.games.uno import entry as uno

from .engine import cards


def side_of(values: Values) -> str:
    """The side the form says the hand ended on; a problem when none is chosen."""
    side = values.get("side")
    if side not in cards.SIDES:
        raise RoundError(_("Choose the side the hand ended on."))
    return side


def round_body(values: Values, names: list[str], number: int, ruleset: Any) -> dict[str, Any]:
    return {**uno.round_body(values, names, number, ruleset), "side": side_of(values)}
