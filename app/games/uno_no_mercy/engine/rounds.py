"""One hand of an UNO Show 'em No Mercy score sheet: who won it, and what each other player was left with.

A hand is won by the player who went out (``went_out``) or, when every other player was knocked out, by the
last player standing (``last_standing``). Each other player was knocked out (``knocked_out``: the mercy rule,
25 cards or more, or knocked out by the table) or holds ``cards`` or typed ``points``. The winner scores the
cards left in the hands not knocked out (No Mercy's values), plus 250 for each knock-out. No count of the deck
is checked: the instruction sheet does not give it (RULES.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.engine import sheetbase
from app.engine.common import is_int
from app.engine.errors import RoundError
from app.engine.i18n import _
from app.engine.options import RuleSet
from app.engine.players import match_player
from app.engine.sheetbase import match_each, read_each, read_points, read_result_head, read_tokens
from app.games.uno.engine import rounds as uno
from app.games.uno.engine.rounds import RoundContext

from .cards import KNOCK_OUT_POINTS, MERCY_LIMIT, card_points, parse_card


@dataclass(frozen=True, slots=True)
class Result(uno.Result):
    """A player's end of the hand: knocked out, or the ``cards`` or ``points`` they hold."""

    knocked_out: bool = False

    @property
    def penalty(self) -> int | None:
        if self.knocked_out:
            return 0
        if self.cards is not None:
            return sum(card_points(card) for card in self.cards)
        return self.points

    def to_json(self) -> dict[str, Any]:
        if self.knocked_out:
            return {"player": self.player, "knocked_out": True}
        return uno.Result.to_json(self)


@dataclass(frozen=True, slots=True)
class RoundEntry(sheetbase.RoundEntry):
    """A hand as entered: its winner (``went_out``), whether they won as the last player standing, the results."""

    last_standing: bool = False

    def to_json(self) -> dict[str, Any]:
        return {self.won_key: self.went_out, "results": [r.to_json() for r in self.results]}

    @property
    def won_key(self) -> str:
        return "last_standing" if self.last_standing else "went_out"


@dataclass(frozen=True, slots=True)
class ScoredRound(uno.ScoredRound):
    """A hand that passed every check; ``went_out`` is its winner, ``last_standing`` how they won."""

    entry_type = RoundEntry  # type: ignore[assignment]

    last_standing: bool = False

    @property
    def entry(self) -> RoundEntry:
        return RoundEntry(self.went_out, tuple(r.result for r in self.results), self.last_standing)

    @property
    def knocked_out(self) -> tuple[str, ...]:
        return tuple(r.player for r in self.results if r.result.knocked_out)

    def to_json(self) -> dict[str, Any]:
        data = uno.ScoredRound.to_json(self)
        if self.last_standing:
            data = {("last_standing" if key == "went_out" else key): value for key, value in data.items()}
        return data


def _parse_result(item: Any, index: int, stored: bool) -> Result:
    where, player = read_result_head(item, index, ("player", "cards", "points", "knocked_out"))
    knocked_out = item.get("knocked_out", False)
    if not isinstance(knocked_out, bool):
        raise RoundError(_("{where}.knocked_out must be true or false.").format(where=where), player=player)
    cards = read_tokens(item["cards"], where + ".cards", player, parse_card) if "cards" in item else None
    points = read_points(item, where, player)
    if stored and (cards is not None or knocked_out):
        points = None  # a stored round carries the computed points beside what they came from
    if knocked_out and (cards is not None or points is not None):
        raise RoundError(
            _("{player} was knocked out, so {player} has no cards or points to count.").format(player=player),
            player=player,
        )
    if cards is not None and points is not None:
        raise RoundError(
            _("{where} must give only one of cards or points, not both.").format(where=where), player=player
        )
    return Result(player, cards, points, knocked_out)


def parse_round(body: Any, rules: RuleSet, *, stored: bool = False) -> RoundEntry:
    """Read a hand from its JSON body (API.md "Decks people own"): ``went_out`` or ``last_standing``, and the
    results; raise :class:`RoundError` when malformed."""
    if not isinstance(body, dict):
        raise RoundError(_("A round must be a JSON object with went_out and results."))
    known = ("round", "went_out", "last_standing", "results") + (("dealer", "scores") if stored else ())
    unknown = sorted(str(key) for key in body if key not in known)
    if unknown:
        raise RoundError(_('The round has an unknown key "{key}".').format(key=unknown[0]))
    if "round" in body and body["round"] is not None and (not is_int(body["round"]) or body["round"] < 1):
        raise RoundError(_("round must be a round number (1 or more)."))
    given = [key for key in ("went_out", "last_standing") if body.get(key) is not None]
    if len(given) != 1:
        raise RoundError(
            _(
                "Name the hand's winner once: went_out (who played their last card) or last_standing (who was left "
                "when every other player was knocked out)."
            )
        )
    winner = body[given[0]]
    if not isinstance(winner, str) or not winner.strip():
        raise RoundError(_("{key} must be the name of a player.").format(key=given[0]))
    results = body.get("results")
    if not isinstance(results, list):
        raise RoundError(_("results must be a list with the hand of each player who did not win."))
    read = read_each(results, lambda item, index: _parse_result(item, index, stored))
    return RoundEntry(winner.strip(), read, given[0] == "last_standing")


