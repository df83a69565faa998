"""An UNO score sheet: totals, the winner, and the dealer, all from the recorded hands.

Same shape as :mod:`app.games.phase10.engine.sheet`: build a :class:`Sheet` with ``Sheet(rules, players)``
or :meth:`Sheet.replay`, add hands with :meth:`Sheet.add_round`, read :meth:`Sheet.to_json`.

``winner_takes``: the player who went out scores the others' cards; the first to reach the target
wins. ``lowest_wins``: everyone adds their own leftover cards; once someone is at or over the
target the lowest total wins, and while two or more share the lowest total the game goes on.
UNO has no tie-breaker round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.engine.i18n import _, number
from app.engine.outcome import Correction, DecidingRule, Outcome  # noqa: F401 - Correction: what replace_round and undo return
from app.engine.players import check_players as _check_players
from app.engine.players import join_names
from app.engine.sheetbase import TotalsSheet

from .rounds import (
    RoundContext,
    RoundEntry,
    ScoredRound,
    check_together,
    parse_round,
    parse_row,
    score_round,
    score_row,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 10

REACHED_TARGET, LOWEST_TOTAL = DecidingRule.REACHED_TARGET, DecidingRule.LOWEST_TOTAL
"""The rules that can decide an UNO game (:attr:`Outcome.rule`)."""


def check_players(names: Any) -> tuple[str, ...]:
    """The players' names, trimmed, in seating order; raise :class:`~app.engine.errors.RulesError` when the
    list cannot be a game (UNO takes 2-10 players, names 1-30 characters, unique ignoring case)."""
    return _check_players(names, MIN_PLAYERS, MAX_PLAYERS)


class Sheet(TotalsSheet):
    """The score sheet of one UNO game recorded at the table (the mechanics are
    :class:`~app.engine.sheetbase.TotalsSheet`'s, the rules of UNO here)."""

    game = "uno"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    _entry_type, _scored_type, _parse_round = RoundEntry, ScoredRound, staticmethod(parse_round)
    _score_round = staticmethod(score_round)
    """How a hand of this deck is checked and scored (another UNO deck brings its own)."""

    def _score(self, entry: RoundEntry, number: int, *, stored: bool = False) -> ScoredRound:
        return self._score_round(entry, self._context(number, stored))

    def _gains(self, scored: ScoredRound) -> tuple[tuple[str, int], ...]:
        return scored.scores

    def _context(self, number: int, stored: bool = False) -> RoundContext:
        """What hand ``number`` is checked against: the rules, the players at the table, its dealer."""
        return RoundContext(self.rules, self.active, number, self.dealer(number), stored)

    def _parse_row(self, item: Any) -> Any:
        return parse_row(item, self.rules)

    def _score_row(self, result: Any, went_out: bool, number: int) -> Any:
        return score_row(result, went_out, self._context(number))

    def _check_lines_together(self, scored: Sequence[Any], went_out: str | None, number: int) -> None:
        check_together([line for line in scored if line.player != went_out], self._context(number))

    def needs_row(self, player: str, went_out: str | None) -> bool:
        """Every player's hand but the one who went out."""
        return player != went_out

    def _extra_json(self) -> dict[str, Any]:
        return {"notice": self.notice}

    def _record_extras(self) -> dict[str, dict[str, Any]]:
        """UNO adds ``outs``: the hands each player went out."""
        outs = dict.fromkeys(self.players, 0)
        for scored in self._rounds:
            outs[scored.went_out] += 1
        return {player: {"outs": count} for player, count in outs.items()}

    # --- questions ---------------------------------------------------------------------------------

    @property
    def lowest_wins(self) -> bool:
        """Whether the lowest total wins (``lowest_wins``; ``winner_takes``: the highest)."""
        return self.rules.scoring == "lowest_wins"

    def _at_target(self) -> tuple[str, ...]:
        target, scores = self.rules.target, self._scores
        return tuple(p for p in self.active if scores[p] >= target)  # a player who left cannot win

    @property
    def outcome(self) -> Outcome | None:
        """How the game was decided (``None`` while it goes on)."""
        reached = self._at_target()
        if not reached:
            return None
        if not self.lowest_wins:
            # Only the player who went out scores in a hand, so one player at most crosses the target.
            winner = reached[0]
            return Outcome(
                REACHED_TARGET,
                winner,
                reached,
                _("{winner} reached {target} points first.").format(winner=winner, target=number(self.rules.target)),
            )
        lowest = self.leaders()
        if len(lowest) > 1:
            return None
        return Outcome(
            LOWEST_TOTAL,
            lowest[0],
            reached,
            _("{players} reached the target of {target}; {winner} has the lowest total.").format(
                players=join_names(reached), target=number(self.rules.target), winner=lowest[0]
            ),
        )

    @property
    def notice(self) -> str | None:
        """Under ``lowest_wins``, why the game goes on although someone reached the target."""
        reached = self._at_target()
        if not self.lowest_wins or not reached or self.outcome is not None:
            return None
        return _(
            "{players} reached the target of {target}, but {tied} share the lowest total: play another hand."
        ).format(players=join_names(reached), target=number(self.rules.target), tied=join_names(self.leaders()))

    @property
    def status(self) -> str:
        """``"playing"`` or ``"finished"``."""
        return "playing" if self.outcome is None else "finished"
