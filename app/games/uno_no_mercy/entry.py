"""An UNO Show 'em No Mercy round's API body from the values of its round form (pure; see :mod:`app.games.entry`)."""

from __future__ import annotations

from typing import Any

from app.games.entry import Values, leftover, went_out_of

WENT_OUT, STANDING = "out", "standing"
"""How the hand was won (the form's ``won_by``): someone went out, or was the last player standing."""


def result_of(row: Values, standing: bool) -> dict[str, Any]:
    """A loser's row: knocked out (ticked, or left empty when the winner was the last standing), else what they hold."""
    entered = leftover(row)
    if row.get("knocked_out") or (standing and not entered):
        return {"knocked_out": True}
    return entered


def round_body(values: Values, names: list[str], number: int, ruleset: Any) -> dict[str, Any]:
    winner = went_out_of(values, names)
    standing = values.get("won_by") == STANDING
    results = [
        {"player": name, **result_of(row, standing)} for name, row in zip(names, values["players"]) if name != winner
    ]
    return {"round": number, ("last_standing" if standing else "went_out"): winner, "results": results}
