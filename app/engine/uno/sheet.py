"""An UNO score sheet: totals, the winner, and the dealer, all from the recorded hands.

Same shape as :mod:`app.engine.phase10.sheet`: build a :class:`Sheet` with ``Sheet(rules, players)``
or :meth:`Sheet.replay`, add hands with :meth:`Sheet.add_round`, read :meth:`Sheet.to_json`.

``winner_takes``: the player who went out scores the others' cards; the first to reach the target
wins. ``lowest_wins``: everyone adds their own leftover cards; once someone is at or over the
target the lowest total wins, and while two or more share the lowest total the game goes on.
UNO has no tie-breaker round.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import RoundError
from ..i18n import _
from ..options import RuleSet
from ..players import check_players as _check_players
from ..players import join_names
from .rounds import RoundContext, RoundEntry, ScoredRound, parse_round, score_round

MIN_PLAYERS, MAX_PLAYERS = 2, 10

REACHED_TARGET = "target"
LOWEST_TOTAL = "lowest_total"
"""The rules that can decide an UNO game (:attr:`Outcome.rule`)."""


def check_players(names: Any) -> tuple[str, ...]:
    """The players' names, trimmed, in seating order; raise :class:`~app.engine.errors.RulesError` when the
    list cannot be a game (UNO takes 2-10 players, names 1-30 characters, unique ignoring case)."""
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
    """How the game was decided: the ``rule``, the ``winner``, the players at or over the target, and why."""

    rule: str
    winner: str
    players: tuple[str, ...]
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "winner": self.winner, "players": list(self.players), "text": self.text}


class Sheet:
    """The score sheet of one UNO game recorded at the table."""

    def __init__(self, rules: RuleSet, players: Sequence[str]):
        self.rules = rules
        self.players = check_players(list(players))
        self._rounds: list[ScoredRound] = []
        self._scores = dict.fromkeys(self.players, 0)

    @classmethod
    def replay(
        cls, rules: RuleSet, players: Sequence[str], rounds: Iterable[RoundEntry | ScoredRound | Mapping[str, Any]]
    ) -> Sheet:
        """A sheet with ``rounds`` added in order (entries, scored rounds, or stored JSON); raises
        :class:`RoundError` naming the first round that does not hold."""
        sheet = cls(rules, players)
        for number, item in enumerate(rounds, start=1):
            try:
                if isinstance(item, ScoredRound):
                    item = item.entry
                elif not isinstance(item, RoundEntry):
                    if item.get("round", number) not in (None, number):
                        raise RoundError(
                            _(
                                "it is numbered {stored}, but stored rounds must be numbered 1, 2, 3… in order."
                            ).format(stored=item.get("round"))
                        )
                    item = parse_round(item, rules, stored=True)
                sheet.add_round(item)
            except RoundError as error:
                raise RoundError(
                    _("Round {number}: {problem}").format(number=number, problem=error),
                    player=error.player,
                    round=number,
                ) from None
        return sheet

    def check_open(self) -> None:
        """Raise :class:`RoundError` when the game is over and no hand may be added."""
        outcome = self.outcome
        if outcome is not None:
            raise RoundError(
                _("The game is over: {winner} won. Correct or undo a round to reopen it.").format(
                    winner=outcome.winner
                ),
                round=len(self._rounds) + 1,
            )

    def check_round(self, entry: RoundEntry) -> ScoredRound:
        """The next hand scored, if it can have happened; raise :class:`RoundError` (nothing changes)."""
        self.check_open()
        number = len(self._rounds) + 1
        try:
            return score_round(entry, RoundContext(self.rules, self.players, number, self.dealer(number)))
        except RoundError as error:
            if error.round is None:
                error.round = number
            raise

    def add_round(self, entry: RoundEntry) -> ScoredRound:
        """Check the next hand and record it; returns it scored."""
        scored = self.check_round(entry)
        self._rounds.append(scored)
        for player, points in scored.scores:
            self._scores[player] += points
        return scored

    def replace_round(self, number: int, entry: RoundEntry) -> ScoredRound:
        """Replace hand ``number``, checking every later hand again; raise :class:`RoundError` naming the
        first one that no longer holds (nothing changes then). Returns the corrected hand."""
        if not 1 <= number <= len(self._rounds):
            raise RoundError(_("There is no round {number} to correct.").format(number=number), round=number)
        entries = [r.entry for r in self._rounds]
        entries[number - 1] = entry
        corrected = Sheet(self.rules, self.players)
        for position, item in enumerate(entries, start=1):
            try:
                corrected.add_round(item)
            except RoundError as error:
                if position == number:
                    raise
                raise RoundError(
                    _("Round {position} no longer holds after this correction: {problem}").format(
                        position=position, problem=error
                    ),
                    player=error.player,
                    round=position,
                ) from None
        self._rounds, self._scores = corrected._rounds, corrected._scores
        return self._rounds[number - 1]

    def undo(self) -> ScoredRound:
        """Drop the last hand and return it."""
        if not self._rounds:
            raise RoundError(_("There is no round to undo."))
        removed = self._rounds.pop()
        for player, points in removed.scores:
            self._scores[player] -= points
        return removed

    # --- questions ---------------------------------------------------------------------------------

    @property
    def rounds(self) -> tuple[ScoredRound, ...]:
        return tuple(self._rounds)

    def dealer(self, number: int) -> str:
        """Who deals hand ``number``: the last player deals the first, then the deal passes to the left."""
        return self.players[(number - 2) % len(self.players)]

    @property
    def next_dealer(self) -> str | None:
        """The dealer of the next hand (``None`` once the game is finished)."""
        return None if self.outcome else self.dealer(len(self._rounds) + 1)

    def standings(self) -> list[Standing]:
        """Every player's total, in seating order."""
        return [Standing(p, self._scores[p]) for p in self.players]

    def leaders(self) -> tuple[str, ...]:
        """The players ahead: the highest total under ``winner_takes``, the lowest under ``lowest_wins``."""
        pick = min if self.rules.scoring == "lowest_wins" else max
        best = pick(self._scores.values())
        return tuple(p for p in self.players if self._scores[p] == best)

    def _at_target(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if self._scores[p] >= self.rules.target)

    @property
    def outcome(self) -> Outcome | None:
        """How the game was decided (``None`` while it goes on)."""
        reached = self._at_target()
        if not reached:
            return None
        if self.rules.scoring != "lowest_wins":
            # Only the player who went out scores in a hand, so one player at most crosses the target.
            winner = reached[0]
            return Outcome(
                REACHED_TARGET,
                winner,
                reached,
                _("{winner} reached {target} points first.").format(winner=winner, target=self.rules.target),
            )
        lowest = self.leaders()
        if len(lowest) > 1:
            return None
        return Outcome(
            LOWEST_TOTAL,
            lowest[0],
            reached,
            _("{players} reached the target of {target}; {winner} has the lowest total.").format(
                players=join_names(reached), target=self.rules.target, winner=lowest[0]
            ),
        )

    @property
    def notice(self) -> str | None:
        """Under ``lowest_wins``, why the game goes on although someone reached the target."""
        reached = self._at_target()
        if self.rules.scoring != "lowest_wins" or not reached or self.outcome is not None:
            return None
        return _(
            "{players} reached the target of {target}, but {tied} share the lowest total: play another hand."
        ).format(players=join_names(reached), target=self.rules.target, tied=join_names(self.leaders()))

    @property
    def status(self) -> str:
        """``"playing"`` or ``"finished"``."""
        return "playing" if self.outcome is None else "finished"

    @property
    def winner(self) -> str | None:
        outcome = self.outcome
        return outcome.winner if outcome else None

    def running_totals(self) -> list[dict[str, int]]:
        """Each player's total after each hand (for a chart)."""
        totals = dict.fromkeys(self.players, 0)
        rows = []
        for scored in self._rounds:
            for player, points in scored.scores:
                totals[player] += points
            rows.append(dict(totals))
        return rows

    def to_json(self) -> dict[str, Any]:
        """The engine's part of ``GET /api/games/<id>``, plus what the pages need."""
        outcome = self.outcome
        return {
            "game": "uno",
            "rules": self.rules.to_dict(),
            "status": self.status,
            "winner": self.winner,
            "tiebreaker": None,
            "players": [s.to_json() for s in self.standings()],
            "rounds": [r.to_json() for r in self._rounds],
            "outcome": outcome.to_json() if outcome else None,
            "notice": self.notice,
            "leaders": list(self.leaders()),
            "next_round": None if outcome else len(self._rounds) + 1,
            "dealer": self.next_dealer,
            "totals": [{"round": n, "scores": row} for n, row in enumerate(self.running_totals(), start=1)],
        }
