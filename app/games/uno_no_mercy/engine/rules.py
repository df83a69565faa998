"""UNO Show 'em No Mercy's table rules (RULES.md): the target, 1000 by default."""

from __future__ import annotations

from app.engine.i18n import N_
from app.engine.options import JOIN_SCORE, Option, rule_makers

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


SHEET_OPTIONS: tuple[Option, ...] = (*OPTIONS, JOIN_SCORE)
"""The score sheet's table rules: the game's, and who joins mid-game starts with what (``join_score``)."""

make_rules, make_sheet_rules, rules_from_text = rule_makers(OPTIONS, SHEET_OPTIONS)


DEFAULT_RULES = make_rules()
