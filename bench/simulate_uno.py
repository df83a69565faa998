"""Benchmark: random UNO hands per second, Deckside's engine against RLCard's bare UnoGame.

Both run in this process with random agents, the same number of hands, for 2 and 4 players.
Ours goes through ``simulate(..., hands=N)`` (the simulator's ``hands`` mode, full rules: Wild
Draw Four challenge, UNO calls, first-discard effects, scoring); RLCard's ``UnoGame`` picks
uniformly among ``get_legal_actions()``. RLCard is a benchmark-only dependency
(``pip install rlcard``); without it only our figures are printed.

    .venv/bin/python bench/simulate_uno.py [--hands 2000] [--players 2 4] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.uno.engine.simulate import simulate


def ours(hands: int, players: int, seed: int) -> dict:
    """Our hands per second and turns per second."""
    summary = simulate("uno", players=players, bots=["random"], seed=seed, hands=hands)
    return {
        "hands_per_second": summary["hands_per_second"],
        "turns_per_second": summary["turns_per_second"],
        "turns_per_hand": summary["turns_per_hand_mean"],
        "seconds": summary["seconds"],
    }


def rlcard_hands_per_second(hands: int, players: int, seed: int) -> dict | None:
    """RLCard's bare UnoGame with a random choice among its legal actions; None when rlcard is missing."""
    try:
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    game = UnoGame(num_players=players)
    game.np_random.seed(seed)
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for _ in range(hands):
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            steps += 1
    seconds = time.perf_counter() - start
    return {
        "hands_per_second": round(hands / seconds, 1),
        "turns_per_hand": round(steps / hands, 3),
        "seconds": round(seconds, 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="profile our run with cProfile and print the top 25")
    args = parser.parse_args(argv)
    try:
        import rlcard  # noqa: F401

        have_rlcard = True
    except ImportError:
        have_rlcard = False
        print("rlcard is NOT installed (pip install rlcard): only Deckside's figures are shown, no comparison.")
    for players in args.players:
        if args.profile:
            profiler = cProfile.Profile()
            profiler.enable()
        mine = ours(args.hands, players, args.seed)
        if args.profile:
            profiler.disable()
            pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        theirs = rlcard_hands_per_second(args.hands, players, args.seed) if have_rlcard else None
        print(f"{players} players, {args.hands} random hands each:")
        print(
            f"  deckside (full rules) {mine['hands_per_second']:>10.1f} hands/s  "
            f"{mine['turns_per_second']:>10.1f} turns/s  ({mine['turns_per_hand']:.1f} turns/hand)"
        )
        if theirs is not None:
            ratio = mine["hands_per_second"] / theirs["hands_per_second"]
            print(
                f"  rlcard UnoGame        {theirs['hands_per_second']:>10.1f} hands/s  "
                f"{'':>10} {'':8}  ({theirs['turns_per_hand']:.1f} steps/hand)"
            )
            print(f"  ratio deckside/rlcard {ratio:>10.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
