"""One hand of an UNO score sheet: what was entered, read from JSON, and whether it can have happened.

A hand is a :class:`RoundEntry`: who went out and, for each other player, their leftover ``cards``
or the ``points`` counted at the table. :func:`parse_round` reads the JSON body of
``POST /api/games/<id>/rounds`` (or a stored round); :func:`score_round` checks it against the
game's players and rules and returns a :class:`ScoredRound`, whose :meth:`ScoredRound.to_json`
is what the web layer stores and shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..common import is_int
from ..errors import DeckError, NotationError, RoundError
from ..i18n import _
from ..options import RuleSet
from ..players import match_player
from .cards import DECK, NEWER_DECK, Card, check_fits_deck
from .scoring import hand_points

DECK_POINTS = hand_points(DECK)
"""The value of the whole classic deck (1240): no hand can be worth more."""
NEWER_DECK_POINTS = hand_points(NEWER_DECK)
"""The value of the whole 112-card deck (with ``newer_wilds``)."""


def deck_points(rules: RuleSet) -> int:
    """The value of the whole deck the table plays with."""
    return NEWER_DECK_POINTS if rules.newer_wilds else DECK_POINTS


@dataclass(frozen=True, slots=True)
class Result:
    """A player's leftover hand as entered: ``cards`` or ``points`` (neither only for the player who went out)."""

    player: str
    cards: tuple[Card, ...] | None = None
    points: int | None = None

    @property
    def penalty(self) -> int | None:
        """The value of the hand (``None`` when nothing was entered)."""
        if self.cards is not None:
            return hand_points(self.cards)
        return self.points

    def to_json(self) -> dict[str, Any]:
        """What was entered, as JSON (cards as canonical tokens)."""
        data: dict[str, Any] = {"player": self.player}
        if self.cards is not None:
            data["cards"] = [str(card) for card in self.cards]
        if self.points is not None:
            data["points"] = self.points
        return data


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """A hand as entered: who went out, and the other players' leftover hands (in any order)."""

    went_out: str
    results: tuple[Result, ...]

    def to_json(self) -> dict[str, Any]:
        """The entry as a request body (without a round number)."""
        return {"went_out": self.went_out, "results": [r.to_json() for r in self.results]}


def _parse_result(item: Any, index: int, rules: RuleSet, stored: bool) -> Result:
    where = "results[{index}]".format(index=index)
    if not isinstance(item, Mapping):
        raise RoundError(_("{where} must be an object with the player's result.").format(where=where))
    player = item.get("player")
    if not isinstance(player, str) or not player.strip():
        raise RoundError(_("{where}.player must be the name of a player.").format(where=where))
    player = player.strip()
    unknown = sorted(str(key) for key in item if key not in ("player", "cards", "points"))
    if unknown:
        raise RoundError(_('{where} has an unknown key "{key}".').format(where=where, key=unknown[0]), player=player)
    cards = None
    if "cards" in item:
        tokens = item["cards"]
        if not isinstance(tokens, list) or not all(isinstance(token, str) for token in tokens):
            raise RoundError(_("{where}.cards must be a list of card tokens.").format(where=where), player=player)
        try:
            cards = tuple(Card.parse(token, newer_wilds=rules.newer_wilds) for token in tokens)
        except NotationError as error:
            raise RoundError(
                _("{where}.cards: {problem}").format(where=where, problem=error), player=player
            ) from None
    points = None
    if "points" in item:
        points = item["points"]
        if not is_int(points) or points < 0:
            raise RoundError(
                _("{where}.points must be a whole number of points (0 or more).").format(where=where), player=player
            )
    # A stored round carries the computed points next to the cards they came from.
    if stored and cards is not None:
        points = None
    if cards is not None and points is not None:
        raise RoundError(
            _("{where} must give only one of cards or points, not both.").format(where=where), player=player
        )
    return Result(player, cards, points)


def parse_round(body: Any, rules: RuleSet, *, stored: bool = False) -> RoundEntry:
    """Read a hand from its JSON body (API.md "Score sheets"); raise :class:`RoundError` when malformed.

    ``WS`` and ``WC`` are cards only under the ``newer_wilds`` rule. With ``stored=True`` the body
    is a round as :meth:`ScoredRound.to_json` wrote it (its extra computed keys are ignored).
    """
    if not isinstance(body, Mapping):
        raise RoundError(_("A round must be a JSON object with went_out and results."))
    known = ("round", "went_out", "results", "dealer", "scores") if stored else ("round", "went_out", "results")
    unknown = sorted(str(key) for key in body if key not in known)
    if unknown:
        raise RoundError(_('The round has an unknown key "{key}".').format(key=unknown[0]))
    if "round" in body and body["round"] is not None and (not is_int(body["round"]) or body["round"] < 1):
        raise RoundError(_("round must be a round number (1 or more)."))
    went_out = body.get("went_out")
    if not isinstance(went_out, str) or not went_out.strip():
        raise RoundError(_("went_out must be the name of the player who went out."))
    results = body.get("results")
    if not isinstance(results, list):
        raise RoundError(_("results must be a list with the hand of each player who did not go out."))
    return RoundEntry(
        went_out.strip(), tuple(_parse_result(item, index, rules, stored) for index, item in enumerate(results))
    )


