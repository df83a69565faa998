"""The UNO Flip simulator: bots play many seeded whole games and a summary comes back (API.md "The simulator's
summary", with UNO's extras and the number of flips). Bots play through :func:`~.bots.run_bots`, the rules code
the web uses, with the event log switched off."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app.engine.errors import RulesError
from app.engine.i18n import _
from app.engine.options import RuleSet

from .bots import BOTS, run_bots
from .game import FlipGame
from .rules import DEFAULT_RULES, make_rules
from .sheet import MAX_PLAYERS, MIN_PLAYERS


def simulate(
    game: str = "uno_flip",
    games: int = 100,
    players: int = 4,
    bots: Sequence[str] = ("random",),
    seed: int = 0,
    rules: Mapping[str, Any] | None = None,
    hands: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` whole games between bots (one bot name per seat, a shorter list repeated); the summary."""
    if hands is not None:
        raise RulesError(_("This simulator plays whole games of UNO Flip, not single hands."))
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RulesError(
            _("UNO is played by {minimum} to {maximum} players.").format(minimum=MIN_PLAYERS, maximum=MAX_PLAYERS)
        )
    names = [b for b in bots.split(",") if b] if isinstance(bots, str) else list(bots)
    if not names:
        raise RulesError(_("Name at least one bot."))
    for name in names:
        if name not in BOTS:
            raise RulesError(
                _("Unknown bot {bot}; choose one of: {bots}.").format(bot=repr(name), bots=", ".join(BOTS))
            )
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise RulesError(_("The number of games or hands must be a whole number of at least 1."))
    seat_bots = [names[i % len(names)] for i in range(players)]
    rule_set = DEFAULT_RULES if rules is None else (rules if isinstance(rules, RuleSet) else make_rules(rules))
    seats = [{"name": f"P{i + 1}", "bot": b} for i, b in enumerate(seat_bots)]
    master = random.Random(seed)
    wins_by_seat = [0] * players
    turns = hands_played = flips = tried = succeeded = points = 0
    rounds: list[int] = []
    every = max(1, games // 100)
    start = time.perf_counter()
    for i in range(games):
        table = FlipGame(seats, rule_set, seed=master.getrandbits(64), log=False)
        while table.status == "playing":
            run_bots(table, stop_after_hand=True)
            assert table.last_hand is not None, "a hand was played"
            points += table.last_hand["points"]
        assert table.winner is not None, "a finished game between bots has a winner"
        wins_by_seat[table.winner] += 1
        hands_played += len(table.finished_rounds)
        rounds.append(len(table.finished_rounds))
        turns += table.turns
        flips += table.flips
        tried += table.challenges_tried
        succeeded += table.challenges_won
        if progress is not None and ((i + 1) % every == 0 or i + 1 == games):
            progress(i + 1, games)
    seconds = time.perf_counter() - start
    wins_by_bot = {name: 0 for name in dict.fromkeys(seat_bots)}
    for s, name in enumerate(seat_bots):
        wins_by_bot[name] += wins_by_seat[s]
    rate = (lambda x: round(x / seconds, 1)) if seconds > 0 else (lambda x: 0.0)
    return {
        "game": "uno_flip",
        "mode": "games",
        "games": games,
        "players": players,
        "bots": seat_bots,
        "seed": seed,
        "rules": rule_set.to_dict(),
        "seconds": round(seconds, 3),
        "games_per_second": rate(games),
        "turns": turns,
        "turns_per_second": rate(turns),
        "rounds_mean": round(sum(rounds) / len(rounds), 3),
        "rounds_max": max(rounds),
        "wins_by_seat": wins_by_seat,
        "wins_by_bot": wins_by_bot,
        "hands": hands_played,
        "hands_per_second": rate(hands_played),
        "challenges": {"tried": tried, "succeeded": succeeded},
        "flips": flips,
        "points_per_hand_mean": round(points / hands_played, 3),
        "turns_per_hand_mean": round(turns / hands_played, 3),
    }
