"""UNO Show 'em No Mercy cards (RULES.md "UNO Show 'em No Mercy"), their notation and values.

Tokens (case-insensitive): a colour ``R`` ``Y`` ``G`` ``B`` followed by ``0``-``9``, ``S`` (Skip), ``R``
(Reverse), ``+2`` (also ``D2``, Draw Two), ``+4`` (also ``D4``, the colour Draw Four), ``DA`` (Discard All) or
``SE`` (Skip Everyone); the wilds ``WR4`` (Wild Reverse Draw Four), ``W6`` (Wild Draw Six), ``W10`` (Wild Draw
Ten), ``WCR`` (Wild Color Roulette). Canonical forms: ``R+4``, ``BDA``, ``GSE``, ``WR4``.

The instruction sheet does not list the deck's breakdown, so no count of the deck is checked (RULES.md);
:data:`DECK` is the usual printing's 168 cards, for dealing test hands only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app.engine.errors import NotationError
from app.engine.i18n import _
from app.engine.notation import parse_cards, shown_token

COLORS = ("R", "Y", "G", "B")
NUMBERS = tuple(str(n) for n in range(10))
SKIP, REVERSE, DRAW_TWO, DRAW_FOUR, DISCARD_ALL, SKIP_EVERYONE = "S", "R", "+2", "+4", "DA", "SE"
ACTIONS = (SKIP, REVERSE, DRAW_TWO, DRAW_FOUR, DISCARD_ALL, SKIP_EVERYONE)
WILD_REVERSE_DRAW_FOUR, WILD_DRAW_SIX, WILD_DRAW_TEN, WILD_COLOR_ROULETTE = "WR4", "W6", "W10", "WCR"
WILDS = (WILD_REVERSE_DRAW_FOUR, WILD_DRAW_SIX, WILD_DRAW_TEN, WILD_COLOR_ROULETTE)
ACTION_POINTS, WILD_POINTS = 20, 50

MERCY_LIMIT = 25
"""The mercy rule: a player holding this many cards or more is knocked out of the hand."""
KNOCK_OUT_POINTS = 250
"""What the hand's winner scores for each player knocked out during it."""


@dataclass(frozen=True, slots=True)
class Card:
    """One No Mercy card: ``color`` (``None`` for wilds) and ``rank``."""

    color: str | None
    rank: str

    def __str__(self) -> str:
        return f"{self.color or ''}{self.rank}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


_BY_TOKEN: dict[str, Card] = {}
for _color in COLORS:
    for _rank in NUMBERS + ACTIONS:
        _BY_TOKEN[f"{_color}{_rank}"] = Card(_color, _rank)
    _BY_TOKEN[f"{_color}D2"] = Card(_color, DRAW_TWO)
    _BY_TOKEN[f"{_color}D4"] = Card(_color, DRAW_FOUR)
for _rank in WILDS:
    _BY_TOKEN[_rank] = Card(None, _rank)


def parse_card(token: str) -> Card:
    """One token; raise :class:`NotationError` naming it when it is not a No Mercy card."""
    card = _BY_TOKEN.get(str(token).strip().upper())
    if card is None:
        raise NotationError(_('"{token}" is not an UNO Show \'em No Mercy card.').format(token=shown_token(token)))
    return card


def parse_hand(tokens: Iterable[str] | str) -> list[Card]:
    if isinstance(tokens, str):
        return parse_cards(tokens, parse_card)
    return [parse_card(token) for token in tokens]


def card_points(card: Card) -> int:
    """0-9 their face value; colour action cards 20; wild action cards 50."""
    if card.rank in ACTIONS:
        return ACTION_POINTS
    if card.rank in WILDS:
        return WILD_POINTS
    return int(card.rank)


DECK: tuple[Card, ...] = tuple(
    [Card(c, n) for c in COLORS for n in NUMBERS for _ in range(2)]
    + [
        Card(c, r)
        for c in COLORS
        for r, k in ((SKIP, 3), (REVERSE, 3), (DRAW_TWO, 3), (DRAW_FOUR, 2))
        for _ in range(k)
    ]
    + [Card(c, r) for c in COLORS for r, k in ((DISCARD_ALL, 3), (SKIP_EVERYONE, 2)) for _ in range(k)]
    + [
        Card(None, r)
        for r, k in ((WILD_REVERSE_DRAW_FOUR, 8), (WILD_DRAW_SIX, 4), (WILD_DRAW_TEN, 4))
        for _ in range(k)
    ]
    + [Card(None, WILD_COLOR_ROULETTE)] * 8
)
"""The usual printing's 168 cards (not on Mattel's sheet; used to deal test hands, never to refuse a round)."""
