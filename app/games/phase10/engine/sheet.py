"""A Phase 10 score sheet: standings, phase progress, the outcome and the tie-breaker, all from the rounds.

One source of truth: a :class:`Sheet` holds the checked rounds and answers every question from
them. The web layer stores each round's JSON (:meth:`ScoredRound.to_json`) and rebuilds the sheet
with :meth:`Sheet.replay`::

    sheet = Sheet(make_rules({"variant": "classic"}), ["Ana", "Ben", "Cy"])
    sheet.add_round(parse_round(body, sheet.rules))      # RoundError when it cannot have happened
    sheet.to_json()                                      # the engine's part of GET /api/games/<id>

Variants are data: :class:`_Progress` reads ``rules.variant`` and ``rules.phases`` in the three
places where they differ (which phase a player plays, when the game ends, who is in the running).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.engine.errors import RoundError
from app.engine.i18n import _
from app.engine.options import RuleSet
from app.engine.outcome import Correction, DecidingRule, Outcome
from app.engine.players import check_players as _check_players
from app.engine.players import join_names, match_player
from app.engine.sheetbase import ScoreSheet

from .phases import PHASES
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
from .variants import RoundEnd, variant_of

MIN_PLAYERS, MAX_PLAYERS = 2, 6

SOLE_FINISHER, LOWEST_TOTAL, TIEBREAKER = (
    DecidingRule.SOLE_FINISHER,
    DecidingRule.LOWEST_TOTAL,
    DecidingRule.TIEBREAKER,
)
"""The rules that can decide a Phase 10 game (:attr:`Outcome.rule`)."""


def check_players(names: Any) -> tuple[str, ...]:
    """The players' names, trimmed, in seating order; raise :class:`~app.engine.errors.RulesError` when the
    list cannot be a game.

    Phase 10 takes 2-6 players; each name is 1-30 characters after trimming, unique ignoring case.
    """
    return _check_players(names, MIN_PLAYERS, MAX_PLAYERS)


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line of the standings: total penalty, the phase to play next, the phases completed."""

    name: str
    score: int
    phase: int | None
    phases_done: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "score": self.score, "phase": self.phase, "phases_done": list(self.phases_done)}


class _Progress:
    """Totals and phases after some rounds, and whether (and among whom) the game has ended."""

    def __init__(self, rules: RuleSet, players: tuple[str, ...]):
        self.rules = rules
        self.variant = variant_of(rules)
        self.players = players
        self.phases = tuple(rules.phases)
        self.scores = dict.fromkeys(players, 0)
        self.done: dict[str, list[int]] = {player: [] for player in players}
        self.played = 0
        # ``players`` are those at the table (not those who left); ``scores`` and ``done`` keep everyone's.
        # Players in the running once the game has ended, and whether they were the ones
        # completing the finishing goal (classic, pick_a_phase) or everybody (all_advance).
        self.contenders: tuple[str, ...] | None = None
        self.by_finishing = False

    def join(self, player: str, score: int) -> None:
        """``player`` joins the table with ``score``, at the first phase of the list."""
        self.players = (*self.players, player)
        self.scores[player] = score
        self.done[player] = []

    def leave(self, player: str) -> None:
        """``player`` leaves the table; their total and phases stay."""
        self.players = tuple(p for p in self.players if p != player)

    def phase_of(self, player: str) -> int | None:
        """The phase ``player`` plays next (API.md: ``phase``)."""
        return self.variant.phase_to_play(self.phases, self.done[player], self.played)

    def phases_open(self, player: str) -> tuple[int, ...]:
        """The phases ``player`` may complete in the next round."""
        return self.variant.phases_open(self.phases, self.done[player], self.played)

    def context(self, number: int, dealer: str, stored: bool = False) -> RoundContext:
        pick = self.variant.picks_phase
        return RoundContext(
            self.rules,
            self.players,
            number,
            dealer,
            {p: None if pick else self.phase_of(p) for p in self.players},
            {p: tuple(self.done[p]) for p in self.players},
            stored,
        )

    def apply(self, scored: ScoredRound) -> None:
        for result in scored.results:
            self.scores[result.player] += result.points
            if result.completed_phase is not None:
                self.done[result.player].append(result.completed_phase)
        self.played += 1
        completed_now = {r.player: r.completed_phase for r in scored.results}
        ended = self.variant.finishers(RoundEnd(self.phases, self.players, self.done, completed_now, self.played))
        if ended is not None:
            self.contenders, self.by_finishing = ended


