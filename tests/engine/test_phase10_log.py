"""The digital Phase 10 log: events stored as data and worded when shown; older games kept worded text."""

from __future__ import annotations

import json
from pathlib import Path

from app.engine import i18n
from app.games.phase10.engine import bots
from app.games.phase10.engine.game import Game

OLD_GAME = Path(__file__).parent / "data" / "phase10_game_worded_log.json"
"""A game stored before the log was worded at view time: every event carries its English ``text``."""


def test_an_old_game_with_worded_events_loads_and_shows_them_as_stored():
    data = json.loads(OLD_GAME.read_text())
    game = Game.from_json(data)
    shown = game.view(0)["log"]
    stored = data["log"][-len(shown) :]
    assert [entry["text"] for entry in shown] == [event["text"] for event in stored]
    assert shown[0] == {
        "seq": 1,
        "round": 1,
        "seat": 1,
        "type": "deal",
        "text": "Round 1: Bot deals.",
        "discard_top": "B1",
    }
    # The game goes on; its new events are stored as data and worded when shown.
    bots.run_bots(game, max_actions=4)
    seat = game.turn
    game.apply(seat, game.legal_actions(seat)[0])
    assert "text" not in game.to_json()["log"][-1]
    assert game.view(None)["log"][-1]["text"].startswith(game.names[seat])


def test_new_events_are_worded_in_the_viewers_language(monkeypatch):
    game = Game([{"name": "Ana"}, {"name": "Bot", "bot": "random"}], seed=3)
    english = game.view(0)["log"][0]["text"]
    assert english == "Round 1: Bot deals."
    monkeypatch.setattr(i18n, "_translator", lambda message: message.replace("deals", "gibt"))
    assert game.view(0)["log"][0]["text"] == "Round 1: Bot gibt."
    assert "_tiebreaker" not in json.dumps(game.view(0))
