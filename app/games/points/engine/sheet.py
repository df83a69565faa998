"""The score sheet of a points game: totals, when the game ends, and the winner or the players who tie.

Same shape as the other games' sheets: build a :class:`Sheet` with ``Sheet(rules, players)`` or
:meth:`Sheet.replay`, add rounds with :meth:`Sheet.add_round`, read :meth:`Sheet.to_json`. The game ends
after the round in which a total reaches the target (≥) or the number of rounds reaches ``rounds``,
whichever comes first; with neither it stays open. The best total wins (highest, or with ``wins:
lowest`` the lowest); equal best totals are a tie (``tied``, and no winner). The outcome is the shared
:class:`~app.engine.outcome.Outcome`: its ``rule`` is what ended the game (:data:`REACHED_TARGET`,
:data:`LAST_ROUND`); on a tie its ``players`` are the tied players. A points game has no tie-breaker.
"""

from __future__ import annotations

from typing import Any

from app.engine.errors import RoundError
from app.engine.i18n import _, ngettext, number
from app.engine.outcome import Correction, DecidingRule, Outcome  # noqa: F401 - Correction: what replace_round and undo return
from app.engine.players import check_players as _check_players
from app.engine.players import join_names
from app.engine.sheetbase import TotalsSheet

from .rounds import RoundEntry, ScoredRound, parse_round, parse_row, score_round
from .rules import LOWEST

MIN_PLAYERS, MAX_PLAYERS = 2, 12

REACHED_TARGET, LAST_ROUND = DecidingRule.REACHED_TARGET, DecidingRule.LAST_ROUND
"""The rules that can end a points game (:attr:`Outcome.rule`)."""


def check_players(names: Any) -> tuple[str, ...]:
    """The players' names, trimmed, in seating order; raise :class:`~app.engine.errors.RulesError` when the
    list cannot be a game (2-12 players, names 1-30 characters, unique ignoring case)."""
    return _check_players(names, MIN_PLAYERS, MAX_PLAYERS)


class Sheet(TotalsSheet):
    """The score sheet of one game scored in points (the mechanics are
    :class:`~app.engine.sheetbase.TotalsSheet`'s)."""

    game = "points"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    # A points round has no went_out, so its round types are its own, not the card games' sheetbase ones.
    _entry_type = RoundEntry  # type: ignore[assignment]
    _scored_type = ScoredRound  # type: ignore[assignment]
    _parse_round = staticmethod(parse_round)

    def _score(self, entry: RoundEntry, number: int, *, stored: bool = False) -> ScoredRound:
        return score_round(entry, self.active, number, self.dealer(number))  # no check protects new input only

    def _gains(self, scored: ScoredRound) -> tuple[tuple[str, int], ...]:
        return tuple((r.player, r.points) for r in scored.results)

    goes_out = False

    def _parse_row(self, item: Any) -> Any:
        return parse_row(item)

    def _score_row(self, result: Any, went_out: bool, number: int) -> Any:
        return result  # a line of points is checked whole when read

    def _outcome_json(self, outcome: Outcome) -> dict[str, Any]:
        """API.md "A third kind of sheet": the outcome names the ``tied`` players (``null`` when someone won)."""
        return {"rule": outcome.rule.value, "winner": outcome.winner, "tied": self._tied(outcome), "text": outcome.text}

    def _extra_json(self) -> dict[str, Any]:
        outcome = self.outcome
        return {"tied": self._tied(outcome) if outcome else None}

    @staticmethod
    def _tied(outcome: Outcome) -> list[str] | None:
        return list(outcome.players) if outcome.is_tie else None

    def check_open(self) -> None:
        """Raise :class:`RoundError` when the game is over (won or tied)."""
        outcome = self.outcome
        if outcome is not None and outcome.is_tie:
            raise RoundError(
                _("The game is over: {players} tied. Correct or undo a round to reopen it.").format(
                    players=join_names(outcome.players)
                ),
                round=len(self._rounds) + 1,
            )
        super().check_open()

    # --- questions ---------------------------------------------------------------------------------

    @property
    def lowest_wins(self) -> bool:
        """Whether the lowest total wins (``wins: lowest``; else the highest)."""
        return self.rules.wins == LOWEST

    def _ending(self) -> DecidingRule | None:
        """The rule that ended the game, or ``None`` while it goes on."""
        target, rounds = self.rules.target, self.rules.rounds
        if target is not None and any(self._scores[p] >= target for p in self.active):
            return REACHED_TARGET
        if rounds is not None and len(self._rounds) >= rounds:
            return LAST_ROUND
        return None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (``None`` while it goes on): the best total wins; on equal best totals the
        outcome is a tie (no ``winner``; ``players`` are the tied players)."""
        rule = self._ending()
        if rule is None:
            return None
        best = self.leaders()
        total = self._scores[best[0]]
        why = (
            _("A total reached {target} points.").format(target=number(self.rules.target))
            if rule is REACHED_TARGET
            else ngettext(
                "The game was set to end after {rounds} round.",
                "The game was set to end after {rounds} rounds.",
                self.rules.rounds,
            ).format(rounds=number(self.rules.rounds))
        )
        # Two whole sentences: why the game ended, then who won (one sentence per case, for translators).
        lowest = self.lowest_wins
        if len(best) > 1:
            verdict = (
                _("{players} share the lowest total, {total}: a tie.")
                if lowest
                else _("{players} share the highest total, {total}: a tie.")
            )
            text = f"{why} {verdict.format(players=join_names(best), total=number(total))}"
            return Outcome(rule, None, best, text)
        verdict = (
            _("{winner} has the lowest total, {total}.") if lowest else _("{winner} has the highest total, {total}.")
        )
        text = f"{why} {verdict.format(winner=best[0], total=number(total))}"
        return Outcome(rule, best[0], self.players, text)

    @property
    def status(self) -> str:
        """``"playing"`` or ``"finished"``."""
        return "playing" if self._ending() is None else "finished"
