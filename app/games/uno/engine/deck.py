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
    return CARD_OF_COLOR[COLOR_OF[card]]().format(rank=word)


CARD_OF_COLOR = (
    # Translators: a card's name, used as a label (the card "red 5", "red Skip"): {rank} is a number or the name of
    # an action card. Each language's order; a form that reads as a name in any sentence (German "Rot 5").
    lambda: _("red {rank}"),
    # Translators: a yellow card's name as a label ("yellow 5", "yellow Skip"), like "red {rank}".
    lambda: _("yellow {rank}"),
    # Translators: a green card's name as a label ("green 5", "green Skip"), like "red {rank}".
    lambda: _("green {rank}"),
    # Translators: a blue card's name as a label ("blue 5", "blue Skip"), like "red {rank}".
    lambda: _("blue {rank}"),
)
"""A coloured card's name by colour index: one pattern per colour, so the colour word agrees as each language
needs."""


def color_name(color: int) -> str:
    """A colour index in words: the colour's name as a noun ("the colour red")."""
    # Translators: a colour's name standing alone, as a noun ("mixes the colours red and blue"; German "Rot").
    return (_("red"), _("yellow"), _("green"), _("blue"))[color]
