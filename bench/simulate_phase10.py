"""Benchmark of the digital Phase 10 game: turns per second and games per second with bots.

Plays seeded 4-player games with four ``random`` bots and with four ``smart`` bots (the same
``Game`` the web uses, log switched off as the simulator does) and prints, for each line-up,
turns/s (a turn runs from the draw to the discard), games/s and the mean seconds per game.
Budgets on one core: at least 5,000 turns/s with random bots, and a smart game in under 0.5 s on
average. ``--profile`` prints the cProfile hot spots of each line-up.

Run from the repository root: ``.venv/bin/python bench/simulate_phase10.py [--games N] [--seed S]
[--profile]``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.phase10.engine.simulate import simulate

BUDGET_RANDOM_TURNS_PER_SECOND = 5000
BUDGET_SMART_SECONDS_PER_GAME = 0.5


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    ok = True
    for bots in (["random"], ["smart"]):
        profiler = cProfile.Profile() if args.profile else None
        if profiler:
            profiler.enable()
        summary = simulate(games=args.games, players=4, bots=bots, seed=args.seed)
        if profiler:
            profiler.disable()
        per_game = summary["seconds"] / summary["games"]
        print(
            f"4 x {bots[0]:6}: {summary['games']} games, {summary['turns']} turns in {summary['seconds']:.2f} s: "
            f"{summary['turns_per_second']:,.0f} turns/s, {summary['games_per_second']:.1f} games/s, "
            f"{per_game:.3f} s/game, {summary['rounds_mean']:.1f} rounds/game"
        )
        if bots == ["random"] and summary["turns_per_second"] < BUDGET_RANDOM_TURNS_PER_SECOND:
            print(f"  over budget: fewer than {BUDGET_RANDOM_TURNS_PER_SECOND} turns/s")
            ok = False
        if bots == ["smart"] and per_game > BUDGET_SMART_SECONDS_PER_GAME:
            print(f"  over budget: more than {BUDGET_SMART_SECONDS_PER_GAME} s per game")
            ok = False
        if profiler:
            pstats.Stats(profiler).sort_stats("tottime").print_stats(12)
    print("within budget" if ok else "OVER BUDGET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
