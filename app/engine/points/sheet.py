"""The score sheet of a points game: totals, when the game ends, and the winner or the players who tie.

Same shape as the other games' sheets: build a :class:`Sheet` with ``Sheet(rules, players)`` or
:meth:`Sheet.replay`, add rounds with :meth:`Sheet.add_round`, read :meth:`Sheet.to_json`. The game ends
after the round in which a total reaches the target (≥) or the number of rounds reaches ``rounds``,
whichever comes first; with neither it stays open. The best total wins (highest, or with ``wins:
lowest`` the lowest); equal best totals are a tie (``tied``, and no winner).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import RoundError
from ..i18n import _
from ..options import RuleSet
from ..players import check_players as _check_players
from ..players import join_names
from ..sheetbase import ScoreSheet
from .rounds import RoundEntry, ScoredRound, parse_round, score_round
from .rules import LOWEST

MIN_PLAYERS, MAX_PLAYERS = 2, 12

REACHED_TARGET = "target"
LAST_ROUND = "rounds"
"""The rules that can end a points game (:attr:`Outcome.rule`)."""


def check_players(names: Any) -> tuple[str, ...]:
    """The players' names, trimmed, in seating order; raise :class:`~app.engine.errors.RulesError` when the
    list cannot be a game (2-12 players, names 1-30 characters, unique ignoring case)."""
    return _check_players(names, MIN_PLAYERS, MAX_PLAYERS)


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's total."""

    name: str
    score: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "score": self.score}


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended: the ``rule``, the ``winner`` (``None`` on a tie), the players who ``tied``, and why."""

    rule: str
    winner: str | None
    tied: tuple[str, ...]
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "winner": self.winner, "tied": list(self.tied) or None, "text": self.text}


class Sheet(ScoreSheet):
    """The score sheet of one game scored in points (the mechanics are
    :class:`~app.engine.sheetbase.ScoreSheet`'s)."""

    game = "points"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    # A points round has no went_out, so its round types are its own, not the card games' sheetbase ones.
    _entry_type = RoundEntry  # type: ignore[assignment]
    _scored_type = ScoredRound  # type: ignore[assignment]
    _parse_round = staticmethod(parse_round)

    def __init__(self, rules: RuleSet, players: Sequence[str], first_dealer: str | None = None):
        super().__init__(rules, players, first_dealer)
        self._scores = dict.fromkeys(self.players, 0)

    def _score(self, entry: RoundEntry, number: int) -> ScoredRound:
        return score_round(entry, self.players, number, self.dealer(number))

    def _apply(self, scored: ScoredRound) -> None:
        for result in scored.results:
            self._scores[result.player] += result.points

    def _gains(self, scored: ScoredRound) -> tuple[tuple[str, int], ...]:
        return tuple((r.player, r.points) for r in scored.results)

    def _extra_json(self) -> dict[str, Any]:
        outcome = self.outcome
        return {"tied": list(outcome.tied) if outcome and outcome.tied else None}

    def check_open(self) -> None:
        """Raise :class:`RoundError` when the game is over (won or tied)."""
        outcome = self.outcome
        if outcome is not None and outcome.winner is None:
            raise RoundError(
                _("The game is over: {players} tied. Correct or undo a round to reopen it.").format(
                    players=join_names(outcome.tied)
                ),
                round=len(self._rounds) + 1,
            )
        super().check_open()

    def replace_round(self, number: int, entry: RoundEntry) -> ScoredRound:
        """Replace round ``number``, checking every later round again; returns the corrected round."""
        corrected = self._corrected(number, entry)
        self._rounds, self._scores = corrected._rounds, corrected._scores
        return self._rounds[number - 1]

    def undo(self) -> ScoredRound:
        """Drop the last round and return it."""
        removed = self._last_round()
        self._rounds.pop()
        for result in removed.results:
            self._scores[result.player] -= result.points
        return removed

    # --- questions ---------------------------------------------------------------------------------

    def standings(self) -> list[Standing]:
        """Every player's total, in seating order."""
        return [Standing(p, self._scores[p]) for p in self.players]

    def leaders(self) -> tuple[str, ...]:
        """The players with the best total (the highest, or under ``wins: lowest`` the lowest)."""
        pick = min if self.rules.wins == LOWEST else max
        best = pick(self._scores.values())
        return tuple(p for p in self.players if self._scores[p] == best)

    def _ending(self) -> str | None:
        """The rule that ended the game, or ``None`` while it goes on."""
        target, rounds = self.rules.target, self.rules.rounds
        if target is not None and any(total >= target for total in self._scores.values()):
            return REACHED_TARGET
        if rounds is not None and len(self._rounds) >= rounds:
            return LAST_ROUND
        return None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (``None`` while it goes on)."""
        rule = self._ending()
        if rule is None:
            return None
        best = self.leaders()
        total = self._scores[best[0]]
        why = (
            _("A total reached {target} points.").format(target=self.rules.target)
            if rule == REACHED_TARGET
            else _("All {rounds} rounds are played.").format(rounds=self.rules.rounds)
        )
        # Two whole sentences: why the game ended, then who won (one sentence per case, for translators).
        lowest = self.rules.wins == LOWEST
        if len(best) > 1:
            verdict = (
                _("{players} share the lowest total, {total}: a tie.")
                if lowest
                else _("{players} share the highest total, {total}: a tie.")
            )
            text = f"{why} {verdict.format(players=join_names(best), total=total)}"
            return Outcome(rule, None, best, text)
        verdict = (
            _("{winner} has the lowest total, {total}.") if lowest else _("{winner} has the highest total, {total}.")
        )
        text = f"{why} {verdict.format(winner=best[0], total=total)}"
        return Outcome(rule, best[0], (), text)

    @property
    def status(self) -> str:
        """``"playing"`` or ``"finished"``."""
        return "playing" if self._ending() is None else "finished"
