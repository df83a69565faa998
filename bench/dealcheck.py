"""Benchmark of "typed totals checked together" (app/engine/dealcheck.py) through the games' round checks.

Builds rounds whose every hand is entered as a typed total, the case the check works hardest on:
- *dealt*: totals of hands really dealt from a shuffled deck (always possible: must be accepted);
- *nudged*: the same totals with one or two moved by a few points (possible or not);
- *near the limit*: totals drawn close to what the deck can give at all (Phase 10: impossible);
- *crowded* (UNO): five hands of 0 points (the deck has four 0s: impossible).
Phase 10 with 6 players (its maximum; 10 cards for those without a phase, fewer for those with one),
UNO with 10 players (9 hands). Each round is checked by the sheet's ``check_round`` (parsing excluded),
timed with ``time.perf_counter``; prints mean, p99 and max in ms per kind, how many were refused, and
how many searches ran out of budget (then the round is accepted). The target is a max below 50 ms.

Run from the repository root: ``.venv/bin/python bench/dealcheck.py [--rounds N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.engine import dealcheck
from app.engine.errors import RoundError
from app.games.phase10.engine import phases as p10_phases
from app.games.phase10.engine import sheet as p10_sheet
from app.games.phase10.engine.cards import DECK as P10_DECK
from app.games.phase10.engine.rounds import parse_round as p10_parse
from app.games.phase10.engine.scoring import hand_points as p10_points
from app.games.uno.engine import rules as uno_rules
from app.games.uno.engine import sheet as uno_sheet
from app.games.uno.engine.cards import DECK as UNO_DECK
from app.games.uno.engine.rounds import parse_round as uno_parse
from app.games.uno.engine.scoring import hand_points as uno_points

TARGET_MS = 50.0

out_of_budget = 0
_real = dealcheck.deal_exists


def _counting(*args, **kwargs):
    global out_of_budget
    answer = _real(*args, **kwargs)
    if answer is None:
        out_of_budget += 1
    return answer


dealcheck.deal_exists = _counting


def phase10_round(rng: random.Random, mode: str):
    players = [f"P{i}" for i in range(6)]
    deck = list(P10_DECK)
    rng.shuffle(deck)
    results = [{"player": players[0], "completed": True}]
    for index, player in enumerate(players[1:]):
        completed = rng.random() < 0.4
        size = rng.randint(1, 2) if completed else 10
        hand, deck = deck[:size], deck[size:]
        points = p10_points(hand)
        if mode == "near":
            points = rng.choice([180, 200, 210, 220, 230]) if not completed else rng.choice([50, 75, 100])
        elif mode == "nudged" and index < 2:
            points += 5 * rng.randint(-3, 6)
        results.append({"player": player, "completed": completed, "points": max(points, 5)})
    body = {"round": 1, "went_out": players[0], "results": results}
    rules = p10_phases.make_rules({})
    return p10_sheet.Sheet(rules, players), p10_parse(body, rules)


def uno_round(rng: random.Random, mode: str):
    players = [f"P{i}" for i in range(10)]
    deck = list(UNO_DECK)
    rng.shuffle(deck)
    results = []
    for index, player in enumerate(players[1:]):
        size = rng.randint(1, 11)
        hand, deck = deck[:size], deck[size:]
        points = uno_points(hand)
        if mode == "near":
            points = rng.randint(125, 145) if index % 2 else rng.choice([0, 1, 2, 3, 60, 90])
        elif mode == "crowded":  # five hands of 0 points: the deck has four 0s
            points = 0 if index < 5 else rng.randint(0, 300)
        elif mode == "nudged" and index < 2:
            points = max(0, points + rng.randint(-5, 40))
        results.append({"player": player, "points": points})
    body = {"round": 1, "went_out": players[0], "results": results}
    rules = uno_rules.make_rules({})
    return uno_sheet.Sheet(rules, players), uno_parse(body, rules)


def run(name: str, make, rounds: int, rng: random.Random) -> float:
    global out_of_budget
    worst = 0.0
    for mode in ("dealt", "nudged", "near", "crowded") if name.startswith("uno") else ("dealt", "nudged", "near"):
        out_of_budget = 0
        times, refused = [], 0
        for _ in range(rounds):
            sheet, entry = make(rng, mode)
            start = time.perf_counter()
            try:
                sheet.check_round(entry)
            except RoundError:
                refused += 1
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        worst = max(worst, times[-1])
        print(
            f"{name:22} {mode:7} rounds={rounds} mean={statistics.mean(times):6.2f} ms p99={p99:6.2f} ms "
            f"max={times[-1]:6.2f} ms refused={refused} out_of_budget={out_of_budget}"
        )
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    worst = max(
        run("phase10 (6 players)", phase10_round, args.rounds, rng),
        run("uno (10 players)", uno_round, args.rounds, rng),
    )
    print(f"worst round check: {worst:.2f} ms (target: below {TARGET_MS:.0f} ms)")


if __name__ == "__main__":
    main()
