"""The text form shared by both games: cards separated by spaces or commas, groups by ``|`` or ``/``.

``parse_groups("7 7 W | 3 4 5 6", Card.parse)`` gives two lists of cards, and
:func:`format_groups` writes them back in canonical form.
"""

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from .errors import NotationError
from .i18n import _

C = TypeVar("C")

_GROUP_SEP = re.compile(r"[|/]")
_CARD_SEP = re.compile(r"[\s,]+")


MAX_SHOWN = 20


def shown_token(token: object) -> str:
    """A token as an error message quotes it: trimmed, and cut short when it is long."""
    text = str(token).strip()
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "…"


def split_tokens(text: str) -> list[str]:
    """The card tokens of one group's text, in order (empty pieces dropped)."""
    return [t for t in _CARD_SEP.split(text.strip()) if t]


def parse_cards(text: str, parse: Callable[[str], C]) -> list[C]:
    """Parse one group of cards written as text (no group separators allowed)."""
    if _GROUP_SEP.search(text):
        raise NotationError(_("Expected one group of cards, but the text holds a group separator."))
    return [parse(token) for token in split_tokens(text)]


def parse_heap(text: str, parse: Callable[[str], C]) -> list[C]:
    """All the cards of a text, group separators read as spaces (a hand is one heap of cards)."""
    return [parse(token) for token in split_tokens(_GROUP_SEP.sub(" ", text))]


def parse_groups(text: str, parse: Callable[[str], C]) -> list[list[C]]:
    """Parse ``"7 7 W | 3 4 5 6"`` into groups of cards; an empty group is an error."""
    pieces = _GROUP_SEP.split(text)
    groups = []
    for number, piece in enumerate(pieces, start=1):
        tokens = split_tokens(piece)
        if not tokens:
            if len(pieces) == 1:
                return []
            raise NotationError(_("Group {number} is empty.").format(number=number))
        groups.append([parse(token) for token in tokens])
    return groups


def format_cards(cards: Iterable[object]) -> str:
    """Cards as canonical tokens separated by spaces."""
    return " ".join(str(card) for card in cards)


def format_groups(groups: Sequence[Iterable[object]]) -> str:
    """Groups as text: ``7 7 W | 3 4 5 6``."""
    return " | ".join(format_cards(group) for group in groups)
