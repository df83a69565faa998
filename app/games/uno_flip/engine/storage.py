"""Storing a digital UNO Flip game: its whole state as JSON-ready data, and the game rebuilt from it (pure, as
UNO's :mod:`app.games.uno.engine.storage`).

A physical card is stored as its two faces, ``"R5/PD5"`` (light face, then dark), never as the engine's integer,
so the stored form reads on its own. Two physical cards with the same two faces are the same card to every rule,
so which integer each gets back does not matter.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.games.uno.engine.storage import core_from_json, core_to_json

from .deck import CARDS, TOKEN
from .game import FlipGame
from .rules import make_rules


def card_key(card: int) -> str:
    """A physical card as its two faces."""
    return f"{TOKEN[0][card]}/{TOKEN[1][card]}"


def to_json(game: FlipGame) -> dict[str, Any]:
    """The whole state of ``game`` (UNO's turn core's fields, :func:`~app.games.uno.engine.storage.core_to_json`,
    with the side in play and the number of flips); :func:`from_json` reads it."""
    return core_to_json(game, card_key, {"direction": {"side": game.side}, "challenges": {"flips": game.flips}})


def from_json(data: Mapping[str, Any], cls: type[FlipGame] = FlipGame) -> FlipGame:
    """Rebuild a game stored by :func:`to_json`; it continues exactly as the original would."""
    pool: dict[str, list[int]] = {}
    for card in CARDS:
        pool.setdefault(card_key(card), []).append(card)

    def cards(keys: list[str]) -> list[int]:
        return [pool[key].pop() for key in keys]

    def drawn(game: FlipGame, pending: Mapping[str, Any]) -> int:
        """The drawn card of a pending step: the card of those faces in the hand of the seat that drew it."""
        return next(c for c in reversed(game.hands[pending["seat"]]) if card_key(c) == pending["card"])

    game = core_from_json(data, cls, make_rules, cards, drawn)
    game.side = data["side"]
    game.flips = data["flips"]
    return game
