"""Many seeded UNO Flip games played to the end, checked after every action: bots only (both bots), and every seat
taking uniformly random legal actions with random illegal ones tried in between.

``make test`` plays a bounded number (``GAMES``); set ``FLIP_LONG=1`` (or a number of games) for a longer run:
``FLIP_LONG=300 .venv/bin/python -m pytest tests/engine/test_uno_flip_game_invariants.py``.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from app.engine.errors import IllegalActionError
from app.games.uno_flip.engine import cards
from app.games.uno_flip.engine.bots import BOTS
from app.games.uno_flip.engine.deck import CARDS, FACE
from app.games.uno_flip.engine.game import FlipGame
from tests.tiers import bounded

pytestmark = pytest.mark.slow  # plays dozens of whole seeded games

_long = os.environ.get("FLIP_LONG", "")
GAMES = (300 if _long == "1" else int(_long)) if _long else 20
MAX_ACTIONS = 4000
JUNK = [
    {"type": "play", "card": "R5"},
    {"type": "play", "card": "PD5"},
    {"type": "play", "card": "WC", "color": "P"},
    {"type": "play", "card": "W2", "color": "R"},
    {"type": "play", "card": "W", "color": "Q"},
    {"type": "challenge"},
    {"type": "accept"},
    {"type": "pass"},
    {"type": "uno"},
    {"type": "catch", "seat": 0},
    {"type": "color", "color": "T"},
    {"type": "color", "color": "G"},
    {"type": "fly"},
    "draw",
]


def check(game):
    physical = sorted(c for h in game.hands for c in h) + []
    everything = sorted(physical + game.draw + game.discard)
    assert everything == list(CARDS), "every one of the 112 cards exactly once"
    for s, deck in ((0, cards.LIGHT_DECK), (1, cards.DARK_DECK)):
        assert Counter(FACE[s][c] for c in everything) == Counter(deck), "each side keeps its counts"
    if game.status == "playing":
        assert game.side in ("light", "dark") and game.turn is not None
        assert game.pending is None or game.pending["seat"] == game.turn
        assert game.color >= 0 or (game.pending is not None and game.pending["type"] == "color")
        assert game.internal_legal(game.turn), "the seat to play always has an action"
        assert all(game.hands), "only the player who goes out has no cards"
        view = game.view(game.turn)
        assert view["side"] == game.side and view["discard_top"] == str(game.face(game.discard[-1]))


# make test: four seeded 3-player games; make test-long: the other seeds and 2 and 5 players.
@pytest.mark.parametrize(
    "players, seeds",
    bounded(
        [(2, range(GAMES // 2)), (3, range(4)), (3, range(4, GAMES // 2)), (5, range(GAMES // 2))],
        keep={(3, range(4))},
        several=True,
    ),
)
def test_bots_play_seeded_games_to_the_end(players, seeds):
    for seed in seeds:
        seats = [{"name": f"P{i}", "bot": ("smart", "random")[(i + seed) % 2]} for i in range(players)]
        game = FlipGame(seats, {"target": 200}, seed=seed * 7 + players)
        for _i in range(MAX_ACTIONS):
            if game.status != "playing":
                break
            moved = False
            for k in range(players):
                seat = (game.turn + k) % players
                move = BOTS[game.bots[seat]].choose(game, seat)
                if move is not None:
                    assert move in game.legal_actions(seat), "a bot only chooses legal moves"
                    game.apply(seat, move)
                    moved = True
                    break
            assert moved
            check(game)
        assert game.status == "finished" and game.winner is not None
        assert max(game.scores) >= 200
        assert sum(len(r["results"]) for r in game.finished_rounds) == len(game.finished_rounds) * (players - 1)


@pytest.mark.parametrize("scoring", bounded(["winner_takes", "lowest_wins"], keep={"winner_takes"}))
def test_random_legal_play_with_illegal_tries_keeps_the_invariants(scoring):
    """Every seat takes random legal actions (the seat to play most of the time, others out of turn); every
    fourth action a random illegal one is tried first and must be refused with nothing changed."""
    flips = dark_ends = finished = 0
    for seed in range(GAMES // 5):
        rng = random.Random(seed)
        seats = [{"name": n} for n in ("Ana", "Ben", "Cy")]
        game = FlipGame(seats, {"target": 60, "scoring": scoring}, seed=seed, log=False)
        for step in range(MAX_ACTIONS):
            if game.status != "playing":
                break
            seat = game.turn if rng.random() < 0.85 else rng.randrange(3)
            legal = game.legal_actions(seat)
            if step % 4 == 0:
                junk = rng.choice(JUNK)
                if not any(move.to_json(game.side) == junk for move in legal):
                    before = game.to_json()
                    with pytest.raises(IllegalActionError):
                        game.apply(seat, junk)
                    assert game.to_json() == before, "a refused action changes nothing"
            if legal:
                game.apply(seat, rng.choice(legal).to_json(game.side))
                check(game)
        finished += game.status == "finished"
        flips += game.flips
        dark_ends += sum(1 for r in game.finished_rounds if r["side"] == "dark")
    assert finished == GAMES // 5, "every game reached its end"
    assert flips > 0 and dark_ends > 0, "the games flipped and some hands ended on the dark side"
