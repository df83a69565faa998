"""One hand of an UNO score sheet: what was entered, read from JSON, and whether it can have happened.

A hand is a :class:`RoundEntry`: who went out and, for each other player, their leftover ``cards``
or the ``points`` counted at the table. :func:`parse_round` reads the JSON body of
``POST /api/games/<id>/rounds`` (or a stored round); :func:`score_round` checks it against the
game's players and rules and returns a :class:`ScoredRound`, whose :meth:`ScoredRound.to_json`
is what the web layer stores and shows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, partial
from typing import Any

from app.engine import sheetbase
from app.engine.dealcheck import CardClass, Demand, conflicting, together_refusal
from app.engine.errors import DeckError, RoundError
from app.engine.i18n import _, ngettext, number
from app.engine.options import RuleSet
from app.engine.sheetbase import match_results, read_each, read_points, read_result_head, read_round_head, read_tokens

from .cards import DECK, NEWER_DECK, Card
from .scoring import card_points, hand_points


def shortage(value: int, count: int) -> str:
    """ "The deck has only 4 cards showing 0.": one whole sentence per class of cards, its count through ngettext."""
    if value >= 40:
        template = ngettext(
            "The deck has only 1 wild card worth {value}.", "The deck has only {count} wild cards worth {value}.", count
        )
    elif value == 20:
        template = ngettext(
            "The deck has only 1 action card (20 points).", "The deck has only {count} action cards (20 points).", count
        )
    else:
        template = ngettext(
            "The deck has only 1 card showing {value}.", "The deck has only {count} cards showing {value}.", count
        )
    return template.format(count=count, value=value)


@dataclass(frozen=True)
class DeckRules:
    """What a hand's check needs of the deck it was dealt from: its cards (every copy), how a token is read,
    what a card scores, the sentence saying the deck holds only so many of a class of equal-valued cards
    (``shortage(value, count)``), and the least a typed hand is worth.

    UNO's decks are two of these; the decks of other UNO games (UNO Flip's sides, No Mercy) bring their own
    and share the rest of this module."""

    cards: tuple[Any, ...]
    parse: Callable[[str], Any]
    points: Callable[[Any], int] = card_points
    shortage: Callable[[int, int], str] = shortage
    least_points: int = 0
    """The least a typed hand is worth (UNO: 0, a hand of 0s; UNO Flip: 1, no card scores 0)."""

    @cached_property
    def total(self) -> int:
        """The value of the whole deck: no hand can be worth more (worked out once per deck)."""
        return sum(map(self.points, self.cards))

    @cached_property
    def _limits(self) -> Counter[Any]:
        """How many copies of each card the deck has (worked out once per deck, not for every row checked)."""
        return Counter(self.cards)

    def hand_points(self, cards: Any) -> int:
        return sum(map(self.points, cards))

    def check_fits(self, cards: Any) -> None:
        """Raise :class:`DeckError` when ``cards`` hold more of some card than the deck has."""
        limits = self._limits
        for card, count in Counter(cards).items():
            if count > limits[card]:
                raise DeckError(
                    _("The deck has only {limit} of {token}, but {count} were given.").format(
                        limit=limits[card], token=str(card), count=count
                    )
                )


CLASSIC = DeckRules(DECK, partial(Card.parse, newer_wilds=False))
NEWER = DeckRules(NEWER_DECK, partial(Card.parse, newer_wilds=True))

DECK_POINTS = CLASSIC.total
"""The value of the whole classic deck (1240): no hand can be worth more."""
NEWER_DECK_POINTS = NEWER.total
"""The value of the whole 112-card deck (with ``newer_wilds``)."""


def deck_rules(rules: RuleSet) -> DeckRules:
    """The deck the table plays with (the newer 112-card deck with ``newer_wilds``)."""
    return NEWER if rules.get("newer_wilds") else CLASSIC


@dataclass(frozen=True, slots=True)
class Result:
    """A player's leftover hand as entered: ``cards`` or ``points`` (neither only for the player who went out)."""

    player: str
    cards: tuple[Any, ...] | None = None
    """The cards held (UNO's :class:`Card`, or the card of another UNO deck whose check this is)."""
    points: int | None = None

    @property
    def penalty(self) -> int | None:
        """The value of the hand (``None`` when nothing was entered)."""
        if self.cards is not None:
            return hand_points(self.cards)
        return self.points

    def value(self, deck: DeckRules) -> int | None:
        """The value of the hand with ``deck``'s card values (``None`` when nothing was entered)."""
        if self.cards is not None:
            return deck.hand_points(self.cards)
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
class RoundEntry(sheetbase.RoundEntry):
    """A hand as entered: who went out, and the other players' leftover hands (in any order)."""

    results: tuple[Result, ...]


