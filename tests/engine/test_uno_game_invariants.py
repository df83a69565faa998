"""Invariants after every action of many seeded games in which every seat takes random legal actions.

Set ``UNO_LONG=1`` (or a number of games per rule set) for a longer run:
``UNO_LONG=200 .venv/bin/python -m pytest tests/engine/test_uno_game_invariants.py``.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from app.games.uno.engine.cards import DECK
from app.games.uno.engine.game import TOKEN, UnoGame

pytestmark = pytest.mark.slow  # plays hundreds of whole seeded games

_long = os.environ.get("UNO_LONG", "")
GAMES = (200 if _long == "1" else int(_long)) if _long else 6
MAX_ACTIONS = 1500
FULL = Counter(str(c) for c in DECK)

RULE_SETS = [
    {"target": 150},
    {"target": 150, "scoring": "lowest_wins", "first_wild": "reshuffle"},
    {"target": 150, "stacking": True, "multiples": True},
    {"target": 150, "seven_o": True, "jump_in": True},
    {"target": 150, "draw_until_playable": True, "stacking": True, "seven_o": True, "jump_in": True, "multiples": True},
]


def snapshot(game):
    return {
        "turn": game.turn,
        "direction": game.direction,
        "round": game.round,
        "status": game.status,
        "sizes": [len(h) for h in game.hands],
        "pending": dict(game.pending) if game.pending else None,
        "top": TOKEN[game.discard[-1]],
    }


def check_invariants(game):
    cards = (
        Counter(TOKEN[c] for h in game.hands for c in h)
        + Counter(TOKEN[c] for c in game.draw)
        + Counter(TOKEN[c] for c in game.discard)
    )
    assert cards == FULL, "every one of the 108 cards exactly once"
    if game.status == "playing":
        pending = game.pending
        if pending is None or pending["type"] != "color":
            assert 0 <= game.color <= 3, "the colour in play is always defined"
        else:
            assert game.discard[-1] == 52 and len(game.discard) == 1, "only a first-discard Wild waits for a colour"
        assert 0 <= game.turn < game.n and game.direction in (1, -1)
        assert pending is None or pending["seat"] == game.turn
        assert game.internal_legal(game.turn), "the seat to play always has an action"
        for seat in game.catchable:
            assert len(game.hands[seat]) == 1 and not game.uno[seat]
        assert all(game.hands), "only the player who goes out has no cards"
    else:
        assert (game.turn is None and game.winner is None) or 0 <= game.winner < game.n


def check_turn(before, seat, action, game):
    """The seat to play after an action follows from direction, skips and draws."""
    if game.round != before["round"] or game.status != "playing":
        return
    kind, cards = action[0], action[1]
    n, d = game.n, before["direction"]
    nxt = (seat + d) % n
    if kind in ("uno", "catch"):
        assert game.turn == before["turn"]
        if kind == "catch":
            target = action[3]
            assert before["sizes"][target] == 1
            assert len(game.hands[target]) == 3 or not game.draw
        return
    if kind == "play":
        rank = TOKEN[cards[0]][1:] if cards[0] < 52 else TOKEN[cards[0]]
        m = len(cards)
        if rank == "S":
            assert game.turn == (seat + d * (1 + m)) % n
        elif rank == "R":
            d2 = d if m % 2 == 0 else -d
            assert game.direction == d2
            assert game.turn == ((seat + 1 + m) % 2 if n == 2 else (seat + d2) % n)
        elif rank == "+2":
            if game.stacking:
                assert game.pending["type"] == "draw_two" and game.turn == nxt
                assert game.pending["amount"] >= 2 * m
            else:
                assert game.turn == (seat + 2 * d) % n
                assert len(game.hands[nxt]) >= before["sizes"][nxt] + 2 * m or not game.draw
        elif rank == "W4":
            assert game.pending["type"] == "wild_draw_four" and game.turn == nxt and game.pending["by"] == seat
        else:
            assert game.turn == nxt
            assert game.direction == d
    elif kind == "draw":
        if before["pending"] is not None:
            assert game.turn == nxt
            assert len(game.hands[seat]) == before["sizes"][seat] + before["pending"]["amount"] or not game.draw
        elif game.pending is not None:
            assert game.pending["type"] == "drawn" and game.turn == seat
        else:
            assert game.turn == nxt
    elif kind in ("pass", "accept"):
        assert game.turn == nxt
    elif kind == "challenge":
        pending = before["pending"]
        by = pending["by"]
        if len(game.hands[by]) > before["sizes"][by]:
            assert game.turn == seat
        else:
            assert (
                game.turn == nxt and len(game.hands[seat]) == before["sizes"][seat] + pending["amount"] + 2
            ) or not game.draw
    elif kind == "color":
        assert game.turn == seat and 0 <= game.color <= 3


def play_random(game, rng, public):
    """Every seat takes uniformly random legal actions (out-of-turn ones included) until the game ends."""
    for _ in range(MAX_ACTIONS):
        if game.status != "playing":
            break
        options = [(s, a) for s in range(game.n) for a in game.internal_legal(s)]
        seat, action = options[rng.randrange(len(options))]
        uno = rng.random() < 0.7
        before = snapshot(game)
        if public:
            from app.games.uno.engine.actions import Move

            game.apply(seat, Move.of(action, uno).to_json())
        else:
            game.step(seat, action, uno)
        check_invariants(game)
        check_turn(before, seat, action, game)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_invariants_hold_after_every_action(rules):
    rng = random.Random(RULE_SETS.index(rules))
    finished = 0
    for i in range(GAMES):
        players = rng.randint(2, 10)
        game = UnoGame([f"P{k}" for k in range(players)], rules, seed=rng.getrandbits(32), log=i % 3 == 0)
        check_invariants(game)
        play_random(game, rng, public=i % 3 == 0)
        finished += game.status == "finished"
        for record in game.finished_rounds:
            assert len(record["results"]) == players - 1
            assert all(r["cards"] for r in record["results"])
    assert finished >= 1
