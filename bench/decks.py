"""Benchmark of the UNO Flip hand check with every hand typed as a total (the dealcheck works hardest), per side.

Ten players (nine hands), each holding 1 to 15 faces dealt from a shuffled side of the deck (always possible:
every round must be accepted). Each round is checked by the sheet's ``check_round`` (parsing excluded), timed with
``time.perf_counter``; prints mean, p99 and max in ms per side, how many were refused (must be 0) and how many
searches ran out of budget (the round is then accepted). The target is a max below 50 ms, as for UNO.

Run from the repository root: ``.venv/bin/python bench/decks.py [--rounds N] [--seed S]``.
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
from app.games.uno_flip.engine.cards import DECKS, SIDES
from app.games.uno_flip.engine.rounds import parse_round
from app.games.uno_flip.engine.rules import make_rules
from app.games.uno_flip.engine.sheet import Sheet

out_of_budget = 0
_real = dealcheck.deal_exists


def _counting(*args, **kwargs):
    global out_of_budget
    answer = _real(*args, **kwargs)
    if answer is None:
        out_of_budget += 1
    return answer


dealcheck.deal_exists = _counting


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    players = [f"P{i}" for i in range(10)]
    for side in SIDES:
        global out_of_budget
        out_of_budget = 0
        times, refused = [], 0
        for _ in range(args.rounds):
            deck = list(DECKS[side])
            rng.shuffle(deck)
            results = []
            for player in players[1:]:
                hand = [deck.pop() for _ in range(rng.randint(1, 15))]
                results.append({"player": player, "points": sum(card.points for card in hand)})
            sheet = Sheet(make_rules({"target": 10000}), players)
            entry = parse_round({"went_out": players[0], "side": side, "results": results}, sheet.rules)
            start = time.perf_counter()
            try:
                sheet.check_round(entry)
            except RoundError:
                refused += 1
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        print(
            f"UNO Flip, {side} side, 9 typed hands: mean {statistics.mean(times):.2f} ms, "
            f"p99 {times[int(len(times) * 0.99) - 1]:.2f} ms, max {times[-1]:.2f} ms; refused {refused}; "
            f"out of budget {out_of_budget}"
        )


if __name__ == "__main__":
    main()