@dataclass(frozen=True, slots=True)
class RoundContext:
    """What a hand is checked against: the rules, the players in seating order, its number and dealer."""

    rules: RuleSet
    players: tuple[str, ...]
    number: int
    dealer: str


@dataclass(frozen=True, slots=True)
class ScoredResult:
    """A player's leftover hand with its value."""

    result: Result
    points: int

    @property
    def player(self) -> str:
        return self.result.player

    def to_json(self) -> dict[str, Any]:
        data = self.result.to_json()
        data["points"] = self.points
        return data


@dataclass(frozen=True, slots=True)
class ScoredRound:
    """A hand that passed every check: the leftover hands (seating order) and what each player scores."""

    number: int
    dealer: str
    went_out: str
    results: tuple[ScoredResult, ...]
    scores: tuple[tuple[str, int], ...]

    @property
    def gained(self) -> dict[str, int]:
        """What each player adds to their total for this hand."""
        return dict(self.scores)

    @property
    def entry(self) -> RoundEntry:
        return RoundEntry(self.went_out, tuple(r.result for r in self.results))

    def to_json(self) -> dict[str, Any]:
        """The hand as stored and shown: number, dealer, who went out, each leftover hand with its
        ``points``, and ``scores`` (what each player adds to their total)."""
        return {
            "round": self.number,
            "dealer": self.dealer,
            "went_out": self.went_out,
            "results": [r.to_json() for r in self.results],
            "scores": dict(self.scores),
        }


def score_round(entry: RoundEntry, context: RoundContext) -> ScoredRound:
    """Check that ``entry`` can have happened and score it; raise :class:`RoundError` if not.

    Every player other than the one who went out has exactly one hand, entered as ``cards`` (not
    empty) or ``points`` (0 to the deck's value); the one who went out may be listed with nothing,
    no cards or 0 points; all the cards together fit in the deck. Under ``winner_takes`` the player
    who went out scores the others' points; under ``lowest_wins`` each player scores their own.
    """
    rules, players = context.rules, context.players
    went_out = match_player(entry.went_out, players)
    if went_out is None:
        raise RoundError(
            _("{name} is not a player of this game, so {name} cannot have gone out.").format(name=entry.went_out)
        )
    by_player: dict[str, Result] = {}
    for result in entry.results:
        player = match_player(result.player, players)
        if player is None:
            raise RoundError(_("{name} is not a player of this game.").format(name=result.player))
        if player in by_player:
            raise RoundError(_("{player} is listed twice in this round.").format(player=player), player=player)
        by_player[player] = Result(player, result.cards, result.points)
    limit = deck_points(rules)
    scored = []
    for player in players:
        result = by_player.get(player)
        if player == went_out:
            if result is not None and (result.penalty or result.cards):
                raise RoundError(
                    _("{player} went out, so {player} holds no cards and has no points to count.").format(
                        player=player
                    ),
                    player=player,
                )
            continue
        if result is None or result.penalty is None:
            raise RoundError(
                _("Enter {player}'s leftover cards or points: {player} did not go out.").format(player=player),
                player=player,
            )
        if result.cards is not None and not result.cards:
            raise RoundError(
                _("{player} did not go out, so {player} holds at least one card.").format(player=player), player=player
            )
        if result.penalty > limit:
            raise RoundError(
                _("{player}'s {points} points are more than the whole deck is worth ({limit}).").format(
                    player=player, points=result.penalty, limit=limit
                ),
                player=player,
            )
        scored.append(ScoredResult(result, result.penalty))
    try:
        check_fits_deck([card for r in scored for card in r.result.cards or ()], newer_wilds=rules.newer_wilds)
    except DeckError as error:
        raise RoundError(
            _("The cards entered for this round do not fit in one deck: {problem}").format(problem=error)
        ) from None
    total = sum(r.points for r in scored)
    if total > limit:
        raise RoundError(
            _(
                "Together the hands of this round count {total} points, more than the whole deck is worth ({limit})."
            ).format(total=total, limit=limit)
        )
    if rules.scoring == "lowest_wins":
        gained = {p: 0 for p in players} | {r.player: r.points for r in scored}
    else:
        gained = {p: (total if p == went_out else 0) for p in players}
    return ScoredRound(
        context.number, context.dealer, went_out, tuple(scored), tuple((p, gained[p]) for p in players)
    )
