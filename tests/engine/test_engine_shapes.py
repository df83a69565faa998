"""The shapes both games share: where a rule lives, and what the game state depends on."""

from __future__ import annotations

import subprocess
import sys

import pytest

from app.engine.phase10 import bots as p10_bots
from app.engine.players import BOT_NAMES
from app.engine.uno import bots as uno_bots
from app.engine.uno.game import UnoGame


@pytest.mark.parametrize("module", ["app.engine.phase10.game", "app.engine.uno.game"])
def test_the_game_state_does_not_import_the_bots(module):
    code = f"import sys, {module}; print(sorted(m for m in sys.modules if m.endswith('.bots')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"


def test_both_games_offer_the_bots_named_once():
    assert tuple(p10_bots.BOTS) == tuple(uno_bots.BOTS) == BOT_NAMES


def test_an_uno_game_without_a_seed_gets_a_random_one_recorded():
    seeds = {UnoGame(["Ana", "Ben"]).seed for _ in range(5)}
    assert len(seeds) > 1  # not always 0
    game = UnoGame(["Ana", "Ben"])
    assert UnoGame.from_json(game.to_json()).seed == game.seed
