"""How a game ended and what a correction changed: one shape for every game (sheets and digital games).

An :class:`Outcome` says who won *and why*, as python-chess's ``Outcome`` carries its
``Termination``: the :class:`DecidingRule` is an enum, so callers compare members instead of
strings, and its value is the ``rule`` string of the JSON API. A tie has no ``winner``
(:attr:`Outcome.is_tie`): Phase 10 waits for its tie-breaker round, a points game ends level.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class DecidingRule(StrEnum):
    """The rule that decided a game (API.md: ``outcome.rule``)."""

    SOLE_FINISHER = "sole_finisher"
    """Phase 10: the only player to complete the last phase (every phase, under ``pick_a_phase``)."""
    LOWEST_TOTAL = "lowest_total"
    """The lowest total among the players in the running."""
    TIEBREAKER = "tiebreaker"
    """Phase 10: equal lowest totals, decided by the tie-breaker round (pending while ``winner`` is ``None``)."""
    REACHED_TARGET = "target"
    """A total reached the target score: UNO (``winner_takes``), the first to reach it wins; a points game ends
    after that round, and the best total wins (or ties)."""
    LAST_ROUND = "rounds"
    """Points: the number of rounds the table rules set has been played; the best total wins (or ties)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the ``rule`` that decided it, the ``winner`` (``None`` on a tie: while a Phase 10
    tie-breaker is pending, or a points game ended level), the players who were in the running (on a tie,
    the tied players), and a sentence saying why."""

    rule: DecidingRule
    winner: str | None
    players: tuple[str, ...]
    text: str

    @property
    def is_tie(self) -> bool:
        """Whether the game is tied (Phase 10: it waits for its tie-breaker's result; points: it ended level)."""
        return self.winner is None

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule.value, "winner": self.winner, "players": list(self.players), "text": self.text}


@dataclass(frozen=True, slots=True)
class Correction:
    """What a correction or an undo changed: the round now in place (the round removed, after an undo) and
    whether a recorded tie-breaker result was dropped (the caller clears its copy)."""

    round: Any
    tiebreaker_dropped: bool = False
