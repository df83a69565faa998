"""An UNO Show 'em No Mercy score sheet: UNO's sheet (:mod:`app.games.uno.engine.sheet`), winner takes all, 1000 to win."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.engine.players import check_players as _check_players
from app.games.uno.engine import sheet as uno

from .rounds import RoundEntry, ScoredRound, parse_round, parse_row, round_of_rows, score_round, score_row

MIN_PLAYERS, MAX_PLAYERS = 2, 6


def check_players(names: Any) -> tuple[str, ...]:
    """The players' names in seating order (No Mercy takes 2-6 players)."""
    return _check_players(names, MIN_PLAYERS, MAX_PLAYERS)


class Sheet(uno.Sheet):
    """The score sheet of one No Mercy game: the hand's winner scores, the first to the target wins."""

    game = "uno_no_mercy"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    _entry_type, _scored_type = RoundEntry, ScoredRound  # type: ignore[assignment]
    _parse_round = staticmethod(parse_round)  # type: ignore[assignment]
    _score_round = staticmethod(score_round)  # type: ignore[assignment]

    @property
    def lowest_wins(self) -> bool:
        return False

    # --- a hand filled in row by row: knock-outs in the rows, no count of the deck -------------------------

    def _parse_row(self, item: Any) -> Any:
        return parse_row(item)

    def _score_row(self, result: Any, went_out: bool, number: int) -> Any:
        return score_row(result, went_out)

    def _check_lines_together(self, scored: Sequence[Any], went_out: str | None, number: int) -> None:
        """Nothing: No Mercy's hands are not counted against a deck (RULES.md)."""

    round_of_rows = staticmethod(round_of_rows)

    def _record_extras(self) -> dict[str, dict[str, Any]]:
        """UNO's ``outs`` (hands won, by going out or as the last standing) and ``knocked_out`` (times knocked out)."""
        extras = super()._record_extras()
        for player in self.players:
            extras[player]["knocked_out"] = sum(player in scored.knocked_out for scored in self._rounds)
        return extras
