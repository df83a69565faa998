"""Phase 10 cards, their notation, and the 108-card deck.

Tokens (case-insensitive): a number ``1``-``12``, optionally preceded by a colour letter
``R`` ``B`` ``G`` ``Y`` (``R7``, ``g12``, ``7``); ``W`` a wild; ``S`` a skip.
``Card.parse("g12")`` gives a card whose ``str()`` is the canonical ``"G12"``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from app.engine.errors import DeckError, NotationError
from app.engine.i18n import _
from app.engine.notation import parse_cards, parse_groups, shown_token

COLORS = ("R", "B", "G", "Y")
"""Colour letters in the order the deck lists them."""

LOWEST, HIGHEST = 1, 12


class Kind(StrEnum):
    """What a card is: a number card, a wild or a skip."""

    NUMBER = "number"
    WILD = "wild"
    SKIP = "skip"


@dataclass(frozen=True, slots=True)
class Card:
    """One Phase 10 card. ``number`` and ``color`` are ``None`` where they do not apply or were left out."""

    kind: Kind
    number: int | None = None
    color: str | None = None

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse one token; raise :class:`NotationError` naming it when it is not a card."""
        text = str(token).strip().upper()
        card = _BY_TOKEN.get(text)
        if card is None:
            raise NotationError(_('"{token}" is not a Phase 10 card.').format(token=shown_token(token)))
        return card

    @classmethod
    def number_card(cls, number: int, color: str | None = None) -> Card:
        """The number card ``number`` (1-12) of ``color`` (or of no stated colour)."""
        card = _BY_TOKEN.get(f"{color or ''}{number}")
        if card is None:
            raise NotationError(_('"{token}" is not a Phase 10 card.').format(token=f"{color or ''}{number}"))
        return card

    @property
    def is_wild(self) -> bool:
        return self.kind is Kind.WILD

    @property
    def is_skip(self) -> bool:
        return self.kind is Kind.SKIP

    @property
    def is_natural(self) -> bool:
        """A number card (neither wild nor skip)."""
        return self.kind is Kind.NUMBER

    def __str__(self) -> str:
        if self.kind is Kind.WILD:
            return "W"
        if self.kind is Kind.SKIP:
            return "S"
        return f"{self.color or ''}{self.number}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


WILD = Card(Kind.WILD)
SKIP = Card(Kind.SKIP)

_BY_TOKEN: dict[str, Card] = {"W": WILD, "S": SKIP}
for _number in range(LOWEST, HIGHEST + 1):
    _BY_TOKEN[str(_number)] = Card(Kind.NUMBER, _number)
    for _color in COLORS:
        _BY_TOKEN[f"{_color}{_number}"] = Card(Kind.NUMBER, _number, _color)


def parse_hand(tokens: Iterable[str] | str) -> list[Card]:
    """Cards from a list of tokens or from text such as ``"R7 7, W S"``."""
    if isinstance(tokens, str):
        return parse_cards(tokens, Card.parse)
    return [Card.parse(token) for token in tokens]


def parse_text_groups(text: str) -> list[list[Card]]:
    """Groups from text such as ``"7 7 W | 3 4 5 6"``."""
    return parse_groups(text, Card.parse)


# --- the deck -------------------------------------------------------------------------------------

HAND_SIZE = 10
"""Cards dealt to each player; a player who does not lay down a phase still holds this many."""

WILDS_IN_DECK = 8
SKIPS_IN_DECK = 4
COPIES_PER_COLOR = 2

DECK: tuple[Card, ...] = tuple(
    [Card(Kind.NUMBER, n, c) for c in COLORS for n in range(LOWEST, HIGHEST + 1) for _ in range(COPIES_PER_COLOR)]
    + [WILD] * WILDS_IN_DECK
    + [SKIP] * SKIPS_IN_DECK
)
"""The 108 cards of a Phase 10 deck: 1-12 twice in each of four colours, 8 wilds, 4 skips."""

LOW_MAX = 9
"""The highest "low" card: 1-9 are low (5 points), 10-12 high (10 points)."""

CARD_CLASSES = ("low", "high", "skip", "wild")
"""The four classes a hand is counted in (the score sheet's four-key keypad): 1-9, 10-12, skips, wilds."""


def card_class(card: Card) -> str:
    """The class of ``card`` (one of :data:`CARD_CLASSES`)."""
    if card.kind is Kind.WILD:
        return "wild"
    if card.kind is Kind.SKIP:
        return "skip"
    return "low" if card.number is not None and card.number <= LOW_MAX else "high"


IN_DECK_BY_CLASS: dict[str, int] = {key: sum(card_class(c) == key for c in DECK) for key in CARD_CLASSES}
"""How many cards of each class the deck holds (72 low, 24 high, 4 skips, 8 wilds)."""


def check_fits_deck(cards: Iterable[Card]) -> None:
    """Raise :class:`DeckError` when ``cards`` hold more of some card than the deck has.

    Counts: 8 wilds, 4 skips, 8 of each number, 2 of each number in each colour (cards
    whose colour was left out count toward the number only, so ``R7 R7 7`` fits but
    ``R7 R7 R7`` does not).
    """
    cards = list(cards)
    wilds = sum(1 for c in cards if c.kind is Kind.WILD)
    if wilds > WILDS_IN_DECK:
        raise DeckError(
            _("The deck has only {limit} wild cards, but {count} were given.").format(limit=WILDS_IN_DECK, count=wilds)
        )
    skips = sum(1 for c in cards if c.kind is Kind.SKIP)
    if skips > SKIPS_IN_DECK:
        raise DeckError(
            _("The deck has only {limit} skip cards, but {count} were given.").format(limit=SKIPS_IN_DECK, count=skips)
        )
    by_number = Counter(c.number for c in cards if c.kind is Kind.NUMBER)
    per_number = COPIES_PER_COLOR * len(COLORS)
    for number, count in sorted(by_number.items()):
        if count > per_number:
            raise DeckError(
                _("The deck has only {limit} cards numbered {number}, but {count} were given.").format(
                    limit=per_number, number=number, count=count
                )
            )
    by_color = Counter((c.color, c.number) for c in cards if c.kind is Kind.NUMBER and c.color)
    for (color, number), count in sorted(by_color.items()):
        if count > COPIES_PER_COLOR:
            raise DeckError(
                _("The deck has only {limit} cards {token}, but {count} were given.").format(
                    limit=COPIES_PER_COLOR, token=f"{color}{number}", count=count
                )
            )
