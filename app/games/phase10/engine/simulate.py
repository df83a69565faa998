"""The Phase 10 simulator: many seeded bot games, summed up as API.md "The simulator's summary" fixes it.

``simulate(games=200, players=4, bots=["smart", "random"], seed=1)`` plays the games with the
same :class:`~.game.Game` the web uses (only its log is switched off) and returns a JSON-ready
dict. Two runs with the same arguments return the same dict except the timing fields
(``seconds``, ``games_per_second``, ``turns_per_second``).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app.engine.errors import RulesError
from app.engine.i18n import _
from app.engine.options import RuleSet

from .bots import BOTS, run_bots
from .cards import Card
from .finder import can_make
from .game import Game
from .phases import PHASES, make_rules
from .sheet import MAX_PLAYERS, MIN_PLAYERS

MAX_ROUNDS = 400
"""A bot game still going after this many rounds is abandoned (counted in ``unfinished``)."""

ODDS_PHASES = tuple(range(1, 11))
"""The phases whose dealt odds the summary reports."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of a run seeded with ``seed``."""
    return seed * 1_000_003 + index


def fill_bots(bots: Sequence[str], players: int) -> list[str]:
    """One bot name per seat: a shorter list is repeated; raises :class:`RulesError` for an unknown bot."""
    if not bots:
        raise RulesError(_("Name at least one bot."))
    for name in bots:
        if name not in BOTS:
            raise RulesError(
                _("There is no bot called {bot}: choose one of {bots}.").format(bot=name, bots=", ".join(BOTS))
            )
    return [bots[i % len(bots)] for i in range(players)]


def simulate(
    games: int = 100,
    players: int = 4,
    bots: Sequence[str] = ("random",),
    seed: int = 0,
    rules: RuleSet | Mapping[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
    max_rounds: int = MAX_ROUNDS,
) -> dict[str, Any]:
    """Play ``games`` bot games of ``players`` seats and return the summary (API.md "The simulator's summary").

    ``bots`` names one bot per seat (repeated to fill the seats); game ``i`` is seeded with
    :func:`game_seed`. ``progress(done, total)`` is called after each game. Extras beyond the
    contract: ``rules``, ``rounds_min``, ``rounds_spread`` (games by number of rounds),
    ``wins_by_rule``, ``tiebreakers``, ``redeals``, ``unfinished``, ``hands_dealt``.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise RulesError(_("The number of games must be a whole number of at least 1."))
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RulesError(
            _("Phase 10 takes {minimum} to {maximum} players, not {count}.").format(
                minimum=MIN_PLAYERS, maximum=MAX_PLAYERS, count=players
            )
        )
    rules = rules if isinstance(rules, RuleSet) else make_rules(rules)
    seat_bots = fill_bots(list(bots), players)
    seats = [{"name": _("Seat {number}").format(number=i + 1), "bot": b} for i, b in enumerate(seat_bots)]
    phases = [PHASES[p] for p in ODDS_PHASES]
    natural = rules.natural_card
    makeable = [0] * len(phases)
    hands = 0

    def on_deal(dealt: list[list[Card]]) -> None:
        nonlocal hands
        hands += len(dealt)
        for hand in dealt:
            for i, phase in enumerate(phases):
                if can_make(phase, hand, natural):
                    makeable[i] += 1

    wins_by_seat = [0] * players
    wins_by_bot = Counter({b: 0 for b in seat_bots})
    wins_by_rule: Counter[str] = Counter()
    rounds_spread: Counter[int] = Counter()
    turns = tiebreakers = redeals = unfinished = 0
    started = time.perf_counter()
    for index in range(games):
        game = Game(seats, rules, seed=game_seed(seed, index), record_log=False, on_deal=on_deal)
        run_bots(game, max_rounds=max_rounds)
        turns += game.turns
        redeals += game.redeals
        rounds = len(game.finished_rounds) + (1 if game.tiebreaker else 0)
        rounds_spread[rounds] += 1
        if game.tiebreaker:
            tiebreakers += 1
        outcome = game.outcome()
        if outcome is None:
            unfinished += 1
        else:
            seat = game.names.index(outcome.winner)
            wins_by_seat[seat] += 1
            wins_by_bot[seat_bots[seat]] += 1
            wins_by_rule[outcome.rule] += 1
        if progress is not None:
            progress(index + 1, games)
    seconds = time.perf_counter() - started
    total_rounds = sum(r * n for r, n in rounds_spread.items())
    return {
        "game": "phase10",
        "games": games,
        "players": players,
        "bots": seat_bots,
        "seed": seed,
        "rules": rules.to_dict(),
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "turns": turns,
        "turns_per_second": round(turns / seconds, 1) if seconds else None,
        "rounds_mean": round(total_rounds / games, 3),
        "rounds_max": max(rounds_spread),
        "rounds_min": min(rounds_spread),
        "rounds_spread": {str(r): rounds_spread[r] for r in sorted(rounds_spread)},
        "wins_by_seat": wins_by_seat,
        "wins_by_bot": dict(wins_by_bot),
        "wins_by_rule": dict(sorted(wins_by_rule.items())),
        "tiebreakers": tiebreakers,
        "redeals": redeals,
        "unfinished": unfinished,
        "hands_dealt": hands,
        "dealt_phase_odds": {str(p.key): round(makeable[i] / hands, 4) if hands else 0.0 for i, p in enumerate(phases)},
    }
