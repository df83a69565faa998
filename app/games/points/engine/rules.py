"""The table rules of a points game: who wins, and when the game ends (a target, a number of rounds, both, neither)."""

from __future__ import annotations

from app.engine.i18n import N_
from app.engine.options import JOIN_SCORE, Option, rule_makers

HIGHEST, LOWEST = "highest", "lowest"
MAX_TARGET = 1_000_000
MAX_ROUNDS = 200

OPTIONS: tuple[Option, ...] = (
    Option(
        "wins",
        "choice",
        HIGHEST,
        N_("Who wins"),
        choices=(HIGHEST, LOWEST),
        help=N_("highest: the highest total wins (Skip-Bo, Rummy); lowest: the lowest total wins (Hearts, golf)."),
    ),
    Option(
        "target",
        "int",
        None,
        N_("Points that end the game"),
        minimum=1,
        maximum=MAX_TARGET,
        nullable=True,
        help=N_("The game ends after the round in which a total reaches this many points (empty: no target)."),
    ),
    Option(
        "rounds",
        "int",
        None,
        N_("Rounds that end the game"),
        minimum=1,
        maximum=MAX_ROUNDS,
        nullable=True,
        help=N_("The game ends after this many rounds (empty: no limit). With a target too, whichever comes first."),
    ),
    JOIN_SCORE,
)
"""A points game's table rules."""


SHEET_OPTIONS = OPTIONS
"""A points game is a score sheet only: its table rules are the sheet's (``join_score`` among them)."""

make_rules, make_sheet_rules, rules_from_text = rule_makers(OPTIONS, SHEET_OPTIONS)
