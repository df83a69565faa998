"""Benchmark of the Phase 10 lay-down finder.

Deals 10,000 random 11-card hands from the real deck (seeded) and, for every hand and each of
the ten phases, times one ``can_make`` decision and one ``find_lay_down`` call with
``time.perf_counter_ns`` (garbage collection off while timing). Prints the mean and the 99th
percentile per decision in microseconds, overall and per phase, and how often each phase can
be made. The budget is a p99 below 100 µs per ``can_make`` decision.

Run from the repository root: ``.venv/bin/python bench/phase_finder.py [--hands N] [--seed S]
[--natural-card phase|group] [--phases classic|masters]`` (``masters``: the Phase 10 Masters list, whose
four sets of 2 and colour runs take the finder's general search).
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.phase10.engine.cards import DECK
from app.games.phase10.engine.finder import can_make, find_lay_down
from app.games.phase10.engine.phases import parse_phase_list

BUDGET_P99_US = 100.0


def percentile(sorted_values: list[int], fraction: float) -> int:
    """The value below which ``fraction`` of ``sorted_values`` lie (nearest rank)."""
    index = min(len(sorted_values) - 1, max(0, round(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


def time_calls(function, phases, hands, natural_card) -> tuple[dict[int, list[int]], dict[int, int]]:
    """Nanoseconds per call of ``function(phase, hand, natural_card)``, by phase; and the yes count by phase."""
    timings: dict[int, list[int]] = {p.key: [] for p in phases}
    yes: dict[int, int] = {p.key: 0 for p in phases}
    clock = time.perf_counter_ns
    gc.collect()
    gc.disable()
    try:
        for hand in hands:
            for phase in phases:
                start = clock()
                answer = function(phase, hand, natural_card)
                elapsed = clock() - start
                timings[phase.key].append(elapsed)
                if answer is True or getattr(answer, "valid", False):
                    yes[phase.key] += 1
    finally:
        gc.enable()
    return timings, yes


def report(title: str, timings: dict[int, list[int]], yes: dict[int, int], hands: int) -> float:
    """Print the figures for one function; return the overall p99 in microseconds."""
    everything = sorted(t for values in timings.values() for t in values)
    mean = sum(everything) / len(everything) / 1000
    p99 = percentile(everything, 0.99) / 1000
    print(
        f"\n{title}: {len(everything)} decisions, mean {mean:.1f} µs, p99 {p99:.1f} µs, "
        f"max {everything[-1] / 1000:.1f} µs"
    )
    print(f"{'phase':>6} {'mean µs':>9} {'p99 µs':>8} {'can make':>9}")
    for key, values in timings.items():
        values = sorted(values)
        print(
            f"{key:>6} {sum(values) / len(values) / 1000:>9.1f} {percentile(values, 0.99) / 1000:>8.1f} "
            f"{yes[key] / hands:>9.1%}"
        )
    return p99


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--size", type=int, default=11, help="cards per hand")
    parser.add_argument("--natural-card", choices=("phase", "group"), default="phase")
    parser.add_argument("--phases", choices=("classic", "masters"), default="classic")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    hands = [tuple(rng.sample(DECK, args.size)) for _ in range(args.hands)]
    phases = list(parse_phase_list(args.phases).phases())
    print(
        f"{args.hands} hands of {args.size} cards, seed {args.seed}, natural_card={args.natural_card}, "
        f"phases={args.phases}, "
        f"Python {sys.version.split()[0]}"
    )

    timings, yes = time_calls(can_make, phases, hands, args.natural_card)
    p99 = report("can_make", timings, yes, args.hands)
    found_timings, found_yes = time_calls(find_lay_down, phases, hands, args.natural_card)
    report("find_lay_down", found_timings, found_yes, args.hands)
    if found_yes != yes:
        print("MISMATCH: can_make and find_lay_down disagree", file=sys.stderr)
        return 2
    verdict = "within" if p99 < BUDGET_P99_US else "OVER"
    print(f"\ncan_make p99 {p99:.1f} µs: {verdict} the {BUDGET_P99_US:.0f} µs budget")
    return 0 if p99 < BUDGET_P99_US else 1


if __name__ == "__main__":
    raise SystemExit(main())
