"""Invariants of the digital Phase 10 game, checked after every action of many seeded bot games.

The default run plays 240 short games (phase lists of one to three phases, every variant and
table rule, 2-6 seats, random and smart bots) in a few seconds. The long run plays whole games::

    PHASE10_LONG_GAMES=2000 .venv/bin/python -m pytest tests/engine/test_phase10_game_invariants.py
"""

from __future__ import annotations

import json
import os
from collections import Counter
from itertools import cycle, islice

import pytest

from app.games.phase10.engine.bots import BOTS
from app.games.phase10.engine.cards import DECK, Card
from app.games.phase10.engine.game import Game
from app.games.phase10.engine.phases import make_rules
from app.games.phase10.engine.scoring import hand_points
from app.games.phase10.engine.sheet import Sheet
from tests.tiers import bounded

pytestmark = pytest.mark.slow  # plays hundreds of whole seeded games

FULL_DECK = Counter(DECK)
LONG = int(os.environ.get("PHASE10_LONG_GAMES", "0"))
GAMES = LONG or 240
SHORT_LISTS = [[1], [2, 4], [8], [9, 10], [3], [6], [1, 7], [5, 10, 2]]
VARIANTS = ["classic", "all_advance", "pick_a_phase"]
BOT_LINEUPS = [["random"], ["smart", "random"], ["random", "smart", "random"], ["smart"]]


def configuration(index: int):
    """Seats and rules of game ``index``: every combination of rules comes round."""
    players = 2 + index % 5
    bots = list(islice(cycle(BOT_LINEUPS[index % len(BOT_LINEUPS)]), players))
    rules = {
        "variant": VARIANTS[index % 3],
        "phases": list(range(1, 11)) if LONG else SHORT_LISTS[index % len(SHORT_LISTS)],
        "natural_card": ("phase", "group")[index // 3 % 2],
        "skip_target": ("next", "choose")[index // 2 % 2],
        "skip_once_per_lap": index % 7 != 3,
        "go_out_by_hit": index % 4 == 1,
    }
    seats = [{"name": f"P{i}", "bot": bot} for i, bot in enumerate(bots)]
    return seats, make_rules(rules)


def check_state(game: Game) -> None:
    assert Counter(game.all_cards()) == FULL_DECK
    n = game.players
    if game.status == "finished":
        assert game.turn is None and game.outcome() is not None
        assert all(game.legal_actions(s) == [] for s in range(n))
        return
    assert game.turn in game.active and game.stage in ("draw", "play")
    for seat in range(n):
        size = len(game.hands[seat])
        moving = seat == game.turn and game.stage == "play"
        if seat not in game.active:
            assert size == 0
        elif game.completed[seat] is None:
            assert size == (11 if moving else 10)
        else:
            assert 1 <= size <= (11 if moving else 10) - sum(len(group) for group in game.laid_down[seat])
        if seat != game.turn:
            assert game.legal_actions(seat) == []
    legal = game.legal_actions(game.turn)
    kinds = {a.kind for a in legal}
    if game.stage == "draw":
        assert kinds and kinds <= {"draw"}
    else:
        assert "discard" in kinds and "draw" not in kinds
        if game.completed[game.turn] is not None:
            assert "lay_down" not in kinds


def check_rounds(game: Game) -> None:
    """Scores and phases are what a score sheet computes from the recorded rounds."""
    sheet = Sheet.replay(game.rules, game.names, game.finished_rounds, (game.tiebreaker or {}).get("winner"))
    assert sheet.standings() == game.standings()
    totals = Counter()
    for record in game.finished_rounds:
        assert {r["player"] for r in record["results"]} == set(game.names)
        for result in record["results"]:
            totals[result["player"]] += hand_points(Card.parse(t) for t in result["cards"])
    assert [totals[name] for name in game.names] == [s.score for s in game.standings()]


def play_checked(index: int) -> Game:
    seats, rules = configuration(index)
    game = Game(seats, rules, seed=1000 + index)
    check_state(game)
    rounds = 0
    actions = 0
    while game.status == "playing" and game.round <= 120:
        seat = game.turn
        legal = game.legal_actions(seat)
        action = BOTS[game.bots[seat]].choose(game, seat)
        assert action in legal
        game.apply(seat, action)
        actions += 1
        check_state(game)
        if len(game.finished_rounds) != rounds:
            rounds = len(game.finished_rounds)
            check_rounds(game)
        if actions == 60:
            copy = Game.from_json(json.loads(json.dumps(game.to_json())))
            assert copy.to_json() == game.to_json()
    check_rounds(game)
    return game


@pytest.mark.parametrize("block", bounded(range(8), keep={0, 1, 2, 3}))
def test_invariants_hold_after_every_action(block):
    finished = 0
    for index in range(block, GAMES, 8):
        game = play_checked(index)
        finished += game.status == "finished"
    assert finished == len(range(block, GAMES, 8))


def test_the_configurations_cover_every_rule():
    seen = Counter()
    for index in range(GAMES):
        seats, rules = configuration(index)
        seen[("players", len(seats))] += 1
        for name in ("variant", "natural_card", "skip_target", "skip_once_per_lap", "go_out_by_hit"):
            seen[(name, rules[name])] += 1
        seen.update(("bot", s["bot"]) for s in seats)
    for key in (
        [("players", p) for p in range(2, 7)]
        + [("variant", v) for v in VARIANTS]
        + [
            ("natural_card", "group"),
            ("skip_target", "choose"),
            ("skip_once_per_lap", False),
            ("go_out_by_hit", True),
            ("bot", "smart"),
            ("bot", "random"),
        ]
    ):
        assert seen[key] >= 5, key
