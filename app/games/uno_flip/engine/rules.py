"""UNO Flip's table rules (RULES.md): UNO's target (500) and scoring, nothing else."""

from __future__ import annotations

from typing import Any

from app.engine.options import JOIN_SCORE, Option, RuleSet, parse_rules, parse_rules_text
from app.games.uno.engine.rules import OPTIONS as UNO_OPTIONS

OPTIONS: tuple[Option, ...] = tuple(option for option in UNO_OPTIONS if option.name in ("target", "scoring"))
"""UNO Flip's table rules: UNO's ``target`` and ``scoring``."""


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
