"""The digital game's two-sided deck (RULES.md "UNO Flip"): 112 physical cards, each a light face and a dark face.

A physical card is a small integer, ``0``-``111``, an index into :data:`PAIRS`. Its faces are the score sheet's
:class:`~.cards.Card` values (the same cards, tokens and points the score sheet reads), so a hand the digital game
scores is scored by the sheet's own code. The light faces are :data:`~.cards.LIGHT_DECK`, the dark faces
:data:`~.cards.DARK_DECK`.

Which dark face shares a card with which light face is printed on the physical deck and not published in Mattel's
sheet: this book pairs them once, by a fixed shuffle (:data:`PAIRING_SEED`), so every game is dealt the same
112 cards, as a table's own deck is. Every side's counts are exactly RULES.md's, whatever the pairing.
"""

from __future__ import annotations

import random

from app.engine.i18n import _
from app.games.uno.engine.deck import CARD_OF_COLOR

from .cards import DARK, DARK_COLORS, DARK_DECK, LIGHT, LIGHT_COLORS, LIGHT_DECK, Card, parse_card

PAIRING_SEED = 44
"""The seed of the one shuffle that pairs the dark faces with the light ones (Mattel's GDR44)."""
HAND_SIZE = 7


def _pairs() -> tuple[tuple[Card, Card], ...]:
    dark = list(DARK_DECK)
    random.Random(PAIRING_SEED).shuffle(dark)
    return tuple(zip(LIGHT_DECK, dark, strict=True))


PAIRS: tuple[tuple[Card, Card], ...] = _pairs()
"""Each physical card's (light face, dark face)."""
CARDS = tuple(range(len(PAIRS)))
"""Every physical card, as its index into :data:`PAIRS`."""

SIDE_OF = {LIGHT: 0, DARK: 1}
"""A side's index into a pair (and into the tables below)."""
COLORS = {LIGHT: LIGHT_COLORS, DARK: DARK_COLORS}
"""Each side's colour letters; a colour in play is an index into its side's letters."""

FACE: tuple[tuple[Card, ...], tuple[Card, ...]] = (
    tuple(pair[0] for pair in PAIRS),
    tuple(pair[1] for pair in PAIRS),
)
"""``FACE[side][card]``: the face of a physical card on a side (0 light, 1 dark)."""
TOKEN: tuple[tuple[str, ...], tuple[str, ...]] = (
    tuple(str(c) for c in FACE[0]),
    tuple(str(c) for c in FACE[1]),
)
"""``TOKEN[side][card]``: the face's token (``"R5"``, ``"PD5"``, ``"WC"``)."""
COLOR_OF: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(-1 if c.color is None else LIGHT_COLORS.index(c.color) for c in FACE[0]),
    tuple(-1 if c.color is None else DARK_COLORS.index(c.color) for c in FACE[1]),
)
"""``COLOR_OF[side][card]``: the face's colour as an index into its side's colours; ``-1`` for a wild."""


def side_index(side: str) -> int:
    return SIDE_OF[side]


def other(side: str) -> str:
    """The side that is not ``side``."""
    return DARK if side == LIGHT else LIGHT


def color_name(side: str, color: int) -> str:
    """A colour of a side in words."""
    if side == LIGHT:
        return (_("red"), _("yellow"), _("green"), _("blue"))[color]
    return (_("pink"), _("teal"), _("orange"), _("purple"))[color]


def rank_name(rank: str) -> str:
    """A rank in words (a number stays a number)."""
    words = {
        "D1": _("Draw One"),
        "D5": _("Draw Five"),
        "R": _("Reverse"),
        "S": _("Skip"),
        "SE": _("Skip Everyone"),
        "F": _("Flip"),
        "W": _("Wild"),
        "W2": _("Wild Draw Two"),
        "WC": _("Wild Draw Color"),
    }
    return words.get(rank, rank)


def face_name(face: Card) -> str:
    """A face in words: "red 5", "pink Draw Five", "Wild Draw Color"."""
    if face.color is None:
        return rank_name(face.rank)
    index = COLORS[face.side].index(face.color)
    pattern = CARD_OF_COLOR[index] if face.side == LIGHT else DARK_CARD_OF_COLOR[index]
    return pattern().format(rank=rank_name(face.rank))


DARK_CARD_OF_COLOR = (
    # Translators: an UNO Flip dark-side card's name as a label ("pink 5", "pink Draw Five"), like "red {rank}".
    lambda: _("pink {rank}"),
    # Translators: an UNO Flip dark-side card's name as a label ("teal 5", "teal Skip Everyone"), like "red {rank}".
    lambda: _("teal {rank}"),
    # Translators: an UNO Flip dark-side card's name as a label ("orange 5", "orange Flip"), like "red {rank}".
    lambda: _("orange {rank}"),
    # Translators: an UNO Flip dark-side card's name as a label ("purple 5", "purple Reverse"), like "red {rank}".
    lambda: _("purple {rank}"),
)
"""A dark-side card's name by colour index: one pattern per colour (the light side's are UNO's own)."""


def token_name(token: str, side: str) -> str:
    """A face token of a side in words."""
    return face_name(parse_card(token, side))