def parse_row(item: Any) -> Result:
    """One player's end of the hand (a ``results`` item) read on its own, for a hand being filled in together;
    raise :class:`RoundError` when malformed."""
    return _parse_result(item, 0, False)


def score_row(result: Result, won: bool) -> sheetbase.ScoredResult:
    """One player's end of the hand checked on its own, as :func:`score_round` checks it: the winner (``won``)
    holds nothing and was not knocked out (0); anyone else was knocked out (0: the winner scores the knock-out) or
    holds 1 to 24 cards, or typed points. Raise :class:`RoundError` naming the player if not."""
    player = result.player
    if won:
        if result.knocked_out or result.points or result.cards:
            raise RoundError(
                _("{player} won the hand, so {player} holds no cards and was not knocked out.").format(player=player),
                player=player,
            )
        return sheetbase.ScoredResult(result, 0)
    if not result.knocked_out and result.penalty is None:
        raise RoundError(
            _("Enter what {player} holds, or that {player} was knocked out.").format(player=player), player=player
        )
    if result.cards is not None and not result.cards:
        raise RoundError(
            _("{player} did not win, so {player} holds at least one card (or was knocked out).").format(player=player),
            player=player,
        )
    if result.cards is not None and len(result.cards) >= MERCY_LIMIT:
        raise RoundError(
            _(
                "{player} holds {count} cards: with {limit} or more a player is knocked out (the mercy rule), "
                "not scored. Mark {player} knocked out."
            ).format(player=player, count=len(result.cards), limit=MERCY_LIMIT),
            player=player,
        )
    return sheetbase.ScoredResult(result, result.penalty or 0)


def round_of_rows(body: dict[str, Any]) -> dict[str, Any]:
    """The round body a hand filled in row by row makes (its winner named ``went_out``): won as the last player
    standing when every other player's row says knocked out, else by going out."""
    winner = body.get("went_out")
    others = [item for item in body.get("results", ()) if item.get("player") != winner]
    if winner and others and all(item.get("knocked_out") is True for item in others):
        return {("last_standing" if key == "went_out" else key): value for key, value in body.items()}
    return body


def score_round(entry: RoundEntry, context: RoundContext) -> ScoredRound:
    """Check that ``entry`` can have happened and score it; raise :class:`RoundError` naming the player if not.

    Every player but the winner was knocked out or holds cards (1 to 24 of them: 25 or more is a knock-out,
    the mercy rule) or typed points (0 or more). A hand won as the last player standing has every other player
    knocked out; a hand won by going out has someone left holding cards. The winner scores the points in the
    hands not knocked out, plus 250 for each knock-out.
    """
    players = context.players
    winner = match_player(entry.went_out, players)
    if winner is None:
        raise RoundError(
            _("{name} is not a player of this game, so {name} cannot have won the hand.").format(name=entry.went_out)
        )
    by_player = match_each(entry.results, players)
    scored = []
    for player in players:
        result = by_player.get(player)
        if player == winner:
            if result is not None:
                score_row(result, True)
            continue
        if result is None:
            raise RoundError(
                _("Enter what {player} holds, or that {player} was knocked out.").format(player=player), player=player
            )
        scored.append(score_row(result, False))
    standing = [r.player for r in scored if not r.result.knocked_out]
    if entry.last_standing and standing:
        raise RoundError(
            _("{player} was not knocked out, so {winner} was not the last player standing.").format(
                player=standing[0], winner=winner
            ),
            player=standing[0],
        )
    if not entry.last_standing and not standing:
        raise RoundError(
            _(
                "Every other player was knocked out, so {winner} won as the last player standing, not by going out."
            ).format(winner=winner),
            player=winner,
        )
    knockouts = len(scored) - len(standing)
    total = sum(r.points for r in scored) + KNOCK_OUT_POINTS * knockouts
    gained = {p: (total if p == winner else 0) for p in players}
    return ScoredRound(
        context.number,
        context.dealer,
        winner,
        tuple(scored),
        tuple((p, gained[p]) for p in players),
        entry.last_standing,
    )