class Sheet(ScoreSheet):
    """The score sheet of one Phase 10 game recorded at the table.

    Build it empty with ``Sheet(rules, players)`` or from stored rounds with :meth:`replay`.
    Rounds are only added through :meth:`check_round`'s checks, so the sheet is always a game
    that can have happened. The mechanics (replay, adding, correcting, the dealer) are
    :class:`~app.engine.sheetbase.ScoreSheet`'s; the rules of Phase 10 are here and in :class:`_Progress`.
    """

    game = "phase10"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    _entry_type, _scored_type, _parse_round = RoundEntry, ScoredRound, staticmethod(parse_round)

    def __init__(
        self,
        rules: RuleSet,
        players: Sequence[str],
        first_dealer: str | None = None,
        lineup: Sequence[Mapping[str, Any]] = (),
    ):
        super().__init__(rules, players, first_dealer, lineup)
        self._progress = _Progress(rules, self.players)
        self._round_phases: list[dict[str, int | None]] = []
        self._tiebreaker_winner: str | None = None
        self._started()

    def _totals(self) -> Mapping[str, int]:
        return self._progress.scores

    def _on_join(self, player: str, score: int) -> None:
        self._progress.join(player, score)

    def _on_leave(self, player: str) -> None:
        self._progress.leave(player)

    def _score(self, entry: RoundEntry, number: int, *, stored: bool = False) -> ScoredRound:
        return score_round(entry, self._progress.context(number, self.dealer(number), stored))

    def _parse_row(self, item: Any) -> Any:
        return parse_row(item, self.rules)

    def _score_row(self, result: Any, went_out: bool, number: int) -> Any:
        return score_row(result, went_out, self._progress.context(number, self.dealer(number)))

    def _check_lines_together(self, scored: Sequence[Any], went_out: str | None, number: int) -> None:
        check_together(scored, went_out, self._progress.context(number, self.dealer(number)))

    def _apply(self, scored: ScoredRound) -> None:
        self._round_phases.append({p: self._progress.phase_of(p) for p in self.players})
        self._progress.apply(scored)

    def phases_in_round(self, number: int) -> dict[str, int | None]:
        """The phase each player played in round ``number`` (as it was then; the next round's phases for a round
        not played yet)."""
        if 1 <= number <= len(self._round_phases):
            return dict(self._round_phases[number - 1])
        return {p: self._progress.phase_of(p) for p in self.players}

    def _gains(self, scored: ScoredRound) -> Iterator[tuple[str, int]]:
        return ((result.player, result.points) for result in scored.results)

    def _tiebreaker_json(self) -> dict[str, Any] | None:
        return self.tiebreaker

    # --- building ----------------------------------------------------------------------------------

    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        players: Sequence[str],
        rounds: Iterable[RoundEntry | ScoredRound | Mapping[str, Any]],
        tiebreaker_winner: str | None = None,
        *,
        first_dealer: str | None = None,
        lineup: Sequence[Mapping[str, Any]] = (),
    ) -> Sheet:
        """A sheet with ``rounds`` added in order (entries, scored rounds, or stored JSON).

        Raises :class:`RoundError` naming the first round that does not hold (its ``round``
        attribute is set), or when ``tiebreaker_winner`` is not one of the tied players.
        """
        sheet = super().replay(rules, players, rounds, first_dealer=first_dealer, lineup=lineup)
        if tiebreaker_winner is not None:
            sheet.record_tiebreaker(tiebreaker_winner)
        return sheet

    def _record_extras(self) -> dict[str, dict[str, Any]]:
        """Phase 10 adds ``phases``: per phase, the rounds a player began on it (``tries``; under
        ``all_advance`` the round's phase; ``None`` under ``pick_a_phase``, where nobody says which phase
        they attempt) and the rounds they completed it. Tie-breakers are not rounds, so never counted."""
        pick = self.rules.variant == "pick_a_phase"
        tries: dict[str, dict[int, int]] = {p: {} for p in self.players}
        completed: dict[str, dict[int, int]] = {p: {} for p in self.players}
        progress = _Progress(self.rules, self.players)
        for scored in self._rounds:
            for result in scored.results:
                began = result.completed_phase if pick else progress.phase_of(result.player)
                if began is None:
                    continue
                tries[result.player][began] = tries[result.player].get(began, 0) + 1
                if result.completed_phase is not None:
                    completed[result.player][began] = completed[result.player].get(began, 0) + 1
            progress.apply(scored)
        lines = {
            p: {n: {"tries": None if pick else tries[p][n], "completed": completed[p].get(n, 0)} for n in tries[p]}
            for p in self.players
        }
        return {p: {"phases": {str(n): lines[p][n] for n in sorted(lines[p])}} for p in self.players}

    def check_open(self) -> None:
        """Raise :class:`RoundError` when no round may be added: the game is over or awaits its tie-breaker."""
        super().check_open()
        tie = self.tiebreaker
        if tie is not None and tie["winner"] is None:
            raise RoundError(
                _("{players} must play the tie-breaker round first: record who laid its phase down first.").format(
                    players=join_names(tie["players"])
                ),
                round=len(self._rounds) + 1,
            )

    def replace_round(self, number: int, entry: RoundEntry) -> Correction:
        """Replace round ``number``; every later round is checked again against the corrected history.

        Raises :class:`RoundError` (and changes nothing) when round ``number`` does not hold, or
        names the first later round that no longer does. A recorded tie-breaker result is kept only
        if the corrected game still ends in a tie between exactly the same players.
        """
        dropped = self._adopt(self._corrected(number, entry))
        return Correction(self._rounds[number - 1], dropped)

    def undo(self) -> Correction:
        """Drop the last round; the :class:`Correction` holds the round removed (a recorded tie-breaker
        result goes with it)."""
        removed = self._last_round()
        corrected = self._fresh()
        for scored in self._rounds[:-1]:
            corrected._rounds.append(scored)
            corrected._apply(scored)
            corrected._settle_lineup()
        return Correction(removed, self._adopt(corrected))

    def _adopt(self, corrected: Sheet) -> bool:
        """Take ``corrected``'s rounds; keep the tie-breaker result if the same players still tie."""
        winner = self._tiebreaker_winner
        old_tie = set(self.tiebreaker["players"]) if self.tiebreaker else None
        self._rounds, self._progress = corrected._rounds, corrected._progress
        self._round_phases = corrected._round_phases
        self._adopt_lineup(corrected)
        self._tiebreaker_winner = None
        if winner is None:
            return False
        new_tie = self.tiebreaker
        if new_tie is not None and set(new_tie["players"]) == old_tie:
            self._tiebreaker_winner = winner
            return False
        return True

    def record_tiebreaker(self, winner: str) -> None:
        """Record who laid the tie-breaker phase down first; raise :class:`RoundError` when no tie-breaker
        is pending or ``winner`` is not one of the tied players."""
        outcome = self.outcome
        if outcome is None or outcome.rule != TIEBREAKER or self._tiebreaker_winner is not None:
            raise RoundError(_("No tie-breaker round is waiting for a result."))
        name = match_player(winner, outcome.players) if isinstance(winner, str) else None
        if name is None:
            raise RoundError(
                _("{name} did not play the tie-breaker round: the tied players are {players}.").format(
                    name=winner, players=join_names(outcome.players)
                )
            )
        self._tiebreaker_winner = name

    def clear_tiebreaker(self) -> None:
        """Take a recorded tie-breaker result back."""
        self._tiebreaker_winner = None

    # --- questions ---------------------------------------------------------------------------------

    def phases_open(self, player: str, number: int | None = None) -> tuple[int, ...]:
        """The phases ``player`` may complete in round ``number`` (the next round when not given): under
        ``pick_a_phase`` every phase of the list not completed before it, else the one phase they play."""
        number = len(self._rounds) + 1 if number is None else number
        progress = self._progress
        if number <= len(self._rounds):
            progress = Sheet.replay(
                self.rules,
                self._first_players,
                self._rounds[: number - 1],
                first_dealer=self.first_dealer,
                lineup=self._lineup,
            )._progress
        return progress.phases_open(player)

    def standings(self) -> list[Standing]:
        """Every player's total, next phase and completed phases, in seating order."""
        progress = self._progress
        return [Standing(p, progress.scores[p], progress.phase_of(p), tuple(progress.done[p])) for p in self.players]

    @property
    def lowest_wins(self) -> bool:
        """Phase 10 is won on the lowest total (among the players who finish, or all under ``all_advance``)."""
        return True

    def _rank_key(self, standing: Standing) -> Any:
        """After the game: the players who completed the last phase (the contenders) by lower total, then the
        rest by more phases completed, then lower total; while it goes on, as :meth:`leaders` orders them."""
        progress = self._progress
        contenders = progress.contenders
        if contenders is not None and progress.by_finishing:
            if standing.name in contenders:
                return (0, standing.score)
            return (1, progress.variant.leader_key(standing.score, standing.phases_done))
        return (0, progress.variant.leader_key(standing.score, standing.phases_done))

    def leaders(self) -> tuple[str, ...]:
        """The players ahead: most phases completed, then lowest total (under ``all_advance``: lowest total)."""
        progress = self._progress
        active = self.active  # a player who left cannot win
        keys = {p: progress.variant.leader_key(progress.scores[p], progress.done[p]) for p in active}
        best = min(keys.values())
        return tuple(p for p in active if keys[p] == best)

    @property
    def outcome(self) -> Outcome | None:
        """How the game was decided (``None`` while it goes on)."""
        return self._outcome(self._tiebreaker_winner)

    def tie_text(self) -> str:
        """The sentence announcing the tie-breaker round, as it read before the round was played ("" without a tie)."""
        outcome = self._outcome(None)
        return outcome.text if outcome is not None and outcome.rule is TIEBREAKER else ""

    def _outcome(self, tiebreaker_winner: str | None) -> Outcome | None:
        progress = self._progress
        contenders = progress.contenders
        if contenders is None:
            return None
        texts = _Texts(self.rules)
        if progress.by_finishing and len(contenders) == 1:
            return Outcome(SOLE_FINISHER, contenders[0], contenders, texts.sole(contenders[0]))
        lowest = min(progress.scores[p] for p in contenders)
        tied = tuple(p for p in contenders if progress.scores[p] == lowest)
        if len(tied) == 1:
            others = tuple(p for p in contenders if p != tied[0])
            return Outcome(LOWEST_TOTAL, tied[0], contenders, texts.lowest(tied[0], others, progress.by_finishing))
        return Outcome(
            TIEBREAKER, tiebreaker_winner, tied, texts.tie(tied, contenders, progress.by_finishing, tiebreaker_winner)
        )

    @property
    def status(self) -> str:
        """``"playing"``, ``"tiebreaker"`` (waiting for the tie-breaker's result) or ``"finished"``."""
        outcome = self.outcome
        if outcome is None:
            return "playing"
        return "tiebreaker" if outcome.winner is None else "finished"

    @property
    def tiebreaker(self) -> dict[str, Any] | None:
        """``{"players": [...], "winner": ...}`` when the game ended in a tie, else ``None``."""
        outcome = self.outcome
        if outcome is None or outcome.rule != TIEBREAKER:
            return None
        return {"players": list(outcome.players), "winner": self._tiebreaker_winner}


