"""Storing a digital Phase 10 game: its whole state as JSON-ready data, and the game rebuilt from it.

Pure like the rest of the engine (no I/O): :func:`to_json` gives what the web app keeps in one JSON
column, :func:`from_json` rebuilds a :class:`~app.games.phase10.engine.game.Game` that continues exactly as
the original would (same hands, piles, laid groups, random generators and log). Cards are stored as
their tokens (``"R7"``, ``"W"``, ``"S"``); the score sheet is not stored but replayed from the finished
rounds, so standings and the outcome are the sheet's.

Older stored forms still load: games stored before the log was worded at view time keep an English
``text`` in each event, which :mod:`.log` shows as stored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.engine.common import rng_from_json, rng_to_json
from app.engine.errors import RulesError
from app.engine.i18n import _

from .actions import tokens
from .cards import Card
from .game import Game, check_seats
from .phases import make_rules
from .sheet import Sheet
from .verify import LaidGroup

FORMAT = 1
"""Version of the stored form."""

_PLAIN = ("status", "round", "dealer", "tiebreak", "turn", "stage", "turn_id", "round_turns", "turns", "redeals", "seq")
"""The fields stored as they are."""


def to_json(game: Game) -> dict[str, Any]:
    """The whole state of ``game`` as JSON-ready data (RNG states included); :func:`from_json` reads it."""
    return {
        "format": FORMAT,
        "game": "phase10",
        "seats": [{"name": n, "bot": b} for n, b in zip(game.names, game.bots)],
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        "rng": rng_to_json(game.rng),
        "bot_rng": rng_to_json(game.bot_rng),
        "status": game.status,
        "round": game.round,
        "dealer": game.dealer,
        "tiebreak": game.tiebreak,
        "active": list(game.active),
        "turn": game.turn,
        "stage": game.stage,
        "turn_id": game.turn_id,
        "round_turns": game.round_turns,
        "turns": game.turns,
        "redeals": game.redeals,
        "draw_pile": tokens(game.draw_pile),
        "discard": tokens(game.discard),
        "hands": [tokens(h) for h in game.hands],
        "laid": [[g.to_json() for g in groups] for groups in game.laid],
        "laid_down": [None if g is None else [tokens(x) for x in g] for g in game.laid_down],
        "completed": list(game.completed),
        "laid_turn": list(game.laid_turn),
        "skips_pending": list(game.skips_pending),
        "skipped": list(game.skipped),
        "dealt_hands": [tokens(h) for h in game.dealt_hands],
        "finished_rounds": list(game.finished_rounds),
        "tiebreaker": game.tiebreaker,
        "seq": game.seq,
        "log": list(game.log),
        "record_log": game.record_log,
    }


def from_json(data: Mapping[str, Any], cls: type[Game] = Game) -> Game:
    """The game :func:`to_json` stored; raises :class:`RulesError` when ``data`` is not one, or is damaged."""
    try:
        if data.get("format") != FORMAT or data.get("game") != "phase10":
            raise RulesError(_("This is not a stored Phase 10 game."))
        game = cls.__new__(cls)
        game.rules = make_rules(data["rules"])
        game.names, game.bots = check_seats(data["seats"])
        game.seed = data["seed"]
        game.rng = rng_from_json(data["rng"])
        game.bot_rng = rng_from_json(data["bot_rng"])
        game.record_log = data["record_log"]
        game.sheet = Sheet.replay(
            game.rules, game.names, data["finished_rounds"], (data["tiebreaker"] or {}).get("winner")
        )
        for key in _PLAIN:
            setattr(game, key, data[key])
        game.active = list(data["active"])
        game.draw_pile = _cards(data["draw_pile"])
        game.discard = _cards(data["discard"])
        game.hands = [_cards(h) for h in data["hands"]]
        game.laid = [[LaidGroup.from_json(dict(g)) for g in groups] for groups in data["laid"]]
        game.laid_down = [None if g is None else [_cards(x) for x in g] for g in data["laid_down"]]
        game.completed = list(data["completed"])
        game.laid_turn = list(data["laid_turn"])
        game.skips_pending = list(data["skips_pending"])
        game.skipped = list(data["skipped"])
        game.dealt_hands = [_cards(h) for h in data["dealt_hands"]]
        game.finished_rounds = list(data["finished_rounds"])
        game.tiebreaker = data["tiebreaker"]
        game.log = list(data["log"])
        game.on_deal = None
        return game
    except (KeyError, TypeError, AttributeError, IndexError) as error:
        raise RulesError(_("This stored Phase 10 game is damaged ({problem}).").format(problem=error)) from None


def _cards(tokens: Sequence[str]) -> list[Card]:
    return [Card.parse(t) for t in tokens]
