"""What the round forms of the card games (someone goes out, the others count their cards) share."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from ..engine.notation import format_cards, split_tokens
from ..errors import ApiError


def went_out_of(form: Any, names: list[str]) -> str:
    """The player the form says went out; 400 when none is chosen or the form lacks a row."""
    try:
        went_out = names[int(form.went_out.data)]
    except (TypeError, ValueError, IndexError):
        raise ApiError(_("Choose who went out.")) from None
    if len(form.players.entries) != len(names):
        raise ApiError(_("The form did not hold a line for every player: reload the page and enter the round again."))
    return went_out


def leftover(row: Any) -> dict[str, Any]:
    """A row's leftover as typed: ``points`` (a total counted at the table) or ``cards``; empty when neither."""
    if row.points.data is not None:
        return {"points": row.points.data}
    if row.cards.data and row.cards.data.strip():
        return {"cards": split_tokens(row.cards.data)}
    return {}


def prefill_leftover(row: Any, result: dict[str, Any]) -> bool:
    """Fill a row's total or cards from a stored result; ``False`` when the result holds neither."""
    if "cards" in result:
        row.cards.data = format_cards(result["cards"])
    elif "points" in result:
        row.points.data = result["points"]
    else:
        return False
    return True
