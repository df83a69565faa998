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


def test_both_digital_games_answer_with_typed_values_and_write_json_at_the_edge():
    """UNO's game answers as Phase 10's does: legal moves are values ``apply`` takes (with a JSON form, which the
    view lists), a bot chooses such a value, and the outcome is the shared :class:`Outcome`."""
    from app.games.phase10.engine.actions import Action as Phase10Action
    from app.games.phase10.engine.game import Game
    from app.games.uno.engine.actions import Move

    seats = [{"name": "A", "bot": "smart"}, {"name": "B", "bot": "random"}]
    for game, value in ((Game(seats, seed=3), Phase10Action), (UnoGame(seats, seed=3), Move)):
        seat = game.turn
        legal = game.legal_actions(seat)
        assert legal and all(isinstance(action, value) for action in legal)
        assert game.view(seat)["legal"] == [action.to_json() for action in legal]
        assert game.outcome() is None
        game.apply(seat, legal[0])
    game = UnoGame(seats, seed=4)
    move = uno_bots.get_bot("smart").choose(game, game.turn)
    assert isinstance(move, Move) and isinstance(move.action, Action)
    uno_bots.run_bots(game)
    outcome = game.outcome()
    assert isinstance(outcome, Outcome) and outcome == game.sheet.outcome
    assert outcome.rule is DecidingRule.REACHED_TARGET and outcome.winner == game.names[game.winner]
    # A move and its JSON form are the same move; a value is checked as a sent action is.
    plain = Move(Action("draw"))
    assert Move.from_json(plain.to_json(), seats=2, multiples=False, seven_o=False) == plain
    fresh = UnoGame(["Ana", "Ben"], seed=5)
    with pytest.raises(IllegalActionError, match="seat to catch"):
        fresh.apply(0, Move(Action("catch", (), -1, 7)))


def test_an_uno_game_stopped_after_its_hands_has_a_typed_outcome():
    game = UnoGame([{"name": "A", "bot": "smart"}, {"name": "B", "bot": "random"}], seed=2, max_hands=1)
    uno_bots.run_bots(game)
    outcome = game.outcome()
    assert game.termination == "hands_played" and outcome.rule is DecidingRule.LAST_ROUND
    assert outcome.winner == game.names[game.winner]
    assert outcome.text.startswith("The game was set to end after 1 round.")
