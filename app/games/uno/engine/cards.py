"""UNO cards, their notation, and the 108-card deck.

Tokens (case-insensitive): a colour letter ``R`` ``Y`` ``G`` ``B`` followed by ``0``-``9``,
``S`` (Skip), ``R`` (Reverse) or ``D2``/``+2`` (Draw Two); ``W`` a Wild; ``W4`` (also
``+4``, ``W+4``) a Wild Draw Four; with the ``newer_wilds`` table rule, ``WS`` (Wild Shuffle
Hands) and ``WC`` (Wild Customizable). Canonical forms: ``G+2``, ``W4``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from app.engine.errors import DeckError, NotationError
from app.engine.i18n import _
from app.engine.notation import parse_cards, shown_token

COLORS = ("R", "Y", "G", "B")
NUMBERS = tuple(str(n) for n in range(10))
SKIP, REVERSE, DRAW_TWO = "S", "R", "+2"
ACTIONS = (SKIP, REVERSE, DRAW_TWO)
WILD, WILD_DRAW_FOUR, WILD_SHUFFLE, WILD_CUSTOM = "W", "W4", "WS", "WC"
CLASSIC_WILDS = (WILD, WILD_DRAW_FOUR)
NEWER_WILDS = (WILD_SHUFFLE, WILD_CUSTOM)


@dataclass(frozen=True, slots=True)
class Card:
    """One UNO card: ``color`` (``None`` for wilds) and ``rank`` (``"0"``-``"9"``, ``S``, ``R``, ``+2``, ``W``, ``W4``, ``WS``, ``WC``)."""

    color: str | None
    rank: str

    @classmethod
    def parse(cls, token: str, newer_wilds: bool = False) -> Card:
        """Parse one token; raise :class:`NotationError` naming it when it is not a card."""
        text = str(token).strip().upper()
        card = _BY_TOKEN.get(text)
        if card is None:
            raise NotationError(_('"{token}" is not an UNO card.').format(token=shown_token(token)))
        if card.rank in NEWER_WILDS and not newer_wilds:
            raise NotationError(
                _(
                    '"{token}" is a card of the newer 112-card decks; it counts only with the newer_wilds table rule.'
                ).format(token=shown_token(token))
            )
        return card

    @property
    def is_wild(self) -> bool:
        return self.color is None

    @property
    def is_number(self) -> bool:
        return self.rank in NUMBERS

    @property
    def is_action(self) -> bool:
        return self.rank in ACTIONS

    def __str__(self) -> str:
        return f"{self.color or ''}{self.rank}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_BY_TOKEN: dict[str, Card] = {}
for _color in COLORS:
    for _rank in NUMBERS + ACTIONS:
        _BY_TOKEN[f"{_color}{_rank}"] = Card(_color, _rank)
    _BY_TOKEN[f"{_color}D2"] = Card(_color, DRAW_TWO)
for _rank in CLASSIC_WILDS + NEWER_WILDS:
    _BY_TOKEN[_rank] = Card(None, _rank)
_BY_TOKEN["+4"] = _BY_TOKEN["W+4"] = Card(None, WILD_DRAW_FOUR)


def parse_hand(tokens: Iterable[str] | str, newer_wilds: bool = False) -> list[Card]:
    """Cards from a list of tokens or from text such as ``"R5, G+2 W4"``."""
    parse = lambda token: Card.parse(token, newer_wilds)  # noqa: E731
    if isinstance(tokens, str):
        return parse_cards(tokens, parse)
    return [parse(token) for token in tokens]


# --- the deck -------------------------------------------------------------------------------------

DECK: tuple[Card, ...] = tuple(
    [Card(c, "0") for c in COLORS]
    + [Card(c, r) for c in COLORS for r in NUMBERS[1:] + ACTIONS for _ in range(2)]
    + [Card(None, WILD)] * 4
    + [Card(None, WILD_DRAW_FOUR)] * 4
)
"""The classic 108-card deck: per colour one 0, two each of 1-9, Skip, Reverse, Draw Two; 4 Wild, 4 Wild Draw Four."""

NEWER_DECK: tuple[Card, ...] = DECK + (Card(None, WILD_SHUFFLE),) + (Card(None, WILD_CUSTOM),) * 3
"""The 112-card deck of later printings (one Wild Shuffle Hands, three Wild Customizable)."""

_LIMITS = Counter(DECK)
_NEWER_LIMITS = Counter(NEWER_DECK)


def deck_limit(card: Card, newer_wilds: bool = False) -> int:
    """How many copies of ``card`` the deck holds."""
    return (_NEWER_LIMITS if newer_wilds else _LIMITS)[card]


def check_fits_deck(cards: Iterable[Card], newer_wilds: bool = False) -> None:
    """Raise :class:`DeckError` when ``cards`` hold more of some card than the deck has."""
    limits = _NEWER_LIMITS if newer_wilds else _LIMITS
    for card, count in Counter(cards).items():
        if count > limits[card]:
            raise DeckError(
                _("The deck has only {limit} of {token}, but {count} were given.").format(
                    limit=limits[card], token=str(card), count=count
                )
            )
