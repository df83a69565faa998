"""A points round's API body from the values of its round form (pure; see :mod:`app.games.entry`)."""

from __future__ import annotations

from typing import Any

from app.engine.errors import RoundError
from app.engine.i18n import _
from app.games.entry import Values, rows_of


def points_of(row: Values, name: str) -> dict[str, Any]:
    """A row's points; a problem naming the player when none were typed."""
    points = row.get("points")
    if points is None:
        raise RoundError(_("Enter the points of {name} (0 when they scored none).").format(name=name), player=name)
    return {"points": points}


def round_body(values: Values, names: list[str], number: int, ruleset: Any) -> dict[str, Any]:
    rows = rows_of(values, names)
    return {"round": number, "results": [{"player": name, **points_of(row, name)} for name, row in zip(names, rows)]}
