"""UNO card values for scoring a hand (RULES.md table)."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import ACTIONS, CLASSIC_WILDS, NEWER_WILDS, Card

ACTION_POINTS, WILD_POINTS, NEWER_WILD_POINTS = 20, 50, 40


def card_points(card: Card) -> int:
    """0-9 their face value; Draw Two, Reverse, Skip 20; Wild and Wild Draw Four 50; newer wilds 40."""
    if card.rank in ACTIONS:
        return ACTION_POINTS
    if card.rank in CLASSIC_WILDS:
        return WILD_POINTS
    if card.rank in NEWER_WILDS:
        return NEWER_WILD_POINTS
    return int(card.rank)


def hand_points(cards: Iterable[Card]) -> int:
    """The value of all the cards in a hand."""
    return sum(map(card_points, cards))
