"""UNO actions as values: an :class:`Action` is a small named tuple (kind, cards, colour, argument) that
reads from and writes to the JSON form of API.md (:meth:`Action.from_json`, :meth:`Action.to_json`).

A named tuple keeps the simulator fast: the game and the bots build and compare them as plain tuples
(``Action(PLAY, (card,), -1, -1) == (PLAY, (card,), -1, -1)``), and the hot paths may build the tuple
form directly. ``colour`` and ``arg`` are ``-1`` when unused; ``arg`` is the seat caught or swapped with.

A :class:`Move` is an action as a player sends it: the :class:`Action` and whether a play calls UNO with it
(API.md ``"uno": true``). The game's :meth:`~.game.UnoGame.legal_actions` and the bots' ``choose`` answer
with moves, and :meth:`~.game.UnoGame.apply` takes one (or its JSON form), as Phase 10's game does with its
actions; JSON is written at the edge (:meth:`Move.to_json`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from app.engine.common import is_int
from app.engine.errors import IllegalActionError, NotationError
from app.engine.i18n import _

from .cards import COLORS, Card
from .deck import CARD_ID, RANK_OF, TOKEN, card_name

PLAY, DRAW, PASS, UNO, CATCH, CHALLENGE, ACCEPT, COLOR = (
    "play",
    "draw",
    "pass",
    "uno",
    "catch",
    "challenge",
    "accept",
    "color",
)
ACTION_TYPES = (PLAY, DRAW, PASS, UNO, CATCH, CHALLENGE, ACCEPT, COLOR)
MULTIPLE = 2
"""How many identical cards the ``multiples`` table rule lets a player play together."""


class Action(NamedTuple):
    """One action of the digital UNO game: its ``kind``, the ``cards`` played (as integers), the ``color``
    named (or ``-1``) and ``arg``, the seat caught or swapped with (or ``-1``)."""

    kind: str
    cards: tuple[int, ...] = ()
    color: int = -1
    arg: int = -1

    def to_json(self, uno: bool = False) -> dict[str, Any]:
        """The JSON form (API.md); ``uno`` adds the UNO call a play may carry."""
        kind, cards, color, arg = self
        out: dict[str, Any] = {"type": kind}
        if kind == PLAY:
            if len(cards) == 1:
                out["card"] = TOKEN[cards[0]]
            else:
                out["cards"] = [TOKEN[c] for c in cards]
            if color >= 0:
                out["color"] = COLORS[color]
            if arg >= 0:
                out["swap"] = arg
            if uno:
                out["uno"] = True
        elif kind == CATCH:
            out["seat"] = arg
        elif kind == COLOR:
            out["color"] = COLORS[color]
        return out

    @classmethod
    def from_json(cls, action: Any, *, seats: int, multiples: bool, seven_o: bool) -> tuple[Action, bool]:
        if not isinstance(action, Mapping):
            raise IllegalActionError(_('An action must be an object with a "type".'))
        kind = action.get("type")
        if not isinstance(kind, str) or kind not in _FIELDS:
            raise IllegalActionError(
                _("Unknown action type {kind}; use one of: {kinds}.").format(
                    kind=repr(kind), kinds=", ".join(ACTION_TYPES)
                )
            )
        extra = sorted(str(k) for k in action if k not in _FIELDS[kind])
        if extra:
            raise IllegalActionError(
                _("A {kind} action has no field {field}.").format(kind=kind, field=", ".join(extra))
            )
        if kind == PLAY:
            return cls._play_from_json(action, seats, multiples, seven_o)
        if kind == CATCH:
            target = action.get("seat")
            if not is_int(target) or not 0 <= target < seats:
                raise IllegalActionError(_("Name the seat to catch: a number from 0 to {last}.").format(last=seats - 1))
            return cls(CATCH, (), -1, target), False
        if kind == COLOR:
            if "color" not in action:
                raise IllegalActionError(_("Name the colour: R, Y, G or B."))
            return cls(COLOR, (), _color_index(action["color"]), -1), False
        return cls(kind, (), -1, -1), False

    @classmethod
    def _play_from_json(
        cls, action: Mapping[str, Any], seats: int, multiples: bool, seven_o: bool
    ) -> tuple[Action, bool]:
        if ("card" in action) == ("cards" in action):
            raise IllegalActionError(_('A play names its card as "card" (or several as "cards").'))
        if "card" in action:
            cards: tuple[int, ...] = (_card_id(action["card"]),)
        else:
            given = action["cards"]
            if isinstance(given, str) or not isinstance(given, Sequence) or not given:
                raise IllegalActionError(_('"cards" must be a non-empty list of card tokens.'))
            cards = tuple(_card_id(t) for t in given)
            if len(cards) > 1:
                if not multiples:
                    raise IllegalActionError(_("Playing several cards at once needs the multiples table rule."))
                if len(set(cards)) > 1:
                    raise IllegalActionError(
                        _("Cards played together must be identical (same colour and number or symbol).")
                    )
                if len(cards) > MULTIPLE:
                    raise IllegalActionError(
                        _("Only two identical cards may be played together, not {count}.").format(count=len(cards))
                    )
        card = cards[0]
        color = -1
        if card >= 52:
            if "color" not in action:
                raise IllegalActionError(
                    _("Name the colour for the {card}: R, Y, G or B.").format(card=card_name(card))
                )
            color = _color_index(action["color"])
        elif "color" in action:
            raise IllegalActionError(_("Only a Wild card takes a colour."))
        swap = action.get("swap")
        if swap is None:
            swap = -1
        else:
            if not seven_o or RANK_OF[card] != 7:
                raise IllegalActionError(_("Only a 7 under the seven_o table rule swaps hands."))
            if not is_int(swap) or not 0 <= swap < seats:
                raise IllegalActionError(
                    _("Name the seat to swap hands with: a number from 0 to {last}.").format(last=seats - 1)
                )
        uno = action.get("uno", False)
        if not isinstance(uno, bool):
            raise IllegalActionError(_('"uno" must be true or false.'))
        return cls(PLAY, cards, color, swap), uno


class Move(NamedTuple):
    """An action as a player sends it: the :class:`Action` and whether a play calls UNO with it."""

    action: Action
    uno: bool = False

    @property
    def kind(self) -> str:
        """The action's type (``"play"``, ``"draw"``, …)."""
        return self.action.kind

    def to_json(self) -> dict[str, Any]:
        """The JSON form (API.md)."""
        return self.action.to_json(self.uno)

    @classmethod
    def from_json(cls, action: Any, *, seats: int, multiples: bool, seven_o: bool) -> Move:
        """The move a JSON object (API.md) stands for; raises :class:`IllegalActionError` saying what is wrong."""
        return cls(*Action.from_json(action, seats=seats, multiples=multiples, seven_o=seven_o))

    @classmethod
    def of(cls, action: tuple, uno: bool = False) -> Move:
        """The move of an internal action tuple (the game's and the bots' fast form)."""
        return cls(action if isinstance(action, Action) else Action._make(action), uno)


