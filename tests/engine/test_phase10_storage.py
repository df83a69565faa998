"""Storing a digital Phase 10 game (:mod:`app.games.phase10.engine.storage`): dict <-> Game, pure, and rows stored
in older forms still load."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from app.engine.errors import RulesError
from app.games.phase10.engine import storage
from app.games.phase10.engine.bots import run_bots
from app.games.phase10.engine.game import Game

OLD_GAME = Path(__file__).parent / "data" / "phase10_game_worded_log.json"
"""A row stored before the log was worded at view time: every event carries its English ``text``."""


def mid_game(**rules) -> Game:
    game = Game([{"name": f"Bot{i}", "bot": "smart"} for i in range(3)], rules, seed=11)
    run_bots(game, max_actions=140)  # a few rounds in: laid groups, finished rounds, a discard pile
    assert game.status == "playing" and game.finished_rounds
    return game


@pytest.mark.parametrize(
    "rules", [{}, {"variant": "pick_a_phase"}, {"variant": "all_advance", "skip_target": "choose"}]
)
def test_a_stored_game_comes_back_whole_and_plays_on_identically(rules):
    game = mid_game(**rules)
    data = json.loads(json.dumps(storage.to_json(game)))
    copy = storage.from_json(data)
    assert storage.to_json(copy) == data
    assert copy.view(copy.turn) == game.view(game.turn)
    run_bots(game, max_actions=200)
    run_bots(copy, max_actions=200)
    assert storage.to_json(copy) == storage.to_json(game)


def test_the_game_methods_are_the_storage_modules():
    game = mid_game()
    assert game.to_json() == storage.to_json(game)
    assert storage.to_json(Game.from_json(game.to_json())) == game.to_json()


def test_an_old_row_with_worded_log_sentences_loads_and_is_stored_again_unchanged():
    data = json.loads(OLD_GAME.read_text())
    game = storage.from_json(data)
    assert storage.to_json(game) == data  # the worded sentences are kept as stored
    shown = game.view(0)["log"]
    assert [e["text"] for e in shown] == [e["text"] for e in data["log"][-len(shown) :]]
    assert [s["phases_open"] for s in game.view(None)["seats"]] == [
        [p.key for p in game.phases_open(s)] for s in range(game.players)
    ]


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        (lambda d: d.update(format=2), "This is not a stored Phase 10 game."),
        (lambda d: d.update(game="uno"), "This is not a stored Phase 10 game."),
        (lambda d: d.pop("hands"), "This stored Phase 10 game is damaged ('hands')."),
        (lambda d: d.update(hands=None), "This stored Phase 10 game is damaged ('NoneType' object is not iterable)."),
    ],
)
def test_what_is_not_a_stored_game_is_refused_with_a_sentence(change, sentence):
    data = json.loads(OLD_GAME.read_text())
    change(data)
    with pytest.raises(RulesError) as caught:
        storage.from_json(data)
    assert str(caught.value) == sentence


def test_storage_is_pure():
    source = Path(storage.__file__).read_text()
    imported = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            module = node.module or ""
            # the shared engine (app.engine) is pure too; anything else of the app is not
            imported.add("app.engine" if module.startswith("app.engine.") else module.split(".")[0])
    assert imported <= {"__future__", "collections", "typing", "app.engine"}
