"""Fixtures of the engine tests: UNO games on stacked decks and arranged positions.

Each fixture hands the test a function (``deal(hands, first, ...)``, ``arrange(game, ...)``,
``card_count(game)``), so a test names what it uses in its signature.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from app.games.uno.engine.cards import DECK
from app.games.uno.engine.game import UnoGame

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve"]
# Plain cards used to fill hands up to 7; yellow and blue numbers keep clear of the red/green scenarios.
FILLER = [f"Y{n}" for n in range(1, 10)] * 2 + [f"B{n}" for n in range(1, 10)] * 2

FULL = Counter(str(c) for c in DECK)


def _deal(hands, first, draws=(), rules=None, seed=1, bots=None):
    """A game whose first hand is exactly ``hands`` (padded to 7 with filler), ``first`` on the discard pile,
    and ``draws`` on top of the draw pile in the order they will be drawn."""
    used = Counter(t for h in hands for t in h) + Counter([first]) + Counter(draws)
    filler = iter(FILLER)
    full_hands = []
    for hand in hands:
        hand = list(hand)
        while len(hand) < 7:
            token = next(filler)
            if used[token] < FULL[token]:
                used[token] += 1
                hand.append(token)
        full_hands.append(hand)
    deck = [full_hands[s][i] for i in range(7) for s in range(len(hands))] + [first] + list(draws)
    seats = [{"name": NAMES[i], "bot": (bots or {}).get(i)} for i in range(len(hands))]
    return UnoGame(seats, rules, seed=seed, deck=deck)


def _arrange(game, hands=None, draws=None, top=None):
    """The same game with some hands replaced (cards taken from the draw pile), ``draws`` put on top of the
    draw pile (first listed drawn first) and optionally another discard on top; all 108 cards stay."""
    data = json.loads(json.dumps(game.to_json()))
    pile = data["draw_pile"]

    def take(token):
        if token in pile:
            pile.remove(token)
            return
        raise AssertionError(f"{token} is not in the draw pile")

    for seat in hands or {}:
        pile[0:0] = data["hands"][seat]
        data["hands"][seat] = []
    for seat, hand in (hands or {}).items():
        for token in hand:
            take(token)
            data["hands"][seat].append(token)
    if top is not None:
        take(top)
        data["discard_pile"].append(top)
        if top[0] in "RYGB":
            data["color"] = "RYGB".index(top[0])
    for token in draws or []:
        take(token)
    pile.extend(reversed(draws or []))
    return UnoGame.from_json(data)


def _card_count(game) -> Counter:
    """Every card in hands and piles, by token, from the stored state."""
    data = game.to_json()
    return Counter(t for h in data["hands"] for t in h) + Counter(data["draw_pile"]) + Counter(data["discard_pile"])


@pytest.fixture
def deal():
    """``deal(hands, first, draws=(), rules=None, seed=1, bots=None)``: a UNO game on a stacked deck."""
    return _deal


@pytest.fixture
def arrange():
    """``arrange(game, hands=None, draws=None, top=None)``: the same UNO game with hands and piles rearranged."""
    return _arrange


@pytest.fixture
def card_count():
    """``card_count(game)``: every card of a UNO game in hands and piles, by token."""
    return _card_count
