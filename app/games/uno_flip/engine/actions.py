"""UNO Flip actions as values: UNO's kinds of action (:mod:`app.games.uno.engine.actions`: play, draw, pass, uno,
catch, challenge, accept, color) with a card named by the face it shows on the side in play.

An :class:`Action` is ``(kind, card, color, arg)``: ``card`` the face token played (``""`` when none), ``color``
the colour named (an index into the side's colours, or ``-1``) and ``arg`` the seat caught (or ``-1``). A
:class:`Move` adds the UNO call a play may carry. Both read from and write to the JSON form of API.md
(``{"type": "play", "card": "PD5"}``, ``{"type": "play", "card": "WC", "color": "T", "uno": true}``); a card and
a colour are read on the side in play, so a light card named while the dark side is up is refused with the
sentence that says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from app.engine.common import is_int
from app.engine.errors import IllegalActionError, NotationError
from app.engine.i18n import _
from app.games.uno.engine.actions import (
    ACCEPT,
    ACTION_TYPES,
    CATCH,
    CHALLENGE,
    COLOR,
    DRAW,
    OUT_OF_TURN,
    PASS,
    PLAY,
    UNO,
)

from .cards import parse_card
from .deck import COLORS

__all__ = ["ACCEPT", "CATCH", "CHALLENGE", "COLOR", "DRAW", "OUT_OF_TURN", "PASS", "PLAY", "UNO", "Action", "Move"]

_FIELDS = {
    PLAY: {"type", "card", "color", "uno"},
    DRAW: {"type"},
    PASS: {"type"},
    UNO: {"type"},
    CHALLENGE: {"type"},
    ACCEPT: {"type"},
    CATCH: {"type", "seat"},
    COLOR: {"type", "color"},
}


class Action(NamedTuple):
    """One action of the digital UNO Flip game (see the module docstring)."""

    kind: str
    card: str = ""
    color: int = -1
    arg: int = -1

    def to_json(self, side: str, uno: bool = False) -> dict[str, Any]:
        """The JSON form (API.md), colours written as the letters of ``side``."""
        out: dict[str, Any] = {"type": self.kind}
        if self.kind == PLAY:
            out["card"] = self.card
            if self.color >= 0:
                out["color"] = COLORS[side][self.color]
            if uno:
                out["uno"] = True
        elif self.kind == CATCH:
            out["seat"] = self.arg
        elif self.kind == COLOR:
            out["color"] = COLORS[side][self.color]
        return out


class Move(NamedTuple):
    """An action as a player sends it: the :class:`Action` and whether a play calls UNO with it."""

    action: Action
    uno: bool = False

    @property
    def kind(self) -> str:
        return self.action.kind

    def to_json(self, side: str) -> dict[str, Any]:
        return self.action.to_json(side, self.uno)

    @classmethod
    def from_json(cls, action: Any, *, side: str, seats: int) -> Move:
        """The move a JSON object stands for, read on ``side``; raises :class:`IllegalActionError` saying what is
        wrong."""
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
            return _play(action, side)
        if kind == CATCH:
            target = action.get("seat")
            if not is_int(target) or not 0 <= target < seats:
                raise IllegalActionError(_("Name the seat to catch: a number from 0 to {last}.").format(last=seats - 1))
            return cls(Action(CATCH, "", -1, target))
        if kind == COLOR:
            return cls(Action(COLOR, "", _color(action.get("color"), side)))
        return cls(Action(kind))


def _play(action: Mapping[str, Any], side: str) -> Move:
    token = action.get("card")
    if not isinstance(token, str):
        raise IllegalActionError(_('A play names its card as "card", a token such as "R5".'))
    try:
        face = parse_card(token, side)
    except NotationError as error:
        raise IllegalActionError(str(error)) from None
    color = -1
    if face.color is None:
        if "color" not in action:
            raise IllegalActionError(_("Name the colour for the wild card: {colors}.").format(colors=_letters(side)))
        color = _color(action["color"], side)
    elif "color" in action:
        raise IllegalActionError(_("Only a Wild card takes a colour."))
    uno = action.get("uno", False)
    if not isinstance(uno, bool):
        raise IllegalActionError(_('"uno" must be true or false.'))
    return Move(Action(PLAY, str(face), color), uno)


def _letters(side: str) -> str:
    return ", ".join(COLORS[side])


def _color(value: Any, side: str) -> int:
    letters = COLORS[side]
    if isinstance(value, str) and value.strip().upper() in letters:
        return letters.index(value.strip().upper())
    raise IllegalActionError(_("A colour on this side must be one of {colors}.").format(colors=_letters(side)))
