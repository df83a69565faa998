"""Storing a digital UNO game (:mod:`app.games.uno.engine.storage`): the JSON round trip, and older stored forms."""

from __future__ import annotations

import json

from app.games.uno.engine import storage
from app.games.uno.engine.bots import run_bots
from app.games.uno.engine.game import UnoGame

SEATS = [{"name": "A", "bot": "smart"}, {"name": "B", "bot": "random"}, {"name": "C", "bot": "random"}]


def mid_game(seed=11, moves=40):
    """A game ``moves`` actions in, with a pending effect or a catch window as it happens."""
    game = UnoGame(SEATS, {"stacking": True, "seven_o": True}, seed=seed)
    for _ in range(moves):
        seat = game.turn
        game.apply(seat, game.legal_actions(seat)[0])
    return game


def test_the_stored_form_is_plain_json_with_cards_as_tokens():
    game = mid_game()
    data = storage.to_json(game)
    assert json.loads(json.dumps(data)) == data
    assert data == game.to_json()
    tokens = [t for hand in data["hands"] for t in hand] + data["draw_pile"] + data["discard_pile"]
    assert len(tokens) == 108 and all(isinstance(t, str) for t in tokens)


def test_a_drawn_card_waiting_to_be_played_is_stored_as_its_token():
    ana, ben = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"], ["B1", "B2", "B3", "B4", "B5", "B6", "B7"]
    deck = [card for pair in zip(ana, ben) for card in pair] + ["G9", "G8"]  # G9 turned up, G8 to draw
    game = UnoGame(["Ana", "Ben"], seed=3, deck=deck)
    game.apply(0, {"type": "draw"})
    data = storage.to_json(game)
    assert data["pending"] == {"type": "drawn", "seat": 0, "card": "G8"}
    loaded = storage.from_json(data)
    assert loaded.to_json() == data and loaded.legal_actions(0) == game.legal_actions(0)


def test_a_stored_game_continues_exactly_as_the_original():
    game = mid_game()
    copy = storage.from_json(json.loads(json.dumps(storage.to_json(game))))
    assert isinstance(copy, UnoGame) and copy.view(1) == game.view(1)
    run_bots(game)
    run_bots(copy)
    assert game.status == "finished" and storage.to_json(copy) == storage.to_json(game)


def test_a_game_stored_before_the_uno_call_grace_still_loads_and_plays_on():
    """Rows written before ``exchanged`` existed lack it: nobody is in a grace, and the game goes on."""
    game = mid_game(seed=5)
    assert game.exchanged == []
    old_row = json.loads(json.dumps(storage.to_json(game)))
    del old_row["exchanged"]
    loaded = UnoGame.from_json(old_row)
    assert loaded.exchanged == [] and loaded.view(0) == game.view(0)
    assert storage.to_json(loaded) == {**old_row, "exchanged": []}
    run_bots(game)
    run_bots(loaded)
    assert loaded.status == "finished" and loaded.to_json() == game.to_json()
