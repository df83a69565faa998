"""What the round forms of the card games share, read from the form's values (pure: no Flask, no WTForms).

A round form's values are what WTForms answers as ``form.data``: the form's own fields by name, and ``players``, one
dict of a row's fields per player. Each game's ``entry`` module turns them into the API's round body; the server
reads its posted form so (:meth:`app.games.registry.GameType.round_body`), and a phone without a connection reads
the round it keeps so, in its browser, to count it provisionally (:mod:`app.provisional`). A problem is a
:class:`~app.engine.errors.RoundError` naming the player when it is about one row.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.errors import RoundError
from ..engine.i18n import _
from ..engine.notation import split_tokens

Values = Mapping[str, Any]


def rows_of(values: Values, names: list[str]) -> list[Values]:
    """The form's rows, one per player; a problem when the form lacks a row."""
    rows = values.get("players") or []
    if len(rows) != len(names):
        raise RoundError(_("The form did not hold a line for every player: reload the page and enter the round again."))
    return list(rows)


def went_out_of(values: Values, names: list[str]) -> str:
    """The player the form says went out; a problem when none is chosen or the form lacks a row."""
    try:
        went_out = names[int(values.get("went_out"))]  # type: ignore[arg-type]
    except (TypeError, ValueError, IndexError):
        raise RoundError(_("Choose who went out.")) from None
    rows_of(values, names)
    return went_out


def leftover(row: Values) -> dict[str, Any]:
    """A row's leftover as typed: ``points`` (a total counted at the table) or ``cards``; empty when neither."""
    if row.get("points") is not None:
        return {"points": row["points"]}
    cards = row.get("cards")
    if cards and cards.strip():
        return {"cards": split_tokens(cards)}
    return {}
