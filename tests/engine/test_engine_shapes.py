"""The shapes both games share: where a rule lives, and what the game state depends on."""

from __future__ import annotations

import subprocess
import sys

import pytest

from app.engine.errors import IllegalActionError
from app.engine.outcome import Correction, DecidingRule, Outcome
from app.engine.players import BOT_NAMES
from app.games.phase10.engine import bots as p10_bots
from app.games.phase10.engine import sheet as p10_sheet
from app.games.uno.engine import bots as uno_bots
from app.games.uno.engine import sheet as uno_sheet
from app.games.uno.engine.actions import Action
from app.games.uno.engine.game import UnoGame


@pytest.mark.parametrize("module", ["app.games.phase10.engine.game", "app.games.uno.engine.game"])
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


def test_the_uno_game_scores_each_hand_in_its_score_sheet():
    game = UnoGame([{"name": "A", "bot": "smart"}, {"name": "B", "bot": "random"}], seed=4)
    uno_bots.run_bots(game)
    assert game.status == "finished"
    sheet = game.sheet
    assert len(sheet.rounds) == len(game.finished_rounds) >= 1
    assert game.scores == [sheet.totals[name] for name in game.names]
    assert sheet.outcome is not None and game.names[game.winner] == sheet.outcome.winner
    assert sheet.outcome.rule is DecidingRule.REACHED_TARGET and game.termination == "reached_target"
    # A stored game rebuilds its sheet from the hands it finished.
    loaded = UnoGame.from_json(game.to_json())
    assert loaded.scores == game.scores == [loaded.sheet.totals[name] for name in loaded.names]
    assert [r.to_json() for r in loaded.sheet.rounds] == [r.to_json() for r in sheet.rounds]


def test_outcome_and_correction_are_one_shape_for_every_game():
    outcome = Outcome(DecidingRule.TIEBREAKER, None, ("Ana", "Ben"), "tie")
    assert outcome.is_tie and outcome.to_json() == {
        "rule": "tiebreaker",
        "winner": None,
        "players": ["Ana", "Ben"],
        "text": "tie",
    }
    assert p10_sheet.Outcome is uno_sheet.Outcome is Outcome
    assert p10_sheet.Correction is uno_sheet.Correction is Correction
    assert p10_sheet.SOLE_FINISHER == "sole_finisher" and uno_sheet.REACHED_TARGET == "target"


@pytest.mark.parametrize(
    "data",
    [
        {"type": "play", "card": "R5"},
        {"type": "play", "cards": ["G7", "G7"]},
        {"type": "play", "card": "W4", "color": "B", "uno": True},
        {"type": "play", "card": "Y7", "swap": 2},
        {"type": "draw"},
        {"type": "catch", "seat": 1},
        {"type": "color", "color": "G"},
    ],
)
def test_uno_actions_are_values_with_a_json_round_trip(data):
    action, uno = Action.from_json(data, seats=3, multiples=True, seven_o=True)
    assert isinstance(action, Action) and action.to_json(uno) == data
    assert Action.from_json(action.to_json(uno), seats=3, multiples=True, seven_o=True) == (action, uno)


def test_an_uno_action_is_refused_with_the_reason():
    with pytest.raises(IllegalActionError, match="multiples"):
        Action.from_json({"type": "play", "cards": ["G7", "G7"]}, seats=3, multiples=False, seven_o=False)
