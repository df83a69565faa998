"""UNO cards as small integers, for speed: ``colour * 13 + rank`` for coloured cards, 52 a Wild, 53 a Wild
Draw Four; their tokens, points and names in words. The digital game, its actions and its bots use this form."""

from __future__ import annotations

import random

from app.engine.i18n import _

from .cards import COLORS, DECK, Card
from .scoring import hand_points

RANKS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2")
SKIP_RANK, REVERSE_RANK, DRAW_TWO_RANK, WILD_RANK, WILD_FOUR_RANK = 10, 11, 12, 13, 14
WILD, WILD_FOUR = 52, 53
HAND_SIZE = 7

TOKEN: tuple[str, ...] = tuple(f"{c}{r}" for c in COLORS for r in RANKS) + ("W", "W4")
CARD_BY_TOKEN: dict[str, int] = {token: card for card, token in enumerate(TOKEN)}
COLOR_OF: tuple[int, ...] = tuple(i // 13 for i in range(52)) + (-1, -1)
RANK_OF: tuple[int, ...] = tuple(i % 13 for i in range(52)) + (WILD_RANK, WILD_FOUR_RANK)
CARD_OF: tuple[Card, ...] = tuple(Card.parse(t) for t in TOKEN)
CARD_ID: dict[Card, int] = {c: i for i, c in enumerate(CARD_OF)}
POINTS: tuple[int, ...] = tuple(hand_points([Card.parse(t)]) for t in TOKEN)
DECK_IDS: tuple[int, ...] = tuple(CARD_ID[c] for c in DECK)


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """Shuffle in place (Fisher-Yates on ``rng.random()``, several times faster than ``rng.shuffle``)."""
    rnd = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def card_name(card: int) -> str:
    """A card in words, e.g. "red 5", "green Draw Two", "Wild Draw Four"."""
    if card == WILD:
        return _("Wild")
    if card == WILD_FOUR:
        return _("Wild Draw Four")
    rank = RANK_OF[card]
    word = RANKS[rank] if rank < 10 else (_("Skip"), _("Reverse"), _("Draw Two"))[rank - 10]
    return _("{color} {rank}").format(color=color_name(COLOR_OF[card]), rank=word)


def color_name(color: int) -> str:
    """A colour index in words."""
    return (_("red"), _("yellow"), _("green"), _("blue"))[color]
