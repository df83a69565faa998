"""UNO Show 'em No Mercy's table rules (RULES.md): the target, 1000 by default."""

from __future__ import annotations

from typing import Any

from app.engine.i18n import N_
from app.engine.options import JOIN_SCORE, Option, RuleSet, parse_rules, parse_rules_text

OPTIONS: tuple[Option, ...] = (
    Option(
        "target",
        "int",
        1000,
        N_("Target score"),
        minimum=1,
        maximum=10000,
        help=N_("The game ends when a player reaches this many points."),
    ),
)


def make_rules(given: Any = None) -> RuleSet:
    return parse_rules(OPTIONS, given)


SHEET_OPTIONS: tuple[Option, ...] = (*OPTIONS, JOIN_SCORE)
"""The score sheet's table rules: the game's, and who joins mid-game starts with what (``join_score``)."""


def make_sheet_rules(given: Any = None) -> RuleSet:
    """A score sheet's table rules from a JSON object (the game's rules and ``join_score``), defaults filled in."""
    return parse_rules(SHEET_OPTIONS, given)


def rules_from_text(text: str) -> RuleSet:
    return parse_rules_text(OPTIONS, text)


DEFAULT_RULES = make_rules()
