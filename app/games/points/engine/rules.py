"""The table rules of a points game: who wins, and when the game ends (a target, a number of rounds, both, neither)."""

from __future__ import annotations

from typing import Any

from app.engine.i18n import N_
from app.engine.options import JOIN_SCORE, Option, RuleSet, parse_rules, parse_rules_text

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


def make_rules(given: Any = None) -> RuleSet:
    """Points rules from a JSON object (defaults filled in); raises :class:`~app.engine.errors.RulesError`."""
    return parse_rules(OPTIONS, given)


SHEET_OPTIONS = OPTIONS
"""A points game is a score sheet only: its table rules are the sheet's (``join_score`` among them)."""


def make_sheet_rules(given: Any = None) -> RuleSet:
    """The same as :func:`make_rules` (a points game has no digital version)."""
    return make_rules(given)


def rules_from_text(text: str) -> RuleSet:
    """Points rules from ``name=value`` text (``wins=lowest,target=100``)."""
    return parse_rules_text(OPTIONS, text)
