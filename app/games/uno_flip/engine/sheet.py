"""An UNO Flip score sheet: UNO's sheet (:mod:`app.games.uno.engine.sheet`), each hand read on its side."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.engine.players import check_players as _check_players
from app.games.uno.engine import sheet as uno

from .rounds import (
    RoundEntry,
    ScoredRound,
    check_together,
    parse_round,
    parse_row,
    round_of_rows,
    score_round,
    score_row,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 10


def check_players(names: Any) -> tuple[str, ...]:
    """The players' names in seating order (UNO Flip takes 2-10 players)."""
    return _check_players(names, MIN_PLAYERS, MAX_PLAYERS)


class Sheet(uno.Sheet):
    """The score sheet of one UNO Flip game: UNO's totals, target and scoring, hands read on their side."""

    game = "uno_flip"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    _entry_type, _scored_type = RoundEntry, ScoredRound  # type: ignore[assignment]
    _parse_round = staticmethod(parse_round)
    _score_round = staticmethod(score_round)  # type: ignore[assignment]

    # --- a hand filled in row by row: each row says the side it was read on --------------------------------

    def _parse_row(self, item: Any) -> Any:
        return parse_row(item)

    def _score_row(self, result: Any, went_out: bool, number: int) -> Any:
        return score_row(result, went_out, self._context(number))

    def _check_lines_together(self, scored: Sequence[Any], went_out: str | None, number: int) -> None:
        check_together(list(scored), went_out, self._context(number))

    round_of_rows = staticmethod(round_of_rows)

    @property
    def last_side(self) -> str | None:
        """The side the last hand ended on (``None`` before the first): the round form starts on it."""
        return self._rounds[-1].side if self._rounds else None
