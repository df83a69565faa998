"""The UNO simulator's core: bots play many seeded games (or single hands) and a summary comes back.

The summary is the object of API.md "The simulator's summary" plus UNO extras. Bots play through
:func:`~app.games.uno.engine.bots.run_bots` and :meth:`UnoGame.step`, the same rules code the web
uses, with the event log switched off. Two runs with the same arguments return the same summary
except the timing fields (``seconds`` and ``*_per_second``). :func:`play_bots` is the loop, shared by the
games built on UNO's turn core (UNO Flip's simulator).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app.engine.errors import RulesError
from app.engine.i18n import _
from app.engine.options import RuleSet

from .bots import BOTS, run_bots
from .core import Bot, UnoCore
from .game import UnoGame
from .rules import DEFAULT_RULES, make_rules

TIMING_FIELDS = ("seconds", "games_per_second", "turns_per_second", "hands_per_second")
"""The summary fields that differ between two runs with the same seed."""


def simulate(
    game: str = "uno",
    games: int = 100,
    players: int = 4,
    bots: Sequence[str] = ("random",),
    seed: int = 0,
    rules: Mapping[str, Any] | None = None,
    hands: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` whole games (or, with ``hands``, that many single hands) between bots; return the summary.

    ``bots`` names one bot per seat; a shorter list is repeated to fill the seats. ``progress``, when
    given, is called as ``progress(done, total)`` now and then. In ``hands`` mode each hand is a new
    seeded deal, the deal rotating round the table from hand to hand, and the target plays no part;
    ``games`` then equals ``hands`` and ``wins_by_*`` count hands won.
    """
    if game != "uno":
        raise RulesError(_("This simulator plays UNO; {game} is not UNO.").format(game=game))
    return play_bots(
        UnoGame, BOTS, run_bots, DEFAULT_RULES, make_rules, games, players, bots, seed, rules, hands, progress
    )


def play_bots(
    table_class: type[UnoCore],
    bots_by_name: Mapping[str, Bot],
    run: Callable[..., int],
    default_rules: RuleSet,
    rules_maker: Callable[[Mapping[str, Any]], RuleSet],
    games: int,
    players: int,
    bots: Sequence[str] | str,
    seed: int,
    rules: Mapping[str, Any] | RuleSet | None,
    hands: int | None,
    progress: Callable[[int, int], None] | None,
    counters: tuple[str, ...] = (),
) -> dict[str, Any]:
    """The simulator's loop for a game on UNO's turn core (:func:`simulate` says what it plays and answers):
    ``table_class`` the game, ``bots_by_name`` its bots, ``run`` its ``run_bots``; ``counters`` names the game's
    own counters (UNO Flip's ``flips``), summed over the games into the summary; its table rules are
    ``rules_maker(rules)`` (``default_rules`` for ``None``)."""
    minimum, maximum = table_class.MIN_PLAYERS, table_class.MAX_PLAYERS
    if isinstance(players, bool) or not isinstance(players, int) or not minimum <= players <= maximum:
        raise RulesError(_("UNO is played by {minimum} to {maximum} players.").format(minimum=minimum, maximum=maximum))
    names = [b for b in bots.split(",") if b] if isinstance(bots, str) else list(bots)
    if not names:
        raise RulesError(_("Name at least one bot."))
    for name in names:
        if name not in bots_by_name:
            raise RulesError(
                _("Unknown bot {bot}; choose one of: {bots}.").format(bot=repr(name), bots=", ".join(bots_by_name))
            )
    seat_bots = [names[i % len(names)] for i in range(players)]
    rule_set = default_rules if rules is None else (rules if isinstance(rules, RuleSet) else rules_maker(rules))
    count = hands if hands is not None else games
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise RulesError(_("The number of games or hands must be a whole number of at least 1."))
    seats = [{"name": f"P{i + 1}", "bot": b} for i, b in enumerate(seat_bots)]
    master = random.Random(seed)
    wins_by_seat = [0] * players
    turns = 0
    hands_played = 0
    rounds: list[int] = []
    points = 0
    tried = succeeded = 0
    counted = dict.fromkeys(counters, 0)
    every = max(1, count // 100)
    start = time.perf_counter()
    for i in range(count):
        if hands is not None:
            table = table_class(
                seats, rule_set, seed=master.getrandbits(64), log=False, first_dealer=players - 1 + i, max_hands=1
            )
        else:
            table = table_class(seats, rule_set, seed=master.getrandbits(64), log=False)
        if hands is not None:
            run(table)
            last = table.last_hand
            assert last is not None, "a hand was played"
            wins_by_seat[last["winner"]] += 1
            points += last["points"]
        else:
            game_points = 0
            while table.status == "playing":
                run(table, stop_after_hand=True)
                last = table.last_hand
                assert last is not None, "a hand was played"
                game_points += last["points"]
            points += game_points
            assert table.winner is not None, "a finished game between bots has a winner"
            wins_by_seat[table.winner] += 1
        hands_played += len(table.finished_rounds)
        rounds.append(len(table.finished_rounds))
        turns += table.turns
        tried += table.challenges_tried
        succeeded += table.challenges_won
        for name in counters:
            counted[name] += getattr(table, name)
        if progress is not None and ((i + 1) % every == 0 or i + 1 == count):
            progress(i + 1, count)
    seconds = time.perf_counter() - start
    wins_by_bot = {name: 0 for name in dict.fromkeys(seat_bots)}
    for s, name in enumerate(seat_bots):
        wins_by_bot[name] += wins_by_seat[s]
    rate = (lambda x: round(x / seconds, 1)) if seconds > 0 else (lambda x: 0.0)
    return {
        "game": table_class.KIND,
        "mode": "hands" if hands is not None else "games",
        "games": count,
        "players": players,
        "bots": seat_bots,
        "seed": seed,
        "rules": rule_set.to_dict(),
        "seconds": round(seconds, 3),
        "games_per_second": rate(count),
        "turns": turns,
        "turns_per_second": rate(turns),
        "rounds_mean": round(sum(rounds) / len(rounds), 3),
        "rounds_max": max(rounds),
        "wins_by_seat": wins_by_seat,
        "wins_by_bot": wins_by_bot,
        "hands": hands_played,
        "hands_per_second": rate(hands_played),
        "challenges": {"tried": tried, "succeeded": succeeded},
        **counted,
        "points_per_hand_mean": round(points / hands_played, 3),
        "turns_per_hand_mean": round(turns / hands_played, 3),
    }