DRAW_ACTION = Action(DRAW)
PASS_ACTION = Action(PASS)
UNO_ACTION = Action(UNO)
CHALLENGE_ACTION = Action(CHALLENGE)
ACCEPT_ACTION = Action(ACCEPT)
COLOR_ACTIONS = tuple(Action(COLOR, (), c) for c in range(4))
_FIELDS = {
    PLAY: {"type", "card", "cards", "color", "swap", "uno"},
    DRAW: {"type"},
    PASS: {"type"},
    UNO: {"type"},
    CHALLENGE: {"type"},
    ACCEPT: {"type"},
    CATCH: {"type", "seat"},
    COLOR: {"type", "color"},
}
OUT_OF_TURN = (UNO, CATCH)
"""The actions a player may take out of turn."""


def _card_id(token: Any) -> int:
    if not isinstance(token, str):
        raise IllegalActionError(_('A card must be given as a token such as "R5" or "W4".'))
    try:
        return CARD_ID[Card.parse(token)]
    except NotationError as error:
        raise IllegalActionError(str(error)) from None
    except KeyError:
        raise IllegalActionError(_('"{token}" is not a card of the digital game.').format(token=token)) from None


def _color_index(value: Any) -> int:
    if isinstance(value, str) and value.strip().upper() in COLORS:
        return COLORS.index(value.strip().upper())
    raise IllegalActionError(_("A colour must be one of R, Y, G or B."))
