"""Benchmark: digital UNO Flip games between bots (``flask simulate uno_flip``'s simulator): games, hands and turns
per second, how often the smart bot beats the random bot, and how often the table flips.

    .venv/bin/python bench/simulate_uno_flip.py [--games 200] [--players 2 4]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.uno_flip.engine.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for players in args.players:
        summary = simulate(games=args.games, players=players, bots=["smart", "random"], seed=args.seed)
        smart = summary["wins_by_bot"]["smart"]
        print(
            f"{players} players, {args.games} games: {summary['games_per_second']} games/s, "
            f"{summary['hands_per_second']} hands/s, {summary['turns_per_second']} turns/s; "
            f"smart wins {smart} ({100 * smart / args.games:.1f}%, half the seats); "
            f"{summary['flips'] / summary['hands']:.2f} flips and {summary['turns_per_hand_mean']} turns per hand, "
            f"{summary['rounds_mean']} hands per game"
        )


if __name__ == "__main__":
    main()