def parse_result(item: Any, index: int, parse: Callable[[str], Any], stored: bool) -> Result:
    """One leftover hand (``cards`` read with ``parse``, or ``points``) from ``results[index]``."""
    where, player = read_result_head(item, index, ("player", "cards", "points"))
    cards = None
    if "cards" in item:
        cards = read_tokens(item["cards"], where + ".cards", player, parse)
    points = read_points(item, where, player)
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
    went_out, results = read_hand_head(body, stored)
    parse = deck_rules(rules).parse
    return RoundEntry(went_out, read_each(results, lambda item, index: parse_result(item, index, parse, stored)))


def read_hand_head(body: Any, stored: bool, extra: tuple[str, ...] = ()) -> tuple[str, list[Any]]:
    """``went_out`` and the list of ``results`` of a hand's body; ``extra`` are keys a game adds to the round."""
    known = ("round", "went_out", "results", *extra) + (("dealer", "scores") if stored else ())
    went_out = read_round_head(body, known)
    results = body.get("results")
    if not isinstance(results, list):
        raise RoundError(_("results must be a list with the hand of each player who did not go out."))
    return went_out, results


def _typed_totals_together(scored: list[ScoredResult], deck: DeckRules) -> None:
    """Typed totals checked together with the cards entered: one deal of the deck must give every player the
    points entered for them (API.md "Phase 10 rounds: typed totals checked together": the same holds for UNO)."""
    typed = [r for r in scored if r.result.cards is None]
    if not typed:
        return
    left: dict[int, int] = {}
    whole: dict[int, int] = {}
    for card in deck.cards:
        whole[deck.points(card)] = whole.get(deck.points(card), 0) + 1
    left.update(whole)
    for r in scored:
        for card in r.result.cards or ():
            left[deck.points(card)] -= 1
    classes = [
        CardClass(deck.shortage(value, whole[value]), value, left[value], whole[value]) for value in sorted(whole)
    ]
    demands = [Demand(r.player, r.points, 1, len(deck.cards)) for r in typed]
    conflict = conflicting(classes, demands)
    if conflict is not None:
        raise together_refusal(conflict, {r.player: r.points for r in typed}, len(deck.cards))


@dataclass(frozen=True, slots=True)
class RoundContext:
    """What a hand is checked against: the rules, the players in seating order, its number and dealer.

    ``stored``: the hand is already on the sheet (replayed), so the typed totals are not checked together
    (:mod:`app.engine.dealcheck` protects new input; hands stored before it must still load)."""

    rules: RuleSet
    players: tuple[str, ...]
    number: int
    dealer: str
    stored: bool = False


ScoredResult = sheetbase.ScoredResult
"""A player's leftover hand (``result``) with its value (``points``)."""


@dataclass(frozen=True, slots=True)
class ScoredRound(sheetbase.ScoredRound):
    """A hand that passed every check: the leftover hands (seating order) and what each player scores."""

    entry_type = RoundEntry

    scores: tuple[tuple[str, int], ...]

    @property
    def gained(self) -> dict[str, int]:
        """What each player adds to their total for this hand."""
        return dict(self.scores)

    def to_json(self) -> dict[str, Any]:
        """The hand as stored and shown: number, dealer, who went out, each leftover hand with its
        ``points``, and ``scores`` (what each player adds to their total)."""
        return {**sheetbase.ScoredRound.to_json(self), "scores": dict(self.scores)}


