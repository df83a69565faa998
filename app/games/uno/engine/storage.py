"""Storing a digital UNO game: its whole state as JSON-ready data, and the game rebuilt from it.

Pure like the rest of the engine (no I/O): :func:`to_json` gives what the web app keeps in one JSON
column, :func:`from_json` rebuilds a :class:`~app.games.uno.engine.game.UnoGame` that continues exactly as
the original would (same hands, piles, random generators and log). Cards are stored as their tokens
(``"R7"``, ``"W4"``), never as the engine's small integers, so the stored form does not depend on them.

Older stored forms still load: a game stored before the UNO-call grace (see the module docstring of
:mod:`~app.games.uno.engine.game`) has no ``exchanged``, and nobody is in a grace then.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from app.engine.common import rng_from_json, rng_to_json

from .deck import CARD_BY_TOKEN, TOKEN
from .game import LOG_KEEP, UnoGame
from .rules import make_rules


def to_json(game: UnoGame) -> dict[str, Any]:
    """The whole state of ``game`` as JSON-ready data (hands, piles, RNG states, log); :func:`from_json` reads it."""
    return {
        "game": "uno",
        "seats": [{"name": n, "bot": b} for n, b in zip(game.names, game.bots)],
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        "rng": rng_to_json(game.rng),
        "bot_rng": rng_to_json(game.bot_rng),
        "logging": game.logging,
        "max_hands": game.max_hands,
        "status": game.status,
        "winner": game.winner,
        "termination": game.termination,
        "round": game.round,
        "dealer": game.dealer,
        "turn": game.turn,
        "direction": game.direction,
        "color": game.color,
        "hands": [_tokens(hand) for hand in game.hands],
        "draw_pile": _tokens(game.draw),
        "discard_pile": _tokens(game.discard),
        "pending": _pending_to_json(game.pending),
        "uno": list(game.uno),
        "catchable": list(game.catchable),
        "exchanged": list(game.exchanged),
        "scores": list(game.scores),
        "finished_rounds": [dict(r) for r in game.finished_rounds],
        "turns": game.turns,
        "hand_turns": game.hand_turns,
        "challenges": [game.challenges_tried, game.challenges_won],
        "last_hand": game.last_hand,
        "seq": game._seq,
        "log": game.log[-LOG_KEEP:],
    }


def from_json(data: Mapping[str, Any], cls: type[UnoGame] = UnoGame) -> UnoGame:
    """Rebuild a game stored by :func:`to_json` (or in an older form, see above); it continues exactly as the
    original would. Its score sheet is rebuilt from the finished hands only when first needed."""
    game = cls.__new__(cls)
    game._set_seats(data["seats"])
    game._set_rules(make_rules(data["rules"]))
    game.seed = data["seed"]
    game.rng = rng_from_json(data["rng"])
    game.bot_rng = rng_from_json(data["bot_rng"])
    game.logging = data["logging"]
    game.max_hands = data["max_hands"]
    game.status = data["status"]
    game.winner = data["winner"]
    game.termination = data["termination"]
    game.round = data["round"]
    game.dealer = data["dealer"]
    game.turn = data["turn"]
    game.direction = data["direction"]
    game.color = data["color"]
    game.hands = [_cards(hand) for hand in data["hands"]]
    game.draw = _cards(data["draw_pile"])
    game.discard = _cards(data["discard_pile"])
    game.pending = _pending_from_json(data["pending"])
    game.uno = list(data["uno"])
    game.catchable = list(data["catchable"])
    game.exchanged = list(data.get("exchanged", ()))  # absent from games stored before the grace
    game.finished_rounds = [dict(r) for r in data["finished_rounds"]]
    game.scores = list(data["scores"])  # as the sheet had them; the sheet itself is rebuilt when needed
    game._sheet = None
    game.turns = data["turns"]
    game.hand_turns = data["hand_turns"]
    game.challenges_tried, game.challenges_won = data["challenges"]
    game.last_hand = data["last_hand"]
    game._seq = data["seq"]
    game.log = list(data["log"])
    return game


def _tokens(cards: list[int]) -> list[str]:
    return [TOKEN[c] for c in cards]


def _cards(tokens: list[str]) -> list[int]:
    return [CARD_BY_TOKEN[t] for t in tokens]


def _pending_to_json(pending: dict[str, Any] | None) -> dict[str, Any] | None:
    """The pending effect, its drawn ``card`` (if any) as a token."""
    return _with_card(pending, TOKEN.__getitem__)


def _pending_from_json(stored: Mapping[str, Any] | None) -> dict[str, Any] | None:
    return _with_card(stored, CARD_BY_TOKEN.__getitem__)


def _with_card(pending: Mapping[str, Any] | None, convert: Callable[[Any], Any]) -> dict[str, Any] | None:
    """A copy of ``pending`` (or ``None``) with its ``card``, if any, converted."""
    if pending is None:
        return None
    copy = dict(pending)
    if "card" in copy:
        copy["card"] = convert(copy["card"])
    return copy
