"""UNO Flip's table rules (RULES.md): UNO's target (500) and scoring, nothing else."""

from __future__ import annotations

from app.engine.options import JOIN_SCORE, Option, rule_makers
from app.games.uno.engine.rules import OPTIONS as UNO_OPTIONS

OPTIONS: tuple[Option, ...] = tuple(option for option in UNO_OPTIONS if option.name in ("target", "scoring"))
"""UNO Flip's table rules: UNO's ``target`` and ``scoring``."""


SHEET_OPTIONS: tuple[Option, ...] = (*OPTIONS, JOIN_SCORE)
"""The score sheet's table rules: the game's, and who joins mid-game starts with what (``join_score``)."""

make_rules, make_sheet_rules, rules_from_text = rule_makers(OPTIONS, SHEET_OPTIONS)


DEFAULT_RULES = make_rules()
