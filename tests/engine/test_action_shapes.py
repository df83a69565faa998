"""Actions of any JSON shape are refused with a sentence by every digital game, never a crash."""

from __future__ import annotations

import json

import pytest

from app.engine.errors import IllegalActionError
from app.games.phase10.engine.game import Game
from app.games.uno.engine.game import UnoGame
from app.games.uno_flip.engine.game import FlipGame

SHAPES = [
    {"type": []},
    {"type": {}},
    {"type": None},
    {"type": 3},
    {"type": ["R5"], "card": "G5"},
    {"type": "play", "card": ["R5"]},
    {"type": "play", "card": "W", "color": ["R"]},
    {"type": "catch", "seat": "1"},
    [],
    "draw",
    None,
]


@pytest.mark.parametrize(
    "factory",
    [
        lambda: Game([{"name": "Ana"}, {"name": "Ben"}], seed=4),
        lambda: UnoGame([{"name": "Ana"}, {"name": "Ben"}], seed=4),
        lambda: FlipGame([{"name": "Ana"}, {"name": "Ben"}], seed=4),
    ],
    ids=["phase10", "uno", "uno_flip"],
)
@pytest.mark.parametrize("action", SHAPES, ids=[json.dumps(s) for s in SHAPES])
def test_malformed_action_is_refused_and_changes_nothing(factory, action):
    game = factory()
    before = json.dumps(game.to_json(), sort_keys=True)
    seat = game.view(None)["turn"]
    with pytest.raises(IllegalActionError) as caught:
        game.apply(seat, action)
    assert str(caught.value)
    assert json.dumps(game.to_json(), sort_keys=True) == before
