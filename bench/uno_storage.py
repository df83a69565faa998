"""Benchmark: storing and loading a digital UNO game (``app.games.uno.engine.storage``), as every request does.

A request that reads or moves a game loads it from its JSON column and, when it changed, stores it again; this
times that round trip (``from_json`` then ``to_json``) over games stopped at various points, in wall time and
in CPU time (the CPU figure is the steadier one on a shared machine).

    .venv/bin/python bench/uno_storage.py [--games 20] [--repeat 25]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.uno.engine import storage
from app.games.uno.engine.game import UnoGame


def stored_games(count: int) -> list[dict]:
    """``count`` 4-player games, each stopped after up to 300 random actions, in their stored JSON form."""
    games = []
    for seed in range(count):
        game = UnoGame([{"name": name, "bot": "random"} for name in "ABCD"], seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if game.status != "playing":
                break
            game.apply(game.turn, rng.choice(game.legal_actions(game.turn)))
        games.append(json.loads(json.dumps(storage.to_json(game))))
    return games


def round_trip_us(games: list[dict], repeat: int, clock) -> float:
    """The best of five runs: microseconds per load-and-store of one game."""
    best = float("inf")
    for _run in range(5):
        start = clock()
        for _ in range(repeat):
            for data in games:
                storage.to_json(storage.from_json(data))
        best = min(best, (clock() - start) / (repeat * len(games)) * 1e6)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=25)
    args = parser.parse_args()
    games = stored_games(args.games)
    size = sum(len(json.dumps(g)) for g in games) / len(games)
    wall = round_trip_us(games, args.repeat, time.perf_counter)
    cpu = round_trip_us(games, args.repeat, time.process_time)
    print(f"UNO storage, {len(games)} stored games (mean {size / 1000:.1f} kB of JSON each):")
    print(f"  load + store   {wall:8.1f} µs wall   {cpu:8.1f} µs CPU   (best of 5)")


if __name__ == "__main__":
    main()
