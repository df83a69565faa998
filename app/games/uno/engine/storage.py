"""Storing a digital UNO game: its whole state as JSON-ready data, and the game rebuilt from it.

Pure like the rest of the engine (no I/O): :func:`to_json` gives what the web app keeps in one JSON
column, :func:`from_json` rebuilds a :class:`~app.games.uno.engine.game.UnoGame` that continues exactly as
the original would (same hands, piles, random generators and log). Cards are stored as their tokens
(``"R7"``, ``"W4"``), never as the engine's small integers, so the stored form does not depend on them.

The fields every game on UNO's turn core stores are written and read here once (:func:`core_to_json`,
:func:`core_from_json`); UNO Flip's storage adds its side and flips.

Older stored forms still load: a game stored before the UNO-call grace (see the module docstring of
:mod:`~app.games.uno.engine.game`) has no ``exchanged``, and nobody is in a grace then.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, TypeVar

from app.engine.common import rng_from_json, rng_to_json
from app.engine.options import RuleSet

from .actions import UNO
from .core import LOG_KEEP, UnoCore
from .deck import CARD_BY_TOKEN, TOKEN
from .game import UnoGame
from .rules import make_rules


def to_json(game: UnoGame) -> dict[str, Any]:
    """The whole state of ``game`` as JSON-ready data (hands, piles, RNG states, log); :func:`from_json` reads it."""
    return core_to_json(game, TOKEN.__getitem__, {"catchable": {"exchanged": list(game.exchanged)}})


def from_json(data: Mapping[str, Any], cls: type[UnoGame] = UnoGame) -> UnoGame:
    """Rebuild a game stored by :func:`to_json` (or in an older form, see above); it continues exactly as the
    original would. Its score sheet is rebuilt from the finished hands only when first needed."""
    game = core_from_json(data, cls, make_rules, _cards, lambda _game, pending: CARD_BY_TOKEN[pending["card"]])
    game.exchanged = list(data.get("exchanged", ()))  # absent from games stored before the grace
    return game


G = TypeVar("G", bound=UnoCore)


def core_to_json(
    game: UnoCore, card: Callable[[int], str], own: Mapping[str, Mapping[str, Any]] = MappingProxyType({})
) -> dict[str, Any]:
    """The state of a game on UNO's turn core (:class:`~.core.UnoCore`), each card written by ``card``; ``own``
    holds the game's own fields, each group after the core's field it names (so each game keeps its stored
    order). Shared by the games built on the core (UNO Flip's storage)."""
    pending = None if game.pending is None else dict(game.pending)
    if pending is not None and "card" in pending:
        pending["card"] = card(pending["card"])
    fields = (
        ("game", game.KIND),
        ("seats", [{"name": n, "bot": b} for n, b in zip(game.names, game.bots, strict=True)]),
        ("rules", game.rules.to_dict()),
        ("seed", game.seed),
        ("rng", rng_to_json(game.rng)),
        ("bot_rng", rng_to_json(game.bot_rng)),
        ("logging", game.logging),
        ("max_hands", game.max_hands),
        ("status", game.status),
        ("winner", game.winner),
        ("termination", game.termination),
        ("round", game.round),
        ("dealer", game.dealer),
        ("turn", game.turn),
        ("direction", game.direction),
        ("color", game.color),
        ("hands", [[card(c) for c in hand] for hand in game.hands]),
        ("draw_pile", [card(c) for c in game.draw]),
        ("discard_pile", [card(c) for c in game.discard]),
        ("pending", pending),
        (UNO, list(game.uno)),  # the UNO calls
        ("catchable", list(game.catchable)),
        ("scores", list(game.scores)),
        ("finished_rounds", [dict(r) for r in game.finished_rounds]),
        ("turns", game.turns),
        ("hand_turns", game.hand_turns),
        ("challenges", [game.challenges_tried, game.challenges_won]),
        ("last_hand", game.last_hand),
        ("seq", game._seq),
        ("log", game.log[-LOG_KEEP:]),
    )
    out: dict[str, Any] = {}
    for key, value in fields:
        out[key] = value
        out.update(own.get(key, {}))
    return out


def core_from_json(
    data: Mapping[str, Any],
    cls: type[G],
    rules_maker: Callable[[Mapping[str, Any]], RuleSet],
    cards: Callable[[list[str]], list[int]],
    pending_card: Callable[[G, Mapping[str, Any]], int],
) -> G:
    """A game on UNO's turn core rebuilt from :func:`core_to_json`'s fields (the game's own fields are the
    caller's to set): ``cards`` reads a list of stored cards, ``pending_card`` the drawn card of a pending step
    (the hands already read)."""
    game = cls.__new__(cls)
    game._set_seats(data["seats"])
    game._set_rules(rules_maker(data["rules"]))
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
    game.hands = [cards(hand) for hand in data["hands"]]
    game.draw = cards(data["draw_pile"])
    game.discard = cards(data["discard_pile"])
    pending = None if data["pending"] is None else dict(data["pending"])
    if pending is not None and "card" in pending:
        pending["card"] = pending_card(game, pending)
    game.pending = pending
    game.uno = list(data[UNO])
    game.catchable = list(data["catchable"])
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


def _cards(tokens: list[str]) -> list[int]:
    return [CARD_BY_TOKEN[t] for t in tokens]
