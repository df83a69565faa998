"""Phase 10 penalty points for the cards left in a hand (RULES.md table)."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import LOW_MAX, Card, Kind

LOW_POINTS, HIGH_POINTS, SKIP_POINTS, WILD_POINTS = 5, 10, 15, 25
"""1-9 score 5, 10-12 score 10, a Skip 15, a Wild 25."""

CLASS_POINTS = {"low": LOW_POINTS, "high": HIGH_POINTS, "skip": SKIP_POINTS, "wild": WILD_POINTS}
"""The points of a card of each class (:data:`~app.games.phase10.engine.cards.CARD_CLASSES`)."""


def card_points(card: Card) -> int:
    """The penalty a card left in hand costs."""
    if card.kind is Kind.WILD:
        return WILD_POINTS
    if card.kind is Kind.SKIP:
        return SKIP_POINTS
    return LOW_POINTS if card.number is not None and card.number <= LOW_MAX else HIGH_POINTS


def hand_points(cards: Iterable[Card]) -> int:
    """The penalty for all the cards left in a hand."""
    return sum(card_points(card) for card in cards)
