"""UNO Flip cards (RULES.md "UNO Flip"), their notation per side, the two sides' decks and the card values.

Every physical card has a light face and a dark face; a hand is read on the side in play when it ends, so
a token is read on a side. Light side: a colour ``R`` ``Y`` ``G`` ``B`` and ``1``-``9``, ``D1`` (also ``+1``,
Draw One), ``R`` (Reverse), ``S`` (Skip), ``F`` (Flip); ``W`` (Wild), ``W2`` (also ``W+2``, Wild Draw Two).
Dark side: a colour ``P`` (pink) ``T`` (teal) ``O`` (orange) ``U`` (purple) and ``1``-``9``, ``D5`` (also
``+5``, Draw Five), ``R``, ``SE`` (Skip Everyone), ``F``; ``W``, ``WC`` (Wild Draw Color). Canonical forms:
``RD1``, ``BF``, ``W2``, ``PD5``, ``TSE``, ``WC``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app.engine.errors import NotationError
from app.engine.i18n import _
from app.engine.notation import parse_cards, shown_token

LIGHT, DARK = "light", "dark"
SIDES = (LIGHT, DARK)

LIGHT_COLORS = ("R", "Y", "G", "B")
DARK_COLORS = ("P", "T", "O", "U")
NUMBERS = tuple(str(n) for n in range(1, 10))
DRAW_ONE, DRAW_FIVE, REVERSE, SKIP, SKIP_EVERYONE, FLIP = "D1", "D5", "R", "S", "SE", "F"
WILD, WILD_DRAW_TWO, WILD_DRAW_COLOR = "W", "W2", "WC"
LIGHT_ACTIONS = (DRAW_ONE, REVERSE, SKIP, FLIP)
DARK_ACTIONS = (DRAW_FIVE, REVERSE, SKIP_EVERYONE, FLIP)
LIGHT_WILDS = (WILD, WILD_DRAW_TWO)
DARK_WILDS = (WILD, WILD_DRAW_COLOR)

POINTS: dict[str, int] = {
    DRAW_ONE: 10,
    DRAW_FIVE: 20,
    REVERSE: 20,
    SKIP: 20,
    FLIP: 20,
    SKIP_EVERYONE: 30,
    WILD: 40,
    WILD_DRAW_TWO: 50,
    WILD_DRAW_COLOR: 60,
}
"""What each card that is not a number scores (RULES.md's table); 1-9 score their face value."""


@dataclass(frozen=True, slots=True)
class Card:
    """One face of an UNO Flip card: its ``side``, ``color`` (``None`` for wilds) and ``rank``."""

    side: str
    color: str | None
    rank: str

    @property
    def points(self) -> int:
        return POINTS.get(self.rank) or int(self.rank)

    def __str__(self) -> str:
        return f"{self.color or ''}{self.rank}"

    def __repr__(self) -> str:
        return f"Card({self.side!r}, {str(self)!r})"


def _tokens(side: str) -> dict[str, Card]:
    colors, actions, wilds = (
        (LIGHT_COLORS, LIGHT_ACTIONS, LIGHT_WILDS) if side == LIGHT else (DARK_COLORS, DARK_ACTIONS, DARK_WILDS)
    )
    aliases = {"+1": DRAW_ONE, "+5": DRAW_FIVE}
    tokens: dict[str, Card] = {}
    for color in colors:
        for rank in NUMBERS + actions:
            tokens[f"{color}{rank}"] = Card(side, color, rank)
        for alias, rank in aliases.items():
            if rank in actions:
                tokens[f"{color}{alias}"] = Card(side, color, rank)
    for rank in wilds:
        tokens[rank] = Card(side, None, rank)
    if side == LIGHT:
        tokens["W+2"] = Card(side, None, WILD_DRAW_TWO)
    return tokens


_BY_TOKEN = {side: _tokens(side) for side in SIDES}


def parse_card(token: str, side: str) -> Card:
    """One token read on ``side``; raise :class:`NotationError` naming it (and its side, when it is a card of the
    other side) when it is not a card of that side."""
    text = str(token).strip().upper()
    card = _BY_TOKEN[side].get(text)
    if card is not None:
        return card
    other = DARK if side == LIGHT else LIGHT
    if text in _BY_TOKEN[other]:
        wrong_side = (
            _('"{token}" is a card of the dark side, but this hand ended on the light side.')
            if side == LIGHT
            else _('"{token}" is a card of the light side, but this hand ended on the dark side.')
        )
        raise NotationError(wrong_side.format(token=shown_token(token)))
    raise NotationError(_('"{token}" is not an UNO Flip card.').format(token=shown_token(token)))


def parse_hand(tokens: Iterable[str] | str, side: str) -> list[Card]:
    """Cards read on ``side`` from a list of tokens or from text such as ``"R5, GD1 W2"``."""
    if isinstance(tokens, str):
        return parse_cards(tokens, lambda token: parse_card(token, side))
    return [parse_card(token, side) for token in tokens]


def card_points(card: Card) -> int:
    """1-9 their face value; Draw One 10; Draw Five, Reverse, Skip, Flip 20; Skip Everyone 30; Wild 40; Wild Draw
    Two 50; Wild Draw Color 60."""
    return card.points


def _deck(side: str) -> tuple[Card, ...]:
    colors, actions, wilds = (
        (LIGHT_COLORS, LIGHT_ACTIONS, LIGHT_WILDS) if side == LIGHT else (DARK_COLORS, DARK_ACTIONS, DARK_WILDS)
    )
    cards = [Card(side, c, r) for c in colors for r in NUMBERS + actions for _ in range(2)]
    cards += [Card(side, None, r) for r in wilds for _ in range(4)]
    return tuple(cards)


LIGHT_DECK = _deck(LIGHT)
"""The light faces: per colour 1-9, Draw One, Reverse, Skip, Flip twice each; 4 Wild, 4 Wild Draw Two (112)."""
DARK_DECK = _deck(DARK)
"""The dark faces: per colour 1-9, Draw Five, Reverse, Skip Everyone, Flip twice each; 4 Wild, 4 Wild Draw Color
(112)."""
DECKS = {LIGHT: LIGHT_DECK, DARK: DARK_DECK}
