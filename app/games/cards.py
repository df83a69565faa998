"""Filling a round form of the card games from a stored round (reading a form's values is :mod:`app.games.entry`'s)."""

from __future__ import annotations

from typing import Any

from ..engine.notation import format_cards


def prefill_leftover(row: Any, result: dict[str, Any]) -> bool:
    """Fill a row's total or cards from a stored result; ``False`` when the result holds neither."""
    if "cards" in result:
        row.cards.data = format_cards(result["cards"])
    elif "points" in result:
        row.points.data = result["points"]
    else:
        return False
    return True
