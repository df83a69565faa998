"""Phase 10 actions as values: an :class:`Action` is a small named tuple that reads from and writes to the
JSON form of API.md (:meth:`Action.from_json`, :meth:`Action.to_json`), and the card tokens it names
read against a hand.

A named tuple keeps the simulator fast: the game lists its legal actions and the bots choose among them as
values holding :class:`~.cards.Card` objects (no token is parsed again when a bot's action is applied).
Fields an action kind does not use stay ``None`` (``groups`` empty). A number without a colour (``"7"``)
stays colourless in the value: :func:`card_choices`, :func:`resolve_card` and :func:`resolve_groups` read
it against the hand when the action is applied; :func:`tokens` and :func:`sort_key` write cards back in
the order hands are shown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from itertools import product
from typing import Any, NamedTuple

from app.engine.common import is_int
from app.engine.errors import IllegalActionError, NotationError
from app.engine.i18n import _

from .cards import COLORS, Card, Kind

DRAW, LAY_DOWN, HIT, DISCARD = "draw", "lay_down", "hit", "discard"
ACTION_TYPES = (DRAW, LAY_DOWN, HIT, DISCARD)
SOURCES = ("pile", "discard")
"""Where a draw takes its card from."""
ENDS = ("low", "high")
"""The ends of a run a hit may name."""

ACTION_KEYS = {
    DRAW: ({"type", "from"}, {"type", "from"}),
    LAY_DOWN: ({"type", "groups"}, {"type", "groups", "phase"}),
    HIT: ({"type", "card", "seat", "group"}, {"type", "card", "seat", "group", "end"}),
    DISCARD: ({"type", "card"}, {"type", "card", "skip"}),
}
"""Per action type: the keys its JSON object needs, and the keys it may have."""


class Action(NamedTuple):
    """One action of the digital Phase 10 game: its ``kind`` and the fields that kind uses.

    ``draw``: ``source`` (``"pile"`` or ``"discard"``). ``lay_down``: ``groups`` (tuples of cards) and,
    under ``pick_a_phase``, the ``phase`` chosen. ``hit``: the ``card``, the ``seat`` and ``group`` hit on,
    and the ``end`` of a run a wild goes to. ``discard``: the ``card`` and the seat a Skip ``skip``\\ s.
    """

    kind: str
    source: str | None = None
    groups: tuple[tuple[Card, ...], ...] = ()
    phase: int | str | None = None
    card: Card | None = None
    seat: int | None = None
    group: int | None = None
    end: str | None = None
    skip: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The JSON form (API.md)."""
        kind = self.kind
        out: dict[str, Any] = {"type": kind}
        if kind == DRAW:
            out["from"] = self.source
        elif kind == LAY_DOWN:
            out["groups"] = [tokens(group) for group in self.groups]
            if self.phase is not None:
                out["phase"] = self.phase
        else:
            out["card"] = str(self.card)
            if kind == HIT:
                out["seat"] = self.seat
                out["group"] = self.group
                if self.end is not None:
                    out["end"] = self.end
            elif self.skip is not None:
                out["skip"] = self.skip
        return out

    @classmethod
    def from_json(cls, action: Any) -> Action:
        """The action a JSON object (API.md) stands for; raises :class:`IllegalActionError` saying what is
        wrong with a malformed one (its type, a missing or unknown key, a field of the wrong kind)."""
        kind = _kind(action)
        if kind == DRAW:
            source = action["from"]
            if source not in SOURCES:
                raise IllegalActionError(_('A draw is from "pile" or "discard".'))
            return DRAW_PILE if source == "pile" else DRAW_DISCARD
        if kind == LAY_DOWN:
            return cls(LAY_DOWN, groups=parse_groups(action["groups"]), phase=_phase(action.get("phase")))
        if kind == HIT:
            seat, group, end = action["seat"], action["group"], action.get("end")
            if not is_int(seat) or not is_int(group):
                raise IllegalActionError(_('A hit\'s "seat" and "group" are whole numbers.'))
            if end is not None and end not in ENDS:
                raise IllegalActionError(_('A hit\'s "end" is "low" or "high".'))
            return cls(HIT, card=parse_token(action["card"]), seat=seat, group=group, end=end)
        skip = action.get("skip")
        if skip is not None and not is_int(skip):
            raise IllegalActionError(_('A Skip\'s "skip" is a seat number.'))
        return cls(DISCARD, card=parse_token(action["card"]), skip=skip)


DRAW_PILE = Action(DRAW, "pile")
DRAW_DISCARD = Action(DRAW, "discard")


def _kind(action: Any) -> str:
    """The action object's type, after checking its keys."""
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
    return kind


def _phase(value: Any) -> int | str | None:
    """The phase a lay-down names: a number or a key (whether it may be laid down is the game's question)."""
    if value is None or is_int(value) or isinstance(value, str):
        return value
    raise IllegalActionError(
        _("{where} must be {expected}.").format(where='"phase"', expected=_('a phase number or "tiebreaker"'))
    )


def parse_groups(groups: Any) -> tuple[tuple[Card, ...], ...]:
    """A lay-down's groups of tokens as cards (a colourless number stays colourless)."""
    if not isinstance(groups, list) or not groups or not all(isinstance(g, list) and g for g in groups):
        raise IllegalActionError(_("A lay-down's groups must be a list of non-empty lists of card tokens."))
    return tuple(tuple(parse_token(token) for token in group) for group in groups)


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


def card_choices(hand: list[Card], card: Card) -> list[Card]:
    """The distinct cards of ``hand`` that ``card`` may name: the card itself, or for a number without
    a colour each held card of that number (API.md: "7" is any 7 of the hand)."""
    if card in hand:
        return [card]
    if colourless(card):
        choices = list(dict.fromkeys(held for held in hand if held.kind is Kind.NUMBER and held.number == card.number))
        if choices:
            return choices
    raise IllegalActionError(_("You do not hold {card}.").format(card=str(card)))


def resolve_card(hand: list[Card], card: Card) -> Card:
    """The card of ``hand`` that ``card`` names (a colourless number: the first held card of that number)."""
    return card_choices(hand, card)[0]


MAX_OPEN_GROUPS = 2
"""Colourless numbers are tried in every colour only for lay-downs of up to this many groups with such
numbers (every phase has at most two groups): at most 5 ** 2 readings to verify."""


def resolve_groups(hand: list[Card], parsed: Sequence[Sequence[Card]]) -> Iterator[list[list[Card]]]:
    """The readings of a lay-down's groups (:func:`parse_groups`) as cards of the hand, each card of the hand
    used once.

    The first reading gives a number without a colour the colour its group names most (then the first
    colour letter); the next ones, when some group holds such numbers, prefer each colour in turn in
    each of those groups, so a caller can look for a reading that makes the lay-down legal. Raises
    :class:`IllegalActionError` before the first reading when the hand cannot supply the tokens.
    """
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


def _fillcolourless(
    parsed: Sequence[Sequence[Card]], free: Counter, prefer: Mapping[int, str | None]
) -> list[list[Card]]:
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
