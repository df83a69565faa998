"""A Phase 10 round's API body from the values of its round form (pure; see :mod:`app.games.entry`)."""

from __future__ import annotations

from typing import Any

from app.engine.errors import EngineError, RoundError
from app.engine.i18n import _
from app.engine.notation import parse_groups
from app.games.entry import Values, leftover, went_out_of

from .engine import rounds
from .engine.cards import CARD_CLASSES as COUNTS
from .engine.variants import variant_of


def round_body(values: Values, names: list[str], number: int, ruleset: Any) -> dict[str, Any]:
    went_out = went_out_of(values, names)
    pick = variant_of(ruleset).picks_phase
    results = [result_of(row, name, pick, name == went_out) for name, row in zip(names, values["players"])]
    return {"round": number, "went_out": went_out, "results": results}


def result_of(row: Values, name: str, pick: bool, went_out: bool) -> dict[str, Any]:
    """One player's ``results`` entry from their row of the round form."""
    result: dict[str, Any] = {"player": name, "completed": completed_of(row, pick, went_out)}
    laid_down = row.get("laid_down")
    if laid_down and laid_down.strip() and result["completed"] is not False:
        try:
            result["laid_down"] = parse_groups(laid_down, str)
        except EngineError as error:
            message = _("%(name)s's laid-down phase: %(problem)s") % {"name": name, "problem": error}
            raise RoundError(message, player=name) from error
    if not went_out:
        result.update(leftover(row) or counts_of(row, result["completed"]))
    return result


def completed_of(row: Values, pick: bool, went_out: bool) -> bool | int:
    """The row's ``completed``: the phase chosen under pick_a_phase, else the toggle, or what the engine says follows
    from going out or from the hand entered (fewer than 10 cards)."""
    if pick:
        chosen = (row.get("phase") or "").strip()
        return int(chosen) if chosen.isascii() and chosen.isdigit() else False
    ticked = rounds.completed_if_out(went_out, bool(row.get("completed")))
    if went_out:
        return ticked
    typed = leftover(row)
    if "points" in typed:
        return ticked
    cards = typed.get("cards")
    counts = {key: row.get(key) for key in COUNTS}
    return rounds.completed_by_hand(ticked, counts, None if cards is None else len(cards))


def counts_of(row: Values, completed: bool | int) -> dict[str, Any]:
    """The keypad's counts; a player without a completed phase holds exactly 10 cards (the rest are low)."""
    filled = rounds.filled_counts({key: row.get(key) for key in COUNTS}, completed is not False)
    return {} if filled is None else {"counts": filled}
