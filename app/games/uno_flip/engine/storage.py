"""Storing a digital UNO Flip game: its whole state as JSON-ready data, and the game rebuilt from it (pure, as
UNO's :mod:`app.games.uno.engine.storage`).

A physical card is stored as its two faces, ``"R5/PD5"`` (light face, then dark), never as the engine's integer,
so the stored form reads on its own. Two physical cards with the same two faces are the same card to every rule,
so which integer each gets back does not matter.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.engine.common import rng_from_json, rng_to_json

from .actions import UNO
from .deck import CARDS, TOKEN
from .game import LOG_KEEP, FlipGame
from .rules import make_rules


def card_key(card: int) -> str:
    """A physical card as its two faces."""
    return f"{TOKEN[0][card]}/{TOKEN[1][card]}"


def to_json(game: FlipGame) -> dict[str, Any]:
    """The whole state of ``game``; :func:`from_json` reads it."""
    pending = None if game.pending is None else dict(game.pending)
    if pending is not None and "card" in pending:
        pending["card"] = card_key(pending["card"])
    return {
        "game": "uno_flip",
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
        "side": game.side,
        "color": game.color,
        "hands": [[card_key(c) for c in hand] for hand in game.hands],
        "draw_pile": [card_key(c) for c in game.draw],
        "discard_pile": [card_key(c) for c in game.discard],
        "pending": pending,
        UNO: list(game.uno),  # the UNO calls
        "catchable": list(game.catchable),
        "scores": list(game.scores),
        "finished_rounds": [dict(r) for r in game.finished_rounds],
        "turns": game.turns,
        "hand_turns": game.hand_turns,
        "challenges": [game.challenges_tried, game.challenges_won],
        "flips": game.flips,
        "last_hand": game.last_hand,
        "seq": game._seq,
        "log": game.log[-LOG_KEEP:],
    }


def from_json(data: Mapping[str, Any], cls: type[FlipGame] = FlipGame) -> FlipGame:
    """Rebuild a game stored by :func:`to_json`; it continues exactly as the original would."""
    pool: dict[str, list[int]] = {}
    for card in CARDS:
        pool.setdefault(card_key(card), []).append(card)

    def cards(keys: list[str]) -> list[int]:
        return [pool[key].pop() for key in keys]

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
    game.side = data["side"]
    game.color = data["color"]
    game.hands = [cards(hand) for hand in data["hands"]]
    game.draw = cards(data["draw_pile"])
    game.discard = cards(data["discard_pile"])
    pending = None if data["pending"] is None else dict(data["pending"])
    if pending is not None and "card" in pending:
        hand = game.hands[pending["seat"]]
        pending["card"] = next(c for c in reversed(hand) if card_key(c) == pending["card"])
    game.pending = pending
    game.uno = list(data[UNO])
    game.catchable = list(data["catchable"])
    game.finished_rounds = [dict(r) for r in data["finished_rounds"]]
    game.scores = list(data["scores"])
    game._sheet = None
    game.turns = data["turns"]
    game.hand_turns = data["hand_turns"]
    game.challenges_tried, game.challenges_won = data["challenges"]
    game.flips = data["flips"]
    game.last_hand = data["last_hand"]
    game._seq = data["seq"]
    game.log = list(data["log"])
    return game
