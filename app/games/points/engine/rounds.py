"""A round of a points game: every player and the points they scored in it (a whole number, negative allowed)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.engine.common import is_int
from app.engine.errors import RoundError
from app.engine.i18n import _, number
from app.engine.sheetbase import match_each, read_result_head

MIN_POINTS, MAX_POINTS = -100_000, 100_000
ROUND_KEYS = ("round", "results", "went_out")
STORED_KEYS = (*ROUND_KEYS, "dealer")
"""A stored round (or an exported one) also carries its dealer."""
RESULT_KEYS = ("player", "points")
"""The keys of a result: any other (a hand's cards, another game's keys) is refused with a sentence saying what a
points game takes."""


@dataclass(frozen=True, slots=True)
class Result:
    """A player's points in one round, as entered."""

    player: str
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "points": self.points}


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """A round as entered: every player's points (in any order)."""

    results: tuple[Result, ...]

    def to_json(self) -> dict[str, Any]:
        """The entry as a request body (without a round number)."""
        return {"results": [r.to_json() for r in self.results]}


@dataclass(frozen=True, slots=True)
class ScoredRound:
    """A round that passed every check: its number, its dealer, every player's points in seating order."""

    number: int
    dealer: str
    results: tuple[Result, ...]

    @property
    def entry(self) -> RoundEntry:
        return RoundEntry(self.results)

    @property
    def points(self) -> dict[str, int]:
        """Each player's points in this round."""
        return {r.player: r.points for r in self.results}

    def to_json(self) -> dict[str, Any]:
        return {"round": self.number, "dealer": self.dealer, "results": [r.to_json() for r in self.results]}


def went_out_refused() -> RoundError:
    """The refusal of a round that names who went out: nobody goes out in a points game."""
    return RoundError(_("Nobody goes out in a points game: send every player's points, without went_out."))


def parse_round(body: Any, rules: Any = None, *, stored: bool = False) -> RoundEntry:
    """Read a round from its JSON body (API.md "A third kind of sheet"); raise :class:`RoundError` when malformed.

    Checks shapes and types only; :func:`score_round` matches the names to the game's players.
    """
    if not isinstance(body, Mapping):
        raise RoundError(_("A round must be a JSON object with results."))
    unknown = sorted(str(key) for key in body if key not in (STORED_KEYS if stored else ROUND_KEYS))
    if unknown:
        raise RoundError(_('The round has an unknown key "{key}".').format(key=unknown[0]))
    # A stored round may carry an empty went_out; a new one names no went_out at all (not even null).
    if (body.get("went_out") is not None) if stored else ("went_out" in body):
        raise went_out_refused()
    number = body.get("round")
    if number is not None and (not is_int(number) or number < 1):
        raise RoundError(_("round must be a round number (1 or more)."))
    results = body.get("results")
    if not isinstance(results, list) or not results:
        raise RoundError(_("results must list every player with their points."))
    return RoundEntry(tuple(_read_result(item, index) for index, item in enumerate(results)))


def _read_result(item: Any, index: int) -> Result:
    where, player = read_result_head(item, index, item.keys() if isinstance(item, Mapping) else RESULT_KEYS)
    other = next((str(key) for key in item if key not in RESULT_KEYS), None)
    if other is not None:
        raise RoundError(
            _("{where}: a points game takes each player's points, not {key}.").format(where=where, key=other),
            player=player,
        )
    points = item.get("points")
    if not is_int(points) or not MIN_POINTS <= points <= MAX_POINTS:
        raise RoundError(
            _("{where}.points must be a whole number from {minimum} to {maximum}.").format(
                where=where, minimum=number(MIN_POINTS), maximum=number(MAX_POINTS)
            ),
            player=player,
        )
    return Result(player, points)


def parse_row(item: Any, rules: Any = None) -> Result:
    """One player's points (a ``results`` item) read on its own; raise :class:`RoundError` when malformed."""
    return _read_result(item, 0)


def score_round(entry: RoundEntry, players: tuple[str, ...], number: int, dealer: str) -> ScoredRound:
    """Round ``number`` with every player's points in seating order; raise :class:`RoundError` when a name is
    not a player's, a player is listed twice, or a player is missing."""
    by_player = match_each(entry.results, players)
    missing = [p for p in players if p not in by_player]
    if missing:
        raise RoundError(
            _("{player} has no points in this round: list every player (0 when they scored nothing).").format(
                player=missing[0]
            ),
            player=missing[0],
        )
    return ScoredRound(number, dealer, tuple(by_player[p] for p in players))
