"""The JSON form of Phase 10 actions (API.md): their shape, and the card tokens they name read against a hand.

:func:`check_shape` checks an action object's type and keys; :func:`card_choices`, :func:`resolve_card` and
:func:`resolve_groups` read the tokens an action names (a colourless number may stand for any held card of
that number); :func:`tokens` and :func:`sort_key` write cards back in the order hands are shown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from itertools import product
from typing import Any

from ..common import is_int
from ..errors import IllegalActionError, NotationError
from ..i18n import _
from .cards import COLORS, Card, Kind

ACTION_KEYS = {
    "draw": ({"type", "from"}, {"type", "from"}),
    "lay_down": ({"type", "groups"}, {"type", "groups", "phase"}),
    "hit": ({"type", "card", "seat", "group"}, {"type", "card", "seat", "group", "end"}),
    "discard": ({"type", "card"}, {"type", "card", "skip"}),
}


def tokens(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def sort_key(card: Card) -> tuple[int, int, str]:
    if card.kind is Kind.WILD:
        return (1, 0, "")
    if card.kind is Kind.SKIP:
        return (2, 0, "")
    return (0, card.number or 0, card.color or "")


def bad_token(token: Any) -> Card:
    raise NotationError(_("A card must be a token such as R7, 7, W or S, not {value}.").format(value=token))


def parse_token(token: Any) -> Card:
    if not isinstance(token, str):
        raise IllegalActionError(_("A card must be a token such as R7, 7, W or S."))
    try:
        return Card.parse(token)
    except NotationError as error:
        raise IllegalActionError(str(error)) from None


def colourless(card: Card) -> bool:
    return card.kind is Kind.NUMBER and card.color is None


def card_choices(hand: list[Card], token: Any) -> list[Card]:
    """The distinct cards of ``hand`` that ``token`` may name: the card itself, or for a number without
    a colour each held card of that number (API.md: "7" is any 7 of the hand)."""
    card = parse_token(token)
    if card in hand:
        return [card]
    if colourless(card):
        choices = list(dict.fromkeys(held for held in hand if held.kind is Kind.NUMBER and held.number == card.number))
        if choices:
            return choices
    raise IllegalActionError(_("You do not hold {card}.").format(card=str(card)))


def resolve_card(hand: list[Card], token: Any) -> Card:
    """The card of ``hand`` that ``token`` names (a colourless number: the first held card of that number)."""
    return card_choices(hand, token)[0]


MAX_OPEN_GROUPS = 2
"""Colourless numbers are tried in every colour only for lay-downs of up to this many groups with such
numbers (every phase has at most two groups): at most 5 ** 2 readings to verify."""


def resolve_groups(hand: list[Card], groups: Any) -> Iterator[list[list[Card]]]:
    """The readings of the groups of tokens as cards of the hand, each card of the hand used once.

    The first reading gives a number without a colour the colour its group names most (then the first
    colour letter); the next ones, when some group holds such numbers, prefer each colour in turn in
    each of those groups, so a caller can look for a reading that makes the lay-down legal. Raises
    :class:`IllegalActionError` before the first reading when the hand cannot supply the tokens.
    """
    if not isinstance(groups, list) or not groups or not all(isinstance(g, list) and g for g in groups):
        raise IllegalActionError(_("A lay-down's groups must be a list of non-empty lists of card tokens."))
    parsed = [[parse_token(token) for token in group] for group in groups]
    free = Counter(hand)
    for row in parsed:
        for card in row:
            if not colourless(card):
                if free[card] <= 0:
                    raise IllegalActionError(
                        _("You do not hold enough {card} for this lay-down.").format(card=str(card))
                    )
                free[card] -= 1
    first = _fillcolourless(parsed, Counter(free), {})
    yield first
    open_rows = [i for i, row in enumerate(parsed) if any(colourless(card) for card in row)]
    if not open_rows or len(open_rows) > MAX_OPEN_GROUPS:
        return
    seen = {tuple(map(tuple, first))}
    for colors in product((None, *COLORS), repeat=len(open_rows)):
        reading = _fillcolourless(parsed, Counter(free), dict(zip(open_rows, colors)))
        key = tuple(map(tuple, reading))
        if key not in seen:
            seen.add(key)
            yield reading


def _fillcolourless(parsed: list[list[Card]], free: Counter, prefer: Mapping[int, str | None]) -> list[list[Card]]:
    """``parsed`` with each colourless number replaced by a free card of the hand (``free`` is used up);
    group ``i`` takes colour ``prefer[i]`` when it can."""
    result = []
    for index, row in enumerate(parsed):
        wanted = prefer.get(index)
        colors = Counter(c.color for c in row if c.kind is Kind.NUMBER and c.color)
        out = []
        for card in row:
            if colourless(card):
                options = [c for c in free if free[c] > 0 and c.kind is Kind.NUMBER and c.number == card.number]
                if not options:
                    raise IllegalActionError(
                        _("You do not hold enough {card} for this lay-down.").format(card=str(card))
                    )
                card = min(options, key=lambda c: (c.color != wanted, -colors[c.color], c.color))
                free[card] -= 1
            out.append(card)
        result.append(out)
    return result


def check_shape(action: Any) -> str:
    """The action's type, after checking its keys and their types."""
    if not isinstance(action, Mapping):
        raise IllegalActionError(_("An action must be an object with a type."))
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in ACTION_KEYS:
        raise IllegalActionError(_("Unknown action type {kind}: use draw, lay_down, hit or discard.").format(kind=kind))
    required, allowed = ACTION_KEYS[kind]
    missing = sorted(required - set(action))
    if missing:
        raise IllegalActionError(_('A {kind} action needs "{key}".').format(kind=kind, key=missing[0]))
    extra = sorted(str(k) for k in action if k not in allowed)
    if extra:
        raise IllegalActionError(_('A {kind} action has no "{key}".').format(kind=kind, key=extra[0]))
    if kind == "hit" and (not is_int(action["seat"]) or not is_int(action["group"])):
        raise IllegalActionError(_('A hit\'s "seat" and "group" are whole numbers.'))
    if kind == "discard" and action.get("skip") is not None and not is_int(action["skip"]):
        raise IllegalActionError(_('A Skip\'s "skip" is a seat number.'))
    return kind
