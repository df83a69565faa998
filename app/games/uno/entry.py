"""An UNO round's API body from the values of its round form (pure; see :mod:`app.games.entry`)."""

from __future__ import annotations

from typing import Any

from app.games.entry import Values, leftover, went_out_of


def round_body(values: Values, names: list[str], number: int, ruleset: Any) -> dict[str, Any]:
    """Who went out, and every other player's cards or total."""
    went_out = went_out_of(values, names)
    results = [{"player": name, **leftover(row)} for name, row in zip(names, values["players"]) if name != went_out]
    return {"round": number, "went_out": went_out, "results": results}
