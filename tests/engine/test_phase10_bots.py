"""Phase 10 bots and the simulator: legal choices, planning, skips, the summary's shape and reproducibility."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.engine.errors import RulesError
from app.games.phase10.engine.actions import DRAW_DISCARD, DRAW_PILE
from app.games.phase10.engine.bots import BOTS, RandomBot, SmartBot, plan, run_bots
from app.games.phase10.engine.cards import parse_hand
from app.games.phase10.engine.game import Game
from app.games.phase10.engine.phases import get_phase, make_rules
from app.games.phase10.engine.simulate import fill_bots, simulate

TIMING = {"seconds", "games_per_second", "turns_per_second"}


def stacked(hands, discard, draws=(), bots=None, **rules):
    tokens = [hand[i] for i in range(10) for hand in hands] + [discard, *draws]
    bots = bots or [None] * len(hands)
    seats = [{"name": f"P{i}", "bot": b} for i, b in enumerate(bots)]
    return Game(seats, make_rules(rules), seed=2, deck=tokens)


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_choice_is_a_legal_action(name):
    bot = BOTS[name]
    for seed in range(6):
        game = Game(
            [{"name": f"P{i}", "bot": name} for i in range(3)], {"phases": [1, 2], "skip_target": "choose"}, seed=seed
        )
        while game.status == "playing":
            seat = game.turn
            action = bot.choose(game, seat)
            assert action in game.legal_actions(seat)
            game.apply(seat, action)


def test_run_bots_stops_when_a_person_must_act():
    game = Game([{"name": "Bot", "bot": "random"}, {"name": "Ana"}, {"name": "Bot 2", "bot": "smart"}], seed=4)
    taken = run_bots(game)
    assert taken == 2 and game.turn == 1 and game.stage == "draw"
    assert run_bots(game) == 0
    game.apply(1, {"type": "draw", "from": "pile"})
    game.apply(1, {"type": "discard", "card": str(game.hands[1][0])})
    assert run_bots(game) > 0 and game.turn == 1 and game.stage == "draw"


def test_the_plan_counts_missing_cards_and_keeps_the_cards_that_serve():
    missing, keep = plan(get_phase(1), parse_hand("7 7 7 3 3 1 9 11 12 S"))
    assert missing == 1 and keep == {7: 3, 3: 2}
    missing, keep = plan(get_phase(2), parse_hand("5 5 W 1 2 3 12 12 10 S"))
    # 5 5 W is the set; 1 2 3 needs a 4: one card short.
    assert missing == 1 and keep[5] == 2 and all(keep.get(n) == 1 for n in (1, 2, 3))
    missing, _keep = plan(get_phase(4), parse_hand("1 2 3 4 5 6 W 12 12 S"))
    assert missing == 0
    missing, keep = plan(get_phase(8), parse_hand("R1 R5 R7 R9 B2 B3 W W G4 S"))
    assert missing == 1 and keep == {"R": 4}


def test_smart_takes_a_discard_that_serves_its_phase_and_lays_down():
    hands = [["7", "7", "3", "3", "3", "1", "9", "11", "12", "S"], ["1", "2", "4", "5", "6", "8", "9", "10", "11", "1"]]
    game = stacked(hands, "7", ["10"], bots=["smart", None])
    assert SmartBot().choose(game, 0) == DRAW_DISCARD
    game.apply(0, {"type": "draw", "from": "discard"})
    action = SmartBot().choose(game, 0)
    assert action.kind == "lay_down"
    game.apply(0, action)
    action = SmartBot().choose(game, 0)
    assert action.kind == "discard" and action.card is not None and not action.card.is_wild


def test_smart_draws_from_the_pile_when_the_discard_does_not_help():
    hands = [["7", "7", "3", "3", "3", "1", "9", "11", "12", "S"], ["1", "2", "4", "5", "6", "8", "9", "10", "11", "1"]]
    game = stacked(hands, "10", ["10"], bots=["smart", None])
    assert SmartBot().choose(game, 0) == DRAW_PILE


def test_smart_hits_to_empty_its_hand_and_goes_out():
    hands = [["7", "7", "7", "3", "3", "3", "7", "3", "W", "12"], ["1", "2", "4", "5", "6", "8", "9", "10", "11", "12"]]
    game = stacked(hands, "10", ["11"], bots=["smart", None])
    while game.turn == 0 and not game.finished_rounds:
        game.apply(0, SmartBot().choose(game, 0))
    # Lay down 7 7 7 | 3 3 3, hit 7, 3 and the wild, keep one of 11 and 12: one card left.
    assert len(game.hands[0]) == 1 and game.hands[0][0].number in (11, 12)


def test_smart_aims_a_skip_at_the_player_about_to_go_out():
    hands = [
        ["S", "7", "7", "1", "3", "3", "5", "1", "2", "12"],
        ["1", "1", "1", "2", "2", "2", "4", "9", "10", "11"],
        ["4", "5", "6", "8", "9", "10", "11", "12", "12", "5"],
        ["4", "5", "6", "8", "9", "10", "11", "12", "6", "5"],
    ]
    game = stacked(hands, "8", ["11", "4", "9", "8", "10"], skip_target="choose")
    game.apply(0, {"type": "draw", "from": "pile"})
    game.apply(0, {"type": "discard", "card": "11"})
    game.apply(1, {"type": "draw", "from": "pile"})
    game.apply(1, {"type": "lay_down", "groups": [["1", "1", "1"], ["2", "2", "2"]]})
    game.apply(1, {"type": "discard", "card": "4"})
    for seat in (2, 3):
        game.apply(seat, {"type": "draw", "from": "pile"})
        game.apply(seat, {"type": "discard", "card": "12"})
    game.apply(0, {"type": "draw", "from": "pile"})
    # Ben has laid down and holds 4 cards: the Skip goes to him, even though Cy plays next.
    assert SmartBot().choose(game, 0).to_json() == {"type": "discard", "card": "S", "skip": 1}


def test_random_bot_draws_its_choices_from_the_game():
    seats = [{"name": f"P{i}", "bot": "random"} for i in range(3)]
    first, second = Game(seats, seed=9), Game(seats, seed=9)
    assert [RandomBot().choose(first, 0) for _ in range(5)] == [RandomBot().choose(second, 0) for _ in range(5)]


def test_smart_beats_three_random_bots():
    summary = simulate(games=40, players=4, bots=["smart", "random", "random", "random"], seed=3)
    assert summary["wins_by_bot"]["smart"] > 30


def test_the_summary_has_the_contracts_keys_and_is_reproducible():
    rules = make_rules({"phases": [1, 2, 3]})
    first = simulate(games=12, players=3, bots=["smart", "random"], seed=5, rules=rules)
    calls = []
    second = simulate(
        games=12,
        players=3,
        bots=["smart", "random"],
        seed=5,
        rules=rules,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert {k: v for k, v in first.items() if k not in TIMING} == {k: v for k, v in second.items() if k not in TIMING}
    assert calls[-1] == (12, 12) and len(calls) == 12
    assert {
        "game",
        "games",
        "players",
        "bots",
        "seed",
        "seconds",
        "games_per_second",
        "turns",
        "turns_per_second",
        "rounds_mean",
        "rounds_max",
        "wins_by_seat",
        "wins_by_bot",
        "dealt_phase_odds",
    } <= set(first)
    assert first["game"] == "phase10" and first["bots"] == ["smart", "random", "smart"]
    assert sum(first["wins_by_seat"]) + first["unfinished"] == 12
    assert sum(first["wins_by_bot"].values()) == sum(first["wins_by_seat"])
    assert sorted(first["dealt_phase_odds"], key=int) == [str(p) for p in range(1, 11)]
    assert all(0 <= v <= 1 for v in first["dealt_phase_odds"].values())
    # Phase 2 (a set of 3 and a run of 4) is dealt more often than phase 10 (a set of 5 and a set of 3).
    assert first["dealt_phase_odds"]["2"] > first["dealt_phase_odds"]["10"]
    assert first["rounds_max"] >= first["rounds_mean"] >= 3 and first["turns"] > 0
    other = simulate(games=12, players=3, bots=["smart", "random"], seed=6, rules=rules)
    assert other["turns"] != first["turns"] or other["wins_by_seat"] != first["wins_by_seat"]


def test_the_simulator_refuses_what_cannot_be_played():
    with pytest.raises(RulesError, match="no bot"):
        simulate(games=1, bots=["genius"])
    with pytest.raises(RulesError, match="2 to 6"):
        simulate(games=1, players=7)
    with pytest.raises(RulesError):
        simulate(games=0)
    assert fill_bots(["smart", "random"], 5) == ["smart", "random", "smart", "random", "smart"]


def test_seeded_runs_do_not_depend_on_the_interpreters_hash_seed():
    script = (
        "import json; from app.games.phase10.engine.simulate import simulate; "
        "r = simulate(games=6, players=4, bots=['smart', 'random'], seed=7, "
        "rules={'variant': 'pick_a_phase', 'skip_target': 'choose', 'phases': [1, 2, 3]}); "
        "[r.pop(k) for k in ('seconds', 'games_per_second', 'turns_per_second')]; print(json.dumps(r))"
    )
    outputs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            cwd=Path(__file__).resolve().parents[2],
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