class _Texts:
    """The sentences of an outcome, worded for the variant."""

    def __init__(self, rules: RuleSet):
        self.goal = variant_of(rules).goal(PHASES[tuple(rules.phases)[-1]].name)

    def sole(self, winner: str) -> str:
        return _("Only {winner} completed {goal}.").format(winner=winner, goal=self.goal)

    def lowest(self, winner: str, others: tuple[str, ...], by_finishing: bool) -> str:
        if not by_finishing:
            return _("Lowest total after the last phase: {winner}.").format(winner=winner)
        if len(others) == 1:
            return _("{winner} and {other} both completed {goal}; {winner} has the lower total.").format(
                winner=winner, other=others[0], goal=self.goal
            )
        return _("{names} completed {goal}; {winner} has the lowest total.").format(
            names=join_names((winner, *others)), goal=self.goal, winner=winner
        )

    def tie(self, tied: tuple[str, ...], contenders: tuple[str, ...], by_finishing: bool, winner: str | None) -> str:
        if not by_finishing:
            reason = _("{names} share the lowest total after the last phase").format(names=join_names(tied))
        elif tied == contenders:
            reason = _("{names} completed {goal} with the same total").format(names=join_names(tied), goal=self.goal)
        else:
            reason = _("{contenders} completed {goal}; {names} share the lowest total").format(
                contenders=join_names(contenders), goal=self.goal, names=join_names(tied)
            )
        if winner is None:
            return _(
                "{reason}: they play a tie-breaker round (a set of 5 and a set of 3; the first to lay it down wins)."
            ).format(reason=reason)
        return _("{reason}; {winner} won the tie-breaker round.").format(reason=reason, winner=winner)
