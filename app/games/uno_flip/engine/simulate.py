"""The UNO Flip simulator: bots play many seeded whole games and a summary comes back (API.md "The simulator's
summary", with UNO's extras and the number of flips): UNO's simulator loop
(:func:`~app.games.uno.engine.simulate.play_bots`) with Flip's game and bots."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app.engine.errors import RulesError
from app.engine.i18n import _
from app.games.uno.engine.simulate import play_bots

from .bots import BOTS, run_bots
from .game import FlipGame
from .rules import DEFAULT_RULES, make_rules


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
    return play_bots(
        FlipGame,
        BOTS,
        run_bots,
        DEFAULT_RULES,
        make_rules,
        games,
        players,
        bots,
        seed,
        rules,
        None,
        progress,
        ("flips",),
    )