def parse_row(item: Any, rules: RuleSet) -> Result:
    """One player's hand (a ``results`` item) read on its own; raise :class:`RoundError` when malformed."""
    return parse_result(item, 0, deck_rules(rules).parse, False)


def score_row(result: Result, went_out: bool, context: RoundContext, deck: DeckRules | None = None) -> ScoredResult:
    """One player's hand checked on its own: the one who went out holds nothing (0), anyone else a hand worth
    at most the deck; raise :class:`RoundError` if not. ``deck``: UNO's own by the rules, unless a game says."""
    player = result.player
    deck = deck or deck_rules(context.rules)
    limit = deck.total
    if went_out:
        if result.points or result.cards:
            raise RoundError(
                _("{player} went out, so {player} holds no cards and has no points to count.").format(player=player),
                player=player,
            )
        return ScoredResult(result, 0)
    penalty = result.value(deck)
    if penalty is None:
        raise RoundError(
            _("Enter {player}'s leftover cards or points: {player} did not go out.").format(player=player),
            player=player,
        )
    if result.cards is not None and not result.cards:
        raise RoundError(
            _("{player} did not go out, so {player} holds at least one card.").format(player=player), player=player
        )
    if result.cards is None and penalty < deck.least_points:
        raise RoundError(
            _("{player}'s hand is worth at least {least} point: every card of this deck scores.").format(
                player=player, least=deck.least_points
            ),
            player=player,
        )
    if penalty > limit:
        raise RoundError(
            _("{player}'s {points} points are more than the whole deck is worth ({limit}).").format(
                player=player, points=penalty, limit=limit
            ),
            player=player,
        )
    return ScoredResult(result, penalty)


def check_together(scored: list[ScoredResult], context: RoundContext, deck: DeckRules | None = None) -> None:
    """The hands of the players who did not go out checked together (their cards fit in one deck, their points
    in the deck's value, typed totals in what is left), for the hands given (a round being filled in gives those
    filled so far); raise :class:`RoundError` if not."""
    deck = deck or deck_rules(context.rules)
    limit = deck.total
    try:
        deck.check_fits([card for r in scored for card in r.result.cards or ()])
    except DeckError as error:
        raise RoundError(
            _("The cards entered for this round do not fit in one deck: {problem}").format(problem=error)
        ) from None
    total = sum(r.points for r in scored)
    if total <= limit and not context.stored:
        _typed_totals_together(scored, deck)
    if total > limit:
        raise RoundError(
            _(
                "Together the hands of this round count {total} points, more than the whole deck is worth ({limit})."
            ).format(total=number(total), limit=number(limit))
        )


def winner_takes(rules: RuleSet) -> bool:
    """Whether the player who went out scores the points in the others' hands (``winner_takes``, the default); else
    (``lowest_wins``) each player scores the points in their own hand."""
    return rules.scoring != "lowest_wins"


def score_round(entry: RoundEntry, context: RoundContext, deck: DeckRules | None = None) -> ScoredRound:
    """Check that ``entry`` can have happened and score it; raise :class:`RoundError` if not.

    Every player other than the one who went out has exactly one hand, entered as ``cards`` (not
    empty) or ``points`` (0 to the deck's value); the one who went out may be listed with nothing,
    no cards or 0 points; all the cards together fit in the deck. Under ``winner_takes`` the player
    who went out scores the others' points; under ``lowest_wins`` each player scores their own.
    ``deck``: the deck the hand was dealt from (UNO's own, by the rules, unless another game says).
    """
    rules, players = context.rules, context.players
    deck = deck or deck_rules(rules)
    went_out, by_player = match_results(entry, players)
    scored = []
    for player in players:
        row = score_row(by_player.get(player) or Result(player), player == went_out, context, deck)
        if player != went_out:
            scored.append(row)
    check_together(scored, context, deck)
    total = sum(r.points for r in scored)
    if winner_takes(rules):
        gained = {p: (total if p == went_out else 0) for p in players}
    else:
        gained = {p: 0 for p in players} | {r.player: r.points for r in scored}
    return ScoredRound(context.number, context.dealer, went_out, tuple(scored), tuple((p, gained[p]) for p in players))
